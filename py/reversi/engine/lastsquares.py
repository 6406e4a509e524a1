"""The exact solver's last four, three, two and one empty squares (SPEC R4, R5).

Unrolled code, one method per count, the four in the parity order the caller
gives (as Edax's solve_4 sorts them): in Python a call and a loop cost more
than the straight-line tests.  The last empty square's score comes from the
number of discs its placement flips, without building the position.
:class:`LastSquares` is the base of :class:`reversi.engine.endgame.Solver`.
"""

from __future__ import annotations

from collections.abc import Callable

from .bitboard import Bitboard, Square, flips_mask

#: Beyond any score: scores lie in -64..64.
INF = 65
#: Each square's bit.
BIT: tuple[Bitboard, ...] = tuple(1 << s for s in range(64))

LastScore = Callable[[Bitboard, Bitboard, Square], int]


def _last(p: Bitboard, o: Bitboard, x: Square) -> int:
    """Returns the final score for ``p`` to move with one empty square ``x``."""
    n = flips_mask(p, o, x).bit_count()
    if n:
        return 2 * (p.bit_count() + n) - 62
    n = flips_mask(o, p, x).bit_count()
    if n:
        return 2 * (p.bit_count() - n) - 64
    return 2 * p.bit_count() - 63


def _last_anti(p: Bitboard, o: Bitboard, x: Square) -> int:
    """Returns the anti-reversi final score (fewer discs is better) of :func:`_last`'s position."""
    return -_last(p, o, x)


def last_score(sign: int) -> LastScore:
    """Returns the one-empty-square score of a game whose final score is
    ``sign * (discs(p) - discs(o))``."""
    return _last_anti if sign < 0 else _last


class LastSquares:
    """The null-window searches of the last four to two empty squares: fail-soft
    scores, ``nodes`` counting the positions, ``sign`` and ``last`` the variant's
    result (set by the solver)."""

    nodes: int
    sign: int
    last: LastScore

    def _solve4(self, p: Bitboard, o: Bitboard, alpha: int,
                x1: Square, x2: Square, x3: Square, x4: Square) -> int:
        """Returns the fail-soft null-window score with four empty squares left."""
        self.nodes += 1
        best = -INF
        f = flips_mask(p, o, x1)
        if f:
            best = -self._solve3(o ^ f, p | f | BIT[x1], -alpha - 1, x2, x3, x4)
            if best > alpha:
                return best
        f = flips_mask(p, o, x2)
        if f:
            s = -self._solve3(o ^ f, p | f | BIT[x2], -alpha - 1, x1, x3, x4)
            if s > best:
                if s > alpha:
                    return s
                best = s
        f = flips_mask(p, o, x3)
        if f:
            s = -self._solve3(o ^ f, p | f | BIT[x3], -alpha - 1, x1, x2, x4)
            if s > best:
                if s > alpha:
                    return s
                best = s
        f = flips_mask(p, o, x4)
        if f:
            s = -self._solve3(o ^ f, p | f | BIT[x4], -alpha - 1, x1, x2, x3)
            if s > best:
                return s
        if best > -INF:
            return best
        if (flips_mask(o, p, x1) or flips_mask(o, p, x2) or flips_mask(o, p, x3)
                or flips_mask(o, p, x4)):
            return -self._solve4(o, p, -alpha - 1, x1, x2, x3, x4)
        return self.sign * (p.bit_count() - o.bit_count())

    def _solve3(self, p: Bitboard, o: Bitboard, alpha: int,
                x1: Square, x2: Square, x3: Square) -> int:
        """Returns the fail-soft null-window score with three empty squares left."""
        self.nodes += 1
        best = -INF
        f = flips_mask(p, o, x1)
        if f:
            best = -self._solve2(o ^ f, p | f | BIT[x1], -alpha - 1, x2, x3)
            if best > alpha:
                return best
        f = flips_mask(p, o, x2)
        if f:
            s = -self._solve2(o ^ f, p | f | BIT[x2], -alpha - 1, x1, x3)
            if s > best:
                if s > alpha:
                    return s
                best = s
        f = flips_mask(p, o, x3)
        if f:
            s = -self._solve2(o ^ f, p | f | BIT[x3], -alpha - 1, x1, x2)
            if s > best:
                return s
        if best > -INF:
            return best
        if flips_mask(o, p, x1) or flips_mask(o, p, x2) or flips_mask(o, p, x3):
            return -self._solve3(o, p, -alpha - 1, x1, x2, x3)
        return self.sign * (p.bit_count() - o.bit_count())

    def _solve2(self, p: Bitboard, o: Bitboard, alpha: int, x1: Square, x2: Square) -> int:
        """Returns the fail-soft null-window score with two empty squares left."""
        self.nodes += 1
        last = self.last
        f = flips_mask(p, o, x1)
        if f:
            best = -last(o ^ f, p | f | BIT[x1], x2)
            if best > alpha:
                return best
            f = flips_mask(p, o, x2)
            if f:
                s = -last(o ^ f, p | f | BIT[x2], x1)
                if s > best:
                    return s
            return best
        f = flips_mask(p, o, x2)
        if f:
            return -last(o ^ f, p | f | BIT[x2], x1)
        # p passes: the opponent moves, minimising.
        f = flips_mask(o, p, x1)
        if f:
            best = last(p ^ f, o | f | BIT[x1], x2)
            if best <= alpha:
                return best
            f = flips_mask(o, p, x2)
            if f:
                s = last(p ^ f, o | f | BIT[x2], x1)
                if s < best:
                    return s
            return best
        f = flips_mask(o, p, x2)
        if f:
            return last(p ^ f, o | f | BIT[x2], x1)
        return self.sign * (p.bit_count() - o.bit_count())
