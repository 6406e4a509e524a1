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
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent),
                str(Path(__file__).resolve().parent.parent / "py")]

import selfplay  # noqa: E402

import native  # noqa: E402
from reversi.engine.board import Board  # noqa: E402
from reversi.engine.evaluate import Evaluator  # noqa: E402
from reversi.engine.notation import parse_transcript  # noqa: E402
from reversi.engine.probcut import PROBCUT_DEPTHS, shallow_depth  # noqa: E402
from reversi.engine.variants import STANDARD  # noqa: E402
from reversi.engine.weights import load, save  # noqa: E402

DATA = Path(__file__).resolve().parent / ".data"


def sample(count: int, seed: int, variant: str = STANDARD) -> list[tuple[int, int]]:
    """Returns ``count`` positions with 24-50 empties from held-out training games
    of ``variant`` (the standard game or anti-reversi)."""
    data = DATA if variant == STANDARD else DATA / variant
    games = [g for f in sorted(data.glob("games-*.jsonl")) for g in selfplay.read(f)]
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        number = rng.randrange(0, len(games), 10)  # held out by bench/fit.py
        board = Board.initial(variant)
        moves = parse_transcript(games[number]["moves"])
        for square, _ in moves[:rng.randint(10, 40)]:
            board.play(square)
        p, o = board.mover_mask()
        if 24 <= 64 - (p | o).bit_count() <= 50 and not board.is_game_over():
            out.append((p, o))
    return out


def sample_records(path: Path, count: int, seed: int) -> list[tuple[int, int]]:
    """Returns ``count`` positions with 24-50 empties, at random, from the records of
    ``bench/gen.py`` in ``path`` (its training games, when the old games are gone)."""
    import gen
    records = gen.read(path)
    records = records[(records["empties"] >= 24) & (records["empties"] <= 50)]
    rng = random.Random(seed)
    return [(int(r["p"]), int(r["o"])) for r in (records[rng.randrange(len(records))]
                                                 for _ in range(count))]


def fit(pairs: list[tuple[float, float]]) -> list[float]:
    """Returns ``[a, b, sigma]`` of ``deep ~ a * shallow + b`` over ``(shallow, deep)`` pairs."""
    xs, ys = [x for x, _ in pairs], [y for _, y in pairs]
    a, b = statistics.linear_regression(xs, ys)
    sigma = statistics.pstdev([y - (a * x + b) for x, y in pairs])
    return [round(a, 4), round(b, 4), round(sigma, 4)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--weights", type=Path, required=True)
    parser.add_argument("--records", type=Path, help="positions from bench/gen.py's records instead")
    args = parser.parse_args()
    weights = load(args.weights)
    evaluator = Evaluator(weights)
    positions = sample_records(args.records, args.positions, args.seed) if args.records else \
        sample(args.positions, args.seed, evaluator.variant)
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
    weights.header["probcut_command"] = "python3 bench/probcut.py " + " ".join(sys.argv[1:])
    save(args.weights, weights)
    print(f"wrote {args.weights}")


if __name__ == "__main__":
    main()
