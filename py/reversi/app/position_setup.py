"""Position setup (E1, E2): checking a set-up position, solving it, playing or analysing it.

The page edits the 64 squares and the side to move itself (a tap cycles a square); each
change comes here as a board string and is checked (:func:`check`).  Its commands are
declared in :data:`FEATURE`.
"""

from __future__ import annotations

from typing import Any, TypedDict

from ..engine.budget import Deadline, SearchTimeout
from ..engine.notation import NotationError, format_board, parse_board, square_name
from ..game.line import Line, Start
from . import wording
from .game_text import Played
from .house import SESSION, Command, Feature, Host
from .review.frames import review_of
from .review.room import NAME as REVIEW
from .review.room import Reviews

#: Most empty squares the page solves exactly: in Pyodide a self-play position at 17
#: takes 2.3 s on average, 4.3 s at the 90th percentile (``bench/solver_times.py``).
SOLVE_EMPTIES = 17
#: Seconds the solver may take before the page says it is too long.
SOLVE_SECONDS = 8.0


def read(text: Any) -> Start:
    """Returns the position of a board string.

    :raises ValueError: with the words that say what is wrong with it (E1).
    """
    if not isinstance(text, str):
        raise ValueError(wording.setup_problem(None))
    try:
        return parse_board(text)
    except NotationError as error:
        raise ValueError(wording.setup_problem(error)) from None


class Checked(TypedDict, total=False):
    """What the editor shows of a board string (the reply field ``setup``): ``board``
    (normalised, or the text as given when invalid), ``valid``, ``problem`` (words, ""
    when valid), ``cells``, ``side`` (the side to move the string names: 0 black, 1
    white), ``turn`` (the side that moves first, after any pass), ``counts``,
    ``empties``, ``playable`` (someone can move), ``solvable`` and ``note`` (words);
    an invalid string has only the first three and the last three."""

    board: str
    valid: bool
    problem: str
    cells: str
    side: int
    turn: int | None
    counts: dict[str, int]
    empties: int
    playable: bool
    solvable: bool
    note: str


class Solution(TypedDict):
    """A set-up position's exact best move and score (the reply field ``solution``)."""

    move: str | None
    score: int
    text: str


def check(text: Any) -> Checked:
    """Returns what the editor shows of a board string (:class:`Checked`)."""
    try:
        start = read(text)
    except ValueError as error:
        return {"board": text if isinstance(text, str) else "", "valid": False, "problem": str(error),
                "playable": False, "solvable": False, "note": ""}
    board = Line(start=start).board
    over = board.is_game_over()
    empties = 64 - (board.black | board.white).bit_count()
    return {
        "board": format_board(*start), "valid": True, "problem": "", "cells": board.cells(), "side": start[2],
        "turn": None if over else board.turn, "counts": dict(zip(("black", "white"), board.counts())),
        "empties": empties, "playable": not over, "solvable": not over and empties <= SOLVE_EMPTIES,
        "note": wording.setup_note(start[2], board.turn, over, empties, SOLVE_EMPTIES),
    }


def solve(text: Any, seconds: float = SOLVE_SECONDS) -> Solution:
    """Returns the exact best move of a set-up position and its final disc difference
    for the side to move (E2).

    :raises ValueError: with words, for a position that cannot be solved here.
    """
    from ..engine.endgame import solve as exact

    start = read(text)
    board = Line(start=start).board
    info = check(text)
    if not info["solvable"]:
        raise ValueError(info["note"])
    p, o = board.mover_mask()
    try:
        score, square = exact(p, o, deadline=Deadline(seconds))
    except SearchTimeout:
        raise ValueError(wording.solve_too_long()) from None
    move = square_name(square) if square is not None else None
    return {"move": move, "score": score, "text": wording.solution(board.turn, move, score)}


class Setup:
    """The position setup's commands (E1, E2): the editor's board lives on the page."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def check(self, board: Any) -> None:
        """``setup_check`` {"board": board string}: the editor's position checked (reply
        field ``setup``, :class:`Checked`)."""
        self.host.extra["setup"] = check(board)

    def play(self, board: str, mode: str) -> None:
        """``setup_play`` {"board", "mode"}: a new game from that position (E2).

        :raises ValueError: with the words that say why the position cannot be played.
        """
        start = read(board)
        try:
            self.host.session.new_from(start, mode)
        except ValueError:
            raise ValueError(check(board)["note"]) from None

    def solve(self, board: str) -> None:
        """``setup_solve`` {"board"}: its exact best move and score (reply field ``solution``)."""
        self.host.extra["solution"] = solve(board)

    def analyse(self, board: str) -> None:
        """``setup_analyse`` {"board"}: opens it in review and starts its analysis (E2)."""
        game = Played([], read(board), self.host.session.settings.variant)
        title = wording.review_title("setup")
        reviews: Reviews = self.host.room(REVIEW)
        reviews.show(review_of(game.moves, title, "setup", None, game.start, game.variant))
        reviews.analyse(game, title, None)


FEATURE = Feature("setup", Setup, (
    Command("setup_check", Setup.check, "setup"),
    Command("setup_play", Setup.play, "setup", game=True, opens=SESSION),
    Command("setup_solve", Setup.solve, "setup"),
    Command("setup_analyse", Setup.analyse, "setup", opens=REVIEW),
))
