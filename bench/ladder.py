"""Strength ladder: each level against the one below, by self-play (SPEC C2).

Every pair plays ``--openings`` distinct random openings of 4-6 plies, each
twice with the colours swapped.  Levels play at their node budgets
(``Level.nodes``, about what Pyodide searches in the level's browser time
budget), so a CPython run reproduces the browser's strength without waiting
for the browser's wall time, and the same seed replays the same games.
``--time`` plays at the levels' wall-time budgets instead (stronger on CPython,
about three times faster than Pyodide).  Draws count half.

Usage (from the repository root)::

    nice python bench/ladder.py --openings 20 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from reversi.engine.players import play_game, random_opening  # noqa: E402

#: Each pair (stronger first) and the score the stronger level must reach.
PAIRS = (("normal", "easy", 0.90), ("hard", "normal", 0.80), ("expert", "hard", 0.75))


def one_game(task: tuple[str, str, tuple[int, ...], bool, int, bool]) -> tuple[int, int]:
    """Plays one game; returns the discs of the first and the second level."""
    first, second, opening, first_black, seed, by_time = task
    black, white = (first, second) if first_black else (second, first)
    board = play_game(black, white, opening, seed=seed, nodes=not by_time)
    b, w = board.counts()
    return (b, w) if first_black else (w, b)


def main() -> None:
    """Plays the ladder and prints W/D/L per pair."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openings", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pairs", nargs="+", default=[f"{a}-{b}" for a, b, _ in PAIRS])
    parser.add_argument("--time", action="store_true", help="play at wall-time budgets")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    openings: list[tuple[int, ...]] = []
    while len(openings) < args.openings:
        opening = tuple(random_opening(rng, rng.randint(4, 6)))
        if opening not in openings:
            openings.append(opening)
    print(f"{'pair':>15} {'W':>3} {'D':>3} {'L':>3} {'score':>6} {'discs':>9} "
          f"{'goal':>5} {'minutes':>7}")
    with multiprocessing.Pool(args.jobs) as pool:
        for first, second, goal in PAIRS:
            if f"{first}-{second}" not in args.pairs:
                continue
            start = time.perf_counter()
            tasks = [(first, second, opening, colour, args.seed + i, args.time)
                     for i, opening in enumerate(openings) for colour in (True, False)]
            results = []
            for result in pool.imap(one_game, tasks):
                results.append(result)
                print(f"  {first}-{second} game {len(results)}: {result[0]}-{result[1]}",
                      file=sys.stderr, flush=True)
            w = sum(a > b for a, b in results)
            d = sum(a == b for a, b in results)
            lost = len(results) - w - d
            score = (w + d / 2) / len(results)
            discs = f"{sum(a for a, _ in results)}-{sum(b for _, b in results)}"
            print(f"{first + '-' + second:>15} {w:>3} {d:>3} {lost:>3} {score:>6.1%} "
                  f"{discs:>9} {goal:>5.0%} {(time.perf_counter() - start) / 60:>7.1f}",
                  flush=True)


if __name__ == "__main__":
    main()
