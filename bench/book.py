"""Builds the opening book (``py/reversi/engine/data/book.bin``) by deep searches.

Breadth-first from the opening, ply by ply up to ``--plies``: every move of
every position of the current ply is searched ``--depth`` plies deep (the
engine's midgame search with its evaluation and ProbCut, no node cap, so
the build is reproducible); the moves within ``--margin`` discs of the best
lead to the next ply's positions, at most ``--width`` of them a ply (those
losing least against their parent's best move, so the main lines come first).  Symmetric positions are searched once
(:func:`reversi.engine.book.canonical`).  Then every expanded position's
value is backed up from its children by negamax, and the book keeps the
positions reached: the main lines and, at each of their positions, the
values of the moves within the margin.

Usage (from the repository root)::

    nice python3 bench/book.py --plies 12 --depth 7 --margin 2 --width 30 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import shlex
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from reversi.engine.bitboard import flips_mask, moves_mask, squares  # noqa: E402
from reversi.engine.board import OPENING_BLACK, OPENING_WHITE  # noqa: E402
from reversi.engine.book import Book, canonical, encode  # noqa: E402
from reversi.engine.search import Search  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "py" / "reversi" / "engine" / "data" / "book.bin"


def searched(task: tuple[int, int, int]) -> float:
    """Returns the value of a position for its side to move, searched ``depth`` plies."""
    p, o, depth = task
    return Search().run(p, o, depth).score


def children(p: int, o: int) -> list[tuple[int, int]]:
    """Returns the positions after each move of ``p`` (after a forced pass, the
    position itself with the sides swapped, so that the line goes on)."""
    moves = moves_mask(p, o)
    if not moves:
        return [(o, p)] if moves_mask(o, p) else []
    out = []
    for s in squares(moves):
        f = flips_mask(p, o, s)
        out.append((o ^ f, p | f | 1 << s))
    return out


def build(plies: int, depth: int, margin: float, width: int,
          jobs: int) -> tuple[dict[int, int], dict]:
    """Returns the book's values by canonical key, and facts for its header."""
    value: dict[int, float] = {}  # canonical key -> value for the side to move
    below: dict[int, list[int]] = {}  # expanded key -> its children's keys
    frontier = {canonical(OPENING_BLACK, OPENING_WHITE): (OPENING_BLACK, OPENING_WHITE)}
    searches = 0
    with multiprocessing.Pool(jobs) as pool:
        for ply in range(plies):
            todo = {}
            for key, (p, o) in frontier.items():
                below[key] = []
                for child in children(p, o):
                    ck = canonical(*child)
                    below[key].append(ck)
                    if ck not in value:
                        todo[ck] = child
            results = pool.map(searched, [(p, o, depth) for p, o in todo.values()])
            searches += len(todo)
            value.update(zip(todo, results))
            losses: dict[int, float] = {}
            for key in frontier:
                if not below[key]:
                    continue
                best = max(-value[ck] for ck in below[key])
                for ck in below[key]:
                    loss = best + value[ck]
                    if loss <= margin and ck not in below:
                        losses[ck] = min(loss, losses.get(ck, loss))
            nxt = {ck: todo.get(ck) or _position(ck)
                   for ck in sorted(losses, key=lambda k: (losses[k], k))[:width]}
            print(f"ply {ply + 1}: {len(todo)} searched, {len(nxt)} kept", flush=True)
            frontier = nxt
    kept = _back_up(value, below, margin)
    return kept, {"searches": searches, "expanded": len(below), "positions": len(kept)}


def _position(key: int) -> tuple[int, int]:
    """Returns the position ``(p, o)`` of a canonical key."""
    return key >> 64, key & ((1 << 64) - 1)


def _back_up(value: dict[int, float], below: dict[int, list[int]],
             margin: float) -> dict[int, int]:
    """Returns the book: expanded positions valued by negamax over their children,
    with the children within ``margin`` of the best (deepest first)."""
    done: dict[int, float] = {}

    def backed(key: int) -> float:
        if key in done:
            return done[key]
        kids = below.get(key)
        done[key] = result = max(-backed(k) for k in kids) if kids else value[key]
        return result

    book: dict[int, int] = {}
    for key in below:
        best = backed(key)
        book[key] = round(best)
        for k in below[key]:
            if -backed(k) >= best - margin:
                book[k] = round(backed(k))
    return book


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=12)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--margin", type=float, default=2.0)
    parser.add_argument("--width", type=int, default=30, help="positions expanded a ply")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    start = time.perf_counter()
    values, facts = build(args.plies, args.depth, args.margin, args.width, args.jobs)
    header = {"command": "python3 bench/book.py " + shlex.join(sys.argv[1:]), "seed": 0,
              "plies": args.plies, "depth": args.depth, "margin": args.margin,
              "width": args.width, **facts,
              "minutes": round((time.perf_counter() - start) / 60, 1)}
    args.out.write_bytes(encode(Book(values, header)))
    print(f"wrote {args.out}: {len(values)} positions, {args.out.stat().st_size} bytes, "
          f"{header['minutes']} minutes", flush=True)


if __name__ == "__main__":
    main()
