"""Static evaluation: a linear function of Reversi features, in disc-difference units.

The value of a position ``(p, o)`` (``p`` to move) estimates the final disc
difference ``discs(p) - discs(o)`` under good play, so it mixes with the exact
scores of finished games and of the endgame solver (SPEC R5, C2).

Every feature is a difference "side to move minus opponent" except the last two:

- ``corners``: corner discs, which can never be flipped.
- ``x_squares``, ``c_squares``: discs diagonally / orthogonally next to an
  *empty* corner; they tend to hand that corner to the other side.
- ``mobility``: legal moves; having choices and leaving few to the opponent.
- ``potential``: potential mobility, empty squares next to the other side's discs
  (where moves may appear later).
- ``frontier``: own discs next to an empty square (exposed discs, bad to have).
- ``stable``: discs that can never flip, counted from the corners along the
  edges (runs of one colour from an owned corner, and whole filled edges).
- ``discs``: the plain disc count difference (weighs more as the end nears).
- ``parity``: +1 if an odd number of squares is empty (the side to move should
  get the last move of the game), else -1.
- ``tempo``: constant 1, the value of being the side to move.

The weights differ per game phase (by number of empty squares).  They were
fitted by ridge least squares (``bench/tune.py``, which documents the method
and regenerates the data) on 25,551 positions of 501 self-play games: 201
games of 2-ply players (10% random moves) and 300 of 4-ply players (2%), each
from a random opening, every position labelled with the exact solver score
at 10-14 empties or, earlier, with the exact score of the game's 14-empty
position.  Held-out root-mean-square error in discs (100 games), fitted vs
the earlier hand-set weights vs predicting 0: 14.3 / 16.5 / 25.4 at 0-20
empties, 21.4 / 20.9 / 25.4 at 21-32, 23.5 / 23.6 / 25.4 at 33-44, 25.2 /
25.6 / 25.4 at 45-60: the midgame is hard to predict from outcomes, so the
table was also checked in play, where it beat the hand-set weights 54-1-25
(3-ply searches, 40 openings, both colours; +12.4 discs a game).
"""

from __future__ import annotations

from .bitboard import CORNERS, FULL, Bitboard, moves_mask

FEATURES = ("corners", "x_squares", "c_squares", "mobility", "potential", "frontier",
            "stable", "discs", "parity", "tempo")

COL_A: Bitboard = 0x0101010101010101
COL_H: Bitboard = COL_A << 7
ROW_1: Bitboard = 0xFF
ROW_8: Bitboard = ROW_1 << 56
#: The four squares diagonally next to a corner (b2, g2, b7, g7).
X_SQUARES: Bitboard = (1 << 9) | (1 << 14) | (1 << 49) | (1 << 54)
#: The eight squares on an edge next to a corner (b1, a2, g1, h2, a7, b8, h7, g8).
C_SQUARES: Bitboard = ((1 << 1) | (1 << 8) | (1 << 6) | (1 << 15)
                       | (1 << 48) | (1 << 57) | (1 << 55) | (1 << 62))

#: Upper bound of each phase's number of empty squares, and the weights of
#: ``FEATURES`` in that phase.  Written by ``python bench/tune.py fit``.
PHASES: tuple[tuple[int, tuple[float, ...]], ...] = (
    (20, (3.753, -4.501, -2.97, 2.42, -0.781, -1.267, 1.139, 0.441, -0.135, -1.908)),
    (32, (7.383, -9.765, -1.151, 0.794, 0.105, -1.985, 1.504, 0.62, 0.79, -2.533)),
    (44, (12.736, -9.401, -0.489, 0.163, 0.921, -1.972, 2.375, 1.028, 0.632, -2.452)),
    (60, (7.372, -18.394, -7.269, 0.216, 0.374, -0.074, 8.338, -0.967, -1.422, -3.178)),
)



def by_empties(phases: tuple[tuple[int, tuple[float, ...]], ...]) -> tuple[tuple[float, ...], ...]:
    """Returns the weights for each number of empty squares 0..60 from a phase table."""
    return tuple(next(w for top, w in phases if empties <= top) for empties in range(61))


#: Weights by number of empty squares (0..60); :func:`evaluate` reads them.
WEIGHTS = by_empties(PHASES)


def around(mask: Bitboard) -> Bitboard:
    """Returns the squares next to (in any of the eight directions) a square of ``mask``."""
    side = ((mask << 1) & ~COL_A | (mask >> 1) & ~COL_H) & FULL
    row = mask | side
    return (side | (row << 8) | (row >> 8)) & FULL


def edge_stable(p: Bitboard, o: Bitboard) -> Bitboard:
    """Returns ``p``'s discs that are stable through the corners: runs along an
    edge from an owned corner, and every ``p`` disc on a completely filled edge."""
    stable = 0
    filled = p | o
    for edge in (ROW_1, ROW_8, COL_A, COL_H):
        if filled & edge == edge:
            stable |= p & edge
    grow = p & CORNERS
    while grow:
        stable |= grow
        grow = (((grow << 1) & ~COL_A | (grow >> 1) & ~COL_H) & (ROW_1 | ROW_8)
                | ((grow << 8) | (grow >> 8)) & (COL_A | COL_H)) & p & ~stable
    return stable


def features(p: Bitboard, o: Bitboard) -> tuple[int, ...]:
    """Returns the values of ``FEATURES`` for ``(p, o)``, ``p`` to move."""
    empty = ~(p | o) & FULL
    near_empty = around(empty)
    danger = around(empty & CORNERS)
    x, c = danger & X_SQUARES, danger & C_SQUARES
    return (
        (p & CORNERS).bit_count() - (o & CORNERS).bit_count(),
        (p & x).bit_count() - (o & x).bit_count(),
        (p & c).bit_count() - (o & c).bit_count(),
        moves_mask(p, o).bit_count() - moves_mask(o, p).bit_count(),
        (empty & around(o)).bit_count() - (empty & around(p)).bit_count(),
        (p & near_empty).bit_count() - (o & near_empty).bit_count(),
        edge_stable(p, o).bit_count() - edge_stable(o, p).bit_count(),
        p.bit_count() - o.bit_count(),
        1 if empty.bit_count() & 1 else -1,
        1,
    )


def final_score(p: Bitboard, o: Bitboard) -> int:
    """Returns the exact result of a finished game for ``p``: disc difference,
    empty squares counted for nobody (SPEC R5)."""
    return p.bit_count() - o.bit_count()


def evaluate(p: Bitboard, o: Bitboard) -> float:
    """Returns the estimated final disc difference for ``p`` (``p`` to move),
    clamped to -64..64; exact when neither side can move."""
    f = features(p, o)
    if not f[3] and not moves_mask(p, o) and not moves_mask(o, p):
        return final_score(p, o)
    w = WEIGHTS[64 - (p | o).bit_count()]
    value = (w[0] * f[0] + w[1] * f[1] + w[2] * f[2] + w[3] * f[3] + w[4] * f[4]
             + w[5] * f[5] + w[6] * f[6] + w[7] * f[7] + w[8] * f[8] + w[9])
    return 64.0 if value > 64.0 else -64.0 if value < -64.0 else value
