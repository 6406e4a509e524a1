"""The features the hub reads, one line each (STYLE §9): a new feature is one more line.

Their reports fill the reply in this order, then their overlays run in this order.
"""

from __future__ import annotations

from . import hint_mode, pondering, position_setup, puzzle_mode
from .house import Feature
from .learning import room as learning
from .mistakes import room as mistakes
from .review import room as review

FEATURES: tuple[Feature, ...] = (
    pondering.FEATURE,
    hint_mode.FEATURE,
    review.FEATURE,
    position_setup.FEATURE,
    puzzle_mode.FEATURE,
    learning.FEATURE,
    mistakes.FEATURE,
)
