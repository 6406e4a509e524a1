"""The exact solver's last four, three, two and one empty squares (R4, R5).

:class:`LastSquares` is the base of :class:`reversi.engine.endgame.Solver`: unrolled
null-window searches in the parity order the caller gives (:func:`odd_first`), and the
last square scored from the discs it would flip, read from :data:`_LINES` without
building the position.  Why it is unrolled: ``docs/endgame.md``.
"""

from __future__ import annotations

from collections.abc import Callable

from .bitboard import DIRECTIONS, Bitboard, Square, _ray, flips_mask

#: Beyond any score: scores lie in -64..64.
INF = 65
#: Each square's bit.
BIT: tuple[Bitboard, ...] = tuple(1 << s for s in range(64))

#: Static move order (Edax's presorted list): corners first, X-squares last.
PRIORITY: tuple[Square, ...] = (
    0, 7, 56, 63,                        # corners
    2, 5, 16, 23, 40, 47, 58, 61,        # A squares: edge, two from the corner
    3, 4, 24, 31, 32, 39, 59, 60,        # B squares: middle of the edges
    18, 21, 42, 45,                      # diagonal, two from the corner
    19, 20, 26, 29, 34, 37, 43, 44,
    11, 12, 25, 30, 33, 38, 51, 52,
    10, 13, 17, 22, 41, 46, 50, 53,
    1, 6, 8, 15, 48, 55, 57, 62,         # C squares: edge, next to the corner
    9, 14, 49, 54,                       # X squares: diagonal, next to the corner
    27, 28, 35, 36,                      # the centre (always occupied)
)
RANK = tuple(PRIORITY.index(s) for s in range(64))
#: Per square: one bit naming its quadrant (a1-d4, e1-h4, a5-d8, e5-h8).
QUADRANT = tuple(1 << ((s >> 5) * 2 + ((s & 7) >> 2)) for s in range(64))
#: Per parity (4 bits, one per quadrant): per square, 0 in an odd quadrant, else 1.
_EVEN = tuple(tuple(0 if parity & QUADRANT[s] else 1 for s in range(64)) for parity in range(16))


def parity(empties: list[Square]) -> int:
    """Returns the quadrants holding an odd number of ``empties``, as 4 bits."""
    odd = 0
    for x in empties:
        odd ^= QUADRANT[x]
    return odd


def odd_first(empties: list[Square], odd: int) -> list[Square]:
    """Returns ``empties`` with those in odd quadrants first, else in the same order.

    (With four empties, only the quadrant split 2-1-1 mixes odd and even.)
    """
    if 0 < odd < 15:
        return sorted(empties, key=_EVEN[odd].__getitem__)
    return empties


def _ray_counts(ray: list[Bitboard]) -> dict[Bitboard, int]:
    """Returns, for every set of the mover's discs on ``ray`` (nearest square
    first, the opponent's discs on the rest of it), the discs a placement at its
    start flips along it: the mover's count plus the opponent's times 256."""
    counts = {}
    discs = [0] * (1 << len(ray))  # discs[pattern]: the squares of the pattern's set bits
    for pattern in range(1 << len(ray)):
        if pattern:
            low = pattern & -pattern
            discs[pattern] = discs[pattern ^ low] | ray[low.bit_length() - 1]
        theirs = ((pattern & -pattern) or 1 << len(ray)).bit_length() - 1  # trailing zeros
        mine = (pattern ^ (pattern + 1)).bit_length() - 1  # trailing ones
        counts[discs[pattern]] = (theirs if theirs < len(ray) else 0) + \
            (mine << 8 if mine < len(ray) else 0)
    return counts


def _line_counts(square: Square) -> tuple:
    """Returns, for the lines through ``square`` that a placement there can flip
    along, ``mask, counts`` pairs, four in all (padded with ``0, {0: 0}``):
    ``mask`` the line's other squares, ``counts`` a dict from the mover's discs
    among them, the board being full but for ``square``, to the discs a placement
    on ``square`` would flip along the line: the mover's count plus the opponent's
    times 256."""
    pairs: list = []
    for (dc, dr) in DIRECTIONS[::2]:
        one, other = _ray(square, dc, dr), _ray(square, -dc, -dr)
        if len(one) < 2 and len(other) < 2:
            continue
        ahead, behind = _ray_counts(one), _ray_counts(other)
        pairs += [sum(one) + sum(other),
                  {a | b: x + y for a, x in ahead.items() for b, y in behind.items()}]
    return tuple(pairs + [0, {0: 0}] * (4 - len(pairs) // 2))


#: Per square: :func:`_line_counts`.
_LINES = tuple(_line_counts(s) for s in range(64))


LastScore = Callable[[Bitboard, Square], int]


def _last(p: Bitboard, x: Square) -> int:
    """Returns the final score for ``p`` to move with one empty square ``x``
    (the opponent owning every other square)."""
    m1, d1, m2, d2, m3, d3, m4, d4 = _LINES[x]
    v = d1[p & m1] + d2[p & m2] + d3[p & m3] + d4[p & m4]
    n = v & 255
    if n:
        return 2 * (p.bit_count() + n) - 62
    if v:
        return 2 * (p.bit_count() - (v >> 8)) - 64
    return 2 * p.bit_count() - 63


def _last_anti(p: Bitboard, x: Square) -> int:
    """Returns the anti-reversi final score (fewer discs is better) of :func:`_last`'s position."""
    return -_last(p, x)


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
        f = flips_mask(p, o, x1)
        if f:
            best = self._after(p | f | BIT[x1], x2)
            if best > alpha:
                return best
            f = flips_mask(p, o, x2)
            if f:
                s = self._after(p | f | BIT[x2], x1)
                if s > best:
                    return s
            return best
        f = flips_mask(p, o, x2)
        if f:
            return self._after(p | f | BIT[x2], x1)
        # p passes: the opponent moves, minimising.
        last = self.last
        f = flips_mask(o, p, x1)
        if f:
            best = last(p ^ f, x2)
            if best <= alpha:
                return best
            f = flips_mask(o, p, x2)
            if f:
                s = last(p ^ f, x1)
                if s < best:
                    return s
            return best
        f = flips_mask(o, p, x2)
        if f:
            return last(p ^ f, x1)
        return self.sign * (p.bit_count() - o.bit_count())

    def _after(self, p: Bitboard, x: Square) -> int:
        """Returns the final score for ``p`` with one empty square ``x`` and the
        opponent (owning every other square) to move: ``-last(o, x)``."""
        m1, d1, m2, d2, m3, d3, m4, d4 = _LINES[x]
        v = d1[p & m1] + d2[p & m2] + d3[p & m3] + d4[p & m4]
        if v >> 8:
            return self.sign * (2 * (p.bit_count() - (v >> 8)) - 64)
        if v:
            return self.sign * (2 * (p.bit_count() + v) - 62)
        return self.sign * (2 * p.bit_count() - 63)
