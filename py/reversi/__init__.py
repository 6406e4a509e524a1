"""Reversi (Othello): rules, computer players and game sessions in pure Python.

The same code runs on CPython and inside Pyodide in the browser's worker.  The
packages form a ladder, each importing only the ones below it:
:mod:`reversi.engine` (rules, search, solver), :mod:`reversi.game` (the
session's rules) and :mod:`reversi.app` (wording, snapshot, saves, bridge).
The public engine API is re-exported here.
"""

from .engine.board import BLACK, COLOR_NAMES, WHITE, Board, Color, Outcome, Step
from .engine.notation import (
    IllegalMoveError,
    NotationError,
    format_transcript,
    parse_square,
    parse_transcript,
    square_name,
)

__version__ = "0.1.0"

__all__ = [
    "BLACK", "WHITE", "COLOR_NAMES", "Board", "Color", "Outcome", "Step",
    "IllegalMoveError", "NotationError", "format_transcript", "parse_square",
    "parse_transcript", "square_name",
]
