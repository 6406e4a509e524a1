"""The features the hub reads, one line each (STYLE §9): a new feature is one more line.

Their reports fill the reply in this order, then their overlays run in this order;
:func:`fields` is the index of which feature makes which reply field.
"""

from __future__ import annotations

import typing

from . import export, hint_mode, picture, pondering, position_setup, puzzle_mode
from .house import Feature
from .learning import room as learning
from .library import room as library
from .mistakes import room as mistakes
from .openings import room as openings
from .rating import room as rating
from .review import room as review

FEATURES: tuple[Feature, ...] = (
    pondering.FEATURE,
    hint_mode.FEATURE,
    review.FEATURE,
    position_setup.FEATURE,
    puzzle_mode.FEATURE,
    learning.FEATURE,
    mistakes.FEATURE,
    rating.FEATURE,
    openings.FEATURE,
    picture.FEATURE,
    export.FEATURE,
    library.FEATURE,
)


def fields() -> dict[str, str]:
    """Returns each reply field a feature makes (the keys of the TypedDict its ``report``
    returns), with the feature's name."""
    made: dict[str, str] = {}
    for feature in FEATURES:
        report = getattr(feature.make, "report", None)
        if report is not None:
            made.update(dict.fromkeys(typing.get_type_hints(typing.get_type_hints(report)["return"]), feature.name))
    return made
