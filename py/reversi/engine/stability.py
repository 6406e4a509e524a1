"""Stable discs (R5): discs that no sequence of placements can flip, a lower bound of
their owner's final discs, for the exact solver's stability cutoff
(:func:`stability_bound`, :func:`edge_bound`).  Edax's edge and inner rules, and their
cost: ``docs/endgame.md``.
"""

from __future__ import annotations

from .bitboard import Bitboard


def _edge_table() -> tuple[Bitboard, ...]:
    """Returns, indexed by ``q | r << 8`` (one edge: ``q``'s discs and ``r``'s,
    8 bits each), ``q``'s discs on that edge that no sequence of placements on
    the edge can flip: those of ``q`` in every position reachable by placing
    discs of either colour on its empty squares (legal or not, as moves
    elsewhere can make them so), flipping along the edge only.  (Edax's
    ``find_edge_stable``, memoised: 6,561 edges.)"""
    def flips(q: int, r: int, x: int) -> int:
        found = 0
        for step in (-1, 1):
            run, y = 0, x + step
            while 0 <= y < 8 and r >> y & 1:
                run, y = run | 1 << y, y + step
            if 0 <= y < 8 and q >> y & 1:
                found |= run
        return found

    memo: dict[int, int] = {}

    def stable(q: int, r: int) -> int:
        key = q | r << 8
        got = memo.get(key)
        if got is None:
            got, empty = q, 255 ^ (q | r)
            while empty and got:
                b = empty & -empty
                empty ^= b
                x = b.bit_length() - 1
                f = flips(q, r, x)
                got &= stable(q | b | f, r ^ f)
                f = flips(r, q, x)
                got &= stable(q ^ f, r | b | f)
            memo[key] = got
        return got

    table = [0] * 65536
    for q in range(256):
        r = rest = 255 ^ q
        while True:
            table[q | r << 8] = stable(q, r)
            if not r:
                break
            r = (r - 1) & rest
    return tuple(table)  # a tuple of ints: the garbage collector leaves it alone


_EDGE = _edge_table()
#: The 28 edge squares: stable_edges counts at most the discs on them.
_EDGES: Bitboard = 0xFF818181818181FF
_COL_A: Bitboard = 0x0101010101010101
#: Multiplying column a's discs by this gathers them, a1 first, in bits 56-63.
_GATHER = 0x0102040810204080
#: Per byte: the discs of column a whose rows are its set bits.
_COLUMN = tuple(sum(1 << 8 * i for i in range(8) if x >> i & 1) for x in range(256))


def stable_edges(q: Bitboard, r: Bitboard) -> Bitboard:
    """Returns ``q``'s discs on the four edges that can never be flipped
    (against ``r``'s discs): a lower bound of ``q``'s final discs."""
    edge = _EDGE
    column = _COLUMN
    s = edge[q & 255 | (r & 255) << 8] | edge[q >> 56 | (r >> 56) << 8] << 56
    a = (q & _COL_A) * _GATHER >> 56 & 255
    b = (r & _COL_A) * _GATHER >> 56 & 255
    s |= column[edge[a | b << 8]]
    a = (q >> 7 & _COL_A) * _GATHER >> 56 & 255
    b = (r >> 7 & _COL_A) * _GATHER >> 56 & 255
    return s | column[edge[a | b << 8]] << 7


_ROWS = 0x0101010101010101
_CENTRE: Bitboard = 0x007E7E7E7E7E7E00


def _full_lines(occupied: Bitboard) -> tuple[Bitboard, Bitboard, Bitboard, Bitboard]:
    """Returns the squares whose row, column, diagonal (a1-h8 way) and
    anti-diagonal (h1-a8 way) hold no empty square: four bitboards."""
    r = occupied & occupied >> 4
    r &= r >> 2
    r &= r >> 1
    rows = (r & _ROWS) * 0xFF
    c = occupied & occupied >> 32
    c &= c >> 16
    c &= c >> 8
    columns = (c & 0xFF) * _ROWS
    e = occupied ^ 0xFFFFFFFFFFFFFFFF
    d = e | (e << 9 & 0xFEFEFEFEFEFEFEFE) | (e >> 9 & 0x7F7F7F7F7F7F7F7F)
    d |= (d << 18 & 0xFCFCFCFCFCFCFCFC) | (d >> 18 & 0x3F3F3F3F3F3F3F3F)
    d |= (d << 36 & 0xF0F0F0F0F0F0F0F0) | (d >> 36 & 0x0F0F0F0F0F0F0F0F)
    a = e | (e << 7 & 0x7F7F7F7F7F7F7F7F) | (e >> 7 & 0xFEFEFEFEFEFEFEFE)
    a |= (a << 14 & 0x3F3F3F3F3F3F3F3F) | (a >> 14 & 0xFCFCFCFCFCFCFCFC)
    a |= (a << 28 & 0x0F0F0F0F0F0F0F0F) | (a >> 28 & 0xF0F0F0F0F0F0F0F0)
    return rows, columns, ~d & occupied, ~a & occupied


def stable_discs(q: Bitboard, r: Bitboard) -> Bitboard:
    """Returns ``q``'s discs that can never be flipped (against ``r``'s): the
    stable edge discs, then, as long as more are found, the inner discs whose
    four lines (through the disc, both ways) are each full or hold a stable
    disc of ``q`` next to it (Edax's ``get_stability``)."""
    rows, columns, diagonals, antidiagonals = _full_lines(q | r)
    inner = q & _CENTRE
    stable = stable_edges(q, r) | inner & rows & columns & diagonals & antidiagonals
    while True:
        grown = inner & (rows | stable >> 1 | stable << 1) & (columns | stable >> 8 | stable << 8) \
            & (diagonals | stable >> 9 | stable << 9) & (antidiagonals | stable >> 7 | stable << 7)
        if not grown & ~stable:
            return stable
        stable |= grown


def edge_bound(q: Bitboard, r: Bitboard, alpha: int) -> int | None:
    """Returns :func:`stability_bound` counting the stable edge discs only
    (cheaper: for the searches near the end)."""
    if 64 - 2 * (q & _EDGES).bit_count() > alpha:
        return None
    bound = 64 - 2 * stable_edges(q, r).bit_count()
    return bound if bound <= alpha else None


def stability_bound(q: Bitboard, r: Bitboard, alpha: int) -> int | None:
    """Returns the bound ``64 - 2 * stable`` on the score of ``q``'s opponent when it is
    at most ``alpha`` (a null-window search may return it at once), else None; only
    looked up when ``q``'s discs could allow it, the inner ones only when its
    stable edge discs do not."""
    if 64 - 2 * q.bit_count() > alpha:
        return None
    stable = stable_edges(q, r)
    if 64 - 2 * stable.bit_count() > alpha >= 64 - 2 * (stable | q & _CENTRE).bit_count():
        stable = stable_discs(q, r)
    bound = 64 - 2 * stable.bit_count()
    return bound if bound <= alpha else None
