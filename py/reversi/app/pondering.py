"""Pondering in the page (C4): while the person thinks against Hard or Expert, the
worker searches the positions after their likeliest replies, a short slice at a time,
and the computer's reply goes on with that search.

:class:`Pondering` answers the command ``ponder`` (declared in :data:`FEATURE`), one slice
of :data:`SLICE_NODES` nodes while ``ponder_due`` says it applies, over
:class:`reversi.engine.ponder.Ponder`, and is the session's computer player
(:meth:`Pondering.player`); with the setting off, play is exactly as without it.  What is
pondered, for how long, and what is kept: ``docs/features.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, TypedDict

from ..engine.bitboard import Bitboard, Square
from ..engine.levels import LEVELS
from ..engine.variants import ANTI, legal_mask
from ..game.session import Session
from .house import Command, Feature, Host

if TYPE_CHECKING:  # the search stack loads only when pondering
    from ..engine.ponder import Ponder
    from ..engine.search import Search

#: The levels that ponder (C4).
LEVELS_PONDERING = ("hard", "expert")
#: Seconds one slice takes in Pyodide.
SLICE_SECONDS = 0.010
#: Nodes of one slice: Pyodide's measured speed (:data:`reversi.engine.levels.Level.nodes`).
SLICE_NODES = round(LEVELS["expert"].nodes / LEVELS["expert"].seconds * SLICE_SECONDS)
#: Moves' worth of nodes (the level's ``nodes``) after which pondering a position stops.
BUDGET_MOVES = 6

#: Goes on with a pondered search: (p, o, level, seed, variant, prepared) -> square.
GoOn = Callable[..., Square]


def go_on(p: Bitboard, o: Bitboard, level: str, seed: int, variant: str, prepared: Search) -> Square:
    """Returns ``level``'s move for ``p``, its midgame search going on with ``prepared``
    (the built-in player's time budget on top, :func:`reversi.engine.players.choose_move`)."""
    from ..engine.players import choose_move

    choice = choose_move(p, o, level, seed=seed, variant=variant, prepared=prepared)
    if choice.square is None:
        raise ValueError("the computer has no legal move")
    return choice.square


class PonderFields(TypedDict):
    """Pondering's reply field: ``ponder_due``, whether pondering applies now (C4)."""

    ponder_due: bool


class Pondering:
    """The pondering of the position in play, and the computer player that uses it
    (over the host's plain player, on the host's session of the moment)."""

    def __init__(self, host: Host, go_on: GoOn = go_on) -> None:
        self.host, self.plain, self.go_on = host, host.plain, go_on
        self.ponder: Ponder | None = None
        #: The search of the computer's last move and its position's discs: the next
        #: pondering goes on with its table if the game went on from there.
        self.known: tuple[Search, int] | None = None
        #: (level, variant, p, o) of the position pondered (the person to move).
        self.key: tuple[str, str, Bitboard, Bitboard] | None = None
        #: Moves that went on with a pondered search, and slices run (for tests and benchmarks).
        self.used = self.slices = 0

    def due(self, session: Session, *, reviewing: bool = False, elsewhere: bool = False) -> bool:
        """Checks if pondering applies now: the person's turn against Hard or Expert, the
        game neither paused nor over, nothing reviewed, the setting on (C4)."""
        game = session.game
        return (session.settings.ponder and not reviewing and not elsewhere and game.mode == "computer"
                and game.level in LEVELS_PONDERING and session.human_to_move())

    def slice(self, token: int, *, reviewing: bool = False, elsewhere: bool = False) -> bool:
        """Ponders one slice of the game at ``token``; returns whether another is useful.
        A stale token or a moment when pondering does not apply does nothing (P5)."""
        session = self.host.session
        if token != session.token or not self.due(session, reviewing=reviewing, elsewhere=elsewhere):
            return False
        from ..engine.ponder import Ponder

        game = session.game
        p, o = session.board.mover_mask()
        key = (game.level, game.variant, p, o)
        self.slices += 1
        if key != self.key or self.ponder is None:
            known, self.known = self.known, None  # after Undo or New, its memory goes
            ponder = Ponder(game.level, variant=game.variant)
            ponder.start(p, o, keep=lambda reply: searched(reply, game.level, game.variant),
                         known=known[0] if known and (p | o).bit_count() > known[1] else None)
            self.ponder, self.key = ponder, key  # adopted only once ranked
            return bool(ponder.replies)
        if not self.more():
            return False
        assert self.ponder is not None  # more() checked it
        self.ponder.work(SLICE_NODES)
        return self.more()

    def report(self) -> PonderFields:
        """Returns the reply field (:class:`PonderFields`)."""
        return {"ponder_due": self.due(self.host.session, reviewing=self.host.reviewing, elsewhere=self.host.elsewhere)}

    def step(self, token: int) -> None:
        """``ponder`` {"token"}: one slice of pondering for the game at ``token`` (while
        ``ponder_due``); the reply is only ``{"ponder": more}``, whether another slice is
        useful: no snapshot, nothing stored."""
        self.host.extra["ponder"] = self.slice(token, reviewing=self.host.reviewing, elsewhere=self.host.elsewhere)

    def more(self) -> bool:
        """Checks if pondering the position further is useful: a reply's search has not
        reached its depth cap, and the nodes spent are under :data:`BUDGET_MOVES` moves' worth."""
        ponder = self.ponder
        if ponder is None or not ponder.replies or self.key is None:
            return False
        from ..engine.ponder import finished

        done = all(search is not None and finished(search, position, ponder.config.max_depth)
                   for position in ponder.replies for search in (ponder.take(*position),))
        return not done and ponder.nodes < BUDGET_MOVES * LEVELS[self.key[0]].nodes

    def forget(self) -> None:
        """Drops what was pondered and the table it went on with (their memory)."""
        self.ponder, self.key, self.known = None, None, None

    def player(self, p: Bitboard, o: Bitboard, level: str, seed: int, variant: str) -> Square:
        """The session's computer player: with the setting on, goes on with the pondered
        search of ``(p, o)``, or with the pondered table, and keeps that search for the
        next pondering; else the plain player."""
        ponder, key = self.ponder, self.key
        self.forget()  # a new position is pondered afresh; the memory goes now
        if (ponder is not None and key is not None and key[:2] == (level, variant)
                and self.host.session.settings.ponder):
            prepared = ponder.search_for(p, o)
            if prepared is not None:
                self.used += ponder.take(p, o) is prepared
                square = self.go_on(p, o, level, seed, variant, prepared)
                if searched((p, o), level, variant):  # not the solver's endgame, whose tables are large
                    self.known = prepared, (p | o).bit_count()
                return square
        return self.plain(p, o, level, seed, variant)


def searched(position: tuple[Bitboard, Bitboard], level: str, variant: str) -> bool:
    """Checks if the computer's move at ``position`` (the computer to move) is a midgame
    search that a pondered one helps: not a book move, not forced or passing, not an
    endgame the solver plays exactly (as :func:`reversi.engine.players.choose_move`)."""
    from ..engine.think import exact_threshold

    p, o = position
    config = LEVELS[level]
    if legal_mask(p, o, variant).bit_count() < 2:
        return False
    if 64 - (p | o).bit_count() <= exact_threshold(config.seconds, config.exact_empties):
        return False
    if config.book_margin is not None and variant != ANTI:
        from ..engine.book import standard_book

        return not standard_book().move_values(p, o)
    return True


FEATURE = Feature("pondering", Pondering,
                  (Command("ponder", Pondering.step, "pondering", slice=True, cancellable=True),), plays=True)
