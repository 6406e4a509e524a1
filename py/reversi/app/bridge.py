"""The worker's door into Python: JSON requests in, JSON replies out.

The worker makes one :class:`Bridge` and calls :meth:`Bridge.call` with a
method name and its parameters as a JSON string; it gets back a JSON string:
the snapshot (:mod:`.snapshot`), plus ``save`` (the parts to store now, by
name, each ``{"text", "base"}``: stored only if ``base`` is still what is stored,
:mod:`.saving`), ``pending`` (parts to store in the same way only if the page
is hidden or closed first: the active time between its 15 s writes, SPEC P8)
and ``drop`` (stored keys to remove).  A request that fails raises; the worker turns the
exception into a message.

Methods and parameters:

- ``load`` {"documents": {part: text | null}}: starts from what is stored (parts
  ``settings``, ``game``, ``clock``, ``history``, ``stars``, or an older ``legacy`` document).
- ``snapshot`` {}: the current state.
- ``place`` {"square": "d3", "token": n}: a person's placement.
- ``computer_move`` {"token": n}: the computer's move for the game at ``token``.
- ``undo``, ``redo``, ``restart``, ``new``, ``resume`` {}.
- ``pause`` {"reason": "" | "hidden"}: pause, e.g. because the page was hidden.
- ``tick`` {"ms": n}: visible time that passed.
- ``set_setting`` {"name": str, "value": ...}.
- ``flush`` {}: the page is being hidden: store the active time now.
- ``storage_failed`` {"reason": str}: the page could not store (SPEC P2): the
  player is told, and nothing more is offered to store.
- ``external`` {"part": name, "documents": {part: text | null}, "refused": bool}:
  another tab stored ``part`` (SPEC P7), and ``refused`` when that is why this
  tab's own write of it was not made; ``documents`` is everything stored now.
- ``takeover`` {"documents": {...}}: the player takes the game over in this tab.
- ``review`` {"source": "current" | "history", "index": n}: a game's frames; the
  game in play pauses meanwhile.  ``close_review`` {}: back to the game.
- ``import_transcript`` {"text": str}: a pasted game, checked, as frames to review.
- ``analysis_start`` {"moves": transcript, "title": str}, ``analysis_step``,
  ``analysis_stop`` {}: analyse a finished or past game one position at a time.
- ``clear_history`` {}: empties the results history (stars stay).
- ``watch`` {"moves": transcript, "black": level, "white": level, "seed": n}: the
  next placement of a game between two levels, as a review.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from ..engine.notation import IllegalMoveError, NotationError
from ..game.computer import ComputerPlayer, default_player
from ..game.events import Event, Refused
from ..game.session import Session, now_iso
from . import events as app_ev
from . import save, wording
from .analysis import GameAnalysis
from .review import chosen_game, parse_game, review_of
from .saving import Saving
from .snapshot import session_snapshot
from .watch import watch_step

#: Settings that change only how the page looks or sounds.
DISPLAY_SETTINGS = ("legal_dots", "sound")
#: Commands that change the game in play: refused while it continues in another tab.
GAME_COMMANDS = ("place", "computer_move", "undo", "redo", "restart", "new", "pause", "resume",
                 "tick", "set_setting")


def _display_setting(method: str, args: dict[str, Any]) -> bool:
    """Checks if a request changes only how the page looks or sounds (it has its own
    part, so a tab whose game continues elsewhere may still make it)."""
    return method == "set_setting" and args.get("name") in DISPLAY_SETTINGS


class Bridge:
    """One page's Python side: the session, and the app state around it (notices,
    the open review and analysis, what was saved)."""

    def __init__(self, player: ComputerPlayer = default_player,
                 clock: Callable[[], str] = now_iso) -> None:
        self.player, self.clock = player, clock
        self.session = Session(player, clock)
        self.notices: list[str] = []
        #: The notice that progress is not being saved (SPEC P2), once the page reported it.
        self.storage_note = ""
        self.saving = Saving()
        self.reviewing = False
        self.analysis: GameAnalysis | None = None
        #: What the command being run did beyond the session's own events.
        self.events: list[Event] = []
        self.review: dict[str, Any] | None = None
        self.commands: dict[str, Callable[..., None]] = {
            "load": self.load, "snapshot": lambda: None, "place": self.session_command("place"),
            "computer_move": self.session_command("computer_move"),
            "undo": self.session_command("undo"), "redo": self.session_command("redo"),
            "restart": self.session_command("restart"), "new": self.session_command("new"),
            "pause": self.session_command("pause"), "resume": self.session_command("resume"),
            "tick": self.session_command("tick"), "set_setting": self.session_command("set_setting"),
            "flush": lambda: None, "storage_failed": self.storage_failed,
            "external": self.external, "takeover": self.takeover,
            "review": self.open_review, "close_review": self.close_review,
            "import_transcript": self.import_transcript, "analysis_start": self.analysis_start,
            "analysis_step": self.analysis_step, "analysis_stop": self.analysis_stop,
            "clear_history": lambda: self.session.clear_history(), "watch": self.watch,
        }

    def session_command(self, name: str) -> Callable[..., None]:
        """Returns the command that runs the session's method ``name``."""
        return lambda **params: getattr(self.session, name)(**params)

    def call(self, method: str, params: str = "{}") -> str:
        """Runs ``method`` with the JSON object ``params`` and returns the JSON reply.

        :raises ValueError: for an unknown method or bad parameters.
        """
        if method not in self.commands:
            raise ValueError(f"unknown method {method!r}")
        args = json.loads(params)
        if not isinstance(args, dict):
            raise ValueError("parameters must be a JSON object")
        self.session.begin()
        self.events, self.review = [], None
        try:
            if self.saving.elsewhere and method in GAME_COMMANDS and not _display_setting(method, args):
                if method == "place":
                    self.events.append(Refused("elsewhere"))
            else:
                self.commands[method](**args)
        except TypeError as error:
            raise ValueError(f"bad parameters for {method}: {error}") from None
        return json.dumps(self.reply(method))

    def reply(self, method: str) -> dict[str, Any]:
        """Returns the snapshot with the review and the parts to store."""
        session = self.session
        reply = session_snapshot(
            session, session.events + self.events,
            always_announce=method in ("load", "close_review", "takeover"),
            notices=(*self.notices, self.storage_note) if self.storage_note else tuple(self.notices),
            reviewing=self.reviewing,
            analysis=self.analysis.report() if self.analysis else None,
            elsewhere=self.saving.elsewhere)
        if self.review is not None:
            reply["review"] = self.review
        reply.update(self.saving.due(session, reply, flush=method in ("flush", "pause")))
        return reply

    # -- storage ------------------------------------------------------------
    def load(self, documents: Any = None) -> None:
        """Starts a new session from the stored documents (SPEC P1, P3, P4)."""
        texts = self.saving.texts(documents)
        self.session = Session(self.player, self.clock)
        self.notices = save.load(self.session, texts)
        self.saving.loaded(self.session, texts, damaged=bool(self.notices))

    def storage_failed(self, reason: str = "") -> None:
        """Tells the player that progress is not being saved, and stops offering parts
        to store: the game goes on in memory (SPEC P2)."""
        self.storage_note = self.storage_note or wording.storage_failed(reason)
        self.saving.off = True

    def busy(self) -> bool:
        """Checks if this tab is in the middle of something: reviewing, analysing, or
        the computer to move (SPEC P7)."""
        return self.reviewing or self.analysis is not None or self.session.computer_to_move()

    def external(self, part: str, documents: Any = None, refused: bool = False) -> None:
        """Takes in what another tab stored (SPEC P7): settings are taken; stars, results
        and time merge; a newer game is adopted by an idle tab, and a busy one (or one whose own game
        could not be stored) waits for the player to take it over."""
        texts = self.saving.texts(documents)
        if part in ("settings", "history", "stars", "clock"):
            self.saving.merge(self.session, part, texts.get(part), refused=refused)
        elif part == "game" and not self.saving.elsewhere and texts.get("game") != self.saving.known.get("game"):
            if refused or self.busy():
                self.saving.elsewhere = True
                self.events.append(app_ev.Elsewhere())
            else:
                self.adopt(texts)
                self.events.append(app_ev.Adopted())

    def takeover(self, documents: Any = None) -> None:
        """Continues here the game another tab stored, and resumes it (SPEC P7)."""
        self.adopt(self.saving.texts(documents))
        self.session.resume()
        self.events.append(app_ev.TakenOver())

    def adopt(self, texts: dict[str, str | None]) -> None:
        """Replaces the session with the stored one, keeping this tab's stars and results.
        Like a reloaded one, an unfinished computer game waits for Resume (SPEC P4: two
        tabs never both play the computer's move), and a tab that was paused (hidden)
        stays paused, so a background tab is never busy with the computer's turn."""
        old = self.session
        self.session = Session(self.player, self.clock)
        self.notices = save.load(self.session, texts)
        self.session.paused = self.session.paused or (old.paused and not self.session.is_over())
        self.session.progress.merge(old.progress.history, old.progress.shelf)
        self.session.token = old.token + 1
        self.saving.loaded(self.session, texts, damaged=bool(self.notices))
        self.reviewing, self.analysis = False, None

    # -- review, analysis, watching ---------------------------------------------
    def show(self, review: dict[str, Any]) -> None:
        """Opens ``review`` on the page; the game in play pauses meanwhile."""
        if not self.reviewing:
            self.session.open_review()
            self.reviewing = True
        self.analysis = None
        self.review = review

    def open_review(self, source: str, index: int | None = None) -> None:
        self.show(chosen_game(self.session, source, index))

    def close_review(self) -> None:
        """Closes the review and its analysis; the game in play resumes if reviewing paused it."""
        if self.reviewing:
            self.session.close_review()
            self.events.append(app_ev.ReviewClosed())
        self.reviewing, self.analysis = False, None

    def import_transcript(self, text: str) -> None:
        try:
            moves = parse_game(text)
        except (NotationError, IllegalMoveError) as error:
            raise ValueError(wording.transcript_problem(error)) from None
        if not moves:
            raise ValueError(wording.transcript_problem(None))
        self.show(review_of(moves, "Imported game", "import", None))
        self.events.append(app_ev.Imported(len(moves)))

    def watch(self, moves: str, black: str, white: str, seed: int = 0) -> None:
        review = watch_step(moves, black, white, seed)
        if moves and self.reviewing:
            self.review = review  # the watched game grows in its open review
        else:
            self.show(review)

    def analysis_start(self, moves: str, title: str = "Game", human: str | None = None) -> None:
        placements = parse_game(moves)
        if not self.session.may_analyse(placements):
            raise ValueError(wording.ANALYSIS_REFUSED)
        self.analysis = GameAnalysis(placements, title, human)
        self.events.append(app_ev.AnalysisStarted(title))

    def analysis_step(self) -> None:
        if self.analysis is not None and not self.analysis.done:
            self.analysis.step()
            if self.analysis.done:
                self.events.append(app_ev.AnalysisFinished())

    def analysis_stop(self) -> None:
        self.analysis = None
