"""Statistics of the whole results history: per variant, level and side, and for local games (P9).

They are counted from the records' compact heads (:meth:`reversi.game.history.History.groups`),
so ten thousand games cost a few milliseconds, and kept until the history changes.
"""

from __future__ import annotations

import weakref
from typing import Any, TypedDict

from ..engine.variants import VARIANTS
from ..game.history import History, head_fields
from ..game.settings import LEVEL_NAMES, SIDES
from .wording import stats_label


class StatsRow(TypedDict):
    """One row of the statistics: a variant, level and side (or local games), its counts,
    and the best and average disc differences from the player's side (Black's locally)."""

    label: str
    games: int
    wins: int
    draws: int
    losses: int
    best: int
    average: float


def _margin(fields: dict[str, Any]) -> int:
    """Returns the disc difference of a result from the player's side (Black's in local games)."""
    black, white = fields["black"], fields["white"]
    return white - black if fields["mode"] == "computer" and fields["side"] == "white" else black - white


class _Last:
    """The statistics last counted: of which history, at which revision."""

    history: weakref.ref[History] | None = None
    revision = -1
    rows: list[StatsRow] = []


def statistics(history: History) -> list[StatsRow]:
    """Returns one row (:class:`StatsRow`) per variant, level and side played, then one for
    the local games of each variant."""
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
    rows: list[StatsRow] = []
    for key in order:
        entries = groups.get(key)
        if not entries:
            continue
        games = sum(count for _, count in entries)
        wins = sum(count for fields, count in entries if fields["result"] in ("win", "black"))
        losses = sum(count for fields, count in entries if fields["result"] in ("loss", "white"))
        total = sum(_margin(fields) * count for fields, count in entries)
        rows.append(StatsRow(label=stats_label(*key), games=games, wins=wins, draws=games - wins - losses,
                             losses=losses, best=max(_margin(fields) for fields, _ in entries),
                             average=round(total / games, 1)))
    _Last.history, _Last.revision, _Last.rows = weakref.ref(history), history.revision, rows
    return rows
