"""The root driver: the best move within a budget, by the exact solver near the
end of the game and by the midgame search before.

:func:`think` is what the computer players and the analysis call: it plays the
endgame exactly with :class:`reversi.engine.endgame.Solver` when asked to (at
most ``exact_empties`` empty squares) and falls back to the midgame result of
:class:`reversi.engine.search.Search` if the solver runs out of time.
:func:`exact_threshold` says from how many empty squares the solver is expected
to finish in a number of seconds, from measured solver times.
"""

from __future__ import annotations

import sys
import time

from .bitboard import Bitboard, Square, moves_mask
from .budget import Deadline, SearchTimeout
from .endgame import Solver
from .evaluate import Evaluator, for_variant
from .result import Result
from .search import Search
from .timing import node_clock, wall_clock
from .variants import STANDARD

#: Seconds the exact solver needs on CPython, by number of empty squares: about
#: the 90th percentile over positions from self-play games (measured by
#: ``python bench/solver_times.py``; 15-17 with nothing else running).
SOLVE_SECONDS: dict[int, float] = {
    10: 0.005, 11: 0.018, 12: 0.025, 13: 0.058, 14: 0.159, 15: 0.223, 16: 0.707,
    17: 1.812, 18: 4.254,
}
#: How much slower Pyodide runs the solver than native CPython: the largest ratio of
#: the 90th percentiles measured at 15-17 empties (2.0, 2.3 and 2.4).
PYODIDE_SLOWDOWN = 2.4
#: The slowdown of the interpreter running now.
SLOWDOWN = PYODIDE_SLOWDOWN if sys.platform == "emscripten" else 1.0
#: Share of a budget the solver gets (the rest buys a midgame fallback first).
SOLVE_SHARE = 0.75

def exact_threshold(seconds: float, cap: int = 20, slowdown: float = SLOWDOWN) -> int:
    """Returns the most empty squares (at most ``cap``) at which the exact solver
    is expected to finish within its share of ``seconds``, ``slowdown`` times
    slower than CPython."""
    fits = [e for e, need in SOLVE_SECONDS.items()
            if need * slowdown <= seconds * SOLVE_SHARE and e <= cap]
    return max(fits, default=min(cap, min(SOLVE_SECONDS) - 1))


def think(p: Bitboard, o: Bitboard, *, max_depth: int = 60, deadline: Deadline | None = None,
          max_nodes: int | None = None, exact_empties: int = 0, variant: str = STANDARD,
          evaluator: Evaluator | None = None, search: Search | None = None,
          timing: bool = False) -> Result:
    """Returns the best move for ``p`` in ``variant``: exact if at most
    ``exact_empties`` squares are empty and the solver finishes in time, else
    by the midgame search with ``evaluator`` (by default the variant's own).

    With a deadline, ``1 - SOLVE_SHARE`` of the remaining time first buys a
    midgame result to fall back on; without one the solver runs to the end.
    ``search`` is a search of this position already under way (pondered): the
    midgame goes on with it, ``max_nodes`` more nodes than it has searched.
    ``timing`` manages the budget (:mod:`reversi.engine.timing`, C5): the midgame
    search then spends from less than ``max_nodes`` on an easy move to twice as many
    on a hard one; without a node budget, less than the deadline's time on a settled
    move and all of it on a hard one.
    """
    start = time.perf_counter()
    empties = 64 - (p | o).bit_count()
    evaluator = evaluator or for_variant(variant)
    if empties > exact_empties or not moves_mask(p, o):
        clock = None
        if timing:
            clock = node_clock(max_nodes) if max_nodes is not None else \
                wall_clock(deadline.remaining()) if deadline is not None and deadline.at else None
        if search is not None:
            search.limit(None if max_nodes is None else search.nodes + max_nodes, deadline)
        else:
            search = Search(deadline, max_nodes, variant=variant, evaluator=evaluator)
        search.clock = clock
        return search.run(p, o, max_depth)
    fallback = None
    if deadline is not None and deadline.at is not None:
        midgame = Search(Deadline(deadline.remaining() * (1 - SOLVE_SHARE)), max_nodes,
                         variant=variant, evaluator=evaluator)
        fallback = midgame.run(p, o, max_depth)
    solver = Solver(deadline, evaluator=evaluator, variant=variant)
    try:
        score, square = solver.solve(p, o)
    except SearchTimeout:
        if fallback is None:
            raise
        fallback.seconds = time.perf_counter() - start
        return fallback
    nodes = solver.nodes + (fallback.nodes if fallback else 0)
    return Result(square, float(score), empties, nodes, time.perf_counter() - start, True,
                  [] if square is None else [square])


def analyse(p: Bitboard, o: Bitboard, *, deadline: Deadline,
            variant: str = STANDARD) -> tuple[float, Square | None, bool]:
    """Returns ``(score, best square, exact)`` for ``p`` to move in ``variant`` within
    ``deadline`` (a finite one: without it the search goes on to the end of the game)."""
    result = think(p, o, deadline=deadline, exact_empties=exact_threshold(deadline.remaining()),
                   variant=variant)
    return result.score, result.square, result.exact
