"""Expert's time management at node budgets (C5, ``reversi.engine.timing``): no
search for a forced or a book move, an easy move stops early, a hard one goes
on, never past twice the budget, and the same budget always plays the same move."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from reversi.engine import budget, timing
from reversi.engine import search as search_module
from reversi.engine.board import Board
from reversi.engine.budget import Deadline
from reversi.engine.levels import LEVELS
from reversi.engine.players import choose_move, random_opening
from reversi.engine.search import POLL, Search
from reversi.engine.timing import (
    DROP,
    STABLE,
    STRETCH,
    WALL_BASE,
    Iteration,
    next_cost,
    node_clock,
    stable,
    unsettled,
    wall_clock,
)

BASE = 20_000


def steady(depths: int, square: int = 19, score: float = 2.0, nodes: int = 100) -> list[Iteration]:
    """Returns ``depths`` completed depths with the same best move and score, each
    costing three times the one before."""
    return [Iteration(d, square, score, nodes * 3 ** d) for d in range(1, depths + 1)]


def midgame(seed: int, plies: int = 24) -> tuple[int, int]:
    """Returns a position after ``plies`` seeded random placements with several moves."""
    rng = random.Random(seed)
    while True:
        board = Board()
        for square in random_opening(rng, plies):
            board.play(square)
        if len(board.legal_moves()) >= 3:
            return board.mover_mask()


def test_c5_only_expert_manages_its_budget():
    """C5: the level flag is Expert's alone, so Easy, Normal and Hard play as before."""
    assert [name for name, level in LEVELS.items() if level.timing] == ["expert"]


def test_c5_a_book_move_needs_no_search():
    """C5: from the opening Expert plays the book's move, searching nothing."""
    choice = choose_move(*Board().mover_mask(), "expert", nodes=BASE, timing=True)
    assert choice.nodes == 0 and choice.depth == 0


def test_c5_changed_best_or_fallen_score_extends_to_twice_the_budget():
    """C5: a best move changed at the last depth, or a score fallen by DROP discs, allows
    STRETCH (2) times the budget; a settled one the budget."""
    clock = node_clock(BASE)
    done = steady(4)
    assert clock.cap(done) == BASE and not unsettled(done)
    changed = [*done, Iteration(5, 20, 2.0, 10_000)]
    fallen = [*done, Iteration(5, 19, 2.0 - DROP, 10_000)]
    assert unsettled(changed) and unsettled(fallen)
    assert clock.cap(changed) == clock.cap(fallen) == STRETCH * BASE == 2 * BASE
    assert clock.stop(changed, 2 * BASE, lambda: True)  # the cap: never beyond twice
    assert not clock.stop(changed, BASE + 1, lambda: pytest.fail("asked for an unsettled move"))


def test_c5_a_stable_wide_best_stops_when_the_next_depth_cannot_finish():
    """C5: the same best move over STABLE depths, every other move WIDE discs worse, stops
    as soon as the next depth is expected not to fit the budget; not before, and not
    when the margin is narrow."""
    done = steady(max(3, STABLE))
    cost = next_cost(done)
    assert cost is not None and stable(done)
    clock = node_clock(BASE)
    assert clock.stop(done, int(BASE - cost) + 1, lambda: True)
    assert not clock.stop(done, int(BASE - cost) - 1, lambda: True)
    assert not clock.stop(done, int(BASE - cost) + 1, lambda: False)
    assert next_cost(done[:2]) is None and not clock.stop(done[:2], BASE - 1, lambda: True)
    mixed = [*done[:-1], Iteration(len(done), 20, 2.0, done[-1].nodes)]
    assert not stable(mixed)


def test_c5_the_next_depth_is_predicted_from_the_same_parity():
    """C5: cost(d + 1) = cost(d - 1) * cost(d) / cost(d - 2)."""
    done = [Iteration(1, 0, 0.0, 10), Iteration(2, 0, 0.0, 40), Iteration(3, 0, 0.0, 50),
            Iteration(4, 0, 0.0, 400)]
    assert next_cost(done) == 50 * 400 / 40


def managed(p: int, o: int, nodes: int = BASE) -> Search:
    """Returns a search of ``(p, o)`` at a managed budget of ``nodes``, run."""
    search = Search(None, nodes)
    search.clock = node_clock(nodes)
    search.run(p, o, 20)
    return search


def test_c5_real_searches_stop_early_go_on_and_never_pass_twice_the_budget():
    """C5: over midgame positions, some managed searches stop short of the budget, some
    go past it, none past twice it (give or take a poll); a fixed budget stops at it."""
    spent = []
    for seed in range(12):
        p, o = midgame(seed)
        search = managed(p, o)
        assert search.nodes <= STRETCH * BASE + POLL
        spent.append(search.nodes)
        fixed = Search(None, BASE)
        fixed.run(p, o, 20)
        assert BASE <= fixed.nodes <= BASE + POLL
    assert min(spent) < BASE < max(spent)


def test_c5_a_wall_clock_spends_less_than_the_goal_when_settled_and_the_goal_at_most():
    """C5: in the page Expert's seconds are the ceiling (the thinking-time goal is a p95
    that the stretched moves would pass) and WALL_BASE of them the base."""
    clock = wall_clock(2.4)
    assert clock.wall and clock.ceiling == 2.4 and clock.base == pytest.approx(2.4 * WALL_BASE)
    assert 0.5 <= WALL_BASE < 1
    done = steady(3)
    cost = next_cost(done)
    assert cost is not None
    per_node = 1e-6  # the predicted next depth, in seconds at this speed
    assert clock.stop(done, clock.base - cost * per_node + 0.01, lambda: True, per_node)
    assert not clock.stop(done, clock.base - cost * per_node - 0.01, lambda: True, per_node)


@pytest.mark.parametrize("seed", [2, 6, 9])  # stops early, stretches, settles past the base
def test_c5_a_wall_clock_decides_as_a_node_clock_at_the_same_speed(monkeypatch, seed):
    """C5: with time that passes at a fixed rate a node, a wall clock stops each search
    where a node clock of the same base and ceiling does: the same rule in seconds."""
    per_node = 1e-5
    p, o = midgame(seed)
    by_nodes = Search(None, BASE)
    by_nodes.clock = node_clock(BASE)
    expected = by_nodes.run(p, o, 20)
    by_time = Search()
    fake = SimpleNamespace(perf_counter=lambda: by_time.nodes * per_node)
    monkeypatch.setattr(search_module, "time", fake)
    monkeypatch.setattr(budget, "time", fake)
    monkeypatch.setattr(timing, "WALL_BASE", 1 / STRETCH)
    ceiling = BASE * STRETCH * per_node
    by_time.limit(None, Deadline(ceiling))
    by_time.clock = wall_clock(ceiling)
    got = by_time.run(p, o, 20)
    assert (got.square, got.depth) == (expected.square, expected.depth)
    assert abs(got.nodes - expected.nodes) <= POLL


def test_c5_the_same_budget_plays_the_same_move():
    """C5: determinism: the same position, seed and budget give the same move, score,
    depth and nodes, again and again."""
    for seed in (3, 4):
        p, o = midgame(seed, 30)
        first, again = (choose_move(p, o, "expert", seed=1, nodes=BASE) for _ in range(2))
        assert (first.square, first.score, first.depth, first.nodes) == \
            (again.square, again.score, again.depth, again.nodes)


def test_c5_off_plays_exactly_as_a_fixed_budget():
    """C5: Expert with the management off is the plain search at its budget."""
    p, o = midgame(5, 28)
    off = choose_move(p, o, "expert", nodes=BASE, timing=False)
    plain = Search(None, BASE).run(p, o, LEVELS["expert"].max_depth)
    assert (off.square, off.score, off.depth, off.nodes) == \
        (plain.square, plain.score, plain.depth, plain.nodes)


def test_c5_the_module_states_its_rule():
    """C5: the rule is written down where it lives."""
    doc = timing.__doc__ or ""
    assert "More" in doc and "Less" in doc and "forced move" in doc
