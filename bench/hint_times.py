"""Times the hint scores of every legal move (H1): exact near the end.

For positions with ``--empties`` empty squares from games of the 2-ply
search (random openings), :func:`reversi.engine.hints.score_moves` scores
every move exactly (no deadline); prints the CPU seconds per position: mean,
90th percentile and maximum.  The target: every move exact from 14
empties within about 2 s in Pyodide, about 0.7 s on CPython.

Usage (from the repository root)::

    nice python3 bench/hint_times.py --empties 12 13 14 15 --positions 20
    python3 bench/hint_times.py --empties 14 --pyodide .cache/pyodide-314.0.7
"""

from __future__ import annotations

import sys

import lib
from solver_times import command_line, time_table

from reversi.engine.hints import score_moves


def exact_hints(p: int, o: int, empties: int) -> None:
    """Scores every move of ``p`` exactly (the hints from ``empties`` empties)."""
    scores = score_moves(p, o, exact_empties=empties)
    assert all(exact for _, exact in scores.values())


def run(empties: list[int], positions: int, seed: int) -> None:
    """Prints the time table (here or inside Pyodide)."""
    time_table(exact_hints, empties, positions, seed)


if __name__ == "__main__":
    sys.exit(command_line(run, "hint_times", [12, 13, 14, 15]))
