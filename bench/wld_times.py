"""Measures the solver's win-loss-draw proof time by number of empty squares.

The same positions as ``bench/solver_times.py`` (the same seed gives the same
ones), each solved with the window (-1, 1) only: win, loss or draw, not the
disc count.  The 90th percentile per row is what
``reversi.engine.think.WLD_SECONDS`` holds (CPython; ``--pyodide`` measures the
same positions inside Pyodide), which decides from how many empties a level
proves the result before it plays (``Level.wld_empties``).

Usage (from the repository root)::

    nice python bench/wld_times.py --empties 14 15 16 17 18 19 --positions 40
    python bench/wld_times.py --empties 17 18 --pyodide .cache/pyodide-314.0.7
"""

from __future__ import annotations

import sys

import lib
from solver_times import command_line, time_table

from reversi.engine.endgame import solve


def measure(empties: list[int], positions: int, seed: int) -> None:
    """Prints the win-loss-draw proof's time table (here or inside Pyodide)."""
    time_table(lambda p, o, _: solve(p, o, alpha=-1, beta=1), empties, positions, seed)


if __name__ == "__main__":
    sys.exit(command_line(measure, "wld_times", [14, 15, 16, 17, 18]))
