"""Tests of the win-loss-draw proof before the exact endgame (C6)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from reversi.engine.bitboard import flips_mask, moves_mask
from reversi.engine.board import Board
from reversi.engine.budget import Deadline
from reversi.engine.endgame import solve
from reversi.engine.levels import LEVELS
from reversi.engine.players import choose_move, random_opening
from reversi.engine.search import Search
from reversi.engine.think import PYODIDE_SLOWDOWN, exact_threshold, proof_threshold, think
from reversi.engine.variants import ANTI, STANDARD


def position(seed: int, empties: int, variant: str = STANDARD) -> tuple[int, int] | None:
    """Returns a position with ``empties`` empty squares and a move for the side to move,
    reached by random placements (None if the game ends first)."""
    board = Board.initial(variant)
    rng = random.Random(seed)
    for square in random_opening(rng, 4, variant):
        board.play(square)
    while 64 - (board.black | board.white).bit_count() > empties:
        if board.is_game_over():
            return None
        board.play(rng.choice(board.legal_moves()))
    return None if board.is_game_over() or not board.legal_moves() else board.mover_mask()


def outcome(p: int, o: int, square: int, variant: str) -> int:
    """Returns 1, 0 or -1: what ``square`` wins, draws or loses for ``p`` under perfect play."""
    f = flips_mask(p, o, square)
    score = -solve(o ^ f, p | f | 1 << square, variant=variant)[0]
    return (score > 0) - (score < 0)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(9, 12), st.sampled_from([STANDARD, ANTI]))
def test_c6_a_proven_win_or_draw_is_played(seed, empties, variant):
    """Whatever the search prefers, a won position gets a winning move and a drawn one
    a drawing move; the score says which (at least +1, exactly 0, at most -1)."""
    found = position(seed, empties, variant)
    if found is None:
        return
    p, o = found
    best = solve(p, o, variant=variant)[0]
    result = think(p, o, max_depth=2, max_nodes=400, wld_empties=empties, variant=variant)
    assert moves_mask(p, o) >> result.square & 1
    want = (best > 0) - (best < 0)
    assert outcome(p, o, result.square, variant) >= want
    if want > 0:
        assert result.score >= 1 and not result.exact
    elif want == 0:
        assert result.score == 0 and result.exact
    else:
        assert result.score <= -1


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(9, 12))
def test_c6_the_search_move_is_kept_when_it_is_as_good(seed, empties):
    """Among the moves that keep the proven result, the midgame search's own is played
    (its first share of the budget, a quarter of the nodes)."""
    found = position(seed, empties)
    if found is None:
        return
    p, o = found
    best = solve(p, o)[0]
    searched = Search(None, 1000).run(p, o, 3).square
    result = think(p, o, max_depth=3, max_nodes=4000, wld_empties=empties)
    if best >= 0 and outcome(p, o, searched, STANDARD) >= (best > 0) - (best < 0):
        assert result.square == searched


def test_c6_a_proven_loss_leaves_the_move_to_the_whole_search():
    """After a proven loss the search goes on to the whole budget: the same move and
    depth as a search of the whole budget alone."""
    for seed in range(200):
        found = position(seed, 12)
        if found and solve(*found)[0] < 0:
            break
    p, o = found
    result = think(p, o, max_depth=60, max_nodes=3000, wld_empties=12)
    alone = Search(None, 3000).run(p, o, 60)
    assert (result.square, result.depth) == (alone.square, alone.depth)
    assert result.score == min(alone.score, -1.0)


def test_c6_no_proof_in_time_leaves_the_search_move():
    p, o = position(3, 22)
    result = think(p, o, max_depth=4, deadline=Deadline(0.05), wld_empties=30)
    assert not result.exact and moves_mask(p, o) >> result.square & 1


def test_c6_hard_and_expert_prove_within_their_budgets():
    """At their Pyodide budgets the proof reaches further than the exact count."""
    for level in ("hard", "expert"):
        config = LEVELS[level]
        wld = proof_threshold(config.seconds, config.wld_empties, PYODIDE_SLOWDOWN)
        assert wld > exact_threshold(config.seconds, config.exact_empties, PYODIDE_SLOWDOWN)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6))
def test_c6_hard_wins_a_won_endgame_before_its_exact_reach(seed):
    """Hard at its node budget, 14 empties (past its exact solver's 13): a won position
    is played to a winning move."""
    found = position(seed, 14)
    if found is None:
        return
    p, o = found
    choice = choose_move(p, o, "hard", nodes=LEVELS["hard"].nodes)
    best = solve(p, o)[0]
    assert outcome(p, o, choice.square, STANDARD) >= (best > 0) - (best < 0)
