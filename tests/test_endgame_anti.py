"""Tests of the exact solver in anti-reversi (V2: it optimises the variant's own result).

In anti-reversi the side with fewer discs wins; a finished game scores
``final_score(p, o, "anti")`` = discs(o) - discs(p) for ``p``.  Random
endgames of 6-12 empty squares are checked against a plain minimax that plays
out every line with the engine's move generator and scores each finished game
with :func:`~reversi.engine.variants.final_score`; it knows nothing of the solver.
"""

from __future__ import annotations

import pytest
from test_endgame import assert_fail_soft, pass_positions, play, random_endgames

from reversi.engine.bitboard import Bitboard, moves_mask, squares
from reversi.engine.endgame import Solver, solve, solve_all
from reversi.engine.variants import ANTI, final_score


def anti_minimax(p: Bitboard, o: Bitboard, seen: dict[tuple[Bitboard, Bitboard], int]) -> int:
    """Returns the anti-reversi score for ``p`` to move under perfect play: the
    best over ``p``'s moves (or a pass) of minus the opponent's score, and
    ``final_score(p, o, "anti")`` when neither side can move.  ``seen`` keeps the
    value of every position met, so a transposition is looked up, not replayed."""
    known = seen.get((p, o))
    if known is not None:
        return known
    moves = moves_mask(p, o)
    if moves:
        value = max(-anti_minimax(*play(p, o, s), seen) for s in squares(moves))
    elif moves_mask(o, p):
        value = -anti_minimax(o, p, seen)
    else:
        value = final_score(p, o, ANTI)
    seen[(p, o)] = value
    return value


#: Four positions at each count of 6 to 10 empty squares and four in which the
#: side to move must pass (2-9 empties).
ANTI_ENDGAMES = [pos for n in range(6, 11) for pos in random_endgames(100 + n, n, 4)]
ANTI_ENDGAMES += pass_positions(113, 4)
#: Two positions at 11 empties and one at 12: minimax needs 0.6-1 s and 5 s
#: here (3-60 s for other seeds' first positions at 12).
LARGER = random_endgames(109, 11, 1) + random_endgames(110, 11, 1) + random_endgames(110, 12, 1)


def empties(position: tuple[Bitboard, Bitboard]) -> str:
    """Returns a test id: the position's number of empty squares."""
    return f"{64 - (position[0] | position[1]).bit_count()}-empties"


@pytest.mark.parametrize("position", ANTI_ENDGAMES + LARGER, ids=empties)
def test_v2_anti_score_and_move_match_minimax(position):
    """V2: the anti-reversi score and move of random endgames agree with minimax."""
    p, o = position
    seen: dict[tuple[Bitboard, Bitboard], int] = {}
    exact = anti_minimax(p, o, seen)
    score, move = solve(p, o, variant=ANTI)
    assert score == exact
    if move is None:
        assert not moves_mask(p, o)
    else:
        assert -anti_minimax(*play(p, o, move), seen) == exact


@pytest.mark.parametrize("position", ANTI_ENDGAMES[::3], ids=empties)
def test_v2_anti_every_move_and_window(position):
    """V2: solve_all in anti-reversi matches minimax move by move, and narrow
    windows keep the fail-soft contract."""
    p, o = position
    seen: dict[tuple[Bitboard, Bitboard], int] = {}
    expected = {s: -anti_minimax(*play(p, o, s), seen) for s in squares(moves_mask(p, o))}
    assert solve_all(p, o, variant=ANTI) == expected
    assert_fail_soft(p, o, anti_minimax(p, o, seen), ANTI)


def test_v2_anti_differs_from_standard():
    """V2: the set holds positions whose anti score is not minus the standard
    one (the variant changes the play, not only the sign), and the standard
    solver still gives the standard score there."""
    changed = 0
    for p, o in ANTI_ENDGAMES[:20]:
        anti = solve(p, o, variant=ANTI)[0]
        standard = solve(p, o)[0]
        changed += anti != -standard
    assert changed >= 10


def test_v2_anti_passes_and_finished_games():
    """V2, R4, R5: a pass hands the move over; a finished game scores the
    opponent's discs minus the mover's, empty squares for nobody."""
    for p, o in pass_positions(113, 4):
        score, move = solve(p, o, variant=ANTI)
        assert move is None and score == -solve(o, p, variant=ANTI)[0]
        assert solve_all(p, o, variant=ANTI) == {}
    three = (1 << 0) | (1 << 1) | (1 << 8)
    assert solve(three, 0, variant=ANTI) == (-3, None)
    assert solve(0, three, variant=ANTI) == (3, None)
    # Black a1, White b1: Black's only move c1 takes every disc, which loses 3-0.
    assert solve(1 << 0, 1 << 1, variant=ANTI) == (-3, 2)


def test_v2_unknown_variant_is_refused():
    """V1: a variant the rules do not know is an error, not the standard game."""
    with pytest.raises(ValueError):
        Solver(variant="reverse")
    with pytest.raises(ValueError):
        solve(1, 2, variant="Anti")
