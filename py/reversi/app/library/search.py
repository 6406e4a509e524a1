"""The library's search (R11): games by player, year, event, opening and result.

Each text matches where it is found in the name, in any case; the year matches the date's
first four digits (``2019``, or a span ``2015-2019``); the result is Black's win, White's,
or a draw.  The room (:mod:`.room`) calls :func:`matches`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from .shelf import DELETED, UNKNOWN, Import

RESULTS = ("", "black", "white", "draw")
_YEARS = re.compile(r"^\s*(\d{4})\s*(?:[-–]\s*(\d{4}))?\s*$")


def query(player: Any = "", year: Any = "", event: Any = "", opening: Any = "", result: Any = "") -> dict[str, str]:
    """Returns a search's fields, checked.

    :raises ValueError: for a field that is not text, or a result or year that is not one.
    """
    fields = {"player": player, "year": year, "event": event, "opening": opening, "result": result}
    if not all(isinstance(v, str) for v in fields.values()) or result not in RESULTS:
        raise ValueError(f"not a search of the library: {fields!r}")
    if year.strip() and not _YEARS.match(year):
        raise ValueError(f"not a year or a span of years: {year!r}")
    return {k: v.strip()[:60] for k, v in fields.items()}


def _numbers(names: list[str], text: str) -> set[int] | None:
    """Returns the numbers of the names holding ``text`` (None: no condition)."""
    if not text:
        return None
    folded = text.casefold()
    return {k for k, name in enumerate(names) if folded in name.casefold()}


def _years(names: list[str], text: str) -> set[int] | None:
    """Returns the numbers of the dates within the years of ``text`` (None: no condition)."""
    match = _YEARS.match(text)
    if not match:
        return None
    first = int(match.group(1))
    last = int(match.group(2) or first)
    return {k for k, name in enumerate(names) if name[:4].isdigit() and first <= int(name[:4]) <= last}


def matches(imports: Iterable[Import], fields: dict[str, str]) -> Iterator[tuple[Import, int]]:
    """Yields each kept game that matches ``fields`` (:func:`query`): its import and number."""
    result = fields["result"]
    for shelf in imports:
        names = shelf.names
        black, white, event, date, opening, diff, flags = shelf.columns()
        found = [n for n, flag in enumerate(flags) if not flag & DELETED]
        if (player := _numbers(names, fields["player"])) is not None:
            found = [n for n in found if black[n] in player or white[n] in player]
        for column, wanted in ((event, _numbers(names, fields["event"])), (opening, _numbers(names, fields["opening"])),
                               (date, _years(names, fields["year"]))):
            if wanted is not None:
                found = [n for n in found if column[n] in wanted]
        if result:
            won = {"black": lambda d: 0 < d < UNKNOWN, "white": lambda d: d < 0, "draw": lambda d: d == 0}[result]
            found = [n for n in found if won(diff[n])]
        for number in found:
            yield shelf, number
