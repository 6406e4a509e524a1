"""Review: the positions of a game, one frame per placement, for stepping through.

A review never changes the game in play: the page gets every frame at once
and steps through them itself (Left/Right, Home/End), so stepping stays
instant even while the worker analyses.  Passes are shown where they happened.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ...engine.bitboard import Square, squares
from ...engine.board import COLOR_NAMES, Board
from ...engine.notation import format_board, format_transcript, parse_board, parse_transcript, square_name
from ...engine.variants import STANDARD
from ...game.line import Line, Start
from ...game.results import key
from ...game.session import Session
from .. import wording
from ..game_text import game_link, game_text
from ..movelist import MoveRow, book_plies, move_list

Counts = TypedDict("Counts", {"black": int, "white": int})


class Frame(TypedDict):
    """One position of a reviewed game: after placement ``ply`` (0: the first position),
    ``text`` saying what happened, and ``heading`` for the review bar."""

    ply: int
    cells: str
    counts: Counts
    last: str | None
    flipped: list[str]
    turn: str | None
    passed: bool
    text: str
    heading: NotRequired[str]


class Review(TypedDict):
    """A game to step through (see :func:`review_of`); ``record``: its history key, for a
    recorded game (:func:`chosen_game`); ``mistakes``: its mistakes once analysed (N6,
    :func:`reversi.app.mistakes.views.mark_review`)."""

    title: str
    source: str
    moves: str
    start: str | None
    variant: str
    transcript: str
    human: str | None
    frames: list[Frame]
    meaning: str
    move_list: list[MoveRow]
    book: list[int]
    link: str
    record: NotRequired[str | None]
    mistakes: NotRequired[dict[str, Any]]


def frames(moves: list[Square], start: Start | None = None, variant: str = STANDARD) -> list[Frame]:
    """Returns the frames of a game of ``variant``: its first position (the opening, or
    ``start``), then one after each placement.

    Each frame: ``cells``, ``counts``, ``last``, ``flipped``, ``turn`` (None at the
    end), ``passed``, ``text`` (what happened, with any pass), ``ply`` (0 = opening).

    :raises IllegalMoveError: if a move is illegal where it stands.
    """
    board = Line(start=start, variant=variant).board
    out = [_frame(board, 0, start is not None)]
    for ply, square in enumerate(moves, 1):
        board.play(square)
        out.append(_frame(board, ply))
    return out


def _frame(board: Board, ply: int, set_up: bool = False) -> Frame:
    """Returns the frame of ``board`` after its ``ply``-th placement."""
    black, white = board.counts()
    last = board.steps[-1] if board.steps else None
    over = board.is_game_over()
    return {
        "ply": ply, "cells": board.cells(), "counts": {"black": black, "white": white},
        "last": square_name(last.square) if last else None,
        "flipped": [square_name(s) for s in squares(last.flips)] if last else [],
        "turn": None if over else COLOR_NAMES[board.turn],
        "passed": bool(last and last.caused_pass),
        "text": wording.frame_text(ply, last, board.outcome(), board.turn, set_up),
    }


def review_of(moves: list[Square], title: str, source: str, human: str | None,
              start: Start | None = None, variant: str = STANDARD) -> Review:
    """Returns the review a page shows: title (with the opening's name), source, transcript (``moves``, and
    ``start``: the first position's board string, or None for the opening), the
    variant, the game as text (``transcript``), frames (each with its ``heading`` for the
    review bar, e.g. "This game: move 3 of 40"), the move list (:mod:`.movelist`), the
    link's fragment that opens it (``link``), the colour the person played
    (None when both sides were people, or unknown), and what the analysis graph
    means in this variant (``meaning``)."""
    title = wording.with_opening(title, wording.opening_name(moves, start is not None, variant))
    board = format_board(*start) if start else None
    shown = frames(moves, start, variant)
    colors = Line(moves, start=start, variant=variant).colors
    book = book_plies(moves, start, variant)
    for frame in shown:
        frame["heading"] = wording.frame_heading(title, frame["ply"], len(moves))
    return {"title": title, "source": source, "moves": format_transcript(moves), "start": board,
            "variant": variant, "transcript": game_text(moves, start, variant), "human": human,
            "frames": shown, "meaning": wording.graph_meaning(variant),
            "move_list": move_list(moves, colors, book=book), "book": sorted(book),
            "link": game_link(moves, start, variant)}


def chosen_game(session: Session, source: str, index: int | None = None) -> Review:
    """Returns the review of the current game (``"current"``) or of results-history
    line ``index`` (``"history"``), with the key of its history record (``record``:
    where the mistakes room finds its analysis, N6; None for a game not recorded).

    :raises ValueError: for an unknown source or index, or a line without moves.
    """
    if source == "current":
        game, line = session.game, session.game.line
        human = game.side if game.mode == "computer" else None
        first, played = session.progress.attempt.first_result, format_transcript(line.moves[:line.cursor])
        recorded = first is not None and session.board.is_game_over() and first.get("moves") == played
        review = review_of(line.moves[:line.cursor], wording.review_title("current"), source, human, line.start,
                           line.variant)
        review["record"] = key(first) if recorded and first is not None else None
        return review
    history = session.progress.history
    if source == "history" and type(index) is int and 0 <= index < len(history):
        record = history[index]
        if "moves" in record:
            human = record["side"] if record["mode"] == "computer" else None
            moves = [s for s, _ in parse_transcript(record["moves"])]
            start = parse_board(record["start"]) if "start" in record else None
            review = review_of(moves, wording.history_title(record), source, human, start,
                               record.get("variant", STANDARD))
            review["record"] = key(record)
            return review
    raise ValueError("that game cannot be reviewed")
