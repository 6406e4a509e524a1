"""Learn from your own games in a real browser (N6-N8): a finished game's mistakes are
found in the background and listed on the result card with the accuracy; Retry your
mistakes opens one in the puzzle card, wrong then right; after a reload the list, the
history row and the retry progress are still there."""

from __future__ import annotations

import json

from tests.browser.editor import play_from
from tests.browser.pages import READY, history_rows, open_game, play, screenshot, tap
from tests.test_mistakes import KNOWN, MOVES, START


def message(pg, before: str) -> str:
    """Waits for the puzzle card's message to change from ``before`` and returns it."""
    pg.wait_for_function("(b) => document.getElementById('puzzle-message').textContent !== b", arg=before)
    return pg.locator("#puzzle-message").inner_text()


def listed(pg) -> list[str]:
    """Waits until the result card lists the game's mistakes and returns the rows."""
    pg.wait_for_function("(n) => document.querySelectorAll('#mistakes-list li').length === n",
                         arg=len(KNOWN), timeout=60_000)
    return pg.locator("#mistakes-list li").all_inner_texts()


def test_a_finished_games_mistakes_are_listed_retried_and_kept_after_a_reload(page, base_url):
    play_from(page, START)  # between two players: both sides' placements count
    play(page, MOVES)
    rows = listed(page)
    assert [row.split(":")[0] for row in rows] == [f"Move {n}" for n, *_ in KNOWN]
    assert rows[0] == "Move 4: a8, best d1, cost 8 discs"
    assert page.locator("#mistakes-accuracy").inner_text().startswith("Accuracy: Black ")
    retry = page.locator("#mistakes-retry")
    assert retry.inner_text() == f"Retry your mistakes ({len(KNOWN)})"
    screenshot(page, "mistakes-card-phone")

    retry.click()
    page.wait_for_selector("#puzzle:not([hidden])")
    page.wait_for_function("() => document.getElementById('puzzle-title').textContent.includes('move 4')")
    assert page.locator("#puzzle-task").inner_text() == "Black: find the best move"
    tap(page, "a8")  # the move played in the game
    assert message(page, "").startswith("a8 leads to")
    page.locator("#puzzle-retry").click()
    page.wait_for_function("() => document.getElementById('puzzle-message').textContent === ''")
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
