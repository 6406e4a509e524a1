"""Learning (N1-N5): How to play, the lessons, the first-visit invitation, and the progress
part.

A room (:class:`Room`, shown over the review) with a stored part, ``learn`` (N4,
:class:`Progress`); its commands are declared in :data:`FEATURE`.  How to play is
:mod:`.howto`, the lessons and their judge :mod:`.lessons`.  Lessons never touch the game
in play, its attempt, its stars or its history.  How a lesson is judged:
``docs/features.md``; the part: ``docs/saving.md``.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, TypedDict

from ...engine.bitboard import squares
from ...engine.board import Board
from ...engine.notation import parse_square, square_name
from .. import wording
from ..house import Command, Feature, Host
from . import howto, lessons
from .lessons import LESSONS, Lesson

PART = "learn"


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


class LessonEntry(TypedDict):
    """A lesson in the list: its number, title and whether it is done."""

    number: int
    title: str
    done: bool


class LearnReport(TypedDict):
    """Learning as the page shows it (N2-N4): the invitation, the progress (numbers and
    words), the lessons and the lesson shown (None: none is)."""

    invite: bool
    done: int
    total: int
    all_done: bool
    progress: str
    list: list[LessonEntry]
    lesson: dict[str, Any] | None


class LearnFields(TypedDict):
    """Learning's reply field ``learn``."""

    learn: LearnReport


class Room:
    """The lesson shown (if any), its board and how far the player got."""

    name: ClassVar[str] = PART
    opens_over: ClassVar[tuple[str, ...]] = ("review",)
    part: ClassVar[str] = PART
    shed_rank: ClassVar[int] = 0
    busy: ClassVar[bool] = False

    def __init__(self, host: Host) -> None:
        self.host = host
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
    def load(self, text: str | None) -> list[str]:
        """Reads the part (a damaged one is named, P3) and decides on the invitation:
        a first visit has no saved game and was never invited (N3)."""
        self.leave()
        self.progress, readable = Progress.read(text)
        self.inviting = False
        if not self.progress.invited and self.host.first_visit:
            self.inviting = self.progress.invited = True
        return [] if readable else [wording.say("save.learn_unreadable")]

    def merge(self, text: str | None) -> None:
        """Merges what another tab stored (P7)."""
        if text is not None:
            self.progress.merge(Progress.read(text)[0])

    def stored(self, known: bool) -> str | None:
        """Returns the part to store when there is progress (nothing on a page never invited)."""
        return self.progress.text() if self.progress.done or self.progress.invited or known else None

    def shed(self, room: int) -> int:
        """Keeps everything: the part is a few hundred characters (N4, P9)."""
        return len(self.progress.text())

    # -- lessons -----------------------------------------------------------------
    @property
    def open(self) -> bool:
        """Checks if a lesson is shown."""
        return self.lesson is not None

    def show(self, which: Any = "next") -> None:
        """``learn_open`` {"which": "next" | number}: shows a lesson, ``"next"`` the first
        not done (else the first) or its number (1-based); the game in play waits, paused,
        as in a review."""
        if which == "next":
            which = next((n for n, lesson in enumerate(LESSONS, 1) if lesson.id not in self.progress.done), 1)
        if type(which) is not int or not 1 <= which <= len(LESSONS):
            raise ValueError(f"there is no lesson {which!r}")
        self.lesson = LESSONS[which - 1]
        self.retry()

    def retry(self) -> None:
        """``learn_retry`` {}: sets the lesson's position again."""
        if self.lesson is None:
            raise ValueError("no lesson is shown")
        self.board, self.phase, self.verdict, self.answered = self.lesson.start(), "trying", None, None

    def tap(self, square: str) -> None:
        """``learn_tap`` {"square"}: judges the player's tap (N2): a right one is played, a
        wrong one says why."""
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
        """``learn_computer`` {}: plays Easy's move in the lesson played to the end."""
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

    def leave(self) -> None:
        """``learn_close`` {}: leaves the lesson."""
        self.lesson = None

    def rules(self) -> None:
        """``learn_rules`` {}: How to play (reply field ``howto``, :func:`.howto.rules`, N1)."""
        self.host.extra["howto"] = howto.rules()

    def dismiss(self) -> None:
        """``learn_dismiss`` {}: the invitation's "Play now" (N3): like any command the
        player makes, it ends the invitation."""

    # -- the snapshot ------------------------------------------------------------
    def report(self) -> LearnFields:
        """Returns the reply field (:class:`LearnFields`); a command the player made ends
        the invitation."""
        if self.host.acted:
            self.inviting = False
        total, done = len(LESSONS), sum(1 for lesson in LESSONS if lesson.id in self.progress.done)
        return {"learn": {
            "invite": self.inviting, "done": done, "total": total, "all_done": done == total,
            "progress": wording.say("learn.progress.all" if done == total else "learn.progress",
                                    done=done, total=total),
            "list": [{"number": n, "title": wording.say(f"learn.{lesson.id}.title"),
                      "done": lesson.id in self.progress.done} for n, lesson in enumerate(LESSONS, 1)],
            "lesson": self.lesson_report() if self.lesson is not None else None,
        }}

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


FEATURE = Feature(PART, Room, (
    Command("learn_rules", Room.rules, PART, passive=True),
    Command("learn_open", Room.show, PART, opens=PART),
    Command("learn_tap", Room.tap, PART),
    Command("learn_retry", Room.retry, PART),
    Command("learn_computer", Room.computer_move, PART),
    Command("learn_close", Room.leave, PART),
    Command("learn_dismiss", Room.dismiss, PART),
))
