"""The snapshot: everything the page draws, as plain JSON-ready data.

This is the one place its fields are documented.  The page never works out a
rule: whatever it shows comes from here (SPEC B1, B7).

Board:

- ``cells``: 64 characters a1..h8, ``X`` black, ``O`` white, ``-`` empty.
- ``turn``: ``"black"``/``"white"``, or None when the game is over.
- ``legal``: names of the legal squares for the side to move (``[]`` when the
  game is over).  The page draws them as dots only when ``options.legal_dots``;
  in a session snapshot they are listed only while a person may place a disc.
- ``previews``: for each square in ``legal``, the squares it would flip (the
  page outlines them on hover or focus, never as a hint of the best move).
- ``last``: the square of the last placement, or None.
- ``flipped``: the squares the last placement flipped.
- ``counts``: ``{"black": n, "white": n}``, real disc counts (SPEC R5).
- ``result``: None while the game goes on, else ``{"winner": "black" | "white" |
  None, "black": n, "white": n, "text": "..."}``.
- ``moves``: the transcript of the game so far (SPEC R6).

Session:

- ``status``: one line for the status bar, e.g. "Your move" or "Black to move".
- ``events``: sentences to announce for the command just taken (placements,
  every automatic pass, the result, stars), oldest first.
- ``token``: the game's current token; computer-move and tap requests send it
  back so that late ones are rejected (SPEC P5).
- ``mode``, ``side``, ``level``: of the current game.
- ``human_to_move``, ``computer_to_move``, ``paused``, ``clock_running``: booleans.
- ``can_undo``, ``can_redo``: whether Undo and Redo would do anything.
- ``active_ms``: active play time of the attempt (SPEC P6).
- ``attempt``: ``{"id", "practice", "first_result"}``.
- ``options``: the settings, ``{"mode", "side", "level", "legal_dots", "sound"}``.
- ``history``: the results, one dict per attempt that reached a result.
- ``stars``: all eight as ``{"id", "name", "how", "earned"}``; ``new_stars``: ids
  earned by the command just taken.
- ``notices``: messages to show until dismissed (e.g. save problems, SPEC P2, P3).
- ``move_clock``: None, or ``{"limit": seconds, "left_ms": n, "running": bool}``
  while a person's move is timed.
- ``analysis``: None, or the running analysis (:meth:`GameAnalysis.report`).
- ``stats``: results statistics per level and side (:mod:`reversi.stats`).
- ``review`` (only in the reply to ``review`` or ``import_transcript``): the
  frames of a game to step through (:mod:`reversi.review`).
"""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from ..engine.bitboard import flips_mask, squares
from ..engine.board import COLOR_NAMES, Board, Outcome
from ..engine.notation import format_transcript, square_name

if TYPE_CHECKING:
    from ..game.session import Session


def color_title(color: int) -> str:
    """Returns "Black" or "White"."""
    return COLOR_NAMES[color].capitalize()


def result_text(outcome: Outcome) -> str:
    """Returns the sentence announcing a final result, e.g. "Black wins 40–24."."""
    if outcome.winner is None:
        return f"Draw, {outcome.black}–{outcome.white}."
    return f"{color_title(outcome.winner)} wins {outcome.black}–{outcome.white}."


def board_snapshot(board: Board) -> dict[str, Any]:
    """Returns the board fields of a snapshot."""
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


def status_line(session: "Session") -> str:
    """Returns the status-bar line: whose move it is, paused, or the result."""
    board = session.board
    outcome = board.outcome()
    if outcome:
        return "Game over. " + result_text(outcome)
    if session.paused:
        return "Paused"
    if session.game.mode == "local":
        return f"{color_title(board.turn)} to move"
    return "Your move" if session.human_to_move() else "Computer is thinking…"


def session_snapshot(session: "Session") -> dict[str, Any]:
    """Returns the whole snapshot of ``session`` (fields above)."""
    from ..game.stars import STARS
    from .stats import statistics

    snap = board_snapshot(session.board)
    if not session.human_to_move():
        snap["legal"] = []
    p, o = session.board.mover_mask()
    snap["previews"] = {square_name(move): [square_name(s) for s in squares(flips_mask(p, o, move))]
                        for move in (session.board.legal_moves() if snap["legal"] else [])}
    game = session.game
    snap.update(
        status=status_line(session),
        events=list(session.events),
        token=session.token,
        mode=game.mode, side=game.side, level=game.level,
        human_to_move=session.human_to_move(),
        computer_to_move=session.computer_to_move(),
        paused=session.paused,
        clock_running=session.clock_running(),
        can_undo=session.undo_target() is not None,
        can_redo=session.redo_target() is not None,
        active_ms=session.attempt.active_ms,
        attempt={"id": session.attempt.id, "practice": session.attempt.practice,
                 "first_result": session.attempt.first_result},
        options=asdict(session.settings),
        history=list(session.history),
        stars=[{"id": s.id, "name": s.name, "how": s.how, "earned": s.id in session.stars}
               for s in STARS],
        new_stars=list(session.new_stars),
        notices=list(session.notices),
        move_clock=_move_clock(session),
        analysis=session.analysis.report() if session.analysis else None,
        stats=statistics(session.history),
    )
    return snap


def _move_clock(session: "Session") -> dict[str, Any] | None:
    """Returns the move clock of the person to move, or None."""
    left = session.move_clock_left()
    if left is None:
        return None
    return {"limit": session.settings.move_clock, "left_ms": max(0, left),
            "running": session.clock_running()}
