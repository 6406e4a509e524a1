"""Times the compiled exact solver (native/solver.c) on self-play endgames, as
bench/gen.py uses it (C2: the generator's exact labels).

Positions: the first ``--positions`` records with 16, 18 and 20 empty squares
of a bench/gen.py data file.  Each is solved by a new ``native.SOLVER`` (its
first MTD(f) guess included); the mean CPU time (process time) and nodes per
solve are printed.  ``--games`` also replays the generator's use: one solver
solves a game's position at 20 empties, then every later position of that game
with the same table, and the mean CPU time per game is printed.  ``--check``
compares each score with the Python solver's (slow: 20 empties takes minutes).

Usage (from the repository root, the engine built: ``python3 build.py native``)::

    python3 bench/native_solver.py --data bench/.data/gen/snap1.bin --games 20
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from lib import records

import native


def solve_set(rows, check: bool) -> tuple[float, float, list[int]]:
    """Returns the mean CPU ms and nodes per solve of ``rows``, and their scores."""
    seconds, nodes, scores = 0.0, 0, []
    for r in rows:
        solver = native.SOLVER()
        started = time.process_time()
        score, _ = solver.solve(int(r["p"]), int(r["o"]))
        seconds += time.process_time() - started
        nodes += solver.nodes
        scores.append(score)
        if check:
            from reversi.engine.endgame import Solver
            assert Solver().solve(int(r["p"]), int(r["o"]))[0] == score, r
    return 1000 * seconds / len(rows), nodes / len(rows), scores


def games(data, count: int) -> tuple[float, float, int]:
    """Returns the mean CPU ms and nodes per game of the first ``count`` games reaching
    20 empties: one solver for the position at 20 empties and every later one."""
    starts = [i for i in range(len(data)) if data[i]["empties"] == 20][:count]
    seconds, nodes, total = 0.0, 0, 0
    for i in starts:
        solver = native.SOLVER()
        started = time.process_time()
        game = data[i]["game"]
        j = i
        while j < len(data) and data[j]["game"] == game:
            total ^= hash((solver.solve(int(data[j]["p"]), int(data[j]["o"]))[0], j))
            j += 1
        seconds += time.process_time() - started
        nodes += solver.nodes
    return 1000 * seconds / len(starts), nodes / len(starts), total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("bench/.data/gen/snap1.bin"))
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--empties", type=int, nargs="+", default=[16, 18, 20])
    parser.add_argument("--games", type=int, default=0, help="games replayed from 20 empties")
    parser.add_argument("--check", action="store_true", help="compare scores with the Python solver")
    args = parser.parse_args()
    assert native.AVAILABLE, "build the engine first: python3 build.py native"
    data = records.read(args.data)
    for empties in args.empties:
        rows = data[data["empties"] == empties][:args.positions]
        ms, nodes, scores = solve_set(rows, args.check)
        print(f"{empties} empties: {ms:8.1f} ms {nodes / 1e6:7.3f} M nodes  scores sum {sum(scores)} "
              f"hash {hash(tuple(scores)) & 0xFFFF:04x}", flush=True)
    if args.games:
        ms, nodes, digest = games(data, args.games)
        print(f"games from 20 empties: {ms:8.1f} ms {nodes / 1e6:7.3f} M nodes per game  "
              f"hash {digest & 0xFFFF:04x}")


if __name__ == "__main__":
    main()
