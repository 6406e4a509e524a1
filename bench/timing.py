"""Time management at node budgets: Expert managing its nodes (``Level.timing``)
against Expert with a fixed budget a move (C5, ``reversi.engine.timing``).

Both sides start from the same base budget (``--nodes``, by default the
level's); the managed side may use ``--managed-nodes`` instead, to match the
other's total over a game, or ``--wall-base`` to play as the page does (the
level's budget is the ceiling, a share of it the base).  Each pair of games starts from one of the balanced
openings (``engine/data/balanced.txt``), colours swapped.  Prints the managed
side's score and, per game and side, the mean nodes of the midgame searches
(the budget that is managed) and of all the moves (the exact solver's
included), the moves stopped early (fewer than the base budget's nodes on a
searched move) and stretched (more), and the command.

Usage (from the repository root; the compiled engine makes it fast)::

    nice python3 bench/timing.py --games 200 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import shlex
import sys

import lib

import native
from reversi.engine import balanced, timing
from reversi.engine.board import Board
from reversi.engine.levels import LEVELS
from reversi.engine.players import choose_move
from reversi.engine.variants import winner


def one_game(task: tuple[int, bool, str, int, int]) -> tuple[float, list[int], list[int], list[int], list[int]]:
    """Plays opening ``number`` with the managed side Black or White; returns its points
    and, for the managed side then the fixed one, the nodes of each midgame search and
    of every move."""
    number, managed_black, level, nodes, managed_nodes = task
    board = Board()
    for square in balanced.openings()[number][0]:
        board.play(square)
    midgame: tuple[list[int], list[int]] = ([], [])
    every: tuple[list[int], list[int]] = ([], [])
    while not board.is_game_over():
        p, o = board.mover_mask()
        managed = (board.turn == 0) == managed_black
        choice = choose_move(p, o, level, seed=number * 64 + len(board.steps),
                             nodes=managed_nodes if managed else nodes, timing=managed)
        side = 0 if managed else 1
        every[side].append(choice.nodes)
        if choice.nodes and not choice.exact:
            midgame[side].append(choice.nodes)
        assert choice.square is not None
        board.play(choice.square)
    b, w = board.counts()
    won = winner(b, w, board.variant)
    points = 0.5 if won is None else float((won == 0) == managed_black)
    return points, midgame[0], every[0], midgame[1], every[1]


def main() -> None:
    native.install()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games (pairs of colours)")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--nodes", type=int, help="the base budget a move (default: the level's)")
    parser.add_argument("--managed-nodes", type=int, help="the managed side's base budget (default: --nodes)")
    parser.add_argument("--wall-base", type=float,
                        help="the page's shape: the managed side's ceiling is --nodes and its base "
                             "this share of it (timing.WALL_BASE in the page)")
    parser.add_argument("--first", type=int, default=0, help="the first balanced opening played")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    nodes = args.nodes or LEVELS[args.level].nodes
    managed_nodes = args.managed_nodes or nodes
    if args.wall_base:  # the workers fork from here, with the ceiling at --nodes
        managed_nodes = round(nodes * args.wall_base)
        timing.STRETCH = nodes / managed_nodes
    tasks = [(args.first + n // 2, n % 2 == 0, args.level, nodes, managed_nodes) for n in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(one_game, tasks)
    games = len(results)
    points = sum(r[0] for r in results)
    managed_mid = [n for r in results for n in r[1]]
    fixed_mid = [n for r in results for n in r[3]]
    print(f"$ nice python3 bench/timing.py {shlex.join(sys.argv[1:])}")
    print(f"{args.level} managing {managed_nodes:,} nodes a move against {args.level} at a fixed "
          f"{nodes:,}, {games} games: {points / games:.1%} ({points:g} points)")
    for name, mid, every, base in (("managed", [r[1] for r in results], [r[2] for r in results], managed_nodes),
                                   ("fixed", [r[3] for r in results], [r[4] for r in results], nodes)):
        mids = [n for game in mid for n in game]
        print(f"  {name}: midgame nodes a game {sum(sum(game) for game in mid) / games:,.0f} "
              f"({len(mids) / games:.1f} searched moves a game, {sum(mids) / max(1, len(mids)):,.0f} "
              f"a move; stopped early {sum(n < base for n in mids)}, stretched {sum(n > base + 64 for n in mids)}), "
              f"all nodes a game {sum(sum(game) for game in every) / games:,.0f}")
    ratio = sum(managed_mid) / max(1, len(managed_mid)) / max(1, sum(fixed_mid) / max(1, len(fixed_mid)))
    print(f"  managed / fixed midgame nodes a move: {ratio:.3f}", flush=True)


if __name__ == "__main__":
    main()
