"""Times the compiled engine's parts of ``bench/gen.py``'s work (CPU seconds, C2's evaluation).

Self-play games at a cheap fixed depth from balanced openings, an exact solve
at 20, 22 and 24 empties (and the rest of that game with the same solver,
its table kept), and 8- and 12-ply searches at 30, 40 and 50 empties: what
the cost of 20 million labelled positions is estimated from (bench/results/evaluation.md,
"What the compiled engine costs").

Usage (from the repository root)::

    nice -n 19 python3 bench/gen_speed.py [--games 4]
"""

from __future__ import annotations

import argparse
import random
import time

import lib

import native
from reversi.engine import balanced
from reversi.engine.board import Board


def play(rng: random.Random, depth: int, stop: int = 0) -> tuple[Board, float, int]:
    """Plays a game from a balanced opening by ``depth``-ply searches (one move in
    ten random) until ``stop`` empties; returns it, its CPU seconds and plies."""
    board = Board()
    for square in balanced.pick(rng.random()):
        board.play(square)
    clock, plies = time.process_time(), 0
    while not board.is_game_over():
        p, o = board.mover_mask()
        if 64 - (p | o).bit_count() <= stop:
            break
        if rng.random() < 0.1:
            square = rng.choice(board.legal_moves())
        else:
            best = native.SEARCH().run(p, o, depth).square
            assert best is not None  # the game goes on, so the mover has a move
            square = best
        board.play(square)
        plies += 1
    return board, time.process_time() - clock, plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    native.install()
    rng = random.Random(5)
    for depth in (4, 6):
        runs = [play(rng, depth) for _ in range(args.games)]
        print(f"self-play at {depth} plies: {sum(r[1] for r in runs) / len(runs):.3f} s a game, "
              f"{sum(r[2] for r in runs) / len(runs):.0f} plies", flush=True)
    for empties in (20, 22, 24):
        first, rest = [], []
        for _ in range(args.games):
            board, _, _ = play(rng, 4, stop=empties)
            p, o = board.mover_mask()
            clock = time.process_time()
            solver = native.SOLVER()
            solver.solve(p, o)
            first.append(time.process_time() - clock)
            clock = time.process_time()
            while not board.is_game_over():
                square = solver.solve(*board.mover_mask())[1]
                board.play(square if square is not None else board.legal_moves()[0])
            rest.append(time.process_time() - clock)
        print(f"solve at {empties} empties: {[round(t, 2) for t in first]} s; the rest of the "
              f"game, same solver: {[round(t, 2) for t in rest]} s", flush=True)
    for depth in (8, 12):
        for empties in (30, 40, 50):
            times = []
            for _ in range(args.games):
                board, _, _ = play(rng, 4, stop=empties)
                clock = time.process_time()
                native.SEARCH().run(*board.mover_mask(), depth)
                times.append(time.process_time() - clock)
            print(f"{depth}-ply search at {empties} empties: mean {sum(times) / len(times):.3f} s, "
                  f"max {max(times):.3f} s", flush=True)


if __name__ == "__main__":
    main()
