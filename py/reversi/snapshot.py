"""The snapshot: everything the page draws, as plain JSON-ready data.

This is the one place its fields are documented.  The page never works out a
rule: whatever it shows comes from here (SPEC B1, B7).

Fields:

- ``cells``: 64 characters a1..h8, ``X`` black, ``O`` white, ``-`` empty.
- ``turn``: ``"black"``/``"white"``, or None when the game is over.
- ``legal``: names of the legal squares for the side to move (``[]`` when the
  game is over).  The page draws them as dots only when ``options.legal_dots``.
- ``last``: the square of the last placement, or None.
- ``flipped``: the squares the last placement flipped.
- ``counts``: ``{"black": n, "white": n}``, real disc counts (SPEC R5).
- ``result``: None while the game goes on, else ``{"winner": "black" | "white" |
  None, "black": n, "white": n, "text": "..."}``.
- ``status``: one line for the status bar, e.g. "Black to move".
- ``events``: sentences to announce for the command just taken (placements,
  every automatic pass, the result), oldest first.
- ``moves``: the transcript of the game so far (SPEC R6).
- ``options``: the player's settings, e.g. ``{"legal_dots": true}``.
"""

from __future__ import annotations

from typing import Any

from .bitboard import squares
from .board import COLOR_NAMES, Board, Outcome
from .notation import format_transcript, square_name


def color_title(color: int) -> str:
    """Returns "Black" or "White"."""
    return COLOR_NAMES[color].capitalize()


def result_text(outcome: Outcome) -> str:
    """Returns the sentence announcing a final result, e.g. "Black wins 40–24."."""
    if outcome.winner is None:
        return f"Draw, {outcome.black}–{outcome.white}."
    return f"{color_title(outcome.winner)} wins {outcome.black}–{outcome.white}."


def board_snapshot(board: Board) -> dict[str, Any]:
    """Returns the board part of a snapshot (all fields above but ``status``
    ``events`` and ``options``)."""
    outcome = board.outcome()
    black, white = board.counts()
    last = board.steps[-1] if board.steps else None
    return {
        "cells": board.cells(),
        "turn": None if outcome else COLOR_NAMES[board.turn],
        "legal": [square_name(s) for s in board.legal_moves()] if not outcome else [],
        "last": square_name(last.square) if last else None,
        "flipped": [square_name(s) for s in squares(last.flips)] if last else [],
        "counts": {"black": black, "white": white},
        "result": None if outcome is None else {
            "winner": None if outcome.winner is None else COLOR_NAMES[outcome.winner],
            "black": outcome.black, "white": outcome.white, "text": result_text(outcome)},
        "moves": format_transcript(board.placements()),
    }


def turn_status(board: Board) -> str:
    """Returns the status-bar line: whose move it is, or the result."""
    outcome = board.outcome()
    if outcome:
        return "Game over. " + result_text(outcome)
    return f"{color_title(board.turn)} to move"


def step_events(board: Board) -> list[str]:
    """Returns the announcements for the board's last placement: the move, an
    automatic pass it caused, and the result if it ended the game (SPEC B7)."""
    step = board.steps[-1]
    flips = step.flips.bit_count()
    said = [f"{color_title(step.color)} plays {square_name(step.square)}, "
            f"flipping {flips} disc{'s' if flips != 1 else ''}."]
    if step.caused_pass:
        said.append(f"{color_title(step.color ^ 1)} has no legal move and passes. "
                    f"{color_title(step.color)} moves again.")
    outcome = board.outcome()
    if outcome:
        said.append("Game over. " + result_text(outcome))
    return said
