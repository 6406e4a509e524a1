"""Measures the evaluation and the search: speed, weight loading and memory.

Usage, from the repository root::

    python3 bench/engine_speed.py
    python3 bench/engine_speed.py --pyodide .cache/pyodide-314.0.7   # inside Pyodide (Node)
    python3 bench/engine_speed.py --native     # the compiled engine beside the Python one
    python3 bench/engine_speed.py --pyodide .cache/pyodide-314.0.7 --games   # Level.nodes' rates

Prints: microseconds per evaluation for the pattern evaluation and for the
frozen baseline's linear one (``bench/lib/baseline.py``) on the same positions
(midgame positions of random games); the weight file's load time (read and
decompress) and the time to turn every stage into lists, with the memory
that takes (tracemalloc); and the midgame search's nodes per second and
depth reached at each level's node budget, on positions 20-40 plies in,
next to the frozen baseline's search at the same budget.

``--weights FILE`` instead prints a candidate weight file's load time,
stage tables and evaluation cost beside the shipped file's, in one run (in
Pyodide too, with ``--pyodide``: the C2 budget of a new evaluation).

``--native`` instead prints the compiled engine of the offline tools
(``native/``, ``python3 build.py native``) beside the Python engine in one
run, with the ratio: perft from the opening, the evaluation, fixed-depth
searches (the same node counts on both, checked) and the exact solver on
FFO #20-#39 (``--ffo FIRST LAST`` for the Python side, which takes about 15
minutes on all of them).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from lib import ROOT, baseline

from reversi.engine.board import Board

clock = time.process_time


def positions(count: int, low: int, high: int, seed: int = 1) -> list[tuple[int, int]]:
    """Returns ``count`` positions from random games, ``low``-``high`` plies in."""
    rng = random.Random(seed)
    out: list[tuple[int, int]] = []
    while len(out) < count:
        board = Board()
        target = rng.randint(low, high)
        while len(board.steps) < target and not board.is_game_over():
            board.play(rng.choice(board.legal_moves()))
        if not board.is_game_over():
            out.append(board.mover_mask())
    return out


def per_call(function, args: list[tuple[int, int]], repeat: int = 5,
             forget: Callable[[], None] | None = None) -> float:
    """Returns the least microseconds per call of ``function`` over ``args``, ``forget``
    called before each pass (an evaluator's remembered values: the cost is computing)."""
    best = float("inf")
    for _ in range(repeat):
        if forget:
            forget()
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
    print(f"pattern evaluation: {per_call(standard.evaluate, sample, forget=standard.known.clear):.1f} "
          f"us/eval; remembered: {per_call(standard.evaluate, sample):.1f}")
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
                standard.known.clear()  # each search from nothing remembered
                start = clock()
                result = engine(max_nodes=level.nodes).run(p, o, level.max_depth)
                seconds += clock() - start
                nodes += result.nodes
                depths.append(result.depth)
            row.append((nodes / seconds, sum(depths) / len(depths), seconds / len(midgame)))
        (rate, depth, per_move), (old_rate, old_depth, _) = row
        print(f"{level.name:>7} {level.nodes:>7} {rate:>8.0f} {depth:>6.1f} {per_move * 1e3:>8.0f} "
              f"{old_rate:>16.0f} {old_depth:>6.1f}", flush=True)


def game_rates(games: int = 3) -> None:
    """Prints Hard's and Expert's midgame nodes a second over whole games (``--games``):
    each plays ``games`` games against itself from balanced openings, a fresh search
    a move down to 21 empties, the evaluator's remembered values kept from move to
    move as in the page (what ``Level.nodes`` are set from)."""
    from reversi.engine import balanced
    from reversi.engine.levels import LEVELS
    from reversi.engine.search import Search
    openings = balanced.openings()
    for name in ("hard", "expert"):
        level, nodes, seconds, moves = LEVELS[name], 0, 0.0, 0
        for k in range(games):
            board = Board()
            for square in openings[k * 7][0]:
                board.play(square)
            while not board.is_game_over() and (board.black | board.white).bit_count() < 44:
                start = clock()
                result = Search(max_nodes=level.nodes).run(*board.mover_mask(), level.max_depth)
                seconds += clock() - start
                nodes, moves = nodes + result.nodes, moves + 1
                assert result.square is not None  # the game goes on, so the mover has a move
                board.play(result.square)
        print(f"{name}: {moves} moves, {nodes / seconds:.0f} nodes/s, {seconds / moves * 1e3:.0f} ms a move",
              flush=True)


def compare_weights(relative: str) -> None:
    """Prints a candidate weight file's costs (``relative`` to the repository) beside the
    shipped one's, in one run: read and decompress, every stage to tuples, and the
    least microseconds per evaluation, each file's turn alternating (``--weights``)."""
    from reversi.engine.evaluate import Evaluator
    from reversi.engine.weights import load
    root = Path("/repo") if sys.platform == "emscripten" else ROOT
    sample, spread = positions(400, 8, 52), positions(61 * 4, 0, 58, seed=2)
    evaluators = {}
    for name, path in (("shipped", root / "py/reversi/engine/data/standard.weights"),
                       ("candidate", root / relative)):
        start = time.perf_counter()
        evaluators[name] = evaluator = Evaluator(load(path))
        loaded = time.perf_counter() - start
        start = time.perf_counter()
        for p, o in spread:
            evaluator.evaluate(p, o)
        tuples = time.perf_counter() - start
        print(f"{name} {path.name} ({path.stat().st_size:,} bytes): load {loaded * 1e3:.0f} ms, "
              f"all stages to tuples {tuples * 1e3:.0f} ms", flush=True)
    best = {name: float("inf") for name in evaluators}
    for _ in range(6):
        for name, evaluator in evaluators.items():
            best[name] = min(best[name], per_call(evaluator.evaluate, sample, forget=evaluator.known.clear))
    print(f"us/eval: shipped {best['shipped']:.1f}, candidate {best['candidate']:.1f}, "
          f"ratio {best['candidate'] / best['shipped']:.2f}", flush=True)


def compare_native(ffo: tuple[int, int]) -> None:
    """Prints the compiled engine's speed beside the Python engine's (``--native``)."""
    import native
    from reversi.engine.board import OPENING_BLACK, OPENING_WHITE
    from reversi.engine.endgame import Solver
    from reversi.engine.evaluate import STANDARD
    from reversi.engine.obf import read_problems
    from reversi.engine.perft import perft
    from reversi.engine.search import Search
    if not native.install():
        return
    print(f"{'figure':<34} {'Python':>12} {'compiled':>12} {'ratio':>7}")

    def row(name: str, unit: str, python: float, compiled: float) -> None:
        """Prints one figure: rates, or times (``unit`` s), with the speed-up."""
        ratio = python / compiled if unit == "s" else compiled / python
        print(f"{name:<34} {python:>12,.3g} {compiled:>12,.3g} {ratio:>6.1f}x  {unit}", flush=True)

    timed = {}
    for name, function in (("python", perft), ("compiled", native.perft)):
        start = clock()
        leaves = function(OPENING_BLACK, OPENING_WHITE, 8)
        timed[name] = leaves / (clock() - start)
    row("perft 8 from the opening", "leaves/s", timed["python"], timed["compiled"])
    sample = positions(400, 8, 52)
    fast = native.evaluation(STANDARD)
    for p, o in sample:
        STANDARD.evaluate(p, o)  # the stages become tuples before timing
    start = clock()
    fast.many(sample, repeat=1000)  # C alone: a call from Python costs more than an evaluation
    row("pattern evaluation", "evals/s", 1e6 / per_call(STANDARD.evaluate, sample, forget=STANDARD.known.clear),
        len(sample) * 1000 / (clock() - start))
    midgame = positions(12, 20, 40, seed=3)
    for depth in (6, 8):
        nodes, seconds = [], []
        for engine in (Search, native.Search):
            start = clock()
            nodes.append([engine().run(p, o, depth).nodes for p, o in midgame])
            seconds.append(clock() - start)
        assert nodes[0] == nodes[1], "the compiled search visited other nodes"
        row(f"search to {depth} plies, {sum(nodes[0]):,} nodes", "nodes/s",
            sum(nodes[0]) / seconds[0], sum(nodes[0]) / seconds[1])
    problems = read_problems((ROOT / "tests" / "data" / "ffo-20-39.obf").read_text())
    first, last = ffo
    totals = {"python": 0.0, "compiled": 0.0, "compiled, all": 0.0}
    for number, problem in enumerate(problems, 20):
        for name, solver_class in (("python", Solver), ("compiled", native.Solver)):
            if name == "python" and not first <= number <= last:
                continue
            start = clock()
            solver_class().solve(problem.p, problem.o)
            spent = clock() - start
            totals[name] += spent if first <= number <= last else 0.0
            totals["compiled, all"] += spent if name == "compiled" else 0.0
    row(f"solver, FFO #{first}-#{last}", "s", totals["python"], totals["compiled"])
    print(f"solver, FFO #20-#39, compiled: {totals['compiled, all']:.1f} s")




def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyodide", type=Path, metavar="DIR", help="run inside this Pyodide")
    parser.add_argument("--no-levels", action="store_true", help="skip the search timings")
    parser.add_argument("--games", action="store_true", help="Hard's and Expert's nodes a second over games")
    parser.add_argument("--native", action="store_true", help="the compiled engine beside Python's")
    parser.add_argument("--ffo", type=int, nargs=2, default=(20, 39), metavar=("FIRST", "LAST"),
                        help="the FFO positions the Python solver runs with --native")
    parser.add_argument("--weights", metavar="FILE", help="a candidate weight file's costs beside "
                        "the shipped one's (a path inside the repository)")
    args = parser.parse_args()
    if args.weights:
        relative = str(Path(args.weights).resolve().relative_to(ROOT))
        if args.pyodide:
            from lib import pyodide_run
            return pyodide_run.run(args.pyodide, "engine_speed", f"compare_weights({relative!r})")
        compare_weights(relative)
        return 0
    if args.native:
        compare_native(tuple(args.ffo))
        return 0
    if args.games:
        if args.pyodide:
            from lib import pyodide_run
            return pyodide_run.run(args.pyodide, "engine_speed", "game_rates()")
        game_rates()
        return 0
    baseline.extract()
    if args.pyodide:
        from lib import pyodide_run
        return pyodide_run.run(args.pyodide, "engine_speed",
                               f"run_benchmarks(levels={not args.no_levels})")
    run_benchmarks(not args.no_levels)
    return 0


if __name__ == "__main__":
    sys.exit(main())
