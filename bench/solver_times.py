"""Measures the exact solver's time by number of empty squares.

Positions come from games played from random openings (6-10 random plies)
with a 2-ply search until the wanted number of empties; each is solved with
``reversi.engine.endgame.solve``.  The 90th percentile per row is what
``reversi.engine.think.SOLVE_SECONDS`` holds (CPython; ``--pyodide`` measures
the same positions inside Pyodide, whose ratio to CPython is
``think.PYODIDE_SLOWDOWN``), which decides from how many empties Expert plays
exactly.

Usage (from the repository root)::

    nice python bench/solver_times.py --empties 10 11 12 13 14 --positions 20
    python bench/solver_times.py --empties 14 15 16 --pyodide .cache/pyodide-314.0.7
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import lib

from reversi.engine.board import Board
from reversi.engine.endgame import solve
from reversi.engine.search import Search


def position(rng: random.Random, empties: int) -> tuple[int, int] | None:
    """Returns a self-play position with ``empties`` empty squares and a move, or None."""
    board = Board()
    opening = rng.randint(6, 10)
    while 64 - (board.black | board.white).bit_count() > empties:
        if board.is_game_over():
            return None
        p, o = board.mover_mask()
        moves = board.legal_moves()
        if len(board.steps) < opening:
            board.play(rng.choice(moves))
        else:
            square = Search().run(p, o, 2).square
            assert square is not None  # the game goes on, so the mover has a move
            board.play(square)
    return None if board.is_game_over() else board.mover_mask()


def time_table(task: Callable[[int, int, int], object], empties: list[int],
               positions: int, seed: int) -> None:
    """Prints, per number of empties, the mean, 90th percentile and maximum CPU
    seconds of ``task(p, o, empties)`` over ``positions`` self-play positions."""
    rng = random.Random(seed)
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    print(f"{'empties':>7} {'n':>3} {'mean s':>7} {'p90 s':>7} {'max s':>7}")
    for count in empties:
        times: list[float] = []
        while len(times) < positions:
            found = position(rng, count)
            if found:
                start = time.process_time()
                task(*found, count)
                times.append(time.process_time() - start)
        times.sort()
        p90 = times[int(0.9 * (len(times) - 1))]
        print(f"{count:>7} {len(times):>3} {statistics.mean(times):>7.3f} {p90:>7.3f} "
              f"{times[-1]:>7.3f}", flush=True)


def measure(empties: list[int], positions: int, seed: int) -> None:
    """Prints the exact solver's time table (here or inside Pyodide)."""
    time_table(lambda p, o, _: solve(p, o), empties, positions, seed)


def command_line(table: Callable[[list[int], int, int], None], module: str,
                 empties: list[int]) -> int:
    """Runs ``table`` (the function of that name in the bench module ``module``)
    with the command line's empties, positions and seed, here or inside Pyodide."""
    parser = argparse.ArgumentParser(description=(sys.modules["__main__"].__doc__ or "").splitlines()[0])
    parser.add_argument("--empties", type=int, nargs="+", default=empties)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pyodide", type=Path, metavar="DIR", help="run inside this Pyodide")
    args = parser.parse_args()
    if args.pyodide:
        from lib import pyodide_run
        return pyodide_run.run(args.pyodide, module,
                               f"{table.__name__}({args.empties!r}, {args.positions}, {args.seed})")
    table(args.empties, args.positions, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(command_line(measure, "solver_times", [10, 11, 12, 13, 14]))
