"""The puzzle set: positions with one clearly best move, proved exactly.

This module only reads and writes ``data/puzzles.txt`` (built by ``bench/puzzles.py``),
one puzzle a line with its board as a board string (E1), and is imported at start-up by
the puzzles, the mistakes' retries (N8) and the wording; the searches that judge and
prove puzzles are :mod:`.puzzle_proofs`.  The line format: ``docs/engine.md``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .datafile import data_lines
from .notation import parse_board
from .variants import STANDARD

#: The data file (its format: ``docs/engine.md``).
DATA_FILE = Path(__file__).resolve().parent / "data" / "puzzles.txt"
#: The difficulty levels.
LEVELS = 5
#: How much better than the next move the answer of a ``best`` puzzle is, in discs.
MARGIN = 4
#: The worst result a ``best`` puzzle's answer may have: a game lost by more is no puzzle.
FLOOR = -10


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: its position, its kind and every move's proved score."""

    number: int
    level: int
    board: str
    kind: str
    scores: tuple[tuple[str, int], ...]
    #: Its rules (V1): the set's puzzles are standard; a retried mistake (N8) has its game's.
    variant: str = STANDARD

    @property
    def answer(self) -> str:
        """Returns the best move's square name."""
        return max(self.scores, key=lambda item: item[1])[0]

    @property
    def value(self) -> int:
        """Returns the answer's exact score for the side to move."""
        return dict(self.scores)[self.answer]

    @property
    def turn(self) -> int:
        """Returns the side to move (0 Black, 1 White)."""
        return parse_board(self.board)[2]

    @property
    def empties(self) -> int:
        """Returns the number of empty squares."""
        return self.board[:64].count("-")


def kind_of(values: Sequence[int], margin: int = MARGIN) -> str | None:
    """Returns the kind of puzzle that moves with these exact scores make: ``win``
    (one move wins, no other does), ``best`` (one move is ``margin`` discs better
    than every other, and loses by at most :data:`FLOOR` discs), or None (not a
    puzzle, or only one move)."""
    if len(values) < 2:
        return None
    first, second = sorted(values, reverse=True)[:2]
    if first > 0 >= second:
        return "win"
    return "best" if first - second >= margin and first >= FLOOR else None


def write_set(records: Iterable[Mapping], header: Mapping) -> str:
    """Returns the data file's text for judged candidates (``board``, ``kind``,
    ``hardness``, ``scores``): numbered in board order, and cut into :data:`LEVELS`
    levels of equal size by hardness."""
    chosen = sorted(records, key=lambda r: r["board"])
    order = sorted(range(len(chosen)), key=lambda i: (chosen[i]["hardness"], chosen[i]["board"]))
    level = {i: 1 + rank * LEVELS // len(chosen) for rank, i in enumerate(order)}
    lines = ["# reversi-puzzles 1", "# " + json.dumps(dict(header), sort_keys=True)]
    for i, record in enumerate(chosen):
        scores = sorted(record["scores"].items(), key=lambda item: (-item[1], item[0]))
        cells, turn = record["board"].split()
        lines.append(f"{i + 1} {level[i]} {cells} {turn} {record['kind']} "
                     + ",".join(f"{s}{v:+d}" for s, v in scores))
    return "\n".join(lines) + "\n"


def read(path: Path = DATA_FILE) -> list[Puzzle]:
    """Returns the puzzles of a data file.

    :raises ValueError: for a line that is not a puzzle.
    """
    out = []
    for line in data_lines(path.read_text(encoding="utf-8")):
        number, level, cells, turn, kind, scores = line.split()
        board = f"{cells} {turn}"
        parse_board(board)
        moves = tuple((item[:2], int(item[2:])) for item in scores.split(","))
        if kind not in ("win", "best") or not 1 <= int(level) <= LEVELS or kind_of([v for _, v in moves]) != kind:
            raise ValueError(f"not a puzzle: {line!r}")
        out.append(Puzzle(int(number), int(level), board, kind, moves))
    return out


@functools.cache
def puzzle_set() -> tuple[Puzzle, ...]:
    """Returns the shipped puzzles, read once."""
    return tuple(read())
