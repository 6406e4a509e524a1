"""Thinking on the opponent's time (pondering): while the person thinks, the
computer searches the positions after the person's likeliest replies, so that
its reply starts from what it learnt there (C2).

:class:`Ponder` works for one computer level in one position with the person
to move.  :meth:`Ponder.start` ranks the person's moves: first the one a
short search from the person's side finds best (the likeliest), then the
others by the evaluation of the position they leave; :meth:`Ponder.work`
then spends nodes on the positions after them, ``SHARES`` of each call on the
first three (most on the likeliest), each an iterative deepening search kept
between calls (its table, history and depth reached).  When the person has
moved, :meth:`Ponder.take` gives the search of the position they left, if it
was pondered, and the computer's move goes on with it
(:func:`reversi.engine.players.choose_move`'s ``prepared``): the same
table, the same best move, and the node budget of a move on top of what was
pondered.  With no pondering, play is exactly as before.
"""

from __future__ import annotations

from .bitboard import Bitboard, flips_mask, squares
from .evaluate import Evaluator, for_variant
from .levels import LEVELS
from .search import Search
from .variants import STANDARD, legal_mask, opening_squares

#: The share of each call's nodes spent on the person's likeliest moves, in order.
SHARES = (0.6, 0.25, 0.15)
#: Nodes of the short search that finds the person's likeliest move.
PREDICT_NODES = 2_000


class Ponder:
    """Pondering for ``level`` in ``variant``, one person-to-move position at a time.

    ``search`` is the search class (the compiled one in the offline tools)."""

    def __init__(self, level: str, *, variant: str = STANDARD, evaluator: Evaluator | None = None,
                 search: type[Search] = Search) -> None:
        self.config = LEVELS[level]
        self.variant = variant
        self.evaluator = evaluator or for_variant(variant)
        self.search = search
        #: The positions after the person's likeliest moves (computer to move), likeliest first.
        self.replies: list[tuple[Bitboard, Bitboard]] = []
        self.searches: dict[tuple[Bitboard, Bitboard], Search] = {}

    def start(self, p: Bitboard, o: Bitboard) -> None:
        """Ranks the moves of the person (``p``, to move) and forgets any earlier position."""
        self.searches = {}
        moves = legal_mask(p, o, self.variant)
        if not moves or opening_squares(self.variant, p, o) is not None:
            self.replies = []
            return
        after = {s: (o ^ f, p | f | 1 << s) for s in squares(moves) for f in (flips_mask(p, o, s),)}
        likeliest = self.search(None, PREDICT_NODES, variant=self.variant,
                                evaluator=self.evaluator).run(p, o, self.config.max_depth).square
        evaluate = self.evaluator.evaluate
        ranked = sorted(after, key=lambda s: (s != likeliest, evaluate(*after[s]), s))
        self.replies = [after[s] for s in ranked[:len(SHARES)]]

    def work(self, nodes: int) -> None:
        """Spends about ``nodes`` more nodes on the replies' positions, ``SHARES`` of them
        each, likeliest first."""
        for position, share in zip(self.replies, SHARES):
            search = self.searches.get(position)
            if search is None:
                search = self.searches[position] = self.search(
                    None, 0, variant=self.variant, evaluator=self.evaluator)
            search.limit(search.nodes + int(nodes * share))
            search.run(*position, self.config.max_depth)

    def take(self, p: Bitboard, o: Bitboard) -> Search | None:
        """Returns the pondered search of the position ``(p, o)`` (the computer to move
        after the person's move), or None when it was not pondered."""
        return self.searches.get((p, o))

    @property
    def nodes(self) -> int:
        """Returns the nodes pondered in this position so far."""
        return sum(search.nodes for search in self.searches.values())
