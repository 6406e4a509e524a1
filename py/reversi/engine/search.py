"""Midgame search (C2, R4, V1, V2): :class:`Search`, an iterative deepening
principal-variation search with a transposition table, move ordering and ProbCut,
for one variant's rules and evaluation, within a node cap, a deadline or a
:class:`reversi.engine.timing.Clock`.  Called by :mod:`reversi.engine.think` (the
root driver, which hands the end to the exact solver), :mod:`reversi.engine.ponder`
and :mod:`reversi.engine.weakening`.  How it searches, and what was measured:
``docs/engine.md``, "The midgame search".
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from . import variants
from .bitboard import CORNERS, Bitboard, Square, flips_mask, moves_mask, squares
from .budget import Deadline, SearchTimeout
from .evaluate import Evaluator, for_variant
from .probcut import probcut_table
from .result import Result
from .timing import WIDE, Clock, Iteration
from .variants import FREE, FREE_PLACEMENTS, STANDARD

#: Nodes between two polls of the deadline and node cap (a power of two).
POLL = 64
#: Width of the null window (scores are floats in disc units).
EPSILON = 1 / 64
INF = 1000.0

_LOWER, _EXACT, _UPPER = 0, 1, 2

#: Scores beyond this cannot be reached (a disc difference is at most 64).
LIMIT = 64.0


#: Per corner: its X- and C-squares.
_NEXT_TO = {corner: sum(1 << s for s in near) for corner, near in
            ((0, (1, 8, 9)), (7, (6, 14, 15)), (56, (48, 49, 57)), (63, (54, 55, 62)))}
#: Per set of empty corners (a subset of CORNERS): the X- and C-squares next to them.
_RISKY = {mask: sum(near for corner, near in _NEXT_TO.items() if mask >> corner & 1) for mask in
          (sum(1 << c for i, c in enumerate((0, 7, 56, 63)) if k >> i & 1) for k in range(16))}


class Search:
    """An iterative deepening PVS over one root position, with its own table.

    ``deadline`` bounds the wall time; ``max_nodes`` the nodes (deterministic,
    for tests and the ladder).  Either may be None.  ``variant`` names the
    rules and the result searched for (V1).  ``evaluator`` scores the
    leaves and brings its ProbCut statistics (by default the variant's own,
    V2); ``selective=False`` turns ProbCut off.
    """

    def __init__(self, deadline: Deadline | None = None, max_nodes: int | None = None, *,
                 variant: str = STANDARD, evaluator: Evaluator | None = None,
                 selective: bool = True) -> None:
        self.variant = variants.check(variant)
        evaluator = evaluator or for_variant(variant)
        self.evaluate = evaluator.evaluate
        self.probcut = probcut_table(evaluator.probcut) if selective else {}
        self.deadline = deadline or Deadline(None)
        self.max_nodes = max_nodes
        self.nodes = 0
        self.table: dict[tuple[Bitboard, Bitboard], tuple[int, int, float, Square]] = {}
        self.history = [0] * 64
        #: Best root move and score proven so far in the unfinished iteration.
        self.partial: tuple[Square, float] | None = None
        #: The last iteration completed: its root, depth, move order and result, from
        #: which a later run of the same root goes on (a pondered search).
        self.reached: tuple[tuple[Bitboard, Bitboard], int, tuple[Square, ...], Result] | None = None
        #: Time management (C5): with a clock, ``run`` sets its own node cap (``max_nodes``
        #: is then the base budget's end) after each completed depth.
        self.clock: Clock | None = None
        #: The completed depths of the root searched last, and the node count at the
        #: last one's end (the next one's cost counts from there).
        self.iterations: list[Iteration] = []
        self.mark = 0
        #: Seconds spent in ``run`` so far (a wall clock's speed estimate).
        self.busy = 0.0

    def limit(self, max_nodes: int | None, deadline: Deadline | None = None) -> None:
        """Sets a new node cap and deadline, for this search to go on with the table,
        history and node count it has (a pondered search, :mod:`reversi.engine.ponder`)."""
        self.max_nodes = max_nodes
        self.deadline = deadline or Deadline(None)

    def share(self, other: Search) -> None:
        """Uses ``other``'s table from now on, so that what either learns serves both
        (the pondered searches, :mod:`reversi.engine.ponder`)."""
        self.table = other.table

    def forget_before(self, discs: int) -> None:
        """Drops the table's positions with fewer than ``discs`` discs, which a game that
        has reached ``discs`` never meets again: it frees memory and changes no result."""
        table = self.table
        for key in [key for key in table if (key[0] | key[1]).bit_count() < discs]:
            del table[key]

    def run(self, p: Bitboard, o: Bitboard, max_depth: int = 60) -> Result:
        """Returns the best move for ``p`` found within the depth cap and budget.

        Never raises :class:`SearchTimeout` (it returns what it has); a
        ``KeyboardInterrupt`` passes through.
        """
        start = time.perf_counter()
        children = {s: (np, no) for s, np, no in self.children(p, o)}
        empties = 64 - (p | o).bit_count()
        if not children:
            opponent = moves_mask(o, p)
            score = -self.run(o, p, max_depth).score if opponent else \
                variants.final_score(p, o, self.variant)
            return Result(None, score, 0, self.nodes, time.perf_counter() - start,
                          not opponent, [])
        if self.reached is not None and self.reached[0] == (p, o):  # going on (pondered)
            _, done, kept, last = self.reached
            order, result = list(kept), replace(last)
        else:
            ranked = sorted((self.estimate(*child), s) for s, child in children.items())
            order = [s for _, s in ranked]
            result, done = Result(order[0], -ranked[0][0]), 0
            self.iterations, self.mark = [], self.nodes
        nodes_then, clock, outer = self.nodes, self.clock, self.deadline
        for depth in range(done + 1, max(1, min(max_depth, empties)) + 1):
            if clock is not None and self._stop(clock, nodes_then, start, outer,
                                                partial(self._wide, children, order, depth - 1)):
                break
            self.partial = None
            try:
                score, best = self._root(children, order, depth)
            except SearchTimeout:
                if self.partial and self.partial[0] != result.square:
                    result = Result(self.partial[0], self.partial[1], depth,
                                    pv=[self.partial[0]])
                break
            order.remove(best)
            order.insert(0, best)
            result = Result(best, score, depth, exact=depth >= empties,
                            pv=self.principal_variation(p, o, best, depth))
            self.reached = ((p, o), depth, tuple(order), result)
            self.iterations.append(Iteration(depth, best, score, self.nodes - self.mark))
            self.mark = self.nodes
        result.nodes = self.nodes
        result.seconds = time.perf_counter() - start
        self.busy += result.seconds
        return result

    def _stop(self, clock: Clock, nodes_then: int, start: float, outer: Deadline,
              wide: Callable[[], bool]) -> bool:
        """Asks ``clock`` whether the move begun at ``nodes_then`` nodes and ``start``
        seconds stops before the next depth; if not, sets the node cap, or for a wall
        clock the deadline (never past ``outer``), to the clock's cap (C5)."""
        now = time.perf_counter()
        cap = clock.next_cap(self.iterations, self.nodes - nodes_then, now - start,
                             (self.busy + now - start) / max(1, self.nodes), wide)
        if cap is None:
            return True
        if not clock.wall:
            self.limit(nodes_then + int(cap), self.deadline)
        else:
            inside = outer.at is None or start + cap < outer.at
            self.limit(self.max_nodes, Deadline(start + cap - now) if inside else outer)
        return False

    def children(self, p: Bitboard, o: Bitboard) -> list[tuple[Square, Bitboard, Bitboard]]:
        """Returns each legal placement of ``p`` with the position after it (the
        opponent to move); in the free opening the empty centre squares, which flip nothing."""
        centre = variants.opening_squares(self.variant, p, o)
        if centre is not None:
            return [(s, o, p | 1 << s) for s in squares(centre)]
        return [(s, o ^ f, p | f | 1 << s)
                for s in squares(moves_mask(p, o)) for f in (flips_mask(p, o, s),)]

    def estimate(self, p: Bitboard, o: Bitboard) -> float:
        """Returns the evaluation of ``(p, o)`` for ordering (0 during the free opening)."""
        placing = self.variant == FREE and (p | o).bit_count() < FREE_PLACEMENTS
        return 0.0 if placing else self.evaluate(p, o)

    def _root(self, children: dict[Square, tuple[Bitboard, Bitboard]], order: list[Square],
              depth: int) -> tuple[float, Square]:
        """Searches every root move to ``depth``; returns the best score and move."""
        alpha, best = -INF, order[0]
        for i, s in enumerate(order):
            np, no = children[s]
            if i == 0:
                score = -self._value(np, no, depth - 1, -INF, INF)
            else:
                score = -self._value(np, no, depth - 1, -alpha - EPSILON, -alpha)
                if score > alpha:  # proven better than ``best``: keep it if time runs out
                    proven, self.partial = self.partial, (s, alpha)
                    score = -self._value(np, no, depth - 1, -INF, -alpha)
                    if score <= alpha:  # the re-search disagrees
                        self.partial = proven
            if score > alpha:
                alpha, best = score, s
                self.partial = (s, score) if i else None
        return alpha, best

    def _wide(self, children: dict[Square, tuple[Bitboard, Bitboard]], order: list[Square],
              depth: int) -> bool:
        """Checks if every root move but the best (``order[0]``, scored by the last
        completed depth ``depth``) is at least ``timing.WIDE`` discs worse, by a
        null-window search of each two plies shallower (C5).  Past the node cap it
        answers True: the budget is spent, so the search stops as well."""
        bar = self.iterations[-1].score - WIDE
        try:
            for s in order[1:]:
                np, no = children[s]
                if -self._value(np, no, max(0, depth - 3), -bar - EPSILON, -bar) > bar:
                    return False
        except SearchTimeout:
            return True
        return True

    def value(self, p: Bitboard, o: Bitboard, depth: int) -> float:
        """Returns the negamax value of ``(p, o)`` searched ``depth`` plies, full window.

        :raises SearchTimeout: past the deadline or the node cap.
        """
        return self._value(p, o, depth, -INF, INF)

    def bounded(self, p: Bitboard, o: Bitboard, depth: int, alpha: float, beta: float) -> float:
        """Returns the fail-soft value of ``(p, o)`` searched ``depth`` plies in the window
        ``(alpha, beta)``: at most ``alpha`` is an upper bound, at least ``beta`` a lower
        one (the weakened rungs' root, :mod:`reversi.engine.weakening`).

        :raises SearchTimeout: past the deadline or the node cap.
        """
        return self._value(p, o, depth, alpha, beta)

    def _value(self, p: Bitboard, o: Bitboard, depth: int, alpha: float, beta: float) -> float:
        """Returns the fail-soft negamax value of ``(p, o)`` searched ``depth`` plies,
        through the free opening's placements (negamax over them, down to the
        fifth placement's position however little depth is left)."""
        if self.variant != FREE or (p | o).bit_count() >= FREE_PLACEMENTS:
            return self._pvs(p, o, depth, alpha, beta)
        best = -INF
        for _, np, no in self.children(p, o):
            best = max(best, -self._value(np, no, max(depth - 1, 0), -beta, -max(alpha, best)))
            if best >= beta:
                break
        return best

    def _pvs(self, p: Bitboard, o: Bitboard, depth: int, alpha: float, beta: float) -> float:
        """Returns the fail-soft negamax value of ``(p, o)`` searched ``depth`` plies."""
        self.nodes += 1
        if not self.nodes % POLL:
            self._poll()
        if depth <= 0:
            return self.evaluate(p, o)
        moves = moves_mask(p, o)
        if not moves:
            if not moves_mask(o, p):
                return variants.final_score(p, o, self.variant)
            return -self._pvs(o, p, depth, -beta, -alpha)
        if depth == 1:
            return self._frontier(p, o, moves, beta)
        key = (p, o)
        entry = self.table.get(key)
        tt_move = -1
        if entry:
            stored_depth, bound, value, tt_move = entry
            if stored_depth >= depth and (
                    bound == _EXACT or (bound == _LOWER and value >= beta)
                    or (bound == _UPPER and value <= alpha)):
                return value
        cut = self.probcut.get(depth)
        if cut and beta - alpha < 2 * EPSILON and depth < 64 - (p | o).bit_count():
            shallow, slope, offset, margin = cut
            limit = (beta + margin - offset) / slope
            if limit < LIMIT and self._pvs(p, o, shallow, limit - EPSILON, limit) >= limit:
                return beta
            limit = (alpha - margin - offset) / slope
            if limit > -LIMIT and self._pvs(p, o, shallow, limit, limit + EPSILON) <= limit:
                return alpha
        best, best_move, a = -INF, -1, alpha
        for i, s in enumerate(self._ordered(p, o, moves, tt_move)):
            f = flips_mask(p, o, s)
            np, no = o ^ f, p | f | 1 << s
            if i == 0:
                score = -self._pvs(np, no, depth - 1, -beta, -a)
            else:
                score = -self._pvs(np, no, depth - 1, -a - EPSILON, -a)
                if a < score < beta:
                    score = -self._pvs(np, no, depth - 1, -beta, -score)
            if score > best:
                best, best_move = score, s
                if score > a:
                    a = score
                    if a >= beta:
                        self.history[s] += depth * depth
                        break
        bound = _LOWER if best >= beta else _UPPER if best <= alpha else _EXACT
        self.table[key] = (depth, bound, best, best_move)
        return best

    def _frontier(self, p: Bitboard, o: Bitboard, moves: Bitboard, beta: float) -> float:
        """Returns the fail-soft value of a node one ply above the leaves: corners
        first, squares next to an empty corner last."""
        best = -INF
        evaluate = self.evaluate
        bad = _RISKY[~(p | o) & CORNERS]
        for mask in (moves & CORNERS, moves & ~CORNERS & ~bad, moves & bad):
            for s in squares(mask):
                self.nodes += 1
                if not self.nodes % POLL:
                    self._poll()
                f = flips_mask(p, o, s)
                score = -evaluate(o ^ f, p | f | 1 << s)
                if score > best:
                    best = score
                    if score >= beta:
                        return best
        return best

    def _ordered(self, p: Bitboard, o: Bitboard, moves: Bitboard,
                 tt_move: Square) -> list[Square]:
        """Returns the moves, most promising first: the table move, corners,
        then by history, squares next to an empty corner last."""
        bad = _RISKY[~(p | o) & CORNERS]
        history = self.history
        keyed = [(-(s == tt_move) * 1e12 - (1 << s & CORNERS and 1e9)
                  + (1 << s & bad and 1e9) - history[s], s) for s in squares(moves)]
        keyed.sort()
        return [s for _, s in keyed]

    def _poll(self) -> None:
        """Raises :class:`SearchTimeout` past the deadline or the node cap."""
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise SearchTimeout
        self.deadline.check()

    def principal_variation(self, p: Bitboard, o: Bitboard, first: Square,
                            depth: int) -> list[Square]:
        """Returns ``first`` and the table moves that follow it, at most ``depth`` long
        (the last one by one-ply evaluation)."""
        line = [first]
        p, o = next(child for s, *child in self.children(p, o) if s == first)
        while len(line) < depth and (p | o).bit_count() >= FREE_PLACEMENTS:
            moves = moves_mask(p, o)
            if not moves:
                if not moves_mask(o, p):
                    break
                p, o = o, p
                continue
            entry = self.table.get((p, o))
            if entry and entry[3] >= 0 and moves >> entry[3] & 1:
                s = entry[3]
            elif len(line) == depth - 1:  # the frontier is not in the table
                s = max(squares(moves), key=lambda s: -self.evaluate(*_play(p, o, s)))
            else:
                break
            line.append(s)
            p, o = _play(p, o, s)
        return line



def _play(p: Bitboard, o: Bitboard, square: Square) -> tuple[Bitboard, Bitboard]:
    """Returns the position after ``p`` plays ``square``, the opponent to move."""
    f = flips_mask(p, o, square)
    return o ^ f, p | f | 1 << square
