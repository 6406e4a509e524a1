"""The worker's door into Python: JSON requests in, JSON replies out.

The worker makes one :class:`Bridge` and calls :meth:`Bridge.call` with a
method name and its parameters as a JSON string; it gets back a JSON string:
the snapshot (:mod:`.snapshot`), plus ``save`` (the parts to store now, by
name, each ``{"text", "base"}``: stored only if ``base`` is still what is stored,
:mod:`.saving.timing`), ``pending`` (parts to store in the same way only if the page
is hidden or closed first: the active time between its 15 s writes, P8)
and ``drop`` (stored keys to remove).  A request that fails raises; the worker
turns the exception into a message.  The requests and their parameters are
listed in :mod:`.commands`, beside the table that runs them.

Every reply carries ``refused``: why the command was refused (``"elsewhere"`` while the
game continues in another tab, P7, and a placement says so in words), or None.  The
bridge only wires: the rules live in the rooms it calls.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from ..game.computer import ComputerPlayer, default_player
from ..game.events import Event, Refused
from ..game.session import Session, now_iso
from . import commands, puzzle_mode, wording
from . import page_events as app_ev
from .hint_mode import HintMode
from .learning import room as learn
from .mistakes import room as mistake_room
from .pondering import Pondering
from .review.room import Reviews
from .saving import loading as save_loading
from .saving import parts as save_parts
from .saving import tabs
from .saving.timing import Saving
from .snapshot import session_snapshot


class Bridge:
    """One page's Python side: the session, and the rooms around it."""

    def __init__(self, player: ComputerPlayer = default_player,
                 clock: Callable[[], str] = now_iso) -> None:
        self.pondering = Pondering(player, lambda: self.session)  # its player goes on pondered searches (C4)
        self.player, self.clock = self.pondering.player, clock
        self.session = Session(self.player, clock)
        #: The browser's language, matched by the page (L2); the notices of reading the save,
        #: the others (the history shed, P9), and that progress is not being saved (P2).
        self.browser_language, self.storage_note = wording.DEFAULT, ""
        self.read_notes, self.notes = list[str](), list[str]()
        self.saving, self.reviews, self.hints, self.puzzles = Saving(), Reviews(), HintMode(), puzzle_mode.Room()
        #: The save being read, while ``load_history`` is awaited.
        self.loading: save_loading.Loading | None = None
        #: The page's local date of the request being run (the daily puzzle's), what it did
        #: beyond the session's own events, and its extra reply fields (``setup``, ``solution``).
        self.today, self.events, self.extra = puzzle_mode.day(None), list[Event](), dict[str, Any]()
        self.learn, self.mistakes = learn.Room(), mistake_room.Room()  # N1-N5, N6-N8
        #: The rooms whose stored part merges as a union (N4, N8), by part.
        self.unions: dict[str, learn.Room | mistake_room.Room] = {learn.PART: self.learn,
                                                                  mistake_room.PART: self.mistakes}
        self.commands = {**commands.table(self), **mistake_room.commands(self)}
        self.commands.update(learn.commands(self))  # it wraps the others that open a room: last

    def call(self, method: str, params: str = "{}") -> str:
        """Runs ``method`` with the JSON object ``params`` and returns the JSON reply.

        :raises ValueError: for an unknown method or bad parameters.
        """
        if method not in self.commands:
            raise ValueError(f"unknown method {method!r}")
        args = json.loads(params)
        if not isinstance(args, dict):
            raise ValueError("parameters must be a JSON object")
        if method in commands.SLICES:  # a slice of background work answers in a few fields (C4)
            self.extra = {}
            self.run(method, args)
            return json.dumps(self.extra)
        self.session.begin()
        self.events, self.extra = [], {}
        self.reviews.new_request()
        self.today = puzzle_mode.day(args.pop("today", None))
        self.speak()
        refused = tabs.refusal(self.saving.elsewhere, method, args)
        if refused is None:
            self.run(method, args)
        elif method == "place":  # a person's tap is answered in words
            self.events.append(Refused(refused))
        history = self.session.progress.history  # the mistakes part gives way first (N8, P9)
        self.mistakes.book.shed(save_parts.HISTORY_BUDGET - history.size())
        if history.shed_news(save_parts.HISTORY_BUDGET):
            self.notes.append(wording.history_shed())
        self.speak()  # a new language speaks at once
        return json.dumps({**self.reply(method), "refused": refused})

    def run(self, method: str, args: dict[str, Any]) -> None:
        """Runs one command; parameters it does not take raise ValueError."""
        try:
            self.commands[method](**args)
        except TypeError as error:
            raise ValueError(f"bad parameters for {method}: {error}") from None

    def language(self) -> str:
        """Returns the language the page speaks: the player's choice, else the browser's (L2)."""
        return self.session.settings.language or self.browser_language

    def speak(self) -> None:
        """Makes the page's language the one every sentence is worded in."""
        wording.speaking(self.language())

    def reply(self, method: str) -> dict[str, Any]:
        """Returns the snapshot with the review, the hints and the parts to store."""
        session, reviewing, elsewhere = self.session, self.reviews.open, self.saving.elsewhere
        notices = (*self.read_notes, *self.notes, *([self.storage_note] if self.storage_note else []))
        reply = session_snapshot(
            session, session.events + self.events, always_announce=method in ("load", "close_review", "takeover"),
            notices=notices, reviewing=reviewing, analysis=self.reviews.report(), elsewhere=elsewhere,
            hints=self.hints.state(session, reviewing=reviewing, elsewhere=elsewhere))
        reply.update(history_loading=self.loading is not None, language=self.language(),
                     elsewhere_text=wording.elsewhere_text(self.saving.lost) if elsewhere else "",
                     languages=wording.languages(),
                     ponder_due=self.pondering.due(session, reviewing=reviewing, elsewhere=elsewhere))
        if self.reviews.payload is not None:
            reply["review"] = self.reviews.payload
        reply.update(self.extra)
        reply.update(puzzle=self.puzzles.report(self.today), learn=self.learn.report(method))  # N1-N5
        self.mistakes.fill(reply, session, reviewing)  # N6-N8
        rooms = self.puzzles.parts(self.saving.known)
        for room in self.unions.values():
            rooms.update(room.due(self.saving.known))
        # Nothing is stored before the history chunks are read (load_history).
        reply.update(self.saving.due(session, reply, flush=method in ("flush", "pause"), extra=rooms,
                                     hold=self.loading is not None))
        return reply

    def load(self, documents: Any = None, language: Any = None, history_follows: Any = False) -> None:
        """Starts a new session from the stored documents (P1, P3, P4), speaking ``language``,
        the browser's as the page matched it (L2), until the player chooses one; with
        ``history_follows``, all but the history chunks, which ``load_history`` reads."""
        if language in wording.CODES:
            self.browser_language = language
            self.speak()
        texts = self.saving.texts(documents)
        self.session = Session(self.player, self.clock)
        self.loading = save_loading.Loading(self.session, texts, chunks_follow=history_follows is True)
        self.read_notes = self.loading.said() if history_follows is True else self.loading.finish(texts)
        self.loading = self.loading if history_follows is True else None
        self.puzzles, readable = puzzle_mode.Room.stored(texts.get(puzzle_mode.PART))
        self.notes = [] if readable else [wording.say("save.puzzles_unreadable")]
        for room in self.unions.values():  # N3, N4, N8
            room.load(texts, self.notes)
        self.saving.loaded(self.session, texts, damaged=bool(self.read_notes or self.notes),
                           chunks_follow=self.loading is not None)

    def load_history(self, documents: Any = None) -> None:
        """Reads the history chunks of the save that ``load`` began (ValueError when none
        did), then stores what is due again."""
        if self.loading is None:
            raise ValueError("load_history follows a load with history_follows")
        texts, before = self.saving.texts(documents), self.read_notes
        self.read_notes, self.loading = self.loading.finish(texts), None
        self.saving.history_read(texts, damaged=self.read_notes != before)

    def storage_failed(self, reason: str = "") -> None:
        """Says that progress is not being saved; the game goes on in memory (P2)."""
        self.storage_note = self.storage_note or wording.storage_failed(reason)
        self.saving.stop()

    def external(self, part: str, documents: Any = None, refused: bool = False) -> None:
        """Takes in what another tab stored (P7), as :func:`.saving.tabs.on_stored` says."""
        texts = self.saving.texts(documents)
        refused = refused and self.saving.changed(self.session)  # else nothing of this tab's is at stake (P11)
        if part in self.unions:
            self.unions[part].external(texts.get(part))
            if texts.get(part) is not None:
                self.saving.took(part, texts[part])  # type: ignore[arg-type]
            return
        action = tabs.on_stored(part, texts, known_game=self.saving.known.get("game"), refused=refused,
                                elsewhere=self.saving.elsewhere,
                                busy=tabs.busy(self.session, self.reviews.busy))
        if action == "merge":
            self.saving.merge(self.session, part, texts.get(part), refused=refused)
        elif action == "puzzles":
            self.puzzles.progress.merge(puzzle_mode.Progress.read(texts[part])[0])
            self.saving.took(part, texts[part])  # type: ignore[arg-type]
        elif action == "elsewhere":
            lost = tabs.lost(self.session, self.saving.replaced.get("game")) if refused else ()
            self.saving.game_elsewhere(lost)
            self.events.append(app_ev.Elsewhere(lost))
        elif action == "adopt":
            self.adopt(texts)
            self.events.append(app_ev.Adopted())

    def takeover(self, documents: Any = None) -> None:
        """Continues here the game another tab stored, and resumes it (P7)."""
        self.adopt(self.saving.texts(documents))
        self.session.resume()
        self.events.append(app_ev.TakenOver())

    def adopt(self, texts: dict[str, str | None]) -> None:
        """Replaces the session with the stored one (:func:`.saving.tabs.adopted`)."""
        self.session, self.read_notes = tabs.adopted(self.session, texts, self.player, self.clock)
        for part, room in self.unions.items():  # their parts count as read now: take them in first
            room.external(texts.get(part))
        self.loading, self.notes = None, []
        self.saving.loaded(self.session, texts, damaged=bool(self.read_notes))
        self.reviews.drop()
