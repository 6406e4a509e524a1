"""Exact endgame solver: the final disc difference under perfect play (R4, R5, V2, C6).

Empty squares count for nobody (R5), unlike the FFO files' convention.  :func:`solve`,
:func:`solve_all` and :class:`Solver` (an MTD(f) of null-window searches, with a table,
fastest-first ordering, parity and a stability cutoff; the last four squares are
:mod:`.lastsquares`) serve the root driver (:mod:`.think`) and every other exact use:
hints, valuing, weakening, puzzle proofs, lessons, position setup, the command line.  The
algorithm, its sources and its measurements: ``docs/endgame.md``.
"""

from __future__ import annotations

from .bitboard import Bitboard, Square, flips_mask, moves_mask, moves_masks
from .budget import Deadline, SearchTimeout
from .evaluate import STANDARD, Evaluator
from .first_guess import first_guess
from .lastsquares import BIT as _BIT
from .lastsquares import INF, LastSquares, last_score
from .lastsquares import QUADRANT as _QUADRANT
from .lastsquares import RANK as _RANK
from .lastsquares import odd_first as _odd_first
from .lastsquares import parity as _parity
from .search import Search
from .stability import edge_bound, stability_bound
from .variants import ANTI, check

__all__ = ["SearchTimeout", "Solver", "solve", "solve_all"]

#: Positions with at most this many empty squares are searched without the table.
SHALLOW = 7
#: When the table reaches this many positions (about 35 MB), it keeps those
#: with the most empty squares, half as many.
TABLE_LIMIT = 1 << 17
#: Moves leaving this many empty squares or more are also ordered by evaluation.
EVAL_ORDER = 13
#: Moves leaving this many empty squares or more are ordered by a one-ply search instead.
SEARCH_ORDER = 16
#: Discs a reply of the opponent costs in that ordering.
MOBILITY_WEIGHT = 3.0
#: Whether the searches try the stability cutoff (tests turn it off for a reference).
STABILITY = True


_CORNERS: Bitboard = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)

def _empties(occupied: Bitboard) -> list[Square]:
    """Returns the squares not in ``occupied``, in ``PRIORITY`` order."""
    empty = occupied ^ 0xFFFFFFFFFFFFFFFF
    found = []
    while empty:
        b = empty & -empty
        found.append(b.bit_length() - 1)
        empty ^= b
    found.sort(key=_RANK.__getitem__)
    return found


class Solver(LastSquares):
    """An exact search with its transposition table and node counter.

    ``nodes`` counts the positions searched with two or more empty squares
    (the last placement is scored without building its position).
    Reusing a solver for related positions reuses the table.  ``evaluator``
    orders the moves far from the end (a variant's own, V2).
    ``variant`` names the result optimised (V2): in ``"anti"`` every
    finished game scores ``o - p``, fewer discs being better.
    """

    #: The midgame search that gives MTD(f) its first guess (the compiled one in the tools).
    search_class: type[Search] = Search
    #: Whether that search's moves seed the table (it then runs from ``SEED_EMPTIES``).
    seeds = True

    def __init__(self, deadline: Deadline | None = None, *,
                 evaluator: Evaluator = STANDARD, variant: str = "standard") -> None:
        self.deadline = deadline if deadline is not None else Deadline(None)
        self.evaluator = evaluator
        self.evaluate = evaluator.evaluate
        self.variant = variant
        #: The final score is ``sign * (discs(p) - discs(o))``.
        self.sign = -1 if check(variant) == ANTI else 1
        #: The score with one empty square left, the variant's own.
        self.last = last_score(self.sign)
        self.nodes = 0
        self.table: dict[tuple[Bitboard, Bitboard], tuple[int, int, Square, int]] = {}

    def solve(self, p: Bitboard, o: Bitboard, alpha: int = -64,
              beta: int = 64) -> tuple[int, Square | None]:
        """Returns ``(score, square)`` for ``p`` to move; see :func:`solve`."""
        self.deadline.check()
        moves = moves_mask(p, o)
        if not moves:
            if moves_mask(o, p):
                return -self.solve(o, p, -beta, -alpha)[0], None
            return self.sign * (p.bit_count() - o.bit_count()), None
        n = 64 - (p | o).bit_count() - 1
        children = self._children(p, o, moves, n)
        lo, hi = -64, 64  # what the tests have shown of the score so far
        guess, move = self._guess(p, o, n + 1), None
        while lo < hi and lo < beta and hi > alpha:
            # Tests "score >= test", at the guess or just past the last bound.
            test = min(max(guess + (guess == lo), lo + 1, alpha + 1), hi, beta)
            guess, best = self._root(children, test - 1, n)
            if guess >= test:
                lo, move = guess, best
            else:
                hi = guess
                if move is None:  # no test has failed high: keep the best upper bound's move
                    move = best
        return (lo if lo == hi or lo >= beta else hi), move

    def _guess(self, p: Bitboard, o: Bitboard, empties: int) -> int:
        """Returns the first score MTD(f) tests (:func:`~.first_guess.first_guess`)."""
        return first_guess(lambda: self.search_class(self.deadline, variant=self.variant, evaluator=self.evaluator),
                           p, o, empties, self.table if self.seeds else None, SHALLOW)

    def _root(self, children: list, alpha: int, n: int) -> tuple[int, Square]:
        """Returns the fail-soft null-window score of the root and its best move,
        which then moves to the front of ``children``."""
        best, best_move = -INF, -1
        for index, (_, sq, np_, no, _) in enumerate(children):
            s = -self._value(np_, no, -alpha - 1, n)
            if s > best:
                best, best_move = s, sq
                if s > alpha:
                    children.insert(0, children.pop(index))
                    break
        return best, best_move

    def _value(self, p: Bitboard, o: Bitboard, alpha: int, n: int) -> int:
        """Returns the null-window score of any position with ``n`` empties."""
        if n > SHALLOW:
            return self._search(p, o, alpha, n, moves_mask(p, o))
        empties = _empties(p | o)
        if n >= 5:
            return self._shallow(p, o, alpha, empties, _parity(empties))
        if n == 4:
            return self._solve4(p, o, alpha, *empties)
        if n == 3:
            return self._solve3(p, o, alpha, *empties)
        if n == 2:
            return self._solve2(p, o, alpha, *empties)
        if n == 1:
            return self.last(p, *empties)
        return self.sign * (p.bit_count() - o.bit_count())

    # -- with the table, fastest-first -------------------------------------
    def _children(self, p: Bitboard, o: Bitboard, moves: Bitboard,
                  n: int) -> list[tuple[float, Square, Bitboard, Bitboard, Bitboard]]:
        """Returns ``(key, square, child p, child o, child's moves)`` for ``moves``
        leaving ``n`` empty squares, best first."""
        children: list[tuple[float, Square, Bitboard, Bitboard, Bitboard]] = []
        evaluate = self.evaluate if n >= EVAL_ORDER else None
        placed, positions = [], []
        while moves:
            b = moves & -moves
            moves ^= b
            sq = b.bit_length() - 1
            f = flips_mask(p, o, sq)
            placed.append(sq)
            positions.append((o ^ f, p | f | b))
        for sq, (np_, no), m in zip(placed, positions, moves_masks(positions)):
            key: float
            if evaluate:
                key = (m.bit_count() + (m & _CORNERS).bit_count()) * MOBILITY_WEIGHT + \
                    (self._reply_value(np_, no, m) if n >= SEARCH_ORDER else evaluate(np_, no))
            else:
                key = ((m.bit_count() + (m & _CORNERS).bit_count()) << 6) + _RANK[sq]
            children.append((key, sq, np_, no, m))
        children.sort()
        return children

    def _reply_value(self, p: Bitboard, o: Bitboard, moves: Bitboard) -> float:
        """Returns the evaluation for ``p`` after its best reply among ``moves`` by a
        one-ply search (the evaluation of ``p``'s position when it has none)."""
        evaluate = self.evaluate
        best = -INF * 64.0 if moves else evaluate(p, o)
        while moves:
            b = moves & -moves
            moves ^= b
            f = flips_mask(p, o, b.bit_length() - 1)
            value = -evaluate(o ^ f, p | f | b)
            if value > best:
                best = value
        return best

    def _search(self, p: Bitboard, o: Bitboard, alpha: int, n: int, moves: Bitboard) -> int:
        """Returns the fail-soft score, tested against ``alpha``, of a position
        with ``n > SHALLOW`` empties and ``p``'s legal ``moves``: above ``alpha``
        a lower bound, else an upper bound."""
        self.nodes += 1
        self.deadline.check()
        if STABILITY:
            bound = stability_bound(o, p, alpha) if self.sign > 0 else stability_bound(p, o, alpha)
            if bound is not None:
                return bound
        key = (p, o)
        entry = self.table.get(key)
        tt_move = -1
        if entry is not None:
            lo, hi, tt_move, _ = entry
            if lo > alpha:
                return lo
            if hi <= alpha:
                return hi
        if not moves:
            replies = moves_mask(o, p)
            if replies:
                return -self._search(o, p, -alpha - 1, n, replies)
            return self.sign * (p.bit_count() - o.bit_count())
        n -= 1
        best, best_move = -INF, -1
        if tt_move >= 0:
            # The table's move first, alone: when it refutes, no other child is made.
            b = _BIT[tt_move]
            f = flips_mask(p, o, tt_move)
            best, best_move = -self._value(o ^ f, p | f | b, -alpha - 1, n), tt_move
            moves ^= b
        if best <= alpha and moves:
            children = self._children(p, o, moves, n)
            if n > SHALLOW:
                # Enhanced transposition cutoff: a child already known to refute.
                for _, sq, np_, no, _ in children:
                    known = self.table.get((np_, no))
                    if known is not None and -known[1] > alpha:
                        best, best_move = -known[1], sq
                        children = []
                        break
            else:  # the children's empty squares: the node's, but the move's
                empties = _empties(p | o)
                odd = _parity(empties)
            for _, sq, np_, no, replies in children:
                if n > SHALLOW:
                    s = -self._search(np_, no, -alpha - 1, n, replies)
                else:
                    rest = empties.copy()
                    rest.remove(sq)
                    s = -self._shallow(np_, no, -alpha - 1, rest, odd ^ _QUADRANT[sq])
                if s > best:
                    best, best_move = s, sq
                    if s > alpha:
                        break
        if best > alpha:
            bounds = (best, entry[1] if entry else INF)
        else:
            bounds = (entry[0] if entry else -INF, best)
        if len(self.table) >= TABLE_LIMIT:
            self._prune()
        self.table[key] = (bounds[0], bounds[1], best_move, n)
        return best

    def _prune(self) -> None:
        """Keeps the table's entries with the most empty squares, at most half
        of ``TABLE_LIMIT``: they cost the most to find again."""
        counts = [0] * 64
        for entry in self.table.values():
            counts[entry[3]] += 1
        kept, cut = 0, 63
        while kept + counts[cut] <= TABLE_LIMIT // 2:
            kept += counts[cut]
            cut -= 1
        self.table = {key: entry for key, entry in self.table.items() if entry[3] > cut}

    # -- parity order, no table --------------------------------------------
    def _shallow(self, p: Bitboard, o: Bitboard, alpha: int,
                 empties: list[Square], parity: int) -> int:
        """Returns the fail-soft null-window score with the 5 or more
        ``empties`` (in priority order) left; ``parity`` is their :func:`_parity`."""
        self.nodes += 1
        if STABILITY:
            bound = edge_bound(o, p, alpha) if self.sign > 0 else edge_bound(p, o, alpha)
            if bound is not None:
                return bound
        best = -INF
        for sq in _odd_first(empties, parity):
            f = flips_mask(p, o, sq)
            if not f:
                continue
            rest = empties.copy()
            rest.remove(sq)
            if len(rest) == 4:
                s = -self._solve4(o ^ f, p | f | _BIT[sq], -alpha - 1,
                                  *_odd_first(rest, parity ^ _QUADRANT[sq]))
            else:
                s = -self._shallow(o ^ f, p | f | _BIT[sq], -alpha - 1, rest,
                                   parity ^ _QUADRANT[sq])
            if s > best:
                if s > alpha:
                    return s
                best = s
        if best > -INF:
            return best
        if moves_mask(o, p):
            return -self._shallow(o, p, -alpha - 1, empties, parity)
        return self.sign * (p.bit_count() - o.bit_count())


def solve(p: Bitboard, o: Bitboard, *, alpha: int = -64, beta: int = 64,
          deadline: Deadline | None = None, evaluator: Evaluator = STANDARD,
          variant: str = "standard") -> tuple[int, Square | None]:
    """Returns ``(score, square)``: the final disc difference for ``p`` to move
    under perfect play by both sides (R5: empty squares count for nobody),
    and a best placement (None when ``p`` must pass or the game is over).
    In ``variant`` ``"anti"`` the score is the opponent's discs minus ``p``'s
    (:func:`~reversi.engine.variants.final_score`), which both sides maximise.

    With the default window the score is exact.  With a narrower window
    (``alpha < beta``) the result is fail-soft: a score ``<= alpha`` is an
    upper bound, ``>= beta`` a lower bound (often tighter than the window),
    and the square is then only as good as that bound.

    :raises SearchTimeout: when ``deadline`` passes first.
    """
    return Solver(deadline, evaluator=evaluator, variant=variant).solve(p, o, alpha, beta)


def solve_all(p: Bitboard, o: Bitboard, *, deadline: Deadline | None = None,
              evaluator: Evaluator = STANDARD, variant: str = "standard") -> dict[Square, int]:
    """Returns the exact score for ``p`` of every legal placement of ``p``, in
    ``variant``'s terms as :func:`solve` gives them.

    :raises SearchTimeout: when ``deadline`` passes first.
    """
    solver = Solver(deadline, evaluator=evaluator, variant=variant)
    scores = {}
    moves = moves_mask(p, o)
    while moves:
        b = moves & -moves
        moves ^= b
        sq = b.bit_length() - 1
        f = flips_mask(p, o, sq)
        scores[sq] = -solver.solve(o ^ f, p | f | b)[0]
    return scores
