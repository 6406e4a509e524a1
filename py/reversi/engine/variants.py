"""The variants of the rules (V1): Standard, Anti-reversi and Free opening.

- ``standard``: R1-R6 as written.
- ``anti``: the same moves; at the end the side with *fewer* discs wins, equal
  counts draw, and the real counts are shown.
- ``free``: the board starts empty; the first four placements go one each on
  d4, e4, d5 and e5, Black first, alternating, and flip nothing (nobody passes
  then); from the fifth placement on R3-R5 apply.

A variant is a plain name; these functions say what it changes.  The board
(:mod:`.board`) applies them; searches score finished games with
:func:`final_score`, so a solver of anti-reversi minimises its own discs.
"""

from __future__ import annotations

from .bitboard import Bitboard, moves_mask

STANDARD = "standard"
ANTI = "anti"
FREE = "free"
#: Every variant, the standard game first.
VARIANTS: tuple[str, ...] = (STANDARD, ANTI, FREE)
#: d4, e4, d5, e5: where the free opening's first four discs go.
CENTRE: Bitboard = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36)
#: The placements of the free opening that flip nothing.
FREE_PLACEMENTS = 4
#: R2: White on d4 and e5, Black on e4 and d5.
OPENING_BLACK: Bitboard = (1 << 28) | (1 << 35)
OPENING_WHITE: Bitboard = (1 << 27) | (1 << 36)


def check(variant: str) -> str:
    """Returns ``variant`` if it names a variant.

    :raises ValueError: for an unknown name.
    """
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}: choose one of {', '.join(VARIANTS)}")
    return variant


def initial(variant: str) -> tuple[Bitboard, Bitboard]:
    """Returns the black and white discs a game of ``variant`` starts with (Black moves first)."""
    return (0, 0) if variant == FREE else (OPENING_BLACK, OPENING_WHITE)


def opening_squares(variant: str, black: Bitboard, white: Bitboard) -> Bitboard | None:
    """Returns the squares the free opening allows now (the empty centre squares while
    fewer than four discs are placed), or None when the usual rules apply."""
    if variant != FREE:
        return None
    filled = black | white
    return CENTRE & ~filled if filled.bit_count() < FREE_PLACEMENTS else None


def legal_mask(p: Bitboard, o: Bitboard, variant: str = STANDARD) -> Bitboard:
    """Returns the legal placements of the side with discs ``p`` in ``variant``: the
    empty centre squares during the free opening, else those of R3."""
    centre = opening_squares(variant, p, o)
    return moves_mask(p, o) if centre is None else centre


def winner(black: int, white: int, variant: str) -> int | None:
    """Returns the winning colour (0 black, 1 white) of final counts, or None for a draw:
    more discs win, fewer in anti-reversi."""
    if black == white:
        return None
    return 0 if (black > white) != (variant == ANTI) else 1


def final_score(p: Bitboard, o: Bitboard, variant: str = STANDARD) -> int:
    """Returns the result of a finished game for ``p`` in the variant's own terms: the
    real disc difference (R5), negated in anti-reversi (fewer discs is better)."""
    diff = p.bit_count() - o.bit_count()
    return -diff if variant == ANTI else diff
