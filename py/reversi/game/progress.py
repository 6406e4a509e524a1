"""What the player carries from game to game: the attempt, its first result, the
results history and the stars (A1-A5, S1-S8, P7, P9).

The session tells :class:`Progress` when a game ended, when assistance was
used and which stars a placement earns; it answers with the events to report.
"""

from __future__ import annotations

from typing import Callable, Iterable

from ..engine.board import Outcome
from ..engine.notation import format_board
from ..engine.variants import STANDARD
from . import events as ev
from .history import History, Item
from .play import Game
from .results import Attempt, first_result, key
from .stars import Shelf, result_stars


class Progress:
    """The attempt in play, the results history and the star shelf."""

    def __init__(self, started: str) -> None:
        self.attempt = Attempt(started=started)
        self.history = History()
        self.shelf = Shelf()

    def new_attempt(self, started: str) -> None:
        """Begins the next attempt (A1)."""
        self.attempt = Attempt(id=self.attempt.id + 1, started=started)

    def mark_practice(self) -> list[ev.Event]:
        """Marks the attempt as practice (A2); reports it the first time."""
        if self.attempt.practice:
            return []
        self.attempt.practice = True
        return [ev.PracticeMarked()]

    def earn(self, stars: list[str], *, limited: bool) -> list[ev.Event]:
        """Adds the ``stars`` not yet earned (``limited``: S1-S4 only) and reports them."""
        new = self.shelf.earn(stars, limited=limited)
        self.attempt.stars.extend(new)
        return [ev.StarEarned(s) for s in new]

    def game_ended(self, game: Game, outcome: Outcome, clock: Callable[[], str],
                   moves: str) -> list[ev.Event]:
        """Records the attempt's first result if this is the first time one of its
        games ended (A1, A3; a challenge win, A4, counts for S8) and reports the
        stars it earns (S4-S8)."""
        if self.attempt.first_result is not None:
            return []
        start = format_board(*game.line.start) if game.line.start else None
        record = first_result(self.attempt, outcome, mode=game.mode, side=game.side,
                              level=game.level, human=game.human, date=clock(), moves=moves, start=start,
                              balanced=bool(game.balanced_line))
        self.attempt.first_result = record
        self.history.append(record)
        # S5-S8 are earned by standard computer games from the opening only (S9, E2, V3).
        limited = game.mode == "local" or game.set_up or game.variant != STANDARD
        if record["challenge"]:
            self.shelf.wins.append(key(record))
        return self.earn(result_stars(computer=game.mode == "computer",
                                      won=record["result"] == "win", challenge=record["challenge"],
                                      level=game.level, challenge_wins=len(self.shelf.wins)),
                         limited=limited)

    def merge(self, history: Iterable[Item], shelf: Shelf) -> list[ev.Event]:
        """Adds another tab's results (stored items) and stars to these (a union: P7)
        and reports the stars this tab had not shown yet."""
        self.history.merge(history)
        return [ev.StarEarned(s) for s in self.shelf.merge(shelf)]

    def clear_history(self) -> list[ev.Event]:
        """Empties the results history; the stars stay (they are kept forever)."""
        self.history = History()
        return [ev.HistoryCleared()]
