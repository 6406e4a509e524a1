"""How the browser tests look at the page: as a player would, through roles and names.

Nothing here reads private JS state: the board is read from the accessible
grid (B7) and announcements from the ``role=status`` live region.
Screenshots go to the git-ignored ``test-output/``.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-output"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
#: The tests' browser only: Chromium compiles the Pyodide wasm with its baseline compiler
#: and never tiers it up. Every fresh context otherwise spent ~1.6 CPU s re-optimising
#: Pyodide in the background (boot CPU after ready 1.9 -> 0.3 s); test_controls and
#: test_computer went from 189.8 to 137.6 CPU s, a clean-clone run from 8:10 to 7:15.
#: The benches keep CHROMIUM_ARGS: they measure the page a player gets.
TEST_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]
PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 800}
#: The screens B8 names, and more: three phones upright, a phone on its side, two desktops.
SIZES = {
    "360x640": {"width": 360, "height": 640},
    "390x844": {"width": 390, "height": 844},
    "412x915": {"width": 412, "height": 915},
    "640x360": {"width": 640, "height": 360},
    "1280x800": {"width": 1280, "height": 800},
    "1920x1080": {"width": 1920, "height": 1080},
}
#: The toolbar under the board, by accessible name.
TOOLBAR = ("Undo", "Redo", "New game", "Hint", "Menu")
#: A local game that ends early, 46 squares empty, in an 18-0 wipe-out, with an
#: automatic pass after move 13 (R4, R5; checked in test_foundation.py).
WIPE_OUT = "e6f6g6e3e2f2c3d2e1c2g1b4b2a5"
READY = '#board[role=grid][aria-busy="false"]'  # the board, in any language


#: How often a test's wait looks again, in ms. Playwright's ``wait_for_function`` looks on
#: every animation frame unless told otherwise, which keeps the page drawing 60 frames a
#: second while the test waits: CPU that the engine the test waits for needs (measured:
#: a page's CPU over a 4 s wait, 1.0 s on every frame, 0.14 s every 100 ms).
POLL_MS = 50


def wait_until(pg, expression: str, arg=None, timeout: float | None = None):
    """Waits until the JavaScript function ``expression`` (of ``arg``) returns something
    truthy in the page ``pg``, looking every :data:`POLL_MS` ms; returns its handle."""
    return pg.wait_for_function(expression, arg=arg, timeout=timeout, polling=POLL_MS)


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
    pg.get_by_role("gridcell", name=re.compile(f"^{square}[^0-9]")).first.click()
    wait_until(pg,
        "([sel, before]) => document.querySelector(sel) && document.querySelector('#status').textContent !== before",
        arg=[READY, before], timeout=10_000)


def play(pg, transcript: str) -> None:
    """Taps the placements of ``transcript`` one by one (each waits for the page, see tap)."""
    for k in range(0, len(transcript), 2):
        tap(pg, transcript[k:k + 2])


def tool(pg, name: str):
    """Returns the toolbar's button called ``name`` (the result card and the menu have
    buttons of the same names)."""
    return pg.get_by_role("navigation", name="Game controls").get_by_role("button", name=name, exact=True)


def in_viewport(pg, locator) -> bool:
    """Checks if the element is wholly inside the viewport as the page is scrolled now."""
    b = locator.bounding_box()
    vp = pg.viewport_size
    return (b is not None and b["x"] >= -0.5 and b["y"] >= -0.5
            and b["x"] + b["width"] <= vp["width"] + 0.5 and b["y"] + b["height"] <= vp["height"] + 0.5)


def intersects(a: dict, b: dict) -> bool:
    """Checks if two bounding boxes overlap by more than a hairline."""
    return (a["x"] + a["width"] > b["x"] + 0.5 and b["x"] + b["width"] > a["x"] + 0.5
            and a["y"] + a["height"] > b["y"] + 0.5 and b["y"] + b["height"] > a["y"] + 0.5)


def caught_up(pg) -> None:
    """Waits until the engine has answered everything the page asked before: turns the
    legal dots off and on again with the L key and waits for each reply. The worker
    serves requests one at a time, in order (web/engine/engine.js), so a late reply to an
    earlier request (a cancelled search, a tick) has landed by then. The focus must
    not be in a form field (where L types)."""
    dots = pg.locator("#legal-dots")
    first = dots.get_attribute("aria-pressed")
    for want in ("false" if first == "true" else "true", first):
        pg.keyboard.press("l")
        wait_until(pg, "(want) => document.getElementById('legal-dots').getAttribute('aria-pressed') === want",
                             arg=want, timeout=30_000)


def settle(pg) -> None:
    """Waits for the finite CSS animations (the celebration's pop, the menu rising) to
    end and two frames to paint: boxes and colours are then what a player sees. (Not on
    a page whose clock the test has paused: its frames wait for the test.)"""
    pg.evaluate("""async () => {
        const finite = document.getAnimations().filter((a) => a.effect.getComputedTiming().endTime !== Infinity);
        await Promise.all(finite.map((a) => a.finished.catch(() => null)));
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }""")


def open_menu(pg) -> None:
    """Opens the menu sheet (the Menu button) and waits until it shows."""
    if not pg.locator("#menu").evaluate("d => d.open"):
        pg.get_by_role("button", name="Menu").click()
    pg.wait_for_selector("#menu[open]")


def close_menu(pg) -> None:
    """Closes the menu sheet with its close button if it is open and waits until it is
    gone. (Escape, the backdrop and Back are test_menu_sheet.py's business.)"""
    if pg.locator("#menu").evaluate("d => d.open"):
        pg.get_by_role("button", name="Close the menu").click()
    pg.wait_for_selector("#menu:not([open])", state="attached")


def menu_button(pg, name: str) -> None:
    """Opens the menu and presses its button ``name``; the menu stays open only for
    the buttons that do not close it (toggles), and is closed after them. The name is
    matched as a part of the accessible name: the toggles' names start with a mark
    drawn by CSS ("● Legal moves", see test_menu_sheet.py)."""
    open_menu(pg)
    pg.locator("#menu").get_by_role("button", name=name).click()
    close_menu(pg)


def choose(pg, label: str, option: str) -> None:
    """Picks ``option`` in the menu's setting ``label`` (a group of choices or a list)
    and waits for the reply (none when it was already chosen); the menu is closed again."""
    open_menu(pg)
    before = status(pg)
    menu = pg.locator("#menu")
    group = menu.get_by_role("group", name=label)
    if group.count():
        choice = group.get_by_label(option, exact=True)
        if choice.is_checked():  # already chosen: nothing changes, nothing to wait for
            close_menu(pg)
            return
        choice.check()
    else:
        menu.get_by_label(label).select_option(label=option)
    wait_until(pg, "(before) => document.querySelector('#status').textContent !== before",
                         arg=before, timeout=10_000)
    close_menu(pg)


def start_local_game(pg) -> None:
    """Switches to a two-player game on this screen (C1)."""
    choose(pg, "Opponent", "Two players")
    # The game line, not the live region: a repeated announcement waits for a frame,
    # which a test's paused clock never gives.
    wait_until(pg, "() => document.getElementById('game-line').textContent.startsWith('Two players')")


def wait_for_human_turn(pg, timeout: float = 30_000) -> None:
    """Waits until the computer has finished and the board accepts input again."""
    pg.wait_for_selector(READY, timeout=timeout)
    wait_until(pg,
        "() => !document.querySelector('#turn').classList.contains('thinking')", timeout=timeout)


def check_card(pg, title: str, score: str) -> dict:
    """Checks the result card of a game that just ended (B9) as a player meets it and
    returns its words ({title, score, detail}): a region named by its title (win, loss or
    draw), with the score; below the board on an upright screen, beside it in the
    landscape layouts, never over it; it has the keyboard focus; the live region announced
    the end and the score (B7)."""
    card = pg.get_by_role("region", name=title)
    card.wait_for(state="visible")
    words = {part: pg.locator(f"#result-{part}").inner_text() for part in ("title", "score", "detail")}
    assert words["title"] == title and words["score"] == score, words
    assert pg.evaluate("document.activeElement.id") == "result"
    assert "Game over" in status(pg) and score in status(pg), status(pg)
    settle(pg)
    box, board = card.bounding_box(), pg.locator("#board-wrap").bounding_box()
    assert not intersects(box, board), (box, board)
    vp = pg.viewport_size
    if vp["width"] < vp["height"]:
        assert box["y"] >= board["y"] + board["height"] - 0.5, (box, board)
    else:
        assert box["x"] >= board["x"] + board["width"] - 0.5, (box, board)
    for name in ("New game", "Review", "Analyse", "Copy transcript"):
        assert card.get_by_role("button", name=name, exact=True).is_enabled(), name
    return words


def history_rows(pg) -> list[list[str]]:
    """Returns the rows of the menu's results table as lists of cell texts (the menu is
    opened to read them, then closed)."""
    open_menu(pg)
    pg.wait_for_selector("#history-reading", state="hidden")  # read just after start-up
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
