"""The frozen engine of commit 1fcb9e8 (``bench/lib/baseline.py``) on the compiled search,
for the ladder's pairs against it (in pure Python its Expert takes about 1.75 s a
move, so 200 games took 50 minutes).

Its recursive midgame search (``value``, ``_value``, ``_pvs``, the frontier, the
ordering, ``_poll``, ``principal_variation``) is the current engine's line for line,
and its pattern shapes are the current ones (``tests/test_frozen_native.py`` compares
the sources), so the compiled search, handed its weights and its ProbCut table,
returns its values, moves and node counts: a node budget plays its moves.  Its root
driver (``Search.run``), ``think``, book and levels stay its own Python.  Its exact
solver becomes the compiled one: the same scores, and a move of the same score
(perhaps another of them; :func:`install`).  Node budgets only: the compiled classes
take no deadline of the frozen engine.
"""

from __future__ import annotations

import functools
from pathlib import Path
from types import ModuleType
from typing import Any

import native
from reversi.engine.evaluate import Evaluator
from reversi.engine.variants import STANDARD

from . import baseline

#: The frozen engine that runs compiled.
FROZEN = baseline.TODAY


@functools.cache
def weights_evaluator() -> Evaluator:
    """Returns the current engine's evaluator of the frozen engine's weight file."""
    evaluate = FROZEN.module("evaluate")
    assert evaluate.__file__ is not None  # imported from the frozen copy's files
    folder = Path(evaluate.__file__).parent
    return Evaluator.load(folder / "data" / "standard.weights")


def _check(deadline: Any, evaluator: Any, variant: str) -> None:
    """Refuses what the compiled frozen engine does not play: a deadline, another
    evaluator than the frozen engine's own, another variant than the standard game."""
    if deadline is not None and deadline.at is not None or variant != STANDARD or \
            evaluator not in (None, FROZEN.module("evaluate").STANDARD):
        raise ValueError("the compiled frozen engine plays the standard game with its own "
                         "weights at node budgets")


def search_class(frozen: ModuleType, timeout: type[Exception]) -> type:
    """Returns the frozen ``search.Search`` with its recursive search in C, raising the
    frozen ``timeout`` at the node cap."""

    class Search(frozen.Search):  # type: ignore[name-defined]  # a base class known only at run time
        __doc__ = f"{FROZEN.commit}'s Search with ``_pvs`` and its line in C."
        nodes = native.Search.__dict__["nodes"]

        def __init__(self, deadline: Any = None, max_nodes: int | None = None, *,
                     variant: str = STANDARD, evaluator: Any = None, selective: bool = True) -> None:
            _check(deadline, evaluator, variant)
            self._context = None
            super().__init__(None, max_nodes, variant=variant, evaluator=evaluator, selective=selective)
            compiled = native.evaluation(weights_evaluator())
            self.evaluate = compiled  # the root's ordering: the same values
            self._cuts = native.cut_arrays(self.probcut)
            self._context = native.ffi.gc(native.lib.rn_search_new(compiled.pointer, 1, *self._cuts),
                                          native.lib.rn_search_free)
            native.lib.rn_search_limits(self._context, -1 if max_nodes is None else max_nodes, -1.0)
            self._out = native.ffi.new("double *")

        def _pvs(self, p: int, o: int, depth: int, alpha: float, beta: float) -> float:
            """Returns ``_pvs``'s value, searched in C."""
            if native.lib.rn_pvs(self._context, p, o, depth, alpha, beta, self._out):
                raise timeout
            return float(self._out[0])

        def principal_variation(self, p: int, o: int, first: int, depth: int) -> list[int]:
            """Returns ``principal_variation``'s line, followed in C after its first move."""
            return native.Search.principal_variation(self, p, o, first, depth)

    return Search


def _solver(deadline: Any = None, *, evaluator: Any = None, variant: str = STANDARD) -> native.Solver:
    """Returns the compiled exact solver in the frozen solver's place (its evaluation only
    orders moves and guesses: the scores are exact)."""
    _check(deadline, evaluator, variant)
    return native.Solver(evaluator=weights_evaluator())


def install() -> bool:
    """Makes the frozen engine's ``think`` use the compiled search and solver when the
    compiled engine is built; returns whether it does."""
    if not native.AVAILABLE:
        return False
    think: Any = FROZEN.module("think")  # a module whose names are replaced below
    think.Search = search_class(FROZEN.module("search"), FROZEN.module("budget").SearchTimeout)
    think.Solver = _solver
    return True
