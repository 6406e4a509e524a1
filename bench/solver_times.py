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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from reversi.engine.board import Board  # noqa: E402
from reversi.engine.endgame import solve  # noqa: E402
from reversi.engine.search import Search  # noqa: E402


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
            board.play(Search().run(p, o, 2).square)
    return None if board.is_game_over() else board.mover_mask()


def measure(empties: list[int], positions: int, seed: int) -> None:
    """Prints mean, 90th percentile and maximum solve time per number of empties."""
    rng = random.Random(seed)
    print(f"{sys.implementation.name} on {sys.platform}")
    print(f"{'empties':>7} {'n':>3} {'mean s':>7} {'p90 s':>7} {'max s':>7}")
    for count in empties:
        times = []
        while len(times) < positions:
            found = position(rng, count)
            if found:
                start = time.process_time()
                solve(*found)
                times.append(time.process_time() - start)
        times.sort()
        p90 = times[int(0.9 * (len(times) - 1))]
        print(f"{count:>7} {len(times):>3} {statistics.mean(times):>7.3f} {p90:>7.3f} "
              f"{times[-1]:>7.3f}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--empties", type=int, nargs="+", default=[10, 11, 12, 13, 14])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pyodide", type=Path, metavar="DIR", help="run inside this Pyodide")
    args = parser.parse_args()
    if args.pyodide:
        import pyodide_run
        return pyodide_run.run(args.pyodide, "solver_times",
                               f"measure({args.empties!r}, {args.positions}, {args.seed})")
    measure(args.empties, args.positions, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
