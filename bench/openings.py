"""Builds the balanced random openings (``py/reversi/engine/data/balanced.txt``).

Candidates are random legal lines of 6-10 placements from the standard
opening (R2), drawn with ``--seed``, each turned by the board symmetry
that makes its first move f5.  A candidate is dropped when its final position,
up to the eight symmetries (:func:`reversi.engine.book.canonical`), is already
taken (that covers mirrored lines and transpositions), when a 4-ply search
puts it more than ``--prefilter`` discs from even, and otherwise when the
deep search (the engine's midgame search with the trained evaluation,
ProbCut on, ``--depth`` plies, no time or node cap, so the build is
reproducible) puts it more than ``--margin`` discs from even.  Kept openings
carry Black's value of that deep search.

Resumable: every candidate's verdict is appended to
``bench/.data/balanced-SEED.jsonl``; a restart replays the same random draws
and searches only the candidates not yet judged.  ``--check N`` instead
re-searches N openings of the committed file at ``--depth`` and prints how
far from even they are.

Usage (from the repository root; one process, niced)::

    nice -n 19 python3 bench/openings.py --count 2000 --seed 1 --depth 10
    nice -n 19 python3 bench/openings.py --check 200 --depth 12
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
import time
from pathlib import Path

from lib import DATA

import native
from reversi.engine.balanced import DATA_FILE, MAX_PLIES, MIN_PLIES, read
from reversi.engine.board import Board
from reversi.engine.book import canonical
from reversi.engine.notation import format_transcript
from reversi.engine.patterns import symmetric
from reversi.engine.variants import OPENING_BLACK, OPENING_WHITE

F5 = 37


def to_f5(moves: list[int]) -> list[int]:
    """Returns ``moves`` under the symmetry that keeps the four-disc opening and
    takes the first move to f5 (f5, d3, c4 and e6 are one position turned)."""
    for g in range(8):
        image = list(symmetric(moves, g))
        if image[0] == F5 and _keeps_opening(g):
            return image
    raise ValueError("not a line from the standard opening")


def _keeps_opening(g: int) -> bool:
    """Checks if symmetry ``g`` maps the four-disc opening onto itself."""
    black = {s for s in range(64) if OPENING_BLACK >> s & 1}
    white = {s for s in range(64) if OPENING_WHITE >> s & 1}
    return set(symmetric(sorted(black), g)) == black and set(symmetric(sorted(white), g)) == white


def candidate(rng: random.Random) -> tuple[list[int], Board]:
    """Returns a random line of 6-10 placements (f5 first) and its board."""
    plies = rng.randint(MIN_PLIES, MAX_PLIES)
    board = Board.initial()
    while len(board.steps) < plies and not board.is_game_over():
        board.play(rng.choice(board.legal_moves()))
    moves = to_f5(board.placements())
    return moves, Board.replay(format_transcript(moves))


def black_value(board: Board, depth: int) -> float:
    """Returns Black's value of ``board`` by a ``depth``-ply midgame search."""
    p, o = board.mover_mask()
    score = native.SEARCH().run(p, o, depth).score
    return -score if board.turn else score


def build(args: argparse.Namespace) -> None:
    """Judges candidates until ``args.count`` are kept, then writes the data file."""
    DATA.mkdir(parents=True, exist_ok=True)
    (DATA / ".gitignore").write_text("*\n")
    progress = DATA / f"balanced-{args.seed}.jsonl"
    done = {}
    if progress.exists():
        for line in progress.read_text().splitlines():
            record = json.loads(line)
            done[record["i"]] = record
    rng = random.Random(args.seed)
    seen: set[int] = set()
    kept: list[tuple[str, float]] = []
    seconds = sum(r.get("seconds", 0.0) for r in done.values())
    i = 0
    with progress.open("a") as out:
        while len(kept) < args.count:
            moves, board = candidate(rng)
            i += 1
            key = canonical(*board.mover_mask()) << 1 | board.turn
            if key in seen or board.is_game_over() or len(moves) < MIN_PLIES:
                continue
            seen.add(key)
            record = done.get(i)
            if record is None:
                start = time.process_time()
                record = {"i": i, "moves": format_transcript(moves),
                          "shallow": round(black_value(board, 4), 2)}
                if abs(record["shallow"]) <= args.prefilter:
                    record["deep"] = round(black_value(board, args.depth), 2)
                record["seconds"] = round(time.process_time() - start, 3)
                seconds += record["seconds"]
                out.write(json.dumps(record) + "\n")
                out.flush()
            if abs(record.get("deep", 99.0)) <= args.margin:
                kept.append((record["moves"], record["deep"]))
                if len(kept) % 100 == 0:
                    print(f"{len(kept)} kept of {i} candidates, {seconds / 60:.1f} CPU minutes",
                          flush=True)
    header = {"command": "python3 bench/openings.py " + shlex.join(sys.argv[1:]), "seed": args.seed,
              "depth": args.depth, "margin": args.margin, "prefilter": args.prefilter,
              "candidates": i, "count": len(kept), "cpu_minutes": round(seconds / 60, 1)}
    lines = [f"{moves} {value:+.0f}" for moves, value in sorted(kept)]
    args.out.write_text("# reversi-balanced 1\n# " + json.dumps(header, sort_keys=True) + "\n"
                        + "\n".join(lines) + "\n")
    print(f"wrote {args.out}: {len(kept)} openings of {i} candidates, "
          f"{args.out.stat().st_size} bytes, {seconds / 60:.1f} CPU minutes", flush=True)


def check(args: argparse.Namespace) -> None:
    """Re-searches ``args.check`` openings of the data file and prints their spread."""
    openings = read(args.out)
    sample = random.Random(args.seed).sample(openings, min(args.check, len(openings)))
    start = time.process_time()
    errors = []
    for moves, stored in sample:
        board = Board.replay(format_transcript(list(moves)))
        value = black_value(board, args.depth)
        errors.append(abs(value))
        if abs(value) > args.margin + 2:
            print(f"  {format_transcript(list(moves))}: {value:+.1f} at depth {args.depth} "
                  f"(stored {stored:+d})")
    errors.sort()
    print(f"{len(sample)} openings at depth {args.depth}: mean |value| {sum(errors) / len(errors):.2f}, "
          f"median {errors[len(errors) // 2]:.2f}, max {errors[-1]:.2f}, "
          f"within {args.margin:g}: {sum(e <= args.margin for e in errors)}, "
          f"{time.process_time() - start:.0f} CPU s")


def main() -> None:
    native.install()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000, help="openings to keep")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=10, help="plies of the deep search")
    parser.add_argument("--margin", type=float, default=2.0, help="discs from even kept")
    parser.add_argument("--prefilter", type=float, default=6.0, help="discs from even at 4 plies")
    parser.add_argument("--check", type=int, default=0, help="re-search this many openings instead")
    parser.add_argument("--out", type=Path, default=DATA_FILE)
    args = parser.parse_args()
    check(args) if args.check else build(args)


if __name__ == "__main__":
    main()
