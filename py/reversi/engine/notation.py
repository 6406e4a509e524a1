"""Square and transcript notation (SPEC R6): ``d3``; ``f5d6c3d3c4``.

Squares are ints 0..63 (a1 = 0, see :mod:`reversi.bitboard`); text appears
only at the edges.  Input accepts either case; output is lower case.
"""

from __future__ import annotations

import re

from .bitboard import Square

FILES = "abcdefgh"
RANKS = "12345678"
SQUARE_NAMES: tuple[str, ...] = tuple(f + r for r in RANKS for f in FILES)

_SQUARE = re.compile(r"[a-h][1-8]")


class NotationError(ValueError):
    """Text that is not a square or a transcript; names where it went wrong."""

    def __init__(self, message: str, *, position: int = 0) -> None:
        super().__init__(message)
        #: 1-based character position of the first bad character.
        self.position = position


class IllegalMoveError(ValueError):
    """A well-formed placement that the rules do not allow (SPEC R3)."""

    def __init__(self, message: str, *, square: Square, index: int = 0,
                 position: int = 0) -> None:
        super().__init__(message)
        self.square = square
        #: 1-based number of the placement in its transcript (0 if none).
        self.index = index
        #: 1-based character position of the placement in its text (0 if none).
        self.position = position


def square_name(square: Square) -> str:
    """Returns the name of ``square``, e.g. ``"d3"`` for 19."""
    return SQUARE_NAMES[square]


def parse_square(text: str) -> Square:
    """Returns the square named by ``text`` (``"d3"`` or ``"D3"``).

    :raises NotationError: if ``text`` is not exactly one square name.
    """
    name = text.strip().lower()
    if not _SQUARE.fullmatch(name):
        raise NotationError(f"{text!r} is not a square: use a letter a-h and a digit 1-8, e.g. d3",
                            position=1)
    return SQUARE_NAMES.index(name)


def parse_transcript(text: str) -> list[tuple[Square, int]]:
    """Returns the placements of a transcript with each one's 1-based position in ``text``.

    Whitespace is ignored, case is not significant.  Legality is not checked
    here (see :func:`reversi.board.Board.replay`).

    :raises NotationError: naming the first character that does not start a square.
    """
    out: list[tuple[Square, int]] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        pair = text[i:i + 2].lower()
        if not _SQUARE.fullmatch(pair):
            shown = text[i:i + 2] if i + 1 < n else text[i]
            raise NotationError(
                f"move {len(out) + 1} at character {i + 1}: {shown!r} is not a square (a1-h8)",
                position=i + 1)
        out.append((SQUARE_NAMES.index(pair), i + 1))
        i += 2
    return out


def format_transcript(squares: list[Square]) -> str:
    """Returns the transcript of ``squares``, e.g. ``"f5d6c3"``."""
    return "".join(SQUARE_NAMES[s] for s in squares)
