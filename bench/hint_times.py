"""Times the hint scores of every legal move (SPEC H1): exact near the end.

For positions with ``--empties`` empty squares from games of the 2-ply
search (random openings), :func:`reversi.engine.hints.score_moves` scores
every move exactly (no deadline); prints the CPU seconds per position: mean,
90th percentile and maximum.  Issue 10's target: every move exact from 14
empties within about 2 s in Pyodide, about 0.7 s on CPython.

Usage (from the repository root)::

    nice python3 bench/hint_times.py --empties 12 13 14 15 --positions 20
    python3 bench/hint_times.py --empties 14 --pyodide .cache/pyodide-314.0.7
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent / "py")]

from solver_times import position  # noqa: E402

from reversi.engine.hints import score_moves  # noqa: E402


def run(empties_list: list[int], positions: int, seed: int) -> None:
    """Prints the time table (here or inside Pyodide)."""
    rng = random.Random(seed)
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    print(f"{'empties':>7} {'n':>3} {'mean s':>7} {'p90 s':>7} {'max s':>7}")
    for empties in empties_list:
        times = []
        while len(times) < positions:
            found = position(rng, empties)
            if found:
                start = time.process_time()
                scores = score_moves(*found, exact_empties=empties)
                times.append(time.process_time() - start)
                assert all(exact for _, exact in scores.values())
        times.sort()
        print(f"{empties:>7} {len(times):>3} {statistics.mean(times):>7.3f} "
              f"{times[int(0.9 * (len(times) - 1))]:>7.3f} {times[-1]:>7.3f}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--empties", type=int, nargs="+", default=[12, 13, 14, 15])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pyodide", type=Path, metavar="DIR", help="run inside this Pyodide")
    args = parser.parse_args()
    if args.pyodide:
        import pyodide_run
        return pyodide_run.run(args.pyodide, "hint_times",
                               f"run({args.empties}, {args.positions}, {args.seed})")
    run(args.empties, args.positions, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
