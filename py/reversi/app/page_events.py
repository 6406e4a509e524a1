"""What the app's own commands did, as values, beside the game's (:mod:`reversi.game.events`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..game.events import Event


@dataclass(frozen=True)
class Imported(Event):
    """A pasted transcript of ``moves`` placements opened in review."""

    kind: ClassVar[str] = "imported"
    moves: int


@dataclass(frozen=True)
class ReviewClosed(Event):
    """The review closed and the page shows the game in play again."""

    kind: ClassVar[str] = "review_closed"


@dataclass(frozen=True)
class AnalysisStarted(Event):
    """The analysis of the game titled ``title`` began."""

    kind: ClassVar[str] = "analysis_started"
    title: str


@dataclass(frozen=True)
class AnalysisFinished(Event):
    """Every position of the analysed game has been analysed."""

    kind: ClassVar[str] = "analysis_finished"


@dataclass(frozen=True)
class Adopted(Event):
    """Another tab saved a newer game and this idle tab took it up (P7)."""

    kind: ClassVar[str] = "adopted"


@dataclass(frozen=True)
class Elsewhere(Event):
    """Another tab saved a newer game while this one was busy, or over this tab's own
    write: this tab now waits for the player to take the game over (P7); ``lost`` names
    this tab's placements that were not stored (P11)."""

    kind: ClassVar[str] = "elsewhere"
    lost: tuple[str, ...] = ()


@dataclass(frozen=True)
class TakenOver(Event):
    """The player took the game over in this tab (P7)."""

    kind: ClassVar[str] = "taken_over"
