"""Balanced random openings: standard-game lines the engine judges even (R2, R6).

``data/balanced.txt`` (built by ``bench/openings.py``) holds each line's transcript and
Black's value in discs; :func:`pick` chooses one with a seed, for the session's new
game.  The file and how its lines were chosen: ``docs/engine.md``.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

from .bitboard import Square
from .datafile import data_lines
from .notation import parse_transcript

#: The data file (its format: ``docs/engine.md``).
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
