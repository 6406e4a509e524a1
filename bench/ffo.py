"""Times the exact endgame solver on the FFO test positions #1-#19.

Usage: ``python3 bench/ffo.py [--limit SECONDS] [--eval-order N] [--variant NAME]
[--against COMMIT] [FILE.obf] [NUMBER ...]``
(default: ``tests/data/ffo-01-19.obf``, all positions; numbers count the
file's positions from 1).  Prints, per position, the wall-clock and CPU seconds,
the nodes searched, the score and move found and the file's best score, then
the totals; a position not solved within ``--limit`` wall seconds shows
``timeout`` (and is left out of the totals).  ``--eval-order N`` orders
moves by evaluation only from ``N`` empties (``endgame.EVAL_ORDER``; 64:
never, fastest-first alone) to measure what that ordering saves.
``--variant anti`` solves the positions as anti-reversi (V2) to
measure that solver's cost; the file's scores then do not apply.
``--against COMMIT`` solves every position also with the solver of that
commit (``py/reversi/engine`` frozen with ``git archive`` by
``bench/lib/baseline.py``), right after the current one, and prints both rows
and the ratio of their times: the two are timed in the same run, so the
machine's drift touches both alike.  Today's solver before the faster
search is commit 7bbbc1e.

The file's scores give the empty squares of a finished game to the winner;
ours give them to nobody (R5), so a few best scores differ by the
number of squares left empty (see ``tests/test_endgame.py``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from lib import ROOT
from lib.baseline import Frozen

from reversi.engine import endgame
from reversi.engine.budget import Deadline, SearchTimeout
from reversi.engine.endgame import Solver
from reversi.engine.notation import square_name
from reversi.engine.obf import read_problems

FFO_FILE = ROOT / "tests" / "data" / "ffo-01-19.obf"


def run(solver_class: type, deadline_class: type, timeout: type[BaseException], limit: float | None,
        variant: str, p: int, o: int) -> tuple[float, float, int, int, int | None] | int:
    """Returns ``(wall s, cpu s, nodes, score, move)`` of one solve, or the nodes
    searched when ``limit`` ran out first."""
    solver = solver_class(deadline_class(limit), variant=variant)
    w, c = time.perf_counter(), time.process_time()
    try:
        score, move = solver.solve(p, o)
    except timeout:
        return int(solver.nodes)
    return time.perf_counter() - w, time.process_time() - c, solver.nodes, score, move


def main(argv: list[str]) -> None:
    """Solves the chosen positions and prints one row each (two with
    ``--against``) and the totals."""
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return
    limit = None
    variant = "standard"
    against = None
    while argv[:1] in (["--limit"], ["--eval-order"], ["--variant"], ["--against"]):
        if argv[0] == "--limit":
            limit = float(argv[1])
        elif argv[0] == "--variant":
            variant = argv[1]
        elif argv[0] == "--against":
            against = argv[1]
        else:
            endgame.EVAL_ORDER = int(argv[1])
        argv = argv[2:]
    path = Path(argv.pop(0)) if argv and not argv[0].isdigit() else FFO_FILE
    positions = read_problems(path.read_text())
    chosen = [int(a) for a in argv] or range(1, len(positions) + 1)
    solvers = [("now", Solver, Deadline, SearchTimeout)]
    if against:
        frozen = Frozen(against, "py/reversi/engine")
        old_budget = frozen.module("budget")
        solvers.append((against, frozen.module("endgame").Solver, old_budget.Deadline,
                        old_budget.SearchTimeout))
    print(f"{'#':>3} {'empty':>5} {'solver':>7} {'wall s':>8} {'cpu s':>8} {'nodes':>10} "
          f"{'score':>5} {'move':>4} {'file':>5}")
    totals = {name: [0.0, 0.0, 0] for name, *_ in solvers}
    for number in chosen:
        p, o, best = positions[number - 1].p, positions[number - 1].o, positions[number - 1].best
        empties = 64 - (p | o).bit_count()
        cpus = []
        for name, solver_class, deadline_class, timeout in solvers:
            result = run(solver_class, deadline_class, timeout, limit, variant, p, o)
            if isinstance(result, int):
                print(f"{number:>3} {empties:>5} {name:>7} timeout after {limit} s, "
                      f"{result} nodes", flush=True)
                continue
            w, c, nodes, score, move = result
            cpus.append(c)
            total = totals[name]
            total[0], total[1], total[2] = total[0] + w, total[1] + c, total[2] + nodes
            square = square_name(move) if move is not None else "pass"
            print(f"{number:>3} {empties:>5} {name:>7} {w:8.3f} {c:8.3f} {nodes:>10} "
                  f"{score:>+5} {square:>4} {best:>+5}", flush=True)
        if len(cpus) == 2 and cpus[0] > 0:
            print(f"{'':>9} cpu ratio {cpus[1] / cpus[0]:.2f}", flush=True)
    for name, (wall, cpu, total_nodes) in totals.items():
        print(f"total {name}: {wall:.3f} s wall, {cpu:.3f} s cpu, {total_nodes} nodes")
    if against and totals["now"][1] > 0:
        print(f"cpu ratio {against} / now: {totals[against][1] / totals['now'][1]:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
