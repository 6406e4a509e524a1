"""The computer opponent as the session sees it: a function from a position to a move.

The session never searches itself: it asks a :data:`ComputerPlayer`, which the
tests replace with scripted fakes.  The seed makes Easy's variety repeatable
for the same attempt and position (C2).
"""

from __future__ import annotations

from typing import Callable

from ..engine.bitboard import Bitboard, Square

#: Chooses the computer's move: (p, o, level, seed, variant) -> square.
ComputerPlayer = Callable[[Bitboard, Bitboard, str, int, str], Square]


def default_player(p: Bitboard, o: Bitboard, level: str, seed: int, variant: str) -> Square:
    """Returns the move of the built-in computer player at ``level`` in ``variant``.

    :raises ValueError: if ``p`` has no legal move.
    """
    from ..engine.players import choose_move  # the search stack loads only when the computer plays

    choice = choose_move(p, o, level, seed=seed, variant=variant)
    if choice.square is None:
        raise ValueError("the computer has no legal move")
    return choice.square


def seed_for(attempt: int, cursor: int) -> int:
    """Returns the seed of the computer's move at ``cursor`` of ``attempt``."""
    return attempt * 1000 + cursor
