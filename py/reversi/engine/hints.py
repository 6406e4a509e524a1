"""Hints (SPEC H1): the expected final disc difference of every legal move.

:func:`score_moves` scores each legal placement of the side to move with
the strongest evaluation its budget allows.  At most ``exact_empties`` empty
squares: exactly, by the endgame solver (one table shared by the moves, so
later moves reuse what earlier ones learnt).  Otherwise, or for moves the
solver had no time for: an iterative deepening search of every move with a
full window (one transposition table for all), each move keeping the value
of the deepest depth completed for it.  The budget is a deadline and/or a
node cap; a ``KeyboardInterrupt`` (the page cancelling, H3) passes through.
"""

from __future__ import annotations

from .bitboard import Bitboard, Square, flips_mask, moves_mask, squares
from .budget import Deadline, SearchTimeout
from .endgame import Solver
from .evaluate import STANDARD, Evaluator
from .search import Search

#: Empty squares from which every move is solved exactly when time allows.
EXACT_EMPTIES = 14
#: Share of a deadline spent on estimates before the solver starts.
ESTIMATE_SHARE = 0.2


def score_moves(p: Bitboard, o: Bitboard, *, deadline: Deadline | None = None,
                max_nodes: int | None = None, exact_empties: int = EXACT_EMPTIES,
                evaluator: Evaluator = STANDARD) -> dict[Square, tuple[float, bool]]:
    """Returns ``{square: (score, exact)}`` for every legal placement of ``p``:
    the expected final disc difference for ``p`` after it (SPEC R5), exact
    when ``exact`` is true.  Empty when ``p`` has no legal move.

    Without a deadline or node cap the midgame search goes on to the end of
    the game; give one of them unless the position is near its end.  The
    node cap bounds the midgame search only; the solver stops at the deadline.
    """
    deadline = deadline or Deadline(None)
    children = {}
    for s in squares(moves_mask(p, o)):
        f = flips_mask(p, o, s)
        children[s] = (o ^ f, p | f | 1 << s)
    if 64 - (p | o).bit_count() > exact_empties:
        return _searched(children, deadline, max_nodes, evaluator)
    scores: dict[Square, tuple[float, bool]] = {}
    if deadline.at is not None:  # estimates first, should the solver run out of time
        scores = _searched(children, Deadline(deadline.remaining() * ESTIMATE_SHARE),
                           max_nodes, evaluator)
    solver = Solver(deadline, evaluator=evaluator)
    try:
        for s, child in children.items():
            scores[s] = (float(-solver.solve(*child)[0]), True)
    except SearchTimeout:
        pass
    return scores


def _searched(children: dict[Square, tuple[Bitboard, Bitboard]], deadline: Deadline,
              max_nodes: int | None, evaluator: Evaluator) -> dict[Square, tuple[float, bool]]:
    """Returns each child's negated value from iterative deepening (the deepest
    depth done for it; exact once the depth reaches the child's empty squares)."""
    search = Search(deadline, max_nodes, evaluator=evaluator)
    scores = {s: (-evaluator.evaluate(*child), False) for s, child in children.items()}
    empties = {s: 64 - (a | b).bit_count() for s, (a, b) in children.items()}
    try:
        for depth in range(1, max(empties.values()) + 1):
            for s, child in children.items():
                if not scores[s][1]:
                    scores[s] = (-search.value(*child, depth), depth >= empties[s])
    except SearchTimeout:
        pass
    return scores
