"""Statistics of the results history: per level and side, and for local games."""

from __future__ import annotations

from typing import Any

from ..engine.variants import VARIANTS
from ..game.results import Record
from ..game.settings import LEVEL_NAMES, SIDES
from .wording import stats_label


def _margin(record: Record) -> int:
    """Returns the disc difference of a result from the player's side (Black's in local games)."""
    black, white = record["black"], record["white"]
    return white - black if record["mode"] == "computer" and record["side"] == "white" else black - white


def statistics(history: list[Record]) -> list[dict[str, Any]]:
    """Returns one row per variant, level and side played (then one for local games
    of each variant): ``{label, games, wins, draws, losses, best, average}``; ``best``
    and ``average`` are real disc differences from the player's side (Black's locally)."""
    groups: dict[tuple[str, str, str], list[Record]] = {}
    for record in history:
        variant = record.get("variant", "standard")
        key = ("local", "", variant) if record["mode"] == "local" else (record["level"], record["side"], variant)
        groups.setdefault(key, []).append(record)
    order = [(level, side, variant) for variant in VARIANTS
             for level, side in [*((lv, sd) for lv in LEVEL_NAMES for sd in SIDES), ("local", "")]]
    rows = []
    for key in order:
        records = groups.get(key)
        if not records:
            continue
        margins = [_margin(r) for r in records]
        wins = sum(r["result"] in ("win", "black") for r in records)
        losses = sum(r["result"] in ("loss", "white") for r in records)
        rows.append({"label": stats_label(*key), "games": len(records), "wins": wins,
                     "draws": len(records) - wins - losses, "losses": losses,
                     "best": max(margins), "average": round(sum(margins) / len(margins), 1)})
    return rows
