"""Active play time and the move clock (P6).

Active time counts only while the game is unpaused and unfinished (the page
sends ticks only while it is visible).  The move clock gives a person a fixed
number of seconds per move, is announced in its last seconds, and on expiry
makes the session play a random legal move.
"""

from __future__ import annotations

from .events import ClockWarning, Event

#: Longest tick taken at face value (ms); a longer gap (a sleeping laptop) counts this much.
MAX_TICK_MS = 5_000
#: Seconds left at which the move clock is announced.
CLOCK_WARNINGS = (10, 5)


def checked_tick(ms: object) -> int:
    """Returns a tick's milliseconds, capped at :data:`MAX_TICK_MS`.

    :raises ValueError: if ``ms`` is not a whole, non-negative number.
    """
    if not isinstance(ms, int) or isinstance(ms, bool) or ms < 0:
        raise ValueError("tick needs a whole, non-negative number of milliseconds")
    return min(ms, MAX_TICK_MS)


class MoveClock:
    """The time left for the current person's move; it starts again with every move."""

    def __init__(self) -> None:
        #: Milliseconds left, or None when the current move's clock has not run yet.
        self.left_ms: int | None = None

    def restart(self) -> None:
        """Gives the next move the whole limit."""
        self.left_ms = None

    def left(self, limit: int) -> int:
        """Returns the milliseconds left for a move of ``limit`` seconds."""
        return limit * 1000 if self.left_ms is None else self.left_ms

    def run(self, ms: int, limit: int) -> tuple[list[Event], bool]:
        """Runs the clock for ``ms``; returns the warnings it crossed and whether it expired."""
        before = self.left(limit)
        self.left_ms = before - ms
        warnings: list[Event] = [ClockWarning(w) for w in CLOCK_WARNINGS
                                 if self.left_ms <= w * 1000 < before and self.left_ms > 0]
        return warnings, self.left_ms <= 0
