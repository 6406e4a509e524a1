"""Thinking on the opponent's time (C4): while the person thinks, the computer searches the
positions after the person's likeliest replies, so that its reply starts from what it
learnt there.

:class:`Ponder` works for one computer level in one position with the person to move;
the app's pondering (:mod:`reversi.app.pondering`) calls it a slice at a time and hands
:meth:`Ponder.take`'s search to :func:`reversi.engine.players.choose_move`.  With no
pondering, play is exactly as before.  How the nodes are shared, and what it won:
``docs/engine.md``.
"""

from __future__ import annotations

from typing import Callable

from .bitboard import Bitboard, flips_mask, squares
from .evaluate import Evaluator, for_variant
from .levels import LEVELS
from .search import Search
from .variants import STANDARD, legal_mask, opening_squares

#: The share of each call's nodes spent on the person's likeliest moves, in order.
SHARES = (0.75, 0.15, 0.10)
#: Nodes of the short search that first finds the person's likeliest move.
PREDICT_NODES = 2_000
#: The share of each call's nodes that goes on with that search, which may change its mind.
PREDICT_SHARE = 0.1
#: Fewer nodes than this are not worth a search's run (each starts again at its root).
LEAST_RUN = 400

Position = tuple[Bitboard, Bitboard]


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
        self.replies: list[Position] = []
        self.searches: dict[Position, Search] = {}
        #: The person's position, the search for their likeliest move and what it found.
        self.person: Position = (0, 0)
        self.predictor: Search | None = None
        self.likeliest: int | None = None
        #: The person's moves and the positions they leave, those kept ranked by evaluation.
        self.after: dict[int, Position] = {}
        self.ranked: list[int] = []

    def start(self, p: Bitboard, o: Bitboard, keep: Callable[[Position], bool] | None = None,
              known: Search | None = None) -> None:
        """Ranks the moves of the person (``p``, to move) and forgets any earlier position.
        Only the replies whose position ``keep`` accepts are pondered.  ``known`` is the
        search of the computer's move before: every search here goes on with its table,
        after it drops the positions this game can no longer reach."""
        self.searches, self.predictor, self.person, self.likeliest = {}, None, (p, o), None
        self.replies, self.after, self.ranked = [], {}, []
        moves = legal_mask(p, o, self.variant)
        if not moves or opening_squares(self.variant, p, o) is not None:
            return
        self.after = {s: (o ^ f, p | f | 1 << s) for s in squares(moves) for f in (flips_mask(p, o, s),)}
        evaluate = self.evaluator.evaluate
        self.ranked = sorted((s for s in self.after if keep is None or keep(self.after[s])),
                             key=lambda s: (evaluate(*self.after[s]), s))
        self.predictor = self.search(None, PREDICT_NODES, variant=self.variant, evaluator=self.evaluator)
        if known is not None:
            known.forget_before((p | o).bit_count())
            self.predictor.share(known)
        self.rank(self.predictor.run(p, o, self.config.max_depth).square)

    def rank(self, likeliest: int | None) -> None:
        """Ponders the reply ``likeliest`` first, then the others by evaluation."""
        self.likeliest = likeliest
        order = sorted(self.ranked, key=lambda s: s != likeliest)  # stable: by evaluation after it
        self.replies = [self.after[s] for s in order[:len(SHARES)]]

    def work(self, nodes: int) -> None:
        """Spends about ``nodes`` more nodes, so that the search for the person's likeliest
        move has had :data:`PREDICT_SHARE` of all nodes (the replies' order follows its
        mind) and the replies' positions ``SHARES`` of the rest, likeliest first.  Only a
        search owed at least :data:`LEAST_RUN` nodes runs, and the most owed takes what is
        left: a short call (the page's slice) goes on with one search, not a sliver of each."""
        total, left, depth = self.nodes + nodes, nodes, self.config.max_depth
        predictor = self.predictor
        going = predictor is not None and len(self.after) > 1 and not finished(predictor, self.person, depth)
        share = PREDICT_SHARE if going else 0.0  # a finished prediction leaves its share to the replies
        if predictor is not None and going:
            due = int(share * total) - predictor.nodes
            if due >= LEAST_RUN:
                give = run_size(due, left)
                predictor.limit(predictor.nodes + give)
                square = predictor.run(*self.person, depth).square
                if square != self.likeliest:
                    self.rank(square)
                left -= give
        owed: list[tuple[int, Search, Position]] = []
        for position, part in zip(self.replies, SHARES):
            search = self.searches.get(position)
            if search is None:
                search = self.searches[position] = self.search(
                    None, 0, variant=self.variant, evaluator=self.evaluator)
                if predictor is not None:
                    search.share(predictor)
            if not finished(search, position, depth):
                owed.append((int((1 - share) * part * total) - search.nodes, search, position))
        owed.sort(key=lambda entry: -entry[0])  # the most owed first
        for due, search, position in owed:
            if left <= 0:
                break
            give = run_size(due, left)
            search.limit(search.nodes + give)
            search.run(*position, depth)
            left -= give

    def take(self, p: Bitboard, o: Bitboard) -> Search | None:
        """Returns the pondered search of the position ``(p, o)`` (the computer to move
        after the person's move), or None when it was not pondered."""
        return self.searches.get((p, o))

    def search_for(self, p: Bitboard, o: Bitboard) -> Search | None:
        """Returns the search the computer's move at ``(p, o)`` goes on with: the pondered
        one (:meth:`take`), else a new one with the pondered table; None when nothing was."""
        found = self.take(p, o)
        if found is None and self.predictor is not None:
            found = self.search(None, 0, variant=self.variant, evaluator=self.evaluator)
            found.share(self.predictor)
        return found

    @property
    def nodes(self) -> int:
        """Returns the nodes pondered in this position so far, the prediction's included."""
        return sum(search.nodes for search in self.searches.values()) + (self.predictor.nodes if self.predictor else 0)


def run_size(due: int, left: int) -> int:
    """Returns the nodes of a search's run owed ``due`` with ``left`` to give: at least
    :data:`LEAST_RUN`, and all that is left when less would stay."""
    give = min(left, max(due, LEAST_RUN))
    return left if left - give < LEAST_RUN else give


def finished(search: Search, position: Position, max_depth: int) -> bool:
    """Checks if ``search`` of ``position`` completed its last depth (the cap, or the end
    of the game): going on would spend nothing."""
    p, o = position
    last = max(1, min(max_depth, 64 - (p | o).bit_count()))
    return search.reached is not None and search.reached[0] == position and search.reached[1] >= last
