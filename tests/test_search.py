"""Tests of the evaluation and the midgame search (C2, R3-R5)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi.engine.bitboard import flips_mask, moves_mask, squares
from reversi.engine.board import Board
from reversi.engine.budget import Deadline, SearchTimeout
from reversi.engine.endgame import solve
from reversi.engine.evaluate import STANDARD, evaluate, for_variant
from reversi.engine.players import random_opening
from reversi.engine.probcut import PROBCUT_T, probcut_table, shallow_depth
from reversi.engine.search import POLL, Search
from reversi.engine.think import analyse, exact_threshold, think
from reversi.engine.variants import CENTRE, final_score


def random_position(seed: int, plies: int) -> tuple[int, int]:
    """Returns ``(p, o)`` after up to ``plies`` random placements from the opening."""
    board = Board()
    for square in random_opening(random.Random(seed), plies):
        board.play(square)
    return board.mover_mask()


def negamax(p: int, o: int, depth: int) -> float:
    """Returns the plain minimax value (no pruning) with the search's conventions."""
    if depth == 0:
        return evaluate(p, o)
    moves = moves_mask(p, o)
    if not moves:
        if not moves_mask(o, p):
            return p.bit_count() - o.bit_count()
        return -negamax(o, p, depth)
    return max(-negamax(o ^ f, p | f | 1 << s, depth - 1)
               for s in squares(moves) for f in (flips_mask(p, o, s),))


class CountingDeadline(Deadline):
    """A deadline that expires after ``limit`` checks, whatever the clock says."""

    def __init__(self, limit: int, error: type[BaseException] = SearchTimeout) -> None:
        super().__init__(None)
        self.limit, self.checks, self.error = limit, 0, error

    def check(self) -> None:
        self.checks += 1
        if self.checks > self.limit:
            raise self.error

    def expired(self) -> bool:
        return self.checks >= self.limit


#: White to move with no legal placement; Black can still move (R4).
MUST_PASS = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-"


def cells_position(cells: str, white_to_move: bool) -> tuple[int, int]:
    """Returns ``(p, o)`` for 64 cells a1..h8 of X, O and -."""
    black = sum(1 << s for s, c in enumerate(cells) if c == "X")
    white = sum(1 << s for s, c in enumerate(cells) if c == "O")
    return (white, black) if white_to_move else (black, white)


class TestSearch:
    @settings(max_examples=40, deadline=None)
    @given(st.integers(0, 10**6), st.integers(0, 60))
    def test_c2_never_returns_an_illegal_move(self, seed, plies):
        p, o = random_position(seed, plies)
        result = Search(max_nodes=400).run(p, o, 4)
        moves = moves_mask(p, o)
        if moves:
            assert result.square is not None and moves >> result.square & 1
        else:
            assert result.square is None

    @pytest.mark.parametrize("seed, plies", [(1, 12), (2, 25), (3, 44), (4, 50), (5, 56)])
    def test_score_equals_plain_minimax(self, seed, plies):
        """PVS with its table and ordering, ProbCut off, finds the exact depth-3 minimax value."""
        p, o = random_position(seed, plies)
        assert Search(selective=False).run(p, o, 3).score == \
            pytest.approx(negamax(p, o, 3), abs=1e-9)

    def test_probcut_cuts_nodes_and_keeps_a_legal_move(self):
        """ProbCut (fitted statistics in the weight file) searches fewer nodes to
        the same depth and the result stays close to the full-width one."""
        assert STANDARD.probcut
        p, o = random_position(15, 22)
        full = Search(selective=False).run(p, o, 6)
        cut = Search().run(p, o, 6)
        assert cut.nodes < full.nodes and moves_mask(p, o) >> cut.square & 1
        assert abs(cut.score - full.score) < 16

    def test_probcut_table_reuses_the_deepest_fitted_depth_of_the_same_parity(self):
        table = probcut_table({3: (1.0, 0.0, 2.0), 4: (1.0, 1.0, 4.0)}, top=8)
        assert sorted(table) == [3, 4, 5, 6, 7, 8]
        assert table[7] == (shallow_depth(7), 1.0, 0.0, PROBCUT_T * 2.0)
        assert table[8][2:] == (1.0, PROBCUT_T * 4.0)
        assert probcut_table({}) == {}

    def test_r4_side_without_move_passes(self):
        p, o = cells_position(MUST_PASS, white_to_move=True)
        result = Search().run(p, o, 4)
        assert result.square is None
        assert result.score == pytest.approx(-Search().run(o, p, 4).score)

    def test_r5_game_over_returns_final_score(self):
        p, o = (1 << 13) - 1, 1 << 40
        result = Search().run(p, o, 4)
        assert result.square is None and result.exact and result.score == 12

    def test_reaches_the_end_exactly(self):
        """With the depth at least the empties the search is exact: it equals the solver."""
        p, o = random_position(8, 54)
        empties = 64 - (p | o).bit_count()
        result = Search().run(p, o, 60)
        assert result.exact and result.depth == empties
        assert result.score == solve(p, o)[0]

    @pytest.mark.parametrize("limit", [0, 1, 5, 40])
    def test_budget_polled_every_poll_nodes(self, limit):
        """A deadline that expires after ``limit`` checks stops the search at once:
        at most ``POLL`` nodes per check, and a legal move is still returned."""
        p, o = random_position(11, 20)
        deadline = CountingDeadline(limit)
        result = Search(deadline).run(p, o, 20)
        assert deadline.checks == limit + 1
        assert result.nodes <= (limit + 1) * POLL
        assert moves_mask(p, o) >> result.square & 1

    def test_node_cap(self):
        p, o = random_position(12, 20)
        result = Search(max_nodes=1000).run(p, o, 30)
        assert 1000 <= result.nodes < 1000 + POLL
        assert result.depth >= 2

    def test_pv_is_a_legal_line(self):
        p, o = random_position(13, 24)
        result = Search().run(p, o, 5)
        assert result.pv[0] == result.square and len(result.pv) == 5
        board = Board(p, o)
        for square in result.pv:
            board.play(square)

    def test_b4_keyboard_interrupt_passes_through(self):
        """Pyodide cancels a search by raising KeyboardInterrupt inside it."""
        p, o = random_position(14, 20)
        with pytest.raises(KeyboardInterrupt):
            Search(CountingDeadline(3, KeyboardInterrupt)).run(p, o, 20)
        with pytest.raises(KeyboardInterrupt):
            think(p, o, deadline=CountingDeadline(3, KeyboardInterrupt))


class TestThink:
    def test_plays_exactly_within_threshold(self):
        p, o = random_position(21, 52)
        result = think(p, o, max_depth=2, exact_empties=14)
        assert result.exact and (result.score, result.square) == solve(p, o)

    def test_falls_back_to_midgame_when_solver_times_out(self):
        """A solver out of time leaves the midgame answer (never an exception)."""
        p, o = random_position(22, 40)
        result = think(p, o, max_depth=6, deadline=Deadline(0.05), exact_empties=30)
        assert not result.exact and moves_mask(p, o) >> result.square & 1

    def test_exact_threshold_grows_with_budget(self):
        assert exact_threshold(0.001) < exact_threshold(1.0) <= exact_threshold(100.0)
        assert exact_threshold(float("inf"), cap=16) == 16
        assert exact_threshold(1.0, slowdown=3.0) <= exact_threshold(1.0, slowdown=1.0)

    def test_analyse(self):
        p, o = random_position(23, 54)
        score, square, exact = analyse(p, o, deadline=Deadline(None))
        assert exact and (score, square) == solve(p, o)



def plain_value(p: int, o: int, depth: int, variant: str) -> float:
    """Returns the plain minimax value in ``variant`` (free opening placements spend
    a ply but go on to the fifth placement; finished games score the variant's result)."""
    if variant == "free" and (p | o).bit_count() < 4:
        return max(-plain_value(o, p | 1 << s, max(depth - 1, 0), variant)
                   for s in squares(CENTRE & ~(p | o)))
    moves = moves_mask(p, o)
    if not moves:
        if not moves_mask(o, p):
            return final_score(p, o, variant)
        return -plain_value(o, p, depth, variant)
    if depth == 0:
        return for_variant(variant).evaluate(p, o)
    return max(-plain_value(o ^ f, p | f | 1 << s, depth - 1, variant)
               for s in squares(moves) for f in (flips_mask(p, o, s),))


class TestVariants:
    @pytest.mark.parametrize("seed", [31, 32, 33])
    def test_v2_anti_search_to_the_end_minimises_the_discs(self, seed):
        """Searched to the end, anti-reversi's value is its exact result (fewer discs
        win): the plain minimax of the negated disc difference, not the standard one."""
        p, o = random_position(seed, 53)
        empties = 64 - (p | o).bit_count()
        result = Search(variant="anti").run(p, o, 60)
        assert result.exact and result.score == plain_value(p, o, empties, "anti")
        assert moves_mask(p, o) >> result.square & 1

    @pytest.mark.parametrize("seed", [34, 35])
    def test_v2_anti_exact_solver_path_scores_fewer_discs(self, seed):
        """Within exact_empties think() runs the solver in anti-reversi's terms (exact
        although the node cap stops the midgame search): the value of the plain
        minimax of the negated disc difference."""
        p, o = random_position(seed, 52)
        empties = 64 - (p | o).bit_count()
        result = think(p, o, exact_empties=empties, max_nodes=50, variant="anti")
        assert result.exact and result.score == plain_value(p, o, empties, "anti")

    def test_v1_anti_finished_game_scores_fewer_discs_as_better(self):
        p, o = (1 << 13) - 1, 1 << 40
        result = Search(variant="anti").run(p, o, 4)
        assert result.square is None and result.exact and result.score == -12
        assert Search(variant="anti").value(o, p, 3) == 12

    @pytest.mark.parametrize("discs", [0, 1, 2, 3])
    def test_v1_free_opening_places_on_the_centre_without_flips(self, discs):
        """From the empty board and each placement after it, the search places on an
        empty centre square; its value is the plain minimax through the placements."""
        board = Board.initial("free")
        for square in (27, 36, 28)[:discs]:
            board.play(square)
        p, o = board.mover_mask()
        result = Search(variant="free", selective=False).run(p, o, 6)
        assert (CENTRE & ~(p | o)) >> result.square & 1
        assert result.score == pytest.approx(plain_value(p, o, 6, "free"), abs=1e-9)
        assert result.pv[0] == result.square

    def test_v1_free_opening_after_the_placements_is_the_standard_game(self):
        p, o = random_position(34, 20)
        assert Search(variant="free", selective=False).run(p, o, 3).score == \
            Search(selective=False).run(p, o, 3).score

    def test_unknown_variant_is_an_error(self):
        with pytest.raises(ValueError, match="unknown variant"):
            Search(variant="giveaway")
