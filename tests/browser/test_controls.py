"""Issue 5 in a real browser: the player-facing controls, driven by keys, clicks and taps.

SPEC B1 (legal dots), B3 (keyboard play and shortcuts), B5 (full screen), B6
(sound off at first, reduced motion, celebrations below the board), B8 (phone
and desktop layouts), S1 (the Opening star).  The board is read from the
accessible grid and the ``role=status`` live region, the pixels from the canvas.
"""

from __future__ import annotations

import pytest

from tests.browser.pages import (
    READY, board_text, choose, legal_squares, open_game, screenshot, start_local_game, status, tap,
    wait_for_human_turn)

FILES = "abcdefgh"
# A local game that ends early in an 18-0 wipe-out (see test_foundation.py).
WIPE_OUT = "e6f6g6e3e2f2c3d2e1c2g1b4b2a5"


# -- helpers: the keyboard, the canvas and boxes ---------------------------------

def focused_square(pg) -> str | None:
    """Returns the square named by the focused grid cell, or None when no cell has the focus."""
    label = pg.evaluate("""() => {
        const el = document.activeElement;
        return el && el.getAttribute('role') === 'gridcell' ? el.getAttribute('aria-label') : null;
    }""")
    return label.split(",")[0] if label else None


def tab_into_board(pg, backwards: bool = False) -> None:
    """Presses Tab (or Shift+Tab) until a grid cell has the focus, as a keyboard player would."""
    for _ in range(30):
        if focused_square(pg):
            return
        pg.keyboard.press("Shift+Tab" if backwards else "Tab")
    raise AssertionError("Tab never reached the board")


def roving_tab_stops(pg) -> list[str]:
    """Returns the squares whose grid cell is in the Tab order (tabindex 0)."""
    return pg.get_by_role("gridcell").evaluate_all(
        "cells => cells.filter(c => c.tabIndex === 0).map(c => c.getAttribute('aria-label').split(',')[0])")


def arrows_to(pg, target: str) -> None:
    """Moves the board focus to ``target`` with arrow keys computed from the focused square."""
    start = focused_square(pg)
    dx = FILES.index(target[0]) - FILES.index(start[0])
    dy = int(target[1]) - int(start[1])
    for _ in range(abs(dx)):
        pg.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
    for _ in range(abs(dy)):
        pg.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
    assert focused_square(pg) == target


def press_and_wait(pg, key: str) -> str:
    """Presses a key and waits for the live region to say something new; returns it."""
    before = status(pg)
    pg.keyboard.press(key)
    pg.wait_for_function(
        "([sel, before]) => document.querySelector(sel) && document.querySelector('#status').textContent !== before",
        arg=[READY, before], timeout=10_000)
    return status(pg)


def pressed(pg, name: str) -> str:
    """Returns the aria-pressed of the toggle button called ``name``."""
    return pg.get_by_role("button", name=name).get_attribute("aria-pressed")


def wait_pressed(pg, element_id: str, value: str) -> None:
    """Waits until the toggle button with id ``element_id`` has aria-pressed ``value``."""
    pg.wait_for_function(
        "([id, v]) => document.getElementById(id).getAttribute('aria-pressed') === v", arg=[element_id, value])


def box(pg, selector: str) -> dict:
    """Returns the bounding box of the element matching ``selector``."""
    return pg.locator(selector).bounding_box()


def intersects(a: dict, b: dict) -> bool:
    """Checks if two bounding boxes overlap by more than a hairline."""
    return (a["x"] + a["width"] > b["x"] + 0.5 and b["x"] + b["width"] > a["x"] + 0.5
            and a["y"] + a["height"] > b["y"] + 0.5 and b["y"] + b["height"] > a["y"] + 0.5)


def canvas_point(pg, square: str, dx: float = 0.0) -> dict:
    """Returns the canvas pixel (backing-store coordinates) at a square's centre, shifted
    right by ``dx`` disc radii (a disc's radius is 0.4 of a square, see board-view.js)."""
    return pg.evaluate("""([square, dx]) => {
        const canvas = document.getElementById('board-canvas');
        const cell = document.querySelector(`[role=gridcell][aria-label^="${square},"]`);
        const c = canvas.getBoundingClientRect(), r = cell.getBoundingClientRect();
        const scale = canvas.width / c.width;
        const x = r.left + r.width / 2 + dx * 0.4 * r.width - c.left, y = r.top + r.height / 2 - c.top;
        return {x: Math.round(x * scale), y: Math.round(y * scale)};
    }""", [square, dx])


SAMPLER = """(points) => new Promise((resolve) => {
    // Every frame, reads the colour at each point; stops 800 ms after the first change
    // (the flip animation lasts about 350 ms), or after 8 s if nothing changes.
    // Resolves to {colours, gap}: gap is the longest wait between two frames from the
    // last unchanged frame to 400 ms after the change (a busy machine can starve frames).
    const ctx = document.getElementById('board-canvas').getContext('2d');
    const read = () => points.map((p) => Array.from(ctx.getImageData(p.x, p.y, 1, 1).data.slice(0, 3)));
    const out = points.map(() => []);
    const first = read();
    const began = performance.now();
    let changedAt = null, previous = began, gap = 0;
    const step = (now) => {
        const colours = read();
        colours.forEach((c, k) => out[k].push(c));
        if (changedAt === null && colours.some((c, k) => c.join() !== first[k].join())) changedAt = now;
        if (changedAt !== null && now - changedAt < 400) gap = Math.max(gap, now - previous);
        previous = now;
        const done = changedAt !== null ? now - changedAt > 800 : now - began > 8000;
        if (done) resolve({colours: out, gap}); else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
})"""


def sample_frames(pg, square: str, points: list[dict]) -> dict:
    """Clicks ``square`` while recording the canvas colour at ``points`` on every animation frame;
    returns ``{"colours": one list of RGB per point, "gap": longest frame gap in ms}``."""
    pg.evaluate(f"(points) => {{ window.__samples = ({SAMPLER})(points); }}", points)
    pg.get_by_role("gridcell", name=square + ",").first.click()
    return pg.evaluate("window.__samples")


def kind(rgb: list[int]) -> str:
    """Names a canvas colour: a black disc, a white disc, the green board, or something between."""
    r, g, b = rgb
    if max(rgb) < 90:
        return "black"
    if min(rgb) > 180:
        return "white"
    if g > r + 30 and g > b + 20:
        return "board"
    return "other"


# -- B3: keyboard --------------------------------------------------------------

def test_b3_full_local_game_by_keyboard_alone(page):
    start_local_game(page)
    tab_into_board(page, backwards=True)  # from the Opponent select back to the board
    assert len(roving_tab_stops(page)) == 1
    moves = 0
    while "Game over" not in status(page):
        legal = legal_squares(page)
        assert legal, status(page)
        target = legal[moves % len(legal)]  # vary the choice a little
        arrows_to(page, target)
        said = press_and_wait(page, "Enter" if moves % 2 == 0 else " ")
        assert f"plays {target}" in said, said
        assert roving_tab_stops(page) == [target]  # one Tab stop, where the player is
        moves += 1
        assert moves <= 60
    final = status(page)
    black = int(page.locator("#count-black").inner_text())
    white = int(page.locator("#count-white").inner_text())
    assert f"{black}–{white}" in final
    assert ("Black wins" in final) == (black > white) and ("White wins" in final) == (white > black)
    assert ("Draw" in final) == (black == white)
    assert legal_squares(page) == []
    print(f"keyboard game: {moves} placements, {final}")


def test_b3_arrows_stop_at_edges_home_end_and_focus_ring(page):
    page.keyboard.press("Tab")  # the board is the first thing in the Tab order
    assert focused_square(page) == "d3"
    ring = page.evaluate("""() => {
        const s = getComputedStyle(document.activeElement);
        return {shadow: s.boxShadow, outline: s.outlineStyle, visible: document.activeElement.matches(':focus-visible')};
    }""")
    assert ring["visible"] and (ring["shadow"] != "none" or ring["outline"] != "none"), ring
    page.keyboard.press("Home")
    assert focused_square(page) == "a3"
    page.keyboard.press("ArrowLeft")
    assert focused_square(page) == "a3"  # no wrap to h2
    page.keyboard.press("End")
    assert focused_square(page) == "h3"
    page.keyboard.press("ArrowRight")
    assert focused_square(page) == "h3"  # no wrap to a4
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    assert focused_square(page) == "h1"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert focused_square(page) == "h1"
    for _ in range(9):
        page.keyboard.press("ArrowDown")
    assert focused_square(page) == "h8"
    page.keyboard.press("Home")
    assert focused_square(page) == "a8"
    assert roving_tab_stops(page) == ["a8"]
    # The focus leaves and comes back to the same square.
    page.keyboard.press("Tab")
    assert focused_square(page) is None
    page.keyboard.press("Shift+Tab")
    assert focused_square(page) == "a8"
    # Enter on an illegal square does no harm (B2).
    before = board_text(page)
    said = press_and_wait(page, "Enter")
    assert "not a legal move" in said and board_text(page) == before


def test_b3_shortcuts_undo_redo_pause_legal(page):
    start_local_game(page)
    opening = board_text(page)
    tap(page, "d3")
    after_d3 = board_text(page)
    page.evaluate("document.activeElement.blur()")  # keys now go to the page, not a cell
    press_and_wait(page, "u")
    assert board_text(page) == opening
    press_and_wait(page, "r")
    assert board_text(page) == after_d3
    press_and_wait(page, "U")  # Shift too
    assert board_text(page) == opening
    press_and_wait(page, "R")
    assert board_text(page) == after_d3
    press_and_wait(page, "p")
    page.wait_for_function("() => document.querySelector('#turn').textContent === 'Paused'")
    assert page.get_by_role("button", name="Resume").is_visible()
    press_and_wait(page, "p")
    page.wait_for_function("() => document.querySelector('#turn').textContent === 'White to move'")
    assert page.get_by_role("button", name="Pause").is_visible()
    assert pressed(page, "Legal moves") == "true"
    page.keyboard.press("l")
    wait_pressed(page, "legal-dots", "false")
    assert legal_squares(page) == []
    page.keyboard.press("l")
    wait_pressed(page, "legal-dots", "true")
    assert legal_squares(page)
    assert board_text(page) == after_d3


def test_b3_shortcuts_do_not_fire_in_form_controls(page):
    tap(page, "d3")  # against the computer: Undo is available once it has replied
    wait_for_human_turn(page)
    board = board_text(page)
    level = page.get_by_label("Level")
    level.focus()
    for key in ("l", "u", "p", "r"):
        page.keyboard.press(key)
    page.wait_for_timeout(800)  # time for a wrongly fired shortcut to land
    assert pressed(page, "Legal moves") == "true"
    assert board_text(page) == board
    assert page.get_by_role("button", name="Pause").is_visible()
    assert level.input_value() == "normal"
    # Typing a transcript fires nothing either.
    page.get_by_text("Transcripts").click()
    box_in = page.get_by_label("Open a game")
    box_in.click()
    page.keyboard.type("plur")
    page.wait_for_timeout(800)
    assert box_in.input_value() == "plur"
    assert pressed(page, "Legal moves") == "true"
    assert board_text(page) == board
    assert page.get_by_role("button", name="Pause").is_visible()
    # The same key elsewhere on the page does toggle the dots.
    page.get_by_role("button", name="Sound").focus()
    page.keyboard.press("l")
    wait_pressed(page, "legal-dots", "false")


# -- B5: full screen --------------------------------------------------------------

def in_viewport(pg, locator) -> bool:
    b = locator.bounding_box()
    vp = pg.viewport_size
    return (b is not None and b["x"] >= 0 and b["y"] >= 0
            and b["x"] + b["width"] <= vp["width"] + 0.5 and b["y"] + b["height"] <= vp["height"] + 0.5)


def enter_full_screen(pg) -> None:
    pg.get_by_role("button", name="Full screen").click()
    pg.wait_for_function("() => document.body.classList.contains('fullscreen')")
    assert pg.get_by_role("button", name="Back").is_visible()
    assert pg.get_by_role("button", name="Full screen").is_hidden()


def wait_left_full_screen(pg) -> None:
    pg.wait_for_function("() => !document.body.classList.contains('fullscreen')")
    assert pg.get_by_role("button", name="Back").is_hidden()
    assert pg.get_by_role("button", name="Full screen").is_visible()


def test_b5_full_screen_shows_board_and_tools_at_phone_size(page):
    tap(page, "d3")
    wait_for_human_turn(page)
    enter_full_screen(page)
    page.evaluate("window.scrollTo(0, 0)")
    cells = page.get_by_role("gridcell").all()
    assert len(cells) == 64
    outside = [c.get_attribute("aria-label").split(",")[0] for c in cells if not in_viewport(page, c)]
    assert outside == []
    for name in ("Undo", "New game"):
        assert in_viewport(page, page.get_by_role("button", name=name, exact=True)), name
    screenshot(page, "controls-fullscreen-phone")


def test_b5_full_screen_every_tool_in_view_at_phone_size(page):
    enter_full_screen(page)
    page.evaluate("window.scrollTo(0, 0)")
    names = page.locator("#app button:visible").all_inner_texts()
    out_of_view = {name: page.get_by_role("button", name=name, exact=True).bounding_box()
                   for name in names if not in_viewport(page, page.get_by_role("button", name=name, exact=True))}
    print("below the fold:", out_of_view)
    assert out_of_view == {}


def test_b5_full_screen_leaves_by_escape_browser_back_and_back_button(page):
    enter_full_screen(page)
    page.keyboard.press("Escape")
    wait_left_full_screen(page)
    enter_full_screen(page)
    page.go_back()
    wait_left_full_screen(page)
    enter_full_screen(page)
    page.get_by_role("button", name="Back").click()
    wait_left_full_screen(page)
    # The focus returns to the button that opened it, and the game is still there.
    assert page.evaluate("document.activeElement.id") == "fullscreen"
    assert sorted(legal_squares(page)) == ["c4", "d3", "e6", "f5"]


# -- B6: sound, motion, celebration -------------------------------------------------

def test_b6_sound_is_off_at_first_and_the_toggle_persists(page):
    sound = page.get_by_role("button", name="Sound")
    assert sound.get_attribute("aria-pressed") == "false"
    sound.click()
    wait_pressed(page, "sound", "true")
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert page.get_by_role("button", name="Sound").get_attribute("aria-pressed") == "true"
    page.get_by_role("button", name="Sound").click()
    wait_pressed(page, "sound", "false")
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert page.get_by_role("button", name="Sound").get_attribute("aria-pressed") == "false"


def flip_samples(pg) -> tuple[list[str], list[str], list[str], list[str], float]:
    """Plays d3 in a local game and returns the colour names seen frame by frame at the
    centre of d4 (flipped), near d4's left and right edges, and at the edge of d3 (placed),
    then the longest frame gap (ms) while it changed.  Starts from a fresh local game."""
    if pg.get_by_role("gridcell", name="d3, empty").count():
        start_local_game(pg)
    else:
        pg.get_by_role("button", name="New game").click()
        pg.wait_for_function("() => document.querySelector('#status').textContent.includes('New game')")
    points = [canvas_point(pg, "d4"), canvas_point(pg, "d4", -0.75), canvas_point(pg, "d4", 0.75),
              canvas_point(pg, "d3", 0.8)]
    samples = sample_frames(pg, "d3", points)
    assert "Black plays d3" in status(pg)
    return (*([kind(rgb) for rgb in series] for series in samples["colours"]), samples["gap"])


def collapse(series: list[str]) -> list[str]:
    """Returns the series with repeats removed: ["white", "white", "black"] -> ["white", "black"]."""
    return [k for i, k in enumerate(series) if i == 0 or series[i - 1] != k]


@pytest.fixture
def reduced_page(browser, base_url):
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, device_scale_factor=2,
                              reduced_motion="reduce")
    pg = ctx.new_page()
    open_game(pg, base_url)
    yield pg
    ctx.close()


def test_b6_reduced_motion_flips_at_once(reduced_page):
    centre, left, right, placed, _ = flip_samples(reduced_page)
    assert collapse(centre) == ["white", "black"], centre
    assert collapse(left) == ["white", "black"], left  # never narrowed to show the board
    assert collapse(right) == ["white", "black"], right
    assert collapse(placed) == ["board", "black"], placed  # appears at full size
    # No moving celebration either.
    celebration = reduced_page.locator("#celebration")
    assert celebration.is_visible()
    assert celebration.evaluate("el => getComputedStyle(el).animationName") == "none"


def test_b6_flips_animate_without_reduced_motion(page):
    # A flip lasts 260 ms. If the machine starves the frame loop (a gap of 100 ms or more),
    # too few frames fall inside it to see the disc narrow, so that try does not count.
    for _ in range(4):
        centre, left, right, placed, gap = flip_samples(page)
        if gap < 100:
            break
    else:
        pytest.skip(f"the browser drew too few frames to sample a flip (last gap {gap:.0f} ms)")
    assert collapse(centre)[0] == "white" and collapse(centre)[-1] == "black"
    # While it turns over the disc narrows: its edges show the board for a few frames.
    assert "board" in collapse(left) and "board" in collapse(right), (left, right, gap)
    assert collapse(left)[-1] == "black" and collapse(right)[-1] == "black"
    assert collapse(placed)[-1] == "black"


@pytest.mark.parametrize("viewport", [(360, 640), (1280, 800), (640, 360)], ids=["phone", "desktop", "landscape"])
def test_s1_b6_star_celebration_below_the_board(browser, base_url, viewport):
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = ctx.new_page()
    open_game(page, base_url)
    start_local_game(page)
    page.evaluate("window.scrollTo(0, 0)")
    tap(page, "d3")
    assert "Star earned: Opening" in status(page)
    celebration = page.locator("#celebration")
    celebration.wait_for(state="visible")
    assert "Opening" in celebration.inner_text()
    page.wait_for_timeout(700)  # its pop animation has settled
    cb, board = celebration.bounding_box(), box(page, "#board-wrap")
    assert not intersects(cb, board)
    assert cb["y"] + cb["height"] <= viewport[1]  # in view without scrolling
    if viewport[1] >= 640:  # on a short landscape screen there is no room under the board: beside it
        assert cb["y"] >= board["y"] + board["height"] - 0.5
        assert cb["x"] < board["x"] + board["width"] and board["x"] < cb["x"] + cb["width"]
    screenshot(page, f"celebration-{viewport[0]}x{viewport[1]}")
    # The board stays playable under it.
    tap(page, legal_squares(page)[0])
    assert "White plays" in status(page)
    assert "Opening (earned)" in page.locator("#star-list").inner_text()
    ctx.close()


def test_b1_flip_preview_outlines_the_discs_that_would_flip(page):
    start_local_game(page)
    # d3 flips d4: sample the ring drawn just outside d4's disc, all round.
    ring = page.evaluate("""() => {
        const canvas = document.getElementById('board-canvas');
        const cell = document.querySelector('[role=gridcell][aria-label^="d4,"]');
        const c = canvas.getBoundingClientRect(), r = cell.getBoundingClientRect();
        const scale = canvas.width / c.width, radius = 0.4 * r.width + 2;
        const cx = r.left + r.width / 2 - c.left, cy = r.top + r.height / 2 - c.top;
        const points = [];
        for (let k = 0; k < 48; k++) {
            const a = (k / 48) * Math.PI * 2;
            points.push({x: Math.round((cx + radius * Math.cos(a)) * scale), y: Math.round((cy + radius * Math.sin(a)) * scale)});
        }
        return points;
    }""")

    def amber_points() -> int:
        return page.evaluate("""(points) => {
            const ctx = document.getElementById('board-canvas').getContext('2d');
            return points.filter((p) => {
                const [r, g, b] = ctx.getImageData(p.x, p.y, 1, 1).data;
                return r > 200 && g > 150 && b < 110;
            }).length;
        }""", ring)

    assert amber_points() == 0
    page.get_by_role("gridcell", name="d3,").hover()
    page.wait_for_function("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
    assert amber_points() >= 8
    page.get_by_role("gridcell", name="a1,").hover()  # not legal: no preview
    page.wait_for_function("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
    assert amber_points() == 0


# -- B8: layouts at four sizes, light and dark ---------------------------------------

SIZES = {
    "phone-360x640": {"width": 360, "height": 640},
    "phone-390x844": {"width": 390, "height": 844},
    "landscape-640x360": {"width": 640, "height": 360},
    "desktop-1280x800": {"width": 1280, "height": 800},
}


def layout_problems(pg) -> list[str]:
    """Returns what is wrong with the layout at the current size (B8), in words."""
    return pg.evaluate("""() => {
        const problems = [];
        const vw = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth > window.innerWidth)
            problems.push(`horizontal scroll: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
        for (const cell of document.querySelectorAll('[role=gridcell]')) {
            const r = cell.getBoundingClientRect();
            if (r.width < 40 || r.height < 40) {
                problems.push(`${cell.dataset.square} is ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
                break;
            }
        }
        const board = document.getElementById('board-wrap').getBoundingClientRect();
        const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
        for (const el of document.querySelectorAll('button, select, summary, .scores, .status, .hint, .celebration, .alert, .top, .setup, .panel')) {
            if (!visible(el)) continue;
            const r = el.getBoundingClientRect();
            const name = el.id || el.textContent.trim().slice(0, 20) || el.className;
            if (el.matches('button, select, summary') && r.height < 40) problems.push(`${name} is ${r.height.toFixed(1)} px tall`);
            const scrolled = el.closest('.table-wrap');  // a table that scrolls sideways in its own box
            if (!scrolled && (r.right > vw + 0.5 || r.left < -0.5)) problems.push(`${name} sticks out sideways`);
            const overlap = r.right > board.left + 0.5 && board.right > r.left + 0.5 && r.bottom > board.top + 0.5 && board.bottom > r.top + 0.5;
            if (overlap) problems.push(`${name} overlaps the board`);
        }
        return problems;
    }""")


def check_sizes(pg, state: str) -> list[str]:
    """Screenshots the page at every size in light and dark; returns the layout problems."""
    problems = []
    pg.wait_for_timeout(700)  # the last flip and the celebration's pop are over: a still picture
    for size_name, size in SIZES.items():
        pg.set_viewport_size(size)
        for scheme in ("light", "dark"):
            pg.emulate_media(color_scheme=scheme)
            pg.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
            problems += [f"{state} {size_name} {scheme}: {p}" for p in layout_problems(pg)]
            screenshot(pg, f"screen-{state}-{size_name}-{scheme}")
    pg.set_viewport_size(SIZES["phone-360x640"])
    pg.emulate_media(color_scheme="light")
    return problems


def test_b8_screens_at_four_sizes_light_and_dark(page):
    problems = check_sizes(page, "loaded")
    tap(page, "d3")
    wait_for_human_turn(page)
    tap(page, legal_squares(page)[0])
    wait_for_human_turn(page)
    problems += check_sizes(page, "midgame")
    choose(page, "Opponent", "Two players")  # applies from the next new game
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("() => document.querySelector('#status').textContent.includes('two players')")
    for k in range(0, len(WIPE_OUT), 2):
        tap(page, WIPE_OUT[k:k + 2])
    assert "Game over" in status(page)
    page.evaluate("window.scrollTo(0, 0)")
    problems += check_sizes(page, "gameover")
    assert problems == []
