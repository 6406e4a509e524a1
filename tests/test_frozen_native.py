"""1fcb9e8's frozen engine on the compiled search (``bench/lib/frozen_native.py``) plays the
frozen engine's moves (C2's yardstick, measured faster): the same recursive search and
shapes as the current engine's, the same evaluation, the same node-budget searches
(moves, values, depths, node counts, lines) and, from the exact solver, moves of the
same exact score."""

from __future__ import annotations

import ast
import inspect
import random
import subprocess
import textwrap

import pytest
from lib import baseline, frozen_native

import native
from reversi.engine import patterns, search
from reversi.engine.board import Board
from reversi.engine.endgame import solve_all

FROZEN = frozen_native.FROZEN
if subprocess.run(["git", "-C", str(baseline.ROOT), "cat-file", "-e", f"{FROZEN.commit}^{{commit}}"],
                  capture_output=True).returncode:
    pytest.skip(f"the clone lacks commit {FROZEN.commit} (a shallow clone)", allow_module_level=True)
if not native.AVAILABLE:
    pytest.skip("the compiled engine is not built (tests/test_native.py builds it)", allow_module_level=True)

#: The methods the compiled search stands for.
RECURSIVE = ("value", "_value", "_pvs", "_frontier", "_ordered", "_poll", "principal_variation")


def positions(count: int, seed: int, plies: tuple[int, int]) -> list[tuple[int, int]]:
    """Returns ``count`` positions after a seeded random number of random plies in ``plies``."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        board = Board.initial()
        for _ in range(rng.randint(*plies)):
            if board.is_game_over():
                break
            board.play(rng.choice(board.legal_moves()))
        if not board.is_game_over() and board.legal_moves():
            found.append(board.mover_mask())
    return found


def code(obj: object) -> str:
    """Returns ``obj``'s source as a syntax tree without its docstrings: the code, not its words."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(obj)))  # type: ignore[arg-type]
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]  # type: ignore[attr-defined]
    return ast.dump(tree)


def test_the_frozen_recursive_search_and_shapes_are_the_current_ones():
    frozen = FROZEN.module("search").Search
    for name in RECURSIVE:
        assert code(getattr(frozen, name)) == code(getattr(search.Search, name)), name
    assert code(FROZEN.module("patterns")) == code(patterns)


def test_its_evaluation_is_the_frozen_one_to_the_last_unit():
    compiled = native.evaluation(frozen_native.weights_evaluator())
    frozen = FROZEN.module("evaluate").STANDARD
    for p, o in positions(300, 1, (0, 56)):
        assert compiled(p, o) == frozen.evaluate(p, o)


def test_node_budget_searches_give_the_frozen_moves_values_and_nodes():
    frozen = FROZEN.module("search").Search
    compiled = frozen_native.search_class(FROZEN.module("search"), FROZEN.module("budget").SearchTimeout)
    for p, o in positions(12, 2, (6, 40)):
        a, b = frozen(None, 3000).run(p, o), compiled(None, 3000).run(p, o)
        assert (a.square, a.score, a.depth, a.nodes, a.pv) == (b.square, b.score, b.depth, b.nodes, b.pv)


def test_the_installed_frozen_expert_plays_an_exact_best_move_in_the_endgame(monkeypatch):
    players, think = FROZEN.module("players"), FROZEN.module("think")
    for name in ("Search", "Solver"):  # put back after the test
        monkeypatch.setattr(think, name, getattr(think, name))
    assert frozen_native.install()
    assert think.Search.__module__ == frozen_native.__name__
    for p, o in positions(4, 3, (47, 49)):
        scores = solve_all(p, o)
        move = players.choose_move(p, o, "expert", nodes=players.LEVELS["expert"].nodes)
        assert move.exact and scores[move.square] == max(scores.values())


def test_what_it_cannot_play_is_refused():
    compiled = frozen_native.search_class(FROZEN.module("search"), FROZEN.module("budget").SearchTimeout)
    deadline = FROZEN.module("budget").Deadline(1.0)
    for kwargs in ({"deadline": deadline}, {"variant": "anti"},
                   {"evaluator": FROZEN.module("evaluate").for_variant("anti")}):
        with pytest.raises(ValueError, match="node budgets"):
            compiled(**kwargs)
