"""Opening names: which named opening a standard game follows (R6).

A game is named by the longest line of ``data/openings.txt`` it begins with, in any of
the four symmetries that keep the start; :func:`name` gives the first name, and
:func:`aliases` all of them.  The wording of a game calls it.  The table and its
symmetries: ``docs/engine.md``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

from .bitboard import Square
from .datafile import data_lines
from .notation import parse_transcript
from .patterns import symmetric
from .variants import OPENING_BLACK, OPENING_WHITE

#: The table (its format: ``docs/engine.md``).
DATA_FILE = Path(__file__).resolve().parent / "data" / "openings.txt"


def read(path: Path = DATA_FILE) -> list[tuple[tuple[Square, ...], str]]:
    """Returns the table's lines: placements and full name (aliases included).

    :raises ValueError: if a line is not a transcript followed by a name.
    """
    out = []
    for line in data_lines(path.read_text(encoding="utf-8")):
        moves, _, title = line.partition(" ")
        if not title.strip():
            raise ValueError(f"an opening without a name: {line!r}")
        out.append((tuple(s for s, _ in parse_transcript(moves)), title.strip()))
    return out


def start_symmetries() -> tuple[int, ...]:
    """Returns the symmetries (0-7, :func:`reversi.engine.patterns.symmetric`) that map
    the four-disc start onto itself."""
    def squares(mask: int) -> list[Square]:
        return [s for s in range(64) if mask >> s & 1]
    black, white = squares(OPENING_BLACK), squares(OPENING_WHITE)
    return tuple(g for g in range(8) if sorted(symmetric(black, g)) == black
                 and sorted(symmetric(white, g)) == white)


@functools.cache
def _table() -> tuple[dict[tuple[Square, ...], str], int]:
    """Returns every line's images by their placements, and the longest line's length."""
    named: dict[tuple[Square, ...], str] = {}
    lines = read()
    for moves, title in lines:
        for g in start_symmetries():
            named[symmetric(moves, g)] = title
    return named, max(len(moves) for moves, _ in lines)


def aliases(moves: Sequence[Square]) -> list[str]:
    """Returns every name of the opening that ``moves`` (placements from the standard
    opening) follow, the usual one first; [] before any named line is reached."""
    named, longest = _table()
    found = ""
    for n in range(1, min(len(moves), longest) + 1):
        found = named.get(tuple(moves[:n]), found)
    return found.split("/") if found else []


def name(moves: Sequence[Square]) -> str:
    """Returns the usual name of the opening that ``moves`` follow ("" for none)."""
    names = aliases(moves)
    return names[0] if names else ""


def count() -> int:
    """Returns the number of named lines in the table."""
    return len(read())
