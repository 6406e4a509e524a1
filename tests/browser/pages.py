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
    return pg.locator("#status").inner_text()


def tap(pg, square: str) -> None:
    """Taps a square and waits until the page has taken the move in."""
    before = status(pg)
    pg.get_by_role("gridcell", name=square + ",").first.click()
    pg.wait_for_function(
        "([sel, before]) => document.querySelector(sel) && document.querySelector('#status').textContent !== before",
        arg=[READY, before], timeout=10_000)


def open_menu(pg) -> None:
    """Opens the menu sheet (the Menu button) and waits until it shows."""
    if not pg.locator("#menu").evaluate("d => d.open"):
        pg.get_by_role("button", name="Menu").click()
    pg.wait_for_selector("#menu[open]")


def close_menu(pg) -> None:
    """Closes the menu sheet (Escape) if it is open and waits until it is gone."""
    if pg.locator("#menu").evaluate("d => d.open"):
        pg.keyboard.press("Escape")
    pg.wait_for_selector("#menu:not([open])", state="attached")


def menu_button(pg, name: str) -> None:
    """Opens the menu and presses its button ``name``; the menu stays open only for
    the buttons that do not close it (toggles), and is closed after them."""
    open_menu(pg)
    pg.locator("#menu").get_by_role("button", name=name, exact=True).click()
    close_menu(pg)


def choose(pg, label: str, option: str) -> None:
    """Picks ``option`` in the menu's setting ``label`` (a group of choices or a list)
    and waits for the reply; the menu is closed again."""
    open_menu(pg)
    before = status(pg)
    menu = pg.locator("#menu")
    group = menu.get_by_role("group", name=label)
    if group.count():
        group.get_by_label(option, exact=True).check()
    else:
        menu.get_by_label(label).select_option(label=option)
    pg.wait_for_function("(before) => document.querySelector('#status').textContent !== before",
                         arg=before, timeout=10_000)
    close_menu(pg)


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
    """Returns the rows of the menu's results table as lists of cell texts (the menu is
    opened to read them, then closed)."""
    open_menu(pg)
    rows = pg.locator("#history-table tbody tr")
    texts = [row.locator("td").all_inner_texts() for row in rows.all()]
    close_menu(pg)
    return texts


def star_count(pg) -> str:
    """Returns the star shelf's count, e.g. "1 of 8"."""
    return pg.locator("#star-count").text_content() or ""


def hide_page(pg) -> None:
    """Emulates the tab being hidden (the visibilitychange a real tab switch fires)."""
    pg.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {value: true, configurable: true});
        Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
