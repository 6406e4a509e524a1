"""Bitboards: 64-bit ints, one bit a square, and the move generator (R1, R3).

Square ``s`` is ``row * 8 + col`` with a1 = 0, h1 = 7, a8 = 56; left shifts move towards
h and towards row 8.  A position is a pair ``(p, o)``: the discs of the side to move and
of its opponent.  Every rung above calls it (board, searches, solver, the app's views).
It is written as few, dense int operations: how and why, with the counts, in
``docs/engine.md``.
"""

from __future__ import annotations

from collections.abc import Iterator

Bitboard = int
Square = int

FULL: Bitboard = (1 << 64) - 1
NOT_EDGE_COLS: Bitboard = 0x7E7E7E7E7E7E7E7E
CORNERS: Bitboard = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)

#: (column step, row step) of the eight directions.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (-1, 1), (1, -1),
)


def bit(square: Square) -> Bitboard:
    """Returns the bitboard holding just ``square``."""
    return 1 << square


def squares(mask: Bitboard) -> Iterator[Square]:
    """Yields the squares set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: Bitboard) -> int:
    """Returns the number of squares set in ``mask``."""
    return mask.bit_count()


# -- moves_mask ------------------------------------------------------------

#: Byte -> the same byte with its bits in reverse order.
_REVERSED_BITS = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))
#: moves_mask's two copies of the board: bits 0-63 and, turned, 80-143.
_BOTH: Bitboard = FULL | FULL << 80
_BOTH_NOT_EDGE_COLS: Bitboard = NOT_EDGE_COLS | NOT_EDGE_COLS << 80
_SECOND: Bitboard = FULL << 80
_from_bytes = int.from_bytes


def moves_mask(p: Bitboard, o: Bitboard) -> Bitboard:
    """Returns the legal placements of the side with discs ``p`` (R3).

    ``p`` and ``o`` must be disjoint bitboards of 64 bits (not checked).
    """
    rev = _REVERSED_BITS
    # Reversing the 144 bits of o | p << 80 puts p turned at 0-63 and o turned at 80-143.
    r = _from_bytes((o | p << 80).to_bytes(18, "big").translate(rev), "little")
    P = p | (r & FULL) << 80
    O = o | r & _SECOND
    m = O & _BOTH_NOT_EDGE_COLS
    # Horizontal: the carry runs through the opponent's discs to the square past them.
    mv = m + (m & (P << 1))
    # Vertical and diagonals: flood fill runs of up to six discs, then step past them.
    t = O & (P << 8); t |= O & (t << 8); pre = O & (O << 8)
    t |= pre & (t << 16); t |= pre & (t << 16); mv |= t << 8
    t = m & (P << 9); t |= m & (t << 9); pre = m & (m << 9)
    t |= pre & (t << 18); t |= pre & (t << 18); mv |= t << 9
    t = m & (P << 7); t |= m & (t << 7); pre = m & (m << 7)
    t |= pre & (t << 14); t |= pre & (t << 14); mv |= t << 7
    mv &= _BOTH ^ (P | O)
    # Reversing the 144 bits again brings the second copy's moves back to 0-63.
    return (mv | _from_bytes(mv.to_bytes(18, "big").translate(rev), "little")) & FULL


#: moves_masks' slot per position: two copies of 64 bits 80 apart, then a gap of 32
#: that the shifts' overflow (18 bits at most) cannot cross.
_SLOT = 176


def _wide(k: int) -> tuple[Bitboard, Bitboard, Bitboard, Bitboard, int]:
    """Returns moves_masks' masks for ``k`` positions: every slot's first copy,
    its second, both, both without the edge columns, and the width in bytes."""
    first = sum(FULL << _SLOT * j for j in range(k))
    inner = sum(_BOTH_NOT_EDGE_COLS << _SLOT * j for j in range(k))
    return first, first << 80, first | first << 80, inner, max(0, _SLOT * (k - 1) + 144) // 8


_WIDE = tuple(_wide(k) for k in range(65))


def moves_masks(positions: list[tuple[Bitboard, Bitboard]]) -> list[Bitboard]:
    """Returns :func:`moves_mask` of each ``(p, o)`` of ``positions`` (R3), all in one go.

    The positions lie side by side in one wide int (``_SLOT`` bits each); ``docs/engine.md``
    says how, and what it saves.
    """
    first, second, both, inner, width = _WIDE[len(positions)]
    x = 0
    shift = 0
    for p, o in positions:
        x |= (o | p << 80) << shift
        shift += _SLOT
    rev = _REVERSED_BITS
    r = _from_bytes(x.to_bytes(width, "big").translate(rev), "little")
    P = x >> 80 & first | (r & first) << 80
    O = x & first | r & second
    m = O & inner
    mv = m + (m & (P << 1))
    t = O & (P << 8); t |= O & (t << 8); pre = O & (O << 8)
    t |= pre & (t << 16); t |= pre & (t << 16); mv |= t << 8
    t = m & (P << 9); t |= m & (t << 9); pre = m & (m << 9)
    t |= pre & (t << 18); t |= pre & (t << 18); mv |= t << 9
    t = m & (P << 7); t |= m & (t << 7); pre = m & (m << 7)
    t |= pre & (t << 14); t |= pre & (t << 14); mv |= t << 7
    mv &= both ^ (P | O)
    mv |= _from_bytes(mv.to_bytes(width, "big").translate(rev), "little")
    return [mv >> shift & FULL for shift in range(0, _SLOT * len(positions), _SLOT)]


# -- flips_mask ------------------------------------------------------------

def _ray(square: Square, dc: int, dr: int) -> list[Bitboard]:
    """Returns the squares (as bits) from ``square`` towards ``(dc, dr)``, nearest first."""
    out = []
    c, r = square % 8 + dc, square // 8 + dr
    while 0 <= c < 8 and 0 <= r < 8:
        out.append(1 << (r * 8 + c))
        c, r = c + dc, r + dr
    return out


def _runs(ray: list[Bitboard]) -> dict[Bitboard, tuple[Bitboard, Bitboard]]:
    """Returns, for every set of opponent discs on ``ray`` that includes its nearest
    square, the square closing the run (0 past the edge) and the run itself."""
    by_length = [(ray[n] if n < len(ray) else 0, sum(ray[:n])) for n in range(len(ray) + 1)]
    discs = [0] * (1 << len(ray))  # discs[pattern]: the squares of the pattern's set bits
    table = {}
    for pattern in range(1, 1 << len(ray)):
        low = pattern & -pattern
        discs[pattern] = discs[pattern ^ low] | ray[low.bit_length() - 1]
        if pattern & 1:
            length = (pattern ^ (pattern + 1)).bit_length() - 1  # trailing ones
            table[discs[pattern]] = by_length[length]
    return table


def _square_tables(square: Square) -> tuple[Bitboard, dict[Bitboard, tuple]]:
    """Returns the neighbours that start a ray worth walking from ``square``, and
    for each set of them holding opponent discs, the ``(ray, runs)`` to walk."""
    rays = [r for r in (_ray(square, dc, dr) for dc, dr in DIRECTIONS) if len(r) >= 2]
    walks = [(sum(r), _runs(r)) for r in rays]
    keys: list[Bitboard] = [0]
    picked: list[tuple[tuple[Bitboard, dict[Bitboard, tuple[Bitboard, Bitboard]]], ...]] = [()]
    for chosen in range(1, 1 << len(rays)):
        low = chosen & -chosen
        i = low.bit_length() - 1
        keys.append(keys[chosen ^ low] | rays[i][0])
        picked.append(picked[chosen ^ low] + (walks[i],))
    return keys[-1], dict(zip(keys, picked))


_TABLES = tuple(_square_tables(s) for s in range(64))
_STARTS: tuple[Bitboard, ...] = tuple(starts for starts, _ in _TABLES)
_WALKS: tuple[dict[Bitboard, tuple], ...] = tuple(walks for _, walks in _TABLES)
del _TABLES

#: Per square: the up to eight neighbouring squares.
NEIGHBOURS: tuple[Bitboard, ...] = tuple(
    sum(r[0] for r in (_ray(s, dc, dr) for dc, dr in DIRECTIONS) if r) for s in range(64))


def flips_mask(p: Bitboard, o: Bitboard, square: Square) -> Bitboard:
    """Returns the discs a placement on ``square`` flips (R3).

    Only runs starting at the placed disc count; an empty result means the
    placement is illegal.  ``square`` must be empty (not checked).  Only the
    directions whose neighbouring square holds an opponent disc are looked at.
    """
    flips = 0
    for ray, runs in _WALKS[square][o & _STARTS[square]]:
        end, run = runs[o & ray]
        if p & end:
            flips |= run
    return flips
