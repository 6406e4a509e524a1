"""Command line: ``python -m reversi perft|solve|best|book|match|bench``.

A position is either 64 characters a1..h8 (``X`` black, ``O`` white, ``-``
empty; FFO/OBF style), a space and the side to move (``X`` or ``O``), with any
``; move:score;`` text after it ignored, or a transcript such as ``f5d6c3``
(R6).  ``best``, ``solve`` and ``match`` take ``--variant`` (V1:
``standard``, ``anti`` or ``free``): a transcript is replayed, a move chosen
or a position solved under that variant's rules and result.  Bad input
prints a one-line error and exits with status 2.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from ..engine.bitboard import Bitboard, moves_mask
from ..engine.board import BLACK, OPENING_BLACK, OPENING_WHITE, Board
from ..engine.book import standard_book
from ..engine.endgame import solve
from ..engine.notation import format_transcript, parse_board, square_name
from ..engine.obf import read_problems
from ..engine.perft import perft
from ..engine.players import LEVELS, choose_move, play_game, random_opening
from ..engine.think import think
from ..engine.variants import STANDARD, VARIANTS
from ..engine.variants import winner as winner_of
from .game_text import game_text

#: The FFO test positions #1-#19 in the repository (``tests/data`` beside ``py/``); an
#: installed copy has no repository beside it, and ``bench`` then skips them.
FFO_PATH = Path(__file__).resolve().parents[3] / "tests" / "data" / "ffo-01-19.obf"


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(2)


def parse_position(text: str, variant: str = STANDARD) -> tuple[Bitboard, Bitboard]:
    """Returns ``(p, o)`` for a board-and-side line or a transcript of ``variant``,
    ``p`` to move.

    :raises NotationError: for text that is neither.
    :raises IllegalMoveError: for a transcript with an illegal placement.
    """
    line = text.split(";")[0].strip()
    fields = line.split()
    if len(fields) == 2 and len(fields[0]) == 64:
        black, white, turn = parse_board(line)
        return (black, white) if turn == BLACK else (white, black)
    return Board.replay(line, variant).mover_mask()


def cmd_perft(args: argparse.Namespace) -> int:
    """Prints the leaf count and time of each depth up to ``args.depth``."""
    print(f"{'depth':>5} {'leaves':>12} {'seconds':>9}")
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        leaves = perft(OPENING_BLACK, OPENING_WHITE, depth)
        print(f"{depth:>5} {leaves:>12} {time.perf_counter() - start:>9.3f}", flush=True)
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    """Prints the best move and the exact final result in the variant's terms (the
    disc difference, negated in anti-reversi)."""
    p, o = parse_position(args.position, args.variant)
    start = time.perf_counter()
    result = think(p, o, exact_empties=64, variant=args.variant)
    square, score = result.square, round(result.score)
    move = square_name(square) if square is not None else "pass" if moves_mask(o, p) else "none"
    print(f"{move} {score:+d} ({time.perf_counter() - start:.2f} s)")
    return 0


def cmd_best(args: argparse.Namespace) -> int:
    """Prints a level's move with the search information."""
    p, o = parse_position(args.position, args.variant)
    nodes = LEVELS[args.level].nodes if args.nodes == 0 else args.nodes
    choice = choose_move(p, o, args.level, seed=args.seed, budget=args.budget, nodes=nodes,
                         variant=args.variant)
    move = square_name(choice.square) if choice.square is not None else "pass"
    print(f"move {move}  score {choice.score:+.2f}{' exact' if choice.exact else ''}  "
          f"depth {choice.depth}  nodes {choice.nodes}  time {choice.seconds:.3f} s  "
          f"pv {format_transcript(choice.pv) or '-'}")
    return 0


def cmd_book(args: argparse.Namespace) -> int:
    """Prints each book move of the position with its value for the side to move, best
    first (K1), or says that the position is not in the book."""
    p, o = parse_position(args.position)
    values = standard_book().move_values(p, o)
    if not values:
        print("not in the book")
        return 0
    for square, value in sorted(values.items(), key=lambda item: (-item[1], square_name(item[0]))):
        print(f"{square_name(square)} {value:+d}")
    return 0


def cmd_match(args: argparse.Namespace) -> int:
    """Plays a match of the variant from random openings, colours alternating; prints
    each game with its text (tagged, V3: it opens in the page as the same game) and
    the totals (wins by the variant's rule)."""
    rng = random.Random(args.seed)
    wins = draws = losses = mine = theirs = 0
    for game in range(args.games):
        if game % 2 == 0:
            opening = random_opening(rng, rng.randint(4, 6), args.variant)
        first_black = game % 2 == 0
        black, white = (args.first, args.second) if first_black else (args.second, args.first)
        board = play_game(black, white, opening, seed=args.seed + game, nodes=args.nodes,
                          variant=args.variant)
        b, w = board.counts()
        a, z = (b, w) if first_black else (w, b)
        mine, theirs = mine + a, theirs + z
        winner = winner_of(b, w, args.variant)  # fewer discs win in anti-reversi (V1)
        won = winner is not None and (winner == 0) == first_black
        wins, draws, losses = wins + won, draws + (winner is None), losses + (winner is not None
                                                                             and not won)
        print(f"game {game + 1}: {black} (black) {b}-{w} {white} (white)  "
              f"{game_text(board.placements(), None, args.variant)}", flush=True)
    print(f"{args.first} vs {args.second}: {wins} wins, {draws} draws, {losses} losses; "
          f"discs {mine}-{theirs}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Prints perft times, FFO solve times and per-level move times."""
    if args.perft:
        cmd_perft(argparse.Namespace(depth=args.perft))
    if args.ffo:
        _bench_ffo(Path(args.ffo))
    if args.games:
        _bench_levels(args.levels, args.games, args.budget)
    return 0


def _bench_ffo(path: Path) -> None:
    """Solves each OBF position of ``path``, checking the best score against the file."""
    total = 0.0
    print(f"\n{'#':>3} {'empties':>7} {'move':>4} {'score':>5} {'expected':>8} {'seconds':>8}")
    for number, problem in enumerate(read_problems(path.read_text()), 1):
        p, o = problem.p, problem.o
        expected = f"{problem.best:+d}" if problem.best is not None else "?"
        start = time.perf_counter()
        score, square = solve(p, o)
        seconds = time.perf_counter() - start
        total += seconds
        move = square_name(square) if square is not None else "pass"
        print(f"{number:>3} {64 - (p | o).bit_count():>7} {move:>4} {score:>+5d} "
              f"{expected:>8} {seconds:>8.2f}", flush=True)
    print(f"{'total':>29} {total:>8.2f}")


def _bench_levels(levels: list[str], games: int, budget: float | None) -> None:
    """Plays ``games`` self-play games per level and prints its move times."""
    print(f"\n{'level':>8} {'moves':>6} {'mean ms':>8} {'p95 ms':>8} {'max ms':>8}")
    rng = random.Random(1)
    for level in levels:
        times: list[float] = []
        for _ in range(games):
            opening = random_opening(rng, 4)
            board = Board()
            for square in opening:
                board.play(square)
            while not board.is_game_over():
                p, o = board.mover_mask()
                start = time.perf_counter()
                choice = choose_move(p, o, level, seed=len(times), budget=budget)
                times.append(time.perf_counter() - start)
                assert choice.square is not None  # the game is not over: the mover has a move
                board.play(choice.square)
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"{level:>8} {len(times):>6} {statistics.mean(times) * 1e3:>8.1f} "
              f"{p95 * 1e3:>8.1f} {times[-1] * 1e3:>8.1f}", flush=True)


def add_variant(parser: argparse.ArgumentParser) -> None:
    """Adds the ``--variant`` option (V1) to a subcommand's parser."""
    parser.add_argument("--variant", choices=VARIANTS, default=STANDARD,
                        help="rules and result: standard, anti (fewer discs win) or free "
                             "(free opening)")


def build_parser() -> argparse.ArgumentParser:
    """Returns the parser with one subcommand per tool."""
    parser = Parser(prog="reversi", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="count game-tree leaves from the opening")
    p.add_argument("depth", type=int, choices=range(1, 15), metavar="N (1-14)")
    p.set_defaults(run=cmd_perft)

    p = sub.add_parser("solve", help="exact best move and final disc difference")
    p.add_argument("position", help='64 cells a1..h8 of X/O/-, a space and X or O to move')
    add_variant(p)
    p.set_defaults(run=cmd_solve)

    p = sub.add_parser("best", help="a computer level's move and search information")
    p.add_argument("position", help="board-and-side line or transcript such as f5d6c3")
    p.add_argument("--level", choices=list(LEVELS), default="expert")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--budget", type=float, help="thinking time in seconds")
    p.add_argument("--nodes", type=int, nargs="?", const=0, metavar="N",
                   help="node budget instead of time (reproducible); alone: the level's "
                        "own budget, which matches its strength in the browser")
    add_variant(p)
    p.set_defaults(run=cmd_best)

    p = sub.add_parser("book", help="the opening book's moves of a position and their values")
    p.add_argument("position", nargs="?", default="",
                   help="board-and-side line or transcript (default: the opening)")
    p.set_defaults(run=cmd_book)

    p = sub.add_parser("match", help="play two levels against each other")
    p.add_argument("first", choices=list(LEVELS))
    p.add_argument("second", choices=list(LEVELS))
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--nodes", action="store_true",
                   help="play at the levels' node budgets (reproducible) instead of time")
    add_variant(p)
    p.set_defaults(run=cmd_match)

    p = sub.add_parser("bench", help="perft, FFO endgame and per-level timing tables")
    p.add_argument("--perft", type=int, default=9, choices=range(12), metavar="DEPTH",
                   help="perft up to DEPTH (0 to skip)")
    p.add_argument("--ffo", default=str(FFO_PATH) if FFO_PATH.exists() else "",
                   help="OBF file to solve ('' to skip; the default is the repository's FFO file, when there)")
    p.add_argument("--games", type=int, default=2, help="games per level (0 to skip)")
    p.add_argument("--levels", nargs="+", choices=list(LEVELS), default=list(LEVELS))
    p.add_argument("--budget", type=float, help="thinking time per move instead of the levels'")
    p.set_defaults(run=cmd_bench)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Runs the command line; returns the exit status (2 for bad input)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    try:
        return args.run(args)
    except (ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
