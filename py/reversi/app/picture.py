"""A game's picture (B9): a position of a game, its discs numbered by the move that placed
them, with a caption, for the page to draw as a PNG and save (the picture a player posts).

The command ``picture`` answers the reply field ``picture``; the page draws it
(``web/panels/picture.js``) from the review's frame shown or the finished game's result
card.  Declared in :data:`FEATURE`.
"""

from __future__ import annotations

from typing import Any, TypedDict

from ..engine.notation import IllegalMoveError, NotationError, square_name
from ..game.line import Line
from . import wording
from .game_text import game_text, parse_game
from .house import Command, Feature, Host


class Picture(TypedDict):
    """What the page draws: ``cells`` (64 characters, a1 first), ``numbers`` (each placed
    square's move number), ``last``, ``caption`` and ``file`` (its file name)."""

    cells: str
    numbers: dict[str, int]
    last: str | None
    caption: str
    file: str


def picture_of(text: str, ply: int | None, title: str, today: str) -> Picture:
    """Returns the picture of a game's text after ``ply`` placements (None: all of them).

    :raises ValueError: with the words that say why the text is not a game.
    """
    try:
        played = parse_game(text)
    except (NotationError, IllegalMoveError) as error:
        raise ValueError(wording.transcript_problem(error)) from None
    moves = played.moves[:ply] if ply is not None and 0 <= ply else played.moves
    board = Line(moves, start=played.start, variant=played.variant).board
    black, white = board.counts()
    caption = wording.say("picture.caption", title=title or wording.review_title("import"), black=black,
                          white=white, move=len(moves))
    return {"cells": board.cells(), "numbers": {square_name(s): n for n, s in enumerate(moves, 1)},
            "last": square_name(moves[-1]) if moves else None, "caption": caption,
            "file": f"reversi-{today}-{len(moves)}.png"}


class Pictures:
    """Answers ``picture`` requests."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def take(self, game: Any = None, ply: Any = None, title: Any = "") -> None:
        """``picture`` {"game": a game's text (optional: the game in play), "ply": its
        placements to show (optional: all), "title"}: the reply field ``picture``."""
        if not isinstance(game, str):  # the game in play, titled as its review would be
            line = self.host.session.game.line
            moves = line.moves[:line.cursor]
            game = game_text(moves, line.start, line.variant)
            title = wording.with_opening(wording.review_title("current"),
                                         wording.opening_name(moves, line.start is not None, line.variant))
        self.host.extra["picture"] = picture_of(game, ply if type(ply) is int else None,
                                                title if isinstance(title, str) else "", self.host.today)


FEATURE = Feature("picture", Pictures, (Command("picture", Pictures.take, "picture", passive=True),))
