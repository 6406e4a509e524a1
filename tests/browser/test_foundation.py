"""In a real browser: a whole local game by taps, legal dots, offline, one origin.

R1-R6 (through the page), C1 local mode, B1, B2, B7, B8, O1-O3.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from reversi.engine.board import Board
from reversi.engine.notation import parse_square
from tests.browser.pages import (
    DESKTOP,
    PHONE,
    READY,
    TOOLBAR,
    WIPE_OUT,
    board_text,
    cell_names,
    close_menu,
    in_viewport,
    intersects,
    legal_squares,
    open_game,
    open_menu,
    play,
    screenshot,
    settle,
    start_local_game,
    status,
    tap,
    tool,
    wait_until,
)

# A local game with an automatic pass that ends early, 46 squares empty, in an
# 18-0 wipe-out (R4, R5): found by random play, checked by the engine below.
PASS_AND_EARLY_END = WIPE_OUT


def test_transcript_is_what_the_test_claims():
    board = Board.replay(PASS_AND_EARLY_END)
    assert board.is_game_over() and board.counts() == (18, 0)
    assert any(step.caused_pass for step in board.steps)


def test_b7_grid_names_squares_and_contents(page):
    names = cell_names(page)
    assert len(names) == 64
    assert names[0].startswith("a1, empty") and names[63].startswith("h8, empty")
    assert names[19] == "d3, empty, legal move"
    assert names[28] == "e4, black" and names[27] == "d4, white"
    assert sorted(legal_squares(page)) == ["c4", "d3", "e6", "f5"]
    for name in TOOLBAR:
        assert tool(page, name).is_visible(), name
    open_menu(page)  # the legal dots' button lives in the menu now
    assert page.get_by_role("dialog", name="Menu").get_by_role("button", name="Legal moves").is_visible()


def test_c1_full_local_game_by_taps_with_pass_and_early_end(page):
    start_local_game(page)
    expected = Board()
    said = []
    for index in range(0, len(PASS_AND_EARLY_END), 2):
        square = PASS_AND_EARLY_END[index:index + 2]
        tap(page, square)
        expected.play(parse_square(square))
        said.append(status(page))
        assert board_text(page) == expected.cells()
    assert any("White has no legal move and passes" in line for line in said), said
    final = status(page)
    assert "Game over" in final and "Black wins 18–0" in final
    assert legal_squares(page) == []
    assert page.locator("#count-black").inner_text() == "18"
    assert page.locator("#count-white").inner_text() == "0"
    screenshot(page, "foundation-game-over-phone")


def test_b1_legal_dots_toggle_by_button_and_key(page):
    open_menu(page)
    button = page.get_by_role("dialog", name="Menu").get_by_role("button", name="Legal moves")
    assert button.get_attribute("aria-pressed") == "true"
    button.click()  # a toggle: the menu stays open
    wait_until(page, "() => document.querySelector('#legal-dots').getAttribute('aria-pressed') === 'false'")
    assert legal_squares(page) == []
    close_menu(page)
    page.keyboard.press("l")
    wait_until(page, "() => document.querySelector('#legal-dots').getAttribute('aria-pressed') === 'true'")
    assert sorted(legal_squares(page)) == ["c4", "d3", "e6", "f5"]
    page.keyboard.press("L")
    wait_until(page, "() => document.querySelector('#legal-dots').getAttribute('aria-pressed') === 'false'")
    assert legal_squares(page) == []


def test_b2_illegal_taps_change_nothing(page):
    start_local_game(page)
    before = board_text(page)
    for square in ("a1", "d4", "e4", "c3", "h8"):
        tap(page, square)
        assert "not a legal move" in status(page)
        assert board_text(page) == before
    assert sorted(legal_squares(page)) == ["c4", "d3", "e6", "f5"]
    assert "Black to move" in status(page)
    tap(page, "d3")
    tap(page, "d3")  # now occupied
    assert "d3 is not a legal move" in status(page)


def test_new_game_returns_to_the_opening(page):
    opening = board_text(page)
    tap(page, "d3")
    assert board_text(page) != opening
    tool(page, "New game").click()
    wait_until(page, "() => document.querySelector('#status').textContent.includes('New game')")
    assert board_text(page) == opening


def test_o3_board_painted_before_engine_is_ready(context, base_url):
    pg = context.new_page()
    pg.goto(base_url, wait_until="domcontentloaded")
    assert pg.get_by_role("grid", name="Board").get_attribute("aria-busy") == "true"
    assert board_text(pg) == Board().cells()
    assert pg.locator("#loading").is_visible()
    pg.wait_for_selector(READY, timeout=60_000)
    assert pg.locator("#loading").is_hidden()


def test_b8_phone_and_desktop_layout(browser, base_url):
    for size, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        for dpr in (2, 3):
            ctx = browser.new_context(viewport=size, device_scale_factor=dpr)
            pg = ctx.new_page()
            open_game(pg, base_url)
            assert pg.evaluate("document.documentElement.scrollWidth") <= size["width"]
            box = pg.get_by_role("gridcell", name="d3,").bounding_box()
            assert box["width"] >= 40 and box["height"] >= 40
            for button in TOOLBAR:
                b = tool(pg, button).bounding_box()
                assert b["height"] >= 40 and b["x"] >= 0 and b["x"] + b["width"] <= size["width"], button
            canvas = pg.locator("#board-canvas")
            css = canvas.bounding_box()["width"]
            assert abs(canvas.evaluate("c => c.width") - round(css * dpr)) <= 1  # crisp backing store
            if dpr == 2:
                screenshot(pg, f"foundation-{name}")
            ctx.close()


#: Whether the element of a selector is wholly in the side column's view: not scrolled out
#: of it, and not under its pinned toolbar.
SHOWN_IN_DOCK = """(selector) => {
    const el = document.querySelector(selector), dock = el.closest('.dock');
    const box = el.getBoundingClientRect(), view = dock.getBoundingClientRect();
    const bar = dock.querySelector('.toolbar').getBoundingClientRect();
    return box.height > 0 && box.top >= view.top - 0.5 && box.bottom <= bar.top + 0.5;
}"""


def test_b8_desktop_board_in_view_with_review_and_analysis_open(browser, base_url):
    """B8 on a desktop (the layout: the board is the hero, the rest beside it):
    with the side column at its longest (a game reviewed, its analysis running), nothing
    covers the board; the review tools, the game's mistakes and the analysis graph are in the
    side column's view, above its pinned toolbar (N6); and the whole board is still in view
    without scrolling. (The old page scrolled a side column past a sticky board.)"""
    ctx = browser.new_context(viewport=DESKTOP)
    pg = ctx.new_page()
    try:
        open_game(pg, base_url)
        start_local_game(pg)
        play(pg, PASS_AND_EARLY_END)
        pg.get_by_role("button", name="Review", exact=True).click()  # the result card's
        pg.wait_for_selector("#review-bar:not([hidden])")
        pg.get_by_role("button", name="Analyse").click()
        pg.wait_for_selector("#analysis:not([hidden])")
        # N6: the mistakes and the graph open in view, above the pinned toolbar
        wait_until(pg, f"() => [{SHOWN_IN_DOCK}].every((shown) => shown('#review-mistakes') && shown('#analysis-graph'))")
        settle(pg)
        pg.evaluate("window.scrollTo(0, 0)")
        screenshot(pg, "foundation-desktop-review-analysis")
        wrap = pg.locator("#board-wrap").bounding_box()
        for part in ("#review-bar", "#analysis", ".toolbar", ".scores", ".top"):
            assert not intersects(pg.locator(part).bounding_box(), wrap), part
        for part in ("#review-back", "#review-forward", "#close-review", "#review-mistakes", "#analysis-graph"):
            assert pg.evaluate(f"({SHOWN_IN_DOCK})('{part}')"), part
        board = pg.get_by_role("grid", name="Board")
        assert in_viewport(pg, board), board.bounding_box()
        assert pg.evaluate("document.documentElement.scrollHeight") <= DESKTOP["height"]
    finally:
        ctx.close()


def test_o1_o2_offline_after_first_visit_and_single_origin(browser, base_url):
    ctx = browser.new_context(viewport=PHONE)
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(base_url))
    foreign = []
    ctx.on("request", lambda request: None if request.url.startswith((origin, "data:", "blob:"))
           else foreign.append(request.url))
    pg = ctx.new_page()
    open_game(pg, base_url)
    pg.evaluate("navigator.serviceWorker.ready.then(() => true)")
    pg.reload()  # now controlled by the service worker
    pg.wait_for_selector(READY, timeout=60_000)
    assert pg.evaluate("navigator.serviceWorker.controller !== null")
    assert pg.evaluate("crossOriginIsolated")
    ctx.set_offline(True)
    pg.reload()
    pg.wait_for_selector(READY, timeout=60_000)
    start_local_game(pg)
    tap(pg, "f5")
    assert "Black plays f5" in status(pg)
    assert foreign == []
    ctx.close()
