"""Builds the opening book (``py/reversi/engine/data/book.bin``) by deep searches, resumably.

Best-first from the opening (book "drop-out" expansion): each step walks
down the book from the opening, at every expanded position taking among the
moves within ``--margin`` discs of the best (values backed up by negamax) the
one whose loss plus ``DROP_OUT`` discs per earlier visit is least, to a
position not yet expanded, and expands it: every move's position is scored
by a ``--depth``-ply search (the engine's midgame search, ProbCut on, no node
cap, so the build is reproducible) or, from ``--exact`` empty squares down,
by the exact solver.  Before each step the main line (best moves by
backed-up values) is extended to ``--plies`` plies if it is shorter, so it
always comes first.  Walks stop at ``--plies``.  Symmetric positions are one
(:func:`reversi.engine.book.canonical`); a position is expanded when all its
moves' positions are scored, and its value is then the negamax of theirs.

The work is kept in ``bench/data/book.progress`` (committed, so the build
goes on across sessions): one record per scored position, appended as each
expansion ends, so a stopped build loses at most one expansion and a rerun
goes on where it stopped.  ``book.json`` beside it records how (depth,
exact, margin, the weights' hash).  ``rescore WEIGHTS`` searches every
position that is not exact again with other weights (the tree and the exact
scores stay), and ``write`` turns the progress into the book file: every
expanded position reachable from the opening and all its moves' positions,
with its header.

Usage (from the repository root; the compiled engine makes it about 50 times
faster, ``python3 build.py native``)::

    nice python3 bench/book.py build --positions 60000 --jobs 1
    python3 bench/book.py write
    nice python3 bench/book.py rescore py/reversi/engine/data/standard.weights
    nice python3 bench/book.py check --count 200 --low 20 --high 30   # against deeper searches
    nice python3 bench/book.py stay --games 20   # how long Expert's games stay in the book
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import shlex
import sys
import time
from pathlib import Path

from lib import ROOT
from lib.book_tree import EXACT, PROGRESS, Tree, append, position, read

import native
from reversi.engine.bitboard import flips_mask, moves_mask
from reversi.engine.board import OPENING_BLACK, OPENING_WHITE
from reversi.engine.book import Book, encode
from reversi.engine.evaluate import STANDARD, Evaluator

OUT = ROOT / "py" / "reversi" / "engine" / "data" / "book.bin"


def score(task: tuple[int, int, int, int, str | None]) -> tuple[float, int]:
    """Returns a position's value for its side to move and how it was found: the
    exact score (``EXACT``) from ``exact`` empty squares down, else ``depth`` plies."""
    p, o, depth, exact, weights = task
    evaluator = _evaluator(weights)
    if 64 - (p | o).bit_count() <= exact:
        return float(native.SOLVER(evaluator=evaluator).solve(p, o)[0]), EXACT
    return native.SEARCH(evaluator=evaluator).run(p, o, depth).score, depth


_LOADED: dict[str | None, Evaluator] = {None: STANDARD}


def _evaluator(weights: str | None) -> Evaluator:
    """Returns the evaluator of a weight file (the engine's for None), read once."""
    if weights not in _LOADED:
        assert weights is not None  # None, the engine's, is there from the start
        _LOADED[weights] = Evaluator.load(Path(weights))
    return _LOADED[weights]


def weights_hash(weights: str | None) -> str:
    """Returns a short hash of the weights the values come from."""
    path = Path(weights) if weights else ROOT / "py" / "reversi" / "engine" / "data" / "standard.weights"
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def record_command(settings: dict) -> None:
    """Adds this run's command to the settings' list, unless a rerun repeats the last one."""
    command = "python3 bench/book.py " + shlex.join(sys.argv[1:])
    if settings["commands"][-1:] != [command]:
        settings["commands"].append(command)


def build(args: argparse.Namespace) -> None:
    """Expands the book until it holds ``args.positions`` scored positions."""
    progress, settings_file = args.progress, args.progress.with_suffix(".json")
    settings = json.loads(settings_file.read_text()) if settings_file.exists() else {
        "depth": args.depth, "exact": args.exact, "margin": args.margin, "plies": args.plies,
        "weights": weights_hash(None), "commands": []}
    record_command(settings)
    settings_file.parent.mkdir(parents=True, exist_ok=True)
    settings_file.write_text(json.dumps(settings, indent=1) + "\n")
    depth, exact, margin, plies = (settings[k] for k in ("depth", "exact", "margin", "plies"))
    tree = Tree(read(progress))
    root = tree.root
    if root not in tree.scored:
        found = {root: score((*position(root), depth, exact, None))}
        append(progress, found)
        tree.scored.update(found)
    start, last = time.perf_counter(), 0.0
    with multiprocessing.Pool(args.jobs) as pool:
        while len(tree.scored) < args.positions:
            tree.back_up()
            key = tree.main_line(plies)[1] or tree.next_leaf(margin, plies)
            if key is None:
                print("every walk ends at the depth limit: stopping", flush=True)
                break
            todo = [k for k in tree.kids(key) if k not in tree.scored]
            results = pool.map(score, [(*position(k), depth, exact, None) for k in todo])
            found = dict(zip(todo, results))
            append(progress, found)
            tree.scored.update(found)
            if time.perf_counter() - last > 60:
                last = time.perf_counter()
                tree.back_up()
                print(f"{len(tree.scored):,} positions, main line {tree.main_line(plies)[0]} plies, "
                      f"{(last - start) / 60:.1f} minutes", flush=True)


def rescore(args: argparse.Namespace) -> None:
    """Searches every scored position that is not exact again with ``args.weights``
    (the same depth), writing a new progress file beside the old one, then replacing it."""
    progress, settings_file = args.progress, args.progress.with_suffix(".json")
    scored = read(progress)
    settings = json.loads(settings_file.read_text())
    fresh = progress.with_suffix(".rescoring")
    done = read(fresh)
    todo = [k for k, (_, d) in scored.items() if d != EXACT and k not in done]
    print(f"{len(todo):,} positions to rescore, {len(done):,} done", flush=True)
    append(fresh, {k: v for k, v in scored.items() if v[1] == EXACT and k not in done})
    with multiprocessing.Pool(args.jobs) as pool:
        for i in range(0, len(todo), 200):
            chunk = todo[i:i + 200]
            results = pool.map(score, [(*position(k), scored[k][1], 0, args.weights) for k in chunk])
            append(fresh, dict(zip(chunk, results)))
    fresh.replace(progress)
    settings["weights"] = weights_hash(args.weights)
    record_command(settings)
    settings_file.write_text(json.dumps(settings, indent=1) + "\n")


def write(args: argparse.Namespace) -> None:
    """Writes the book file from the progress, with its header."""
    settings = json.loads(args.progress.with_suffix(".json").read_text())
    tree = Tree(read(args.progress, args.records))
    tree.back_up()
    values = tree.book()
    lines = list(tree.depths(2.0))
    header = {"commands": settings["commands"], "seed": 0, "depth": settings["depth"],
              "exact": settings["exact"], "margin": settings["margin"], "plies": settings["plies"],
              "weights": settings["weights"], "scored": len(tree.scored), "positions": len(values),
              "main_line_plies": tree.main_line(settings["plies"])[0],
              "lines_within_2": len(lines), "shortest_line_within_2": min(lines, default=0),
              "records": args.records}
    args.out.write_bytes(encode(Book(values, header)))
    print(f"wrote {args.out}: {len(values):,} positions of {len(tree.scored):,} scored, "
          f"{args.out.stat().st_size:,} bytes, main line {header['main_line_plies']} plies", flush=True)


def check(args: argparse.Namespace) -> None:
    """Prints the book's values against searches ``--deeper`` plies deeper than the
    book's on ``--count`` book positions sampled at ``--low``-``--high`` plies."""
    import random

    settings = json.loads(args.progress.with_suffix(".json").read_text())
    tree = Tree(read(args.progress, args.records))
    tree.back_up()
    plies: dict[int, int] = {tree.root: 0}
    todo = [tree.root]
    while todo:  # the ply of each book position by the shortest line
        key = todo.pop(0)
        if tree.expanded(key):
            for k in tree.kids(key):
                if k not in plies:
                    plies[k] = plies[key] + 1
                    todo.append(k)
    pool = sorted(k for k, ply in plies.items() if args.low <= ply <= args.high
                  and tree.scored.get(k, (0, 0))[1] != EXACT)
    sample = random.Random(args.seed).sample(pool, min(args.count, len(pool)))
    depth = settings["depth"] + args.deeper
    differences = [abs(tree.values[k] - score((*position(k), depth, 0, None))[0]) for k in sample]
    print(f"{len(sample)} book positions at plies {args.low}-{args.high}: the book's value against "
          f"{depth}-ply searches: mean difference {sum(differences) / max(1, len(differences)):.2f} discs, "
          f"largest {max(differences, default=0):.2f}", flush=True)


def stay(args: argparse.Namespace) -> None:
    """Prints how many plies Expert self-play games from the opening stay in the book
    (the leading placements whose position the book holds), at node budgets."""
    from reversi.engine.book import load
    from reversi.engine.players import LEVELS, play_game

    book = load(args.book)
    lengths = []
    for seed in range(args.games):
        board = play_game(args.level, args.level, seed=seed, nodes=True)
        p, o = OPENING_BLACK, OPENING_WHITE
        ply = 0
        for step in board.steps:
            f = flips_mask(p, o, step.square)
            p, o = o ^ f, p | f | 1 << step.square
            if book.value(p, o) is None:
                break
            ply += 1
            if not moves_mask(p, o):
                p, o = o, p
        lengths.append(ply)
    lengths.sort()
    print(f"{args.games} {args.level} games at {LEVELS[args.level].nodes:,} nodes a move: in the book "
          f"for {sum(lengths) / len(lengths):.1f} plies on average, median {lengths[len(lengths) // 2]}, "
          f"from {lengths[0]} to {lengths[-1]}", flush=True)


def load_time(path: str) -> None:
    """Prints how long reading the book file ``path`` takes (to run inside Pyodide)."""
    from reversi.engine.book import load

    start = time.perf_counter()
    book = load(Path(path))
    print(f"{len(book.values):,} positions read in {(time.perf_counter() - start) * 1e3:.0f} ms", flush=True)


def main() -> None:
    native.install()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--progress", type=Path, default=PROGRESS,
                        help="the progress file (its settings beside it, .json)")
    commands = parser.add_subparsers(dest="command", required=True)
    grow = commands.add_parser("build", help="expand the book (resumes the progress file)")
    grow.add_argument("--positions", type=int, default=60_000, help="scored positions to reach")
    grow.add_argument("--depth", type=int, default=14, help="plies of each search (a new book)")
    grow.add_argument("--exact", type=int, default=24, help="exact from this many empties (a new book)")
    grow.add_argument("--margin", type=float, default=2.0, help="discs from the best walked (a new book)")
    grow.add_argument("--plies", type=int, default=40, help="deepest walk (a new book)")
    grow.add_argument("--jobs", type=int, default=1)
    again = commands.add_parser("rescore", help="search every inexact position again")
    again.add_argument("weights", help="the weight file of the new values")
    again.add_argument("--jobs", type=int, default=1)
    out = commands.add_parser("write", help="write the book file from the progress")
    out.add_argument("--out", type=Path, default=OUT)
    out.add_argument("--records", type=int, help="only the progress file's first records (the build as it stood then)")
    quality = commands.add_parser("check", help="the book's values against deeper searches")
    quality.add_argument("--count", type=int, default=200)
    quality.add_argument("--low", type=int, default=20)
    quality.add_argument("--high", type=int, default=30)
    quality.add_argument("--deeper", type=int, default=2)
    quality.add_argument("--seed", type=int, default=1)
    quality.add_argument("--records", type=int, help="only the progress file's first records (as write)")
    games = commands.add_parser("stay", help="how long self-play games stay in the book")
    games.add_argument("--games", type=int, default=20)
    games.add_argument("--level", default="expert")
    games.add_argument("--book", type=Path, default=OUT, help="the book file (default: the engine's)")
    args = parser.parse_args()
    {"build": build, "rescore": rescore, "write": write, "check": check, "stay": stay}[args.command](args)


if __name__ == "__main__":
    main()
