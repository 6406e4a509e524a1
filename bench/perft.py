# The baseline's move generator is kept as written, in dense int statements:
# ruff: noqa: E702
"""Benchmarks the move generator: perft from the opening and the two hot functions.

Usage, from the repository root::

    python3 bench/perft.py [--depth 9] [--repeat 5]
    python3 bench/perft.py --pyodide /path/to/pyodide   # the same inside Pyodide under Node

Each variant runs ``--repeat`` times (the short per-call timings four times
as often), interleaved with the others so that a load from other processes
hits them alike, and the minimum is reported (CPU time where the platform has
it; inside Pyodide ``clock()`` is wall time, so run it on a quiet machine).  The variants:

* ``baseline``: the generator of commit 4045aeb, kept below as the yardstick:
  a shift-and-mask flood fill over eight directions, and a flips walk that
  looks up each ray in a dict by its neighbouring square.
* ``current``: :mod:`reversi.engine.bitboard` as it is now (see its docstring).
* mixed variants, to tell which half a gain comes from.

Besides perft the script times ``moves_mask`` on midgame positions and
``flips_mask`` on their legal moves (what the search engine calls), and
``flips_mask`` on every empty square of endgame positions (what the exact
endgame solver calls, mostly on squares that flip nothing).  Every timed
variant is first checked to give the same results as the current code.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import types
from pathlib import Path
from typing import Callable, Mapping

from lib import ROOT

from reversi.engine import bitboard
from reversi.engine.board import OPENING_BLACK, OPENING_WHITE, Board
from reversi.engine.perft import perft

#: Leaf counts from the opening (tests/data/perft.txt).
LEAVES = {1: 4, 2: 12, 3: 56, 4: 244, 5: 1396, 6: 8200, 7: 55092, 8: 390216, 9: 3005288,
          10: 24571284}

clock = time.process_time


# -- the baseline generator (commit 4045aeb), unchanged -----------------------

FULL = (1 << 64) - 1
NOT_EDGE_COLS = 0x7E7E7E7E7E7E7E7E


def baseline_moves_mask(p: int, o: int) -> int:
    m = o & NOT_EDGE_COLS
    t = m & (p << 1); t |= m & (t << 1); pre = m & (m << 1)
    t |= pre & (t << 2); t |= pre & (t << 2); mv = t << 1
    t = m & (p >> 1); t |= m & (t >> 1); pre >>= 1
    t |= pre & (t >> 2); t |= pre & (t >> 2); mv |= t >> 1
    t = o & (p << 8); t |= o & (t << 8); pre = o & (o << 8)
    t |= pre & (t << 16); t |= pre & (t << 16); mv |= t << 8
    t = o & (p >> 8); t |= o & (t >> 8); pre >>= 8
    t |= pre & (t >> 16); t |= pre & (t >> 16); mv |= t >> 8
    t = m & (p << 7); t |= m & (t << 7); pre = m & (m << 7)
    t |= pre & (t << 14); t |= pre & (t << 14); mv |= t << 7
    t = m & (p >> 7); t |= m & (t >> 7); pre >>= 7
    t |= pre & (t >> 14); t |= pre & (t >> 14); mv |= t >> 7
    t = m & (p << 9); t |= m & (t << 9); pre = m & (m << 9)
    t |= pre & (t << 18); t |= pre & (t << 18); mv |= t << 9
    t = m & (p >> 9); t |= m & (t >> 9); pre >>= 9
    t |= pre & (t >> 18); t |= pre & (t >> 18); mv |= t >> 9
    return mv & ~(p | o) & FULL


def _baseline_rays(square: int) -> dict[int, tuple[int, bool]]:
    col, row = square % 8, square // 8
    rays = {}
    for dc, dr in bitboard.DIRECTIONS:
        ray, c, r = 0, col + dc, row + dr
        while 0 <= c < 8 and 0 <= r < 8:
            ray |= 1 << (r * 8 + c)
            c, r = c + dc, r + dr
        if ray:
            up = (dr, dc) > (0, 0)
            rays[ray & -ray if up else 1 << (ray.bit_length() - 1)] = (ray, up)
    return rays


_BASELINE_RAYS = tuple(_baseline_rays(s) for s in range(64))
_BASELINE_NEIGHBOURS = tuple(sum(rays) for rays in _BASELINE_RAYS)


def baseline_flips_mask(p: int, o: int, square: int) -> int:
    flips = 0
    near = o & _BASELINE_NEIGHBOURS[square]
    rays = _BASELINE_RAYS[square]
    while near:
        first = near & -near
        near ^= first
        ray, up = rays[first]
        x = ray & ~o
        if up:
            end = x & -x
            if end & p:
                flips |= ray & (end - 1)
        elif x:
            end = 1 << (x.bit_length() - 1)
            if end & p:
                flips |= ray & ~((end << 1) - 1)
    return flips


def make_perft(moves_mask: Callable[[int, int], int],
               flips_mask: Callable[[int, int, int], int]) -> Callable[..., int]:
    """Returns reversi.engine.perft.perft running on the given generator: the same code,
    with its global names bound to these functions."""
    names = {**perft.__globals__, "moves_mask": moves_mask, "flips_mask": flips_mask}
    run = types.FunctionType(perft.__code__, names, "perft", perft.__defaults__)
    names["perft"] = run  # its recursion calls the rebound copy
    return run


# -- workloads -------------------------------------------------------------

def sample_positions(games: int = 200, seed: int = 1) -> tuple[
        list[tuple[int, int]], list[tuple[int, int, int]], list[tuple[int, int, int]]]:
    """Returns midgame positions (plies 15-45), their legal moves, and the empty
    squares of endgame positions (10-14 empties), from seeded random games."""
    rng = random.Random(seed)
    midgame, endgame = [], []
    for _ in range(games):
        board = Board()
        while not board.is_game_over():
            empty_count = 64 - sum(board.counts())
            if 15 <= len(board.steps) <= 45:
                midgame.append(board.mover_mask())
            elif 10 <= empty_count <= 14:
                endgame.append(board.mover_mask())
            board.play(rng.choice(board.legal_moves()))
    moves = [(p, o, s) for p, o in midgame for s in bitboard.squares(bitboard.moves_mask(p, o))]
    empties = [(p, o, s) for p, o in endgame
               for s in bitboard.squares(~(p | o) & bitboard.FULL)]
    return midgame, moves, empties


def best_times(jobs: Mapping[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Runs each job ``repeat`` times, interleaved, and returns each one's minimum seconds."""
    best = {name: float("inf") for name in jobs}
    for _ in range(repeat):
        for name, job in jobs.items():
            start = clock()
            job()
            best[name] = min(best[name], clock() - start)
    return best


def loop(function: Callable, args: list[tuple]) -> Callable[[], None]:
    """Returns a job calling ``function`` on each argument tuple."""
    def job() -> None:
        for a in args:
            function(*a)
    return job


def check(name: str, function: Callable, reference: Callable, args: list[tuple]) -> None:
    """Stops with a message if ``function`` and ``reference`` disagree on any argument."""
    for a in args:
        if function(*a) != reference(*a):
            raise SystemExit(f"{name} disagrees with reversi.engine.bitboard on {a}")


def run_benchmarks(depth: int, repeat: int) -> None:
    """Prints the timings of every variant."""
    print(f"Python {sys.version.split()[0]} on {sys.platform}; min of {repeat}, "
          f"{time.get_clock_info('process_time').implementation}", flush=True)
    midgame, moves, empties = sample_positions()
    check("baseline_moves_mask", baseline_moves_mask, bitboard.moves_mask, midgame)
    check("baseline_flips_mask", baseline_flips_mask, bitboard.flips_mask, moves + empties)

    micro = {
        "moves_mask  baseline": loop(baseline_moves_mask, midgame),
        "moves_mask  current": loop(bitboard.moves_mask, midgame),
        "flips_mask  baseline": loop(baseline_flips_mask, moves),
        "flips_mask  current": loop(bitboard.flips_mask, moves),
        "flips_empty baseline": loop(baseline_flips_mask, empties),
        "flips_empty current": loop(bitboard.flips_mask, empties),
    }
    sizes = {"moves_mask": len(midgame), "flips_mask": len(moves), "flips_empty": len(empties)}
    for name, seconds in best_times(micro, 4 * repeat).items():
        print(f"{name:<22} {seconds / sizes[name.split()[0]] * 1e6:7.3f} us/call")

    variants = {
        "baseline": make_perft(baseline_moves_mask, baseline_flips_mask),
        "new moves, old flips": make_perft(bitboard.moves_mask, baseline_flips_mask),
        "old moves, new flips": make_perft(baseline_moves_mask, bitboard.flips_mask),
        "current generator": make_perft(bitboard.moves_mask, bitboard.flips_mask),
        "current": perft,
    }
    for name, run in variants.items():
        assert run(OPENING_BLACK, OPENING_WHITE, min(depth, 7)) == LEAVES[min(depth, 7)], name
    results = {}

    def job(run: Callable) -> Callable[[], None]:
        def go() -> None:
            results[run] = run(OPENING_BLACK, OPENING_WHITE, depth)
        return go

    timings = best_times({name: job(run) for name, run in variants.items()}, repeat)
    for name, seconds in timings.items():
        leaves = results[variants[name]]
        assert leaves == LEAVES.get(depth, leaves), (name, leaves)
        print(f"perft {depth} {name:<22} {seconds:7.3f} s  ({leaves} leaves)")


# -- running inside Pyodide --------------------------------------------------

def run_in_pyodide(pyodide_dir: Path, depth: int, repeat: int) -> int:
    """Runs this script inside the Pyodide at ``pyodide_dir`` under Node; returns the status."""
    from lib import pyodide_run

    return pyodide_run.run(pyodide_dir, "perft", f"run_benchmarks({depth}, {repeat})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=9, choices=range(1, 11))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--pyodide", type=Path, metavar="DIR",
                        help="run inside the Pyodide unpacked in DIR (needs node)")
    args = parser.parse_args()
    if args.pyodide:
        return run_in_pyodide(args.pyodide, args.depth, args.repeat)
    run_benchmarks(args.depth, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
