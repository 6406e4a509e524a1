"""C7: the ladder's weakened rungs. ``pick`` plays within the cap by the softmax of the loss
(about an aim when there is one), the best at a zero temperature; ``spread`` values the
root moves within the margin exactly near the end and by a deterministic node-budget
search before it; a rung plays the same moves on the offline tools' compiled engine (the
calibration's games, ``bench/rungs.py``); and the shipped ratings read as C7 says."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import native
from reversi.engine import think as think_module
from reversi.engine.board import Board
from reversi.engine.endgame import Solver, solve_all
from reversi.engine.ladder import RATINGS, RUNG_LEVELS, RUNG_NAMES
from reversi.engine.levels import LEVELS
from reversi.engine.players import choose_move
from reversi.engine.search import Search
from reversi.engine.weakening import pick, spread

values_of = st.dictionaries(st.integers(0, 63), st.integers(-64, 64).map(float), min_size=1, max_size=12)


@given(values_of, st.floats(0, 30), st.floats(0, 30), st.floats(0, 15), st.integers(0, 2**32))
def test_c7_a_pick_stays_within_the_cap_of_the_best(values, temperature, cap, aim, seed):
    best = max(values.values())
    assert best - values[pick(values, temperature, cap, random.Random(seed), aim)] <= cap


def test_c7_a_zero_temperature_plays_the_best_the_lowest_square_among_equals():
    values = {40: 2.0, 12: 6.0, 30: 6.0, 5: -3.0}
    assert {pick(values, 0.0, 20.0, random.Random(seed), aim=5.0) for seed in range(50)} == {12}


@pytest.mark.parametrize("aim", [0.0, 6.0])
def test_c7_moves_are_drawn_by_the_softmax_of_their_distance_from_the_aim(aim):
    values = {1: 0.0, 2: -2.0, 3: -6.0, 4: -9.0, 5: -30.0}
    temperature, cap, draws = 2.0, 12.0, 40_000
    rng = random.Random(7)
    seen = Counter(pick(values, temperature, cap, rng, aim) for _ in range(draws))
    weights = {s: math.exp(-abs(-v - aim) / temperature) for s, v in values.items() if -v <= cap}
    total = sum(weights.values())
    assert set(seen) == set(weights)  # the move beyond the cap never
    for square, weight in weights.items():
        assert abs(seen[square] / draws - weight / total) < 0.01, (square, seen)
    assert seen.most_common(1)[0][0] == (1 if not aim else 3)  # an aim plays its loss most


def position(empties: int, seed: int) -> tuple[int, int]:
    """Returns the mover's and the opponent's discs after random moves down to ``empties``."""
    rng = random.Random(seed)
    while True:
        board = Board()
        while 64 - (board.black | board.white).bit_count() > empties and not board.is_game_over():
            board.play(rng.choice(board.legal_moves()))
        if 64 - (board.black | board.white).bit_count() == empties and len(board.legal_moves()) > 1:
            return board.mover_mask()


@pytest.mark.parametrize("seed", range(4))
def test_c7_near_the_end_the_values_within_the_margin_are_the_exact_scores(seed):
    p, o = position(10, seed)
    exact = solve_all(p, o)
    best = max(exact.values())
    found = spread(p, o, margin=6.0, exact_empties=12)
    assert found.exact and found.values == {s: float(v) for s, v in exact.items() if v >= best - 6.0}


def test_c7_before_the_end_a_node_budget_gives_the_same_values_each_time():
    p, o = position(40, 1)
    first, again = (spread(p, o, margin=8.0, max_depth=12, max_nodes=6_000) for _ in range(2))
    assert first.values == again.values and first.depth == again.depth and not first.exact
    assert max(first.values.values()) - min(first.values.values()) <= 8.0 and len(first.values) >= 1


@pytest.mark.skipif(not native.AVAILABLE, reason="the compiled engine is not built (tests/test_native.py builds it)")
def test_c7_weakened_rungs_play_the_same_moves_on_the_compiled_engine(monkeypatch):
    """The calibration plays its games on the compiled engine: it must be the Python one's play."""
    monkeypatch.setattr(think_module, "Search", Search)
    monkeypatch.setattr(think_module, "Solver", Solver)
    rungs = [name for name in RUNG_NAMES if RUNG_LEVELS[name].weakening][::3]
    positions = [position(empties, seed) for empties, seed in ((44, 1), (30, 2), (16, 3), (11, 4))]
    plays = [(p, o, rung, seed) for p, o in positions for rung in rungs for seed in (1, 2)]

    def moves():
        return [choose_move(p, o, rung, seed=seed, nodes=4_000).square for p, o, rung, seed in plays]

    expected = moves()
    assert native.install(quiet=True)
    assert moves() == expected


def test_c7_the_ratings_rise_rung_by_rung_from_the_random_players_zero_by_60_to_75_percent():
    """The shipped table (bench/results/ladder.md): Elo gaps of 70-191 are scores of 60-75 %."""
    ratings = [RATINGS[name] for name in RUNG_NAMES]
    assert len(RUNG_NAMES) >= 16 and {"easy", "normal", "hard", "expert"} <= set(RUNG_NAMES)
    assert all(RUNG_LEVELS[name] is LEVELS[name] for name in LEVELS)
    assert 0 < ratings[0] and all(70 <= b - a <= 191 for a, b in zip(ratings, ratings[1:])), ratings
