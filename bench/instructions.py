"""Counts the machine instructions of a fixed midgame search, for comparing two
versions of the engine on this machine, whose speed drifts by up to 1.9x
within minutes: instruction counts repeat exactly.

Usage (from the repository root; needs valgrind)::

    python3 bench/instructions.py [--depth 7] [--positions 40] [--evaluations]

Runs CPython under ``valgrind --tool=cachegrind`` twice, once with the work
and once without (start-up, imports, making the positions and loading every
stage's tables), and prints the difference: the instructions of searching ``--positions``
midgame positions (``engine_speed.positions``, 20-40 plies into random
games) to ``--depth`` plies, ProbCut on, with the nodes searched; or with
``--evaluations`` those of 10 evaluations of each of 400 positions, per
evaluation.  Compare a change by running this before and after it.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys

import lib
from engine_speed import positions

from reversi.engine.evaluate import STANDARD
from reversi.engine.search import Search


def work(kind: str, depth: int, count: int, measured: bool) -> int:
    """Prepares the positions and loads every stage's tables, then, if ``measured``,
    does the work; returns the nodes searched or the evaluations made."""
    for p, o in positions(61 * 4, 0, 58, seed=2):
        STANDARD.evaluate(p, o)
    if kind == "evaluations":
        sample = positions(400, 8, 52)
        for _ in range(10 if measured else 0):
            for p, o in sample:
                STANDARD.evaluate(p, o)
        return 10 * len(sample)
    midgame = positions(count, 20, 40, seed=3)
    return sum(Search().run(p, o, depth).nodes for p, o in midgame) if measured else 0


def instructions(kind: str, depth: int, count: int, measured: bool) -> tuple[int, int]:
    """Returns the instructions cachegrind counts for a process doing :func:`work`,
    and what the work returned."""
    result = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, __file__, "--work", kind, str(depth), str(count), str(int(measured))],
        capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
    if not found:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{result.stderr}")
    return int(found.group(1).replace(",", "")), int(result.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--evaluations", action="store_true")
    parser.add_argument("--work", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.work:
        kind, depth, count, measured = args.work
        print(work(kind, int(depth), int(count), measured == "1"))
        return
    kind = "evaluations" if args.evaluations else "search"
    spent, done = instructions(kind, args.depth, args.positions, True)
    spent -= instructions(kind, args.depth, args.positions, False)[0]
    if args.evaluations:
        print(f"evaluation: {spent / done:,.0f} instructions each")
    else:
        print(f"{args.positions} positions to depth {args.depth}: {spent / 1e6:,.0f} M "
              f"instructions, {done:,} nodes, {spent / done:,.0f} instructions a node")

if __name__ == "__main__":
    main()
