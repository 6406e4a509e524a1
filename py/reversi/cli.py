"""Command line: ``python -m reversi perft N`` and friends.

Bad input prints a one-line error and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
import time

from .board import OPENING_BLACK, OPENING_WHITE
from .perft import perft

def cmd_perft(args: argparse.Namespace) -> int:
    """Prints the leaf count and time of each depth up to ``args.depth``."""
    print(f"{'depth':>5} {'leaves':>12} {'seconds':>9}")
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        leaves = perft(OPENING_BLACK, OPENING_WHITE, depth)
        print(f"{depth:>5} {leaves:>12} {time.perf_counter() - start:>9.3f}", flush=True)
    return 0

def build_parser() -> argparse.ArgumentParser:
    """Returns the parser with one subcommand per tool."""
    parser = argparse.ArgumentParser(prog="python -m reversi", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="count game-tree leaves from the opening")
    p.add_argument("depth", type=int, choices=range(1, 15), metavar="N (1-14)")
    p.set_defaults(run=cmd_perft)
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
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
