"""The eight milestone stars (SPEC S1-S8): what earns each, decided from session events.

Stars are earned once and kept forever; local games earn S1-S4 only, and only
human placements count (a computer corner earns nothing).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.bitboard import CORNERS, Bitboard, Square

CAPTURE_FLIPS = 6
STRONG_LEVELS = ("hard", "expert")
FRESH_WINS = 3


@dataclass(frozen=True)
class Star:
    """One milestone: its id, name and how to earn it."""

    id: str
    name: str
    how: str


STARS: tuple[Star, ...] = (
    Star("opening", "Opening", "Make your first legal placement."),
    Star("corner", "Corner", "Place a disc on a corner."),
    Star("capture", "Capture", "Flip at least six discs with one placement."),
    Star("completion", "Completion", "Finish a game: reach the first result of an attempt."),
    Star("first-win", "First computer win", "Win a game against the computer."),
    Star("strong-win", "Strong win", "Beat Hard or Expert without Undo or Restart."),
    Star("clean-win", "Clean win", "Beat the computer at any level without Undo or Restart."),
    Star("fresh-wins", "Three fresh wins", "Win three different attempts against the computer without Undo or Restart."),
)
STAR_IDS: tuple[str, ...] = tuple(star.id for star in STARS)


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
