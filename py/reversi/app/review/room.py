"""The review open on the page and its analysis (review, import, watch, set-up analysis).

While a game is reviewed the game in play waits, paused, and resumes when the
review closes (the session's rule).  One analysis runs at a time, on the game
under review, one position per request.
"""

from __future__ import annotations

from typing import Any

from ...engine.notation import IllegalMoveError, NotationError
from ...game.events import Event
from ...game.session import Session
from .. import page_events as app_ev
from .. import wording
from ..game_text import Played, parse_game, parse_link
from .analysis import GameAnalysis
from .frames import review_of
from .watch import watch_step


class Reviews:
    """Whether a review is open, its analysis, and the frames a reply brings."""

    def __init__(self) -> None:
        self.open = False
        self.analysis: GameAnalysis | None = None
        #: The review a reply opens or extends (cleared at each request).
        self.payload: dict[str, Any] | None = None

    def new_request(self) -> None:
        """Forgets the frames of the last reply: a new request brings its own, if any."""
        self.payload = None

    def show(self, session: Session, review: dict[str, Any]) -> None:
        """Opens ``review`` on the page; the game in play pauses meanwhile."""
        if not self.open:
            session.open_review()
            self.open = True
        self.analysis = None
        self.payload = review

    def close(self, session: Session) -> list[Event]:
        """Closes the review and its analysis; the game in play resumes if reviewing paused it."""
        was_open, self.open, self.analysis = self.open, False, None
        if not was_open:
            return []
        session.close_review()
        return [app_ev.ReviewClosed()]

    def drop(self) -> None:
        """Forgets the review and analysis without touching the game (it was replaced)."""
        self.open, self.analysis = False, None

    def import_game(self, session: Session, text: str, *, link: bool = False) -> list[Event]:
        """Opens a pasted game in review, after checking it (R6, E2); ``link``: the
        text is a link's fragment (:func:`reversi.app.game_text.parse_link`).

        :raises ValueError: with the words that say why it cannot be opened.
        """
        try:
            game = parse_link(text) if link else parse_game(text)
        except (NotationError, IllegalMoveError) as error:
            raise ValueError(wording.transcript_problem(error, link=link)) from None
        if not game.moves and game.start is None:
            raise ValueError(wording.transcript_problem(None, link=link))
        self.show(session, review_of(game.moves, wording.review_title("link" if link else "import"), "import", None,
                                     game.start, game.variant))
        return [app_ev.Imported(len(game.moves))]

    def watch(self, session: Session, moves: str, black: str, white: str, seed: int = 0) -> None:
        """Plays the next placement of a watched game and shows the game so far."""
        review = watch_step(moves, black, white, seed, session.settings.variant)
        if moves and self.open:
            self.payload = review  # the watched game grows in its open review
        else:
            self.show(session, review)

    def start_analysis(self, session: Session, moves: str, title: str, human: str | None) -> list[Event]:
        """Starts analysing a game given as text (an optional board string, then moves).

        :raises ValueError: when the game is part of the unfinished game in play (analysis
            is assistance) or the text is not a game.
        """
        game = parse_game(moves)
        return self.analyse(session, game, title, human)

    def analyse(self, session: Session, game: Played, title: str, human: str | None) -> list[Event]:
        """Starts analysing ``game`` (see :meth:`start_analysis`)."""
        if not session.may_analyse(*game):
            raise ValueError(wording.say("analysis.refused"))
        self.analysis = GameAnalysis(game, title, human)
        return [app_ev.AnalysisStarted(title)]

    def stop_analysis(self) -> None:
        """Stops the running analysis, if any; the review stays open."""
        self.analysis = None

    @property
    def busy(self) -> bool:
        """Checks if a review or an analysis is open (P7: a busy tab does not adopt a game)."""
        return self.open or self.analysis is not None

    def step(self) -> list[Event]:
        """Analyses the next position of the running analysis, if any."""
        if self.analysis is None or self.analysis.done:
            return []
        self.analysis.step()
        return [app_ev.AnalysisFinished()] if self.analysis.done else []

    def report(self) -> dict[str, Any] | None:
        """Returns the running analysis for the snapshot, or None."""
        return self.analysis.report() if self.analysis else None
