"""Review: the positions of a game, one frame per placement, for stepping through.

A review never changes the game in play: the page gets every frame at once
and steps through them itself (Left/Right, Home/End), so stepping stays
instant even while the worker analyses.  Passes are shown where they happened.
"""

from __future__ import annotations

from typing import Any

from ..engine.bitboard import Square, squares
from ..engine.board import COLOR_NAMES, Board
from ..engine.notation import format_transcript, parse_transcript, square_name
from ..game.session import Session
from . import wording


def frames(moves: list[Square]) -> list[dict[str, Any]]:
    """Returns the frames of a game: the opening, then one after each placement.

    Each frame: ``cells``, ``counts``, ``last``, ``flipped``, ``turn`` (None at the
    end), ``passed``, ``text`` (what happened, with any pass), ``ply`` (0 = opening).

    :raises IllegalMoveError: if a move is illegal where it stands.
    """
    board = Board()
    out = [_frame(board, 0)]
    for ply, square in enumerate(moves, 1):
        board.play(square)
        out.append(_frame(board, ply))
    return out


def _frame(board: Board, ply: int) -> dict[str, Any]:
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
        "text": wording.frame_text(ply, last, board.outcome()),
    }


def review_of(moves: list[Square], title: str, source: str, human: str | None) -> dict[str, Any]:
    """Returns the review a page shows: title, source, transcript, frames, and the
    colour the person played (None when both sides were people, or unknown)."""
    return {"title": title, "source": source, "moves": format_transcript(moves),
            "human": human, "frames": frames(moves)}


def chosen_game(session: Session, source: str, index: int | None = None) -> dict[str, Any]:
    """Returns the review of the current game (``"current"``) or of results-history
    line ``index`` (``"history"``).

    :raises ValueError: for an unknown source or index, or a line without moves.
    """
    if source == "current":
        game, line = session.game, session.game.line
        human = game.side if game.mode == "computer" else None
        return review_of(line.moves[:line.cursor], "This game", source, human)
    history = session.progress.history
    if source == "history" and type(index) is int and 0 <= index < len(history):
        record = history[index]
        if "moves" in record:
            human = record["side"] if record["mode"] == "computer" else None
            moves = [s for s, _ in parse_transcript(record["moves"])]
            return review_of(moves, wording.history_title(record), source, human)
    raise ValueError("that game cannot be reviewed")


def parse_game(text: str) -> list[Square]:
    """Returns the placements of a pasted transcript after checking every one (SPEC R6).

    :raises NotationError: naming the first character that is not a square.
    :raises IllegalMoveError: naming the first illegal move and its position.
    """
    return Board.replay(text).placements()
