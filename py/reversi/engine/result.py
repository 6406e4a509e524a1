"""What a search or the exact solver found for the side to move
(:mod:`reversi.engine.search`, :mod:`reversi.engine.think`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .bitboard import Square


@dataclass
class Result:
    """What a search found for the side to move.

    ``square`` is None only when the side to move has no legal move.  ``score``
    is the expected final disc difference for the side to move (exact when
    ``exact``); ``pv`` the expected line from the best move on (passes implied).
    """

    square: Square | None
    score: float
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    exact: bool = False
    pv: list[Square] = field(default_factory=list)
