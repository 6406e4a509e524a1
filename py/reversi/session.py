"""The game session: what the player is doing, driven by commands from the page.

It takes commands (``new``, ``place``, ``set_option``) and returns the
snapshot the page draws (see :mod:`reversi.snapshot`).  It is plain Python,
deterministic, and testable without a browser.
"""

from __future__ import annotations

from typing import Any

from .board import Board
from .notation import parse_square
from .snapshot import board_snapshot, step_events, turn_status


class Session:
    """A local two-player game (SPEC C1) with its display settings."""

    def __init__(self) -> None:
        self.board = Board()
        self.show_legal = True
        self.events: list[str] = []

    def new(self) -> None:
        """Starts a fresh game from the opening (SPEC R2)."""
        self.board = Board()
        self.events = ["New game. Black to move."]

    def place(self, name: str) -> None:
        """Plays the square ``name`` for the side to move (SPEC B2).

        An illegal square changes nothing and is reported as an event.
        """
        square = parse_square(name)
        if not self.board.is_legal(square):
            self.events = [f"{name} is not a legal move."]
            return
        self.board.play(square)
        self.events = step_events(self.board)

    def set_option(self, name: str, value: Any) -> None:
        """Changes a display setting; ``legal_dots`` toggles the dots (SPEC B1)."""
        if name != "legal_dots" or not isinstance(value, bool):
            raise ValueError(f"unknown option {name}={value!r}")
        self.show_legal = value
        self.events = [f"Legal move dots {'on' if value else 'off'}."]

    def snapshot(self) -> dict[str, Any]:
        """Returns what the page draws now, with the events of the last command."""
        snap = board_snapshot(self.board)
        snap.update(status=turn_status(self.board), events=self.events,
                    options={"legal_dots": self.show_legal})
        return snap
