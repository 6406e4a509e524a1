"""Perft: counts the leaves of the game tree, the standard move-generator check.

A pass is a ply of its own and a finished game is a leaf at any depth (the
convention of ``tests/data/perft.txt``).  The last ply is counted in bulk
from the move mask, without playing it.
"""

from __future__ import annotations

from .bitboard import Bitboard, flips_mask, moves_mask


def perft(p: Bitboard, o: Bitboard, depth: int, passed: bool = False) -> int:
    """Returns the number of leaves ``depth`` plies below ``(p, o)`` (``p`` to move).

    ``passed`` says the previous ply was a pass, so a second one ends the game.
    """
    mv = moves_mask(p, o)
    if not mv:
        if passed or depth == 1:
            return 1
        return perft(o, p, depth - 1, True)
    if depth == 1:
        return mv.bit_count()
    n = 0
    if depth == 2:
        while mv:
            b = mv & -mv
            mv ^= b
            f = flips_mask(p, o, b.bit_length() - 1)
            child = moves_mask(o ^ f, p | f | b)
            n += child.bit_count() if child else 1
        return n
    while mv:
        b = mv & -mv
        mv ^= b
        f = flips_mask(p, o, b.bit_length() - 1)
        n += perft(o ^ f, p | f | b, depth - 1)
    return n
