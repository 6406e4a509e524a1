"""Weakened play (C7): the value of every root move within a margin of the best, and
a seeded softmax choice among them.

A weakened level (``Level.weakening``, the new rungs of :mod:`reversi.engine.ladder`)
plays through :func:`choose`, which :func:`reversi.engine.players.choose_move` calls
after the book and a forced move.  :func:`spread` values every distinct root move
(moves leading to symmetric images of one position, :func:`reversi.engine.book.canonical`,
once): by iterative deepening with one table, each move first tested by a null window
``margin`` below the best found so far at that depth and searched again, with the
window open above, only when it passes (as the principal-variation search does), so a
move further below is only bounded; the values are those of the deepest depth
completed for every move.  At most ``exact_empties`` empty squares the solver gives
them exactly, with the same floor.  It builds its search and solver from
``think.Search`` and ``think.Solver``, so the offline tools' compiled engine
(``native.install``) plays the same moves.  :func:`pick` then takes a move within the
phase's cap of the best with a probability proportional to
``exp(-|loss - aim| / temperature)``, the best at a zero temperature.  A node budget
and a seed give the same move every time.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from . import think
from .bitboard import Bitboard, Square
from .book import canonical
from .budget import Deadline, SearchTimeout
from .endgame import Solver
from .evaluate import Evaluator, for_variant
from .levels import Level, phase
from .search import EPSILON, INF, Search


@dataclass
class Spread:
    """The root moves' values: ``values`` holds each distinct move within the margin of
    the best (by the deepest depth ``depth`` completed for all of them, exact when
    ``exact``), keyed by its lowest square; ``nodes`` counts the search's and the
    solver's nodes."""

    values: dict[Square, float]
    depth: int
    exact: bool
    nodes: int


def distinct(p: Bitboard, o: Bitboard, search: Search) -> dict[Square, tuple[Bitboard, Bitboard]]:
    """Returns the positions after ``p``'s legal placements, one per symmetric image
    (under its lowest square)."""
    out: dict[Square, tuple[Bitboard, Bitboard]] = {}
    seen: set[Bitboard] = set()
    for s, np, no in sorted(search.children(p, o)):
        key = canonical(np, no)
        if key not in seen:
            seen.add(key)
            out[s] = (np, no)
    return out


def spread(p: Bitboard, o: Bitboard, *, margin: float, max_depth: int = 60,
           max_nodes: int | None = None, deadline: Deadline | None = None, exact_empties: int = 0,
           variant: str = "standard", evaluator: Evaluator | None = None) -> Spread:
    """Returns the values of ``p``'s root moves within ``margin`` discs of the best
    (``p`` has a legal move): by the midgame search within ``max_depth``,
    ``max_nodes`` and ``deadline``, or exactly at most ``exact_empties`` empty
    squares (without a deadline the solver runs to the end; with one, the midgame
    values, searched first with ``1 - think.SOLVE_SHARE`` of the time, stand when it
    runs out)."""
    deadline = deadline or Deadline(None)
    evaluator = evaluator or for_variant(variant)
    timed = deadline.at is not None
    empties = 64 - (p | o).bit_count()
    search = think.Search(deadline, max_nodes, variant=variant, evaluator=evaluator)
    children = distinct(p, o, search)
    if empties > exact_empties:
        return _searched(children, search, margin, max_depth, empties)
    fallback = None
    if timed:
        search.limit(max_nodes, Deadline(deadline.remaining() * (1 - think.SOLVE_SHARE)))
        fallback = _searched(children, search, margin, max_depth, empties)
    solver = think.Solver(deadline, evaluator=evaluator, variant=variant)
    order = fallback.values if fallback else {s: -search.estimate(*child) for s, child in children.items()}
    try:
        values = _solved(children, solver, margin, sorted(children, key=lambda s: (-order.get(s, -INF), s)))
    except SearchTimeout:
        assert fallback is not None  # without a deadline the solver never times out
        fallback.nodes = search.nodes + solver.nodes
        return fallback
    return Spread(values, empties, True, search.nodes + solver.nodes)


def _searched(children: dict[Square, tuple[Bitboard, Bitboard]], search: Search, margin: float,
              max_depth: int, empties: int) -> Spread:
    """Returns the children's values within ``margin`` of the best by iterative
    deepening with ``search`` (the one-ply evaluation if depth 1 is not completed)."""
    found = {s: -search.estimate(*child) for s, child in children.items()}
    depth_done = 0
    try:
        for depth in range(1, max(1, min(max_depth, empties)) + 1):
            best, this = -INF, {}
            for s in sorted(found, key=lambda s: (-found[s], s)):
                child, floor = children[s], best - margin - EPSILON
                if best > -INF:  # a null window first: is it above the floor?
                    value = -search.bounded(*child, depth - 1, -floor - EPSILON, -floor)
                    if value <= floor:
                        this[s] = value
                        continue
                this[s] = -search.bounded(*child, depth - 1, -INF, -floor)
                best = max(best, this[s])
            found, depth_done = this, depth
    except SearchTimeout:
        pass
    best = max(found.values())
    return Spread({s: v for s, v in found.items() if v >= best - margin}, depth_done,
                  depth_done >= empties, search.nodes)


def _solved(children: dict[Square, tuple[Bitboard, Bitboard]], solver: Solver, margin: float,
            order: list[Square]) -> dict[Square, float]:
    """Returns the children's exact values within ``margin`` of the best, solved in
    ``order`` (best first is fastest).

    :raises SearchTimeout: past the solver's deadline.
    """
    best, found = -64, dict[Square, int]()
    for s in order:
        # a value above ``low`` is exact; at most ``low``, it is below ``best - margin``
        low = -64 if not found else max(-64, math.ceil(best - margin) - 1)
        found[s] = -solver.solve(*children[s], -64, -low)[0]
        best = max(best, found[s])
    return {s: float(v) for s, v in found.items() if v >= best - margin}


def pick(values: dict[Square, float], temperature: float, cap: float, rng: random.Random,
         aim: float = 0.0) -> Square:
    """Returns one of ``values``' moves within ``cap`` of the best, with a probability
    proportional to ``exp(-|loss - aim| / temperature)`` drawn from ``rng``; at a zero
    temperature the best (the lowest square among equals, with no draw)."""
    best = max(values.values())
    allowed = sorted(s for s, v in values.items() if best - v <= cap)
    if temperature <= 0:
        return min(allowed, key=lambda s: (-values[s], s))
    weights = [math.exp(-abs(best - values[s] - aim) / temperature) for s in allowed]
    draw = rng.random() * sum(weights)
    for s, weight in zip(allowed, weights):
        draw -= weight
        if draw < 0:
            return s
    return allowed[-1]


def choose(p: Bitboard, o: Bitboard, config: Level, rng: random.Random, *,
           deadline: Deadline | None, max_nodes: int | None, exact_empties: int,
           variant: str, evaluator: Evaluator | None) -> tuple[Square, float, Spread]:
    """Returns ``config``'s weakened move for ``p`` (who has a legal move), its value
    and the root values it was picked from: :func:`spread` within the phase's cap,
    then :func:`pick`."""
    assert config.weakening is not None
    stage = phase(64 - (p | o).bit_count())
    cap = config.weakening.cap[stage]
    found = spread(p, o, margin=cap, max_depth=config.max_depth, max_nodes=max_nodes, deadline=deadline,
                   exact_empties=exact_empties, variant=variant, evaluator=evaluator)
    square = pick(found.values, config.weakening.temperature[stage], cap, rng, config.weakening.aim[stage])
    return square, found.values[square], found
