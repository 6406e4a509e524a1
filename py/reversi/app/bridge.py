"""The worker's door into Python: JSON requests in, JSON replies out, and the house rules.

The worker makes one :class:`Bridge` and calls :meth:`Bridge.call` with a method name
and its parameters as a JSON string; it gets back a JSON string: the snapshot
(:mod:`.snapshot`, with every feature's fields), plus ``save`` (the parts to store now,
by name, each ``{"text", "base"}``: stored only if ``base`` is still what is stored,
:mod:`.saving.timing`), ``pending`` (parts to store only if the page is hidden or closed
first, P8), ``drop`` (stored keys to remove) and ``refused`` (why the command was
refused: ``"elsewhere"`` while the game continues in another tab, P7; else None).  A
request that fails raises; the worker turns the exception into a message.

Every request is declared once, in :data:`COMMANDS` (the house's own here, the game's in
:mod:`.game_commands`, each feature's in its module, :mod:`.features`).  The bridge only
wires, and keeps the rules that bind the features: one room at a time, the game paused
while any is open, the tab policy (:mod:`.saving.tabs`), when to store (P1, P8) and the
order in which stored parts give way near the budget (P9).
"""

from __future__ import annotations

import json
from typing import Any, Callable

from ..game.computer import ComputerPlayer, default_player
from ..game.events import Event, Refused
from ..game.session import Session, now_iso
from . import page_events as app_ev
from . import wording
from .features import FEATURES
from .game_commands import GAME_COMMANDS
from .house import HOUSE, SESSION, Command, LargeStore, Reports, Room, StoredPart, day
from .saving import parts as save_parts
from .saving import tabs
from .saving.loading import Loading
from .saving.parts import LEGACY, OLD_HISTORY, PARTS
from .saving.timing import Saving
from .snapshot import session_snapshot


class Bridge:
    """One page's Python side: the session, the features around it, and the house rules."""

    def __init__(self, player: ComputerPlayer = default_player,
                 clock: Callable[[], str] = now_iso) -> None:
        #: The computer player the page was made with, and the clock of its dates.
        self.plain, self.clock = player, clock
        #: The browser's language, matched by the page (L2); the notices of reading the save,
        #: the others (the history shed, P9), and that progress is not being saved (P2).
        self.browser_language, self.storage_note = wording.DEFAULT, ""
        self.read_notes, self.notes = list[str](), list[str]()
        #: The request being run: its command, the page's local date, what it did beyond the
        #: session's own events, and its own reply fields.
        self.command: Command = COMMANDS["snapshot"]
        self.today, self.events, self.extra = day(None), list[Event](), dict[str, Any]()
        #: The save being read, while ``load_history`` is awaited.
        self.loading: Loading | None = None
        #: Nothing of a game was stored when the page loaded (N3).
        self.fresh = True
        #: The open rooms hold the game in play paused.
        self.holding = False
        self.saving = Saving(KEYS)
        self.features: dict[str, Any] = {feature.name: feature.make(self) for feature in FEATURES}
        self.rooms = [f for f in self.features.values() if isinstance(f, Room)]
        self.parts = [f for f in self.features.values() if isinstance(f, StoredPart)]
        self.reporters = [f for f in self.features.values() if isinstance(f, Reports)]
        self.stores = {f.store: f for f in self.features.values() if isinstance(f, LargeStore)}
        self.overlays = [(field, run, self.features[feature.name]) for feature in FEATURES
                         for field, run in feature.overlays]
        self.player = next((self.features[f.name].player for f in FEATURES if f.plays), player)
        self.session = Session(self.player, clock)

    # -- the host that features see (:class:`.house.Host`) ---------------------------------
    def room(self, name: str) -> Any:
        """Returns the feature object named ``name``."""
        return self.features[name]

    @property
    def acted(self) -> bool:
        """Checks if the request is the player's own action (not a passive command)."""
        return not self.command.passive

    @property
    def elsewhere(self) -> bool:
        """Checks if the game in play continues in another tab (P7)."""
        return self.saving.elsewhere

    @property
    def reviewing(self) -> bool:
        """Checks if a game is open in review (an open room keeps the tab busy)."""
        return any(room.open and room.busy for room in self.rooms)

    @property
    def first_visit(self) -> bool:
        """Checks if nothing of a game was stored when the page loaded (N3)."""
        return self.fresh

    # -- requests -----------------------------------------------------------------------
    def call(self, method: str, params: str = "{}") -> str:
        """Runs ``method`` with the JSON object ``params`` and returns the JSON reply.

        :raises ValueError: for an unknown method or bad parameters.
        """
        command = COMMANDS.get(method)
        if command is None:
            raise ValueError(f"unknown method {method!r}")
        args = json.loads(params)
        if not isinstance(args, dict):
            raise ValueError("parameters must be a JSON object")
        self.command = command
        if command.slice:  # a slice of background work answers in a few fields (C4)
            self.extra = {}
            self.run(command, args)
            return json.dumps(self.extra)
        self.session.begin()
        self.events, self.extra = [], {}
        self.today = day(args.pop("today", None))
        self.speak()
        refused = tabs.refusal(self.saving.elsewhere, command, args)
        if refused is None:
            self.enter(command)
            self.run(command, args)
            self.hold()
        elif method == "place":  # a person's tap is answered in words
            self.events.append(Refused(refused))
        self.shed()
        self.speak()  # a new language speaks at once
        return json.dumps({**self.reply(), "refused": refused})

    def run(self, command: Command, args: dict[str, Any]) -> None:
        """Runs one command on its target; parameters it does not take raise ValueError."""
        target = self.session if command.target == SESSION else self if command.target == HOUSE \
            else self.features[command.target]
        try:
            command.run(target, **args)
        except TypeError as error:
            raise ValueError(f"bad parameters for {command.name}: {error}") from None

    def enter(self, command: Command) -> None:
        """One room at a time: before a command that opens a room, every other open room
        leaves, except those the new one opens over (a puzzle over the review)."""
        if command.opens is None:
            return
        keep = {command.opens, *getattr(self.features.get(command.opens), "opens_over", ())}
        for room in self.rooms:
            if room.open and room.name not in keep:
                room.leave()

    def hold(self) -> None:
        """Pauses the game in play while any room is open, and resumes it when the last leaves."""
        held = any(room.open for room in self.rooms)
        if held and not self.holding:
            self.session.open_review()
        elif self.holding and not held:
            self.session.close_review()
        self.holding = held

    def leave_quietly(self, rooms: list[Any]) -> None:
        """Closes ``rooms`` without a word: their game is gone (a load, another tab's game)."""
        said = len(self.events)
        for room in rooms:
            room.leave()
        del self.events[said:]
        self.holding = False
        self.hold()

    def shed(self) -> None:
        """Near the storage budget, the stored parts give way in their order, then the
        history's oldest records give up their moves (P9)."""
        history = self.session.progress.history
        budget = save_parts.HISTORY_BUDGET
        room = budget - history.size()
        for part in sorted((p for p in self.parts if p.shed_rank), key=lambda p: -p.shed_rank):
            room -= part.shed(room)
        if history.shed_news(budget):
            self.notes.append(wording.history_shed())

    # -- the large stores (:class:`.house.LargeStore`), for the worker -----------------------
    def load_store(self, name: str, records: list[bytes]) -> None:
        """Hands the large store ``name`` every record the browser holds of it."""
        self.stores[name].load_store([bytes(r.to_bytes() if hasattr(r, "to_bytes") else r) for r in records])

    def store_writes(self) -> list[tuple[str, str, bytes | None]]:
        """Returns what to write to the large stores now: (store, key, bytes or None)."""
        return [(name, key, data) for name, store in self.stores.items() for key, data in store.store_writes()]

    def language(self) -> str:
        """Returns the language the page speaks: the player's choice, else the browser's (L2)."""
        return self.session.settings.language or self.browser_language

    def speak(self) -> None:
        """Makes the page's language the one every sentence is worded in."""
        wording.speaking(self.language())

    def reply(self) -> dict[str, Any]:
        """Returns the snapshot, every feature's fields and marks, and the parts to store."""
        session, elsewhere = self.session, self.saving.elsewhere
        notices = (*self.read_notes, *self.notes, *([self.storage_note] if self.storage_note else []))
        reply: dict[str, Any] = dict(session_snapshot(session, session.events + self.events,
                                                      always_announce=self.command.status, notices=notices,
                                                      reviewing=self.reviewing, elsewhere=elsewhere))
        reply.update(history_loading=self.loading is not None, language=self.language(),
                     languages=wording.languages(),
                     elsewhere_text=wording.elsewhere_text(self.saving.lost) if elsewhere else "")
        reply.update(self.extra)
        for feature in self.reporters:
            reply.update(feature.report())
        for field, run, feature in self.overlays:  # marks on others' fields, in their declared order
            marked = run(feature, reply.get(field))
            if marked is not None or field in reply:
                reply[field] = marked
        parts = {p.part: text for p in self.parts if (text := p.stored(p.part in self.saving.known)) is not None}
        # Nothing is stored before the history chunks are read (load_history).
        reply.update(self.saving.to_store(session, reply, flush=self.command.flush, extra=parts,
                                          hold=self.loading is not None))
        return reply

    # -- the house's own commands ----------------------------------------------------------
    def load(self, documents: Any = None, language: Any = None, history_follows: Any = False) -> None:
        """``load`` {"documents": {part: text | null}, "language": code, "history_follows"}:
        starts a new session from what is stored (P1, P3, P4), speaking ``language``, the
        browser's as the page matched it (L2), until the player chooses one; with
        ``history_follows``, all but the history chunks, which ``load_history`` reads."""
        if language in wording.CODES:
            self.browser_language = language
            self.speak()
        texts = self.saving.texts(documents)
        self.session = Session(self.player, self.clock)
        self.loading = Loading(self.session, texts, chunks_follow=history_follows is True)
        self.read_notes = self.loading.said() if history_follows is True else self.loading.finish(texts)
        self.loading = self.loading if history_follows is True else None
        self.fresh = not texts.get("game") and not texts.get(LEGACY)
        self.leave_quietly(self.rooms)
        self.notes = [note for part in self.parts for note in part.load(texts.get(part.part))]
        self.saving.loaded(self.session, texts, damaged=bool(self.read_notes or self.notes),
                           chunks_follow=self.loading is not None)

    def load_history(self, documents: Any = None) -> None:
        """``load_history`` {"documents": {chunk: text | null}}: the history chunks of the
        save that ``load`` began (ValueError when none did), then what is due is stored."""
        if self.loading is None:
            raise ValueError("load_history follows a load with history_follows")
        texts, before = self.saving.texts(documents), self.read_notes
        self.read_notes, self.loading = self.loading.finish(texts), None
        self.saving.history_read(texts, damaged=self.read_notes != before)

    def storage_failed(self, reason: str = "") -> None:
        """``storage_failed`` {"reason"}: the page could not store (P2); the player is told,
        nothing more is offered to store, and the game goes on in memory."""
        self.storage_note = self.storage_note or wording.storage_failed(reason)
        self.saving.stop()

    def external(self, part: str, documents: Any = None, refused: bool = False) -> None:
        """``external`` {"part", "documents", "refused"}: another tab stored ``part`` (P7;
        ``refused``: that is why this tab's own write of it was not made); ``documents`` is
        everything stored now.  A feature's part merges; the rest as :func:`.saving.tabs.on_stored` says."""
        texts = self.saving.texts(documents)
        refused = refused and self.saving.changed(self.session)  # else nothing of this tab's is at stake (P11)
        owner = next((p for p in self.parts if p.part == part), None)
        if owner is not None:
            owner.merge(texts.get(part))
            if texts.get(part) is not None:
                self.saving.took(part, texts[part])  # type: ignore[arg-type]
            return
        action = tabs.on_stored(part, texts, known_game=self.saving.known.get("game"), refused=refused,
                                elsewhere=self.saving.elsewhere, busy=tabs.busy(self.session, self.busy))
        if action == "merge":
            self.saving.merge(self.session, part, texts.get(part), refused=refused)
        elif action == "elsewhere":
            lost = tabs.lost(self.session, self.saving.replaced.get("game")) if refused else ()
            self.saving.game_elsewhere(lost)
            self.events.append(app_ev.Elsewhere(lost))
        elif action == "adopt":
            self.adopt(texts)
            self.events.append(app_ev.Adopted())

    @property
    def busy(self) -> bool:
        """Checks if a room keeps the tab busy (P7: reviewing or analysing)."""
        return any(room.busy for room in self.rooms)

    def takeover(self, documents: Any = None) -> None:
        """``takeover`` {"documents"}: the player takes the game over in this tab (P7)."""
        self.adopt(self.saving.texts(documents))
        self.session.resume()
        self.events.append(app_ev.TakenOver())

    def adopt(self, texts: dict[str, str | None]) -> None:
        """Replaces the session with the stored one (:func:`.saving.tabs.adopted`); the
        features' parts count as read now, so they are taken in first."""
        self.session, self.read_notes = tabs.adopted(self.session, texts, self.player, self.clock)
        for part in self.parts:
            part.merge(texts.get(part.part))
        self.loading, self.notes = None, []
        self.saving.loaded(self.session, texts, damaged=bool(self.read_notes))
        self.leave_quietly([room for room in self.rooms if room.open and room.busy])

    def snapshot(self) -> None:
        """``snapshot`` {}: the current state."""

    def flush(self) -> None:
        """``flush`` {}: the page is being hidden: the active time is stored now (P8)."""


#: The house's own commands: reading and storing, other tabs, the state.
HOUSE_COMMANDS = (
    Command("load", Bridge.load, HOUSE, passive=True, status=True),
    Command("load_history", Bridge.load_history, HOUSE, passive=True),
    Command("snapshot", Bridge.snapshot, HOUSE, passive=True),
    Command("flush", Bridge.flush, HOUSE, passive=True, flush=True),
    Command("storage_failed", Bridge.storage_failed, HOUSE, passive=True),
    Command("external", Bridge.external, HOUSE, passive=True),
    Command("takeover", Bridge.takeover, HOUSE, status=True),
)
#: Every request of the worker's protocol, by name: declared once each.
COMMANDS: dict[str, Command] = {command.name: command for command in (
    *HOUSE_COMMANDS, *GAME_COMMANDS, *(command for feature in FEATURES for command in feature.commands))}
#: Every stored text of fixed name the page hands over (the history chunks come by their
#: names): the session's parts, version 2's history, the older single document, and each
#: feature's part.  The page's list is made from it at build time (``house.js``).
KEYS: tuple[str, ...] = (*PARTS, OLD_HISTORY, LEGACY, *(feature.part for feature in FEATURES if feature.part))
