"""Time management for Expert's midgame search, in node budgets (C5).

The rule: a forced move and a book move are played with no search; **More**: an
unsettled move (its best move changed, or its score fell by :data:`DROP`) may search on
to the clock's ceiling; **Less**: an easy move stops when the next depth would not fit
the base budget.  :meth:`reversi.engine.search.Search.run` asks a :class:`Clock`
(:func:`node_clock` or :func:`wall_clock`) after each completed depth.  The rule in
full, and why: ``docs/engine.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .bitboard import Square

#: Completed depths with the same best move that make a move stable (2: the last
#: depth kept the best move of the one before; 3 saved too little to pay for the
#: stretched moves: 6 % more nodes a game than a fixed budget, ``bench/timing.py``).
STABLE = 2
#: Discs by which every other move must be worse for an easy move (at 2-4 discs too
#: few moves were easy: 9-19 % more nodes a game).
WIDE = 1.0
#: Discs the best score may fall from one depth to the next before the move is unsettled.
DROP = 4.0
#: The ceiling of a node clock, in base budgets.
STRETCH = 2
#: The base of a wall clock, as a share of its ceiling (the level's seconds).
WALL_BASE = 0.85


@dataclass(frozen=True)
class Iteration:
    """One completed depth of an iterative deepening: its best move and score, and
    the nodes it took."""

    depth: int
    square: Square
    score: float
    nodes: int


def unsettled(done: Sequence[Iteration]) -> bool:
    """Checks if the last completed depth changed the best move or dropped its
    score by :data:`DROP` discs or more."""
    if len(done) < 2:
        return False
    last, before = done[-1], done[-2]
    return last.square != before.square or last.score <= before.score - DROP


def stable(done: Sequence[Iteration]) -> bool:
    """Checks if the last :data:`STABLE` completed depths found the same best move."""
    return len(done) >= STABLE and len({i.square for i in done[-STABLE:]}) == 1


def next_cost(done: Sequence[Iteration]) -> float | None:
    """Returns the expected nodes of the next depth (from the last three: the
    growth over two plies of the same parity), or None before three depths."""
    if len(done) < 3:
        return None
    two_back, one_back, last = (max(1, i.nodes) for i in done[-3:])
    return one_back * last / two_back


@dataclass
class Clock:
    """The budget of one move, in nodes or (``wall``) seconds: ``base``, up to
    ``ceiling`` when unsettled, and less when easy.  ``spent`` counts from the
    move's start."""

    base: float
    ceiling: float
    wall: bool = False

    def cap(self, done: Sequence[Iteration]) -> float:
        """Returns the most the move may spend after the depths ``done``."""
        return self.ceiling if unsettled(done) else self.base

    def stop(self, done: Sequence[Iteration], spent: float, wide: Callable[[], bool],
             per_node: float = 1.0) -> bool:
        """Checks if the search should stop after the depths ``done`` with ``spent``
        spent: the cap is reached, or the move is easy and the next depth, at
        ``per_node`` of the clock's unit a node, is not expected to fit the base
        budget.  ``wide`` tests the margin to the other moves (it searches, so it
        is asked last, and only when it decides)."""
        if spent >= self.cap(done):
            return True
        if unsettled(done) or not stable(done):
            return False
        cost = next_cost(done)
        return cost is not None and spent + cost * per_node > self.base and wide()

    def next_cap(self, done: Sequence[Iteration], nodes: int, seconds: float, per_node: float,
                 wide: Callable[[], bool]) -> float | None:
        """Returns the most the move may spend after the depths ``done``, in the clock's
        unit and counted from the move's start, or None when it stops there: ``nodes``
        and ``seconds`` spent so far, at ``per_node`` seconds a node (see :meth:`stop`)."""
        if self.stop(done, seconds if self.wall else nodes, wide, per_node if self.wall else 1.0):
            return None
        return self.cap(done)


def node_clock(nodes: int) -> Clock:
    """Returns the clock of a ``nodes`` budget: that base, :data:`STRETCH` times it at most."""
    return Clock(nodes, nodes * STRETCH)


def wall_clock(seconds: float) -> Clock:
    """Returns the clock of ``seconds`` of wall time: at most that, :data:`WALL_BASE` of it
    on a settled move."""
    return Clock(seconds * WALL_BASE, seconds, wall=True)
