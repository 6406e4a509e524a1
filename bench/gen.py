"""Labelled positions for the evaluation's fit, in resumable chunks (C2's evaluation).

Self-play of the current engine (the compiled one when built: ``python3
build.py native``) from varied openings: game ``i`` starts, by ``i % 3``,
from one of the engine's balanced openings (:mod:`reversi.engine.balanced`),
from a line of the opening book (random book moves within ``BOOK_MARGIN``
discs of the best, for a random number of plies) or from random placements.
Then each side plays a ``--play``-ply search's move (ProbCut on), a random
legal move with probability ``--explore``, and every position gets the
value of a ``--depth``-ply search (the same search when the depths are
equal), until ``--exact`` squares or fewer are empty.  With ``--siblings K``, each of
those positions also has up to K *siblings* labelled by the same search: the
positions after other legal moves, chosen at random (the positions a search
meets off the game's line, for a fraction of a game's cost: the solved part
below costs most).  From there one solver
(:class:`reversi.engine.endgame.Solver`, its table kept for the game) solves
every position exactly and plays its best move (or a random one, with
probability ``--explore``): the first solve costs, the later ones are
nearly free.

Every position is a record of :mod:`records`; a game's *result* is the first
solved position's exact score, for the record's side (the game's value under
perfect play from there on; the final score if the game ended before).  A game's
records are appended in one write, so a killed run loses at most the game in
progress; a rerun cuts off a half-written game and goes on
with the next one (game ``i`` always from seed ``seed * 1_000_003 + i``).
``NAME.json`` beside ``NAME.bin`` records the parameters, and a rerun with
other parameters is refused.

The held-out set is the same generator with its own seed and name, deeper
labels and exact scores from more empties (never fitted on).  ``--variant
anti`` plays and labels anti-reversi (V2): every score in its terms, and
the fit's weights name the variant.

Usage (from the repository root; ``bench/.data/`` is git-ignored)::

    nice -n 19 python3 bench/gen.py --name train games --games 400000 --jobs 1
    nice -n 19 python3 bench/gen.py --name held --seed 2 --exact 22 --depth 12 games --games 120
    python3 bench/gen.py --name train fit --stages 30 --labels searched --out bench/.data/fit.weights
    nice python3 bench/gen.py --name train2 --seed 3 --siblings 1 games --games 400000 --jobs 2
    nice python3 bench/gen.py --name train4 --seed 5 --siblings 3 games --games 400000 --jobs 2
    python3 bench/gen.py --name train fit --more train2 --labels mean --like py/reversi/engine/data/standard.weights \
        --prior py/reversi/engine/data/standard.weights --out bench/.data/fits/next.weights
    python3 bench/gen.py --name train2 fit --more train3 train4 --stages 30 --labels mean --window 2 \
        --prior py/reversi/engine/data/standard.weights --jobs 2 --out bench/.data/fits/next.weights
    python3 bench/gen.py --name train2 fit --more train3 train4 --stages 30 --labels mean --window 2 \
        --prior py/reversi/engine/data/standard.weights --jobs 2 --every-row \
        --twin bench/.data/fits/next.weights --out bench/.data/fits/next-every.weights  # both at once
    python3 bench/gen.py --name held error py/reversi/engine/data/standard.weights bench/.data/fit.weights
    python3 bench/gen.py --name train4 error --held-out --paired py/reversi/engine/data/standard.weights \
        bench/.data/fits/next.weights    # on train4's games 0 mod 10, which no fit trains on
    python3 bench/gen.py speed      # the throughput figures of bench/results/evaluation.md

In the background (``nohup setsid ...``) a job has its own scheduling group, and
``nice`` only ranks processes inside one: give way to the other work with
``echo 19 > /proc/PID/autogroup`` (PID the run's first process; bench/results/evaluation.md,
"Tried this round and not kept").
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import shlex
import sys
import time
from collections.abc import Iterator
from pathlib import Path

# One BLAS thread: a fit beside a busy core (the generator) ran three times slower with two,
# and no faster with two on a quiet machine (bench/results/evaluation.md, "One BLAS thread").
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402
from lib import gen_fit  # noqa: E402
from lib.records import (  # noqa: E402
    DATA,
    NO_SEARCH,
    NONE,
    PACKED,
    PARAMETERS,
    RECORD,
    UNIT,
    chunks,
    complete,
    ignored,
    made_with,
    read,
)

import native  # noqa: E402
from reversi.engine import balanced  # noqa: E402
from reversi.engine.board import Board  # noqa: E402
from reversi.engine.book import standard_book  # noqa: E402
from reversi.engine.evaluate import Evaluator, for_variant  # noqa: E402
from reversi.engine.variants import ANTI, STANDARD, final_score  # noqa: E402

#: Book moves within this many discs of the best start the book openings.
BOOK_MARGIN = 2


def opening(board: Board, rng: random.Random, kind: int) -> None:
    """Plays an opening of ``kind`` on ``board``: 0 a balanced one, 1 a book line,
    2 random placements."""
    if kind == 0:
        table = balanced.openings()
        for square in table[rng.randrange(len(table))][0]:
            board.play(square)
    elif kind == 1:
        book = standard_book()
        for _ in range(rng.randint(4, 24)):
            chosen = book.choose(*board.mover_mask(), BOOK_MARGIN, rng)
            if chosen is None or board.is_game_over():
                break
            board.play(chosen[0])
    else:
        for _ in range(rng.randint(2, 12)):
            if board.is_game_over():
                break
            board.play(rng.choice(board.legal_moves()))


def game_random(number: int, seed: int) -> random.Random:
    """Returns game ``number``'s own random numbers (its opening's, then its play's)."""
    return random.Random(seed * 1_000_003 + number)


def opening_squares(number: int, made: dict) -> list[int]:
    """Returns the squares of game ``number``'s opening, of a file made with ``made``."""
    board = Board.initial(made.get("variant", STANDARD))
    opening(board, game_random(number, made["seed"]), number % 3)
    return [step.square for step in board.steps]


def play_game(number: int, seed: int, *, depth: int, play: int, exact: int,
              explore: float, variant: str = STANDARD, siblings: int = 0) -> np.ndarray:
    """Returns the records of game ``number`` of ``variant`` (see the module docstring)."""
    rng = game_random(number, seed)
    board = Board.initial(variant)
    evaluator = for_variant(variant)
    opening(board, rng, number % 3)
    rows: list[tuple] = []
    solver = None
    first: int | None = None  # Black's exact score at the first solved position
    while not board.is_game_over():
        p, o = board.mover_mask()
        empties = 64 - (p | o).bit_count()
        moves = board.legal_moves()
        if empties <= exact:
            solver = solver or native.SOLVER(evaluator=evaluator, variant=variant)
            score, square = solver.solve(p, o)
            first = (score if board.turn == 0 else -score) if first is None else first
            value = NO_SEARCH
        else:
            result = native.SEARCH(variant=variant, evaluator=evaluator).run(p, o, play)
            square, score = result.square, NONE
            if depth != play:
                result = native.SEARCH(variant=variant, evaluator=evaluator).run(p, o, depth)
            value = max(-4096, min(4096, round(result.score * UNIT)))
        rows.append((p, o, number, len(board.steps), board.turn, empties, 0, score, 0, value))
        if square is None or rng.random() < explore:
            square = rng.choice(moves)
        if siblings and empties > exact:
            others = [m for m in moves if m != square]
            for other in rng.sample(others, min(siblings, len(others))):
                rows.append(_sibling(board, other, number, depth, variant, evaluator))
        board.play(square)
    if first is None:  # ended before the solved part: the final score
        first = final_score(board.black, board.white, variant)
    out = np.array(rows, RECORD)
    out["left"] = np.arange(len(rows))[::-1]
    out["result"] = np.where(out["result"] == NONE, NONE, np.where(out["turn"] == 0, first, -first))
    return out


def _sibling(board: Board, square: int, number: int, depth: int, variant: str,
             evaluator: Evaluator) -> tuple:
    """Returns the record of the position after ``square`` on ``board``, off the
    game's line: its ``depth``-ply search's value, no exact score, no result."""
    child = board.copy()
    child.play(square)
    p, o = child.mover_mask()
    if child.is_game_over():
        value = round(final_score(p, o, variant) * UNIT)
    else:
        value = round(native.SEARCH(variant=variant, evaluator=evaluator).run(p, o, depth).score * UNIT)
    return (p, o, number, len(child.steps), child.turn, 64 - (p | o).bit_count(), 0, NONE, NONE,
            max(-4096, min(4096, value)))


def _one(task: tuple) -> np.ndarray:
    """Plays one game (a pool task)."""
    number, seed, kwargs = task
    return play_game(number, seed, **kwargs)


def generate(path: Path, games: int, *, seed: int, jobs: int, depth: int, play: int, exact: int,
             explore: float, variant: str = STANDARD, siblings: int = 0,
             progress: bool = False) -> int:
    """Appends games to ``path`` until it has ``games``; returns how many it played."""
    meta = path.with_suffix(".json")
    params = {"seed": seed, "depth": depth, "play": play, "exact": exact, "explore": explore,
              "variant": variant, "siblings": siblings}
    if meta.exists():
        old = made_with(path)
        if {k: old.get(k) for k in PARAMETERS} != params:
            raise SystemExit(f"{path} was made with {old}, not {params}")
    path.parent.mkdir(parents=True, exist_ok=True)
    meta.write_text(json.dumps(params) + "\n")
    start = complete(path)
    kwargs = {"depth": depth, "play": play, "exact": exact, "explore": explore, "variant": variant,
              "siblings": siblings}
    tasks = [(n, seed, kwargs) for n in range(start, games)]
    results: Iterator[np.ndarray]
    pool = multiprocessing.Pool(jobs) if jobs > 1 else None
    results = pool.imap(_one, tasks, chunksize=2) if pool else map(_one, tasks)
    clock, cpu, positions = time.perf_counter(), time.process_time(), 0
    with path.open("ab") as out:
        for n, records in enumerate(results, 1):
            out.write(records.tobytes())
            out.flush()
            positions += len(records)
            if progress and n % 20 == 0:
                wall, used = time.perf_counter() - clock, time.process_time() - cpu
                cost = "" if pool else f", {positions / used:.1f}/s CPU ({used / n:.2f} CPU s a game)"
                print(f"  game {start + n}: {positions} positions this run, "
                      f"{positions / wall:.1f}/s wall{cost}", file=sys.stderr, flush=True)
    if pool:
        pool.close()
    return len(tasks)


def cmd_games(args: argparse.Namespace) -> None:
    """Plays the games the file still lacks; refuses while git holds packed games it lacks."""
    ignored()
    have, packed = complete(args.file), chunks(args.name, args.chunks)
    if packed and packed[-1][1] > have:
        raise SystemExit(f"{args.chunks / args.name} holds games 0 to {packed[-1][1] - 1}, {args.file} "
                         f"{f'only to {have - 1}' if have else 'none'}: run python3 bench/packed.py unpack "
                         f"{args.name} first (a minute), not hours of the same games again")
    start = time.perf_counter()
    n = generate(args.file, args.games, seed=args.seed, jobs=args.jobs, depth=args.depth,
                 play=args.play or args.depth, exact=args.exact, explore=args.explore,
                 variant=args.variant, siblings=args.siblings, progress=True)
    print(f"{args.file}: {n} games in {time.perf_counter() - start:.0f} s, "
          f"{len(read(args.file))} positions in all", flush=True)


def cmd_speed(args: argparse.Namespace) -> None:
    """Prints the generator's throughput (CPU seconds) on a few games."""
    for exact in args.exact_list:
        clock = time.process_time()
        out = [play_game(n, 99, depth=args.depth, play=args.play or args.depth, exact=exact,
                         explore=args.explore) for n in range(args.games)]
        spent = time.process_time() - clock
        count = sum(len(r) for r in out)
        print(f"exact {exact}, depth {args.depth}: {spent / args.games:.2f} s a game, "
              f"{count / args.games:.0f} positions a game, {count / spent:.1f} positions/s",
              flush=True)


def main(argv: list[str] | None = None) -> None:
    """Parses the command line and runs the chosen step."""
    native.install()
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--name", default="train", help="the data file bench/.data/gen/NAME.bin")
    parser.add_argument("--data", type=Path, default=DATA / "gen")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=8, help="plies of the labelling search")
    parser.add_argument("--play", type=int, default=0, help="plies of the playing search "
                        "(default: --depth, one search for both)")
    parser.add_argument("--exact", type=int, default=20, help="solved from this many empties")
    parser.add_argument("--explore", type=float, default=0.05)
    parser.add_argument("--variant", default=STANDARD, choices=(STANDARD, ANTI),
                        help="the rules and result the games are played and labelled for")
    parser.add_argument("--siblings", type=int, default=0, help="positions off the game's line "
                        "labelled beside each searched one")
    sub = parser.add_subparsers(dest="step", required=True)
    games = sub.add_parser("games")
    games.add_argument("--games", type=int, required=True)
    games.add_argument("--jobs", type=int, default=1)
    games.add_argument("--chunks", type=Path, default=PACKED, help="where git keeps NAME's packed games")
    games.set_defaults(run=cmd_games)
    gen_fit.add_steps(sub)
    speed = sub.add_parser("speed")
    speed.add_argument("--games", type=int, default=6)
    speed.add_argument("--exact-list", type=int, nargs="+", default=[18, 20])
    speed.set_defaults(run=cmd_speed)
    args = parser.parse_args(argv)
    args.file = args.data / f"{args.name}.bin"
    args.command_line = "python3 bench/gen.py " + shlex.join(argv)
    args.run(args)


if __name__ == "__main__":
    main()
