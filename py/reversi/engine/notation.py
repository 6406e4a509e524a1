"""Square and transcript notation (R6): ``d3``; ``f5d6c3d3c4``.

Squares are ints 0..63 (a1 = 0, see :mod:`reversi.engine.bitboard`); text appears
only at the edges.  Input accepts either case; output is lower case.
"""

from __future__ import annotations

import re

from .bitboard import Bitboard, Square

FILES = "abcdefgh"
RANKS = "12345678"
SQUARE_NAMES: tuple[str, ...] = tuple(f + r for r in RANKS for f in FILES)

_SQUARE = re.compile(r"[a-h][1-8]")


class NotationError(ValueError):
    """Text that is not a square or a transcript; names where it went wrong.

    Besides its English message it carries what went wrong as data, so that a page
    can say it in any language: ``kind`` ("square", "transcript", "board_char",
    "board_size", "board_side", "variant") and ``detail`` (the values the message names).
    """

    def __init__(self, message: str, *, position: int = 0, kind: str = "", **detail: object) -> None:
        super().__init__(message)
        #: 1-based character position of the first bad character.
        self.position = position
        self.kind = kind
        self.detail = detail


class IllegalMoveError(ValueError):
    """A well-formed placement that the rules do not allow (R3); ``over`` when the
    game had ended, ``color`` the side that could not play it."""

    def __init__(self, message: str, *, square: Square, index: int = 0,
                 position: int = 0, over: bool = False, color: int = 0) -> None:
        super().__init__(message)
        self.square = square
        self.over = over
        self.color = color
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
                            position=1, kind="square", text=text)
    return SQUARE_NAMES.index(name)


def parse_transcript(text: str) -> list[tuple[Square, int]]:
    """Returns the placements of a transcript with each one's 1-based position in ``text``.

    Whitespace is ignored, case is not significant.  Legality is not checked
    here (see :meth:`reversi.engine.board.Board.replay`).

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
                position=i + 1, kind="transcript", move=len(out) + 1, shown=shown)
        out.append((SQUARE_NAMES.index(pair), i + 1))
        i += 2
    return out


def format_transcript(squares: list[Square]) -> str:
    """Returns the transcript of ``squares``, e.g. ``"f5d6c3"``."""
    return "".join(SQUARE_NAMES[s] for s in squares)


#: A board string's cell characters (FFO style): black, white, empty; and the sides to move.
CELL_CHARS = "XO-"
SIDE_CHARS = "XO"


def parse_board(text: str) -> tuple[Bitboard, Bitboard, int]:
    """Returns ``(black, white, turn)`` of a board string: 64 characters a1..h8
    (``X`` black, ``O`` white, ``-`` empty, either case; spaces and line breaks
    between them are ignored), a space, and ``X`` or ``O`` for the side to move
    (E1).

    :raises NotationError: naming what is wrong: the number of squares, the first
        bad character (with its 1-based position among the squares) or the side to move.
    """
    tokens = text.upper().split()
    side = tokens.pop() if len(tokens) > 1 and len(tokens[-1]) == 1 else None
    cells = "".join(tokens)
    for index, char in enumerate(cells[:64]):
        if char not in CELL_CHARS:
            raise NotationError(f"character {index + 1} ({SQUARE_NAMES[index]}) is {char!r}: a square is "
                                f"X (black), O (white) or - (empty)", position=index + 1, kind="board_char",
                                square=SQUARE_NAMES[index], char=char)
    if len(cells) != 64:
        raise NotationError(f"a board string has 64 squares, a1 to h8, then a space and X or O to "
                            f"move; this one has {len(cells)} square{'s' if len(cells) != 1 else ''}",
                            position=min(len(cells), 64) + 1, kind="board_size", count=len(cells))
    if side is None or side not in SIDE_CHARS:
        raise NotationError("after the 64 squares comes a space and the side to move, X or O"
                            if side is None else f"the side to move is X or O, not {side!r}", position=65,
                            kind="board_side", side=side)
    black = sum(1 << s for s, c in enumerate(cells) if c == "X")
    white = sum(1 << s for s, c in enumerate(cells) if c == "O")
    return black, white, SIDE_CHARS.index(side)


def format_board(black: Bitboard, white: Bitboard, turn: int) -> str:
    """Returns the board string of a position (see :func:`parse_board`)."""
    cells = "".join("X" if black >> s & 1 else "O" if white >> s & 1 else "-" for s in range(64))
    return f"{cells} {SIDE_CHARS[turn]}"
