"""The player's settings and the one validator every setting passes (C1, P1, P3).

Mode, side and level apply to the next new game; the display and option
settings apply at once.  :func:`is_valid` is the only check of a setting's
value: the session uses it for commands and the save reader for documents.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.board import COLOR_NAMES
from ..engine.ladder import RUNG_NAMES
from ..engine.variants import STANDARD, VARIANTS

#: Against the computer, or two players on one screen (C1).
MODES: tuple[str, ...] = ("computer", "local")
#: The side a person plays against the computer: the colour names.
SIDES: tuple[str, ...] = COLOR_NAMES
#: Seconds a person has for each move (0: no move clock).
MOVE_CLOCKS: tuple[int, ...] = (0, 30, 40, 60)
#: The languages the page speaks (L1); "" means not chosen: the browser's.
LANGUAGES: tuple[str, ...] = ("", "en", "ja", "zh-Hans", "zh-Hant", "ko", "fr", "es", "de")
#: How a standard game starts: from the four-disc opening, or from a balanced random
#: opening (:mod:`reversi.engine.balanced`), played like a set-up game (E2).
OPENINGS: tuple[str, ...] = ("standard", "balanced")
#: The settings that describe a game, and so apply from the next new game.
GAME_SETTINGS: tuple[str, ...] = ("mode", "side", "level", "variant", "opening")
#: The level that stands for Play at my level: the game takes the rung ``my_rung`` (C8).
MINE = "mine"
#: The computer levels: every rung of the ladder, weakest first (C2, C7).
LEVEL_NAMES: tuple[str, ...] = RUNG_NAMES


@dataclass
class Settings:
    """The player's choices (P1)."""

    mode: str = "computer"
    side: str = "black"
    level: str = "normal"
    legal_dots: bool = True
    sound: bool = False
    #: After each finished computer game, the player takes the other colour.
    swap_sides: bool = False
    #: Seconds per human move (0 = no clock); on expiry a random legal move is played.
    move_clock: int = 0
    #: Hint mode: every legal move shows its value (H1; assistance, H2).
    hints: bool = False
    #: The rules of the next game (V1): standard, anti-reversi or free opening.
    variant: str = STANDARD
    #: How the next standard game starts (:data:`OPENINGS`).
    opening: str = "standard"
    #: The page's language (L2), "" until the player chooses one: the browser's.
    language: str = ""
    #: Hard and Expert think during the person's turn (C4).
    ponder: bool = True
    #: The rung Play at my level plays (``level`` :data:`MINE`), chosen by the player's
    #: rating (C8), not by the player.
    my_rung: str = "normal"

    def game_level(self) -> str:
        """Returns the rung the next game is played at."""
        return self.my_rung if self.level == MINE else self.level


#: Every setting's allowed values.
CHOICES: dict[str, tuple[Any, ...]] = {
    "mode": MODES, "side": SIDES, "level": (*LEVEL_NAMES, MINE), "my_rung": LEVEL_NAMES, "move_clock": MOVE_CLOCKS,
    "legal_dots": (True, False), "sound": (True, False), "swap_sides": (True, False),
    "hints": (True, False), "variant": VARIANTS, "opening": OPENINGS,
    "language": LANGUAGES, "ponder": (True, False),
}


def is_valid(name: str, value: Any) -> bool:
    """Checks if ``value`` is one of setting ``name``'s allowed values (of the same type:
    ``True`` is no move clock and ``0`` is no switch)."""
    return any(type(value) is type(choice) and value == choice for choice in CHOICES.get(name, ()))
