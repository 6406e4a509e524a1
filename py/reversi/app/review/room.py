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
    """The review's reply fields: ``analysis`` (the running analysis, or None),
    ``imported`` (the games of the text or files opened last, when they hold more than one:
    ``index``, ``count`` and ``label``, R9; else None) and, only in the replies that open or
    extend a review, ``review`` (its frames, :mod:`.frames`)."""

    analysis: AnalysisReport | None
    imported: dict[str, Any] | None
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
        #: The games of the text or files opened last (R9), and which of them is shown.
        self.imported: list[pasted.PastedGame] = []
        self.imported_at = 0

    @property
    def open(self) -> bool:
        """Checks if a review is open."""
        return self.is_open

    @property
    def busy(self) -> bool:
        """Checks if a review or an analysis is open (P7: a busy tab does not adopt a game)."""
        return self.is_open or self.analysis is not None

    def show(self, review: Review, imported: bool = False) -> None:
        """Opens ``review`` on the page; unless it is one of the games opened together
        (``imported``), those are forgotten."""
        self.is_open, self.analysis, self.payload = True, None, review
        if not imported:
            self.imported = []

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
        self.imported = files_games(files)
        self.imported_game(0)

    def imported_game(self, index: Any = None, step: Any = None) -> None:
        """``import_game_at`` {"index"} or {"step": -1 | 1}: opens another game of the text or
        files opened last (R9: 0 is the first), or the one before or after the game shown."""
        if step in (-1, 1):
            index = self.imported_at + step
        if type(index) is not int or not 0 <= index < len(self.imported):
            raise ValueError(f"there is no game {index!r} among those opened")
        game, self.imported_at = self.imported[index], index
        title = wording.imported_title(False, game.black, game.white, game.date, len(self.imported), index + 1)
        self.show(review_of(game.moves, title, "import", None, game.start, game.variant), imported=True)
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
        if not games[0].moves and games[0].start is None:
            raise ValueError(wording.transcript_problem(None, link=link))
        if link:
            self.imported = []
            self.show(review_of(games[0].moves, wording.imported_title(True, "", "", "", 1), "import", None,
                                games[0].start, games[0].variant))
            self.host.events.append(app_ev.Imported(len(games[0].moves)))
        else:
            self.imported = games
            self.imported_game(0)

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
        count = len(self.imported)
        imported = {"index": self.imported_at, "count": count,
                    "label": wording.say("title.game_of_short", k=self.imported_at + 1, n=count)} if count > 1 else None
        fields = ReviewFields(analysis=self.analysis.report() if self.analysis else None, imported=imported)
        if self.payload is not None:
            fields["review"], self.payload = self.payload, None
        return fields


FEATURE = Feature(NAME, Reviews, (
    Command("review", Reviews.show_game, NAME, opens=NAME),
    Command("close_review", Reviews.leave, NAME, status=True),
    Command("import_transcript", Reviews.import_game, NAME, opens=NAME),
    Command("import_files", Reviews.import_files, NAME, opens=NAME),
    Command("import_game_at", Reviews.imported_game, NAME, opens=NAME),
    Command("open_link", Reviews.open_link, NAME, opens=NAME),
    Command("watch", Reviews.watch, NAME, opens=NAME, cancellable=True),
    Command("analysis_start", Reviews.start_analysis, NAME),
    Command("analysis_step", Reviews.step, NAME, cancellable=True),
    Command("analysis_stop", Reviews.stop_analysis, NAME),
))
