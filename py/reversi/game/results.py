"""Attempts and their first results (A1-A5), and the results-history record.

An attempt's first result is the outcome of the first time one of its games ends,
recorded once; :func:`first_result` makes its record (plain JSON-ready data, the same in
the session, the snapshot and the save), :func:`valid_record` checks one and :func:`key`
names it.  The progress, the history, the saved parts and the mistakes call them.  The
record's fields: ``docs/saving.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.board import COLOR_NAMES, Outcome
from ..engine.notation import NotationError, parse_board
from ..engine.variants import STANDARD, VARIANTS
from .settings import LEVEL_NAMES, MODES, SIDES

Record = dict[str, Any]

#: The possible results by mode.
RESULTS: dict[str, tuple[str, ...]] = {"computer": ("win", "loss", "draw"), "local": ("black", "white", "draw")}
MAX_INT = 10 ** 12
_TRANSCRIPT = re.compile(r"(?:[a-h][1-8]){0,64}")


@dataclass
class Attempt:
    """One attempt (A1): begun by New, kept across Restart."""

    id: int = 1
    practice: bool = False
    first_result: Record | None = None
    active_ms: int = 0
    started: str = ""
    #: The stars earned during this attempt, in the order earned (shown at its end).
    stars: list[str] = field(default_factory=list)


def result_of(outcome: Outcome, mode: str, human: int | None) -> str:
    """Returns the result word of a finished game: from the human's side against the
    computer (``"win"``, ``"loss"``, ``"draw"``), else the winning colour or ``"draw"``."""
    winner = outcome.winner
    if winner is None:
        return "draw"
    if mode == "computer":
        return "win" if winner == human else "loss"
    return COLOR_NAMES[winner]


def first_result(attempt: Attempt, outcome: Outcome, *, mode: str, side: str, level: str,
                 human: int | None, date: str, moves: str, start: str | None = None,
                 balanced: bool = False) -> Record:
    """Returns the record of ``attempt``'s first result; a challenge win is a win over
    the computer in a standard game from the opening in an attempt that is not
    practice (A4, E2, V3).
    ``start`` is the board string of a set-up game's first position; ``balanced``, that
    it is where a balanced random opening ended."""
    result = result_of(outcome, mode, human)
    record: Record = {
        "attempt": attempt.id, "date": date, "mode": mode, "level": level, "side": side,
        "result": result, "black": outcome.black, "white": outcome.white,
        "practice": attempt.practice,
        "challenge": (mode == "computer" and result == "win" and not attempt.practice and start is None
                      and outcome.variant == STANDARD),
        "duration_ms": attempt.active_ms, "moves": moves,
    }
    if start is not None:
        record["start"] = start
        if balanced:
            record["balanced"] = True
    if outcome.variant != STANDARD:
        record["variant"] = outcome.variant
    return record


def key(record: Record) -> str:
    """Returns what identifies a record across tabs: its date and attempt."""
    return f"{record['date']}#{record['attempt']}"


def is_int(value: Any, low: int = 0, high: int = MAX_INT) -> bool:
    """Checks if ``value`` is an int (not a bool) in ``low..high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def is_text(value: Any, limit: int = 64) -> bool:
    """Checks if ``value`` is a string of at most ``limit`` characters."""
    return isinstance(value, str) and len(value) <= limit


def is_transcript(moves: Any) -> bool:
    """Checks if ``moves`` reads as a transcript of at most 64 placements (legality is
    checked when the game is reviewed: replaying a long history would slow every start)."""
    return isinstance(moves, str) and _TRANSCRIPT.fullmatch(moves) is not None


def is_board(text: Any) -> bool:
    """Checks if ``text`` is a board string (E1)."""
    if not is_text(text, 80):
        return False
    try:
        parse_board(text)
    except NotationError:
        return False
    return True


#: The fields a record may lack.
OPTIONAL = {"moves", "start", "variant", "balanced"}
_CHECKS: dict[str, Callable[[Any], bool]] = {
    "attempt": lambda v: is_int(v, 1), "date": is_text, "mode": lambda v: v in MODES,
    "level": lambda v: v in LEVEL_NAMES, "side": lambda v: v in SIDES,
    "black": lambda v: is_int(v, 0, 64), "white": lambda v: is_int(v, 0, 64),
    "practice": lambda v: isinstance(v, bool), "challenge": lambda v: isinstance(v, bool),
    "duration_ms": is_int, "result": lambda v: isinstance(v, str),
}


def valid_record(record: Any) -> bool:
    """Checks if ``record`` is a well-formed results-history record (``moves`` and
    ``start`` optional; a set-up game is never a challenge)."""
    if not isinstance(record, dict) or set(record) - OPTIONAL != set(_CHECKS):
        return False
    if not all(check(record[name]) for name, check in _CHECKS.items()):
        return False
    if "moves" in record and not is_transcript(record["moves"]):
        return False
    if "start" in record and (not is_board(record["start"]) or record["challenge"]):
        return False
    if "variant" in record and (record["variant"] not in VARIANTS[1:] or record["challenge"]):
        return False
    if "balanced" in record and (record["balanced"] is not True or "start" not in record):
        return False
    return (record["result"] in RESULTS[record["mode"]] and record["black"] + record["white"] <= 64
            and not (record["challenge"] and (record["practice"] or record["result"] != "win")))
