"""Review: the positions of a game, one frame per placement, for stepping through.

A review never touches the session: the page gets every frame at once and
steps through them itself (Left/Right, Home/End), so stepping stays instant
even while the worker analyses.  Passes are shown where they happened.
"""

from __future__ import annotations

from typing import Any

from ..engine.bitboard import Square, squares
from ..engine.board import Board
from ..engine.notation import format_transcript, square_name
from .snapshot import color_title, result_text


def frames(moves: list[Square]) -> list[dict[str, Any]]:
    """Returns the frames of a game: the opening, then one after each placement.

    Each frame: ``cells``, ``counts``, ``last``, ``flipped``, ``turn`` (None at the
    end), ``text`` (what happened, with any pass), ``ply`` (0 = opening).

    :raises IllegalMoveError: if a move is illegal where it stands.
    """
    board = Board()
    out = [_frame(board, 0, "Opening position. Black to move.")]
    for ply, square in enumerate(moves, 1):
        step = board.play(square)
        flips = step.flips.bit_count()
        text = (f"Move {ply}: {color_title(step.color)} plays {square_name(square)}, "
                f"flipping {flips} disc{'s' if flips != 1 else ''}.")
        if step.caused_pass:
            text += f" {color_title(step.color ^ 1)} has no legal move and passes."
        outcome = board.outcome()
        if outcome:
            text += " Game over. " + result_text(outcome)
        out.append(_frame(board, ply, text))
    return out


def _frame(board: Board, ply: int, text: str) -> dict[str, Any]:
    black, white = board.counts()
    last = board.steps[-1] if board.steps else None
    over = board.is_game_over()
    return {
        "ply": ply, "cells": board.cells(), "counts": {"black": black, "white": white},
        "last": square_name(last.square) if last else None,
        "flipped": [square_name(s) for s in squares(last.flips)] if last else [],
        "turn": None if over else ("white" if board.turn else "black"),
        "passed": bool(last and last.caused_pass), "text": text,
    }


def review_of(moves: list[Square], title: str, source: str, human: str | None) -> dict[str, Any]:
    """Returns the review a page shows: title, source, transcript, frames, and the
    colour the person played (None when both sides were people, or unknown)."""
    return {"title": title, "source": source, "moves": format_transcript(moves),
            "human": human, "frames": frames(moves)}


def parse_game(text: str) -> list[Square]:
    """Returns the placements of a pasted transcript after checking every one (SPEC R6).

    :raises NotationError: naming the first character that is not a square.
    :raises IllegalMoveError: naming the first illegal move and its position.
    """
    board = Board.replay(text)
    return board.placements()
