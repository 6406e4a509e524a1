"""Hints (H1): the expected final result of every legal move.

:func:`score_moves` scores each legal placement of the side to move with
the strongest evaluation its budget allows, in the variant's terms (V1:
the disc difference, negated in anti-reversi).  At most ``exact_empties``
empty squares: exactly, by the endgame solver (one table shared by the moves,
so later moves reuse what earlier ones learnt).  Otherwise, or for moves the
solver had no time for: an iterative deepening search of every move with a
full window (one transposition table for all).  Every move reports the value
of the deepest iteration completed for *all* moves (an iteration cut by the
budget is dropped), so the values are comparable; a move whose search has
reached the end of the game keeps that exact value.  Moves leading to
symmetric images of one position (:func:`reversi.engine.book.canonical`) are
searched once and share its value.  The budget is a deadline and/or a node
cap; a ``KeyboardInterrupt`` (the page cancelling, H3) passes through.
"""

from __future__ import annotations

from .bitboard import Bitboard, Square
from .book import canonical
from .budget import Deadline, SearchTimeout
from .endgame import Solver
from .evaluate import Evaluator, for_variant
from .search import Search
from .valuing import VALUING
from .variants import STANDARD

#: Empty squares from which every move is solved exactly when time allows (H1).
EXACT_EMPTIES = VALUING["hints"].exact_empties
#: Share of a deadline spent on estimates before the solver starts.
ESTIMATE_SHARE = 0.2


def score_moves(p: Bitboard, o: Bitboard, *, deadline: Deadline | None = None,
                max_nodes: int | None = None, exact_empties: int = EXACT_EMPTIES,
                variant: str = STANDARD,
                evaluator: Evaluator | None = None) -> dict[Square, tuple[float, bool]]:
    """Returns ``{square: (score, exact)}`` for every legal placement of ``p`` in
    ``variant``: the expected final result for ``p`` after it (R5, V1),
    exact when ``exact`` is true.  Empty when ``p`` has no legal move.

    Without a deadline or node cap the midgame search goes on to the end of
    the game; give one of them unless the position is near its end.  The
    node cap bounds the midgame search only; the solver stops at the deadline.
    """
    deadline = deadline or Deadline(None)
    evaluator = evaluator or for_variant(variant)
    search = Search(deadline, max_nodes, variant=variant, evaluator=evaluator)
    children = {s: (np, no) for s, np, no in search.children(p, o)}
    if 64 - (p | o).bit_count() > exact_empties:
        return _searched(children, search)
    scores: dict[Square, tuple[float, bool]] = {}
    if deadline.at is not None:  # estimates first, should the solver run out of time
        search.deadline = Deadline(deadline.remaining() * ESTIMATE_SHARE)
        scores = _searched(children, search)
    solver = Solver(deadline, evaluator=evaluator, variant=variant)
    try:
        for s, child in children.items():
            scores[s] = (float(-solver.solve(*child)[0]), True)
    except SearchTimeout:
        pass
    return scores


def _searched(children: dict[Square, tuple[Bitboard, Bitboard]],
              search: Search) -> dict[Square, tuple[float, bool]]:
    """Returns each child's negated value from iterative deepening with ``search``:
    the deepest depth completed for every child (exact once the depth reaches
    the child's empty squares); symmetric children are searched once."""
    first: dict[int, Square] = {}
    for s, child in children.items():
        first.setdefault(canonical(*child), s)
    same = {s: first[canonical(*child)] for s, child in children.items()}
    distinct = sorted(set(same.values()))
    scores = {s: (-search.estimate(*children[s]), False) for s in distinct}
    empties = {s: 64 - (a | b).bit_count() for s, (a, b) in children.items()}
    try:
        for depth in range(1, max(empties.values(), default=0) + 1):
            done = {s: (-search.value(*children[s], depth), depth >= empties[s])
                    for s in distinct if not scores[s][1]}
            scores.update(done)
    except SearchTimeout:
        pass
    return {s: scores[same[s]] for s in children}
