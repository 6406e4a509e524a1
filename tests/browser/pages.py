"""How the browser tests look at the page: as a player would, through roles and names.

Nothing here reads private JS state: the board is read from the accessible
grid (SPEC B7) and announcements from the ``role=status`` live region.
Screenshots go to the git-ignored ``test-output/``.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-output"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 800}
READY = '[role=grid][aria-label=Board][aria-busy="false"]'


def open_game(pg, url: str) -> None:
    """Loads the page and waits until the board accepts input (aria-busy false)."""
    pg.goto(url)
    pg.wait_for_selector(READY, timeout=60_000)


def screenshot(pg, name: str) -> Path:
    """Saves a full-page screenshot under test-output/ and returns its path."""
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    pg.screenshot(path=str(path), full_page=True)
    return path


def cell_names(pg) -> list[str]:
    """Returns the accessible names of the 64 grid cells, a1 first, row by row."""
    return pg.get_by_role("gridcell").evaluate_all("cells => cells.map(c => c.getAttribute('aria-label'))")


def board_text(pg) -> str:
    """Returns the board as 64 characters a1..h8 read from the grid: X, O or -."""
    marks = {"black": "X", "white": "O", "empty": "-"}
    return "".join(marks[name.split(", ")[1]] for name in cell_names(pg))


def legal_squares(pg) -> list[str]:
    """Returns the squares whose names say "legal move"."""
    return [name.split(",")[0] for name in cell_names(pg) if "legal move" in name]


def status(pg) -> str:
    """Returns the text of the game's live region (the first status on the page)."""
    return pg.get_by_role("status").first.inner_text()


def tap(pg, square: str) -> None:
    """Taps a square and waits until the page has taken the move in."""
    before = status(pg)
    pg.get_by_role("gridcell", name=square + ",").first.click()
    pg.wait_for_function(
        "([sel, before]) => document.querySelector(sel) && document.querySelector('[role=status]').textContent !== before",
        arg=[READY, before], timeout=10_000)


def choose(pg, label: str, option: str) -> None:
    """Picks ``option`` in the settings select named ``label`` and waits for the reply."""
    before = status(pg)
    pg.get_by_label(label).select_option(label=option)
    pg.wait_for_function("(before) => document.querySelector('[role=status]').textContent !== before",
                         arg=before, timeout=10_000)


def start_local_game(pg) -> None:
    """Switches to a two-player game on this screen (SPEC C1)."""
    choose(pg, "Opponent", "Two players")
    assert "two players" in status(pg)


def wait_for_human_turn(pg, timeout: float = 30_000) -> None:
    """Waits until the computer has finished and the board accepts input again."""
    pg.wait_for_selector(READY, timeout=timeout)
    pg.wait_for_function(
        "() => !document.querySelector('#turn').classList.contains('thinking')", timeout=timeout)


def history_rows(pg) -> list[list[str]]:
    """Opens the results history and returns its rows as lists of cell texts."""
    summary = pg.get_by_text("Results history")
    if pg.locator("#history").get_attribute("open") is None:
        summary.click()
    rows = pg.locator("#history-table tbody tr")
    return [row.locator("td").all_inner_texts() for row in rows.all()]


def hide_page(pg) -> None:
    """Emulates the tab being hidden (the visibilitychange a real tab switch fires)."""
    pg.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {value: true, configurable: true});
        Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
