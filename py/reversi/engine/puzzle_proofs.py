"""The searches behind the puzzle set: how hard a puzzle is, and its proof.

:func:`hardness` grades a candidate for ``bench/puzzles.py``; :func:`prove` checks a
shipped puzzle against the exact solver (the tests re-prove a sample, the
benchmark all of them).
"""

from __future__ import annotations

from collections.abc import Mapping

from .bitboard import Square
from .board import Board
from .endgame import solve_all
from .notation import parse_board, square_name
from .puzzle_set import Puzzle
from .search import Search


def shallow_values(board: Board, depth: int = 2) -> dict[Square, float]:
    """Returns what a ``depth``-ply search thinks of each legal move, for the mover."""
    values = {}
    for square in board.legal_moves():
        child = board.copy()
        child.play(square)
        if child.is_game_over():
            black, white = child.counts()
            values[square] = float(black - white if board.turn == 0 else white - black)
            continue
        score = Search().run(*child.mover_mask(), depth).score
        values[square] = score if child.turn == board.turn else -score
    return values


def hardness(board: Board, scores: Mapping[Square, int]) -> float:
    """Returns how hard a puzzle is: half a point an empty square, two a tempting wrong
    move (one a 2-ply search rates at least as high as the answer), and half a point
    a disc that the shallow search prefers its own choice by (at most ten)."""
    answer = max(scores, key=lambda s: scores[s])
    shallow = shallow_values(board)
    tempting = sum(1 for s, v in shallow.items() if s != answer and v >= shallow[answer])
    gap = max(shallow.values()) - shallow[answer]
    empties = 64 - (board.black | board.white).bit_count()
    return 0.5 * empties + 2 * tempting + 0.5 * min(gap, 10.0)


def prove(puzzle: Puzzle) -> bool:
    """Checks a puzzle against the exact solver: the same legal moves with the same scores."""
    board = Board(*parse_board(puzzle.board))
    scores = solve_all(*board.mover_mask())
    return {square_name(s): v for s, v in scores.items()} == dict(puzzle.scores)
