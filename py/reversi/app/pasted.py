"""Games pasted from other sites (R6, R7): GGF records, and move lists headed by tag pairs.

:func:`read_ggf` returns each ``(;GM[Othello]…;)`` record's game of GGF, the Generic Game
Format of the Internet Othello servers: its first position (``BO``, when it is not the
standard opening), its moves (``B[d3]``, ``W[c5//0.12]``, a pass ``PA``), its players
(``PB``, ``PW``), date (``DT``) and result (``RE``), checking every move.  :func:`read`
also takes a move list as sites print it, after tag pairs as PlayOK writes them
(``[Black "name"]``), through :func:`reversi.app.game_text.parse_game`.  An error names
the game and the character where it went wrong.  The review's import calls it; the
formats as followed: ``docs/features.md`` (Importing games).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from ..engine.board import Board
from ..engine.notation import IllegalMoveError, NotationError, parse_square
from ..engine.variants import ANTI, OPENING_BLACK, OPENING_WHITE, STANDARD
from ..game.line import Start
from .game_text import parse_game

_GAME = re.compile(r"\(;(.*?);\)", re.S)
_PROPERTY = re.compile(r"([A-Z]{1,2})\[([^\]]*)\]")
_PASS = ("pa", "pass")
#: A tag pair line as PlayOK and PGN write them: ``[Black "name"]``.
_TAG = re.compile(r'^[ \t]*\[(\w+)[ \t]+"([^"\n]*)"\][ \t]*$', re.M)


class PastedGame(NamedTuple):
    """One pasted game: its moves (placements), first position and variant, and what its
    text says of it ("" where it says nothing)."""

    moves: list[int]
    start: Start | None
    variant: str
    black: str
    white: str
    date: str
    result: str
    #: Where it was played (GGF's place, a tag pair's event, WTHOR's tournament).
    event: str = ""


class GgfError(NotationError):
    """A GGF record that is not a game of 8×8 Othello, or a move that is not one or is not
    legal: ``kind`` ("ggf_board", "ggf_type", "ggf_move", "ggf_none", "in_game"),
    ``position`` (1-based character in the whole text), and in ``detail`` the ``game``
    (1-based) and, for an illegal move, the engine's error (``cause``)."""

    def __init__(self, message: str, *, game: int, position: int, kind: str, **detail: object) -> None:
        super().__init__(message, position=position, kind=kind, game=game, **detail)


def looks_like(text: str) -> bool:
    """Checks if a pasted text is GGF (it opens a record)."""
    return text.lstrip().startswith("(;")


def _start(value: str, game: int, at: int) -> Start | None:
    """Returns the first position of a ``BO`` value (None for the standard opening)."""
    cells = "".join(value.split())
    if not (len(cells) == 66 and cells[0] == "8" and set(cells[1:65]) <= set("*O-") and cells[65] in "*O"):
        raise GgfError(f"game {game}: BO[{value.strip()[:20]}…] is not an 8×8 board", game=game, position=at,
                       kind="ggf_board")
    black = sum(1 << s for s, c in enumerate(cells[1:65]) if c == "*")
    white = sum(1 << s for s, c in enumerate(cells[1:65]) if c == "O")
    turn = 0 if cells[65] == "*" else 1
    return None if (black, white, turn) == (OPENING_BLACK, OPENING_WHITE, 0) else (black, white, turn)


def _game(body: str, offset: int, game: int) -> PastedGame:
    """Returns one record's game (``offset``: where its body starts in the whole text)."""
    found = {m.group(1): (m.group(2), offset + m.start(2) + 1) for m in _PROPERTY.finditer(body)}
    kind = found.get("TY", ("8", 0))[0].strip().lower()
    if found.get("GM", ("othello", 0))[0].strip().lower() != "othello" or not re.fullmatch(r"8[rak]*", kind):
        raise GgfError(f"game {game} is not 8×8 Othello (TY[{kind}])", game=game, position=offset, kind="ggf_type",
                       type=kind)
    start = _start(found["BO"][0], game, found["BO"][1]) if "BO" in found else None
    variant = ANTI if "a" in kind else STANDARD
    board = Board(*start, variant=variant) if start else Board.initial(variant)
    for match in _PROPERTY.finditer(body):
        if match.group(1) not in ("B", "W"):
            continue
        text = match.group(2).split("/")[0].strip()
        position = offset + match.start(2) + 1
        if text.lower() in _PASS:
            continue
        try:
            square = parse_square(text)
        except NotationError:
            raise GgfError(f"game {game}, character {position}: {text!r} is not a move", game=game,
                           position=position, kind="ggf_move", text=text) from None
        color = 0 if match.group(1) == "B" else 1
        if board.turn != color or not board.is_legal(square):
            cause = IllegalMoveError(f"move {len(board.steps) + 1} at character {position}: {text} cannot be played",
                                     square=square, index=len(board.steps) + 1, position=position,
                                     over=board.is_game_over(), color=color)
            raise GgfError(f"game {game}: {cause}", game=game, position=position, kind="in_game", cause=cause)
        board.play(square)
    date = found.get("DT", ("", 0))[0].split("_")[0].replace(".", "-").strip()
    return PastedGame(board.placements(), start, variant, found.get("PB", ("", 0))[0].strip()[:40],
                   found.get("PW", ("", 0))[0].strip()[:40], date[:10], found.get("RE", ("", 0))[0].strip()[:12],
                   found.get("PC", ("", 0))[0].strip()[:40])


def ggf_records(text: str) -> Iterator[tuple[int, PastedGame | GgfError]]:
    """Yields each GGF record's number (1-based) and its game, or the error that refuses it
    (so that the good records of a text are kept, R10)."""
    for n, match in enumerate(_GAME.finditer(text), 1):
        try:
            yield n, _game(match.group(1), match.start(1), n)
        except GgfError as error:
            yield n, error


def read_ggf(text: str) -> list[PastedGame]:
    """Returns the games of a GGF text, in order.

    :raises GgfError: naming the first record that is not a game of 8×8 Othello, or a move
        that is not a square or not legal (the game, the move and its character).
    """
    games = []
    for _, game in ggf_records(text):
        if isinstance(game, GgfError):
            raise game
        games.append(game)
    if not games:
        raise GgfError("no GGF game record (;GM[Othello]…;) is complete", game=1, position=1, kind="ggf_none")
    return games


def read(text: str) -> list[PastedGame]:
    """Returns the games of a pasted text: GGF's records, else one game (a transcript or a
    numbered move list, after any tag pairs, which are blanked so that an error still names
    the character as pasted).

    :raises GgfError, NotationError, IllegalMoveError: as :func:`read_ggf` and
        :func:`reversi.app.game_text.parse_game` do.
    """
    if looks_like(text):
        return read_ggf(text)
    tags = {m.group(1).lower(): m.group(2).strip() for m in _TAG.finditer(text)}
    played = parse_game(_TAG.sub(lambda m: " " * len(m.group()), text))
    date = tags.get("date", "").replace(".", "-").replace("?", "").strip("-")
    return [PastedGame(played.moves, played.start, played.variant, tags.get("black", "")[:40],
                       tags.get("white", "")[:40], date[:10], tags.get("result", "")[:12],
                       (tags.get("event") or tags.get("site", ""))[:40])]
