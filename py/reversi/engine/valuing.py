"""Valuing a game's moves after the fact, one way for every use: a table (:data:`VALUING`)
beside the levels of each use's exact reach, estimate and thresholds, and the valuer the
hints (H1), the review's analysis and the mistakes (N6, N8) call.

A position with at most ``exact_empties`` empty squares is valued by the solver, exactly;
an earlier one is estimated, by a search of the use's budget.  Values are final disc
differences for the side to move, in the variant's terms (V1: negated in anti-reversi).
Why each use has the numbers it has: ``docs/valuing.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .bitboard import Bitboard, Square
from .board import Board
from .budget import Deadline
from .levels import LEVELS
from .variants import final_score

if TYPE_CHECKING:  # the search stack loads only when something is valued
    from .search import Search


@dataclass(frozen=True)
class Valuing:
    """How one use values moves: exact from ``exact_empties``, else estimated within
    ``seconds`` of wall time, or ``nodes`` and ``depth`` plies; a placement counts as lost
    ground from ``lost`` discs (exact, estimated)."""

    exact_empties: int
    seconds: float | None = None
    nodes: int | None = None
    depth: int = 60
    lost: tuple[float, float] = (0.0, 0.0)

    def is_exact(self, board: Board) -> bool:
        """Checks if ``board`` is within the exact reach."""
        return 64 - (board.black | board.white).bit_count() <= self.exact_empties

    def threshold(self, exact: bool) -> float:
        """Returns the discs a placement must lose to count (exact or estimated)."""
        return self.lost[0] if exact else self.lost[1]


#: Each use's valuing: the hints' values (H1, 2.2 s at p90 in the browser at 15 empties),
#: the analysis graph's (its marks: a placement that lost ground), and the mistakes' (N6:
#: Hard's exact reach and depth cap, and 24,000 nodes, the Hard budget its step times were
#: measured at; a mistake from 4 discs exact, 6 estimated).
VALUING = {
    "hints": Valuing(exact_empties=15),
    "analysis": Valuing(exact_empties=15, seconds=0.15, lost=(1.0, 3.0)),
    "mistakes": Valuing(exact_empties=LEVELS["hard"].exact_empties, nodes=24_000, depth=LEVELS["hard"].max_depth,
                        lost=(4.0, 6.0)),
}


def position_value(board: Board, how: Valuing) -> tuple[float, Square | None, bool]:
    """Returns ``(value for the side to move, best square, exact)`` of ``board``; a finished
    game is worth its real disc difference, exactly."""
    from .think import think

    p, o = board.mover_mask()
    if board.is_game_over():
        return float(final_score(p, o, board.variant)), None, True
    exact = how.is_exact(board)
    result = think(p, o, deadline=None if exact or how.seconds is None else Deadline(how.seconds),
                   max_nodes=None if exact else how.nodes, exact_empties=how.exact_empties if exact else 0,
                   variant=board.variant)
    return result.score, result.square, result.exact


def children(board: Board) -> dict[Square, tuple[Bitboard, Bitboard]]:
    """Returns the position after each legal move of ``board`` (the opponent to move)."""
    from .search import Search

    p, o = board.mover_mask()
    return {s: (a, b) for s, a, b in Search(variant=board.variant).children(p, o)}


def placement_loss(board: Board, square: Square, how: Valuing) -> tuple[float, Square, bool, float]:
    """Returns ``(loss, best square, exact, best value)`` of playing ``square`` on ``board``:
    exact, both values the solver's; else the best move's value at the depth the search of
    ``how.nodes`` completes, and the move played searched to the same depth with the same
    table (so both are comparable), rounded to a tenth."""
    from .endgame import Solver
    from .evaluate import for_variant
    from .search import Search

    after = children(board)
    if len(after) == 1:
        return 0.0, square, True, 0.0
    p, o = board.mover_mask()
    variant, evaluator = board.variant, for_variant(board.variant)
    if how.is_exact(board):
        solver = Solver(evaluator=evaluator, variant=variant)
        best_score, best = solver.solve(p, o)
        proved = best_score if best == square else -solver.solve(*after[square])[0]
        return float(best_score - proved), best if best is not None else square, True, float(best_score)
    search = Search(max_nodes=how.nodes, variant=variant, evaluator=evaluator)
    result = search.run(p, o, how.depth)
    best = result.square if result.square is not None else square
    if best == square:
        return 0.0, best, False, round(result.score, 1)
    best_value, played = _compared(search, after[best], after[square], result.depth - 1, result.score,
                                   2 * (how.nodes or 0))
    return round(max(0.0, best_value - played), 1), best, False, round(result.score, 1)


def _compared(search: Search, best: tuple[Bitboard, Bitboard], played: tuple[Bitboard, Bitboard], depth: int,
              score: float, nodes: int) -> tuple[float, float]:
    """Returns the values for the mover of the best move and of the move played, searched
    ``depth`` plies after them (the best one's is the root's ``score`` there); a search of
    the move played that would pass ``nodes`` is given up for one two plies shallower (the
    same parity: odd and even depths see a position differently), both moves again."""
    from .budget import SearchTimeout

    first = depth
    while depth > 0:
        try:
            search.limit(search.nodes + nodes)
            value = -search.value(*played, depth)
            if depth != first:  # a shallower pair: the best move too, to the same depth
                score = -search.value(*best, depth)
            return score, value
        except SearchTimeout:
            depth -= 2
    search.limit(None)
    return -search.value(*best, 0), -search.value(*played, 0)


def move_value(board: Board, square: Square, how: Valuing) -> float:
    """Returns the value for the mover of playing ``square`` on ``board``, exact or
    estimated as :func:`placement_loss` judges the position (a retry's verdict, N8)."""
    from .endgame import Solver
    from .evaluate import for_variant
    from .search import Search

    child, evaluator = children(board)[square], for_variant(board.variant)
    if how.is_exact(board):
        return float(-Solver(evaluator=evaluator, variant=board.variant).solve(*child)[0])
    search = Search(max_nodes=how.nodes, variant=board.variant, evaluator=evaluator)
    return round(-search.run(*child, how.depth).score, 1)
