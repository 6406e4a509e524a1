"""The review open on the page and its analysis (review, import, link, watch), as a room.

While a game is reviewed the game in play waits, paused (the bridge holds it while any
room is open).  One analysis runs at a time, on the game under review, one position per
request.  Its commands are declared in :data:`FEATURE`; B9, E2, R6, P7.
"""

from __future__ import annotations

from typing import Any, ClassVar, NotRequired, TypedDict

from ...engine.notation import IllegalMoveError, NotationError
from .. import page_events as app_ev
from .. import pasted, wording
from ..files import games_of as files_games
from ..game_text import Played, parse_game, parse_link
from ..house import Command, Feature, Host
from .analysis import AnalysisReport, GameAnalysis
from .frames import Review, chosen_game, review_of
from .watch import watch_step

NAME = "review"


class ReviewFields(TypedDict):
    """The review's reply fields: ``analysis`` (the running analysis, or None) and, only in
    the replies that open or extend a review, ``review`` (its frames, :mod:`.frames`)."""

    analysis: AnalysisReport | None
    review: NotRequired[Review]


class Reviews:
    """Whether a review is open, its analysis, and the frames a reply brings."""

    name: ClassVar[str] = NAME
    opens_over: ClassVar[tuple[str, ...]] = ()

    def __init__(self, host: Host) -> None:
        self.host = host
        self.is_open = False
        self.analysis: GameAnalysis | None = None
        #: The review this request opens or extends, reported once.
        self.payload: Review | None = None

    @property
    def open(self) -> bool:
        """Checks if a review is open."""
        return self.is_open

    @property
    def busy(self) -> bool:
        """Checks if a review or an analysis is open (P7: a busy tab does not adopt a game)."""
        return self.is_open or self.analysis is not None

    def show(self, review: Review) -> None:
        """Opens ``review`` on the page."""
        self.is_open, self.analysis, self.payload = True, None, review

    def leave(self) -> None:
        """``close_review`` {}: closes the review and its analysis, saying so when one was open."""
        if self.is_open:
            self.host.events.append(app_ev.ReviewClosed())
        self.is_open, self.analysis = False, None

    def show_game(self, source: str, index: int | None = None) -> None:
        """``review`` {"source": "current" | "history", "index": n}: a game's frames
        (:func:`.frames.chosen_game`)."""
        self.show(chosen_game(self.host.session, source, index))

    def import_game(self, text: str) -> None:
        """``import_transcript`` {"text"}: a pasted game (an optional board string, then a
        transcript or a numbered move list, after any tag pairs; or GGF records, of which the
        first opens), checked, opened in review (R6, R7, E2).

        :raises ValueError: with the words that say why it cannot be opened.
        """
        self._open_text(text, link=False)

    def import_files(self, files: Any) -> None:
        """``import_files`` {"files": [{"name", "data": base64}]}: the first game of the game
        files opened or dropped on the page (GGF, text, WTHOR with its names), opened in
        review (R9).

        :raises ValueError: with the words that name the file and say why it cannot be opened.
        """
        games = files_games(files)
        game = games[0]
        title = wording.imported_title(False, game.black, game.white, game.date, len(games))
        self.show(review_of(game.moves, title, "import", None, game.start, game.variant))
        self.host.events.append(app_ev.Imported(len(game.moves)))

    def open_link(self, fragment: str) -> None:
        """``open_link`` {"fragment"}: the game of a link (``#moves=…``), checked and opened
        in review; the game in play is not touched (:func:`reversi.app.game_text.parse_link`)."""
        self._open_text(fragment, link=True)

    def _open_text(self, text: str, *, link: bool) -> None:
        try:
            games = [pasted.PastedGame(*parse_link(text), "", "", "", "")] if link else pasted.read(text)
        except (NotationError, IllegalMoveError) as error:
            raise ValueError(wording.transcript_problem(error, link=link)) from None
        game = games[0]
        if not game.moves and game.start is None:
            raise ValueError(wording.transcript_problem(None, link=link))
        self.show(review_of(game.moves, wording.imported_title(link, game.black, game.white, game.date, len(games)),
                            "import", None, game.start, game.variant))
        self.host.events.append(app_ev.Imported(len(game.moves)))

    def watch(self, moves: str, black: str, white: str, seed: int = 0) -> None:
        """``watch`` {"moves", "black", "white", "seed"}: the next placement of a game between
        two levels (``moves``: the last reply's ``transcript``, "" for a new game of the chosen
        rules), shown as a review that grows in place."""
        review = watch_step(moves, black, white, seed, self.host.session.settings.variant)
        if moves and self.is_open:
            self.payload = review
        else:
            self.show(review)

    def start_analysis(self, moves: str, title: str = "Game", human: str | None = None) -> None:
        """``analysis_start`` {"moves", "title", "human"}: analyses a game given as text (an
        optional board string, then moves), one position per ``analysis_step``.

        :raises ValueError: when the game is part of the unfinished game in play (analysis
            is assistance) or the text is not a game.
        """
        self.analyse(parse_game(moves), title, human)

    def analyse(self, game: Played, title: str, human: str | None) -> None:
        """Starts analysing ``game`` (see :meth:`start_analysis`)."""
        if not self.host.session.may_analyse(*game):
            raise ValueError(wording.say("analysis.refused"))
        self.analysis = GameAnalysis(game, title, human)
        self.host.events.append(app_ev.AnalysisStarted(title))

    def stop_analysis(self) -> None:
        """``analysis_stop`` {}: stops the running analysis; the review stays open."""
        self.analysis = None

    def step(self) -> None:
        """``analysis_step`` {}: analyses the next position of the running analysis."""
        if self.analysis is None or self.analysis.done:
            return
        self.analysis.step()
        if self.analysis.done:
            self.host.events.append(app_ev.AnalysisFinished())

    def report(self) -> ReviewFields:
        """Returns the reply fields (:class:`ReviewFields`); the frames go once."""
        fields = ReviewFields(analysis=self.analysis.report() if self.analysis else None)
        if self.payload is not None:
            fields["review"], self.payload = self.payload, None
        return fields


FEATURE = Feature(NAME, Reviews, (
    Command("review", Reviews.show_game, NAME, opens=NAME),
    Command("close_review", Reviews.leave, NAME, status=True),
    Command("import_transcript", Reviews.import_game, NAME, opens=NAME),
    Command("import_files", Reviews.import_files, NAME, opens=NAME),
    Command("open_link", Reviews.open_link, NAME, opens=NAME),
    Command("watch", Reviews.watch, NAME, opens=NAME, cancellable=True),
    Command("analysis_start", Reviews.start_analysis, NAME),
    Command("analysis_step", Reviews.step, NAME, cancellable=True),
    Command("analysis_stop", Reviews.stop_analysis, NAME),
))
