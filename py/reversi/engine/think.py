"""The root driver: the best move within a budget, by the exact solver near the end of the
game and by the midgame search before (C2, C6).

:func:`think` is what the computer players (:mod:`.players`) and the analysis call;
:func:`exact_threshold` and :func:`proof_threshold` say from how many empty squares the
solver is expected to finish in a number of seconds.  How the budget is shared between
the search, the proof and the solver: ``docs/engine.md``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import partial

from .bitboard import Bitboard, Square, flips_mask, moves_mask
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
#: The same for the win-loss-draw proof (``python bench/wld_times.py --empties 14 15 16 17 18 19
#: --positions 40``): a tenth to a third of the exact count's time.
WLD_SECONDS: dict[int, float] = {14: 0.044, 15: 0.049, 16: 0.095, 17: 0.283, 18: 0.896, 19: 2.775}
#: How much slower Pyodide runs the solver than native CPython: the largest ratio of
#: the 90th percentiles measured at 15-17 empties (2.0, 2.3 and 2.4).
PYODIDE_SLOWDOWN = 2.4
#: The slowdown of the interpreter running now.
SLOWDOWN = PYODIDE_SLOWDOWN if sys.platform == "emscripten" else 1.0
#: Share of a budget the solver gets (the rest buys a midgame fallback first).
SOLVE_SHARE = 0.75
#: Most of a budget the win-loss-draw proof gets (after the fallback's share; the rest
#: goes on with the midgame search when the proof finds a loss or runs out of time).
PROOF_SHARE = 0.5


def exact_threshold(seconds: float, cap: int = 20, slowdown: float = SLOWDOWN) -> int:
    """Returns the most empty squares (at most ``cap``) at which the exact solver
    is expected to finish within its share of ``seconds``, ``slowdown`` times
    slower than CPython."""
    return _threshold(seconds * SOLVE_SHARE, cap, slowdown, SOLVE_SECONDS)


def proof_threshold(seconds: float, cap: int = 20, slowdown: float = SLOWDOWN) -> int:
    """Returns the most empty squares (at most ``cap``) at which the win-loss-draw
    proof is expected to finish within its share of ``seconds`` (:func:`_prove`)."""
    return _threshold(seconds * PROOF_SHARE, cap, slowdown, WLD_SECONDS)


def _threshold(seconds: float, cap: int, slowdown: float, times: dict[int, float]) -> int:
    """Returns the most empty squares (at most ``cap``) whose ``times`` (CPython seconds),
    ``slowdown`` times slower, fit in ``seconds``."""
    fits = [e for e, need in times.items() if need * slowdown <= seconds and e <= cap]
    return max(fits, default=min(cap, min(times) - 1))


def think(p: Bitboard, o: Bitboard, *, max_depth: int = 60, deadline: Deadline | None = None,
          max_nodes: int | None = None, exact_empties: int = 0, wld_empties: int = 0,
          variant: str = STANDARD, evaluator: Evaluator | None = None,
          search: Search | None = None, timing: bool = False) -> Result:
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
    move and all of it on a hard one.  ``wld_empties``: see :func:`_prove`.
    """
    start = time.perf_counter()
    empties = 64 - (p | o).bit_count()
    evaluator = evaluator or for_variant(variant)
    if empties > exact_empties or not moves_mask(p, o):
        if search is not None:
            search.limit(None if max_nodes is None else search.nodes + max_nodes, deadline)
        else:
            search = Search(deadline, max_nodes, variant=variant, evaluator=evaluator)
        search.clock = None
        if empties <= wld_empties and moves_mask(p, o):
            return _prove(p, o, search, max_depth, deadline,
                          partial(Solver, evaluator=evaluator, variant=variant))
        if timing:
            search.clock = node_clock(max_nodes) if max_nodes is not None else \
                wall_clock(deadline.remaining()) if deadline is not None and deadline.at else None
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


def _prove(p: Bitboard, o: Bitboard, search: Search, max_depth: int, deadline: Deadline | None,
           solver: Callable[[Deadline | None], Solver]) -> Result:
    """Returns a move that the solver proves wins, or else draws, for ``p`` (the
    midgame search's move when it is one), or the midgame ``search``'s move after a
    proven loss or with no proof in time; the search, then the proof, then the search
    again share the budget as ``docs/engine.md`` says (``SOLVE_SHARE``, ``PROOF_SHARE``).
    """
    start = time.perf_counter()
    cap, share = search.max_nodes, 1 - SOLVE_SHARE
    timed = deadline is not None and deadline.at is not None
    seconds = deadline.remaining() if deadline is not None and timed else 0.0
    search.limit(None if cap is None else search.nodes + int((cap - search.nodes) * share),
                 Deadline(seconds * share) if timed else None)
    midgame = search.run(p, o, max_depth)
    prover = solver(Deadline(seconds * PROOF_SHARE) if timed else None)
    proven: int | None = None  # None: no proof in time, the midgame search decides
    try:
        proven, square = prover.solve(p, o, -1, 1)
    except SearchTimeout:
        pass
    if proven is not None and proven >= 0 and square is not None:
        if midgame.square is not None and square != midgame.square and \
                _proves(prover, p, o, midgame.square, proven):
            square = midgame.square  # as good a result, and the most discs by the search
        return Result(square, max(midgame.score, 1.0) if proven else 0.0, midgame.depth,
                      search.nodes + prover.nodes, time.perf_counter() - start, not proven,
                      midgame.pv if square == midgame.square else [square])
    search.limit(cap, deadline)
    result = search.run(p, o, max_depth)
    if proven is not None:
        result.score = min(result.score, -1.0)
    return result


def _proves(solver: Solver, p: Bitboard, o: Bitboard, square: Square, proven: int) -> bool:
    """Checks if ``square`` wins for ``p`` when ``proven`` is a win (above 0), or draws
    at least when it is a draw (False if ``solver`` runs out of time first)."""
    f = flips_mask(p, o, square)
    try:
        reply = solver.solve(o ^ f, p | f | 1 << square, -1, 1)[0]
    except SearchTimeout:
        return False
    return reply < 0 if proven > 0 else reply <= 0


def analyse(p: Bitboard, o: Bitboard, *, deadline: Deadline,
            variant: str = STANDARD) -> tuple[float, Square | None, bool]:
    """Returns ``(score, best square, exact)`` for ``p`` to move in ``variant`` within
    ``deadline`` (a finite one: without it the search goes on to the end of the game)."""
    result = think(p, o, deadline=deadline, exact_empties=exact_threshold(deadline.remaining()),
                   variant=variant)
    return result.score, result.square, result.exact
