"""A level with one opening book against the same level with another, at node budgets
(K1): from the opening, each seed played twice with the colours swapped, both sides
searching with the engine's evaluation once out of their book.  Prints the new book's
score (draws half), its disc balance, and how many plies each side's games stayed in
its book.

Usage (from the repository root; the compiled engine makes it fast)::

    python3 bench/book.py write --out /tmp/new.bin
    git show HEAD:py/reversi/engine/data/book.bin > /tmp/old.bin
    nice python3 bench/book_match.py --new /tmp/new.bin --old /tmp/old.bin --games 200 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
from pathlib import Path

import lib

import native
from reversi.engine.board import Board
from reversi.engine.book import Book, load
from reversi.engine.levels import LEVELS
from reversi.engine.players import choose_move

BOOKS: dict[str, Book] = {}  # each worker's books, read once


def one_game(task: tuple[int, bool, str, str, str]) -> tuple[float, int, int, int]:
    """Plays seed ``number`` with the new book Black or not; returns the new side's points,
    its disc balance, and the plies each side played from its book."""
    number, new_black, level, new, old = task
    for path in (new, old):
        BOOKS.setdefault(path, load(Path(path)))
    config, board = LEVELS[level], Board()
    in_book = {True: 0, False: 0}
    while not board.is_game_over():
        p, o = board.mover_mask()
        new_side = (board.turn == 0) == new_black
        choice = choose_move(p, o, level, seed=number * 64 + len(board.steps), nodes=config.nodes,
                             book=BOOKS[new if new_side else old])
        in_book[new_side] += choice.nodes == 0 and len(board.legal_moves()) > 1  # not forced: the book's
        assert choice.square is not None
        board.play(choice.square)
    black, white = board.counts()
    balance = (black - white) if new_black else (white - black)
    return (1.0 if balance > 0 else 0.5 if balance == 0 else 0.0), balance, in_book[True], in_book[False]


def main() -> None:
    native.install()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--new", required=True, help="the new book file")
    parser.add_argument("--old", required=True, help="the book it is measured against")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    tasks = [(number, new_black, args.level, args.new, args.old)
             for number in range(args.games // 2) for new_black in (True, False)]
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(one_game, tasks)
    points = sum(r[0] for r in results)
    print(f"{args.level}, new book against old, {len(results)} games: {points:.1f} points, "
          f"{100 * points / len(results):.1f} %, disc balance {sum(r[1] for r in results) / len(results):+.2f}; "
          f"plies from the book per game: new {sum(r[2] for r in results) / len(results):.1f}, "
          f"old {sum(r[3] for r in results) / len(results):.1f}")


if __name__ == "__main__":
    main()
