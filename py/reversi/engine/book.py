"""Opening book: positions of the main lines with the value of a deep search (C2, K1).

A :class:`Book` maps positions, stored once per eight symmetric images
(:func:`canonical`), to their value for the side to move in discs (R5);
:meth:`Book.choose` plays from it with a seed (C2), and the players, the hints and the
move list ask it.  ``bench/book.py`` builds it; the file format and its load time:
``docs/engine.md``.
"""

from __future__ import annotations

import functools
import json
import random
import sys
import zlib
from array import array
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bitboard import Bitboard, Square, flips_mask, moves_mask, squares
from .patterns import symmetric

MAGIC = b"reversi-book 2\n"
_LOW = (1 << 64) - 1

#: Per symmetry (see :func:`reversi.engine.patterns.symmetric`): per byte of a
#: bitboard (its row), per value of that byte, the image of those squares.
_IMAGES = tuple(
    tuple(tuple(sum(1 << t for bit, t in enumerate(symmetric(range(8 * row, 8 * row + 8), g))
                    if byte >> bit & 1) for byte in range(256)) for row in range(8))
    for g in range(8))


def transform(mask: Bitboard, symmetry: int) -> Bitboard:
    """Returns ``mask`` with every square moved by board symmetry 0-7."""
    images = _IMAGES[symmetry]
    out = 0
    for row, byte in enumerate(mask.to_bytes(8, "little")):
        out |= images[row][byte]
    return out


def canonical(p: Bitboard, o: Bitboard) -> int:
    """Returns the book key of ``(p, o)``: the least ``p << 64 | o`` of its eight images."""
    return min(transform(p, g) << 64 | transform(o, g) for g in range(8))


@dataclass
class Book:
    """Book positions (canonical keys) and their values for the side to move."""

    values: dict[int, int] = field(default_factory=dict)
    header: dict[str, Any] = field(default_factory=dict)

    def value(self, p: Bitboard, o: Bitboard) -> int | None:
        """Returns the book value of ``(p, o)`` for ``p``, or None if it is not in the book."""
        return self.values.get(canonical(p, o))

    def move_values(self, p: Bitboard, o: Bitboard) -> dict[Square, int]:
        """Returns the value for ``p`` of each move of ``p`` whose position is in the book."""
        out = {}
        for s in squares(moves_mask(p, o)):
            f = flips_mask(p, o, s)
            child = self.values.get(canonical(o ^ f, p | f | 1 << s))
            if child is not None:
                out[s] = -child
        return out

    def choose(self, p: Bitboard, o: Bitboard, margin: float,
               rng: random.Random) -> tuple[Square, int] | None:
        """Returns a book move within ``margin`` discs of the best and its value,
        picked with ``rng``; None when no move of ``p`` is in the book."""
        known = self.move_values(p, o)
        if not known:
            return None
        best = max(known.values())
        candidates = sorted(s for s, v in known.items() if v >= best - margin)
        square = rng.choice(candidates)
        return square, known[square]


def encode(book: Book) -> bytes:
    """Returns the bytes of a book file."""
    keys = sorted(book.values)
    columns = array("Q", (k >> 64 for k in keys)), array("Q", (k & _LOW for k in keys)), \
        array("b", (book.values[k] for k in keys))
    if sys.byteorder == "big":
        for column in columns:
            column.byteswap()
    return MAGIC + json.dumps(book.header, sort_keys=True).encode() + b"\n" + \
        zlib.compress(b"".join(column.tobytes() for column in columns), 9)


def decode(data: bytes) -> Book:
    """Returns the book of a book file's bytes.

    :raises ValueError: if the bytes are not a book file of this format.
    """
    if not data.startswith(MAGIC):
        raise ValueError("not a reversi book file (format 2)")
    line, _, body = data[len(MAGIC):].partition(b"\n")
    records = zlib.decompress(body)
    count, rest = divmod(len(records), 17)
    if rest:
        raise ValueError("truncated book file")
    high, low, values = array("Q"), array("Q"), array("b")
    high.frombytes(records[:8 * count])
    low.frombytes(records[8 * count:16 * count])
    values.frombytes(records[16 * count:])
    if sys.byteorder == "big":
        for column in (high, low, values):
            column.byteswap()
    return Book(dict(zip([h << 64 | w for h, w in zip(high, low)], values)), json.loads(line))


def load(path: Path) -> Book:
    """Returns the book stored in the file ``path``."""
    return decode(path.read_bytes())


#: The standard game's book file (built by ``bench/book.py``).
DATA_FILE = Path(__file__).resolve().parent / "data" / "book.bin"


@functools.cache
def standard_book() -> Book:
    """Returns the standard game's opening book, read once."""
    return load(DATA_FILE)
