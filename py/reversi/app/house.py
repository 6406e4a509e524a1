"""The house's patterns: a command as data, and the two protocols every feature follows.

A feature (``features.py`` lists them) declares its commands (:class:`Command`), may be a
:class:`Room` (a place the player enters and leaves, one at a time) and may own a
:class:`StoredPart` (its saved part).  The bridge reads the declarations and names no
feature; rooms get the :class:`Host` when they are made.  Contract: P1, P3, P7, P9, N3.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Mapping, Protocol, runtime_checkable

from ..game.computer import ComputerPlayer
from ..game.events import Event
from ..game.session import Session

#: A command's target: the session in play (its game commands).
SESSION = "session"
#: A command's target: the bridge itself (load, storage, other tabs).
HOUSE = "house"
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def day(today: Any) -> str:
    """Returns the page's local date when it is one (YYYY-MM-DD), else today in UTC."""
    if isinstance(today, str) and _DATE.fullmatch(today):
        return today
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


@dataclass(frozen=True)
class Command:
    """One request of the worker's protocol, declared once."""

    name: str
    #: Runs it: an unbound method of the target's class, called with the target and the
    #: request's parameters (so mypy checks the handler's name).
    run: Callable[..., Any]
    #: What it runs on: :data:`SESSION`, :data:`HOUSE`, or a feature's name.
    target: str
    #: It changes the game in play: refused while the game continues in another tab (P7).
    game: bool = False
    #: Reading, storing, the clock or the page's own bookkeeping: not the player acting (N3).
    passive: bool = False
    #: Background work whose reply is only its own fields, not a snapshot (C4).
    slice: bool = False
    #: The room it opens: every other open room leaves first, except those it opens over;
    #: :data:`SESSION` for a command that replaces the game (every room leaves).
    opens: str | None = None
    #: Its reply says the status line even when nothing happened (a load, back to the game, B7).
    status: bool = False
    #: Its reply stores the active time at once: the page is being hidden (P8).
    flush: bool = False
    #: A search the page may interrupt (the interrupt byte, P5, H3, C4); the rest run to their end.
    cancellable: bool = False
    #: The large store it needs read first (:class:`LargeStore`): the worker reads it once,
    #: before the first command that names it, so that the page starts without it (R10).
    store: str | None = None


@dataclass(frozen=True)
class Feature:
    """A feature as the hub reads it: its object, its commands and its marks on others' fields."""

    name: str
    #: Makes the feature's object, once per page (it keeps the host).
    make: Callable[[Host], Any]
    commands: tuple[Command, ...] = ()
    #: Marks it puts on reply fields other features made, as (field, unbound method taking
    #: the object and the field's value, returning the marked value): run by the bridge
    #: after every report, in this order (an explicit step: no feature writes another's fields).
    overlays: tuple[tuple[str, Callable[..., Any]], ...] = ()
    #: Its object plays the computer's moves, over the plain player (pondering, C4).
    plays: bool = False

    @property
    def part(self) -> str | None:
        """Returns the name of its stored part (its class's ``part``), or None."""
        return getattr(self.make, "part", None)


class Host(Protocol):
    """What a feature sees of the page's Python side (the bridge), during a request."""

    #: The session in play (replaced on load and when another tab's game is adopted).
    session: Session
    #: The page's local date of the request (YYYY-MM-DD).
    today: str
    #: What the request did beyond the session's own events.
    events: list[Event]
    #: The request's own reply fields (a command's answer, e.g. ``solution``).
    extra: dict[str, Any]
    #: The computer player the page was made with (the plain one, before pondering).
    plain: ComputerPlayer

    @property
    def acted(self) -> bool:
        """Checks if the request is the player's own action (not a passive command)."""

    @property
    def elsewhere(self) -> bool:
        """Checks if the game in play continues in another tab (P7)."""

    @property
    def reviewing(self) -> bool:
        """Checks if a game is open in review (a busy room is open, P7)."""

    @property
    def first_visit(self) -> bool:
        """Checks if nothing of a game was stored when the page loaded (N3)."""

    def room(self, name: str) -> Any:
        """Returns the feature object named ``name``."""


@runtime_checkable
class Reports(Protocol):
    """A feature object with reply fields of its own."""

    def report(self) -> Mapping[str, Any]:
        """Returns its reply fields (a TypedDict of its own, documented where made)."""


@runtime_checkable
class Room(Protocol):
    """A place the player enters through its commands (``opens``), one at a time: the
    bridge leaves the others and holds the game in play paused while any is open."""

    #: Its name (the ``opens`` of its commands).
    name: ClassVar[str]
    #: The rooms it opens over, which stay open under it (a puzzle over the review).
    opens_over: ClassVar[tuple[str, ...]]

    @property
    def open(self) -> bool:
        """Checks if the room is open."""

    @property
    def busy(self) -> bool:
        """Checks if the room keeps the tab busy (P7): another tab's game is then not adopted."""

    def leave(self) -> None:
        """Closes the room (the bridge, when another opens; or its own close command)."""

    def report(self) -> Mapping[str, Any]:
        """Returns the room's reply fields (a TypedDict of its own, documented where made)."""


@runtime_checkable
class StoredPart(Protocol):
    """A feature's own saved part (P1): read and checked (P3), merged with another tab's
    (P7), stored when it changes, and given up in :attr:`shed_rank` order near the
    storage budget (P9)."""

    #: Its name; stored under ``reversi.<part>``.
    part: ClassVar[str]
    #: 0: never shed; else the order in which parts give way before the history (1 first).
    shed_rank: ClassVar[int]

    def load(self, text: str | None) -> list[str]:
        """Reads the stored text (None: absent); returns the notices of what was dropped."""

    def merge(self, text: str | None) -> None:
        """Takes in another tab's text of the part (None: absent)."""

    def stored(self, known: bool) -> str | None:
        """Returns the text to store now (the same text again stores nothing), or None
        while there is nothing worth storing; ``known``: the part is stored already."""

    def shed(self, room: int) -> int:
        """Gives up what does not fit in ``room`` characters; returns the characters kept."""


@runtime_checkable
class LargeStore(Protocol):
    """A feature's large data, which the player brings (the game library, R10): kept in
    the browser's database for large data (IndexedDB), one record a key, not in the save
    (P1).  The worker reads every record before the first command that names
    :attr:`store` and, after each request, writes what :meth:`store_writes` returns; it
    tells other tabs, whose workers read the store again before their next such command."""

    #: Its name: the database's object store.
    store: ClassVar[str]

    def load_store(self, records: list[bytes]) -> None:
        """Reads every stored record (the worker, once, and again after another tab wrote)."""

    def store_writes(self) -> list[tuple[str, bytes | None]]:
        """Returns the records to write since the last call, by key (None: delete it)."""
