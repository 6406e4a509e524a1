"""The ladder's rungs' thinking time a move (C7): mean, p95 and max, in CPython or
inside Pyodide under Node (the browser's Python, about three times slower).

Each rung plays ``--games`` games against itself from balanced openings, once in
its own seconds (wall time, as the page plays it) and once at its node budget
(``Level.nodes``, about what Pyodide searches in those seconds).  The goals: every
rung below Hard within ``FAST`` seconds at p95 in the browser, every rung within
``SLOW`` (Expert's).  Run it on a quiet machine: wall time is what it measures.

Usage (from the repository root)::

    python3 bench/rung_speed.py --pyodide .cache/pyodide-314.0.7
    python3 bench/rung_speed.py --rungs learner casual --games 4
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import lib

from reversi.engine import balanced
from reversi.engine.board import Board
from reversi.engine.ladder import RUNG_LEVELS, RUNG_NAMES
from reversi.engine.players import choose_move

#: The most a rung may take at p95 in the browser: below Hard, and up to Expert.
FAST, SLOW = 0.25, 2.5


def times(names: tuple[str, ...] = RUNG_NAMES, games: int = 2, kinds: tuple[str, ...] = ("seconds", "nodes"),
          seed: int = 7) -> None:
    """Prints each rung's seconds a move (mean, p95, max) by budget kind, over
    ``games`` games against itself from balanced openings picked by ``seed``."""
    print(f"Python {sys.version.split()[0]} on {sys.platform}", flush=True)
    table = balanced.openings()
    rng = random.Random(seed)
    openings = [table[rng.randrange(len(table))][0] for _ in range(games)]
    for name in names:
        level = RUNG_LEVELS[name]
        below = name not in RUNG_NAMES or RUNG_NAMES.index(name) < RUNG_NAMES.index("hard")
        goal = FAST if below else SLOW
        for kind in kinds:
            spent = []
            for k, opening in enumerate(openings):
                board = Board()
                for square in opening:
                    board.play(square)
                while not board.is_game_over():
                    start = time.perf_counter()
                    choice = choose_move(*board.mover_mask(), name, seed=k * 64 + len(board.steps),
                                         nodes=level.nodes if kind == "nodes" else None)
                    spent.append(time.perf_counter() - start)
                    assert choice.square is not None  # the game goes on, so the mover has a move
                    board.play(choice.square)
            spent.sort()
            p95 = spent[min(len(spent) - 1, int(0.95 * len(spent)))]
            print(f"{name:>10} {kind:>7}: mean {sum(spent) / len(spent) * 1e3:5.0f} ms, p95 {p95 * 1e3:5.0f} ms, "
                  f"max {spent[-1] * 1e3:5.0f} ms over {len(spent)} moves (goal {goal * 1e3:.0f} ms at p95)",
                  flush=True)


def main() -> int:
    """Times the chosen rungs, here or inside Pyodide."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyodide", type=Path, metavar="DIR", help="run inside this Pyodide")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--rungs", nargs="+", choices=RUNG_NAMES, default=list(RUNG_NAMES))
    parser.add_argument("--kinds", nargs="+", choices=("seconds", "nodes"), default=["seconds", "nodes"])
    args = parser.parse_args()
    call = f"times({tuple(args.rungs)!r}, {args.games}, {tuple(args.kinds)!r})"
    if args.pyodide:
        from lib import pyodide_run
        return pyodide_run.run(args.pyodide, "rung_speed", call)
    times(tuple(args.rungs), args.games, tuple(args.kinds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
