"""Position setup (E1, E2): checking a set-up position, and solving it.

The page edits the 64 squares and the side to move itself (a tap cycles a
square); each change comes here as a board string and is checked: well formed,
whether it can be played (a position where neither side can move can only be
analysed), and whether the solver can give its exact best move in the page's time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.budget import Deadline, SearchTimeout
from ..engine.notation import NotationError, format_board, parse_board, square_name
from ..game.events import Event
from ..game.line import Line, Start
from ..game.session import Session
from . import wording
from .game_text import Played
from .review.frames import review_of

if TYPE_CHECKING:
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


def check(text: Any) -> dict[str, Any]:
    """Returns what the editor shows of a board string: ``board`` (normalised, or the
    text as given when invalid), ``valid``, ``problem`` (words, "" when valid),
    ``cells``, ``side`` (the side to move the string names: 0 black, 1 white), ``turn``
    (the side that moves first, after any pass), ``counts``, ``empties``,
    ``playable`` (someone can move), ``solvable`` and ``note`` (words)."""
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


def solve(text: Any, seconds: float = SOLVE_SECONDS) -> dict[str, Any]:
    """Returns the exact best move of a set-up position and its final disc difference
    for the side to move: ``{"move", "score", "text"}`` (E2).

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


def play(session: Session, reviews: Reviews, board: str, mode: str) -> list[Event]:
    """Starts a new game from a set-up position (E2); returns what closing a review said.

    :raises ValueError: with the words that say why the position cannot be played.
    """
    start = read(board)
    events = reviews.close(session)
    try:
        session.new_from(start, mode)
    except ValueError:
        raise ValueError(check(board)["note"]) from None
    return events


def analyse(session: Session, reviews: Reviews, board: str) -> list[Event]:
    """Opens a set-up position in review and starts its analysis (E2)."""
    game = Played([], read(board), session.settings.variant)
    title = wording.review_title("setup")
    reviews.show(session, review_of(game.moves, title, "setup", None, game.start, game.variant))
    return reviews.analyse(session, game, title, None)
