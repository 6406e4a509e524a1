"""Duel at equal depth: the pattern evaluation's search against the baseline's,
or against the same search with another weight file (``--against``).

Both sides search ``--depth`` plies (ProbCut off unless ``--selective``; no
book), both play the endgame exactly from 12 empties, from ``--openings``
random openings of 4-6 plies, each twice with the colours swapped: a
measure of what the evaluation knows, apart from budgets.  Prints W/D/L and
the score of the pattern side (draws half) and its disc balance.

Usage (from the repository root)::

    nice python3 bench/duel.py --depth 3 [--weights FILE] [--selective]
    nice python3 bench/duel.py --depth 4 --weights NEW.weights --against OLD.weights
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
from pathlib import Path

import lib
from lib import baseline

import native
from reversi.engine.board import Board
from reversi.engine.evaluate import STANDARD, Evaluator
from reversi.engine.players import random_opening
from reversi.engine.search import Search


def game(task: tuple[tuple[int, ...], bool, int, bool, str | None, str | None]) -> int:
    """Plays one game; returns the pattern side's final disc difference."""
    opening, new_black, depth, selective, weights, against = task
    evaluator = Evaluator.load(Path(weights)) if weights else STANDARD
    if against:
        other = Evaluator.load(Path(against))

        def old() -> Search:
            return native.SEARCH(evaluator=other, selective=selective)
    else:
        old = baseline.module("search").Search
    board = Board()
    for placement in opening:
        board.play(placement)
    while not board.is_game_over():
        p, o = board.mover_mask()
        if 64 - (p | o).bit_count() <= 12:
            square = native.SOLVER().solve(p, o)[1]
        elif (board.turn == 0) == new_black:
            square = native.SEARCH(evaluator=evaluator, selective=selective).run(p, o, depth).square
        else:
            square = old().run(p, o, depth).square
        assert square is not None
        board.play(square)
    black, white = board.counts()
    return black - white if new_black else white - black


def main() -> None:
    native.install()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--openings", type=int, default=20)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--weights", help="a weight file instead of the engine's")
    parser.add_argument("--against", help="the opponent's weight file (default: the baseline)")
    parser.add_argument("--selective", action="store_true",
                        help="ProbCut on the pattern side (on both with --against)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    baseline.extract()
    rng = random.Random(args.seed)
    openings = [tuple(random_opening(rng, rng.randint(4, 6))) for _ in range(args.openings)]
    tasks = [(o, colour, args.depth, args.selective, args.weights, args.against)
             for o in openings for colour in (True, False)]
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(game, tasks)
    w, d = sum(r > 0 for r in results), sum(r == 0 for r in results)
    print(f"depth {args.depth}: {w} W {d} D {len(results) - w - d} L, "
          f"score {(w + d / 2) / len(results):.1%}, discs {sum(results):+d}")


if __name__ == "__main__":
    main()
