"""Strength ladder: pairs of players by self-play, with the levels' strength goals (C2).

Every pair plays ``--openings`` distinct random openings of 4-6 plies, each
twice with the colours swapped (40 games for 20 openings).  The variants' pairs
play a variant (V1): ``anti:`` pairs anti-reversi (fewer discs win; the
disc totals are the real ones), ``free:`` pairs the free opening (its
openings are the four placements, at random, then up to two random moves).
Players:

- ``easy``, ``normal``, ``hard``, ``expert``: the levels at their node
  budgets (``Level.nodes``, about what Pyodide searches in the level's
  browser time), so a CPython run reproduces the browser's strength and the
  same seed replays the same games; ``--time`` uses wall-time budgets instead;
- ``baseline-LEVEL``: that level of the frozen engine of commit 9cc7dfa
  (``bench/lib/baseline.py``), at its own node budget; ``1fcb9e8-LEVEL`` the
  same of commit 1fcb9e8's engine (the Expert before the trained evaluation's
  second generation, C2's yardstick), on the compiled search when it is built
  (``bench/lib/frozen_native.py``: its moves, about 60 times faster);
- ``LEVEL@NODES``, e.g. ``hard@36000``: a level at another node budget (the
  rest of its configuration unchanged), to find a budget before setting it;
- the ladder's rungs (C7, ``reversi.engine.ladder``) by their ids, at their node
  budgets, and ``RUNG@NODES`` likewise (``bench/rungs.py`` calibrates them);
- ``random``: a uniformly random legal move (seeded).

``--balanced`` plays the balanced openings (``reversi.engine.balanced``, 6-10
plies judged even) instead of random ones, the same seed giving the same ones.

Draws count half.  ``--record FILE`` keeps every game's transcript, and a
rerun with the same FILE plays only the games it lacks (the same pair, colours,
game seed, budget kind and weight files, by their digests), so a long match
goes on across machines when FILE is kept (with the opening in the key, runs of several
``--seed`` share one FILE).  ``--pairs`` may also name a pair that is not one of
:data:`PAIRS` (no goal then), e.g. ``anti:expert-expert``; ``--weights`` and
``--second-weights`` give the first and the second player a weight file of
the pair's variant instead of the engine's (to compare two evaluations).
Usage (from the repository root)::

    nice python bench/ladder.py --openings 20 --jobs 2
    nice python bench/ladder.py --pairs expert-baseline-expert --openings 20
    nice python bench/ladder.py --pairs anti:expert-easy anti:hard-random --openings 20
    nice python bench/ladder.py --pairs anti:expert-expert --second-weights OLD.weights
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import multiprocessing
import random
import sys
import time
from pathlib import Path

from lib import baseline, frozen_native

import native
from reversi.engine import balanced
from reversi.engine.board import Board
from reversi.engine.evaluate import DATA, Evaluator
from reversi.engine.notation import format_transcript
from reversi.engine.players import LEVELS, RUNG_LEVELS, choose_move, random_opening
from reversi.engine.variants import ANTI, FREE, STANDARD, VARIANTS, winner

#: Each pair (stronger first), the score the stronger one must reach (the levels' and
#: the variants' goals) and the variant played.
PAIRS = (
    ("expert", "baseline-expert", 0.85, STANDARD),
    ("hard", "baseline-expert", 0.55, STANDARD),
    ("expert", "1fcb9e8-expert", 0.70, STANDARD),
    ("hard", "1fcb9e8-expert", 0.50, STANDARD),
    ("expert", "hard", 0.75, STANDARD),
    ("hard", "normal", 0.80, STANDARD),
    ("normal", "easy", 0.90, STANDARD),
    ("easy", "random", 0.85, STANDARD),
    ("expert", "easy", 0.90, ANTI),
    ("hard", "random", 0.95, ANTI),
    ("expert", "normal", 0.80, FREE),
)


def name(first: str, second: str, variant: str) -> str:
    """Returns a pair's name: ``first-second``, after ``variant:`` for a variant."""
    return f"{first}-{second}" if variant == STANDARD else f"{variant}:{first}-{second}"


PLAYERS = ("random", *RUNG_LEVELS, *(f"{frozen}-{level}" for frozen in baseline.FROZEN for level in LEVELS))


def parse_pair(pair: str) -> tuple[str, str, float | None, str]:
    """Returns the players, goal (None if not one of :data:`PAIRS`) and variant of
    a pair's name (see :func:`name`): ``[variant:]first-second``.

    :raises ValueError: if the name is not that of a pair of known players.
    """
    for first, second, goal, variant in PAIRS:
        if name(first, second, variant) == pair:
            return first, second, goal, variant
    variant, _, players = pair.rpartition(":")
    variant = variant or STANDARD
    cuts = [i for i, c in enumerate(players) if c == "-"]
    for first, second in ((players[:i], players[i + 1:]) for i in cuts):
        if variant in VARIANTS and known(first) and known(second):
            return first, second, None, variant
    raise ValueError(f"not a pair of players: {pair!r}")


def known(player: str) -> bool:
    """Tells if ``player`` names a player: one of :data:`PLAYERS` or ``LEVEL@NODES``
    (a level or rung that searches, at a positive node budget)."""
    level, _, nodes = player.partition("@")
    if not nodes:
        return player in PLAYERS
    return level in RUNG_LEVELS and RUNG_LEVELS[level].nodes > 0 and nodes.isdigit() and int(nodes) > 0


@functools.cache
def evaluator(weights: str) -> Evaluator:
    """Returns the evaluator of a weight file (read once per process)."""
    return Evaluator.load(Path(weights))


def move(player: str, board: Board, seed: int, by_time: bool, weights: str | None = None) -> int:
    """Returns ``player``'s move on ``board`` (whose side to move has a move),
    a level's with the evaluation of the file ``weights`` if given."""
    p, o = board.mover_mask()
    if player == "random":
        return random.Random(seed).choice(board.legal_moves())
    frozen, _, level = player.rpartition("-")
    if frozen:
        square = baseline.FROZEN[frozen].choose(p, o, level, seed)
    else:
        player, _, budget = player.partition("@")
        nodes = None if by_time else int(budget) if budget else RUNG_LEVELS[player].nodes
        square = choose_move(p, o, player, seed=seed, nodes=nodes, variant=board.variant,
                             evaluator=evaluator(weights) if weights else None).square
    assert square is not None
    return square


Task = tuple[str, str, str, tuple[int, ...], bool, int, bool, tuple[str | None, str | None]]


def one_game(task: Task) -> tuple[int, int, float, str]:
    """Plays one game; returns the discs of the first and the second player, the
    first one's points (1 a win by the variant's rule, 0.5 a draw) and the game's
    transcript."""
    first, second, variant, opening, first_black, seed, by_time, weights = task
    black, white = (first, second) if first_black else (second, first)
    black_weights, white_weights = weights if first_black else weights[::-1]
    board = Board.initial(variant)
    for square in opening:
        board.play(square)
    while not board.is_game_over():
        player, own = (white, white_weights) if board.turn else (black, black_weights)
        board.play(move(player, board, seed * 64 + len(board.steps), by_time, own))
    b, w = board.counts()
    won = winner(b, w, variant)
    points = 0.5 if won is None else float((won == 0) == first_black)
    return ((b, w) if first_black else (w, b)) + (points, format_transcript(board.placements()))


Result = tuple[int, int, float, str]
#: A game's identity in a record file: pair, first player's colour, game seed, budget
#: kind, the two players' weight digests and the opening (runs of other ``--seed``
#: share game seeds: seed 1's second opening and seed 2's first are both game seed 2).
Key = tuple[str, str, str, str, str, str, str]


def key_of(pair: str, task: Task, digests: tuple[str, str]) -> Key:
    """Returns the record key of a pair's game ``task`` (:data:`Key`)."""
    opening, first_black, seed, by_time = task[3:7]
    return (pair, "black" if first_black else "white", str(seed), "time" if by_time else "nodes", *digests,
            format_transcript(list(opening)))


def digest(weights: str | None, variant: str) -> str:
    """Returns the first 12 hex digits of the SHA-256 of the weight file a player
    uses: ``weights``, or the engine's own for ``variant``."""
    path = Path(weights) if weights else DATA / ("anti.weights" if variant == ANTI else "standard.weights")
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def recorded(path: Path | None) -> dict[Key, Result]:
    """Returns the games of record file ``path`` by their :data:`Key` (none for lines
    written before records had the whole key)."""
    games: dict[Key, Result] = {}
    for line in path.read_text().splitlines() if path and path.exists() else ():
        fields = line.split("\t")
        if len(fields) == 10:
            pair, colour, discs, points, transcript, seed, budget, first_weights, second_weights, opening = fields
            first, second = discs.split("-")
            key = (pair, colour, seed, budget, first_weights, second_weights, opening)
            games[key] = (int(first), int(second), float(points), transcript)
    return games


def play_pair(pool, pair: str, tasks: list[Task], keys: list[Key], record: Path | None) -> list[Result]:
    """Returns the results of a pair's ``tasks``: those ``record`` has, and the others
    played in ``pool`` (and appended to ``record``)."""
    done = recorded(record)
    todo = [n for n, key in enumerate(keys) if key not in done]
    played = pool.imap(one_game, [tasks[n] for n in todo])
    for count, (n, result) in enumerate(zip(todo, played), 1):
        key = keys[n]
        done[key] = result
        print(f"  {pair} game {count} of {len(todo)}: {result[0]}-{result[1]}", file=sys.stderr, flush=True)
        if record:
            with record.open("a") as out:
                out.write("\t".join((pair, key[1], f"{result[0]}-{result[1]}", str(result[2]), result[3],
                                     *key[2:])) + "\n")
    return [done[key] for key in keys]


def main() -> None:
    """Plays the chosen pairs and prints W/D/L, score and goal per pair."""
    native.install()
    frozen_native.install()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openings", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pairs", nargs="+", default=[name(a, b, v) for a, b, _, v in PAIRS])
    parser.add_argument("--time", action="store_true", help="play at wall-time budgets")
    parser.add_argument("--balanced", action="store_true", help="play balanced openings (standard pairs)")
    parser.add_argument("--weights", help="the first player's weight file (of the pair's variant)")
    parser.add_argument("--second-weights", help="the second player's weight file")
    parser.add_argument("--record", type=Path, metavar="FILE",
                        help="append each game to FILE (pair, first player's colour, discs, points, "
                             "transcript, game seed, budget kind, weight digests and opening, tab-separated), "
                             "and take the games FILE has from it instead of playing them")
    args = parser.parse_args()
    try:  # the levels' and the variants' pairs in their order, then any others
        chosen = [pair for pair in PAIRS if name(*pair[:2], pair[3]) in args.pairs] + [
            parse_pair(pair) for pair in args.pairs if parse_pair(pair)[2] is None]
    except ValueError as error:
        parser.error(str(error))
    if args.balanced and any(variant != STANDARD for *_, variant in chosen):
        parser.error("the balanced openings are standard games")
    for weights in (args.weights, args.second_weights):
        for variant in {v for *_, v in chosen} if weights else ():
            if evaluator(weights).variant != (ANTI if variant == ANTI else STANDARD):
                parser.error(f"{weights} does not evaluate {variant} games")
        if weights and not evaluator(weights).probcut:  # a new fit's file, before bench/probcut.py
            print(f"warning: {weights} has no ProbCut statistics, so its player searches without "
                  "ProbCut (bench/probcut.py adds them)", file=sys.stderr, flush=True)
    for frozen in baseline.FROZEN.values():
        frozen.extract()
    print(f"{'pair':>24} {'W':>3} {'D':>3} {'L':>3} {'score':>6} {'discs':>9} "
          f"{'goal':>5} {'minutes':>7}", flush=True)
    with multiprocessing.Pool(args.jobs) as pool:
        for first, second, goal, variant in chosen:
            pair = name(first, second, variant)
            start = time.perf_counter()
            tasks: list[Task] = [(first, second, variant, opening, colour, args.seed + i, args.time,
                                  (args.weights, args.second_weights))
                                 for i, opening in enumerate(
                                     balanced_openings(args.openings, args.seed) if args.balanced
                                     else openings(args.openings, args.seed, variant))
                                 for colour in (True, False)]
            digests = (digest(args.weights, variant), digest(args.second_weights, variant))
            keys = [key_of(pair, task, digests) for task in tasks]
            results = play_pair(pool, pair, tasks, keys, args.record)
            w = sum(points == 1 for *_, points, _ in results)
            d = sum(points == 0.5 for *_, points, _ in results)
            lost = len(results) - w - d
            score = (w + d / 2) / len(results)
            discs = f"{sum(r[0] for r in results)}-{sum(r[1] for r in results)}"
            print(f"{pair:>24} {w:>3} {d:>3} {lost:>3} {score:>6.1%} "
                  f"{discs:>9} {'-' if goal is None else f'{goal:.0%}':>5} "
                  f"{(time.perf_counter() - start) / 60:>7.1f}",
                  flush=True)


def openings(count: int, seed: int, variant: str) -> list[tuple[int, ...]]:
    """Returns ``count`` distinct random openings of ``variant``: 4-6 random plies
    (in the free opening, the four placements and up to two moves)."""
    rng = random.Random(seed)
    out: list[tuple[int, ...]] = []
    while len(out) < count:
        opening = tuple(random_opening(rng, rng.randint(4, 6), variant))
        if opening not in out:
            out.append(opening)
    return out


def balanced_openings(count: int, seed: int) -> list[tuple[int, ...]]:
    """Returns ``count`` distinct balanced openings (``reversi.engine.balanced``) in an
    order shuffled by ``seed``: a smaller count gives the first ones of a larger."""
    table = balanced.openings()
    if count > len(table):
        raise ValueError(f"only {len(table)} balanced openings")
    order = list(range(len(table)))
    random.Random(seed).shuffle(order)
    return [table[i][0] for i in order[:count]]


if __name__ == "__main__":
    main()
