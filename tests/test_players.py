"""Tests of the computer levels (C2, C3, R4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_search import MUST_PASS, cells_position, random_position

from reversi.engine.bitboard import CORNERS, moves_mask, squares
from reversi.engine.board import Board
from reversi.engine.endgame import solve
from reversi.engine.players import LEVELS, MoveChoice, choose_move, play_game, random_opening
from reversi.engine.variants import CENTRE

#: Transcripts after which the side to move can take a corner that Hard and
#: Expert, at their node budgets, must see: a deep search (``hints.score_moves``
#: at 150,000 nodes) rates h8 +5.3, the next move +1.6.  (The earlier evaluation
#: dropped f5f4f3f6d3f2g6c3b3b2g4g3b1, where that search rates h4, g5 and e3
#: above a1, and e6d6c7f7c4d3f6b3c5c6b4d7b7b8d2a7, where it rates a8 +22.0 and
#: e7 +21.7; Normal's 3 plies take e3 here, rated 4 discs below the corner.)
CORNER_CASES = ("e6f6f5d6c5b4c3f4f7f8g8",)


def small_nodes(level: str) -> int:
    """Returns a node budget small enough for fast tests."""
    return min(LEVELS[level].nodes, 1500)


def test_levels_are_named():
    assert list(LEVELS) == ["easy", "normal", "hard", "expert"]


def test_unknown_level_is_an_error():
    with pytest.raises(ValueError):
        choose_move(*Board().mover_mask(), "grandmaster")


@pytest.mark.parametrize("level", list(LEVELS))
def test_c2_reproducible_under_seed(level):
    """Same position, level, seed and node budget: the same move and search."""
    p, o = random_position(31, 24)
    first = choose_move(p, o, level, seed=7, nodes=small_nodes(level))
    again = choose_move(p, o, level, seed=7, nodes=small_nodes(level))
    assert (first.square, first.score, first.depth, first.nodes, first.pv) == \
        (again.square, again.score, again.depth, again.nodes, again.pv)
    assert moves_mask(p, o) >> first.square & 1


def test_c2_easy_varies_with_seed():
    """Easy's choices differ between seeds somewhere in an opening."""
    p, o = random_position(32, 6)
    picks = {choose_move(p, o, "easy", seed=seed).square for seed in range(20)}
    assert len(picks) > 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(10, 55))
def test_c2_easy_takes_an_available_corner(seed, plies):
    p, o = random_position(seed, plies)
    assume(moves_mask(p, o) & CORNERS)
    assert 1 << choose_move(p, o, "easy", seed=seed).square & CORNERS


@pytest.mark.parametrize("level", ["hard", "expert"])
@pytest.mark.parametrize("transcript", CORNER_CASES)
def test_c2_searching_levels_take_a_good_corner(level, transcript):
    p, o = Board.replay(transcript).mover_mask()
    choice = choose_move(p, o, level, nodes=LEVELS[level].nodes)
    assert 1 << choice.square & CORNERS


@pytest.mark.parametrize("level", list(LEVELS))
def test_r4_no_move_returns_none(level):
    p, o = cells_position(MUST_PASS, white_to_move=True)
    choice = choose_move(p, o, level)
    assert isinstance(choice, MoveChoice) and choice.square is None and not choice.exact


def test_r5_game_over_returns_exact_score():
    p, o = (1 << 13) - 1, 1 << 40
    choice = choose_move(p, o, "expert")
    assert choice.square is None and choice.exact and choice.score == 12


def test_expert_plays_endgame_exactly():
    p, o = random_position(33, 52)
    choice = choose_move(p, o, "expert", nodes=LEVELS["expert"].nodes)
    assert choice.exact and (choice.score, choice.square) == solve(p, o)


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_budget_is_passed_through(level):
    """A budget already spent still yields a legal move, from a shallow search (the
    deadline is polled every POLL nodes: on a loaded machine a millisecond's budget
    was not always spent first)."""
    p, o = random_position(34, 20)
    choice = choose_move(p, o, level, budget=0.0)
    assert moves_mask(p, o) >> choice.square & 1 and choice.depth <= 3


def test_choice_fields():
    p, o = random_position(35, 20)
    choice = choose_move(p, o, "hard", nodes=small_nodes("hard"))
    assert choice.pv[0] == choice.square and choice.depth >= 2 and choice.nodes > 0
    assert -64 <= choice.score <= 64 and choice.seconds >= 0


def test_c3_play_game_goes_on_through_passes():
    """A whole game between levels ends by the rules, passes included (C3, R4, R5)."""
    opening = random_opening(random.Random(36), 4)
    seen = []
    board = play_game("easy", "easy", opening, seed=3, on_move=lambda b, c: seen.append(c))
    assert board.is_game_over() and len(board.steps) == len(opening) + len(seen)


@pytest.mark.parametrize("level", list(LEVELS))
def test_v2_every_level_plays_the_free_opening_on_the_centre(level):
    """Each of the first four placements goes on an empty centre square (V1)."""
    board = Board.initial("free")
    for ply in range(4):
        p, o = board.mover_mask()
        choice = choose_move(p, o, level, seed=ply, nodes=small_nodes(level), variant="free")
        assert (CENTRE & ~(p | o)) >> choice.square & 1
        board.play(choice.square)
    p, o = board.mover_mask()
    choice = choose_move(p, o, level, nodes=small_nodes(level), variant="free")
    assert moves_mask(p, o) >> choice.square & 1


@pytest.mark.parametrize("level", list(LEVELS))
def test_v2_every_level_plays_anti_reversi(level):
    p, o = random_position(40, 30)
    choice = choose_move(p, o, level, nodes=small_nodes(level), variant="anti")
    assert moves_mask(p, o) >> choice.square & 1


def test_v2_anti_game_goes_on_to_its_end():
    board = play_game("normal", "easy", random_opening(random.Random(3), 4), variant="anti",
                      nodes=True)
    assert board.is_game_over() and board.variant == "anti"


def test_v2_anti_finished_game_scores_fewer_discs_as_better():
    p, o = (1 << 13) - 1, 1 << 40
    choice = choose_move(p, o, "hard", variant="anti")
    assert choice.square is None and choice.exact and choice.score == -12


def test_v2_anti_reversi_uses_no_book():
    """From the opening, Expert searches anti-reversi instead of reading the book (how
    much of its budget it spends is its time management's, C5)."""
    board = Board()
    assert choose_move(*board.mover_mask(), "expert", nodes=200).nodes == 0
    searched = choose_move(*board.mover_mask(), "expert", nodes=200, variant="anti")
    assert searched.nodes > 0 and searched.depth > 0


def test_c2_symmetric_moves_are_picked_by_the_seed():
    """The four opening moves are one position's images: Normal's seed picks among them."""
    p, o = Board().mover_mask()
    picks = {choose_move(p, o, "normal", seed=seed, nodes=300).square for seed in range(12)}
    assert picks == set(squares(moves_mask(p, o)))


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_c2_a_forced_move_is_played_at_once(level):
    """C2, C5: with one legal move, a searching level plays it with no search at all
    (Expert's time management, on by default, never starts its clock)."""
    rng = random.Random(11)
    while True:
        board = Board()
        while not board.is_game_over() and len(board.legal_moves()) != 1:
            board.play(rng.choice(board.legal_moves()))
        if not board.is_game_over() and 64 - (board.black | board.white).bit_count() > 20:
            break
    p, o = board.mover_mask()
    choice = choose_move(p, o, level, nodes=LEVELS[level].nodes)
    assert choice.square == board.legal_moves()[0] and choice.nodes == 0
