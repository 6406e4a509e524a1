"""Another tab's stored part, read for merging into this tab's (P7): its results, its
settings, its active time and its stars, each checked as when loading (P3)."""

from __future__ import annotations

from ...game.history import History
from ...game.session import Session
from ...game.stars import Shelf
from .checks import Reader, decode


def read_history(part: str, text: str | None) -> History:
    """Returns the valid records of a stored history chunk (none if unreadable)."""
    session = Session()
    Reader(session).history({part: decode(text, part)})
    return session.progress.history


def read_settings(session: Session, text: str | None) -> None:
    """Takes the valid settings of a stored settings part."""
    reader = Reader(session)
    body = decode(text, "settings")
    if body is not None:
        reader.settings(reader.part(body, "settings"))


def read_clock(session: Session, text: str | None) -> None:
    """Takes the active time of a stored clock part when it is this attempt's and larger."""
    Reader(session).clock(decode(text, "clock"))


def read_stars(text: str | None) -> Shelf:
    """Returns the stars of a stored stars part (an empty shelf if unreadable)."""
    session = Session()
    Reader(session).stars(decode(text, "stars"))
    return session.progress.shelf
