"""Time budgets for searches: a deadline that a search polls and a timeout error.

In the browser a search can also be cancelled from outside: Pyodide raises
``KeyboardInterrupt`` inside it (interrupt buffer), so searches must never
swallow ``BaseException``.
"""

from __future__ import annotations

import time


class SearchTimeout(Exception):
    """Raised inside a search when its deadline has passed."""


class Deadline:
    """A point in time (``time.perf_counter`` seconds) after which a search stops.

    ``Deadline(None)`` never expires.
    """

    __slots__ = ("at",)

    def __init__(self, seconds: float | None) -> None:
        self.at = None if seconds is None else time.perf_counter() + seconds

    def expired(self) -> bool:
        """Checks if the deadline has passed."""
        return self.at is not None and time.perf_counter() >= self.at

    def check(self) -> None:
        """Raises :class:`SearchTimeout` if the deadline has passed."""
        if self.at is not None and time.perf_counter() >= self.at:
            raise SearchTimeout

    def remaining(self) -> float:
        """Returns the seconds left (``inf`` for no deadline, never negative)."""
        return float("inf") if self.at is None else max(0.0, self.at - time.perf_counter())
