"""Statistics of the whole results history: per variant, level and side, and for local games (P9).

They are counted from the records' compact heads (:meth:`reversi.game.history.History.groups`),
so ten thousand games cost a few milliseconds, and kept until the history changes.
"""

from __future__ import annotations

import weakref
from typing import Any

from ..engine.variants import VARIANTS
from ..game.history import History, head_fields
from ..game.settings import LEVEL_NAMES, SIDES
from .wording import stats_label


def _margin(fields: dict[str, Any]) -> int:
    """Returns the disc difference of a result from the player's side (Black's in local games)."""
    black, white = fields["black"], fields["white"]
    return white - black if fields["mode"] == "computer" and fields["side"] == "white" else black - white


class _Last:
    """The statistics last counted: of which history, at which revision."""

    history: weakref.ref[History] | None = None
    revision = -1
    rows: list[dict[str, Any]] = []


def statistics(history: History) -> list[dict[str, Any]]:
    """Returns one row per variant, level and side played (then one for local games
    of each variant): ``{label, games, wins, draws, losses, best, average}``; ``best``
    and ``average`` are real disc differences from the player's side (Black's locally)."""
    if _Last.history is not None and _Last.history() is history and _Last.revision == history.revision:
        return _Last.rows
    groups: dict[tuple[str, str, str], list[tuple[dict[str, Any], int]]] = {}
    for head, count in history.groups().items():
        fields = head_fields(head)
        key = ("local", "", fields["variant"]) if fields["mode"] == "local" else (
            fields["level"], fields["side"], fields["variant"])
        groups.setdefault(key, []).append((fields, count))
    order = [(level, side, variant) for variant in VARIANTS
             for level, side in [*((lv, sd) for lv in LEVEL_NAMES for sd in SIDES), ("local", "")]]
    rows = []
    for key in order:
        entries = groups.get(key)
        if not entries:
            continue
        games = sum(count for _, count in entries)
        wins = sum(count for fields, count in entries if fields["result"] in ("win", "black"))
        losses = sum(count for fields, count in entries if fields["result"] in ("loss", "white"))
        total = sum(_margin(fields) * count for fields, count in entries)
        rows.append({"label": stats_label(*key), "games": games, "wins": wins,
                     "draws": games - wins - losses, "losses": losses,
                     "best": max(_margin(fields) for fields, _ in entries),
                     "average": round(total / games, 1)})
    _Last.history, _Last.revision, _Last.rows = weakref.ref(history), history.revision, rows
    return rows
