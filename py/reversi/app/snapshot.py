"""The snapshot: everything the page draws, as plain JSON-ready data (B1, B7, O3).

:func:`session_snapshot` makes the board's and the session's fields of every reply, each
typed and described in :class:`SessionFields`; the bridge completes them with its own and
every feature's (the index of who makes which: :func:`reversi.app.features.fields`,
``docs/snapshot.md``).  :func:`opening_view` is what the page paints before Python is
ready, and :func:`history_page` a page of the results history.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, TypedDict

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
from .movelist import MoveRow, move_list
from .stats import StatsRow, statistics

Counts = TypedDict("Counts", {"black": int, "white": int})


class Result(TypedDict):
    """A finished game's result: the winner (None: a draw) and the real counts, in words too."""

    winner: str | None
    black: int
    white: int
    text: str


class StarEntry(TypedDict):
    """A star: its id, name, how it is earned, whether it is, and its name with that."""

    id: str
    name: str
    how: str
    earned: bool
    label: str


class MoveClock(TypedDict):
    """A person's move clock: its limit in seconds, the milliseconds left, whether it runs."""

    limit: int
    left_ms: int
    running: bool


class HistoryPage(TypedDict):
    """A page of the results history (:func:`history_page`)."""

    page: int
    pages: int
    total: int
    rows: list[dict[str, Any]]
    words: dict[str, str]


class BoardFields(TypedDict):
    """The board's fields of every reply (B1, B7, R5, R6)."""

    #: 64 characters a1..h8: ``X`` black, ``O`` white, ``-`` empty.
    cells: str
    #: ``"black"``/``"white"``, or None when the game is over.
    turn: str | None
    #: The legal squares of the side to move, only while a person may place a disc (the
    #: page draws them as dots when ``options.legal_dots``).
    legal: list[str]
    #: The square of the last placement, or None, and the squares it flipped.
    last: str | None
    flipped: list[str]
    #: The real disc counts (R5).
    counts: Counts
    #: None while the game goes on, else its result.
    result: Result | None
    #: The transcript of the game so far (R6).
    moves: str


class SessionFields(BoardFields):
    """The session's fields of every reply (made by :func:`session_snapshot`); the bridge
    and the features add theirs (``docs/snapshot.md`` says who makes which)."""

    #: For each legal square, the squares it would flip (outlined on hover or focus).
    previews: dict[str, list[str]]
    #: The empty squares left (the page counts nothing itself).
    empties: int
    #: The status-bar line, e.g. "Your move" or "Black to move".
    status: str
    #: What the live region says for the command just taken (its events, then the status; B7).
    announce: str
    #: The same events without the status line, for the line under the board ("" for none).
    message: str
    #: None while the game goes on, else the words of its result card (B9).
    result_card: dict[str, str] | None
    #: What the command did, as data (:func:`reversi.game.events.as_json`).
    events: list[dict[str, Any]]
    #: ``{"square", "flips"}`` when the command placed a disc (the last one), else None: the sound.
    placed: dict[str, Any] | None
    #: The game's token: computer-move and tap requests send it back, so late ones are dropped (P5).
    token: int
    #: The current game's mode, side and level.
    mode: str
    side: str
    level: str
    human_to_move: bool
    computer_to_move: bool
    paused: bool
    clock_running: bool
    #: Whether Undo, Redo, Restart and Pause/Resume would do anything.
    can_undo: bool
    can_redo: bool
    can_restart: bool
    can_pause: bool
    #: Whether the side and level settings mean anything for the chosen mode (C1).
    side_and_level_apply: bool
    #: Whether the opening setting means anything for the next game (a standard one).
    opening_applies: bool
    #: "" or the line saying that new choices wait for a new game.
    setup_note: str
    #: "" when a tap goes to Python, else what the page says at once (reviewing, the computer's turn).
    tap_note: str
    #: The attempt's active play time (P6), and the attempt ``{"id", "practice", "first_result"}``.
    active_ms: int
    attempt: dict[str, Any]
    #: The settings (:class:`reversi.game.settings.Settings`).
    options: dict[str, Any]
    #: The results history's newest page (:func:`history_page`).
    history: HistoryPage
    #: All eight stars, the ids the command earned, the count in words, and the words that
    #: celebrate the new ones.
    stars: list[StarEntry]
    new_stars: list[str]
    star_count: str
    celebration: str
    #: Messages to show until dismissed (save problems, P2, P3).
    notices: list[str]
    #: None, or the move clock while a person's move is timed.
    move_clock: MoveClock | None
    #: Whether a game is open in review; whether this game continues in another tab (P7).
    reviewing: bool
    elsewhere: bool
    #: The game as text to copy (after a set-up game's board string, E2), and a link's fragment.
    transcript: str
    link: str
    #: Whether the game began from a set-up position (E2), its variant (V1), the words that
    #: remind of its rule, and a short line naming the game.
    set_up: bool
    variant: str
    variant_note: str
    game_line: str
    #: The moves numbered in pairs, passes shown, those undone marked ``ahead``.
    move_list: list[MoveRow]
    #: Results statistics per level and side (:mod:`reversi.app.stats`).
    stats: list[StatsRow]


def board_snapshot(board: Board) -> BoardFields:
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
                     reviewing: bool = False, elsewhere: bool = False) -> SessionFields:
    """Returns the session's fields of a reply (:class:`SessionFields`); ``events`` are what
    the command did (default: the session's own), the rest is the app's state."""
    events = session.events if events is None else events
    board = session.board
    fields = board_snapshot(board)
    if not session.human_to_move():
        fields["legal"] = []
    p, o = board.mover_mask()
    status = status_line(session)
    placed = [e for e in events if isinstance(e, Placed)]
    settings, game, attempt = session.settings, session.game, session.progress.attempt
    words = wording.Words(game)
    outcome = board.outcome()
    snap: SessionFields = {
        **fields,
        "previews": {square_name(m): [square_name(s) for s in squares(flips_mask(p, o, m))]
                     for m in (board.legal_moves() if fields["legal"] else [])},
        "empties": 64 - sum(board.counts()),
        "status": status,
        "announce": wording.announcement(words, events, status, always=always_announce),
        "message": wording.message(words, events),
        "result_card": wording.result_card(game, outcome, attempt) if outcome else None,
        "events": [as_json(e) for e in events],
        "placed": {"square": square_name(placed[-1].square), "flips": placed[-1].flips} if placed else None,
        "token": session.token,
        "mode": game.mode, "side": game.side, "level": game.level,
        "human_to_move": session.human_to_move(),
        "computer_to_move": session.computer_to_move(),
        "paused": session.paused,
        "clock_running": session.clock_running(),
        "can_undo": game.undo_target() is not None,
        "can_redo": game.redo_target() is not None,
        "can_restart": session.can_restart(),
        "can_pause": session.paused or session.clock_running(),
        "side_and_level_apply": settings.mode == "computer",
        "opening_applies": settings.variant == STANDARD,
        "setup_note": (wording.say("setup_waits")
                       if any((settings.game_level() if k == "level" else getattr(settings, k)) != getattr(game, k)
                              for k in GAME_SETTINGS if k != "opening" or settings.variant == STANDARD) else ""),
        "tap_note": wording.tap_note(reviewing=reviewing, computer=session.computer_to_move()),
        "active_ms": attempt.active_ms,
        "attempt": {"id": attempt.id, "practice": attempt.practice, "first_result": attempt.first_result},
        "options": asdict(settings),
        "history": history_page(session, 0),
        "stars": [{"id": s, "name": wording.star_name(s), "how": wording.star_how(s),
                   "earned": s in session.progress.shelf.earned,
                   "label": wording.say("star.earned" if s in session.progress.shelf.earned else "star.not_yet",
                                        name=wording.star_name(s))} for s in STAR_IDS],
        "star_count": wording.say("star.count", earned=len(session.progress.shelf.earned), total=len(STAR_IDS)),
        "celebration": celebration(events),
        "new_stars": [e.star for e in events if isinstance(e, StarEarned)],
        "notices": list(notices),
        "move_clock": _move_clock(session),
        "reviewing": reviewing,
        "elsewhere": elsewhere,
        "transcript": game_text(game.line.moves[:game.line.cursor], game.line.start, game.variant),
        "link": game_link(game.line.moves[:game.line.cursor], game.line.start, game.variant),
        "set_up": game.set_up,
        "variant": game.variant,
        "variant_note": wording.variant_note(game.variant, len(game.line.moves)),
        "game_line": wording.game_line(game),
        "move_list": move_list(game.line.moves, game.line.colors, game.line.cursor),
        "stats": statistics(session.progress.history),
    }
    return snap


def celebration(events: list[Event]) -> str:
    """Returns the words of the celebration of the stars a command earned ("" for none)."""
    names = [wording.star_name(e.star) for e in events if isinstance(e, StarEarned)]
    return wording.say("star.celebration", names=wording.join(names)) if names else ""


#: Records on a page of the results history.
HISTORY_PAGE = 20


def history_page(session: Session, number: int) -> HistoryPage:
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


def _move_clock(session: Session) -> MoveClock | None:
    """Returns the move clock of the person to move, or None."""
    left = session.move_clock_left()
    if left is None:
        return None
    return {"limit": session.settings.move_clock, "left_ms": max(0, left),
            "running": session.clock_running()}
