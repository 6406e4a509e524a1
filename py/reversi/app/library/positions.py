"""What people played (R13): for each position of a library's games, each next move's
games, wins, draws and losses, and mean final disc difference, for the side to move.

A game's first :data:`DEPTH` positions are counted through transpositions and the board's
eight symmetries.  A position's key is a Zobrist hash kept in eight 64-bit lanes of one
int, lane ``g`` hashing the position's image under symmetry ``g``
(:func:`reversi.engine.patterns.symmetric`); the smallest lane names the canonical image,
and a move is stored as its smallest image in that frame among the symmetries that give
it (so a self-symmetric position's equivalent moves are one row).  An entry is one 64-bit
int, ``key48 << 16 | canonical move << 8 | disc difference + 64``; an :class:`Index` keeps
them as sorted runs of ``array('Q')``, and :func:`table` reads a position's rows from them.
"""

from __future__ import annotations

import random
import struct
import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ...engine.bitboard import flips_mask, moves_mask
from ...engine.patterns import symmetric
from ...engine.variants import OPENING_BLACK, OPENING_WHITE

#: Plies whose positions are indexed, from a game's first.
DEPTH = 30

#: Square -> its image, per symmetry 0-7, and the inverse maps.
_SYM: tuple[tuple[int, ...], ...] = tuple(symmetric(range(64), g) for g in range(8))
_INV: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(range(64), key=sym.__getitem__)) for sym in _SYM)
_LANES = tuple(range(8))


def _zobrist() -> tuple[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...], int]:
    """Returns the eight-lane keys: per colour and square, the flip per square, the side's."""
    rng = random.Random(0x52_31_32)  # fixed: stored indexes depend on it
    z = [[rng.getrandbits(64) for _ in range(64)] for _ in range(2)]
    side = rng.getrandbits(64)
    t = tuple(tuple(sum(z[c][_SYM[g][q]] << 64 * g for g in _LANES) for q in range(64)) for c in (0, 1))
    return (t[0], t[1]), tuple(a ^ b for a, b in zip(*t)), sum(side << 64 * g for g in _LANES)


_T, _F, _SIDE = _zobrist()
_unpack = struct.Struct("<8Q").unpack
_KEY = ~0xFFFF  # the key48 << 16 part of a lane or an entry
_GROUP = ~0xFF  # an entry's key and move


def _hash(black: int, white: int, turn: int) -> int:
    """Returns the eight-lane hash of a position."""
    h = _SIDE if turn else 0
    for c, discs in ((0, black), (1, white)):
        t = _T[c]
        while discs:
            low = discs & -discs
            h ^= t[low.bit_length() - 1]
            discs ^= low
    return h


class ReplayError(Exception):
    """A game record's first bad move: its 0-based ``index``, its ``code``, and its ``kind``:
    ``"move"`` (not a square 0-63) or ``"illegal"``."""

    def __init__(self, index: int, code: int, kind: str) -> None:
        what = "not a square" if kind == "move" else "not a legal move"
        super().__init__(f"move {index + 1}: {code!r} is {what}")
        self.index = index
        self.code = code
        self.kind = kind


class Walk(NamedTuple):
    """A game as :func:`walk` played it."""

    #: Per indexed ply: ``key48 << 16 | canonical move << 8 | mover`` (0 Black, 1 White).
    positions: list[int]
    #: Black's final disc difference (R5: empty squares go to nobody); None if not over.
    black_diff: int | None
    #: The number of moves played.
    moves: int


def walk(moves: Sequence[int], start: tuple[int, int, int] | None = None, depth: int = DEPTH) -> Walk:
    """Plays ``moves`` from the standard start or ``start`` (black, white, turn).

    A move is the side to move's if legal for it, else the other side's if the side to
    move has no legal move at all (a pass).

    :raises ReplayError: at the first move that is neither.
    """
    black, white, turn = (OPENING_BLACK, OPENING_WHITE, 0) if start is None else start
    p, o = (white, black) if turn else (black, white)
    h = _hash(black, white, turn)
    positions: list[int] = []
    append = positions.append
    T, F, side, sym, unpack, key_mask = _T, _F, _SIDE, _SYM, _unpack, _KEY
    lanes_all = _LANES
    flips_of, moves_of = flips_mask, moves_mask
    k = -1
    for k, sq in enumerate(moves):
        if type(sq) is not int or not 0 <= sq < 64:
            raise ReplayError(k, sq, "move")
        if (p | o) >> sq & 1:
            raise ReplayError(k, sq, "illegal")
        flips = flips_of(p, o, sq)
        if not flips:
            if moves_of(p, o):
                raise ReplayError(k, sq, "illegal")
            p, o = o, p
            turn ^= 1
            h ^= side
            flips = flips_of(p, o, sq)
            if not flips:
                raise ReplayError(k, sq, "illegal")
        if k < depth:
            lanes = unpack(h.to_bytes(64, "little"))
            least = min(lanes)
            if lanes.count(least) == 1:
                move = sym[lanes.index(least)][sq]
            else:
                move = min(sym[g][sq] for g in lanes_all if lanes[g] == least)
            append(least & key_mask | move << 8 | turn)
            h ^= T[turn][sq] ^ side
            f = flips
            while f:
                low = f & -f
                h ^= F[low.bit_length() - 1]
                f ^= low
        p, o = o ^ flips, p | flips | 1 << sq
        turn ^= 1
    black_diff = None
    if not moves_of(p, o) and not moves_of(o, p):
        diff = p.bit_count() - o.bit_count()  # the real count: empty squares go to nobody (R5)
        black_diff = -diff if turn else diff
    return Walk(positions, black_diff, k + 1)


def entries(walked: Walk, black_diff: int) -> array:
    """Returns a walked game's entries (``array('Q')``) for Black's final disc difference
    ``black_diff`` (clamped to -64..64), one per indexed ply."""
    black = max(-64, min(64, black_diff)) + 64
    white = 128 - black
    return array("Q", [x & _GROUP | (white if x & 1 else black) for x in walked.positions])


class Index:
    """Entries as sorted runs (``array('Q')`` each): cheap to add to (a run per batch), to
    remove from and to store."""

    _MAGIC = b"RPX1"
    _HEAD = struct.Struct("<4sII")  # magic, number of runs, CRC-32 of the entries' bytes

    def __init__(self) -> None:
        #: The runs, each sorted and not empty.
        self.runs: list[array] = []

    def __len__(self) -> int:
        return sum(len(run) for run in self.runs)

    def add(self, batch: array) -> None:
        """Adds ``batch``'s entries as a new run (nothing if it is empty)."""
        if len(batch):
            self.runs.append(array("Q", sorted(batch)))

    def remove(self, batch: array) -> None:
        """Removes one occurrence of each of ``batch``'s entries (those absent are ignored):
        a game's, when it is deleted."""
        for entry in batch:
            for run in self.runs:
                at = bisect_left(run, entry)
                if at < len(run) and run[at] == entry:
                    del run[at]
                    break
        self.runs = [run for run in self.runs if len(run)]

    def to_bytes(self) -> bytes:
        """Returns the index as stored: a header (the runs' lengths), then the entries, little endian."""
        body = array("Q")
        for run in self.runs:
            body += run
        if sys.byteorder == "big":
            body.byteswap()
        data = body.tobytes()
        lengths = struct.pack(f"<{len(self.runs)}Q", *(len(run) for run in self.runs))
        return self._HEAD.pack(self._MAGIC, len(self.runs), zlib.crc32(data)) + lengths + data

    @classmethod
    def from_bytes(cls, data: bytes) -> Index:
        """Reads a stored index.

        :raises ValueError: when ``data`` is not one (a wrong header, length or checksum).
        """
        head = cls._HEAD.size
        if len(data) < head:
            raise ValueError("an index of positions cut short")
        magic, count, crc = cls._HEAD.unpack_from(data)
        if magic != cls._MAGIC or len(data) < head + 8 * count:
            raise ValueError("not an index of positions")
        lengths = struct.unpack_from(f"<{count}Q", data, head)
        at = head + 8 * count
        if len(data) - at != 8 * sum(lengths) or zlib.crc32(data[at:]) != crc:
            raise ValueError("a damaged index of positions")
        body = array("Q")
        body.frombytes(data[at:])
        if sys.byteorder == "big":
            body.byteswap()
        index = cls()
        start = 0
        for length in lengths:
            if length:
                index.runs.append(body[start:start + length])
            start += length
        return index


class Row(NamedTuple):
    """A move of a position's table: its games and their results, for the side to move."""

    #: The square, in the queried board's own frame.
    move: int
    games: int
    wins: int
    draws: int
    losses: int
    #: The mean final disc difference.
    mean: float


def table(indexes: Iterable[Index], black: int, white: int, turn: int) -> list[Row]:
    """Returns the moves played at a position (the side to move passing first if it must),
    most games first, then by square."""
    p, o = (white, black) if turn else (black, white)
    if not moves_mask(p, o):
        turn ^= 1
    lanes = _unpack(_hash(black, white, turn).to_bytes(64, "little"))
    least = min(lanes)
    key = least & _KEY
    back = _INV[lanes.index(least)]
    found: dict[int, list[int]] = {}
    for index in indexes:
        for run in index.runs:
            lo = bisect_left(run, key)
            hi = bisect_left(run, key + 0x10000, lo)
            while lo < hi:
                group = run[lo] & _GROUP
                end = bisect_left(run, group + 0x100, lo, hi)
                draws = bisect_left(run, group | 64, lo, end)
                wins = bisect_left(run, group | 65, draws, end)
                n = end - lo
                counts = found.setdefault(group >> 8 & 0xFF, [0, 0, 0, 0, 0])
                counts[0] += n
                counts[1] += end - wins
                counts[2] += wins - draws
                counts[3] += draws - lo
                counts[4] += sum(run[lo:end]) - n * (group + 64)
                lo = end
    rows = [Row(back[move], n, w, d, lost, total / n) for move, (n, w, d, lost, total) in found.items() if move < 64]
    rows.sort(key=lambda row: (-row.games, row.move))
    return rows
