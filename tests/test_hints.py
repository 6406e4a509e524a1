"""Tests of the hint scores of every legal move (H1, H3; R4, R5)."""

from __future__ import annotations

import pytest
from test_search import MUST_PASS, CountingDeadline, cells_position, random_position

from reversi.engine.bitboard import moves_mask, squares
from reversi.engine.board import Board
from reversi.engine.budget import Deadline, SearchTimeout
from reversi.engine.endgame import solve_all
from reversi.engine.hints import score_moves
from reversi.engine.search import Search
from reversi.engine.variants import CENTRE


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_h1_exact_scores_near_the_end(seed):
    """At 12 empties every move's score is the solver's and marked exact."""
    p, o = random_position(seed, 48)
    scores = score_moves(p, o, exact_empties=14)
    assert scores == {s: (float(v), True) for s, v in solve_all(p, o).items()}


def test_h1_every_legal_move_is_scored_in_the_midgame():
    p, o = random_position(4, 20)
    scores = score_moves(p, o, max_nodes=3000)
    assert set(scores) == set(squares(moves_mask(p, o)))
    assert all(-64 <= v <= 64 and not exact for v, exact in scores.values())


def test_node_cap_gives_reproducible_scores_and_more_nodes_change_them():
    p, o = random_position(5, 24)
    first = score_moves(p, o, max_nodes=2000)
    assert score_moves(p, o, max_nodes=2000) == first
    assert score_moves(p, o, max_nodes=20000) != first


def test_exact_once_the_search_reaches_the_end():
    """Past the solver's range, a search deep enough to end the game is exact too."""
    p, o = random_position(6, 52)
    scores = score_moves(p, o, exact_empties=0)
    assert scores == {s: (float(v), True) for s, v in solve_all(p, o).items()}


def test_solver_out_of_time_leaves_estimates():
    """A deadline too short for the solver still scores every move (not exact)."""
    p, o = random_position(7, 44)
    scores = score_moves(p, o, deadline=Deadline(0.05), exact_empties=20)
    assert set(scores) == set(squares(moves_mask(p, o)))


def test_r4_no_legal_move_gives_no_hint():
    p, o = cells_position(MUST_PASS, white_to_move=True)
    assert score_moves(p, o, max_nodes=100) == {}


@pytest.mark.parametrize("plies", [20, 50])
def test_h3_keyboard_interrupt_passes_through(plies):
    """The page cancels hint work by raising KeyboardInterrupt inside it."""
    p, o = random_position(8, plies)
    with pytest.raises(KeyboardInterrupt):
        score_moves(p, o, deadline=CountingDeadline(3, KeyboardInterrupt))


@pytest.mark.parametrize("limit", [2, 7, 30])
def test_h1_symmetric_moves_get_equal_values_however_the_budget_cuts(limit):
    """At the opening the four moves are one position's images: equal values,
    whichever iteration the deadline cuts (each from the same depth)."""
    p, o = Board().mover_mask()
    values = score_moves(p, o, deadline=CountingDeadline(limit))
    assert len(values) == 4 and len(set(values.values())) == 1


def test_h1_values_come_from_the_last_depth_completed_for_every_move():
    """Cut in the middle of an iteration, every move keeps the previous depth's value."""
    p, o = random_position(9, 22)
    children = {s: child for s, *child in Search().children(p, o)}
    for nodes in (2000, 6000, 12000):
        search, depth, done = Search(max_nodes=nodes), 0, {}
        try:
            while True:
                depth += 1
                done = {s: -search.value(*child, depth) for s, child in children.items()}
        except SearchTimeout:
            pass
        assert depth > 2
        values = score_moves(p, o, max_nodes=nodes)
        assert {s: v for s, (v, _) in values.items()} == done


def test_v1_free_opening_hints_score_the_centre_squares():
    board = Board.initial("free")
    board.play(27)
    p, o = board.mover_mask()
    values = score_moves(p, o, max_nodes=2000, variant="free")
    assert set(values) == set(squares(CENTRE & ~(p | o)))


def test_v1_anti_hints_are_anti_results():
    """Near the end, a deep enough search scores anti-reversi's result (fewer discs win)."""
    p, o = random_position(6, 54)
    anti = score_moves(p, o, exact_empties=0, variant="anti")
    standard = score_moves(p, o, exact_empties=0)
    assert all(exact for _, exact in anti.values()) and anti != standard


def test_v2_anti_hints_solved_exactly_match_the_searched_values():
    """H1, V2: hints solved by the exact solver (exact although the node cap stops
    the midgame search) give anti-reversi's results, a full search's values."""
    p, o = random_position(8, 52)
    solved = score_moves(p, o, exact_empties=60, max_nodes=50, variant="anti")
    searched = score_moves(p, o, exact_empties=0, variant="anti")
    assert solved == searched and all(exact for _, exact in solved.values())
