"""item 1: one-screen play on a phone, and the board as the hero elsewhere.

On an upright phone (360x640, 390x844, 412x915, emulated as a touch phone) with no
scrolling: the scores and whose turn it is are shown once; the whole board is in
view, as wide as the screen allows; every toolbar button (Undo, Redo, New game,
Hint, Menu) is in view with a plain accessible name and a target of at least
44x44 px; and a move is played by a tap with nothing scrolled. On a phone on its
side (640x360) and on desktops (1280x800, 1920x1080) the board and the toolbar
are in view; on a desktop the board takes at least 70 % of the height.

B7, B8, B2.  Each size prints a line of the table of what is in the viewport
during play; the table is also written to test-output/viewport-table-play.txt.
"""

from __future__ import annotations

import pytest

from tests.browser.pages import (
    SHOTS,
    SIZES,
    TOOLBAR,
    board_text,
    in_viewport,
    open_game,
    screenshot,
    settle,
    status,
    wait_for_human_turn,
    wait_until,
)

PHONES = ("360x640", "390x844", "412x915")
#: What the table reports, by name: a locator maker for each.
CONTROLS = {
    "scores": lambda pg: pg.get_by_role("region", name="Score"),
    "turn": lambda pg: pg.locator("#turn"),
    "board": lambda pg: pg.get_by_role("grid", name="Board"),
    **{name: (lambda n: lambda pg: pg.get_by_role("navigation", name="Game controls")
              .get_by_role("button", name=n, exact=True))(name) for name in TOOLBAR},
    "Pause": lambda pg: pg.get_by_role("button", name="Pause", exact=True),
    "message": lambda pg: pg.locator("#message"),
}

#: Counts the elements a player sees (bigger than the 1 px of a visually hidden one)
#: whose own text contains ``text``.
SEEN_TIMES = """(text) => {
    const walker = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
    const seen = new Set();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent.includes(text)) continue;
        const el = node.parentElement, r = el.getBoundingClientRect();
        if (r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden') seen.add(el);
    }
    return seen.size;
}"""


@pytest.fixture(scope="module")
def table():
    """Collects one line per size and prints and writes the table at the end of the module."""
    lines: dict[str, str] = {}
    yield lines
    head = f"{'size':<10} " + " ".join(f"{name:<9}" for name in CONTROLS) + " scroll"
    text = "\n".join([head] + [lines[size] for size in SIZES if size in lines])
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / "viewport-table-play.txt").write_text(text + "\n")
    print("\nIn the viewport during play (after one move), no scrolling:\n" + text)


def row(pg, size: str) -> str:
    """Returns the table line for the page as it is: in or OUT for each control."""
    cells = [f"{'in' if in_viewport(pg, make(pg)) else 'OUT':<9}" for make in CONTROLS.values()]
    scroll = pg.evaluate("document.documentElement.scrollHeight - innerHeight")
    return f"{size:<10} " + " ".join(cells) + f" {'none' if scroll <= 0 else f'{scroll} px'}"


def no_scroll(pg) -> None:
    """Checks the page needs no scrolling either way and is not scrolled."""
    got = pg.evaluate("""() => ({h: document.documentElement.scrollHeight, w: document.documentElement.scrollWidth,
                                 vh: innerHeight, vw: innerWidth, y: scrollY})""")
    assert got["h"] <= got["vh"] and got["w"] <= got["vw"] and got["y"] == 0, got


def scores_and_turn_once(pg, turn: str) -> None:
    """Checks the scores and the turn are shown once, in view: one Score region with the
    two counts, and the turn's words seen once (the live region is not seen)."""
    assert pg.get_by_role("region", name="Score").count() == 1
    for count in ("#count-black", "#count-white"):
        assert in_viewport(pg, pg.locator(count)), count
    assert pg.locator("#turn").inner_text() == turn
    assert pg.evaluate(SEEN_TIMES, turn) == 1, f"{turn!r} is seen more than once"


def whole_board_in_view(pg) -> None:
    outside = [c.get_attribute("aria-label") for c in pg.get_by_role("gridcell").all() if not in_viewport(pg, c)]
    assert outside == []


def toolbar_in_view(pg, min_target: float = 44) -> None:
    """Checks the toolbar holds exactly the five buttons, plainly named, in view, each at
    least ``min_target`` px both ways."""
    bar = pg.get_by_role("navigation", name="Game controls")
    names = bar.get_by_role("button").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label') || e.textContent.trim())")
    assert tuple(names) == TOOLBAR, names
    for name in TOOLBAR:
        button = bar.get_by_role("button", name=name, exact=True)
        assert button.count() == 1, name
        assert in_viewport(pg, button), (name, button.bounding_box())
        box = button.bounding_box()
        assert box["width"] >= min_target and box["height"] >= min_target, (name, box)


def touch_play(pg, square: str) -> None:
    """Taps ``square`` with a touch (no scrolling needed first) and waits for the page to take it."""
    cell = pg.get_by_role("gridcell", name=square + ",").first
    assert in_viewport(pg, cell), "the square is not in view: playing it needs a scroll"
    before = status(pg)
    cell.tap()
    wait_until(pg, "(before) => document.querySelector('#status').textContent !== before", arg=before)


@pytest.mark.parametrize("size", PHONES)
def test_one_screen_play_on_a_phone(browser, base_url, table, size):
    viewport = SIZES[size]
    ctx = browser.new_context(viewport=viewport, device_scale_factor=3 if size == "412x915" else 2,
                              is_mobile=True, has_touch=True)
    try:
        pg = ctx.new_page()
        open_game(pg, base_url)
        no_scroll(pg)
        scores_and_turn_once(pg, "Your move")
        whole_board_in_view(pg)
        board = pg.locator("#board-wrap").bounding_box()
        # As large as the width allows: the page keeps 6 px each side (web/style.css --board).
        assert board["width"] >= viewport["width"] - 12 - 1, board
        assert board["x"] >= 0 and board["x"] + board["width"] <= viewport["width"]
        toolbar_in_view(pg)
        # A move by a tap, nothing scrolled; the computer answers.
        touch_play(pg, "d3")
        assert "Black plays d3" in status(pg) or board_text(pg)[19] == "X"
        wait_for_human_turn(pg)
        assert board_text(pg)[19] == "X"
        settle(pg)
        no_scroll(pg)
        scores_and_turn_once(pg, "Your move")
        whole_board_in_view(pg)
        toolbar_in_view(pg)
        table[size] = row(pg, size)
        screenshot(pg, f"one-screen-{size}-played")
    finally:
        ctx.close()


def view_problems(pg, stage: str) -> list[str]:
    """Returns, in words, what of the board and the toolbar is out of view or scrolls."""
    problems = [f"{stage}: {c.get_attribute('aria-label')} out of view"
                for c in pg.get_by_role("gridcell").all() if not in_viewport(pg, c)][:3]
    bar = pg.get_by_role("navigation", name="Game controls")
    for name in TOOLBAR:
        button = bar.get_by_role("button", name=name, exact=True)
        box = button.bounding_box()
        if not in_viewport(pg, button):
            problems.append(f"{stage}: {name} out of view {box}")
        if box["width"] < 44 or box["height"] < 44:
            problems.append(f"{stage}: {name} is {box['width']:.0f}x{box['height']:.0f}")
    got = pg.evaluate("[document.documentElement.scrollHeight, innerHeight, document.documentElement.scrollWidth, innerWidth]")
    if got[0] > got[1] or got[2] > got[3]:
        problems.append(f"{stage}: the page scrolls: {got[2]}x{got[0]} in a {got[3]}x{got[1]} viewport")
    return problems


@pytest.mark.parametrize("size", [
    "640x360",
    "1280x800",
    "1920x1080",
])
def test_board_and_toolbar_in_view_on_landscape_and_desktop(browser, base_url, table, size):
    """The board (all 64 squares) and the toolbar are in view with no scrolling, at load
    and after a move; on a desktop the board is at least 70 % of the viewport's height."""
    viewport = SIZES[size]
    ctx = browser.new_context(viewport=viewport)
    try:
        pg = ctx.new_page()
        open_game(pg, base_url)
        problems = view_problems(pg, "at load")
        cell = pg.get_by_role("gridcell", name="d3,").first
        assert in_viewport(pg, cell)
        before = status(pg)
        cell.click()
        wait_until(pg, "(before) => document.querySelector('#status').textContent !== before", arg=before)
        wait_for_human_turn(pg)
        settle(pg)
        pg.evaluate("window.scrollTo(0, 0)")
        table[size] = row(pg, size)
        screenshot(pg, f"one-screen-{size}-played")
        problems += view_problems(pg, "after a move")
        if viewport["width"] >= 1000:
            board = pg.locator("#board-wrap").bounding_box()
            if board["height"] < 0.7 * viewport["height"]:
                problems.append(f"the board is {board['height']:.0f} px of {viewport['height']}")
        assert problems == [], "\n".join(problems)
    finally:
        ctx.close()
