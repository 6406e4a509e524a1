"""Builds the opening book (``py/reversi/engine/data/book.bin``) by deep searches.

Best-first from the opening (book "drop-out" expansion): each step walks
down the book from the opening, at every position taking among the moves
within ``--margin`` discs of the best (values backed up by negamax) the one
whose loss plus a small cost per earlier visit is least, to a position not
yet expanded; it expands it by searching every
move ``--depth`` plies deep (the engine's midgame search, ProbCut on, no node
cap, so the build is reproducible).  Before each step the main line (best
moves by backed-up values) is extended to ``--plies`` plies if it is
shorter, so it always comes first; then the alternatives, for
``--expansions`` steps in all.
Symmetric positions are one (:func:`reversi.engine.book.canonical`).  The
book keeps every expanded position with its backed-up value and, at each,
the values of its moves within the margin.

Usage (from the repository root)::

    nice python3 bench/book.py --plies 12 --depth 6 --margin 2 --expansions 800 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import shlex
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent ))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import native  # noqa: E402
from reversi.engine.bitboard import flips_mask, moves_mask, squares  # noqa: E402
from reversi.engine.board import OPENING_BLACK, OPENING_WHITE  # noqa: E402
from reversi.engine.book import Book, canonical, encode  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "py" / "reversi" / "engine" / "data" / "book.bin"
#: Discs of loss one earlier visit is worth when a walk picks a move: the main
#: line is extended first, a move 2 discs worse gets its turn after 8 visits.
DROP_OUT = 0.25


def searched(task: tuple[int, int, int]) -> float:
    """Returns the value of a position for its side to move, searched ``depth`` plies."""
    p, o, depth = task
    return native.SEARCH().run(p, o, depth).score


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


def build(plies: int, depth: int, margin: float, expansions: int,
          jobs: int) -> tuple[dict[int, int], dict]:
    """Returns the book's values by canonical key, and facts for its header."""
    value: dict[int, float] = {}  # canonical key -> searched value for the side to move
    below: dict[int, list[int]] = {}  # expanded key -> its children's keys
    visits: dict[int, int] = {}
    root = canonical(OPENING_BLACK, OPENING_WHITE)
    searches = 0
    with multiprocessing.Pool(jobs) as pool:
        for _ in range(expansions):
            key = _main_line(root, below, value, plies)[1] or \
                _next_leaf(root, below, value, visits, margin, plies)
            if key is None:
                break
            kids = {canonical(*child): child for child in children(*_position(key))}
            todo = [k for k in kids if k not in value]
            results = pool.map(searched, [(*kids[k], depth) for k in todo])
            searches += len(todo)
            value.update(zip(todo, results))
            below[key] = sorted(kids)
    kept = _back_up(value, below, margin)
    deepest = _main_line(root, below, value, plies)[0]
    print(f"{len(below)} expanded, {searches} searched, main line {deepest} plies", flush=True)
    return kept, {"searches": searches, "expanded": len(below), "positions": len(kept),
                  "main_line_plies": deepest}


def _next_leaf(root: int, below: dict[int, list[int]], value: dict[int, float],
               visits: dict[int, int], margin: float, plies: int) -> int | None:
    """Returns the next position to expand: down from the root, at each expanded
    position the move within ``margin`` of the best (backed-up values) whose
    loss plus ``DROP_OUT`` times its visits is least, until a position not yet
    expanded; None when the walks keep ending on lines that already reach
    ``plies`` (or the game's end)."""
    for _ in range(64):
        key, ply, path = root, 0, [root]
        while below.get(key) and ply < plies:
            backed = {k: -_backed(k, below, value) for k in below[key]}
            best = max(backed.values())
            near = [k for k in backed if backed[k] >= best - margin]
            key = min(near, key=lambda k: (best - backed[k] + DROP_OUT * visits.get(k, 0), k))
            path.append(key)
            ply += 1
        for k in path:
            visits[k] = visits.get(k, 0) + 1
        if key not in below and ply < plies:
            return key
    return None


def _backed(key: int, below: dict[int, list[int]], value: dict[int, float]) -> float:
    """Returns the negamax value of a position over the expanded tree."""
    kids = below.get(key)
    return max(-_backed(k, below, value) for k in kids) if kids else value.get(key, 0.0)


def _main_line(root: int, below: dict[int, list[int]], value: dict[int, float],
               plies: int) -> tuple[int, int | None]:
    """Returns the length of the book's main line (best backed-up moves from the
    root) and, if it is shorter than ``plies`` and can go on, its end to expand."""
    key, length = root, 0
    while below.get(key):
        key = max(below[key], key=lambda k: (-_backed(k, below, value), k))
        length += 1
    return length, key if length < plies and key not in below else None


def _position(key: int) -> tuple[int, int]:
    """Returns the position ``(p, o)`` of a canonical key."""
    return key >> 64, key & ((1 << 64) - 1)


def _back_up(value: dict[int, float], below: dict[int, list[int]],
             margin: float) -> dict[int, int]:
    """Returns the book: expanded positions valued by negamax over their children,
    with the children within ``margin`` of the best."""
    book: dict[int, int] = {}
    for key in below:
        best = _backed(key, below, value)
        book[key] = round(best)
        for k in below[key]:
            if -_backed(k, below, value) >= best - margin:
                book[k] = round(_backed(k, below, value))
    return book


def main() -> None:
    native.install()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=12)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--margin", type=float, default=2.0)
    parser.add_argument("--expansions", type=int, default=600, help="positions expanded")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    start = time.perf_counter()
    values, facts = build(args.plies, args.depth, args.margin, args.expansions, args.jobs)
    header = {"command": "python3 bench/book.py " + shlex.join(sys.argv[1:]), "seed": 0,
              "plies": args.plies, "depth": args.depth, "margin": args.margin,
              "expansions": args.expansions, **facts,
              "minutes": round((time.perf_counter() - start) / 60, 1)}
    args.out.write_bytes(encode(Book(values, header)))
    print(f"wrote {args.out}: {len(values)} positions, {args.out.stat().st_size} bytes, "
          f"{header['minutes']} minutes", flush=True)


if __name__ == "__main__":
    main()
