"""The ladder's calibration (C7, C2): adjacent rungs' matches, their Elo ratings, and
each rung's disc loss per move by phase against deep values.

Every adjacent pair of rungs (``reversi.engine.ladder.RUNGS``, the stronger first),
and the lowest rung against a uniformly random player (the scale's anchor: random
is 0), plays ``--openings`` balanced openings (``reversi.engine.balanced``, shuffled
by ``--seed``, so a smaller count is the first ones of a larger) twice, colours
swapped, at the rungs' node budgets, through ``bench/ladder.py``'s machinery: its
players, its games and its record file (``--record``; a rerun plays only the games
the file lacks).  A weakened rung's record key holds a digest of its configuration
beside its weights' digest, so its games are played again when it changes.

A rating is the sum of the Elo differences ``400 log10(s / (1 - s))`` of the
adjacent scores ``s`` from the random player up (draws count half); each is
printed with its standard error.

Losses: in the first ``--analyse`` openings of each pair (both colours), every move
of each rung where it had two or more legal moves is valued against deep values: the
exact solver (native) at most ``EXACT_EMPTIES`` empty squares, else a
``DEEP_DEPTH``-ply search of the position and of the move played, on the compiled
engine.  The loss is the best value minus the move's.  Per rung and phase
(``reversi.engine.levels.PHASES``): the mean loss per move, and the share of moves
that lose ``BLUNDER`` discs or more (a move within ``SAFE`` discs of the best, the
best itself, always exists, so that is every such move).  The losses are kept in
``--losses`` (one line a game: its transcript, the method, the loss of each move
after the opening, ``-`` for a forced one), so the table prints again at once.

Usage (from the repository root)::

    nice -n 15 python3 bench/rungs.py --openings 100 --analyse 25 --jobs 2
    python3 bench/rungs.py --pairs learner-easy --openings 30      # one pair, while tuning
    python3 bench/rungs.py --prune      # then keep in the files only this table's games

``bench/rung_speed.py`` times the rungs' moves (in Pyodide too).
"""

from __future__ import annotations

import argparse
import hashlib
import math
import multiprocessing
import sys
import time
from pathlib import Path

import ladder
from lib import BENCH

import native
from reversi.engine.bitboard import flips_mask
from reversi.engine.board import Board
from reversi.engine.ladder import RATINGS, RUNG_LEVELS, RUNG_NAMES
from reversi.engine.levels import PHASES, Level, phase
from reversi.engine.notation import parse_transcript
from reversi.engine.variants import STANDARD

RECORD = BENCH / "data" / "matches" / "rungs.tsv"
LOSSES = BENCH / "data" / "matches" / "rungs-losses.tsv"
#: Deep values: exact at most this many empty squares, else a search this deep.
EXACT_EMPTIES, DEEP_DEPTH = 20, 14
#: The method's tag in the losses file.
METHOD = f"exact{EXACT_EMPTIES}-depth{DEEP_DEPTH}"
#: A blunder loses at least ``BLUNDER`` discs while a move within ``SAFE`` of the best exists.
BLUNDER, SAFE = 20.0, 4.0
#: The rungs held to the blunder rule: all but the two lowest.
RULED = RUNG_NAMES[2:]


def pairs(names: tuple[str, ...] = RUNG_NAMES) -> list[tuple[str, str]]:
    """Returns the calibration's pairs, the stronger first: the lowest rung against
    the random player, then each rung against the one below."""
    return [(names[0], "random"), *((names[i + 1], names[i]) for i in range(len(names) - 1))]


def config_digest(level: Level) -> str:
    """Returns the first 8 hex digits of the SHA-256 of a configuration's text."""
    return hashlib.sha256(repr(level).encode()).hexdigest()[:8]


def player_digest(player: str) -> str:
    """Returns a player's digest in a record key: its weights', and a weakened rung's
    configuration's after a ``+``."""
    weights = ladder.digest(None, STANDARD)
    level = RUNG_LEVELS.get(player)
    return f"{weights}+{config_digest(level)}" if level is not None and level.weakening else weights


def tasks_of(first: str, second: str, count: int, seed: int) -> list[ladder.Task]:
    """Returns a pair's games: ``count`` balanced openings, each with either colour."""
    return [(first, second, STANDARD, opening, colour, seed + i, False, (None, None))
            for i, opening in enumerate(ladder.balanced_openings(count, seed)) for colour in (True, False)]


def keys_of(first: str, second: str, count: int, seed: int) -> list[ladder.Key]:
    """Returns the record keys of a pair's games (:func:`tasks_of`)."""
    digests = (player_digest(first), player_digest(second))
    return [ladder.key_of(f"{first}-{second}", task, digests) for task in tasks_of(first, second, count, seed)]


def prune(record: Path, losses: Path, keys: set[ladder.Key], transcripts: set[str]) -> None:
    """Rewrites the record and the losses files with only the games of ``keys`` and the
    losses of ``transcripts`` (what the table is made of: the files committed)."""
    def key(fields: list[str]) -> tuple[str, ...]:  # a record line's key (ladder.recorded)
        return (fields[0], fields[1], *fields[5:]) if len(fields) == 10 else ()

    kept = [line for line in record.read_text().splitlines() if key(line.split("\t")) in keys]
    record.write_text("".join(f"{line}\n" for line in kept))
    valued = list(dict.fromkeys(line for line in losses.read_text().splitlines()
                                if line.split("\t")[0] in transcripts and line.split("\t")[1] == METHOD))
    losses.write_text("".join(f"{line}\n" for line in valued))
    print(f"  pruned: {len(kept)} games, {len(valued)} valued games kept", file=sys.stderr, flush=True)


def play(pool, chosen: list[tuple[str, str]], count: int, seed: int,
         record: Path) -> dict[tuple[str, str], list[ladder.Result]]:
    """Plays (or reads from ``record``) each pair's games; returns their results."""
    out = {}
    for first, second in chosen:
        pair = f"{first}-{second}"
        tasks, keys = tasks_of(first, second, count, seed), keys_of(first, second, count, seed)
        start = time.perf_counter()
        out[first, second] = ladder.play_pair(pool, pair, tasks, keys, record)
        print(f"  {pair}: {score(out[first, second])[0]:.1%} over {len(tasks)} games, "
              f"{(time.perf_counter() - start) / 60:.1f} minutes", file=sys.stderr, flush=True)
    return out


def score(results: list[ladder.Result]) -> tuple[float, float]:
    """Returns the first player's score and its standard error (draws half)."""
    points = [r[2] for r in results]
    n = len(points)
    mean = sum(points) / n
    spread = math.sqrt(sum((x - mean) ** 2 for x in points) / max(1, n - 1) / n)
    return mean, spread


def elo(s: float) -> float:
    """Returns the Elo difference of a score (kept finite at 0 and 1)."""
    s = min(max(s, 0.001), 0.999)
    return 400 * math.log10(s / (1 - s))


def deep_loss(board: Board, square: int) -> float:
    """Returns what ``square`` loses for the side to move on ``board`` against the best
    move, in discs, by deep values (module docstring)."""
    p, o = board.mover_mask()
    f = flips_mask(p, o, square)
    child = (o ^ f, p | f | 1 << square)
    if 64 - (p | o).bit_count() <= EXACT_EMPTIES:
        solver = native.SOLVER()
        return float(solver.solve(p, o)[0] + solver.solve(*child)[0])
    search = native.SEARCH()
    root = search.run(p, o, DEEP_DEPTH)
    if root.square == square:
        return 0.0
    return max(0.0, root.score + search.value(*child, root.depth - 1))


def game_losses(job: tuple[str, int]) -> tuple[str, list[float | None]]:
    """Returns a game's transcript and the loss of each move after its first
    ``job[1]`` placements (None for a forced one)."""
    transcript, opening = job
    board = Board()
    out: list[float | None] = []
    for ply, (square, _) in enumerate(parse_transcript(transcript)):
        if ply >= opening:
            out.append(deep_loss(board, square) if len(board.legal_moves()) > 1 else None)
        board.play(square)
    return transcript, out


def read_losses(path: Path) -> dict[str, list[float | None]]:
    """Returns the losses file's games by transcript (this method's only)."""
    out = {}
    for line in path.read_text().splitlines() if path.exists() else ():
        transcript, method, losses = line.split("\t")
        if method == METHOD:
            out[transcript] = [None if x == "-" else float(x) for x in losses.split(",")] if losses else []
    return out


def analyse(pool, games: list[tuple[str, int]], path: Path) -> dict[str, list[float | None]]:
    """Returns the losses of ``games`` (transcript, opening length): those ``path`` has,
    and the others measured in ``pool`` (and appended to ``path``)."""
    done = read_losses(path)
    todo = sorted({game for game in games if game[0] not in done})
    for count, (transcript, losses) in enumerate(pool.imap_unordered(game_losses, todo), 1):
        done[transcript] = losses
        print(f"  losses: game {count} of {len(todo)}", file=sys.stderr, flush=True)
        with path.open("a") as out:
            text = ",".join("-" if x is None else f"{x:g}" for x in losses)
            out.write(f"{transcript}\t{METHOD}\t{text}\n")
    return done


def rung_moves(results: dict[tuple[str, str], list[ladder.Result]], count: int, seed: int,
               analysed: int, losses: dict[str, list[float | None]]) -> dict[str, list[tuple[int, float]]]:
    """Returns each rung's (phase, loss) per analysed move with a choice."""
    out: dict[str, list[tuple[int, float]]] = {name: [] for name in RUNG_NAMES}
    for (first, second), games in results.items():
        for task, result in zip(tasks_of(first, second, count, seed)[:2 * analysed], games):
            opening, first_black = task[3], task[4]
            black, white = (first, second) if first_black else (second, first)
            board = Board()
            moves = [s for s, _ in parse_transcript(result[3])]
            for square in opening:
                board.play(square)
            for square, loss in zip(moves[len(opening):], losses.get(result[3], [])):
                player = white if board.turn else black
                if loss is not None and player in out:
                    out[player].append((phase(64 - (board.black | board.white).bit_count()), loss))
                board.play(square)
    return out


def describe(level: Level) -> str:
    """Returns a configuration in a few words."""
    text = f"{level.nodes:,} n, {level.seconds:g} s, d{level.max_depth}"
    if level.exact_empties:
        text += f", x{level.exact_empties}"
    if level.book_margin is not None:
        text += f", book {level.book_margin:g}"
    if level.weakening:
        t, c = level.weakening.temperature, level.weakening.cap
        text += f", T {'/'.join(f'{x:g}' for x in t)}, cap {'/'.join(f'{x:g}' for x in c)}"
        if any(level.weakening.aim):
            text += f", aim {'/'.join(f'{x:g}' for x in level.weakening.aim)}"
    elif level.noise:
        text += f", noise {level.noise:g}"
    return text


def table(results: dict[tuple[str, str], list[ladder.Result]], moves: dict[str, list[tuple[int, float]]]) -> None:
    """Prints the ladder's table (Markdown)."""
    print("| rung | configuration | rating | shipped | score against the next rung (games) | "
          + " | ".join(f"loss {name}" for name in PHASES) + " | moves | blunders |")
    print("|---|---|---|---|---|" + "---|" * len(PHASES) + "---|---|")
    rating, ratings = 0.0, {}
    for first, second in pairs():
        if (first, second) in results:
            rating += elo(score(results[first, second])[0])
            ratings[first] = rating
    for i, name in enumerate(RUNG_NAMES):
        up = RUNG_NAMES[i + 1] if i + 1 < len(RUNG_NAMES) else None
        versus = "-"
        if up and (up, name) in results:
            s, error = score(results[up, name])
            versus = f"{up} {s:.1%} ± {error:.1%} ({len(results[up, name])})"
        mine = moves.get(name, [])
        phases = []
        for k in range(len(PHASES)):
            these = [loss for stage, loss in mine if stage == k]
            phases.append(f"{sum(these) / len(these):.2f} ({len(these)})" if these else "-")
        blunders = sum(loss >= BLUNDER for _, loss in mine)
        rate = f"{blunders / len(mine):.2%}" if mine else "-"
        shown = f"{ratings[name]:.0f}" if name in ratings else "-"
        print(f"| {name} | {describe(RUNG_LEVELS[name])} | {shown} | {RATINGS[name]} | {versus} | "
              + " | ".join(phases) + f" | {len(mine)} | {rate} |", flush=True)


def main() -> None:
    """Plays and analyses what the records lack, then prints the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openings", type=int, default=100, help="balanced openings a pair (two games each)")
    parser.add_argument("--analyse", type=int, default=25, help="openings a pair whose moves are valued")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pairs", nargs="+", help="only these pairs (first-second), e.g. learner-easy")
    parser.add_argument("--record", type=Path, default=RECORD)
    parser.add_argument("--losses", type=Path, default=LOSSES)
    parser.add_argument("--prune", action="store_true",
                        help="then keep in the files only the games and losses of this table (all pairs)")
    args = parser.parse_args()
    if args.prune and args.pairs:
        parser.error("--prune keeps the whole table's games: give no --pairs")
    native.install()
    chosen = pairs()
    if args.pairs:
        unknown = set(args.pairs) - {f"{a}-{b}" for a, b in chosen}
        if unknown:
            parser.error(f"not a calibration pair: {', '.join(sorted(unknown))}")
        chosen = [pair for pair in chosen if f"{pair[0]}-{pair[1]}" in args.pairs]
    with multiprocessing.Pool(args.jobs) as pool:
        results = play(pool, chosen, args.openings, args.seed, args.record)
        analysed = min(args.analyse, args.openings)
        games = [(r[3], len(task[3])) for (first, second), played in results.items()
                 for task, r in zip(tasks_of(first, second, args.openings, args.seed)[:2 * analysed], played)]
        losses = analyse(pool, games, args.losses) if analysed else {}
    if args.prune:
        prune(args.record, args.losses, {key for pair in chosen for key in keys_of(*pair, args.openings, args.seed)},
              {transcript for transcript, _ in games})
    table(results, rung_moves(results, args.openings, args.seed, analysed, losses))


if __name__ == "__main__":
    main()
