"""Pondering at node budgets: a level that thinks on its opponent's time against
the same level that does not (C2, ``reversi.engine.ponder``).

The opponent stands for a person who thinks ``--think`` seconds a move: while
it is to move, the pondering side spends the nodes Pyodide searches in that
time (the level's ``nodes / seconds``) on the positions after its likeliest
replies.  Each pair of games starts from one of the balanced openings
(``engine/data/balanced.txt``), colours swapped.  Prints the pondering
side's score, the hit rate (how often the position after the opponent's move
had been pondered) and, on a hit, the depth its search reached against the
depth a fresh search of the move's budget reaches.  As in the page, the
pondered searches go on with the table of the pondering side's last move, and
its move after a reply not pondered goes on with the pondered table.

Usage (from the repository root; the compiled engine makes it fast)::

    nice python3 bench/ponder.py --games 200 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing

import lib

import native
from reversi.engine import balanced
from reversi.engine.bitboard import flips_mask
from reversi.engine.board import Board
from reversi.engine.levels import LEVELS
from reversi.engine.players import choose_move
from reversi.engine.ponder import Ponder
from reversi.engine.think import PYODIDE_SLOWDOWN, exact_threshold
from reversi.engine.variants import winner


def one_game(task: tuple[int, bool, str, float]) -> tuple[float, int, int, list[int], list[int]]:
    """Plays opening ``number`` with the pondering side Black or White; returns its
    points, the opponent's moves, the hits, and on each hit searched in the midgame
    the depth reached and the depth a fresh search of the move's budget reaches."""
    number, ponder_black, level, think = task
    config = LEVELS[level]
    ponder_nodes = int(think * config.nodes / config.seconds)
    solved = exact_threshold(config.seconds, config.exact_empties, PYODIDE_SLOWDOWN)
    board = Board()
    for square in balanced.openings()[number][0]:
        board.play(square)
    ponder = Ponder(level, search=native.SEARCH)
    known = None  # the search of the pondering side's last move, as the page keeps it
    replies = hits = 0
    on_hit: list[int] = []
    others: list[int] = []
    while not board.is_game_over():
        p, o = board.mover_mask()
        seed = number * 64 + len(board.steps)
        if (board.turn == 0) == ponder_black:
            prepared, hit = ponder.search_for(p, o), ponder.take(p, o) is not None
            choice = choose_move(p, o, level, seed=seed, nodes=config.nodes, prepared=prepared)
            known = prepared if 64 - (p | o).bit_count() > solved else None  # as the page keeps it
            if hit and choice.nodes and not choice.exact:  # the depth a fresh search reaches
                on_hit.append(choice.depth)
                others.append(choose_move(p, o, level, seed=seed, nodes=config.nodes).depth)
        else:
            ponder.start(p, o, known=known)
            ponder.work(ponder_nodes)
            choice = choose_move(p, o, level, seed=seed, nodes=config.nodes)
            replies += 1
            assert choice.square is not None
            square = choice.square
            f = flips_mask(p, o, square)  # the position after the opponent's move
            hits += ponder.take(o ^ f, p | f | 1 << square) is not None
        assert choice.square is not None
        board.play(choice.square)
    b, w = board.counts()
    won = winner(b, w, board.variant)
    points = 0.5 if won is None else float((won == 0) == ponder_black)
    return points, replies, hits, on_hit, others


def main() -> None:
    native.install()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games (pairs of colours)")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--think", type=float, default=3.0, help="the opponent's seconds a move")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    tasks = [(n // 2, n % 2 == 0, args.level, args.think) for n in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(one_game, tasks)
    points = sum(r[0] for r in results)
    replies, hits = sum(r[1] for r in results), sum(r[2] for r in results)
    on_hit = [d for r in results for d in r[3]]
    others = [d for r in results for d in r[4]]
    print(f"{args.level} pondering {args.think} s a move against {args.level} without, "
          f"{args.games} games: {points / args.games:.1%}; hit rate {hits / max(1, replies):.1%} "
          f"({hits} of {replies}); on a hit searched in the midgame ({len(on_hit)} moves) the depth "
          f"reached {sum(on_hit) / max(1, len(on_hit)):.2f}, without pondering "
          f"{sum(others) / max(1, len(others)):.2f}", flush=True)


if __name__ == "__main__":
    main()
