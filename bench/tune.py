"""Fits the evaluation weights (reversi.engine.evaluate.PHASES) by least squares.

Method
------
``generate`` plays self-play games from random openings (6-10 random plies),
then with a ``--depth``-ply search over the current evaluation (a random
move instead with probability ``--explore``, for variety) until 14 squares
are empty.  That position
is solved exactly (``reversi.engine.endgame.solve``) and the game goes on with
perfect play down to 10 empties.  Every position of the game gets a target in
disc-difference units for its side to move:

- at 10-14 empties: the exact solver score;
- earlier: the exact score of the 14-empty position the game reached (the
  outcome of the game from there under perfect play), with the sign of the
  side to move.

``fit`` splits the positions by game phase (the ``PHASES`` bounds on empty
squares) and solves, per phase, the ridge-regularised normal equations
``(X'X + lambda*I) w = X'y`` for the feature vector of
``reversi.engine.evaluate.features``.  Games are split by number: 0 mod 5 are held
out for the test, 1 mod 5 choose lambda (the one of ``RIDGES`` with the
least validation error), the rest train; the final weights are fitted on
training and validation games.  It prints the fitted and held-out
root-mean-square errors next to two baselines (predict 0; the current
weights) and the Python table to paste into ``evaluate.py``.

Usage (from the repository root)::

    python bench/tune.py generate --games 600 --jobs 2 --out bench/data/positions.txt
    python bench/tune.py fit bench/data/positions.txt --save bench/data/weights.json
    python bench/tune.py duel bench/data/weights.json --openings 20

``duel`` checks a fitted table in play: 3-ply searches (exact from 10 empties)
with the new weights against the same with the current ones, from random
openings with both colours.

The data file holds one position a line: ``p o target game`` (p, o in hex);
``bench/data/`` is git-ignored.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from reversi.engine import evaluate  # noqa: E402
from reversi.engine.bitboard import flips_mask, moves_mask, squares  # noqa: E402
from reversi.engine.board import BLACK, Board  # noqa: E402
from reversi.engine.endgame import solve  # noqa: E402
from reversi.engine.evaluate import FEATURES, PHASES, features  # noqa: E402
from reversi.engine.players import random_opening  # noqa: E402
from reversi.engine.search import Search, think  # noqa: E402

SOLVE_AT = 14
EXACT_DOWN_TO = 10
#: Ridge strengths tried; each phase keeps the one best on the validation games.
RIDGES = (0.1, 1.0, 10.0, 100.0, 1e3, 1e4, 1e5)


def play(p: int, o: int, square: int) -> tuple[int, int]:
    """Returns the position after ``p`` plays ``square``, opponent to move."""
    f = flips_mask(p, o, square)
    return o ^ f, p | f | 1 << square


def game_positions(task: tuple[int, int, float]) -> list[tuple[int, int, int]]:
    """Returns ``(p, o, target)`` for the positions of one self-play game played
    from seed, search depth and exploration rate ``task``."""
    seed, depth, explore = task
    rng = random.Random(seed)
    p, o, black = (1 << 28) | (1 << 35), (1 << 27) | (1 << 36), True
    path: list[tuple[int, int, bool]] = []  # positions with a move, and who moves
    plies, opening = 0, rng.randint(6, 10)
    while 64 - (p | o).bit_count() > SOLVE_AT:
        moves = moves_mask(p, o)
        if not moves:
            if not moves_mask(o, p):
                return []  # the game ended early: no exact anchor
            p, o, black = o, p, not black
            continue
        path.append((p, o, black))
        if plies < opening or rng.random() < explore:
            square = rng.choice(list(squares(moves)))
        else:
            square = Search().run(p, o, depth).square
        p, o = play(p, o, square)
        black = not black
        plies += 1
    score, _ = solve(p, o)
    out = [(q, r, score if mover == black else -score) for q, r, mover in path]
    while 64 - (p | o).bit_count() >= EXACT_DOWN_TO:
        if not moves_mask(p, o):
            if not moves_mask(o, p):
                break
            p, o = o, p
            continue
        score, square = solve(p, o)
        out.append((p, o, score))
        p, o = play(p, o, square)
    return out


def generate(args: argparse.Namespace) -> None:
    """Writes the positions of ``args.games`` games to ``args.out``."""
    seeds = range(args.seed, args.seed + args.games)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    with multiprocessing.Pool(args.jobs) as pool, open(args.out, "w") as out:
        tasks = [(seed, args.depth, args.explore) for seed in seeds]
        for index, rows in zip(seeds, pool.imap(game_positions, tasks)):
            for p, o, target in rows:
                out.write(f"{p:x} {o:x} {target} {index}\n")
            out.flush()


def phase_of(empties: int) -> int:
    """Returns the index in ``PHASES`` of the phase with ``empties`` empty squares."""
    return next(i for i, (top, _) in enumerate(PHASES) if empties <= top)


def least_squares(rows: list[tuple[tuple[int, ...], float]], ridge: float) -> list[float]:
    """Returns ``w`` minimising ``sum (w.x - y)^2 + ridge * |w|^2`` (Gaussian elimination)."""
    n = len(FEATURES)
    a = [[ridge if i == j else 0.0 for j in range(n)] + [0.0] for i in range(n)]
    for x, y in rows:
        for i in range(n):
            if x[i]:
                row = a[i]
                for j in range(n):
                    row[j] += x[i] * x[j]
                row[n] += x[i] * y
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col]:
                k = a[r][col] / a[col][col]
                a[r] = [v - k * u for v, u in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


def rmse(rows: list[tuple[tuple[int, ...], float]], w: list[float] | tuple[float, ...]) -> float:
    """Returns the root-mean-square error of the weights ``w`` over ``rows``."""
    if not rows:
        return float("nan")
    return math.sqrt(sum((sum(a * b for a, b in zip(w, x)) - y) ** 2 for x, y in rows) / len(rows))


def fit(args: argparse.Namespace) -> None:
    """Prints the fit statistics per phase and the new ``PHASES`` table."""
    splits: dict[int, list[list]] = {k: [[] for _ in PHASES] for k in range(3)}
    for path in args.data:
        for line in open(path):
            ph, oh, target, game = line.split()
            p, o = int(ph, 16), int(oh, 16)
            rows = splits[min(int(game) % 5, 2)][phase_of(64 - (p | o).bit_count())]
            rows.append((features(p, o), float(target)))
    test, valid, train = splits[0], splits[1], splits[2]
    zero = (0.0,) * len(FEATURES)
    print(f"{'phase':>9} {'train':>6} {'test':>6} {'ridge':>7} {'rmse 0':>7} {'old':>7} "
          f"{'fit':>7} {'test':>7}")
    table = []
    low = 0
    for k, (top, old) in enumerate(PHASES):
        ridge = min(RIDGES, key=lambda r: rmse(valid[k], least_squares(train[k], r)))
        rows = train[k] + valid[k]
        w = least_squares(rows, ridge)
        print(f"{low:>3}-{top:<5} {len(rows):>6} {len(test[k]):>6} {ridge:>7g} "
              f"{rmse(test[k], zero):>7.2f} {rmse(test[k], old):>7.2f} {rmse(rows, w):>7.2f} "
              f"{rmse(test[k], w):>7.2f}")
        table.append((top, tuple(round(v, 3) for v in w)))
        low = top + 1
    print("\n# " + ", ".join(FEATURES))
    print("PHASES: tuple[tuple[int, tuple[float, ...]], ...] = (")
    for top, w in table:
        print(f"    ({top}, ({', '.join(f'{v:g}' for v in w)})),")
    print(")")
    if args.save:
        Path(args.save).write_text(json.dumps(table))


def duel_game(task: tuple[list, tuple[int, ...], bool, int]) -> int:
    """Plays one duel game; returns the disc difference for the new weights."""
    phases, opening, new_is_black, depth = task
    new, old = evaluate.by_empties(tuple((top, tuple(w)) for top, w in phases)), evaluate.WEIGHTS
    board = Board()
    for square in opening:
        board.play(square)
    while not board.is_game_over():
        evaluate.WEIGHTS = new if (board.turn == BLACK) == new_is_black else old
        p, o = board.mover_mask()
        board.play(think(p, o, max_depth=depth, exact_empties=10).square)
    evaluate.WEIGHTS = old
    b, w = board.counts()
    return b - w if new_is_black else w - b


def duel(args: argparse.Namespace) -> None:
    """Prints the record of the weights in ``args.weights`` against the current ones."""
    phases = json.loads(Path(args.weights).read_text())
    rng = random.Random(args.seed)
    openings = {tuple(random_opening(rng, rng.randint(4, 6))) for _ in range(10 * args.openings)}
    tasks = [(phases, opening, colour, args.depth)
             for opening in sorted(openings)[:args.openings] for colour in (True, False)]
    with multiprocessing.Pool(args.jobs) as pool:
        diffs = pool.map(duel_game, tasks)
    wins, draws = sum(d > 0 for d in diffs), sum(d == 0 for d in diffs)
    print(f"new vs current: {wins} wins, {draws} draws, {len(diffs) - wins - draws} losses, "
          f"score {(wins + draws / 2) / len(diffs):.1%}, mean disc difference "
          f"{sum(diffs) / len(diffs):+.2f}")


def main() -> None:
    """Runs the ``generate``, ``fit`` or ``duel`` command."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="play and label self-play games")
    g.add_argument("--games", type=int, default=600)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--jobs", type=int, default=2)
    g.add_argument("--depth", type=int, default=2, help="search depth of the players")
    g.add_argument("--explore", type=float, default=0.1, help="chance of a random move")
    g.add_argument("--out", default="bench/data/positions.txt")
    g.set_defaults(run=generate)
    f = sub.add_parser("fit", help="fit the weights per phase and print the table")
    f.add_argument("data", nargs="+", help="files written by generate")
    f.add_argument("--save", help="also write the table as JSON to this file")
    f.set_defaults(run=fit)
    d = sub.add_parser("duel", help="play fitted weights against the current ones")
    d.add_argument("weights", help="JSON table written by fit --save")
    d.add_argument("--openings", type=int, default=20)
    d.add_argument("--depth", type=int, default=3)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--jobs", type=int, default=2)
    d.set_defaults(run=duel)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
