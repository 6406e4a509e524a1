"""Times the exact endgame solver on the FFO test positions #1-#19.

Usage: ``python3 bench/ffo.py [--limit SECONDS] [--eval-order N] [--variant NAME] [FILE.obf] [NUMBER ...]``
(default: ``tests/data/ffo-01-19.obf``, all positions; numbers count the
file's positions from 1).  Prints, per position, the wall-clock and CPU seconds,
the nodes searched, the score and move found and the file's best score, then
the totals; a position not solved within ``--limit`` wall seconds shows
``timeout`` (and is left out of the totals).  ``--eval-order N`` orders
moves by evaluation only from ``N`` empties (``endgame.EVAL_ORDER``; 64:
never, fastest-first alone) to measure what that ordering saves.
``--variant anti`` solves the positions as anti-reversi (V2) to
measure that solver's cost; the file's scores then do not apply.

The file's scores give the empty squares of a finished game to the winner;
ours give them to nobody (R5), so a few best scores differ by the
number of squares left empty (see ``tests/test_endgame.py``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from reversi.engine import endgame  # noqa: E402
from reversi.engine.budget import Deadline, SearchTimeout  # noqa: E402
from reversi.engine.endgame import Solver  # noqa: E402
from reversi.engine.notation import square_name  # noqa: E402
from reversi.engine.obf import read_problems  # noqa: E402

FFO_FILE = ROOT / "tests" / "data" / "ffo-01-19.obf"


def main(argv: list[str]) -> None:
    """Solves the chosen positions and prints one row each and the totals."""
    limit = None
    variant = "standard"
    while argv[:1] in (["--limit"], ["--eval-order"], ["--variant"]):
        if argv[0] == "--limit":
            limit = float(argv[1])
        elif argv[0] == "--variant":
            variant = argv[1]
        else:
            endgame.EVAL_ORDER = int(argv[1])
        argv = argv[2:]
    path = Path(argv.pop(0)) if argv and not argv[0].isdigit() else FFO_FILE
    positions = read_problems(path.read_text())
    chosen = [int(a) for a in argv] or range(1, len(positions) + 1)
    print(f"{'#':>3} {'empty':>5} {'wall s':>7} {'cpu s':>7} {'nodes':>9} "
          f"{'score':>5} {'move':>4} {'file':>5}")
    wall = cpu = 0.0
    nodes = 0
    for number in chosen:
        p, o, best = positions[number - 1].p, positions[number - 1].o, positions[number - 1].best
        solver = Solver(Deadline(limit), variant=variant)
        w, c = time.perf_counter(), time.process_time()
        try:
            score, move = solver.solve(p, o)
        except SearchTimeout:
            print(f"{number:>3} {64 - (p | o).bit_count():>5} timeout after {limit} s, "
                  f"{solver.nodes} nodes", flush=True)
            continue
        w, c = time.perf_counter() - w, time.process_time() - c
        wall, cpu, nodes = wall + w, cpu + c, nodes + solver.nodes
        name = square_name(move) if move is not None else "pass"
        print(f"{number:>3} {64 - (p | o).bit_count():>5} {w:7.3f} {c:7.3f} "
              f"{solver.nodes:>9} {score:>+5} {name:>4} {best:>+5}", flush=True)
    print(f"total {wall:.3f} s wall, {cpu:.3f} s cpu, {nodes} nodes")


if __name__ == "__main__":
    main(sys.argv[1:])
