"""Bitboards: 64-bit ints, one bit a square, and the move generator.

Square ``s`` is ``row * 8 + col`` with a1 = 0, h1 = 7, a8 = 56 (SPEC R1: columns
a-h left to right, rows 1-8 top to bottom).  A position is a pair of
bitboards ``(p, o)``: the discs of the side to move and of its opponent.
Left shifts move towards h and towards row 8.

The generator is the classic shift-and-mask flood fill ("Kogge-Stone" with one
doubling step), unrolled: on CPython every saved operation counts.
"""

from __future__ import annotations

from typing import Iterator

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


def moves_mask(p: Bitboard, o: Bitboard) -> Bitboard:
    """Returns the legal placements of the side with discs ``p`` (SPEC R3)."""
    m = o & NOT_EDGE_COLS
    t = m & (p << 1); t |= m & (t << 1); pre = m & (m << 1)
    t |= pre & (t << 2); t |= pre & (t << 2); mv = t << 1
    t = m & (p >> 1); t |= m & (t >> 1); pre >>= 1
    t |= pre & (t >> 2); t |= pre & (t >> 2); mv |= t >> 1
    t = o & (p << 8); t |= o & (t << 8); pre = o & (o << 8)
    t |= pre & (t << 16); t |= pre & (t << 16); mv |= t << 8
    t = o & (p >> 8); t |= o & (t >> 8); pre >>= 8
    t |= pre & (t >> 16); t |= pre & (t >> 16); mv |= t >> 8
    t = m & (p << 7); t |= m & (t << 7); pre = m & (m << 7)
    t |= pre & (t << 14); t |= pre & (t << 14); mv |= t << 7
    t = m & (p >> 7); t |= m & (t >> 7); pre >>= 7
    t |= pre & (t >> 14); t |= pre & (t >> 14); mv |= t >> 7
    t = m & (p << 9); t |= m & (t << 9); pre = m & (m << 9)
    t |= pre & (t << 18); t |= pre & (t << 18); mv |= t << 9
    t = m & (p >> 9); t |= m & (t >> 9); pre >>= 9
    t |= pre & (t >> 18); t |= pre & (t >> 18); mv |= t >> 9
    return mv & ~(p | o) & FULL


def _split(square: Square) -> tuple[tuple[Bitboard, ...], tuple[Bitboard, ...]]:
    """Returns the rays leaving ``square``: those running up the bit order
    (nearest square = lowest bit) and those running down it."""
    col, row = square % 8, square // 8
    up, down = [], []
    for dc, dr in DIRECTIONS:
        ray, c, r = 0, col + dc, row + dr
        while 0 <= c < 8 and 0 <= r < 8:
            ray |= 1 << (r * 8 + c)
            c, r = c + dc, r + dr
        if ray:
            (up if (dr, dc) > (0, 0) else down).append(ray)
    return tuple(up), tuple(down)


def _rays_by_neighbour(square: Square) -> dict[Bitboard, tuple[Bitboard, bool]]:
    """Returns, keyed by each neighbouring square's bit, the ray through it and
    whether that ray runs up the bit order."""
    up, down = _split(square)
    rays = {ray & -ray: (ray, True) for ray in up}
    rays.update({1 << (ray.bit_length() - 1): (ray, False) for ray in down})
    return rays


_RAYS_BY_NEIGHBOUR = tuple(_rays_by_neighbour(s) for s in range(64))

#: Per square: the up to eight neighbouring squares.
NEIGHBOURS: tuple[Bitboard, ...] = tuple(sum(_RAYS_BY_NEIGHBOUR[s]) for s in range(64))


def flips_mask(p: Bitboard, o: Bitboard, square: Square) -> Bitboard:
    """Returns the discs a placement on ``square`` flips (SPEC R3).

    Only runs starting at the placed disc count; an empty result means the
    placement is illegal.  ``square`` must be empty (not checked).  Only the
    directions whose neighbouring square holds an opponent disc are walked.
    """
    flips = 0
    near = o & NEIGHBOURS[square]
    rays = _RAYS_BY_NEIGHBOUR[square]
    while near:
        first = near & -near
        near ^= first
        ray, up = rays[first]
        x = ray & ~o
        if up:
            end = x & -x
            if end & p:
                flips |= ray & (end - 1)
        elif x:
            end = 1 << (x.bit_length() - 1)
            if end & p:
                flips |= ray & ~((end << 1) - 1)
    return flips


def count(mask: Bitboard) -> int:
    """Returns the number of squares set in ``mask``."""
    return mask.bit_count()
