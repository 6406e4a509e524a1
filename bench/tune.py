"""Fits the evaluation weights (reversi.evaluate.PHASES) by least squares.

Method
------
``generate`` plays self-play games from random openings (6-10 random plies),
then with a 2-ply search over the current evaluation, a random move instead
with probability 0.1 for variety, until 14 squares are empty.  That position
is solved exactly (``reversi.endgame.solve``) and the game goes on with
perfect play down to 10 empties.  Every position of the game gets a target in
disc-difference units for its side to move:

- at 10-14 empties: the exact solver score;
- earlier: the exact score of the 14-empty position the game reached (the
  outcome of the game from there under perfect play), with the sign of the
  side to move.

``fit`` splits the positions by game phase (the ``PHASES`` bounds on empty
squares) and solves, per phase, the ridge-regularised normal equations
``(X'X + lambda*I) w = X'y`` for the feature vector of
``reversi.evaluate.features``.  Every fifth game is held out; the fit prints
the in-sample and held-out root-mean-square error next to two baselines
(predict 0; the current weights) and the Python table to paste into
``evaluate.py``.

Usage (from the repository root)::

    python bench/tune.py generate --games 600 --jobs 2 --out bench/data/positions.txt
    python bench/tune.py fit bench/data/positions.txt

The data file holds one position a line: ``p o target game`` (p, o in hex);
``bench/data/`` is git-ignored.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from reversi.bitboard import flips_mask, moves_mask, squares  # noqa: E402
from reversi.endgame import solve  # noqa: E402
from reversi.evaluate import FEATURES, PHASES, features  # noqa: E402
from reversi.search import Search  # noqa: E402

SOLVE_AT = 14
EXACT_DOWN_TO = 10
EXPLORE = 0.1
RIDGE = 1.0


def play(p: int, o: int, square: int) -> tuple[int, int]:
    """Returns the position after ``p`` plays ``square``, opponent to move."""
    f = flips_mask(p, o, square)
    return o ^ f, p | f | 1 << square


def game_positions(seed: int) -> list[tuple[int, int, int]]:
    """Returns ``(p, o, target)`` for the positions of one self-play game."""
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
        if plies < opening or rng.random() < EXPLORE:
            square = rng.choice(list(squares(moves)))
        else:
            square = Search().run(p, o, 2).square
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
        for index, rows in zip(seeds, pool.imap(game_positions, seeds)):
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
    train: list[list] = [[] for _ in PHASES]
    test: list[list] = [[] for _ in PHASES]
    for line in open(args.data):
        ph, oh, target, game = line.split()
        p, o = int(ph, 16), int(oh, 16)
        k = phase_of(64 - (p | o).bit_count())
        (test if int(game) % 5 == 0 else train)[k].append((features(p, o), float(target)))
    zero = (0.0,) * len(FEATURES)
    print(f"{'phase':>9} {'train':>6} {'test':>6} {'rmse 0':>7} {'old':>7} {'fit':>7} {'test':>7}")
    table = []
    for (top, old), tr, te in zip(PHASES, train, test):
        w = least_squares(tr, args.ridge)
        low = PHASES[PHASES.index((top, old)) - 1][0] + 1 if (top, old) != PHASES[0] else 0
        print(f"{low:>3}-{top:<5} {len(tr):>6} {len(te):>6} {rmse(te, zero):>7.2f} "
              f"{rmse(te, old):>7.2f} {rmse(tr, w):>7.2f} {rmse(te, w):>7.2f}")
        table.append((top, tuple(round(v, 3) for v in w)))
    print("\n# " + ", ".join(FEATURES))
    print("PHASES: tuple[tuple[int, tuple[float, ...]], ...] = (")
    for top, w in table:
        print(f"    ({top}, ({', '.join(f'{v:g}' for v in w)})),")
    print(")")


def main() -> None:
    """Runs the ``generate`` or ``fit`` command."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="play and label self-play games")
    g.add_argument("--games", type=int, default=600)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--jobs", type=int, default=2)
    g.add_argument("--out", default="bench/data/positions.txt")
    g.set_defaults(run=generate)
    f = sub.add_parser("fit", help="fit the weights per phase and print the table")
    f.add_argument("data", nargs="?", default="bench/data/positions.txt")
    f.add_argument("--ridge", type=float, default=RIDGE)
    f.set_defaults(run=fit)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
