"""Hint mode in a real browser (H1-H3): the Hint button and the H key,
the values on the board and in the squares' names (equal to the engine's, exact in an
FFO endgame), the best move marked, cancelled by a move, and practice (H2)."""

from __future__ import annotations

import re

from reversi.engine.endgame import solve_all
from reversi.engine.notation import parse_board, square_name
from tests.browser.editor import play_from
from tests.browser.pages import (
    board_text,
    cell_names,
    legal_squares,
    screenshot,
    tap,
    wait_for_human_turn,
    wait_until,
)

#: FFO #1, 14 empty squares, Black to move (the shared FFO data).
FFO_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
HINT = re.compile(r"^([a-h][1-8]), empty, legal move, hint ([+-]?\d+)(, best)?(, book move)?$")


def hints(pg) -> dict[str, tuple[int, bool]]:
    """Returns the hints the grid's names carry: square -> (value, best)."""
    out = {}
    for name in cell_names(pg):
        match = HINT.match(name)
        if match:
            out[match[1]] = (int(match[2]), bool(match[3]))
    return out


def wait_for_final_hints(pg, timeout: float = 30_000) -> None:
    """Waits until the hints are final: every legal square named with a hint and the
    Hint button no longer busy (in a book position the book's values are final, K1)."""
    wait_until(pg, """() => {
        const cells = [...document.querySelectorAll('[role=gridcell]')].map(c => c.getAttribute('aria-label'));
        const legal = cells.filter(n => n.includes('legal move'));
        return legal.length > 0 && legal.every(n => n.includes('hint'))
            && !document.querySelector('#hint-toggle').classList.contains('busy')
            && /Hints: (exact|expected|values from the opening book)/.test(document.querySelector('#message').textContent);
    }""", timeout=timeout)


def press(pg, key: str, button: str, pressed: str) -> None:
    """Presses ``key`` and waits until the toggle ``button`` shows ``pressed``."""
    pg.keyboard.press(key)
    wait_until(pg, "([b, p]) => document.querySelector(b).getAttribute('aria-pressed') === p",
                         arg=[button, pressed])


def test_h1_hints_show_the_solvers_exact_scores_in_an_ffo_endgame(page):
    """H1: at 14 empties every legal square shows its exact final disc difference (R5),
    equal to the solver's, in its accessible name too; the best one is marked."""
    play_from(page, FFO_1)
    press(page, "h", "#hint-toggle", "true")  # the H key toggles hint mode (H1)
    wait_for_final_hints(page)
    black, white, _ = parse_board(FFO_1)
    exact = {square_name(s): score for s, score in solve_all(black, white).items()}
    shown = hints(page)
    assert {name: value for name, (value, _) in shown.items()} == exact
    assert [name for name, (_, best) in shown.items() if best] == [max(exact, key=exact.get)]
    assert "exact" in page.locator("#message").inner_text()
    screenshot(page, "hints-ffo-1-phone")


def test_h1_h3_hints_follow_the_game_and_a_move_cancels_them_at_once(page):
    """H1, H3: at the opening the four moves get values; a tap while they are worked out
    plays at once; on the next turn the hints come back for the new position."""
    page.get_by_role("button", name="Hint").click()
    wait_until(page, "() => document.querySelector('#hint-toggle').classList.contains('busy')")
    tap(page, "d3")  # while the hints are being worked out
    assert board_text(page)[19] == "X"
    wait_for_human_turn(page)
    wait_for_final_hints(page)
    assert set(hints(page)) == set(legal_squares(page))
    page.get_by_role("button", name="Hint").click()
    wait_until(page, "() => document.querySelector('#hint-toggle').getAttribute('aria-pressed') === 'false'")
    assert hints(page) == {}


def test_h2_using_hints_makes_the_attempt_practice(page):
    """H2: a game whose hints were shown ends as practice on the result card (B9); the
    legal dots alone do not make it practice (B1)."""
    play_from(page, FFO_1, button="Play the computer")  # a short game against the computer
    press(page, "l", "#legal-dots", "false")
    press(page, "l", "#legal-dots", "true")
    press(page, "h", "#hint-toggle", "true")
    wait_for_final_hints(page)
    press(page, "h", "#hint-toggle", "false")
    while page.locator("#result").is_hidden():
        wait_for_human_turn(page)
        if page.locator("#result").is_visible():
            break
        tap(page, legal_squares(page)[0])
    assert "Practice" in page.locator("#result").inner_text()
