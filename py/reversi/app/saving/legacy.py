"""The older single document (versions 0 and 1, under the key ``legacy``): migrated into
the version-2 part bodies, which the reader (:mod:`.loading`) takes like version 3 (P3:
older versions migrate).  What those versions held: ``docs/saving.md``.
"""

from __future__ import annotations

from typing import Any, Callable

from ...game.results import is_int
from .. import wording
from .checks import decode
from .parts import FORMAT


def _from_v0(doc: dict[str, Any]) -> dict[str, Any]:
    """Migrates version 0 (the foundation page: only ``moves`` and ``legal_dots``)."""
    return {"format": FORMAT, "version": 1,
            "settings": {"mode": "local", "legal_dots": doc.get("legal_dots", True)},
            "game": {"mode": "local", "moves": doc.get("moves", "")}}


def _from_v1(doc: dict[str, Any]) -> dict[str, Any]:
    """Migrates version 1 (one document) into the version-2 part bodies (the attempt
    keeps its active time); the fresh-win count becomes as many placeholder keys."""
    stars = doc.get("stars", {})
    parts: dict[str, Any] = {"version": 2, "settings": {"settings": doc.get("settings", {})},
                             "game": {"game": doc.get("game", {}), "attempt": doc.get("attempt", {})}}
    if "history" in doc:
        parts["history"] = {"records": doc["history"]}
    if isinstance(stars, dict):
        wins = stars.get("challenge_wins", 0)
        parts["stars"] = {"earned": stars.get("earned", []),
                          "wins": [f"v1-{n}" for n in range(wins)] if is_int(wins, 0, 10 ** 6) else wins}
    elif "stars" in doc:
        parts["stars"] = stars
    return parts


#: Upgrades of the single document by the version they start from.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _from_v0, 1: _from_v1}


def legacy_parts(text: str, notices: list[str]) -> dict[str, Any]:
    """Returns the version-2 part bodies of a version-0 or -1 document ({} if unreadable)."""
    doc = decode(text, None)
    if doc is None or not ({"version", "moves"} & set(doc)) or not is_int(doc.get("version", 0)):
        notices.append(wording.unreadable())
        return {}
    version = doc.get("version", 0)
    if version > 1:
        notices.append(wording.newer())
        version = 1
    while version < 2:  # version 2 part bodies, which the reader takes like version 3
        doc = MIGRATIONS[version](doc)
        version = doc.pop("version")
    return doc


