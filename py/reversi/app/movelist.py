"""The move list: a game's moves numbered in pairs, passes shown (R4, R6).

``1. f5 d6  2. c3 d3 …``: each pair is Black's turn and White's, so a pass takes
its side's place in the pair ("pass"), and a game that begins with White to move
(a set-up position) leaves Black's first place empty.  Each entry names the
placement after which it stands (``ply``, the review frame to open), whether it is
the current position's last placement (``current``) and whether it lies beyond the
cursor (``ahead``: undone, Redo plays it again).
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ..engine.bitboard import Square, flips_mask, moves_mask
from ..engine.board import BLACK, Color
from ..engine.notation import square_name
from ..engine.variants import ANTI, STANDARD
from ..game.line import Line, Start
from . import wording

#: One side's turn in the move list: a placement, or a pass after placement ``ply``;
#: ``label`` is its accessible name; ``mistake`` the discs it lost, once analysed (N6).
MoveEntry = TypedDict("MoveEntry", {"ply": int, "text": str, "label": str, "pass": bool, "current": bool,
                                    "ahead": bool, "book": bool, "mistake": NotRequired[int]})
#: A numbered row of the move list: Black's turn and White's.
MoveRow = TypedDict("MoveRow", {"number": int, "black": MoveEntry | None, "white": MoveEntry | None})


def move_list(moves: list[Square], colors: list[Color], cursor: int | None = None,
              book: frozenset[int] = frozenset()) -> list[MoveRow]:
    """Returns the rows ``{"number", "black", "white"}`` of a game's moves (``colors``:
    who made each placement), each side an entry ``{"ply", "text", "label", "pass",
    "current", "ahead", "book"}`` or None; ``cursor`` (default: all) is how many placements
    are played, ``book`` the placements (by ply) that were the opening book's (K1)."""
    cursor = len(moves) if cursor is None else cursor
    turns: list[MoveEntry | None] = []
    expected = BLACK
    for ply, (square, color) in enumerate(zip(moves, colors), 1):
        if color != expected:  # White opens (a set-up position), or the side to move passed
            turns.append(None if ply == 1 else _entry(len(turns), expected, ply - 1, None, cursor))
        turns.append(_entry(len(turns), color, ply, square, cursor, ply in book))
        expected = color ^ 1
    if len(turns) % 2:
        turns.append(None)
    return [MoveRow(number=n + 1, black=turns[2 * n], white=turns[2 * n + 1]) for n in range(len(turns) // 2)]


def _entry(turn: int, color: Color, ply: int, square: Square | None, cursor: int,
           book: bool = False) -> MoveEntry:
    """Returns the entry of turn ``turn`` (0-based): a placement, or (``square`` None) a
    pass after placement ``ply``, with its words and its accessible name (``label``)."""
    number, side = turn // 2 + 1, wording.color_title(color)
    text = square_name(square) if square is not None else wording.say("movelist.pass")
    label = (wording.say("movelist.entry", number=number, color=side, square=text) if square is not None
             else wording.say("movelist.entry_pass", number=number, color=side))
    if book:
        label = wording.say("movelist.book", entry=label)
    return {"ply": ply, "text": text, "label": label, "pass": square is None,
            "current": square is not None and ply == cursor, "ahead": ply > cursor, "book": book}


def book_plies(moves: list[Square], start: Start | None = None, variant: str = STANDARD) -> frozenset[int]:
    """Returns the placements (by ply, from 1) that were moves of the opening book: the
    position after each is in the book (K1; the book is the standard game's, so
    none in anti-reversi, nor among the free opening's first placements)."""
    if variant == ANTI:
        return frozenset()
    from ..engine.book import standard_book

    book, board, found = standard_book(), Line(start=start, variant=variant).board, set()
    for ply, square in enumerate(moves, 1):
        p, o = board.mover_mask()
        if board.legal_mask() == moves_mask(p, o):  # a placement by the standard rules
            f = flips_mask(p, o, square)
            if book.value(o ^ f, p | f | 1 << square) is not None:
                found.add(ply)
        board.play(square)
    return frozenset(found)
