"""Learn from your own games (N6-N8), as a feature: the analysis under way
(:class:`reversi.app.mistakes.finding.Work`), the stored part ``mistakes``
(:class:`reversi.app.mistakes.book.Book`, the first to give way, P9) and the retried
mistake, shown in the puzzle card in its game's rules (V1); its commands, reply fields
and marks on the puzzle, the history rows and the review are declared in :data:`FEATURE`.
Only the newest recorded game not yet analysed is analysed: which, and why,
``docs/features.md``.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any, Callable, ClassVar, NotRequired, TypedDict

from ...engine.board import COLOR_NAMES
from ...engine.notation import format_board, format_transcript, parse_square
from ...engine.puzzle_set import Puzzle
from ...engine.valuing import move_value
from ...engine.variants import STANDARD
from ...game.results import Record, key
from .. import wording
from ..house import Command, Feature, Host
from ..puzzle_mode import PuzzleReport, Puzzles
from ..review.frames import Review
from .book import PART, Book, retry_board
from .finding import MISTAKES, Work, accuracy
from .views import Trend, listing, mark_review

__all__ = ["FEATURE", "PART", "Room"]


class MistakesReport(TypedDict):
    """The analysis of the person's mistakes (N6-N8): ``due`` (the page asks for
    ``mistakes_step`` while true), ``card`` (the finished game's list and accuracy for the
    result card, or None), ``retry_count``, ``news`` (said once, when an analysis ends),
    ``progress`` and ``retry_label`` (words)."""

    due: bool
    card: dict[str, Any] | None
    retry_count: int
    news: str
    progress: str
    retry_label: str


class MistakesFields(TypedDict):
    """The reply fields: ``mistakes``, ``accuracy_trend`` (the statistics' trend, N7, or
    None before any analysed game) and, made by the overlay :meth:`Room.update_review`,
    ``review_update`` (the open review marked anew as its analysis goes on)."""

    mistakes: MistakesReport
    accuracy_trend: dict[str, Any] | None
    review_update: NotRequired[Review | None]


class Room:
    """The analysis under way, the stored games and mistakes, and the retry shown."""

    part: ClassVar[str] = PART
    shed_rank: ClassVar[int] = 1

    def __init__(self, host: Host) -> None:
        self.host = host
        self.book = Book()
        self.work: Work | None = None
        #: An imported game to analyse for one side (R12), before the history's newest.
        self.queued: Work | None = None
        #: The mistake retried in the puzzle card (its stored item), and its moves' values.
        self.retrying: dict[str, Any] | None = None
        self.values: dict[str, float] = {}
        #: The game whose mistakes are retried (from its review or history row), or None: all.
        self.only: str | None = None
        #: What the live region says once, when an analysis finds the mistakes (N6).
        self.news = ""
        self.trend = Trend()
        #: The open review of a recorded game, with its move list unmarked, and what its
        #: marks showed last (:meth:`review_state`), or None.
        self.reviewed: tuple[Review, list[Any]] | None = None
        self.review_seen: tuple[Any, ...] = ()
        #: This reply opened a review (its marks are in it: no update follows).
        self.opened = False

    # -- the saved part ----------------------------------------------------------------
    def load(self, text: str | None) -> list[str]:
        """Reads the part; a damaged one is named (P3)."""
        self.book, whole = Book.read(text)
        self.work = self.retrying = self.only = self.reviewed = self.queued = None
        self.values, self.news, self.review_seen = {}, "", ()
        return [] if whole else [wording.say("save.mistakes_unreadable")]

    def merge(self, text: str | None) -> None:
        """Merges what another tab stored (P7)."""
        if text is not None:
            self.book.merge(Book.read(text)[0])

    def stored(self, known: bool) -> str | None:
        """Returns the part to store once there is something in it (or it is stored)."""
        return self.book.text() if self.book.games or known else None

    def shed(self, room: int) -> int:
        """Gives up the oldest games while the part takes more than ``room`` (P9)."""
        self.book.shed(room)
        return len(self.book.text())

    # -- the analysis (N6, N7) --------------------------------------------------------------
    def learn(self, game: str, moves: list[int], start: Any, variant: str, side: str) -> None:
        """Analyses a game of the library for ``side``'s mistakes next (R12), unless it is
        analysed already; they are retried as the person's own (N8)."""
        if game not in self.book.games:
            self.queued = Work(game, moves, start, variant, (COLOR_NAMES.index(side),))

    def pending(self) -> Work | None:
        """Returns the analysis to do: the library game's asked for, else the newest
        recorded game's, unless it is done."""
        if self.queued is not None and self.queued.game not in self.book.games:
            self.work = self.queued
            return self.work
        self.queued = None
        history = self.host.session.progress.history
        record = history[-1] if len(history) else None
        if record is None or key(record) in self.book.games or key(record) <= self.book.shed_to:
            self.work = None
        elif self.work is None or self.work.game != key(record):
            self.work = Work.of_record(record)
        return self.work

    def step(self) -> None:
        """``mistakes_step`` {}: analyses one placement of the pending game (while
        ``mistakes.due``); a finished analysis is stored."""
        work = self.pending()
        if work is None:
            return
        work.step()
        if work.done:
            if work is self.queued:  # a game of the library: not the person's own trend (N7)
                record: Record = {"mode": "computer", "side": COLOR_NAMES[work.people[0]]}
                about, self.queued = {"level": "import", "variant": work.variant}, None
            else:
                record = self.host.session.progress.history[-1]
                about = {"level": record["level"] if record["mode"] == "computer" else "local", "variant": work.variant}
            self.book.add_game(work.game, work.average_losses(), work.found, about=about)
            self.news = wording.say("mistakes.done", len(work.found),
                                    accuracy=self.accuracy_words(record, self.book.games[work.game]))
            self.work = None

    # -- the retry (N8) --------------------------------------------------------------------
    def retry(self, which: Any = "next", game: Any = None) -> None:
        """``mistake_retry`` {"which": position | "next", "game": record key (optional: that
        game's mistakes only)}: opens one in the puzzle card (the game in play waits, paused,
        as for a puzzle); the puzzle commands then apply."""
        puzzles: Puzzles = self.host.room("puzzles")
        puzzles.show_retry(*self.retry_puzzle(which, game if isinstance(game, str) else None))

    def listed(self) -> None:
        """``mistakes_list`` {}: the mistakes to retry (reply field ``mistake_list``)."""
        self.host.extra["mistake_list"] = [
            {"id": i["id"], "move": i["move"], "side": i["side"], "played": i["played"], "best": i["best"],
             "cost": i["cost"], "exact": i["exact"]} for i in self.book.to_retry()]

    def retry_puzzle(self, which: Any, game: str | None = None) -> tuple[Puzzle, Callable[[str], tuple[bool, int]]]:
        """Returns the mistake ``which`` (its position, or ``"next"``: the one after the mistake
        retried last, else the first; of the game ``game`` only, while it has some) as a
        puzzle, with the judge of the answers (right: it loses less than the threshold of N6)."""
        items = self.book.to_retry()
        mine = [i for i in items if i["game"] == game]
        self.only, items = (game, mine) if mine else (None, items)
        ids = [i["id"] for i in items]
        last = ids.index(self.retrying["id"]) if self.retrying is not None and self.retrying["id"] in ids else -1
        item = items[(last + 1) % len(items)] if which == "next" and items else self.book.items.get(which)
        if item is None:
            raise ValueError(f"there is no mistake {which!r} to retry")
        self.retrying, board = item, retry_board(item["id"])  # in its game's rules (V1)
        self.values = {item["best"]: item["value"], item["played"]: item["value"] - item["cost"]}

        def judge(square: str) -> tuple[bool, int]:
            if square not in self.values:
                self.values[square] = move_value(board, parse_square(square), MISTAKES)
            right = item["value"] - self.values[square] < MISTAKES.threshold(item["exact"])
            if right:
                self.book.solved(item["id"], self.host.today)
            return right, round(self.values[square])

        puzzle = Puzzle(0, 1, format_board(board.black, board.white, board.turn), "best",
                        tuple((s, round(v)) for s, v in self.values.items()), board.variant)
        return puzzle, judge

    def retitle(self, report: PuzzleReport | None) -> PuzzleReport | None:
        """Overlay on ``puzzle``: a retried mistake's title and the retries left."""
        if report is not None and report["number"] == 0 and self.retrying is not None:
            title = wording.say("mistakes.retry_title", move=self.retrying["move"])
            variant = retry_board(self.retrying["id"]).variant
            if variant != STANDARD:  # the rules it is played in (V1)
                title = wording.say("stats.rules", label=title, rules=wording.variant_name(variant))
            report["words"].update(title=title,
                                   next=wording.say("mistakes.next"))
            report["mistake"], report["mistake_game"] = self.retrying["id"], self.only
            left = len(self.book.to_retry())  # the retries' progress, not the puzzles' rating
            report["progress"]["ratings"] = []
            report["progress"]["words"] = {"rating": wording.say("mistakes.retry", left) if left else "",
                                           "solved": "", "streak": "", "daily": ""}
        return report

    # -- the snapshot ------------------------------------------------------------------------
    def report(self) -> MistakesFields:
        """Returns the reply fields (:class:`MistakesFields`)."""
        return {"mistakes": self.mistakes(), "accuracy_trend": self.trend.report(self.book)}

    def mistakes(self) -> MistakesReport:
        """Returns the reply field ``mistakes`` (:class:`MistakesReport`)."""
        session = self.host.session
        work = self.pending() if session.board.is_game_over() or self.queued is not None else None
        first, line = session.progress.attempt.first_result, session.game.line
        # the card is the recorded game's only while that game is the one on the board (not
        # a practice ending after Undo, A2)
        shown = first is not None and session.board.is_game_over() and first.get("moves") == format_transcript(
            line.moves[:line.cursor])
        card = self.card(first) if shown and first is not None else None
        left = len(self.book.to_retry())
        done = work.progress() if work is not None else None
        news, self.news = self.news, ""
        return {"due": work is not None, "card": card, "retry_count": left, "news": news,
                "progress": wording.say("mistakes.progress", done=done["done"], total=done["total"]) if done else "",
                "retry_label": wording.say("mistakes.retry", left) if left else ""}

    def card(self, record: Record, game_key: str | None = None) -> dict[str, Any] | None:
        """Returns a recorded game's mistakes as the result card lists them, or None when
        it is not analysed yet (``game_key``: its key, when ``record`` gives only its
        ``mode`` and ``side``)."""
        game = self.book.games.get(game_key or key(record))
        if game is None:
            return None
        return listing(record["mode"], [tuple(row) for row in game["list"]], self.accuracy_words(record, game))

    def so_far(self, record: Record, game_key: str) -> dict[str, Any] | None:
        """Returns the mistakes found so far in a game still analysed, listed as :meth:`card`
        lists them, with the analysis's progress in words, or None when it is not the one
        analysed (N6: a review opened before the analysis ends)."""
        work = self.work
        if work is None or work.game != game_key:
            return None
        rows = [(m.move, m.side, m.played, m.best, m.cost, m.exact) for m in work.found]
        done = work.progress()
        return listing(record["mode"], rows, "", wording.say("mistakes.progress", done=done["done"],
                                                            total=done["total"]))

    def accuracy_words(self, record: Record, game: dict[str, Any]) -> str:
        """Returns a game's accuracy (N7) in words: the person's, or both players'."""
        loss = game["loss"]
        if record["mode"] == "computer":
            side = record["side"]
            return wording.say("mistakes.accuracy", score=accuracy(loss[side])) if side in loss else ""
        return wording.say("mistakes.accuracy_both", black=accuracy(loss.get("black", 0.0)),
                           white=accuracy(loss.get("white", 0.0)))

    def mark_opened(self, review: Review | None) -> Review | None:
        """Overlay on ``review``: the review a reply opens lists its game's mistakes and
        marks them in its move list (N6); it is kept to be marked anew as the analysis goes."""
        self.opened = review is not None
        if review is not None:
            self.reviewed = (review, copy.deepcopy(review["move_list"])) if review.get("record") else None
            if self.reviewed is not None:
                self.mark(review)
                self.review_seen = self.review_state(self.reviewed[0]["record"] or "")
        return review

    def update_review(self, _: Any) -> Review | None:
        """Overlay on ``review_update``: the open review marked anew whenever the analysis of
        its game went on (N6), else None."""
        if not self.opened and not self.host.reviewing:
            self.reviewed = None
        if self.opened or self.reviewed is None:
            return None
        shown, plain = self.reviewed
        seen = self.review_state(shown["record"] or "")
        if seen == self.review_seen:
            return None
        marked: Review = {**shown, "move_list": copy.deepcopy(plain)}
        self.mark(marked)
        self.review_seen = seen
        return marked

    def review_state(self, game: str) -> tuple[Any, ...]:
        """Returns what the review of ``game`` shows of its analysis: when it changes, the
        open review is sent again."""
        work = self.work if self.work is not None and self.work.game == game else None
        left = sum(1 for item in self.book.items.values() if item["game"] == game)
        return game in self.book.games, work.progress()["done"] if work else None, left

    def mark(self, review: Review) -> None:
        """Lists a recorded game's mistakes in its review and marks them in its move list
        (N6): all of them once it is analysed, else those found so far with the progress."""
        human = review["human"]
        record = {"mode": "computer" if human else "local", "side": human}
        game = review.get("record") or ""
        card = self.card(record, game) or self.so_far(record, game)
        if card is not None:
            retry = sum(1 for item in self.book.items.values() if item["game"] == game)
            mark_review(review, card, retry, game)

    def decorate(self, page: dict[str, Any] | None) -> dict[str, Any] | None:
        """Overlay on ``history`` and ``history_page``: each analysed row's mistakes count
        and accuracy (N7), and the mistakes of it still to retry (``retry``, N8) with the key
        that retries them."""
        if page is None:
            return None
        left = Counter(item["game"] for item in self.book.items.values())
        for row in page["rows"]:
            game = self.book.games.get(key(row))
            if game is not None:
                row["mistakes"], row["retry"], row["game"] = len(game["list"]), left[key(row)], key(row)
                row["words"]["mistakes"] = wording.say("mistakes.history", len(game["list"]),
                                                       accuracy=self.accuracy_words(row, game))
                if left[key(row)]:
                    row["words"]["retry"] = wording.say("mistakes.retry", left[key(row)])
                    row["words"]["retry_date"] = wording.say("mistakes.retry_date", date="{date}")
        return page


FEATURE = Feature("mistakes", Room, (
    Command("mistakes_step", Room.step, "mistakes", cancellable=True),
    Command("mistakes_list", Room.listed, "mistakes"),
    Command("mistake_retry", Room.retry, "mistakes", opens="puzzles"),
), overlays=(("puzzle", Room.retitle), ("history", Room.decorate), ("history_page", Room.decorate),
             ("review", Room.mark_opened), ("review_update", Room.update_review)))
