"""Measures the exact solver's time by number of empty squares.

Positions come from games played from random openings (6-10 random plies)
with a 2-ply search until the wanted number of empties; each is solved with
``reversi.engine.endgame.solve``.  The 90th percentile per row is what
``reversi.engine.think.SOLVE_SECONDS`` holds (CPython; Pyodide is about three
times slower), which decides from how many empties Expert plays exactly.

Usage (from the repository root)::

    nice python bench/solver_times.py --empties 10 11 12 13 14 --positions 20
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


def main() -> None:
    """Prints mean, 90th percentile and maximum solve time per number of empties."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--empties", type=int, nargs="+", default=[10, 11, 12, 13, 14])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"{'empties':>7} {'n':>3} {'mean s':>7} {'p90 s':>7} {'max s':>7}")
    for empties in args.empties:
        times = []
        while len(times) < args.positions:
            found = position(rng, empties)
            if found:
                start = time.process_time()
                solve(*found)
                times.append(time.process_time() - start)
        times.sort()
        p90 = times[int(0.9 * (len(times) - 1))]
        print(f"{empties:>7} {len(times):>3} {statistics.mean(times):>7.3f} {p90:>7.3f} "
              f"{times[-1]:>7.3f}", flush=True)


if __name__ == "__main__":
    main()
