"""Time management for Expert's midgame search, in node budgets (C5).

A level with ``Level.timing`` on does not spend the same nodes on every move:
it saves on easy moves and spends the saving on hard ones, so that over a game
it searches about as many nodes as without (``bench/timing.py`` measures it).
The iterative deepening loop (:meth:`reversi.engine.search.Search.run`, the
Python driver that the compiled engine shares, so both play alike) asks a
:class:`Clock` after each completed depth; the rule is:

- A forced move (one legal move) and a book move are played with no search
  at all (:func:`reversi.engine.players.choose_move`): no clock is started.
- **More** -- the move is *unsettled* when the last completed depth changed
  the best move, or lowered its score by at least :data:`DROP` discs from the
  depth before.  An unsettled search may go on to the clock's ceiling (never
  further); a settled one stops at the base budget.  The cap is decided again
  after each depth, so a search that settles past the base budget stops there.
- **Less** -- the move is *easy* when the best move has been the same for the
  last :data:`STABLE` completed depths, the search is not unsettled, and
  every other move is at least :data:`WIDE` discs worse (a null-window
  search of each, two plies shallower than the last completed depth: a
  cheap bound).  An easy move stops as soon as the next depth is not
  expected to finish within the base budget: that depth would be cut off,
  and its nodes are saved.  The next depth's cost is predicted from the
  last depths of the same parity: ``cost(d + 1) = cost(d - 1) * cost(d) /
  cost(d - 2)`` (Othello's odd and even depths grow differently).
- The nodes of the margin test count like any other; everything depends on
  the node counts only, so the same position, seed and budget always give
  the same move (and the same nodes) on the Python and the compiled engine.

A clock counts nodes or seconds (:func:`node_clock`, :func:`wall_clock`):

- **Nodes** (reproducible play, the benchmarks): the level's nodes are the
  base and :data:`STRETCH` times them the ceiling.
- **Seconds** (the page): the level's seconds are the ceiling, because its
  thinking-time goal is a 95th percentile that the stretched moves (a fifth
  of the searched ones) would otherwise exceed; the base is :data:`WALL_BASE`
  of them.  The next depth's cost in seconds is its predicted nodes at the
  search's own speed so far.

Only the midgame search is managed; the exact solver near the end runs as
before.  A pondered search (:mod:`reversi.engine.ponder`) keeps its
completed depths, so the rule sees them too.
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
