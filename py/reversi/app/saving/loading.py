"""Reading the stored parts back into a fresh session (P1, P3, P4, P9): in one step
(:func:`load`), or in two (:class:`Loading`), the game first and the history chunks
after, so that a long history never delays the start."""

from __future__ import annotations

from typing import Any, Mapping

from ...game.session import Session
from .checks import Reader, decode
from .legacy import legacy_parts
from .parts import LEGACY, OLD_HISTORY, PARTS, chunk_names, comes_back_paused


def load(session: Session, texts: Mapping[str, str | None]) -> list[str]:
    """Fills the fresh ``session`` from the stored ``texts`` (by part name, ``legacy`` for
    an older single document, read only when no part is there); returns the notices.

    Never raises for bad input: what is valid is kept, the rest is dropped and named.
    An unfinished computer game comes back paused, waiting for Resume (P4).
    """
    return Loading(session, texts).finish(texts)


class Loading:
    """A save read in two steps, so that the game is shown before a long history is read
   : every part but the history chunks, then (:meth:`finish`) the chunks and
    what depends on them, the attempt reconciled with the history and its clock."""

    def __init__(self, session: Session, texts: Mapping[str, str | None], *, chunks_follow: bool = False) -> None:
        """Reads into the fresh ``session`` every part of ``texts`` but the history chunks;
        ``chunks_follow``: there are chunks (given to :meth:`finish`), so no older single
        document is read."""
        self.early: list[str] = []
        names = [*PARTS, OLD_HISTORY]
        self.bodies: dict[str, Any] | None = None
        if chunks_follow or any(texts.get(part) for part in [*names, *chunk_names(texts)]):
            self.bodies = {part: decode(texts[part], "history" if part == OLD_HISTORY else part)
                           for part in names if texts.get(part)}
        elif texts.get(LEGACY):
            self.bodies = legacy_parts(texts[LEGACY] or "", self.early)
        self.reader = Reader(session)
        if self.bodies is not None:
            self.reader.parts(self.bodies)
            session.came_back(paused=comes_back_paused(session.game))

    def finish(self, texts: Mapping[str, str | None]) -> list[str]:
        """Reads the history chunks of ``texts`` and completes the session; returns the
        notices of both steps."""
        if self.bodies is not None:
            chunks = {part: decode(texts[part], part) for part in chunk_names(texts) if texts.get(part)}
            self.reader.rest(self.bodies, chunks)
        return self.said()

    def said(self) -> list[str]:
        """Returns the notices of what was read so far."""
        return [*self.early, *self.reader.notices()]


