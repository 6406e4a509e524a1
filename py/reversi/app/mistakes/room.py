"""Learn from your own games (N6-N8): the room the bridge wires.  It owns the analysis
under way (:class:`reversi.app.mistakes.finding.Work`), the saved part
(:class:`reversi.app.mistakes.book.Book`) and the retried mistake; it offers the
commands (:func:`commands`) and the snapshot's ``mistakes`` field.

The game analysed is the newest history record that kept its moves and is not in the
part yet: the game that just ended (its attempt's first result, A1), or, after a
reload, the one whose analysis was cut short.  Older games are not analysed (a long
history never turns into background work).  A game that ends again after Undo is
practice and not recorded, so it is not analysed either.  Every game's mistakes
become retries, in its rules (V1): the puzzle card plays the retried position in its
game's variant, and its verdicts are that variant's values.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any, Callable

from ...engine.notation import format_board, format_transcript, parse_square
from ...engine.puzzle_set import Puzzle
from ...engine.variants import STANDARD
from ...game.results import Record, key
from ...game.session import Session
from .. import wording
from .book import PART, Book, retry_board
from .finding import THRESHOLD, Work, accuracy, move_value
from .views import Trend, listing, mark_review

__all__ = ["PART", "Room", "commands"]


class Room:
    """The analysis under way, the stored games and mistakes, and the retry shown."""

    def __init__(self) -> None:
        self.book = Book()
        self.work: Work | None = None
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
        self.reviewed: tuple[dict[str, Any], list[Any]] | None = None
        self.review_seen: tuple[Any, ...] = ()

    # -- the saved part ----------------------------------------------------------------
    def load(self, texts: dict[str, str | None], notices: list[str]) -> None:
        """Reads the part; a damaged one is named (P3)."""
        self.__init__()  # type: ignore[misc]
        self.book, whole = Book.read(texts.get(PART))
        if not whole:
            notices.append(wording.say("save.mistakes_unreadable"))

    def external(self, text: str | None) -> None:
        """Merges what another tab stored (P7)."""
        if text is not None:
            self.book.merge(Book.read(text)[0])

    def due(self, known: dict[str, str]) -> dict[str, str]:
        """Returns the part to store once there is something in it (or it is stored)."""
        return {PART: self.book.text()} if self.book.games or PART in known else {}

    # -- the analysis (N6, N7) --------------------------------------------------------------
    def pending(self, session: Session) -> Work | None:
        """Returns the analysis to do: the newest recorded game's, unless it is done."""
        history = session.progress.history
        record = history[-1] if len(history) else None
        if record is None or key(record) in self.book.games or key(record) <= self.book.shed_to:
            self.work = None
        elif self.work is None or self.work.game != key(record):
            self.work = Work.of_record(record)
        return self.work

    def step(self, session: Session) -> None:
        """Analyses one placement of the pending game; a finished analysis is stored."""
        work = self.pending(session)
        if work is None:
            return
        work.step()
        if work.done:
            record = session.progress.history[-1]
            about = {"level": record["level"] if record["mode"] == "computer" else "local", "variant": work.variant}
            self.book.add_game(work.game, work.average_losses(), work.found, about=about)
            self.news = wording.say("mistakes.done", len(work.found),
                                    accuracy=self.accuracy_words(record, self.book.games[work.game]))
            self.work = None

    # -- the retry (N8) --------------------------------------------------------------------
    def retry_puzzle(self, which: Any, today: Callable[[], str],
                     game: str | None = None) -> tuple[Puzzle, Callable[[str], tuple[bool, int]]]:
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
                self.values[square] = move_value(board, parse_square(square))
            right = item["value"] - self.values[square] < THRESHOLD[item["exact"]]
            if right:
                self.book.solved(item["id"], today())
            return right, round(self.values[square])

        puzzle = Puzzle(0, 1, format_board(board.black, board.white, board.turn), "best",
                        tuple((s, round(v)) for s, v in self.values.items()), board.variant)
        return puzzle, judge

    def retitle(self, report: dict[str, Any] | None) -> dict[str, Any] | None:
        """Returns the puzzle card's report with a retried mistake's title."""
        if report is not None and report["number"] == 0 and self.retrying is not None:
            title = wording.say("mistakes.retry_title", move=self.retrying["move"])
            variant = retry_board(self.retrying["id"]).variant
            if variant != STANDARD:  # the rules it is played in (V1)
                title = wording.say("stats.rules", label=title, rules=wording.variant_name(variant))
            report["words"].update(title=title,
                                   next=wording.say("mistakes.next"))
            report["mistake"], report["mistake_game"] = self.retrying["id"], self.only
            left = len(self.book.to_retry())  # the retries' progress, not the puzzles' rating
            report["progress"].update(ratings=[], words={
                "rating": wording.say("mistakes.retry", left) if left else "", "solved": "", "streak": "",
                "daily": ""})
        return report

    # -- the snapshot ------------------------------------------------------------------------
    def report(self, session: Session) -> dict[str, Any]:
        """Returns the snapshot's ``mistakes`` field: ``due`` (a step to run), ``progress``
        (words), ``card`` (the finished game's list, or None) and the retries left."""
        work = self.pending(session) if session.board.is_game_over() else None
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

    def fill(self, reply: dict[str, Any], session: Session, reviewing: bool = False) -> None:
        """Adds this room's fields to a snapshot: ``mistakes`` (:meth:`report`), a retried
        mistake's puzzle title, each analysed history row's mistakes and accuracy, and the
        review's mistakes: in the reply that opens it, and again (``review_update``: the
        open review, marked anew) whenever the analysis of its game went on (N6)."""
        reply["mistakes"] = self.report(session)
        reply["puzzle"] = self.retitle(reply.get("puzzle"))
        reply["accuracy_trend"] = self.trend.report(self.book)
        for page in (reply["history"], reply.get("history_page")):
            if page:
                self.decorate(page)
        review = reply.get("review")
        if review is not None:
            self.reviewed = (review, copy.deepcopy(review["move_list"])) if review.get("record") else None
        elif not reviewing:
            self.reviewed = None
        if self.reviewed is None:
            return
        shown, plain = self.reviewed
        seen = self.review_state(shown["record"])
        if review is not None or seen != self.review_seen:
            marked = review if review is not None else {**shown, "move_list": copy.deepcopy(plain)}
            self.mark(marked)
            if review is None:
                reply["review_update"] = marked
            self.review_seen = seen

    def review_state(self, game: str) -> tuple[Any, ...]:
        """Returns what the review of ``game`` shows of its analysis: when it changes, the
        open review is sent again."""
        work = self.work if self.work is not None and self.work.game == game else None
        left = sum(1 for item in self.book.items.values() if item["game"] == game)
        return game in self.book.games, work.progress()["done"] if work else None, left

    def mark(self, review: dict[str, Any]) -> None:
        """Lists a recorded game's mistakes in its review and marks them in its move list
        (N6): all of them once it is analysed, else those found so far with the progress."""
        human = review["human"]
        record = {"mode": "computer" if human else "local", "side": human}
        card = self.card(record, review["record"]) or self.so_far(record, review["record"])
        if card is not None:
            retry = sum(1 for item in self.book.items.values() if item["game"] == review["record"])
            mark_review(review, card, retry, review["record"])

    def decorate(self, page: dict[str, Any]) -> dict[str, Any]:
        """Adds to each history row its mistakes count and accuracy (N7), when analysed, and
        the mistakes of it still to retry (``retry``, N8) with the key that retries them."""
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


def commands(bridge: Any) -> dict[str, Callable[..., None]]:
    """Returns the bridge's commands of this room (N6-N8); ``bridge`` gives the room
    (``mistakes``), the session, the puzzles, the review and the reply's extra fields:

    - ``mistakes_step`` {}: one placement of the pending analysis (while ``mistakes.due``);
    - ``mistakes_list`` {}: the mistakes to retry (reply field ``mistake_list``);
    - ``mistake_retry`` {"which": position | "next", "game": record key (optional: that
      game's mistakes only)}: opens one in the puzzle card (the game in play waits,
      paused, as for a puzzle); the puzzle commands then apply.
    """
    room: Room = bridge.mistakes

    def retry(which: Any = "next", game: Any = None) -> None:
        puzzle, judge = room.retry_puzzle(which, lambda: bridge.today, game if isinstance(game, str) else None)
        bridge.puzzles.enter(puzzle, bridge.today, bridge.session, reviewing=bridge.reviews.open, judge=judge)

    return {
        "mistakes_step": lambda: room.step(bridge.session),
        "mistakes_list": lambda: bridge.extra.update(mistake_list=[
            {"id": i["id"], "move": i["move"], "side": i["side"], "played": i["played"], "best": i["best"],
             "cost": i["cost"], "exact": i["exact"]} for i in room.book.to_retry()]),
        "mistake_retry": retry,
    }
