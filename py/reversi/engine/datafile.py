"""The data files' one shared rule: a line that is blank or starts with ``#`` is not data
(the opening names, the balanced openings, the puzzle set, OBF problem files)."""

from __future__ import annotations


def data_lines(text: str) -> list[str]:
    """Returns the lines of ``text`` that hold data: not blank, not a ``#`` comment."""
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
