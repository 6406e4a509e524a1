"""An import into the library under way (R10): the games of the files sent, read a
batch at a time so that the worker answers a tap between batches, each game checked
(:func:`.positions.walk`), the malformed ones refused with the game, the place and why
while the good ones are kept, and cancellable, keeping what was read.

The room (:mod:`.room`) makes an :class:`Importing` and calls :meth:`Importing.step`
until it is done.  Sources: GGF records, texts (a game a block, or a game a line), WTHOR
``.wtb`` files named by the ``.JOU`` and ``.TRN`` sent with them (:mod:`reversi.app.wthor`).
"""

from __future__ import annotations

import re
import time
from array import array
from collections.abc import Iterator
from typing import Any, NamedTuple

from ...engine import openings
from ...engine.notation import IllegalMoveError, NotationError, square_name
from ...engine.variants import ANTI
from .. import pasted, wording, wthor
from ..files import sent_files
from .positions import ReplayError, entries, walk
from .shelf import Import

#: The time one step reads games for, in seconds (a tap waits at most this long).
STEP_SECONDS = 0.04
#: The most messages kept of the games refused.
PROBLEMS = 20
_RESULT = re.compile(r"^\s*([+-]?\d+(?:\.\d+)?)\s*$")
_SCORE = re.compile(r"^\s*(\d{1,2})\s*[-–:]\s*(\d{1,2})\s*$")


class Read(NamedTuple):
    """A game read from a file, before it is checked: ``diff`` is Black's final disc
    difference the file states (None: none), ``place`` says where it starts."""

    moves: list[int]
    start: Any
    anti: bool
    texts: tuple[str, str, str, str]
    diff: int | None
    #: The file, the game's number in it, and its record's first byte (WTHOR) or None.
    place: tuple[str, int, int | None]


def stated_diff(result: str) -> int | None:
    """Returns Black's disc difference a GGF or tag pair result states (``+12``, ``-8.00``,
    ``38-26``), else None."""
    if match := _RESULT.match(result):
        return round(float(match.group(1)))
    if (match := _SCORE.match(result)) and 2 < int(match.group(1)) + int(match.group(2)) <= 64:
        return int(match.group(1)) - int(match.group(2))
    return None


def _refused(name: str, n: int, error: NotationError | IllegalMoveError) -> str:
    """Returns why game ``n`` of a file is refused (the error's own words name the game when
    it knows it: GGF's and WTHOR's)."""
    if isinstance(error, NotationError) and "game" in error.detail:
        return wording.say("library.refused_named", name=name, error=wording.error_text(error))
    return wording.say("library.refused", name=name, n=n, error=wording.error_text(error))


def _read(name: str, n: int, game: pasted.PastedGame | NotationError | IllegalMoveError) -> Read | str:
    """Returns game ``n`` of a text as read, or the words that refuse it."""
    if not isinstance(game, pasted.PastedGame):
        return _refused(name, n, game)
    return Read(game.moves, game.start, game.variant == ANTI, (game.black, game.white, game.event, game.date),
                stated_diff(game.result), (name, n, None))


def _text_games(name: str, text: str) -> Iterator[Read | str]:
    """Yields the games of a text: GGF's records; else a game a block (blocks are parted by
    blank lines), or a game a line when every line of a block is a game."""
    if pasted.looks_like(text):
        for n, record in pasted.ggf_records(text):
            yield _read(name, n, record)
        return
    pieces: list[pasted.PastedGame | NotationError | IllegalMoveError] = []
    for block in (b for b in re.split(r"\n[ \t]*\n", text) if b.strip()):
        lines = [line for line in block.splitlines() if line.strip()]
        singles = [_one(line) for line in lines] if len(lines) > 1 and "[" not in block else []
        pieces.extend(singles if singles and all(isinstance(g, pasted.PastedGame) for g in singles) else [_one(block)])
    for n, game in enumerate(pieces, 1):
        yield _read(name, n, game)


def _one(text: str) -> pasted.PastedGame | NotationError | IllegalMoveError:
    """Returns the one game of a text, or the error that refuses it."""
    try:
        games = pasted.read(text)
    except (NotationError, IllegalMoveError) as error:
        return error
    return games[0] if games[0].moves else NotationError("no move", position=1, kind="empty")


def _wthor_games(name: str, data: bytes, players: list[str], events: list[str]) -> Iterator[Read | str]:
    """Yields the games of a ``.wtb`` file (each record checked when it is walked)."""
    year = str(wthor.year_of(data))
    for n, at, (event, black, white, discs), codes in wthor.records(data):
        try:
            moves = wthor.squares(codes, n, at)
        except wthor.WthorError as error:
            yield _refused(name, n, error)
            continue
        yield Read(moves, None, False, (wthor.name_of(players, black), wthor.name_of(players, white),
                                        wthor.name_of(events, event), year), 2 * discs - 64, (name, n, at))


def sources(files: Any) -> tuple[list[Iterator[Read | str]], int]:
    """Returns the games of each game file sent, and how many there are in all.

    :raises ValueError: with words when no file holds games or a file cannot be read
        (:func:`reversi.app.files.sent_files`).
    """
    games, names = sent_files(files)
    found, total = [], 0
    for name, data in games:
        kind = name.lower().rpartition(".")[2]
        try:
            if kind == "wtb":
                total += len(data) // wthor.GAME.size
                found.append(_wthor_games(name, data, names["jou"], names["trn"]))
                wthor.year_of(data)  # a wrong header is refused now
            else:
                text = data.decode("utf-8", errors="replace")
                if text.strip():
                    total += max(1, text.count("(;") or text.count("\n\n") + 1)
                    found.append(_text_games(name, text))
        except NotationError as error:
            raise ValueError(wording.say("file.problem", name=name, error=wording.error_text(error))) from None
    if not found:
        raise ValueError(wording.say("file.no_games"))
    return found, total


class Importing:
    """One import under way: the games still to read, and the import they go into."""

    def __init__(self, files: Any, shelf: Import) -> None:
        self.games, self.total = sources(files)
        self.shelf, self.done, self.finished = shelf, 0, False

    def step(self, seconds: float = STEP_SECONDS) -> None:
        """Reads games for about ``seconds`` (a batch of 50 at least); :attr:`finished` once
        every game is read."""
        until, shelf = time.perf_counter() + seconds, self.shelf
        batch = array("Q")
        while self.games:
            for _ in range(50):
                got = next(self.games[0], None)
                if got is None:
                    self.games.pop(0)
                    break
                self.done += 1
                if isinstance(got, str):
                    self.refuse(got)
                else:
                    batch.extend(self.checked(got))
            if time.perf_counter() >= until:
                break
        shelf.index.add(batch)
        self.finished = not self.games

    def checked(self, got: Read) -> array[int]:
        """Adds a game read to the import once its moves are checked; returns its entries in
        the positions' index (none for a game of other rules or without a result)."""
        try:
            found = walk(got.moves, got.start)
        except ReplayError as error:
            name, n, at = got.place
            square = square_name(error.code) if 0 <= error.code < 64 else str(error.code)
            why = wording.say("library.illegal", move=error.index + 1, square=square) if at is None else \
                wording.say("library.illegal_byte", move=error.index + 1, square=square, byte=at + 8 + error.index)
            self.refuse(wording.say("library.refused", name=name, n=n, error=why))
            return array("Q")
        diff = got.diff if got.diff is not None else found.black_diff
        standard = got.start is None and not got.anti
        shelf = self.shelf
        shelf.add(got.moves, got.start, got.anti, diff,
                  (*got.texts, openings.name(got.moves) if standard else ""))
        return entries(found, diff) if diff is not None and not got.anti else array("Q")

    def refuse(self, why: str) -> None:
        """Counts a game refused and keeps the first messages."""
        self.shelf.refused += 1
        if len(self.shelf.problems) < PROBLEMS:
            self.shelf.problems.append(why)
