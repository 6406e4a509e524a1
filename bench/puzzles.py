"""Builds the puzzle set (``py/reversi/engine/data/puzzles.txt``).

Positions come from the project's own self-play: games of the Normal level
against itself at a fixed node budget, each game from its own seed, with the
first ``--random`` placements drawn at random so that games differ.  From each
game the positions at ``--empties`` (a few chosen empty-square counts) are
candidates.  Every candidate is proved by the exact solver
(:func:`reversi.engine.endgame.solve_all`: the exact final disc difference of
every legal move) and kept when it has one clearly best move:

- ``win``: the only move that wins (the best wins, every other draws or loses);
- ``best``: the best move is at least 4 discs better than the next, and it does
  not lose by more than 10 (a lost game is no puzzle).

Grading (:func:`reversi.engine.puzzle_proofs.hardness`) uses the empty squares, the
tempting wrong moves (those a 2-ply search rates at least as high as the
answer) and how far the answer is from what that shallow search plays; the
kept set is cut into five levels of equal size by that hardness.

Resumable: every candidate's verdict is appended to
``bench/.data/puzzles-SEED.jsonl``; a restart replays the same games and
solves only the positions not yet judged.  ``--check`` instead re-proves every
puzzle of the shipped set and prints the time.

Usage (from the repository root; niced, ``--jobs`` processes)::

    nice -n 19 python3 bench/puzzles.py --count 1000 --seed 1 --jobs 2
    python3 bench/puzzles.py --check
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import shlex
import sys
import time
from pathlib import Path

from lib import DATA

import native
from reversi.engine import puzzle_proofs, puzzle_set
from reversi.engine.board import Board
from reversi.engine.notation import format_board, parse_board, square_name
from reversi.engine.players import choose_move

#: Nodes a self-play move may search (reproducible games).
NODES = 2_000


def game_positions(seed: int, empties: tuple[int, ...], random_plies: int) -> list[str]:
    """Returns the board strings of one self-play game at each of ``empties``."""
    rng = random.Random(seed)
    board = Board.initial()
    found = []
    while not board.is_game_over():
        empty = 64 - (board.black | board.white).bit_count()
        if empty in empties:
            found.append(format_board(board.black, board.white, board.turn))
        moves = board.legal_moves()
        if len(board.steps) < random_plies:
            board.play(rng.choice(moves))
        else:
            p, o = board.mover_mask()
            square = choose_move(p, o, "normal", seed=rng.randrange(1 << 30), nodes=NODES).square
            assert square is not None  # the game goes on, so the mover has a move
            board.play(square)
    return found


def judge(position: str) -> dict:
    """Returns the verdict on one candidate: every move's exact score, and the
    puzzle's fields when it is one."""
    start = time.process_time()
    black, white, turn = parse_board(position)
    board = Board(black, white, turn)
    p, o = board.mover_mask()
    scores = native.solve_all(p, o) if len(board.legal_moves()) > 1 else {}
    record: dict[str, object] = {"board": position, "scores": {square_name(s): v for s, v in scores.items()}}
    kind = puzzle_set.kind_of(list(scores.values()))
    if kind:
        record["kind"] = kind
        record["hardness"] = round(puzzle_proofs.hardness(board, scores), 2)
    record["seconds"] = round(time.process_time() - start, 3)
    return record


def build(args: argparse.Namespace) -> None:
    """Plays and judges games until ``args.count`` puzzles are kept, then writes the set."""
    DATA.mkdir(parents=True, exist_ok=True)
    (DATA / ".gitignore").write_text("*\n")
    progress = DATA / f"puzzles-{args.seed}.jsonl"
    done: dict[str, dict] = {}
    if progress.exists():
        text = progress.read_text()
        for line in text[:text.rfind("\n") + 1].splitlines():
            record = json.loads(line)
            kind = puzzle_set.kind_of(list(record["scores"].values()))  # the rule of today
            if kind is None:
                record.pop("kind", None)
            elif "hardness" in record:
                record["kind"] = kind
            done[record["board"]] = record
    empties = tuple(int(e) for e in args.empties.split(","))
    kept: dict[str, dict] = {b: r for b, r in done.items() if "kind" in r}
    game = 0
    with progress.open("a") as out, multiprocessing.Pool(args.jobs) as pool:
        while len(kept) < args.count:
            seeds = [args.seed * 1_000_003 + game + i for i in range(args.jobs * 4)]
            game += len(seeds)
            found = pool.starmap(game_positions, [(s, empties, args.random) for s in seeds])
            fresh = sorted({b for boards in found for b in boards} - done.keys())
            for record in pool.imap(judge, fresh):
                done[record["board"]] = record
                out.write(json.dumps(record) + "\n")
                out.flush()
                if "kind" in record:
                    kept[record["board"]] = record
            seconds = sum(r["seconds"] for r in done.values())
            print(f"{len(kept)} puzzles of {len(done)} positions from {game} games, "
                  f"{seconds / 60:.1f} CPU minutes", flush=True)
    chosen = sorted(kept.values(), key=lambda r: r["board"])[:args.count]
    header = {"command": "python3 bench/puzzles.py " + shlex.join(sys.argv[1:]), "seed": args.seed,
              "empties": list(empties), "margin": puzzle_set.MARGIN, "games": game, "positions": len(done),
              "count": len(chosen), "cpu_minutes": round(sum(r["seconds"] for r in done.values()) / 60, 1)}
    args.out.write_text(puzzle_set.write_set(chosen, header), encoding="utf-8")
    print(f"wrote {args.out}: {len(chosen)} puzzles, {args.out.stat().st_size} bytes", flush=True)


def check(args: argparse.Namespace) -> None:
    """Re-proves every puzzle of the shipped set (the puzzle set's benchmark)."""
    start = time.process_time()
    wrong = 0
    for puzzle in puzzle_set.puzzle_set():
        if not puzzle_proofs.prove(puzzle):
            wrong += 1
            print(f"  puzzle {puzzle.number} is not what the set says", flush=True)
    print(f"{len(puzzle_set.puzzle_set())} puzzles re-proved, {wrong} wrong, "
          f"{time.process_time() - start:.0f} CPU s")


def main() -> None:
    native.install()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000, help="puzzles to keep")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--empties", default="8,9,10,11,12,13,14,15,16,17", help="empty squares of candidates")
    parser.add_argument("--random", type=int, default=10, help="random placements opening each game")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="re-prove the shipped set instead")
    parser.add_argument("--out", type=Path, default=puzzle_set.DATA_FILE)
    args = parser.parse_args()
    check(args) if args.check else build(args)


if __name__ == "__main__":
    main()
