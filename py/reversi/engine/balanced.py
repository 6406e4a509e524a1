"""Balanced random openings: standard-game lines the engine judges even.

The data file ``data/balanced.txt`` (built by ``bench/openings.py``, whose
command and seed are in its second line) holds random lines of 6-10
placements from the standard opening (R2), each with f5 first, no two
reaching the same position up to the board's symmetries, each within about
2 discs of even by a deep midgame search with the trained evaluation.  A line
is its transcript (R6) and Black's value of that search, in discs.

:func:`pick` chooses one with a seed, so a game can say which opening it
was given and replay it.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

from .bitboard import Square
from .datafile import data_lines
from .notation import parse_transcript

#: The data file (see the module docstring).
DATA_FILE = Path(__file__).resolve().parent / "data" / "balanced.txt"
#: Placements in a balanced opening.
MIN_PLIES, MAX_PLIES = 6, 10


def read(path: Path) -> list[tuple[tuple[Square, ...], int]]:
    """Returns the openings of a balanced-openings file: placements and Black's value.

    :raises ValueError: if a line is not a transcript and a signed integer.
    """
    out = []
    for line in data_lines(path.read_text(encoding="utf-8")):
        moves, value = line.split()
        out.append((tuple(s for s, _ in parse_transcript(moves)), int(value)))
    return out


@functools.cache
def openings() -> tuple[tuple[tuple[Square, ...], int], ...]:
    """Returns every balanced opening (placements, Black's value), read once."""
    return tuple(read(DATA_FILE))


def count() -> int:
    """Returns the number of balanced openings."""
    return len(openings())


def pick(seed: int | float | str) -> list[Square]:
    """Returns the placements of the balanced opening chosen by ``seed`` (the same
    seed, the same opening)."""
    table = openings()
    return list(table[random.Random(seed).randrange(len(table))][0])
