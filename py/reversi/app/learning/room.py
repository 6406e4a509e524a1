"""Learning (N1-N5): How to play, the lessons, the first-visit invitation, and
the progress part.  Its own room: the bridge only wires it (:func:`commands`).

How to play (N1) is its own module (:mod:`.howto`).

A lesson (N2, :mod:`.lessons`) is judged tap by tap: a wrong tap changes nothing
and its words say why; a right one is played and the lesson is done, except in
the last lesson, played to the end against Easy with the solver as the judge of
every move.  Lessons never touch the game in play (which waits, paused, as in a
review), its attempt, its stars or its history.

Progress is its own saved part (``learn``, N4, P1, P3, P7, P9)::

    {"format": "reversi", "part": "learn", "version": 1, "done": [id, ...], "invited": bool}

``done`` names the lessons finished (an unknown name is dropped, so an older
page's part still reads); ``invited``: the first-visit invitation was shown
(N3).  Another tab's part merges as a union of ``done`` and ``invited``.  The
part holds at most every lesson's name once: under 400 characters, beside the
history's budget (P9), never in it.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from ...engine.bitboard import squares
from ...engine.board import Board
from ...engine.notation import parse_square, square_name
from .. import wording
from . import howto, lessons
from .lessons import LESSONS, Lesson

PART = "learn"
#: Commands after which the invitation is no longer offered (reading or storing is not acting).
PASSIVE = ("load", "load_history", "snapshot", "tick", "flush", "external", "storage_failed", "learn_rules")


class Progress:
    """Which lessons are done, and whether the invitation was shown (the saved part)."""

    def __init__(self, done: set[str] | None = None, invited: bool = False) -> None:
        self.done = set(done or ())
        self.invited = invited

    def text(self) -> str:
        """Returns the saved part's text."""
        return json.dumps({"format": "reversi", "part": PART, "version": 1,
                           "done": [i for i in lessons.IDS if i in self.done], "invited": self.invited},
                          separators=(",", ":"))

    @classmethod
    def read(cls, text: str | None) -> tuple[Progress, bool]:
        """Returns the progress of a stored text and whether it was readable (absent is
        readable; a damaged or foreign part gives fresh progress, P3)."""
        if text is None:
            return cls(), True
        try:
            data = json.loads(text)
            ok = (isinstance(data, dict) and data.get("part") == PART and data.get("version") == 1
                  and isinstance(data["done"], list) and isinstance(data["invited"], bool))
        except (ValueError, KeyError):
            ok = False
        if not ok:
            return cls(), False
        return cls({i for i in data["done"] if i in lessons.IDS}, data["invited"]), True

    def merge(self, other: Progress) -> None:
        """Takes in another tab's progress (P7)."""
        self.done |= other.done
        self.invited = self.invited or other.invited


class Room:
    """The lesson shown (if any), its board and how far the player got."""

    def __init__(self) -> None:
        self.progress = Progress()
        self.lesson: Lesson | None = None
        self.board = Board()
        #: trying, wrong, right (done, or a right move in the lesson played to the end).
        self.phase = "trying"
        self.verdict: lessons.Verdict | None = None
        #: The invitation is on show (N3): from a first visit's load until the player acts.
        self.inviting = False
        #: The opponent's last move in the lesson played to the end.
        self.answered: str | None = None

    # -- the saved part -------------------------------------------------------
    def load(self, texts: dict[str, str | None], notices: list[str]) -> None:
        """Reads the part (a damaged one is named, P3) and decides on the invitation:
        a first visit has no saved game and was never invited (N3)."""
        self.__init__()  # type: ignore[misc]
        self.progress, readable = Progress.read(texts.get(PART))
        if not readable:
            notices.append(wording.say("save.learn_unreadable"))
        if not self.progress.invited and not texts.get("game") and not texts.get("legacy"):
            self.inviting = self.progress.invited = True

    def external(self, text: str | None) -> None:
        """Merges what another tab stored (P7)."""
        if text is not None:
            self.progress.merge(Progress.read(text)[0])

    def due(self, known: dict[str, str]) -> dict[str, str]:
        """Returns the part to store when there is progress (nothing on a page never invited)."""
        return {PART: self.progress.text()} if self.progress.done or self.progress.invited or PART in known else {}

    # -- lessons -----------------------------------------------------------------
    @property
    def open(self) -> bool:
        """Checks if a lesson is shown."""
        return self.lesson is not None

    def show(self, which: Any) -> None:
        """Shows a lesson: ``"next"`` (the first not done, else the first) or its number (1-based)."""
        if which == "next":
            which = next((n for n, lesson in enumerate(LESSONS, 1) if lesson.id not in self.progress.done), 1)
        if type(which) is not int or not 1 <= which <= len(LESSONS):
            raise ValueError(f"there is no lesson {which!r}")
        self.lesson = LESSONS[which - 1]
        self.retry()

    def retry(self) -> None:
        """Sets the lesson's position again."""
        if self.lesson is None:
            raise ValueError("no lesson is shown")
        self.board, self.phase, self.verdict, self.answered = self.lesson.start(), "trying", None, None

    def tap(self, square: str) -> None:
        """Judges the player's tap (N2): a right one is played, a wrong one says why."""
        if self.lesson is None or self.phase == "right" and self.over() or self.computer_to_move():
            return
        index = parse_square(square)
        self.verdict = lessons.judge(self.lesson, self.board, index)
        self.answered = None
        if not self.verdict.right:
            self.phase = "wrong"
            return
        self.board.play(index)
        self.phase = "right"
        if self.over():
            self.progress.done.add(self.lesson.id)

    def over(self) -> bool:
        """Checks if the lesson is done: one right move, or the last lesson won."""
        if self.lesson is None or self.lesson.test != "finish":
            return self.phase == "right"
        outcome = self.board.outcome()
        return outcome is not None and outcome.winner == 0

    def computer_to_move(self) -> bool:
        """Checks if Easy is to move in the lesson played to the end."""
        return self.lesson is not None and self.lesson.test == "finish" and self.board.turn == 1 \
            and not self.board.is_game_over()

    def computer_move(self) -> None:
        """Plays Easy's move in the lesson played to the end."""
        if self.computer_to_move():
            from ...engine.players import choose_move

            p, o = self.board.mover_mask()
            square = choose_move(p, o, lessons.OPPONENT, seed=len(self.board.steps)).square
            self.board.play(square)  # type: ignore[arg-type]
            self.answered = square_name(square)  # type: ignore[arg-type]
            if not self.computer_to_move():
                self.phase = "trying" if not self.board.is_game_over() else self.phase
            if self.over():
                self.progress.done.add(self.lesson.id)  # type: ignore[union-attr]

    def close(self) -> None:
        """Leaves the lesson."""
        self.lesson = None

    # -- the snapshot ------------------------------------------------------------
    def report(self, method: str) -> dict[str, Any]:
        """Returns the snapshot's ``learn`` field; a command the player made ends the invitation."""
        if method not in PASSIVE:
            self.inviting = False
        total, done = len(LESSONS), sum(1 for lesson in LESSONS if lesson.id in self.progress.done)
        report: dict[str, Any] = {
            "invite": self.inviting, "done": done, "total": total, "all_done": done == total,
            "progress": wording.say("learn.progress.all" if done == total else "learn.progress",
                                    done=done, total=total),
            "list": [{"number": n, "title": wording.say(f"learn.{lesson.id}.title"),
                      "done": lesson.id in self.progress.done} for n, lesson in enumerate(LESSONS, 1)],
            "lesson": None,
        }
        if self.lesson is not None:
            report["lesson"] = self.lesson_report()
        return report

    def lesson_report(self) -> dict[str, Any]:
        """Returns the lesson shown: its board, phase and words."""
        lesson, board = self.lesson, self.board
        assert lesson is not None
        number = LESSONS.index(lesson) + 1
        black, white = board.counts()
        finished = self.over()
        playing = not finished and not self.computer_to_move() and not board.is_game_over()
        return {
            "number": number, "id": lesson.id, "phase": "done" if finished else self.phase,
            "cells": board.cells(), "counts": {"black": black, "white": white},
            "last": square_name(board.steps[-1].square) if board.steps else None,
            "flipped": [square_name(s) for s in squares(board.steps[-1].flips)] if board.steps else [],
            "legal": [square_name(s) for s in board.legal_moves()] if playing else [],
            "computer_to_move": self.computer_to_move(), "last_lesson": number == len(LESSONS),
            "words": {
                "title": wording.say("learn.title", number=number, total=len(LESSONS),
                                     name=wording.say(f"learn.{lesson.id}.title")),
                "name": wording.say(f"learn.{lesson.id}.title"),
                "goal": wording.say(f"learn.{lesson.id}.goal"),
                "message": self.message(finished),
            },
        }

    def message(self, finished: bool) -> str:
        """Returns the words of the last verdict, Easy's answer, and the lesson's end."""
        parts = []
        if self.verdict is not None:
            parts.append(verdict_words(self.verdict))
        if self.answered:
            parts.append(wording.say("learn.answered", square=self.answered))
        if self.lesson is not None and self.lesson.test == "finish" and self.board.is_game_over():
            black, white = self.board.counts()
            parts.append(wording.say("learn.finish.won" if finished else "learn.finish.lost", black=black, white=white))
        if finished:
            parts.append(wording.say("learn.all_done" if len(self.progress.done) == len(LESSONS)
                                     else "learn.lesson_done"))
        return " ".join(parts)


def verdict_words(verdict: lessons.Verdict) -> str:
    """Returns a verdict in words (lists and numbers in the language's own forms)."""
    values = dict(verdict.values)
    for key in ("flips", "corners"):
        if key in values:
            values[key] = wording.join(list(values[key]))
    count = values.pop("count", None)
    return wording.say(verdict.key, count, **values)


def commands(bridge: Any) -> dict[str, Callable[..., None]]:
    """Returns the bridge's learning commands (N1-N4); ``bridge`` gives the room
    (``learn``), the session, the review and the puzzles, and the reply's extra fields:

    - ``learn_rules`` {}: How to play (reply field ``howto``, :func:`.howto.rules`);
    - ``learn_open`` {"which": "next" | number}: shows a lesson; the game in play waits,
      paused, as in a review (a puzzle shown is closed; a puzzle, a review, a link, an
      imported or watched game and the position setup's play or analysis close the lesson);
    - ``learn_tap`` {"square"}, ``learn_retry``, ``learn_computer`` (Easy's move in the
      lesson played to the end), ``learn_close`` {};
    - ``learn_dismiss`` {}: the invitation's "Play now" (N3).
    """
    room: Room = bridge.learn

    def open_lesson(which: Any = "next") -> None:
        if bridge.puzzles.open:
            bridge.commands["puzzle_close"]()
        if not room.open and not bridge.reviews.open:
            bridge.session.open_review()
        room.show(which)

    def close_lesson() -> None:
        if room.open and not bridge.reviews.open:
            bridge.session.close_review()
        room.close()

    def first_closing(command: Callable[..., None]) -> Callable[..., None]:
        """Returns ``command`` run after closing the lesson: one room at a time."""
        def run(*args: Any, **params: Any) -> None:
            close_lesson()
            command(*args, **params)
        return run

    others = ("puzzle_open", "mistake_retry", "review", "import_transcript", "open_link", "watch", "setup_play",
              "setup_analyse")
    return {
        **{name: first_closing(bridge.commands[name]) for name in others if name in bridge.commands},
        "learn_rules": lambda: bridge.extra.update(howto=howto.rules()),
        "learn_open": open_lesson,
        "learn_tap": lambda square: room.tap(square),
        "learn_retry": lambda: room.retry(),
        "learn_computer": lambda: room.computer_move(),
        "learn_close": close_lesson,
        "learn_dismiss": lambda: None,  # "Play now": any command the player makes ends the invitation
    }
