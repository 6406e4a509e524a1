"""The snapshot: everything the page draws, as plain JSON-ready data.

It documents the session's fields (:func:`session_snapshot`), and below them which
feature makes each other field.  The page never works out a rule or a sentence:
whatever it shows comes from a reply (B1, B7).

Board:

- ``cells``: 64 characters a1..h8, ``X`` black, ``O`` white, ``-`` empty.
- ``turn``: ``"black"``/``"white"``, or None when the game is over.
- ``legal``: names of the legal squares for the side to move, listed only while
  a person may place a disc (``[]`` otherwise).  The page draws them as dots
  only when ``options.legal_dots``.
- ``previews``: for each square in ``legal``, the squares it would flip (the
  page outlines them on hover or focus, never as a hint of the best move).
- ``last``: the square of the last placement, or None; ``flipped``: the squares it flipped.
- ``counts``: ``{"black": n, "white": n}``, real disc counts (R5); ``empties``: the
  empty squares left (the page counts nothing itself).
- ``result``: None while the game goes on, else ``{"winner": "black" | "white" |
  None, "black": n, "white": n, "text": "..."}``.
- ``move_list``: the game's moves numbered in pairs, passes shown, those undone
  marked ``ahead`` (:func:`reversi.app.movelist.move_list`).
- ``link``: the fragment of a link that opens the game so far (``moves=f5d6…``, issue
  22, :func:`reversi.app.game_text.game_link`).
- ``moves``: the transcript of the game so far (R6); ``transcript``: the same
  as text to copy, after the board string of a set-up game's first position (E2).

Session:

- ``status``: the status-bar line, e.g. "Your move" or "Black to move".
- ``announce``: what the live region says for the command just taken ("" for
  nothing): its events in words, then the status line (B7).
- ``message``: the same events in words without the status line, for the line
  under the board ("" when the command said nothing).
- ``result_card``: None while the game goes on, else the words of the card that
  shows its end (B9): ``{"title", "score", "detail", "stars"}``.
- ``events``: what the command did, as data (:func:`reversi.game.events.as_json`).
- ``placed``: ``{"square", "flips": n}`` when the command placed a disc (the
  last one if several), else None: the page plays its sound.
- ``token``: the game's current token; computer-move and tap requests send it
  back so that late ones are rejected (P5).
- ``mode``, ``side``, ``level``: of the current game.
- ``human_to_move``, ``computer_to_move``, ``paused``, ``clock_running``: booleans.
- ``can_undo``, ``can_redo``, ``can_restart``, ``can_pause``: whether Undo, Redo,
  Restart and Pause/Resume would do anything.
- ``opening_applies``: whether the opening setting means anything for the next game
  (balanced openings are standard games).
- ``side_and_level_apply``: whether the side and level settings mean anything
  for the chosen mode (C1: only against the computer).
- ``setup_note``: "" or the line saying that new choices wait for a new game.
- ``tap_note``: "" when a tap on the board goes to Python, else what the page
  says at once instead (reviewing, or the computer is to move).
- ``active_ms``: active play time of the attempt (P6).
- ``attempt``: ``{"id", "practice", "first_result"}``.
- ``options``: the settings (:class:`reversi.game.settings.Settings`).
- ``history``: the results history's newest page, :func:`history_page` (page 0);
  ``history_loading``: the history is still being read (it comes in the
  reply after the first, ``load_history``), so its page and ``stats`` are not yet it.
- ``stars``: all eight as ``{"id", "name", "how", "earned", "label"}`` (``label``: the
  name with whether it is earned); ``new_stars``: ids earned by the command just taken;
  ``star_count``: e.g. "3 of 8"; ``celebration``: the words that celebrate ``new_stars``.
- ``notices``: messages to show until dismissed (e.g. save problems, P2, P3).
- ``move_clock``: None, or ``{"limit": seconds, "left_ms": n, "running": bool}``
  while a person's move is timed.
- ``reviewing``: whether a game is open in review.
- ``elsewhere``: whether this game continues in another tab (P7): the page
  offers to take it over, and nothing of the game is saved from here till then.
- ``set_up``: whether the game began from a set-up position (E2).
- ``variant``: the game's variant (V1: ``standard``, ``anti``, ``free``);
  ``variant_note``: the words that remind the player of its rule ("" for none);
  ``game_line``: a short line naming the game (level, side, variant, set-up).
- ``stats``: results statistics per level and side (:mod:`reversi.app.stats`).

The other fields, and who makes them (each documented where it is made):

- the bridge (:class:`reversi.app.bridge.Bridge`): ``refused`` (why the command was
  refused: ``"elsewhere"``, P7, or None), ``elsewhere_text`` (the banner's words, naming
  this tab's moves that were not saved, P11), ``history_loading`` (the history chunks are
  still being read), ``language`` and ``languages`` (L2), and ``save``, ``pending``,
  ``drop`` (what to store, :mod:`reversi.app.bridge`);
- each feature (:data:`reversi.app.features.FEATURES`): the fields of the TypedDict its
  ``report`` returns, documented there; :func:`reversi.app.features.fields` is the index
  of which feature makes which (today ``hints``, ``hints_due``, ``analysis``, ``review``,
  ``ponder_due``, ``puzzle``, ``learn``, ``mistakes``, ``accuracy_trend``,
  ``review_update``); a feature's marks on another's field (its overlays,
  :attr:`reversi.app.house.Feature.overlays`) are run by the bridge after every report;
- one command's answer, only in its reply, named in that command's docstring ("reply
  field ``…``"), e.g. ``howto``, ``setup``, ``solution``, ``history_page``,
  ``mistake_list``; a slice answers only its own field, ``ponder``.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from ..engine.bitboard import flips_mask, squares
from ..engine.board import COLOR_NAMES, Board
from ..engine.notation import format_transcript, square_name
from ..engine.variants import STANDARD
from ..game.events import Event, Placed, StarEarned, as_json
from ..game.session import Session
from ..game.settings import GAME_SETTINGS
from ..game.stars import STAR_IDS
from . import wording
from .game_text import game_link, game_text
from .movelist import move_list
from .stats import statistics


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
            "black": outcome.black, "white": outcome.white, "text": wording.result_text(outcome)},
        "moves": format_transcript(board.placements()),
    }


def opening_view() -> dict[str, Any]:
    """Returns what the page paints before Python is ready when nothing is saved (O3)."""
    board = Board()
    return {**board_snapshot(board), "legal": [], "status": wording.say(
        "status.to_move", color=wording.color_title(board.turn)), "options": {"legal_dots": True}}


def status_line(session: Session) -> str:
    """Returns the session's status-bar line."""
    return wording.status_line(session.game, paused=session.paused,
                               human_to_move=session.human_to_move())


def session_snapshot(session: Session, events: list[Event] | None = None, *,
                     always_announce: bool = False, notices: tuple[str, ...] = (),
                     reviewing: bool = False, elsewhere: bool = False) -> dict[str, Any]:
    """Returns the whole snapshot of ``session`` (fields above); ``events`` are what the
    command did (default: the session's own), the rest is the app's state."""
    events = session.events if events is None else events
    board = session.board
    snap = board_snapshot(board)
    if not session.human_to_move():
        snap["legal"] = []
    p, o = board.mover_mask()
    snap["previews"] = {square_name(m): [square_name(s) for s in squares(flips_mask(p, o, m))]
                        for m in (board.legal_moves() if snap["legal"] else [])}
    status = status_line(session)
    placed = [e for e in events if isinstance(e, Placed)]
    settings, game, attempt = session.settings, session.game, session.progress.attempt
    words = wording.Words(game)
    outcome = board.outcome()
    snap.update(
        empties=64 - sum(board.counts()),
        status=status,
        announce=wording.announcement(words, events, status, always=always_announce),
        message=wording.message(words, events),
        result_card=wording.result_card(game, outcome, attempt) if outcome else None,
        events=[as_json(e) for e in events],
        placed={"square": square_name(placed[-1].square), "flips": placed[-1].flips} if placed else None,
        token=session.token,
        mode=game.mode, side=game.side, level=game.level,
        human_to_move=session.human_to_move(),
        computer_to_move=session.computer_to_move(),
        paused=session.paused,
        clock_running=session.clock_running(),
        can_undo=game.undo_target() is not None,
        can_redo=game.redo_target() is not None,
        can_restart=session.can_restart(),
        can_pause=session.paused or session.clock_running(),
        side_and_level_apply=settings.mode == "computer",
        opening_applies=settings.variant == STANDARD,
        setup_note=(wording.say("setup_waits")
                    if any(getattr(settings, k) != getattr(game, k) for k in GAME_SETTINGS
                            if k != "opening" or settings.variant == STANDARD) else ""),
        tap_note=wording.tap_note(reviewing=reviewing, computer=session.computer_to_move()),
        active_ms=attempt.active_ms,
        attempt={"id": attempt.id, "practice": attempt.practice, "first_result": attempt.first_result},
        options=asdict(settings),
        history=history_page(session, 0),
        stars=[{"id": s, "name": wording.star_name(s), "how": wording.star_how(s),
                "earned": s in session.progress.shelf.earned,
                "label": wording.say("star.earned" if s in session.progress.shelf.earned else "star.not_yet",
                                     name=wording.star_name(s))} for s in STAR_IDS],
        star_count=wording.say("star.count", earned=len(session.progress.shelf.earned), total=len(STAR_IDS)),
        celebration=celebration(events),
        new_stars=[e.star for e in events if isinstance(e, StarEarned)],
        notices=list(notices),
        move_clock=_move_clock(session),
        reviewing=reviewing,
        elsewhere=elsewhere,
        transcript=game_text(game.line.moves[:game.line.cursor], game.line.start, game.variant),
        link=game_link(game.line.moves[:game.line.cursor], game.line.start, game.variant),
        set_up=game.set_up,
        variant=game.variant,
        variant_note=wording.variant_note(game.variant, len(game.line.moves)),
        game_line=wording.game_line(game),
        move_list=move_list(game.line.moves, game.line.colors, game.line.cursor),
        stats=statistics(session.progress.history),
    )
    return snap


def celebration(events: list[Event]) -> str:
    """Returns the words of the celebration of the stars a command earned ("" for none)."""
    names = [wording.star_name(e.star) for e in events if isinstance(e, StarEarned)]
    return wording.say("star.celebration", names=wording.join(names)) if names else ""


#: Records on a page of the results history.
HISTORY_PAGE = 20


def history_page(session: Session, number: int) -> dict[str, Any]:
    """Returns page ``number`` of the results history (0: the newest), newest first:
    ``{"page", "pages", "total", "rows", "words"}``; each row is a record (:mod:`reversi.game.results`)
    with its ``index`` in the history, ``words`` (``game``, ``result``, ``score``,
    ``kind``) and ``reviewable`` (its moves are kept); the page's ``words`` are the
    pager's and the Review buttons' (:func:`reversi.app.wording.history_pager`)."""
    history = session.progress.history
    pages = max(1, -(-len(history) // HISTORY_PAGE))
    number = min(max(number, 0), pages - 1)
    rows = [{**record, "index": index, "words": wording.history_words(record), "reviewable": "moves" in record}
            for index, record in history.page(number, HISTORY_PAGE)]
    first = number * HISTORY_PAGE + 1
    return {"page": number, "pages": pages, "total": len(history), "rows": rows,
            "words": wording.history_pager(first, first + len(rows) - 1, len(history))}


def _move_clock(session: Session) -> dict[str, Any] | None:
    """Returns the move clock of the person to move, or None."""
    left = session.move_clock_left()
    if left is None:
        return None
    return {"limit": session.settings.move_clock, "left_ms": max(0, left),
            "running": session.clock_running()}
