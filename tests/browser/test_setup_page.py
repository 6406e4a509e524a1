"""Position setup in a real browser (E1, E2): the editor from the menu,
taps that cycle a square, the board string refused with its reason, a finished
position that can only be analysed, Back that closes it, and a set-up game played
against Easy, saved, reloaded, resumed and recorded as a set-up game."""

from __future__ import annotations

from reversi.engine.notation import parse_board
from reversi.game.line import Line
from tests.browser.editor import open_editor, use_board
from tests.browser.pages import (
    READY,
    board_text,
    cell_names,
    choose,
    history_rows,
    legal_squares,
    screenshot,
    status,
    tap,
    wait_for_human_turn,
    wait_until,
)

#: 10 empty squares, Black to move (tests/test_setup.py knows its solution: g7, -2).
LATE = "XO" * 27 + "-" * 10 + " X"
FULL = "X" * 40 + "O" * 24 + " X"


def test_e1_a_tap_cycles_a_square_and_bad_board_strings_are_refused(page):
    """E1: a tap on a square cycles it empty, black, white, empty; a board string of the
    wrong length or with a bad character is refused with its reason, and nothing can
    be played or solved then."""
    open_editor(page)
    for content in ("black", "white", "empty"):
        page.get_by_role("gridcell", name="a1,").click()
        wait_until(page, "(n) => document.querySelector('[data-square=a1]').getAttribute('aria-label') === n",
                               arg=f"a1, {content}")
    use_board(page, "X" * 60 + " X", says="this one has 60 squares")
    assert page.get_by_role("button", name="Play the computer").is_disabled()
    use_board(page, "Q" + "-" * 63 + " X", says="character 1 (a1) is “Q”")
    assert page.get_by_role("button", name="Solve").is_disabled()
    screenshot(page, "setup-refused-phone")


def test_e1_a_finished_position_can_only_be_analysed_and_back_closes_the_editor(page):
    """E1: a position where neither side can move: play and solve are refused, analyse
    is offered; the browser's Back closes the editor and shows the game again."""
    live = board_text(page)
    open_editor(page)
    use_board(page, FULL, says="can only be analysed")
    assert page.get_by_role("button", name="Two players").is_disabled()
    assert page.get_by_role("button", name="Play the computer").is_disabled()
    assert page.get_by_role("button", name="Analyse").is_enabled()
    assert board_text(page) == FULL[:64]
    page.go_back()
    page.wait_for_selector("#editor", state="hidden")
    assert board_text(page) == live


def test_e2_solve_gives_the_best_move_and_its_exact_score(page):
    """E2: Solve answers the exact best move and score of a set-up position."""
    open_editor(page)
    use_board(page, LATE)
    page.get_by_role("button", name="Solve").click()
    wait_until(page, "() => document.querySelector('#editor-solution').textContent !== ''")
    assert page.locator("#editor-solution").inner_text() == "Best for Black: g7, losing by 2 discs with perfect play."
    screenshot(page, "setup-solved-phone")


def a_move_or_the_end(pg) -> None:
    """Waits until the person has a legal move again or the game is over: the
    computer's reply comes after a short delay, so "not thinking" alone can be too early."""
    wait_for_human_turn(pg)
    wait_until(pg, """() => !document.getElementById('result').hidden
        || document.querySelector('[role=gridcell][aria-label*="legal move"]')""", timeout=30_000)


def test_e2_a_set_up_game_against_easy_is_saved_resumed_and_recorded(page):
    """E2, P1, P4: a set-up position played against Easy; after a reload it comes back,
    paused, from the same position; it ends with a result card that says it was a
    set-up game, and the history marks it so."""
    choose(page, "Level", "Easy")
    open_editor(page)
    use_board(page, LATE)
    page.get_by_role("button", name="Play the computer").click()
    page.wait_for_selector("#editor", state="hidden")
    wait_for_human_turn(page)
    assert board_text(page) == Line(start=parse_board(LATE)).board.cells()
    tap(page, legal_squares(page)[0])
    a_move_or_the_end(page)
    before = board_text(page)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert board_text(page) == before and "Paused" in status(page)
    page.get_by_role("button", name="Resume").click()
    while page.locator("#result").is_hidden():
        a_move_or_the_end(page)
        if page.locator("#result").is_visible():
            break
        tap(page, legal_squares(page)[0])
    assert "set-up position" in page.locator("#result").inner_text()
    screenshot(page, "setup-game-over-phone")
    rows = history_rows(page)
    assert rows and rows[0][4] == "Set-up position"
    assert all("hint" not in name for name in cell_names(page))
