"""Measures the evaluation and the search: speed, weight loading and memory.

Usage, from the repository root::

    python3 bench/engine_speed.py
    python3 bench/engine_speed.py --pyodide .cache/pyodide-314.0.7   # inside Pyodide (Node)

Prints: microseconds per evaluation for the pattern evaluation and for the
frozen baseline's linear one (``bench/baseline.py``) on the same positions
(midgame positions of random games); the weight file's load time (read and
decompress) and the time to turn every stage into lists, with the memory
that takes (tracemalloc); and the midgame search's nodes per second and
depth reached at each level's node budget, on positions 20-40 plies in,
next to the frozen baseline's search at the same budget.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent / "py")]

import baseline  # noqa: E402

from reversi.engine.board import Board  # noqa: E402

clock = time.process_time


def positions(count: int, low: int, high: int, seed: int = 1) -> list[tuple[int, int]]:
    """Returns ``count`` positions from random games, ``low``-``high`` plies in."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = Board()
        target = rng.randint(low, high)
        while len(board.steps) < target and not board.is_game_over():
            board.play(rng.choice(board.legal_moves()))
        if not board.is_game_over():
            out.append(board.mover_mask())
    return out


def per_call(function, args: list[tuple[int, int]], repeat: int = 5) -> float:
    """Returns the least microseconds per call of ``function`` over ``args``."""
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        for a in args:
            function(*a)
        best = min(best, clock() - start)
    return best / len(args) * 1e6


def run_benchmarks(levels: bool = True) -> None:
    """Prints every measurement."""
    print(f"Python {sys.version.split()[0]} on {sys.platform}", flush=True)
    tracemalloc.start()
    start = time.perf_counter()
    from reversi.engine import evaluate as module
    load = time.perf_counter() - start
    standard = module.STANDARD
    sample = positions(400, 8, 52)
    spread = positions(61 * 4, 0, 58, seed=2)
    before = tracemalloc.get_traced_memory()[0]
    start = time.perf_counter()
    for p, o in spread:
        standard.evaluate(p, o)  # every stage's tables become tuples
    tuples = time.perf_counter() - start
    memory = (tracemalloc.get_traced_memory()[0] - before) / 2**20
    tracemalloc.stop()
    old = baseline.module("evaluate")
    print(f"import evaluate (read + decompress weights): {load * 1e3:.0f} ms; "
          f"all stages to tuples: {tuples * 1e3:.0f} ms, {memory:.1f} MB")
    print(f"pattern evaluation: {per_call(standard.evaluate, sample):.1f} us/eval")
    print(f"baseline linear evaluation: {per_call(old.evaluate, sample):.1f} us/eval", flush=True)
    if not levels:
        return
    from reversi.engine.players import LEVELS
    from reversi.engine.search import Search
    old_search = baseline.module("search").Search
    midgame = positions(12, 20, 40, seed=3)
    print(f"{'level':>7} {'nodes':>7} {'nodes/s':>8} {'depth':>6} {'ms/move':>8} "
          f"{'baseline nodes/s':>16} {'depth':>6}")
    for level in LEVELS.values():
        if not level.nodes:
            continue
        row = []
        for engine in (Search, old_search):
            depths, nodes, seconds = [], 0, 0.0
            for p, o in midgame:
                start = clock()
                result = engine(max_nodes=level.nodes).run(p, o, level.max_depth)
                seconds += clock() - start
                nodes += result.nodes
                depths.append(result.depth)
            row.append((nodes / seconds, sum(depths) / len(depths), seconds / len(midgame)))
        (rate, depth, per_move), (old_rate, old_depth, _) = row
        print(f"{level.name:>7} {level.nodes:>7} {rate:>8.0f} {depth:>6.1f} {per_move * 1e3:>8.0f} "
              f"{old_rate:>16.0f} {old_depth:>6.1f}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyodide", type=Path, metavar="DIR", help="run inside this Pyodide")
    parser.add_argument("--no-levels", action="store_true", help="skip the search timings")
    args = parser.parse_args()
    baseline.extract()
    if args.pyodide:
        import pyodide_run
        return pyodide_run.run(args.pyodide, "engine_speed",
                               f"run_benchmarks(levels={not args.no_levels})")
    run_benchmarks(not args.no_levels)
    return 0


if __name__ == "__main__":
    sys.exit(main())
