"""What a session command did, as values (never sentences).

Each command of :class:`reversi.game.session.Session` appends events in the
order things happened; :mod:`reversi.app.wording` turns them into the words
the page announces, and tests assert them directly.  ``kind`` names each event
in the snapshot (:func:`as_json`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from ..engine.bitboard import Square
from ..engine.board import COLOR_NAMES, Color
from ..engine.notation import square_name


@dataclass(frozen=True)
class Event:
    """Something a command did."""

    kind: ClassVar[str] = "event"


@dataclass(frozen=True)
class Placed(Event):
    """A disc was placed (R3): by whom, where, how many discs it flipped;
    ``by`` is ``"human"``, ``"computer"`` or ``"clock"`` (the move clock ran out)."""

    kind: ClassVar[str] = "placed"
    color: Color
    square: Square
    flips: int
    by: str


@dataclass(frozen=True)
class Passed(Event):
    """``color`` had no legal move and passed (R4)."""

    kind: ClassVar[str] = "passed"
    color: Color


@dataclass(frozen=True)
class GameOver(Event):
    """Neither side can move (R5): the real counts and the winner (None: a draw)."""

    kind: ClassVar[str] = "game_over"
    black: int
    white: int
    winner: Color | None


@dataclass(frozen=True)
class StarEarned(Event):
    """A star was earned for the first time (S1-S8)."""

    kind: ClassVar[str] = "star_earned"
    star: str


@dataclass(frozen=True)
class PracticeMarked(Event):
    """The attempt became practice (A2)."""

    kind: ClassVar[str] = "practice_marked"


@dataclass(frozen=True)
class Refused(Event):
    """A command changed nothing, and why: ``"stale"`` (meant for an earlier
    position), ``"paused"``, ``"over"``, ``"computer_turn"``, ``"illegal"`` (with the
    square), ``"nothing_to_undo"``, ``"nothing_to_redo"``."""

    kind: ClassVar[str] = "refused"
    reason: str
    square: Square | None = None


@dataclass(frozen=True)
class Undone(Event):
    """Undo took placements back (U1-U4)."""

    kind: ClassVar[str] = "undone"


@dataclass(frozen=True)
class Redone(Event):
    """Redo replayed undone placements (U5)."""

    kind: ClassVar[str] = "redone"


@dataclass(frozen=True)
class Restarted(Event):
    """The attempt went back to the opening (U6)."""

    kind: ClassVar[str] = "restarted"


@dataclass(frozen=True)
class NewGame(Event):
    """A fresh attempt began (U6, A1) with this mode, side, level and variant (V1),
    from the opening or (``set_up``) from a set-up position (E2)."""

    kind: ClassVar[str] = "new_game"
    mode: str
    side: str
    level: str
    set_up: bool = False
    variant: str = "standard"
    #: The set-up start is a balanced random opening.
    balanced: bool = False


@dataclass(frozen=True)
class Paused(Event):
    """The game was paused (P4): ``reason`` is ``""`` (the player), ``"hidden"``
    (the page was hidden) or ``"review"`` (a game is being reviewed)."""

    kind: ClassVar[str] = "paused"
    reason: str = ""


@dataclass(frozen=True)
class Resumed(Event):
    """The game was resumed."""

    kind: ClassVar[str] = "resumed"


@dataclass(frozen=True)
class SettingChanged(Event):
    """A setting took ``value``; ``now`` is False when it waits for the next new game."""

    kind: ClassVar[str] = "setting_changed"
    name: str
    value: Any
    now: bool = True


@dataclass(frozen=True)
class ClockWarning(Event):
    """The move clock has ``seconds`` left."""

    kind: ClassVar[str] = "clock_warning"
    seconds: int


@dataclass(frozen=True)
class HistoryCleared(Event):
    """The results history was emptied (the stars stay)."""

    kind: ClassVar[str] = "history_cleared"


def as_json(event: Event) -> dict[str, Any]:
    """Returns ``event`` as JSON-ready data: ``kind`` and its fields, with colours
    and squares by name."""
    data: dict[str, Any] = {"kind": event.kind}
    for f in fields(event):
        value = getattr(event, f.name)
        if f.name in ("color", "winner") and value is not None:
            value = COLOR_NAMES[value]
        elif f.name == "square" and value is not None:
            value = square_name(value)
        data[f.name] = value
    return data

