"""The book as a tree of lines (K1, K2, K3): each book move of a position with its value,
how far the book goes below it, and how many good lines reach a depth.

The book (:mod:`reversi.engine.book`) holds positions; a line goes from one to the next
through a move whose position is in the book.  How far the book goes below a position
(its *height* in plies) takes a walk over all of it (10 s in CPython), so it is computed
offline by ``bench/book_heights.py`` into ``data/book_heights.bin`` and read here; the
openings' explorer and trainer call this module.  Why and how: ``docs/openings.md``.
"""

from __future__ import annotations

import functools
import json
import sys
import zlib
from array import array
from pathlib import Path

from .bitboard import Bitboard, Square, flips_mask, moves_mask, squares
from .book import DATA_FILE as BOOK_FILE
from .book import Book, canonical, standard_book

MAGIC = b"reversi-book-heights 1\n"
#: The heights of the standard game's book.
DATA_FILE = Path(__file__).resolve().parent / "data" / "book_heights.bin"
#: A good move: within this many discs of the book's best (K2, K3).
GOOD = 1


def child(p: Bitboard, o: Bitboard, square: Square) -> tuple[Bitboard, Bitboard]:
    """Returns the position after ``p`` plays ``square``, the opponent to move."""
    f = flips_mask(p, o, square)
    return o ^ f, p | f | 1 << square


def book_moves(book: Book, p: Bitboard, o: Bitboard) -> dict[Square, int]:
    """Returns each move of ``p`` whose position is in the book, with its value for ``p``."""
    return book.move_values(p, o)


def good_moves(book: Book, p: Bitboard, o: Bitboard, margin: float = GOOD) -> dict[Square, int]:
    """Returns the book moves of ``p`` within ``margin`` discs of the best, with their values."""
    known = book.move_values(p, o)
    best = max(known.values(), default=0)
    return {s: v for s, v in known.items() if v >= best - margin}


def compute_heights(book: Book) -> dict[int, int]:
    """Returns every book position's height: the most plies the book goes below it (0: none)."""
    heights: dict[int, int] = {}

    def height(p: Bitboard, o: Bitboard, key: int) -> int:
        if key in heights:
            return heights[key]
        best = 0
        for s in squares(moves_mask(p, o)):
            cp, co = child(p, o, s)
            k = canonical(cp, co)
            if k in book.values:
                best = max(best, 1 + height(cp, co, k))
        heights[key] = best
        return best

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 1000))
    try:
        for key in book.values:
            height(key >> 64, key & ((1 << 64) - 1), key)
    finally:
        sys.setrecursionlimit(limit)
    return heights


def encode(book: Book, heights: dict[int, int], book_bytes: bytes) -> bytes:
    """Returns the bytes of a heights file: a header naming the book (its CRC-32 and size),
    then one byte a position in the book's key order."""
    header = {"book_crc32": zlib.crc32(book_bytes), "positions": len(book.values),
              "command": "python3 bench/book_heights.py"}
    column = bytes(heights[k] for k in sorted(book.values))
    return MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n" + zlib.compress(column, 9)


def decode(data: bytes, book: Book, book_bytes: bytes) -> dict[int, int]:
    """Returns the heights a file gives the positions of ``book``.

    :raises ValueError: if the file is not a heights file of this very book.
    """
    if not data.startswith(MAGIC):
        raise ValueError("not a book heights file (format 1)")
    line, _, body = data[len(MAGIC):].partition(b"\n")
    header = json.loads(line)
    column = array("B", zlib.decompress(body))
    if header.get("book_crc32") != zlib.crc32(book_bytes) or len(column) != len(book.values):
        raise ValueError("the heights file was made for another book: run bench/book_heights.py")
    return dict(zip(book.values, column))  # a book file's keys are in order, and so its dict's


@functools.cache
def standard_heights() -> dict[int, int]:
    """Returns the heights of the standard game's book, read once."""
    return decode(DATA_FILE.read_bytes(), standard_book(), BOOK_FILE.read_bytes())


def height(p: Bitboard, o: Bitboard) -> int | None:
    """Returns how far the standard book goes below ``(p, o)`` in plies, or None outside it."""
    return standard_heights().get(canonical(p, o))


def count_lines(book: Book, p: Bitboard, o: Bitboard, plies: int, margin: float = GOOD,
                memo: dict[tuple[int, int], int] | None = None) -> int:
    """Returns how many lines go ``plies`` deep from ``(p, o)`` through good book moves of
    both sides (within ``margin`` of the best, K3): the lines a player would learn.

    A position with no good move ends its lines short of the depth: they do not count.
    Symmetric images and transpositions are counted once per line (``memo``, shared by
    calls with the same book and margin, keeps the counts by position)."""
    if plies <= 0:
        return 1
    memo = {} if memo is None else memo
    key = (canonical(p, o), plies)
    if key not in memo:
        memo[key] = sum(count_lines(book, *child(p, o, s), plies - 1, margin, memo)
                        for s in good_moves(book, p, o, margin))
    return memo[key]
