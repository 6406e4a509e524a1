"""When to store which part, and what this tab last read or wrote (P1, P7, P8).

The game part is stored when the game changes, history and stars when they
change, and the active time at most every :data:`CLOCK_EVERY_MS` (and when the
page is hidden or closed: the page stores the ``pending`` part itself then).
Each part this tab read or wrote is remembered, so that another tab's newer
text is recognised and merged (stars and results), adopted or waited for (the
game) instead of overwritten.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...game.session import Session
from ...game.stars import Shelf
from . import checks, merges
from . import parts as save_parts

#: Least active time between two writes of the clock part (P8).
CLOCK_EVERY_MS = 15_000


class Saving:
    """The stored parts as this tab knows them; ``keys``: every stored text of fixed name
    the page may hand over (the history chunks come by their names)."""

    def __init__(self, keys: tuple[str, ...]) -> None:
        self.keys = keys
        #: Part -> the text this tab last read or wrote under it.
        self.known: dict[str, str] = {}
        #: The attempt and its active time when the clock part was last written.
        self.clock_mark: tuple[int, int] = (0, 0)
        #: The game continues in another tab: nothing of it is stored from here.
        self.elsewhere = False
        #: This tab's placements that were not stored when the game went on elsewhere (P11).
        self.lost: tuple[str, ...] = ()
        #: The game as it was read (its attempt, placements and cursor): until the player
        #: changes it, nothing of this tab's is at stake when another tab's game is newer.
        self.read_game: tuple[int, tuple[int, ...], int] | None = None
        #: Part -> the text a write offered last would replace (its ``base``): what is
        #: stored there still when that write is refused.
        self.replaced: dict[str, str | None] = {}
        #: An older single document was read and is removed once the parts are stored.
        self.legacy = False
        #: The page cannot store (P2): nothing more is offered, the game goes on in memory.
        self.off = False
        #: The last load migrated or dropped something, and nothing was stored since: the
        #: first reply stores every part that differs from what was read, the clock too.
        self.repair = False
        #: This tab's write of the clock part was refused: it is stored again at once.
        self.clock_refused = False

    def texts(self, documents: Any) -> dict[str, str | None]:
        """Returns the stored texts the page sent, by key (anything but text is None)."""
        documents = documents if isinstance(documents, Mapping) else {}
        names = [*self.keys, *save_parts.chunk_names(documents)]
        return {key: value if isinstance(value, str) else None
                for key in names for value in (documents.get(key),)}

    def loaded(self, session: Session, texts: dict[str, str | None], *, damaged: bool = False,
               chunks_follow: bool = False) -> None:
        """Notes that ``session`` was read from ``texts`` (``damaged``: with notices;
        ``chunks_follow``: the history chunks come later, :meth:`history_read`)."""
        self.known = {part: text for part, text in texts.items() if text and part != save_parts.LEGACY}
        self.legacy = bool(texts.get(save_parts.LEGACY)) and not self.known and not chunks_follow
        attempt = session.progress.attempt
        self.clock_mark = (attempt.id, attempt.active_ms)
        self.elsewhere, self.lost, self.read_game = False, (), self.game_state(session)
        self.repair = damaged or self.legacy

    def history_read(self, texts: dict[str, str | None], *, damaged: bool = False) -> None:
        """Notes that the history chunks in ``texts`` were read (``damaged``: with notices)."""
        self.known.update((part, text) for part, text in texts.items() if text and checks.is_chunk(part))
        self.repair = self.repair or damaged

    def to_store(self, session: Session, snapshot: dict[str, Any], *, flush: bool,
                 extra: Mapping[str, str] | None = None, hold: bool = False) -> dict[str, Any]:
        """Returns ``save`` (parts to store now), ``pending`` (to store if the page goes
        away first) and ``drop`` (keys to remove), and counts the saved parts as written.
        ``extra`` holds the features' parts, by name; ``hold``:
        store nothing yet (the history chunks of the save being read are still to come).

        Each part to store is ``{"text": new text, "base": the text this tab last read
        or wrote under it}``: the page stores it only if the base is still what is
        stored, and otherwise hands the stored text back (``external``, refused).
        """
        if self.off or hold:
            return {"save": {}, "pending": {}, "drop": []}
        parts = {**save_parts.dump(session, snapshot), **(extra or {})}
        skip = {"clock", "game"} if self.elsewhere else {"clock"}
        now = {part: text for part, text in parts.items()
               if part not in skip and text != self.known.get(part)}
        pending = {}
        attempt = session.progress.attempt
        if not self.elsewhere and parts["clock"] != self.known.get("clock"):
            since = self.clock_mark[1] if self.clock_mark[0] == attempt.id else 0
            if flush or self.repair or self.clock_refused or attempt.active_ms - since >= CLOCK_EVERY_MS:
                now["clock"] = parts["clock"]
                self.clock_mark = (attempt.id, attempt.active_ms)
            else:
                pending["clock"] = parts["clock"]
        gone = [part for part in self.known if part not in parts and part != "clock"]
        legacy = [save_parts.LEGACY] if self.legacy and now else []
        out = {"save": self._based(now), "pending": self._based(pending), "drop": legacy + gone}
        self.replaced.update((part, self.known.get(part)) for part in now)
        self.known.update(now)
        for part in gone:
            del self.known[part]
        self.legacy = self.legacy and not now
        self.repair = self.clock_refused = False
        return out

    @staticmethod
    def game_state(session: Session) -> tuple[int, tuple[int, ...], int]:
        """Returns what of the game a player can change: its attempt, placements and cursor."""
        line = session.game.line
        return session.progress.attempt.id, tuple(line.moves), line.cursor

    def changed(self, session: Session) -> bool:
        """Checks if the player changed the game since it was read (P11): a refused write
        of a game nobody touched here loses nothing, and is taken as any other news."""
        return self.game_state(session) != self.read_game

    def _based(self, parts: dict[str, str]) -> dict[str, dict[str, str | None]]:
        """Returns each part's text with the text it replaces as this tab knows it."""
        return {part: {"text": text, "base": self.known.get(part)} for part, text in parts.items()}

    def game_elsewhere(self, lost: tuple[str, ...] = ()) -> None:
        """Notes that the game continues in another tab: the game part is no longer this
        tab's to store (P7); ``lost``: this tab's placements it did not keep (P11)."""
        self.elsewhere, self.lost = True, lost

    def stop(self) -> None:
        """Stops offering parts to store: the page cannot store (P2)."""
        self.off = True

    def took(self, part: str, text: str) -> None:
        """Notes that this tab took in ``text``, another tab's ``part`` (P7): its last read."""
        self.known[part] = text

    def merge(self, session: Session, part: str, text: str | None, *, refused: bool = False) -> None:
        """Adds what another tab stored under ``part`` (settings, a history chunk, stars or clock)
        to ``session``: its settings, results and stars as a union, the active time
        as the larger.  ``refused``: this tab's own write of the part was not made; a
        refused clock write was due (a flush, or 15 s), so it is made again at once."""
        self.clock_refused = self.clock_refused or (refused and part == "clock")
        if part == "settings":
            merges.read_settings(session, text)
        elif checks.is_chunk(part):
            theirs = merges.read_history(part, text)
            session.progress.merge(theirs.items, Shelf())
            session.progress.history.heard(told=theirs.told)
        elif part == "stars":
            session.progress.merge([], merges.read_stars(text))
        elif part == "clock":
            merges.read_clock(session, text)
        if text is not None:
            self.known[part] = text
