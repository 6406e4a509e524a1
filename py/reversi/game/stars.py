"""The eight milestone stars (S1-S8): what earns each, and the shelf that keeps them.

Stars are earned once and kept forever; local games earn S1-S4 only, and only
human placements count (a computer corner earns nothing).  Their names and
how-to texts are words, so they live in :mod:`reversi.app.wording`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.bitboard import CORNERS, Bitboard, Square

#: The stars in the order the page shows them (S1-S8).
STAR_IDS: tuple[str, ...] = ("opening", "corner", "capture", "completion",
                             "first-win", "strong-win", "clean-win", "fresh-wins")
#: The stars a local (two-player) game can earn: S1-S4.
LOCAL_STAR_IDS: tuple[str, ...] = STAR_IDS[:4]
CAPTURE_FLIPS = 6
STRONG_LEVELS = ("hard", "expert")
FRESH_WINS = 3


def placement_stars(square: Square, flips: Bitboard) -> list[str]:
    """Returns the stars a human placement earns (S1-S3), whatever was earned before."""
    earned = ["opening"]
    if (1 << square) & CORNERS:
        earned.append("corner")
    if flips.bit_count() >= CAPTURE_FLIPS:
        earned.append("capture")
    return earned


def result_stars(*, computer: bool, won: bool, challenge: bool, level: str,
                 challenge_wins: int) -> list[str]:
    """Returns the stars a first result earns (S4-S8).

    ``challenge_wins`` counts the challenge wins of different attempts so far,
    this one included.
    """
    earned = ["completion"]
    if computer and won:
        earned.append("first-win")
        if challenge:
            earned.append("clean-win")
            if level in STRONG_LEVELS:
                earned.append("strong-win")
            if challenge_wins >= FRESH_WINS:
                earned.append("fresh-wins")
    return earned


@dataclass
class Shelf:
    """The stars earned in this browser, and the challenge wins counted for S8.

    ``wins`` holds one key per attempt won as a challenge (:func:`reversi.game.results.key`),
    so that shelves from two tabs merge without counting a win twice (P7).
    """

    earned: list[str] = field(default_factory=list)
    wins: list[str] = field(default_factory=list)

    def earn(self, stars: list[str], *, limited: bool) -> list[str]:
        """Adds the ``stars`` not yet earned (S1-S4 only when ``limited``: local and
        set-up games); returns them in shelf order."""
        allowed = LOCAL_STAR_IDS if limited else STAR_IDS
        new = [s for s in STAR_IDS if s in stars and s in allowed and s not in self.earned]
        self.earned.extend(new)
        return new

    def merge(self, other: Shelf) -> list[str]:
        """Adds what ``other`` has and this shelf lacks; returns the stars this shelf
        newly holds, S8 included when the merged wins reach it."""
        self.wins.extend(w for w in other.wins if w not in self.wins)
        new = [s for s in STAR_IDS if s in other.earned and s not in self.earned]
        if len(self.wins) >= FRESH_WINS and "fresh-wins" not in self.earned + new:
            new.append("fresh-wins")
        self.earned.extend(new)
        return new
