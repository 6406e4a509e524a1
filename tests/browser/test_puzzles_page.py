"""Puzzles in a real browser: solve one, fail one, retry, show the answer, and
after a reload the progress is intact; the game in play is not touched; a puzzle is
solved by keyboard alone (B3)."""

from __future__ import annotations

import re

from reversi.engine.puzzle_set import puzzle_set
from tests.browser.pages import READY, board_text, legal_squares, open_menu, screenshot, tap, wait_until
from tests.browser.test_controls import arrows_to, tab_into_board

SET = puzzle_set()


def shown(pg):
    """Returns the puzzle on the page, read from its title ("Puzzle 17 · level 3 of 5")."""
    title = pg.locator("#puzzle-title").inner_text()
    return SET[int(re.search(r"\d+", title).group()) - 1]


def message(pg, before: str) -> str:
    """Waits for the puzzle's message to change from ``before`` and returns it."""
    wait_until(pg, "(b) => document.getElementById('puzzle-message').textContent !== b", arg=before)
    return pg.locator("#puzzle-message").inner_text()


def open_puzzles(pg) -> None:
    open_menu(pg)
    pg.locator("#puzzles-open").click()
    pg.wait_for_selector("#puzzle:not([hidden])")
    wait_until(pg, "() => document.getElementById('puzzle-title').textContent !== ''")


def test_solve_fail_retry_show_the_answer_and_find_the_progress_after_a_reload(page):
    game = board_text(page)
    open_puzzles(page)
    puzzle = shown(page)
    task = page.locator("#puzzle-task").inner_text()
    assert task.startswith("Black" if puzzle.turn == 0 else "White")
    assert board_text(page)[:64] != game and board_text(page) == puzzle.board[:64]
    screenshot(page, "puzzle-solving-phone")
    wrong = next(square for square in legal_squares(page) if square != puzzle.answer)
    tap(page, wrong)
    said = message(page, "")
    assert said.startswith(f"{wrong} leads to") and page.locator("#puzzle-retry").is_visible()
    assert page.locator("#status").inner_text() == said  # the live region says it too
    screenshot(page, "puzzle-wrong-phone")
    page.locator("#puzzle-retry").click()
    wait_until(page, "() => document.getElementById('puzzle-message').textContent === ''")
    tap(page, puzzle.answer)
    assert message(page, "").startswith(f"Right: {puzzle.answer}")
    screenshot(page, "puzzle-right-phone")
    page.locator("#puzzle-next").click()
    wait_until(page, "(n) => !document.getElementById('puzzle-title').textContent.includes(`Puzzle ${n} `)",
                           arg=puzzle.number)
    second = shown(page)
    page.locator("#puzzle-answer").click()
    assert message(page, "").startswith(f"The answer is {second.answer}")
    assert page.locator("#puzzle-play-out").is_visible()
    solved = page.locator("#puzzle-solved").inner_text()
    assert solved.startswith("Solved 1 of")
    page.locator("#puzzle-close").click()
    page.wait_for_selector("#puzzle", state="hidden")
    assert board_text(page) == game
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    open_puzzles(page)
    assert page.locator("#puzzle-solved").inner_text() == solved
    assert page.locator("#puzzle-streak").inner_text() == "Streak 0, best 0"
    third = shown(page)
    tab_into_board(page, backwards=True)  # from the card's close button back to the board
    arrows_to(page, third.answer)
    page.keyboard.press("Enter")
    assert message(page, "").startswith(f"Right: {third.answer}")
    assert page.locator("#puzzle-streak").inner_text() == "Streak 1, best 1"
