"""In a real browser: review a finished game step by step, analyse it while
the page stays responsive, export and import transcripts, and the move clock.

(Named test_review_page.py: tests/test_review.py exists, and pytest's default
import mode cannot collect two test modules with the same basename when the
test folders are not packages.)

A3, B3, B7, R6, P5, P6.  A finished game is reviewed from its
result card (B9) or the menu, and the transcripts are in the menu.
"""

from __future__ import annotations

import time

from reversi.engine.board import Board
from tests.browser.pages import (
    board_text,
    caught_up,
    cell_names,
    choose,
    close_menu,
    open_game,
    open_menu,
    start_local_game,
    status,
    tap,
    wait_for_human_turn,
    wait_until,
)

#: A local game of 14 placements: White passes after move 13 (b2) and Black's a5
#: ends it early, 18-0.
SHORT = "e6f6g6e3e2f2c3d2e1c2g1b4b2a5"
PASS_AT = 13


def cells_after(transcript: str, placements: int) -> str:
    """Returns the board (X, O, -) after the first ``placements`` of ``transcript``."""
    return Board.replay(transcript[:2 * placements]).cells()


def play_short_game(page) -> str:
    """Plays SHORT as a two-player game by tapping; returns the final board read from the grid."""
    start_local_game(page)
    for i in range(0, len(SHORT), 2):
        tap(page, SHORT[i:i + 2])
    assert "Black wins 18–0" in status(page)
    final = board_text(page)
    assert final == cells_after(SHORT, 14)
    return final


def open_review(page) -> None:
    """Opens the review of the game that just ended from its result card."""
    page.get_by_role("button", name="Review", exact=True).click()
    page.wait_for_selector("#review-bar:not([hidden])")


def open_transcripts(page):
    """Opens the menu's Transcripts section; returns the menu."""
    open_menu(page)
    menu = page.get_by_role("dialog", name="Menu")
    if not menu.locator("#transcripts").evaluate("d => d.open"):
        menu.get_by_text("Transcripts").click()
    return menu


def wait_board(page, cells: str, timeout: float = 5_000) -> None:
    """Waits until the grid's names show ``cells``."""
    wait_until(page,
        """(cells) => [...document.querySelectorAll('[role=gridcell]')].map(c => {
               const what = c.getAttribute('aria-label').split(', ')[1];
               return what === 'black' ? 'X' : what === 'white' ? 'O' : '-';
           }).join('') === cells""", arg=cells, timeout=timeout)


def review_title(page) -> str:
    return page.locator("#review-title").inner_text()


def test_review_a_finished_game_to_its_start_and_back(page):
    final = play_short_game(page)
    open_review(page)
    assert review_title(page) == "This game · Diagonal Opening: move 14 of 14"
    assert board_text(page) == final
    page.keyboard.press("Home")
    wait_board(page, cells_after(SHORT, 0))
    assert review_title(page) == "This game · Diagonal Opening: start"
    assert page.get_by_role("button", name="Back one").is_disabled()
    assert "Opening position" in status(page)
    for n in range(1, 6):
        page.keyboard.press("ArrowRight")
        wait_board(page, cells_after(SHORT, n))
        assert review_title(page) == f"This game · Diagonal Opening: move {n} of 14"
    assert f"Move 5: Black plays {SHORT[8:10]}" in status(page)
    page.keyboard.press("End")
    wait_board(page, final)
    assert page.get_by_role("button", name="Forward one").is_disabled()
    page.keyboard.press("ArrowLeft")
    wait_board(page, cells_after(SHORT, PASS_AT))
    assert "White has no legal move and passes." in status(page)  # B7: the pass where it happened
    page.get_by_role("button", name="Back one").click()
    wait_board(page, cells_after(SHORT, PASS_AT - 1))
    page.get_by_role("button", name="Start", exact=True).click()
    wait_board(page, cells_after(SHORT, 0))
    page.get_by_role("button", name="End", exact=True).click()
    wait_board(page, final)
    page.keyboard.press("Home")
    wait_board(page, cells_after(SHORT, 0))
    # Back to the game: the live final board, exactly, whichever frame was showing.
    page.get_by_role("button", name="Back to the game").click()
    page.wait_for_selector("#review-bar", state="hidden")
    wait_board(page, final)
    assert cell_names(page)[32] == "a5, black, last move"
    assert page.locator("#turn").inner_text() == "Game over"
    assert "Back to the game" in status(page)
    assert page.locator("#transcript-out").input_value() == SHORT


def _analysis_running(page) -> bool:
    return page.evaluate("""() => !document.querySelector('#analysis').hidden
        && !document.querySelector('#analysis-progress-row').hidden""")


#: Clicks "Back one" and returns ms until the grid's names changed, and until the next frame.
MEASURE_TAP = """async () => {
    const grid = document.getElementById('board');
    const names = () => [...grid.querySelectorAll('[role=gridcell]')].map(c => c.getAttribute('aria-label')).join('|');
    const before = names();
    return await new Promise((resolve) => {
        const t0 = performance.now();
        const done = (changed) => requestAnimationFrame(() => resolve({changed, painted: performance.now() - t0}));
        const observer = new MutationObserver(() => {
            if (names() !== before) { observer.disconnect(); done(performance.now() - t0); }
        });
        observer.observe(grid, {subtree: true, attributes: true, childList: true});
        document.getElementById('review-back').click();
        setTimeout(() => { observer.disconnect(); resolve({changed: null, painted: null}); }, 2000);
    });
}"""


def test_analysis_graph_text_responsiveness_and_cancel(page):
    final = play_short_game(page)
    open_review(page)
    started = time.perf_counter()
    page.get_by_role("button", name="Analyse").click()
    wait_until(page, "() => !document.querySelector('#analysis').hidden")
    wait_until(page, "() => document.querySelector('#analysis-progress').value > 0", timeout=60_000)
    assert _analysis_running(page), "the analysis finished before the responsiveness could be measured"
    # The page stays responsive: a review step lands at once while the worker analyses.
    timings = []
    for expected in (PASS_AT, PASS_AT - 1, PASS_AT - 2):
        timing = page.evaluate(MEASURE_TAP)
        still_running = _analysis_running(page)
        assert timing["changed"] is not None, "Back one did not change the grid"
        wait_board(page, cells_after(SHORT, expected))
        timings.append((timing, still_running))
    measured = [t["changed"] for t, running in timings if running]
    assert measured, "analysis ended before any measurement"
    painted = [t["painted"] for t, running in timings if running]
    print("review step during analysis: grid changed in "
          + ", ".join(f"{ms:.1f}" for ms in measured) + " ms, next frame after "
          + ", ".join(f"{ms:.1f}" for ms in painted) + " ms")
    assert max(measured) < 100
    # Python-side round trip of a click (Playwright's actionability checks included).
    t0 = time.perf_counter()
    page.get_by_role("button", name="Forward one").click()
    wait_board(page, cells_after(SHORT, PASS_AT - 1))
    click_ms = (time.perf_counter() - t0) * 1000
    print(f"Forward one via Playwright during analysis: {click_ms:.0f} ms (running: {_analysis_running(page)})")

    page.wait_for_selector("#analysis-progress-row", state="hidden", timeout=120_000)
    duration = time.perf_counter() - started
    print(f"analysis of the 14-move game (15 positions) took {duration:.1f} s in the browser")
    graph = page.get_by_role("img", name="Graph of the expected final disc difference")
    assert graph.is_visible()
    label = graph.get_attribute("aria-label")
    assert "Start: expected" in label and "End: +18 for Black." in label
    inked = page.evaluate("""() => {
        const c = document.getElementById('analysis-graph');
        const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let inked = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]) inked++;
        return {inked, width: c.width, height: c.height};
    }""")
    assert inked["width"] > 0 and inked["height"] > 0 and inked["inked"] > 100
    page.get_by_text("Analysis as text").click()
    items = page.locator("#analysis-text li").all_inner_texts()
    assert items[0].startswith("Start: expected") and items[-1] == "End: +18 for Black."
    assert " ".join(items) in label  # the list says what the graph's name says

    # Cancel: a second analysis stops at once and nothing lands afterwards.
    page.get_by_role("button", name="Analyse").click()
    wait_until(page, "() => !document.querySelector('#analysis-progress-row').hidden")
    page.get_by_role("button", name="Cancel analysis").click()
    page.wait_for_selector("#analysis", state="hidden", timeout=10_000)
    caught_up(page)  # a late analysis step would have landed by now
    assert page.locator("#analysis").is_hidden()
    page.get_by_role("button", name="Back to the game").click()
    wait_board(page, final)


def test_export_a_transcript_and_import_it_in_a_fresh_page(page, browser, base_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    final = play_short_game(page)
    menu = open_transcripts(page)
    exported = menu.get_by_role("textbox", name="This game").input_value()
    assert exported == SHORT
    close_menu(page)
    open_review(page)
    page.get_by_role("button", name="Copy transcript").click()
    wait_until(page, "async (want) => (await navigator.clipboard.readText()) === want", arg=SHORT)

    other = browser.new_context(viewport={"width": 360, "height": 640})
    try:
        fresh = other.new_page()
        open_game(fresh, base_url)
        assert board_text(fresh) == cells_after("", 0)
        menu = open_transcripts(fresh)
        menu.get_by_label("Open a game").fill(exported.upper())
        menu.get_by_role("button", name="Open in review").click()  # the menu closes
        fresh.wait_for_selector("#review-bar:not([hidden])")
        assert review_title(fresh) == "Imported game · Diagonal Opening: move 14 of 14"
        wait_board(fresh, final)
        assert board_text(fresh) == final
        fresh.keyboard.press("Home")
        wait_board(fresh, cells_after(SHORT, 0))
        fresh.get_by_role("button", name="Back to the game").click()
        wait_board(fresh, cells_after("", 0))  # the fresh page's own game is untouched
    finally:
        other.close()


def test_an_illegal_transcript_shows_its_message(page):
    menu = open_transcripts(page)
    box = menu.get_by_label("Open a game")
    message = menu.get_by_role("alert")
    for text, words in (("e6f6e6", ["move 3", "character 5", "e6"]),
                        ("e6 f6 zz", ["move 3", "character 7"]),
                        (SHORT + "h8", ["move 15", "character 29", "game is over"])):
        box.fill(text)
        menu.get_by_role("button", name="Open in review").click()
        wait_until(page, "() => document.querySelector('#transcript-message').textContent !== ''")
        assert message.is_visible()  # in the menu, which stays open
        shown = message.inner_text()
        for word in words:
            assert word in shown, shown
        assert page.locator("#review-bar").is_hidden()
        assert board_text(page) == cells_after("", 0)
        box.fill("")


def test_r7_a_game_pasted_from_another_site_opens_titled_by_its_players(page):
    """R7: PlayOK's tag pairs and numbered list open in review; a broken GGF record is named."""
    menu = open_transcripts(page)
    box = menu.get_by_label("Open a game")
    box.fill('(;GM[Othello]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]'
             'B[f5]W[d6]B[q9];)')
    menu.get_by_role("button", name="Open in review").click()
    wait_until(page, "() => document.querySelector('#transcript-message').textContent !== ''")
    assert "game 1, character 110: “q9” is not a move" in menu.get_by_role("alert").inner_text()
    box.fill('[Site "PlayOK"]\n[Date "2024.05.01"]\n[Black "alice"]\n[White "bob"]\n\n'
             "1. f5 d6 2. c3 d3 3. c4 f4 4. f6 f3 5. e6 e7 0-1")
    menu.get_by_role("button", name="Open in review").click()
    page.wait_for_selector("#review-bar:not([hidden])")
    assert review_title(page) == "alice – bob, 2024-05-01 · Comp'Oth: move 10 of 10"
    wait_board(page, cells_after("f5d6c3d3c4f4f6f3e6e7", 10))


def test_move_clock_plays_a_move_for_the_human_after_expiry(context, base_url):
    page = context.new_page()
    page.clock.install()
    open_game(page, base_url)
    # From here on the page's timers run only when the test says so.
    page.clock.pause_at(page.evaluate("Date.now()") + 1_000)
    choose(page, "Move clock", "30 s a move")
    assert page.locator("#move-clock").is_visible()
    opening = board_text(page)
    legal = {name.split(",")[0] for name in cell_names(page) if "legal move" in name}
    page.evaluate("""() => {
        window.__said = [];
        new MutationObserver(() => window.__said.push(document.querySelector('#status').textContent))
            .observe(document.querySelector('#status'), {childList: true, characterData: true, subtree: true});
    }""")
    page.clock.run_for(29_000)
    caught_up(page)  # the worker has answered the ticks sent so far
    assert board_text(page) == opening, "a move was played before the 30 s were up"
    said = page.evaluate("() => window.__said")
    assert any("10 seconds left to move." in s for s in said)
    assert any("5 seconds left to move." in s for s in said)
    page.clock.run_for(2_000)
    wait_until(page, "() => window.__said.some(s => s.includes('Time is up'))", timeout=15_000)
    said = page.evaluate("() => window.__said")
    timeout = next(s for s in said if "Time is up" in s)
    assert "You play" in timeout
    played = timeout.split("You play ")[1][:2]
    assert played in legal
    assert sum("Time is up" in s for s in said) == 1
    page.clock.resume()
    wait_for_human_turn(page, timeout=60_000)  # the computer answers the timeout move
    moves = page.locator("#transcript-out").input_value()
    assert moves.startswith(played) and len(moves) == 4
    print(f"move clock: timeout move {played}, computer replied {moves[2:]}")


def test_another_games_review_does_not_show_the_previous_analysis(page):
    play_short_game(page)
    open_review(page)
    page.get_by_role("button", name="Analyse").click()
    wait_until(page, """() => !document.querySelector('#analysis').hidden
        && document.querySelector('#analysis-progress-row').hidden""", timeout=120_000)
    assert "This game" in page.locator("#analysis-title").inner_text()
    menu = open_transcripts(page)
    menu.get_by_label("Open a game").fill("f5d6c3d3c4")
    menu.get_by_role("button", name="Open in review").click()
    wait_until(page, "() => document.querySelector('#review-title').textContent.startsWith('Imported game')")
    caught_up(page)  # any later snapshot has been shown
    shown = page.locator("#analysis").is_visible()
    title = page.locator("#analysis-title").inner_text()
    assert not shown or "Imported game" in title, f"the analysis of {title!r} is shown for the imported game"
