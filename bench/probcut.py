"""Fits the ProbCut statistics of the midgame search and stores them in a weight file.

ProbCut (M. Buro, "ProbCut: an effective selective extension of the
alpha-beta algorithm", 1995) predicts a deep search's value from a shallow
one: ``v(depth) ~ a * v(shallow) + b``, with an error of deviation ``sigma``.
For each depth of ``reversi.engine.probcut.PROBCUT_DEPTHS`` and its shallow
depth (``probcut.shallow_depth``), this script searches positions of the
training games (``bench/.data/games-*.jsonl``, 24-50 empty squares, a sample
of held-out games; anti-reversi's in ``bench/.data/anti/`` for weights of
anti-reversi, searched under its result) to both depths with the weight
file's evaluation, fits
``a``, ``b`` by least squares and ``sigma`` as the residuals' deviation, and
writes them into the file's header (``probcut``: depth -> [a, b, sigma]).

Usage (from the repository root)::

    nice python3 bench/probcut.py --positions 300 --weights py/reversi/engine/data/standard.weights
    nice python3 bench/probcut.py --positions 60 --weights py/reversi/engine/data/anti.weights
    nice python3 bench/probcut.py --positions 300 --weights NEW.weights --records bench/.data/gen/train.bin
    nice python3 bench/probcut.py --positions 300 --weights W.weights --records bench/.data/gen/train4.bin --games 900
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

from lib import DATA, selfplay

import native
from reversi.engine.board import Board
from reversi.engine.evaluate import Evaluator
from reversi.engine.notation import parse_transcript
from reversi.engine.probcut import PROBCUT_DEPTHS, shallow_depth
from reversi.engine.variants import STANDARD
from reversi.engine.weights import load, save


def sample(count: int, seed: int, variant: str = STANDARD) -> list[tuple[int, int]]:
    """Returns ``count`` positions with 24-50 empties from held-out training games
    of ``variant`` (the standard game or anti-reversi)."""
    data = DATA if variant == STANDARD else DATA / variant
    games = [g for f in sorted(data.glob("games-*.jsonl")) for g in selfplay.read(f)]
    rng = random.Random(seed)
    out: list[tuple[int, int]] = []
    while len(out) < count:
        number = rng.randrange(0, len(games), 10)  # held out by bench/lib/fit.py
        board = Board.initial(variant)
        moves = parse_transcript(games[number]["moves"])
        for square, _ in moves[:rng.randint(10, 40)]:
            board.play(square)
        p, o = board.mover_mask()
        if 24 <= 64 - (p | o).bit_count() <= 50 and not board.is_game_over():
            out.append((p, o))
    return out


def sample_records(path: Path, count: int, seed: int,
                   games: int | None = None) -> tuple[list[tuple[int, int]], int]:
    """Returns ``count`` positions with 24-50 empties, at random, from the games' lines
    in the records of ``bench/gen.py`` in ``path`` (its training games, when the old
    games are gone): of its first ``games`` games (all when None), and how many games
    that was, so that a file that grows later gives the same sample.  Siblings
    (``--siblings``) are left out: a position after a move the game did not play is
    wilder than the ones a search meets, and widens ``sigma`` (bench/results/evaluation.md,
    "Evaluation, fourteenth round")."""
    import numpy as np
    from lib.records import NONE, read
    records = read(path)
    ends = np.flatnonzero(records["left"] == 0)  # each game's last record
    used = len(ends) if games is None else min(games, len(ends))
    records = records[:ends[used - 1] + 1] if used else records[:0]
    line = records["result"] != NONE
    records = records[line & (records["empties"] >= 24) & (records["empties"] <= 50)]
    rng = random.Random(seed)
    return [(int(r["p"]), int(r["o"])) for r in (records[rng.randrange(len(records))]
                                                 for _ in range(count))], used


def fit(pairs: list[tuple[float, float]]) -> list[float]:
    """Returns ``[a, b, sigma]`` of ``deep ~ a * shallow + b`` over ``(shallow, deep)`` pairs."""
    xs, ys = [x for x, _ in pairs], [y for _, y in pairs]
    a, b = statistics.linear_regression(xs, ys)
    sigma = statistics.pstdev([y - (a * x + b) for x, y in pairs])
    return [round(a, 4), round(b, 4), round(sigma, 4)]


def _without(argv: list[str], option: str) -> list[str]:
    """Returns ``argv`` without ``option`` and its value (``--games N`` or ``--games=N``)."""
    out, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg == option:
            skip = True
        elif not arg.startswith(option + "="):
            out.append(arg)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--weights", type=Path, required=True)
    parser.add_argument("--records", type=Path, help="positions from bench/gen.py's records instead")
    parser.add_argument("--games", type=int, help="only the first GAMES games of --records "
                        "(the header always names how many were read)")
    args = parser.parse_args(argv)
    weights = load(args.weights)
    evaluator = Evaluator(weights)
    argv = sys.argv[1:] if argv is None else argv
    if args.records:
        positions, games = sample_records(args.records, args.positions, args.seed, args.games)
        argv = [*_without(argv, "--games"), "--games", str(games)]
    else:
        positions = sample(args.positions, args.seed, evaluator.variant)
    stats = {}
    for depth in PROBCUT_DEPTHS:
        shallow = shallow_depth(depth)
        pairs = []
        for p, o in positions:
            search = native.SEARCH(variant=evaluator.variant, evaluator=evaluator, selective=False)
            pairs.append((search.value(p, o, shallow), search.value(p, o, depth)))
        stats[str(depth)] = fit(pairs)
        print(f"depth {depth} from {shallow}: a, b, sigma = {stats[str(depth)]}", flush=True)
    weights.header["probcut"] = stats
    weights.header["probcut_command"] = "python3 bench/probcut.py " + " ".join(argv)
    save(args.weights, weights)
    print(f"wrote {args.weights}")


if __name__ == "__main__":
    main()
