"""The saved parts: their names, their format and versions, and the writing of a session's
parts (P1, P8, P9).

Each part is stored under its own key (:func:`storage_key`) and written only when it
changes: ``settings``, ``game``, ``clock``, ``stars`` and the history in chunks of
:data:`CHUNK` records (:func:`dump`, :func:`history_texts`).  The bridge and the other
saving modules call it; reading back is :mod:`.loading`.  The version-3 format, field by
field, and the older versions: ``docs/saving.md``.
"""

from __future__ import annotations

import json
import weakref
from dataclasses import asdict
from typing import Any, Mapping

from ...engine.notation import format_board, format_transcript
from ...engine.variants import STANDARD
from ...game.history import History, check_of
from ...game.play import Game
from ...game.session import Session
from .. import wording
from .checks import VERSION, is_chunk

FORMAT = "reversi"
#: The parts of fixed name, in the order they are read.
PARTS = ("settings", "game", "clock", "stars")
#: Version 2's whole history in one part (read, then removed).
OLD_HISTORY = "history"
#: The single document of versions 0 and 1.
LEGACY = "legacy"
#: Records per history chunk.
CHUNK = 250
#: Characters the history may take before its oldest records shed their moves (P9);
#: browsers give an origin about 5 million characters in all.
HISTORY_BUDGET = 3_500_000
#: The painted view's fields kept in the game part.
VIEW = ("cells", "counts", "last", "status", "language")


def storage_key(part: str) -> str:
    """Returns the ``localStorage`` key a part is stored under (the single document of
    versions 0 and 1 kept its own name)."""
    return "reversi.save" if part == LEGACY else f"reversi.{part}"


def chunk_names(texts: Mapping[str, Any]) -> list[str]:
    """Returns the history chunks among the stored texts' names, in order."""
    return sorted((name for name in texts if is_chunk(name)), key=lambda name: int(name.split(".")[1]))


def _text(part: str, body: dict[str, Any]) -> str:
    return json.dumps({"format": FORMAT, "part": part, "version": VERSION, **body}, separators=(",", ":"))


def dump(session: Session, view: Mapping[str, Any]) -> dict[str, str]:
    """Returns the text of every part of ``session``; ``view`` is its snapshot (for the
    painted view)."""
    game, attempt, progress = session.game, session.progress.attempt, session.progress
    paused = comes_back_paused(game)
    status = wording.status_line(game, paused=paused,
                                 human_to_move=not paused and game.is_human(game.board.turn))
    return {
        "settings": _text("settings", {"settings": asdict(session.settings)}),
        "game": _text("game", {
            "game": {"mode": game.mode, "side": game.side, "level": game.level,
                     "moves": format_transcript(game.line.moves), "cursor": game.line.cursor,
                     **({"start": format_board(*game.line.start)} if game.line.start else {}),
                     **({"variant": game.variant} if game.variant != STANDARD else {}),
                     **({"opening": game.balanced_line} if game.balanced_line else {})},
            "attempt": {"id": attempt.id, "practice": attempt.practice,
                        "first_result": attempt.first_result, "started": attempt.started,
                        "stars": attempt.stars},
            "view": {**{key: view[key] for key in VIEW[:3]}, "status": status,
                     "language": view.get("language", wording.DEFAULT)}}),
        "clock": _text("clock", {"attempt": attempt.id, "started": attempt.started,
                                 "active_ms": attempt.active_ms}),
        **history_texts(progress.history),
        "stars": _text("stars", {"earned": progress.shelf.earned, "wins": progress.shelf.wins}),
    }


class _Written:
    """The history chunks last made: of which history, at which revision, from which items."""

    history: weakref.ref[History] | None = None
    revision = -1
    told = False
    chunks: list[list[Any]] = []
    texts: dict[str, str] = {}


def history_texts(history: History) -> dict[str, str]:
    """Returns the text of each history chunk (at least ``history.0``); a chunk's text is
    made again only when its items changed (a game's end: the newest chunk only)."""
    last = _Written
    if last.history is not None and last.history() is history and (last.revision, last.told) == (
            history.revision, history.told):
        return last.texts
    items = history.items
    chunks = [items[n * CHUNK:(n + 1) * CHUNK] for n in range(max(1, -(-len(items) // CHUNK)))]
    texts = {}
    for n, chunk in enumerate(chunks):
        name = f"history.{n}"
        if n < len(last.chunks) and chunk == last.chunks[n] and (n or last.told == history.told):
            texts[name] = last.texts[name]
        else:
            check = check_of(chunk)
            texts[name] = _text(name, {"records": chunk, **({"check": check} if check is not None else {}),
                                       **({"shed": True} if n == 0 and history.told else {})})
    last.history, last.revision, last.told = weakref.ref(history), history.revision, history.told
    last.chunks, last.texts = chunks, texts
    return texts


def comes_back_paused(game: Game) -> bool:
    """Checks if ``game``, read back, waits for Resume: an unfinished computer game
    that has begun (P4)."""
    return game.mode == "computer" and not game.board.is_game_over() and bool(game.line.moves)
