"""Review: the positions of a game, one frame per placement, for stepping through.

A review never changes the game in play: the page gets every frame at once
and steps through them itself (Left/Right, Home/End), so stepping stays
instant even while the worker analyses.  Passes are shown where they happened.
"""

from __future__ import annotations

from typing import Any

from ..engine.bitboard import Square, squares
from ..engine.board import COLOR_NAMES, Board
from ..engine.notation import format_board, format_transcript, parse_board, parse_transcript, square_name
from ..game.line import Line, Start
from ..game.session import Session
from . import wording


def frames(moves: list[Square], start: Start | None = None) -> list[dict[str, Any]]:
    """Returns the frames of a game: its first position (the opening, or ``start``),
    then one after each placement.

    Each frame: ``cells``, ``counts``, ``last``, ``flipped``, ``turn`` (None at the
    end), ``passed``, ``text`` (what happened, with any pass), ``ply`` (0 = opening).

    :raises IllegalMoveError: if a move is illegal where it stands.
    """
    board = Line(start=start).board
    out = [_frame(board, 0, start is not None)]
    for ply, square in enumerate(moves, 1):
        board.play(square)
        out.append(_frame(board, ply))
    return out


def _frame(board: Board, ply: int, set_up: bool = False) -> dict[str, Any]:
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
              start: Start | None = None) -> dict[str, Any]:
    """Returns the review a page shows: title, source, transcript (``moves``, and
    ``start``: the first position's board string, or None for the opening), the
    full transcript text (``transcript``), frames, and the colour the person played
    (None when both sides were people, or unknown)."""
    board = format_board(*start) if start else None
    return {"title": title, "source": source, "moves": format_transcript(moves), "start": board,
            "transcript": transcript_text(moves, start), "human": human, "frames": frames(moves, start)}


def transcript_text(moves: list[Square], start: Start | None = None) -> str:
    """Returns a game as text: its transcript (SPEC R6), after the board string of its
    first position when it began from a set-up one (E2)."""
    text = format_transcript(moves)
    return f"{format_board(*start)} {text}".rstrip() if start else text


def chosen_game(session: Session, source: str, index: int | None = None) -> dict[str, Any]:
    """Returns the review of the current game (``"current"``) or of results-history
    line ``index`` (``"history"``).

    :raises ValueError: for an unknown source or index, or a line without moves.
    """
    if source == "current":
        game, line = session.game, session.game.line
        human = game.side if game.mode == "computer" else None
        return review_of(line.moves[:line.cursor], "This game", source, human, line.start)
    history = session.progress.history
    if source == "history" and type(index) is int and 0 <= index < len(history):
        record = history[index]
        if "moves" in record:
            human = record["side"] if record["mode"] == "computer" else None
            moves = [s for s, _ in parse_transcript(record["moves"])]
            start = parse_board(record["start"]) if "start" in record else None
            return review_of(moves, wording.history_title(record), source, human, start)
    raise ValueError("that game cannot be reviewed")


def parse_game(text: str) -> tuple[list[Square], Start | None]:
    """Returns the placements of a pasted game after checking every one, and its first
    position: a transcript (SPEC R6), after an optional board string (E1, E2).

    :raises NotationError: naming the first character that is not a square, or what
        is wrong with the board string.
    :raises IllegalMoveError: naming the first illegal move and its position.
    """
    tokens = text.split()
    start: Start | None = None
    if tokens and len(tokens[0]) == 64 and set(tokens[0].upper()) <= set("XO-"):
        start = parse_board(" ".join(tokens[:2]))
        text = " ".join(tokens[2:])
    board = Line(start=start).board
    board.play_transcript(text)
    return board.placements(), start
