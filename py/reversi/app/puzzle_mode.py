"""Puzzles: the Puzzles mode and the progress that brings the player back.

A room (:class:`Puzzles`, declared in :data:`FEATURE`) shows puzzles of the set
(:mod:`reversi.engine.puzzle_set`), judges taps, rates the player (an Elo rating,
:class:`Progress`) and keeps its own stored part, ``puzzles`` (P1, P3, P7, P8); the
mistakes' retries (N8) borrow its card.  It never touches the game in play, its attempt
or the stars.  Its rules: ``docs/features.md``; its part: ``docs/saving.md``.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, TypedDict

from ..engine import puzzle_set
from ..engine.board import Board
from ..engine.notation import parse_board, parse_square, square_name
from . import wording
from .house import Command, Feature, Host

PART = "puzzles"
START = 1200.0
K = 32.0
#: The rating a puzzle of each level counts as.
LEVEL_RATINGS = {1: 900, 2: 1100, 3: 1300, 4: 1500, 5: 1700}
#: How many past ratings are kept (the rating's history).
KEPT = 100
#: How many solved daily puzzles are kept.
DAILY_KEPT = 366
#: The level of the computer that plays a puzzle out.
PLAY_OUT_LEVEL = "hard"
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def expected(player: float, puzzle: float) -> float:
    """Returns the player's expected score against a puzzle rated ``puzzle`` (Elo)."""
    return 1 / (1 + 10 ** ((puzzle - player) / 400))


def daily_number(date: str, count: int) -> int:
    """Returns the number (1-based) of the daily puzzle of ``date`` among ``count``."""
    digest = hashlib.sha256(f"reversi daily puzzle {date}".encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % count


@dataclass
class Progress:
    """The player's puzzle progress (the saved part)."""

    rating: float = START
    ratings: list[list[Any]] = field(default_factory=list)
    solved: set[int] = field(default_factory=set)
    rated: int = 0
    streak: int = 0
    best_streak: int = 0
    daily: set[str] = field(default_factory=set)

    def text(self) -> str:
        """Returns the saved part's text."""
        return json.dumps({"format": "reversi", "part": PART, "version": 1, "rating": round(self.rating, 1),
                           "ratings": self.ratings[-KEPT:], "solved": sorted(self.solved), "rated": self.rated,
                           "streak": self.streak, "best_streak": self.best_streak,
                           "daily": sorted(self.daily)[-DAILY_KEPT:]}, separators=(",", ":"))

    @classmethod
    def read(cls, text: str | None) -> tuple[Progress, bool]:
        """Returns the progress of a stored text and whether the text was readable
        (absent is readable; a damaged part gives fresh progress, P3)."""
        if text is None:
            return cls(), True
        try:
            data = json.loads(text)
            progress = cls(
                rating=float(data["rating"]), ratings=[[str(d), int(r)] for d, r in data["ratings"]],
                solved={int(n) for n in data["solved"] if int(n) >= 1}, rated=int(data["rated"]),
                streak=int(data["streak"]), best_streak=int(data["best_streak"]),
                daily={str(d) for d in data["daily"] if _DATE.fullmatch(str(d))})
            ok = data.get("part") == PART and 0 < progress.rating < 4000 and min(
                progress.rated, progress.streak, progress.best_streak) >= 0
        except (ValueError, TypeError, KeyError):
            return cls(), False
        return (progress, True) if ok else (cls(), False)

    def merge(self, other: Progress) -> None:
        """Takes in another tab's progress (see the module docstring)."""
        if other.rated > self.rated:
            self.rating, self.ratings, self.rated, self.streak = other.rating, other.ratings, other.rated, other.streak
        self.solved |= other.solved
        self.daily |= other.daily
        self.best_streak = max(self.best_streak, other.best_streak)

    def rate(self, level: int, solved: bool, date: str) -> None:
        """Moves the rating by one result against a puzzle of ``level``."""
        self.rating += K * (solved - expected(self.rating, LEVEL_RATINGS[level]))
        self.rated += 1
        self.ratings = [*self.ratings, [date, round(self.rating)]][-KEPT:]
        self.streak = self.streak + 1 if solved else 0
        self.best_streak = max(self.best_streak, self.streak)

    def next_number(self, seed: int) -> int:
        """Returns an unsolved puzzle of the level nearest the rating (any unsolved one
        when that level is done, any one when all are)."""
        shipped = puzzle_set.puzzle_set()
        target = min(LEVEL_RATINGS, key=lambda level: abs(LEVEL_RATINGS[level] - self.rating))
        for pool in ([p for p in shipped if p.level == target and p.number not in self.solved],
                     [p for p in shipped if p.number not in self.solved], list(shipped)):
            if pool:
                return random.Random(seed).choice(pool).number
        raise ValueError("there are no puzzles")


class PuzzleProgress(TypedDict):
    """The player's puzzle progress as the page shows it: numbers, the rating's history
    and ``words``."""

    rating: int
    ratings: list[int]
    solved: int
    streak: int
    best_streak: int
    daily_done: bool
    words: dict[str, str]


class PuzzleReport(TypedDict, total=False):
    """The puzzle shown (see :meth:`Puzzles.report`); a retried mistake's also carries
    ``mistake`` and ``mistake_game`` (N8, :meth:`reversi.app.mistakes.room.Room.retitle`)."""

    number: int
    level: int
    daily: bool
    phase: str
    cells: str
    turn: int
    counts: dict[str, int]
    last: str | None
    legal: list[str]
    computer_to_move: bool
    answer: str | None
    words: dict[str, str]
    progress: PuzzleProgress
    mistake: str
    mistake_game: str | None


class PuzzleFields(TypedDict):
    """The puzzles' reply field: ``puzzle``, None while no puzzle is shown."""

    puzzle: PuzzleReport | None


class Puzzles:
    """The Puzzles mode: the puzzle shown, its board and how far the player got; a room
    (shown over the review), and the stored part ``puzzles``."""

    name: ClassVar[str] = "puzzles"
    opens_over: ClassVar[tuple[str, ...]] = ("review",)
    part: ClassVar[str] = PART
    shed_rank: ClassVar[int] = 0

    def __init__(self, host: Host) -> None:
        self.host = host
        self.progress = Progress()
        self.puzzle: puzzle_set.Puzzle | None = None
        self.board = Board()
        #: solving, right, wrong, shown (the answer), playing (played out), over.
        self.phase = "solving"
        self.tried: tuple[str, int] | None = None
        self.rated = False
        self.daily = False
        #: A retried mistake (N8) shown instead of a puzzle of the set: judges each answer
        #: (right, the move's value); nothing is rated or counted as solved.
        self.judge: Callable[[str], tuple[bool, int]] | None = None

    @property
    def open(self) -> bool:
        """Checks if a puzzle is shown."""
        return self.puzzle is not None

    busy: ClassVar[bool] = False

    def show(self, which: Any = "next") -> None:
        """``puzzle_open`` {"which": "next" | "daily" | number}: shows a puzzle (``"daily"``:
        today's); the game in play waits, paused, as in a review."""
        today = self.host.today
        count = len(puzzle_set.puzzle_set())
        number = (daily_number(today, count) if which == "daily" else
                  self.progress.next_number(self.progress.rated) if which == "next" else which)
        if type(number) is not int or not 1 <= number <= count:
            raise ValueError(f"there is no puzzle {which!r}")
        self.puzzle = puzzle_set.puzzle_set()[number - 1]
        self.daily = number == daily_number(today, count)
        self.rated, self.judge = False, None
        self.retry()

    def show_retry(self, puzzle: puzzle_set.Puzzle, judge: Callable[[str], tuple[bool, int]]) -> None:
        """Shows a retried mistake (N8) as a puzzle whose answers ``judge`` rates."""
        self.puzzle, self.daily, self.rated, self.judge = puzzle, False, True, judge
        self.retry()

    def retry(self) -> None:
        """``puzzle_retry`` {}: sets the puzzle's position again."""
        if self.puzzle is None:
            raise ValueError("no puzzle is shown")
        self.board = Board(*parse_board(self.puzzle.board), variant=self.puzzle.variant)
        self.phase, self.tried = "solving", None

    def tap(self, square: str) -> None:
        """``puzzle_tap`` {"square"}: the player's move: in a puzzle, an answer; when
        playing out, a move."""
        today = self.host.today
        if self.puzzle is None or self.phase not in ("solving", "playing"):
            return
        index = parse_square(square)
        if not self.board.is_legal(index):
            return
        if self.phase == "playing":
            self.board.play(index)
            self.phase = "over" if self.board.is_game_over() else "playing"
            return
        right, value = (square == self.puzzle.answer, dict(self.puzzle.scores).get(square, 0)) \
            if self.judge is None else self.judge(square)
        if not self.rated:
            self.rated = True
            self.progress.rate(self.puzzle.level, right, today)
        if right and self.judge is None:
            self.progress.solved.add(self.puzzle.number)
            if self.daily:
                self.progress.daily.add(today)
        if right:
            self.board.play(index)
            self.phase = "right"
        else:
            self.tried = (square, value)
            self.phase = "wrong"

    def show_answer(self) -> None:
        """``puzzle_answer`` {}: plays the answer on the board; asked for before any try, it
        counts as a miss."""
        today = self.host.today
        if self.puzzle is None:
            raise ValueError("no puzzle is shown")
        if not self.rated:
            self.rated = True
            self.progress.rate(self.puzzle.level, False, today)
        self.board = Board(*parse_board(self.puzzle.board), variant=self.puzzle.variant)
        self.board.play(parse_square(self.puzzle.answer))
        self.phase = "shown"

    def play_out(self) -> None:
        """``puzzle_play_out`` {}: goes on from the answer against the computer, to the end."""
        if self.puzzle is None or self.phase not in ("right", "shown"):
            raise ValueError("the answer is not on the board")
        self.phase = "over" if self.board.is_game_over() else "playing"

    def computer_to_move(self) -> bool:
        """Checks if the computer is to move in the played-out puzzle."""
        return (self.puzzle is not None and self.phase == "playing"
                and self.board.turn != self.puzzle.turn)

    def computer_move(self) -> None:
        """``puzzle_computer`` {}: plays the computer's move in the played-out puzzle."""
        if self.computer_to_move():
            from ..engine.players import choose_move

            p, o = self.board.mover_mask()
            choice = choose_move(p, o, PLAY_OUT_LEVEL, variant=self.board.variant)  # its rules (V1, N8)
            self.board.play(choice.square)  # type: ignore[arg-type]
            self.phase = "over" if self.board.is_game_over() else "playing"

    def leave(self) -> None:
        """``puzzle_close`` {}: leaves the Puzzles mode."""
        self.puzzle = None

    # -- the stored part (P1, P3, P7) ---------------------------------------------------
    def load(self, text: str | None) -> list[str]:
        """Reads the stored progress; a damaged part starts afresh, named (P3)."""
        self.leave()
        self.progress, readable = Progress.read(text)
        return [] if readable else [wording.say("save.puzzles_unreadable")]

    def merge(self, text: str | None) -> None:
        """Takes in another tab's progress (P7)."""
        if text is not None:
            self.progress.merge(Progress.read(text)[0])

    def stored(self, known: bool) -> str | None:
        """Returns the progress to store: once a puzzle was rated, or once the part is
        stored (so that a merge is written back)."""
        return self.progress.text() if self.progress.rated or known else None

    def shed(self, room: int) -> int:
        """Keeps everything: the part is a few hundred characters (P9)."""
        return len(self.progress.text())

    def report(self) -> PuzzleFields:
        """Returns the reply field (:class:`PuzzleFields`)."""
        return {"puzzle": self.shown(self.host.today)}

    def shown(self, today: str) -> PuzzleReport | None:
        """Returns the puzzle shown (None when none is)."""
        if self.puzzle is None:
            return None
        puzzle, board = self.puzzle, self.board
        player_moves = self.phase == "solving" or (self.phase == "playing" and board.turn == puzzle.turn)
        black, white = board.counts()
        return {
            "number": puzzle.number, "level": puzzle.level, "daily": self.daily, "phase": self.phase,
            "cells": board.cells(), "turn": board.turn, "counts": {"black": black, "white": white},
            "last": square_name(board.steps[-1].square) if board.steps else None,
            "legal": [square_name(s) for s in board.legal_moves()] if player_moves else [],
            "computer_to_move": self.computer_to_move(),
            "answer": puzzle.answer if self.phase != "solving" and self.phase != "wrong" else None,
            "words": wording.puzzle_words(puzzle, self.phase, self.tried, board, self.daily),
            "progress": self.progress_report(today),
        }

    def progress_report(self, today: str) -> PuzzleProgress:
        """Returns the progress as the page shows it: numbers, the rating's history and words."""
        progress, count = self.progress, len(puzzle_set.puzzle_set())
        solved = sum(1 for n in progress.solved if n <= count)  # a number past the set counts for nothing
        return {"rating": round(progress.rating), "ratings": [r for _, r in progress.ratings],
                "solved": solved, "streak": progress.streak, "best_streak": progress.best_streak,
                "daily_done": today in progress.daily,
                "words": wording.puzzle_progress(round(progress.rating), solved, count, progress.streak,
                                                 progress.best_streak, today in progress.daily)}


FEATURE = Feature("puzzles", Puzzles, (
    Command("puzzle_open", Puzzles.show, "puzzles", opens="puzzles"),
    Command("puzzle_tap", Puzzles.tap, "puzzles"),
    Command("puzzle_retry", Puzzles.retry, "puzzles"),
    Command("puzzle_answer", Puzzles.show_answer, "puzzles"),
    Command("puzzle_play_out", Puzzles.play_out, "puzzles"),
    Command("puzzle_computer", Puzzles.computer_move, "puzzles"),
    Command("puzzle_close", Puzzles.leave, "puzzles"),
))
