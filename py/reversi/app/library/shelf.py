"""One import of the library (R10): its games as fixed records, the names they use, and
its share of the positions' index (:mod:`.positions`), stored as one record of the
browser's database for large data (IndexedDB) and read back whole.

A game is 72 bytes: Black's, White's, the event's, the date's and the opening's numbers in
the import's names; Black's final disc difference (:data:`UNKNOWN` when no result is
known); flags (deleted, anti-reversi, a first position of its own, kept in ``starts``);
and its moves, each square + 1, 0 after the last.  The room (:mod:`.room`) and the
import (:mod:`.importing`) call it.
"""

from __future__ import annotations

import json
import struct
from dataclasses import dataclass, field
from typing import NamedTuple

from ...game.line import Start
from .positions import Index

GAME = struct.Struct("<HHHHHbB60s")
#: Black's disc difference when the game's result is not known.
UNKNOWN = 127
DELETED, ANTI, STARTS = 1, 2, 4
_MAGIC = b"RVL1"
_SIZE = struct.Struct("<I")


class Game(NamedTuple):
    """One game of an import, as the search and the review read it."""

    number: int
    black: str
    white: str
    event: str
    date: str
    opening: str
    diff: int | None
    moves: list[int]
    start: Start | None
    anti: bool


@dataclass
class Import:
    """The games of one import (a file or files added together, or a pasted text)."""

    key: str
    title: str
    added: str
    names: list[str] = field(default_factory=lambda: [""])
    records: bytearray = field(default_factory=bytearray)
    starts: dict[int, Start] = field(default_factory=dict)
    index: Index = field(default_factory=Index)
    #: The games the import refused, and the first messages that say why.
    refused: int = 0
    problems: list[str] = field(default_factory=list)
    #: How many of its games were deleted.
    removed: int = 0
    _numbers: dict[str, int] = field(default_factory=dict)
    _columns: tuple[tuple[int, int], tuple[list[int], ...]] | None = None

    def __post_init__(self) -> None:
        self._numbers = {name: k for k, name in enumerate(self.names)}

    def __len__(self) -> int:
        return len(self.records) // GAME.size

    def name(self, text: str) -> int:
        """Returns the number of a name in the import's names (added if new; "" once they
        fill their two bytes)."""
        text = text[:60]
        if text not in self._numbers and len(self.names) < 0xFFFF:
            self._numbers[text] = len(self.names)
            self.names.append(text)
        return self._numbers.get(text, 0)

    def add(self, moves: list[int], start: Start | None, anti: bool, diff: int | None,
            texts: tuple[str, str, str, str, str]) -> None:
        """Adds a game: ``texts`` are Black, White, the event, the date and the opening."""
        numbers = [self.name(text) for text in texts]
        flags = (ANTI if anti else 0) | (STARTS if start else 0)
        if start:
            self.starts[len(self)] = start
        self.records += GAME.pack(*numbers, UNKNOWN if diff is None else max(-64, min(64, diff)), flags,
                                  bytes(s + 1 for s in moves[:60]))

    def game(self, number: int) -> Game:
        """Returns game ``number`` (0-based)."""
        black, white, event, date, opening, diff, flags, codes = GAME.unpack_from(self.records, number * GAME.size)
        names = self.names
        return Game(number, names[black], names[white], names[event], names[date], names[opening],
                    None if diff == UNKNOWN else diff, [c - 1 for c in codes.rstrip(b"\0")],
                    self.starts.get(number), bool(flags & ANTI))

    def columns(self) -> tuple[list[int], ...]:
        """Returns each field of the games, one list a field: Black, White, the event, the
        date, the opening (numbers in :attr:`names`), Black's disc difference, the flags
        (read once, again after the games change: the search's columns)."""
        key = (len(self.records), self.removed)
        if self._columns is None or self._columns[0] != key:
            whole = memoryview(self.records)
            halves = whole.cast("H")
            fields = [halves[k::GAME.size // 2].tolist() for k in range(5)]
            fields += [whole.cast("b")[10::GAME.size].tolist(), whole[11::GAME.size].tolist()]
            self._columns = (key, tuple(fields))
        return self._columns[1]

    def deleted(self, number: int) -> bool:
        """Checks if game ``number`` was deleted."""
        return bool(self.records[number * GAME.size + 11] & DELETED)

    def delete(self, number: int) -> None:
        """Marks game ``number`` deleted (its record stays, so the numbers stay)."""
        if not self.deleted(number):
            self.records[number * GAME.size + 11] |= DELETED
            self.removed += 1

    def kept(self) -> int:
        """Returns the number of games not deleted."""
        return len(self) - self.removed

    def to_bytes(self) -> bytes:
        """Returns the import as stored."""
        about = json.dumps({"key": self.key, "title": self.title, "added": self.added, "names": self.names,
                            "starts": {str(k): list(v) for k, v in self.starts.items()},
                            "refused": self.refused, "problems": self.problems}).encode()
        return b"".join((_MAGIC, _SIZE.pack(len(about)), about, _SIZE.pack(len(self.records)), self.records,
                         self.index.to_bytes()))

    @classmethod
    def from_bytes(cls, data: bytes) -> Import:
        """Reads a stored import.

        :raises ValueError: when the bytes are not one.
        """
        try:
            if data[:4] != _MAGIC:
                raise ValueError("not an import of the library")
            (size,) = _SIZE.unpack_from(data, 4)
            about = json.loads(data[8:8 + size])
            at = 8 + size
            (length,) = _SIZE.unpack_from(data, at)
            records = bytearray(data[at + 4:at + 4 + length])
            if len(records) != length or length % GAME.size:
                raise ValueError("an import cut short")
            starts = {int(k): (int(v[0]), int(v[1]), int(v[2])) for k, v in about["starts"].items()}
            shelf = cls(str(about["key"]), str(about["title"]), str(about["added"]), [str(n) for n in about["names"]],
                        records, starts, Index.from_bytes(bytes(data[at + 4 + length:])), int(about["refused"]),
                        [str(p) for p in about["problems"]])
            shelf.removed = sum(flags & DELETED for flags in records[11::GAME.size])
            return shelf
        except (KeyError, TypeError, IndexError, struct.error, json.JSONDecodeError, UnicodeDecodeError) as error:
            raise ValueError(f"a damaged import of the library: {error}") from None
