"""Watching two computer levels play each other, to see how they compare.

The page asks for one placement at a time and shows the game so far as a
review (:func:`.frames.review_of`), so a watched game never touches the player's
session: no save, no history, no stars.
"""

from __future__ import annotations

from ...engine.levels import LEVELS
from ...engine.variants import STANDARD
from ...game.line import Line
from ..game_text import parse_game
from ..wording import watch_title
from .frames import Review, review_of


def watch_step(game: str, black: str, white: str, seed: int = 0,
               variant: str = STANDARD) -> Review:
    """Plays the next placement of the watched game ``game`` (its text, the review's
    ``transcript``: its variant tag says the rules) between level ``black`` and level
    ``white``, and returns the game so far as a review.  An empty ``game`` is a new
    one of ``variant`` (V1).  A finished game comes back unchanged.

    :raises ValueError: for an unknown level or a text that is not a legal game.
    """
    for level in (black, white):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    played = parse_game(game) if game else parse_game(f"{variant}:")
    board = Line(played.moves, variant=played.variant).board
    placed = list(played.moves)
    if not board.is_game_over():
        from ...engine.players import choose_move

        p, o = board.mover_mask()
        level = white if board.turn else black
        square = choose_move(p, o, level, seed=seed * 64 + len(placed), variant=played.variant).square
        if square is not None:  # the side to move always has a move (passes are automatic)
            placed.append(square)
    return review_of(placed, watch_title(black, white), "watch", None, variant=played.variant)
