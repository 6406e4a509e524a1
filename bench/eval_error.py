"""Measures the evaluation's error against exact scores at 14-20 empty squares.

Test positions come from games that no training round sees: the frozen
baseline's 2-ply search (``bench/baseline.py``) from random openings of 4-10
plies, one random move in ten, seeds apart from the training games'; at each
number of empties from ``--low`` to ``--high`` the game's position is solved
exactly and cached in ``bench/.data/testset-SEED.jsonl``.  Prints the mean
absolute error (discs, R5 scores) of the frozen baseline's linear
evaluation and of the current pattern evaluation, per number of empties.

Usage (from the repository root)::

    nice python3 bench/eval_error.py --positions 20 --seed 7 [--weights FILE]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent / "py")]

import baseline  # noqa: E402

from reversi.engine.board import Board  # noqa: E402
from reversi.engine.endgame import solve  # noqa: E402

DATA = Path(__file__).resolve().parent / ".data"


def test_positions(count: int, low: int, high: int, seed: int) -> list[dict]:
    """Returns ``count`` games' positions at ``low..high`` empties with their exact scores."""
    search = baseline.module("search").Search
    rng = random.Random(10**9 + seed)
    out = []
    for _ in range(count):
        board = Board()
        opening = rng.randint(4, 10)
        while not board.is_game_over():
            p, o = board.mover_mask()
            empties = 64 - (p | o).bit_count()
            if empties < low:
                break
            if empties <= high:
                out.append({"p": p, "o": o, "empties": empties, "score": solve(p, o)[0]})
                print(f"  {len(out)} positions", file=sys.stderr, flush=True)
            if len(board.steps) < opening or rng.random() < 0.1:
                board.play(rng.choice(board.legal_moves()))
            else:
                board.play(search().run(p, o, 2).square)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="games (a position per empties)")
    parser.add_argument("--low", type=int, default=14)
    parser.add_argument("--high", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--weights", type=Path, help="a weight file instead of the engine's")
    args = parser.parse_args()
    cache = DATA / f"testset-{args.seed}-{args.positions}-{args.low}-{args.high}.jsonl"
    if not cache.exists():
        DATA.mkdir(exist_ok=True)
        positions = test_positions(args.positions, args.low, args.high, args.seed)
        cache.write_text("".join(json.dumps(p) + "\n" for p in positions))
    positions = [json.loads(line) for line in cache.read_text().splitlines()]
    from reversi.engine.evaluate import STANDARD, Evaluator
    new = (Evaluator.load(args.weights) if args.weights else STANDARD).evaluate
    old = baseline.module("evaluate").evaluate
    print(f"{'empties':>7} {'n':>4} {'baseline MAE':>12} {'pattern MAE':>11}")
    rows = sorted({p["empties"] for p in positions})
    for empties in [*rows, None]:
        chosen = [p for p in positions if empties is None or p["empties"] == empties]
        n = len(chosen)
        mae_old = sum(abs(old(p["p"], p["o"]) - p["score"]) for p in chosen) / n
        mae_new = sum(abs(new(p["p"], p["o"]) - p["score"]) for p in chosen) / n
        label = "all" if empties is None else str(empties)
        print(f"{label:>7} {n:>4} {mae_old:>12.2f} {mae_new:>11.2f}")


if __name__ == "__main__":
    main()
