"""The worker's door into Python: JSON requests in, JSON replies out.

The worker calls :func:`call` with a method name and its parameters as a JSON
string, and gets back a JSON string: the snapshot (:mod:`reversi.snapshot`)
plus ``save``, the document to store (:mod:`reversi.save`), when it changed.
A request that fails raises; the worker turns the exception into a message.

Methods and parameters:

- ``load`` {"document": str | null}: starts the session from a saved document.
- ``snapshot`` {}: the current state.
- ``place`` {"square": "d3", "token": n}: a person's placement.
- ``computer_move`` {"token": n}: the computer's move for the game at ``token``.
- ``undo``, ``redo``, ``restart``, ``new``, ``resume`` {}.
- ``pause`` {"reason": str}: pause, e.g. because the page was hidden.
- ``tick`` {"ms": n}: visible time that passed.
- ``set_setting`` {"name": str, "value": ...}.
- ``storage_failed`` {"reason": str}: the page could not save (SPEC P2).
- ``review`` {"source": "current" | "history", "index": n}: a game's frames.
- ``import_transcript`` {"text": str}: a pasted game, checked, as frames to review.
- ``analysis_start`` {"moves": transcript, "title": str}, ``analysis_step``,
  ``analysis_stop`` {}: analyse a finished or past game one position at a time.
- ``clear_history`` {}: empties the results history (stars stay).
- ``watch`` {"moves": transcript, "black": level, "white": level, "seed": n}: the
  next placement of a game between two levels, as a review (the session is untouched).
"""

from __future__ import annotations

import json
from typing import Any

from . import save
from .review import parse_game, review_of
from ..game.session import Session
from .snapshot import session_snapshot
from .watch import watch_step

_session = Session()
_saved = ""


def _load(document: str | None = None) -> None:
    global _session
    _session = Session()
    _session.notices = save.load(_session, document)


def _storage_failed(reason: str = "") -> None:
    note = "Progress is not being saved in this browser" + (f" ({reason})" if reason else "") + \
        "; you can keep playing."
    if note not in _session.notices:
        _session.notices.append(note)


_review: dict[str, Any] | None = None


def _show_review(source: str, index: int | None = None) -> None:
    global _review
    moves, title, human = _session.game_moves(source, index)
    _review = review_of(moves, title, source, human)


def _import(text: str) -> None:
    global _review
    try:
        moves = parse_game(text)
    except ValueError as error:
        raise ValueError(f"That transcript cannot be opened: {error}.") from None
    if not moves:
        raise ValueError("That transcript has no moves.")
    _review = review_of(moves, "Imported game", "import", None)
    _session.events.append(f"Imported a game of {len(moves)} moves; it opens in review.")


def _watch(moves: str, black: str, white: str, seed: int = 0) -> None:
    global _review
    _review = watch_step(moves, black, white, seed)


def _analysis_start(moves: str, title: str = "Game") -> None:
    _session.start_analysis(parse_game(moves), title)


COMMANDS = {
    "load": _load,
    "snapshot": lambda: None,
    "place": lambda square, token=None: _session.place(square, token),
    "computer_move": lambda token: _session.computer_move(token),
    "undo": lambda: _session.undo(),
    "redo": lambda: _session.redo(),
    "restart": lambda: _session.restart(),
    "new": lambda: _session.new(),
    "pause": lambda reason="": _session.pause(reason),
    "resume": lambda: _session.resume(),
    "tick": lambda ms: _session.tick(ms),
    "set_setting": lambda name, value: _session.set_setting(name, value),
    "storage_failed": _storage_failed,
    "review": _show_review,
    "import_transcript": _import,
    "analysis_start": _analysis_start,
    "analysis_step": lambda: _session.analysis_step(),
    "analysis_stop": lambda: _session.stop_analysis(),
    "clear_history": lambda: _session.clear_history(),
    "watch": _watch,
}


def call(method: str, params: str = "{}") -> str:
    """Runs ``method`` with the JSON object ``params`` and returns the JSON reply.

    :raises ValueError: for an unknown method or bad parameters.
    """
    global _saved, _review
    if method not in COMMANDS:
        raise ValueError(f"unknown method {method!r}")
    args = json.loads(params)
    if not isinstance(args, dict):
        raise ValueError("parameters must be a JSON object")
    _session.begin()
    _review = None
    try:
        COMMANDS[method](**args)
    except TypeError as error:
        raise ValueError(f"bad parameters for {method}: {error}") from None
    reply: dict[str, Any] = session_snapshot(_session)
    if _review is not None:
        reply["review"] = _review
    document = save.dump(_session, reply)
    if document != _saved:
        reply["save"] = _saved = document
    return json.dumps(reply)
