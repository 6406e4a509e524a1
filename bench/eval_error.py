"""Measures the evaluation's error against exact scores (at 14-20 empty squares by default).

Test positions come from games that no training round sees: the frozen
baseline's 2-ply search (``bench/lib/baseline.py``) from random openings of 4-10
plies, one random move in ten, seeds apart from the training games'; at each
number of empties from ``--low`` to ``--high`` the game's position is solved
exactly and cached in ``bench/.data/testset-SEED.jsonl``.  Prints the mean
absolute error (discs, R5 scores) of the frozen baseline's linear
evaluation and of the current pattern evaluation, per number of empties.

``--bands`` prints the error by bands of empties instead (0-10, 11-15, 16-20,
21-30, 31-40, 41-50), measured from ``--exact`` empties down against exact
scores and above against a ``--reference``-ply search (the compiled engine
makes both affordable: ``python3 build.py native``).

Usage (from the repository root)::

    nice python3 bench/eval_error.py --positions 20 --seed 7 [--weights FILE]
    nice python3 bench/eval_error.py --bands --positions 40 --low 0 --high 50 --reference 14
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from lib import DATA, baseline

import native
from reversi.engine.board import Board

#: Bands of empty squares of the table that ``--bands`` prints.
BANDS = ((0, 10), (11, 15), (16, 20), (21, 30), (31, 40), (41, 50))


def label(p: int, o: int, exact: int, reference: int) -> tuple[float, bool]:
    """Returns a position's reference score and whether it is exact: the solver's
    from ``exact`` empties down, else a ``reference``-ply search's."""
    if 64 - (p | o).bit_count() <= exact:
        return float(native.SOLVER().solve(p, o)[0]), True
    return native.SEARCH().run(p, o, reference).score, False


def test_positions(count: int, low: int, high: int, seed: int, exact: int = 64,
                   reference: int = 14) -> list[dict]:
    """Returns ``count`` games' positions at ``low..high`` empties with their scores
    (:func:`label`)."""
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
                score, solved = label(p, o, exact, reference)
                out.append({"p": p, "o": o, "empties": empties, "score": score, "exact": solved})
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
    parser.add_argument("--bands", action="store_true", help="the error by bands of empties")
    parser.add_argument("--exact", type=int, default=20, help="with --bands: exact from this many empties")
    parser.add_argument("--reference", type=int, default=14, help="with --bands: plies of the reference search")
    args = parser.parse_args()
    native.install()
    exact, reference = (args.exact, args.reference) if args.bands else (64, 0)
    cache = DATA / f"testset-{args.seed}-{args.positions}-{args.low}-{args.high}" \
        f"{f'-{exact}-{reference}' if args.bands else ''}.jsonl"
    if not cache.exists():
        DATA.mkdir(exist_ok=True)
        positions = test_positions(args.positions, args.low, args.high, args.seed, exact, reference)
        cache.write_text("".join(json.dumps(p) + "\n" for p in positions))
    positions = [json.loads(line) for line in cache.read_text().splitlines()]
    from reversi.engine.evaluate import STANDARD, Evaluator
    new = (Evaluator.load(args.weights) if args.weights else STANDARD).evaluate
    old = baseline.module("evaluate").evaluate
    print(f"{'empties':>7} {'n':>4} {'baseline MAE':>12} {'pattern MAE':>11}")
    rows: list[tuple[int, int] | None] = list(BANDS) if args.bands else \
        [(e, e) for e in sorted({p["empties"] for p in positions})]
    for band in [*rows, None]:
        chosen = [p for p in positions if band is None or band[0] <= p["empties"] <= band[1]]
        if not chosen:
            continue
        n = len(chosen)
        mae_old = sum(abs(old(p["p"], p["o"]) - p["score"]) for p in chosen) / n
        mae_new = sum(abs(new(p["p"], p["o"]) - p["score"]) for p in chosen) / n
        name = "all" if band is None else str(band[0]) if band[0] == band[1] else f"{band[0]}-{band[1]}"
        print(f"{name:>7} {n:>4} {mae_old:>12.2f} {mae_new:>11.2f}")


if __name__ == "__main__":
    main()
