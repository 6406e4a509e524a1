"""The game's requests: the session's commands (:class:`reversi.game.session.Session`) and
the results history's, as the registry declares them (:data:`GAME_COMMANDS`).

- ``place`` {"square": "d3", "token": n}: a person's placement; ``computer_move``
  {"token": n}: the computer's move for the game at ``token`` (P5);
- ``undo``, ``redo``, ``restart``, ``new``, ``resume`` {}; ``pause`` {"reason": "" |
  "hidden"}; ``tick`` {"ms": n}: visible time that passed (P6); ``set_setting`` {"name",
  "value"};
- ``clear_history`` {}: empties the results history (stars stay); ``history_page``
  {"page": n}: page ``n`` of it, 0 the newest (reply field ``history_page``).
"""

from __future__ import annotations

from ..game.session import Session
from .house import HOUSE, SESSION, Command, Host
from .snapshot import history_page


def page_of_history(host: Host, page: int) -> None:
    """Answers ``history_page`` (:func:`reversi.app.snapshot.history_page`)."""
    host.extra["history_page"] = history_page(host.session, page)


GAME_COMMANDS = (
    Command("place", Session.place, SESSION, game=True),
    Command("computer_move", Session.computer_move, SESSION, game=True, cancellable=True),
    Command("undo", Session.undo, SESSION, game=True),
    Command("redo", Session.redo, SESSION, game=True),
    Command("restart", Session.restart, SESSION, game=True),
    Command("new", Session.new, SESSION, game=True),
    Command("pause", Session.pause, SESSION, game=True, flush=True),
    Command("resume", Session.resume, SESSION, game=True),
    Command("tick", Session.tick, SESSION, game=True, passive=True),
    Command("set_setting", Session.set_setting, SESSION, game=True),
    Command("clear_history", Session.clear_history, SESSION),
    Command("history_page", page_of_history, HOUSE),
)
