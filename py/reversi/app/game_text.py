"""A game as text, both ways: the one form every place shows, copies or links (R6, E1, E2, V3).

``[variant ":"] [board string " "] transcript`` — an optional variant tag
(``anti:``, ``free:``; none means the standard game), an optional board string
for a game that began from a set-up position (64 squares ``-XO`` a1..h8, a
space, the side to move), then the placements (``f5d6c3…``).  :func:`game_text`
writes it, :func:`parse_game` reads it back after checking every placement; the
placements may come as sites number them (``1. f5 d6 2. c3``, ``1.F5 2.d6``, with
passes written ``pass``, ``PA`` or ``--``, R7).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..engine.bitboard import Square
from ..engine.notation import NotationError, format_board, format_transcript, parse_board
from ..engine.variants import STANDARD, VARIANTS
from ..game.line import Line, Start


class Played(NamedTuple):
    """A game as text gives it: its placements, its first position (None: the opening
    of its variant) and its variant (R6, E2, V3)."""

    moves: list[Square]
    start: Start | None = None
    variant: str = STANDARD


def game_text(moves: list[Square], start: Start | None = None, variant: str = STANDARD) -> str:
    """Returns a game as text: its transcript (R6), after the board string of its
    first position when it began from a set-up one (E2), after its variant's tag
    when it is not the standard game (V3: ``anti:f5d6…``).  Every place that shows or
    gives a game's text uses this, so that it always opens as the same game."""
    text = format_transcript(moves)
    if start:
        text = f"{format_board(*start)} {text}".rstrip()
    return f"{variant}:{text}" if variant != STANDARD else text


#: A move number as sites print them ("1.", "12 .", "3..."), not part of a square.
_NUMBER = re.compile(r"(?<![A-Za-z0-9])\d+\s*\.+")
#: A pass as sites print it.
_PASS = re.compile(r"(?<![A-Za-z0-9-])(?:pass|pa|--)(?![A-Za-z0-9-])", re.I)
#: A result as sites print it after the moves: "33-31", "1-0", "1/2-1/2", "*".
_RESULT = re.compile(r"(?<![A-Za-z0-9/-])(?:\d+(?:/\d+)?-\d+(?:/\d+)?|\*)(?![A-Za-z0-9/-])")


def plain(moves: str) -> str:
    """Returns a move list with its move numbers, passes and result blanked out (R7): the
    same length, so that an error names the character of the text as pasted."""
    for pattern in (_RESULT, _NUMBER, _PASS):
        moves = pattern.sub(lambda m: " " * len(m.group()), moves)
    return moves


def parse_game(text: str) -> Played:
    """Returns a pasted game after checking every placement: an optional variant tag
    (``anti:``, ``free:``, ``standard:``; none: the standard game, V3), an
    optional board string (E1, E2), then a transcript (R6).

    :raises NotationError: naming an unknown tag, what is wrong with the board string,
        or the first character that is not a square.
    :raises IllegalMoveError: naming the first illegal move and its position.
    """
    variant = STANDARD
    tag, colon, rest = text.partition(":")
    if colon:
        variant = tag.strip().lower()
        if variant not in VARIANTS:
            raise NotationError(f"{tag.strip()!r} is not a variant: a transcript may begin with "
                                f"{', '.join(v + ':' for v in VARIANTS[1:])} or no tag", position=1,
                                kind="variant", tag=tag.strip())
        text = rest
    tokens = text.split()
    start: Start | None = None
    if tokens and len(tokens[0]) == 64 and set(tokens[0].upper()) <= set("XO-"):
        start = parse_board(" ".join(tokens[:2]))
        text = " ".join(tokens[2:])
    board = Line(start=start, variant=variant).board
    board.play_transcript(plain(text))
    return Played(board.placements(), start, variant)


#: The longest link fragment read (a full game with a start is under 250 characters).
MAX_LINK = 400


def game_link(moves: list[Square], start: Start | None = None, variant: str = STANDARD) -> str:
    """Returns the fragment of a link that opens the game: ``moves=f5d6…``,
    then ``&variant=anti`` for a variant, ``&start=`` and the 64 squares with the side to
    move (``-XO…X``) for a set-up game; nothing in it needs escaping."""
    fields = [f"moves={format_transcript(moves)}"]
    if variant != STANDARD:
        fields.append(f"variant={variant}")
    if start:
        fields.append("start=" + format_board(*start).replace(" ", ""))
    return "&".join(fields)


def parse_link(fragment: str) -> Played:
    """Returns the game of a link's fragment (:func:`game_link`; a leading ``#`` is fine),
    after checking every placement as :func:`parse_game` does.

    :raises NotationError: for a fragment that is not a game link, or names an unknown
        variant, a bad start or a bad transcript.
    :raises IllegalMoveError: naming the first illegal move.
    """
    fields: dict[str, str] = {}
    for field in fragment.lstrip("#")[:MAX_LINK].split("&"):
        name, equals, value = field.partition("=")
        if not equals or name not in ("moves", "variant", "start") or name in fields:
            raise NotationError(f"{field[:40]!r} is not part of a game link", kind="link", field=field[:40])
        fields[name] = value
    if "moves" not in fields or len(fragment) > MAX_LINK:
        raise NotationError("a game link has moves=…", kind="link", field=fragment[:40])
    start = fields.get("start", "")
    if start:
        parse_board(f"{start[:64]} {start[64:]}")  # a bad start is named as such
    text = (f"{start[:64]} {start[64:]} " if start else "") + fields["moves"]
    variant = fields.get("variant", STANDARD)
    return parse_game(f"{variant}:{text}" if variant != STANDARD or ":" in text else text)
