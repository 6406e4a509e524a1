"""OBF problem files: positions with the exact score of every move (Edax's test format).

A line is a board string and ``; move:score`` for every legal move, best first; its
scores give the empty squares left at the end to the winner (the FFO convention, not
R5's).  The command line's ``bench --ffo`` and the tests read them.  The format in full:
``docs/engine.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bitboard import Bitboard, Square
from .datafile import data_lines
from .notation import parse_board, parse_square


@dataclass(frozen=True)
class Problem:
    """One OBF line: the side to move ``p``, its opponent ``o`` and each move's score."""

    p: Bitboard
    o: Bitboard
    scores: dict[Square, int]

    @property
    def best(self) -> int | None:
        """Returns the best score of the file, or None when it lists no move."""
        return max(self.scores.values()) if self.scores else None


def parse_problem(line: str) -> Problem:
    """Returns the problem of one OBF line.

    :raises NotationError: for a bad board string or move name.
    :raises ValueError: for a score that is not a whole number.
    """
    board, *moves = line.split(";")
    black, white, turn = parse_board(board)
    scores = {}
    for move in moves:
        if move.strip():
            name, score = move.split(":")
            scores[parse_square(name)] = int(score)
    p, o = (black, white) if turn == 0 else (white, black)
    return Problem(p, o, scores)


def read_problems(text: str) -> list[Problem]:
    """Returns the problems of an OBF file's text, skipping empty and ``#`` lines."""
    return [parse_problem(line) for line in data_lines(text)]
