"""Learn from your own games in a real browser (N6-N8): a finished game's mistakes are
found in the background and listed on the result card with the accuracy; Retry your
mistakes opens one in the puzzle card, wrong then right; after a reload the list, the
history row and the retry progress are still there.  And all of it by keyboard alone:
the game set up and played, the analysis's end announced, Retry reached and answered."""

from __future__ import annotations

import json

from tests.browser.editor import empties_note, play_from
from tests.browser.pages import READY, history_rows, open_game, open_menu, play, screenshot, status, tap, wait_until
from tests.browser.test_controls import arrows_to, press_and_wait, tab_into_board
from tests.test_mistakes import KNOWN, MOVES, START


def message(pg, before: str) -> str:
    """Waits for the puzzle card's message to change from ``before`` and returns it."""
    wait_until(pg, "(b) => document.getElementById('puzzle-message').textContent !== b", arg=before)
    return pg.locator("#puzzle-message").inner_text()


def listed(pg) -> list[str]:
    """Waits until the result card lists the game's mistakes and returns the rows."""
    wait_until(pg, "(n) => document.querySelectorAll('#mistakes-list li').length === n",
                         arg=len(KNOWN), timeout=60_000)
    return pg.locator("#mistakes-list li").all_inner_texts()


def test_a_finished_games_mistakes_are_listed_retried_and_kept_after_a_reload(page, base_url):
    play_from(page, START)  # between two players: both sides' placements count
    play(page, MOVES)
    rows = listed(page)  # between two players each row says whose mistake it was
    assert [row.split(":")[0] for row in rows] == [f"{side.title()} · Move {n}" for n, side, *_ in KNOWN]
    assert rows[0] == "Black · Move 4: a8, best d1, cost 8 discs"
    assert page.locator("#mistakes-accuracy").inner_text().startswith("Accuracy: Black ")
    retry = page.locator("#mistakes-retry")
    assert retry.inner_text() == f"Retry your mistakes ({len(KNOWN)})"
    screenshot(page, "mistakes-card-phone")

    retry.click()
    page.wait_for_selector("#puzzle:not([hidden])")
    wait_until(page, "() => document.getElementById('puzzle-title').textContent.includes('move 4')")
    assert page.locator("#puzzle-task").inner_text() == "Black: find the best move"
    tap(page, "a8")  # the move played in the game
    assert message(page, "").startswith("a8 leads to")
    page.locator("#puzzle-retry").click()
    wait_until(page, "() => document.getElementById('puzzle-message').textContent === ''")
    tap(page, "d1")
    assert message(page, "").startswith("Right: d1")
    screenshot(page, "mistakes-retry-right-phone")
    stored = json.loads(page.evaluate("localStorage.getItem('reversi.mistakes')"))
    assert [item["solved"] for item in stored["items"] if item["move"] == 4][0]  # solved once, today

    page.reload()
    open_game(page, base_url)
    page.wait_for_selector(READY)
    assert listed(page) == rows
    assert page.locator("#mistakes-retry").inner_text() == f"Retry your mistakes ({len(KNOWN)})"
    again = json.loads(page.evaluate("localStorage.getItem('reversi.mistakes')"))
    assert again["items"] == stored["items"]
    assert f"{len(KNOWN)} mistakes" in " ".join(history_rows(page)[0])
    # the review from the history lists the mistakes and marks them in its move list
    open_menu(page)
    page.locator("#history-table tbody tr").first.get_by_role("button", name="Review").click()
    page.wait_for_selector("#review-mistakes:not([hidden])")
    marks = page.locator("#move-list button.mistake")
    assert marks.count() == len(KNOWN) and marks.first.get_attribute("aria-label").endswith("mistake: lost 8")
    assert page.locator("#review-mistakes-retry").inner_text() == f"Retry your mistakes ({len(KNOWN)})"
    screenshot(page, "mistakes-review-marks-phone")
    page.locator("#close-review").click()
    # and the history row offers that game's retry
    open_menu(page)
    page.locator("#history-table tbody tr").first.get_by_role("button", name="Retry your mistakes of").click()
    wait_until(page, "() => document.getElementById('puzzle-title').textContent.includes('move 4')")


def test_a_review_opened_before_the_analysis_ends_fills_in_its_marks_as_it_goes(page):
    """N6: Review at once from the result card (the analysis waits for a quiet moment, so
    nothing is analysed yet): the review says the analysis is running, then marks every
    mistake as it is found, and lists them with the accuracy once it is done."""
    play_from(page, START)
    play(page, MOVES)
    page.locator("#result-review").click()
    page.wait_for_selector("#review-mistakes:not([hidden])", timeout=60_000)
    assert "Looking for mistakes" in page.locator("#review-mistakes-accuracy").inner_text()
    wait_until(page, "(n) => document.querySelectorAll('#move-list button.mistake').length === n",
                           arg=len(KNOWN), timeout=60_000)
    wait_until(page, "() => document.getElementById('review-mistakes-accuracy').textContent"
                           ".startsWith('Accuracy: Black')", timeout=60_000)
    assert page.locator("#review-mistakes-list li").count() == len(KNOWN)
    assert page.locator("#move-list button.mistake").first.get_attribute("aria-label").endswith("mistake: lost 8")
    assert page.locator("#review-mistakes-retry").inner_text() == f"Retry your mistakes ({len(KNOWN)})"


def tab_to(pg, element_id: str) -> None:
    """Presses Tab until the element with id ``element_id`` has the focus."""
    for _ in range(60):
        if pg.evaluate("(id) => document.activeElement && document.activeElement.id === id", element_id):
            return
        pg.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{element_id}")


def test_by_keyboard_alone_a_planted_mistake_is_announced_and_retried_right(page):
    tab_to(page, "menu-open")
    page.keyboard.press("Enter")
    tab_to(page, "setup-open")
    page.keyboard.press("Enter")
    page.wait_for_selector("#editor:not([hidden])")
    tab_to(page, "editor-board")
    page.keyboard.type(START)
    tab_to(page, "editor-apply")
    page.keyboard.press("Enter")
    wait_until(page, "(w) => document.querySelector('#editor-note').textContent.includes(w)",
                           arg=empties_note(START))
    tab_to(page, "editor-local")  # between two players: the known game's mistakes, a8 at move 4 first
    before = status(page)
    page.keyboard.press("Enter")
    wait_until(page, "(s) => document.querySelector('#status').textContent !== s", arg=before)
    page.evaluate("""() => { window.said = []; // every announcement, however soon another follows
        new MutationObserver(() => window.said.push(document.getElementById('status').textContent))
          .observe(document.getElementById('status'), { childList: true, characterData: true, subtree: true }); }""")
    tab_into_board(page)
    for square in [MOVES[i:i + 2] for i in range(0, len(MOVES), 2)]:
        arrows_to(page, square)
        assert f"plays {square}" in press_and_wait(page, "Enter")
    wait_until(page, "(n) => window.said.some((text) => text.startsWith(n))",
                           arg=f"Analysis done: {len(KNOWN)} mistakes", timeout=60_000)
    assert len(listed(page)) == len(KNOWN)
    tab_to(page, "mistakes-retry")
    page.keyboard.press("Enter")
    wait_until(page, "() => document.getElementById('puzzle-title').textContent.includes('move 4')")
    tab_into_board(page)
    arrows_to(page, "d1")  # the best move
    page.keyboard.press("Enter")
    assert message(page, "").startswith("Right: d1")
