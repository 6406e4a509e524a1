"""The French federation's WTHOR database files (R9): games (``.wtb``), players (``.JOU``)
and tournaments (``.TRN``), read and written.

A file is a 16-byte header (the date it was made; the number of records, 4 bytes little
endian; for names, their number, 2 bytes; the games' year, 2 bytes; board size, kind,
depth, one byte each; one reserved) then fixed records: a game is 68 bytes (tournament,
Black and White player numbers, 2 bytes each; Black's discs; Black's theoretical score;
60 moves, each ``10 × row + column`` from 11 = a1, 0 after the last), a player's name 20
bytes and a tournament's 26 (Latin-1, zero-padded).  Reading checks every move; an error
names the game and the byte where it went wrong.  The review's file import and
``bench/wthor.py`` call it; the format as followed: ``docs/features.md`` (Importing games).
"""

from __future__ import annotations

import struct
from collections.abc import Iterator, Sequence

from ..engine.board import Board
from ..engine.notation import NotationError, square_name
from .pasted import PastedGame

HEADER = struct.Struct("<BBBBIHHBBBB")
GAME = struct.Struct("<HHHBB60s")
#: A name's record size by file kind.
NAME_SIZES = {"jou": 20, "trn": 26}


class WthorError(NotationError):
    """A WTHOR file that cannot be read: ``kind`` ("wthor_header", "wthor_size",
    "wthor_move", "wthor_illegal"), ``position`` (the 0-based byte) and in ``detail`` the
    ``game`` (1-based, 0 for the header) and what the message names."""

    def __init__(self, message: str, *, game: int, position: int, kind: str, **detail: object) -> None:
        super().__init__(message, position=position, kind=kind, game=game, **detail)


def _header(data: bytes, size: int) -> tuple[int, int, int]:
    """Returns a file's number of records, number of names and the games' year, after
    checking that its size holds that many records of ``size`` bytes."""
    if len(data) < HEADER.size:
        raise WthorError("shorter than a WTHOR header (16 bytes)", game=0, position=0, kind="wthor_header")
    _, _, _, _, count, names, year, board, _, _, _ = HEADER.unpack_from(data)
    records = names if size in NAME_SIZES.values() and count == 0 else count
    if board not in (0, 8):
        raise WthorError(f"a board of size {board}, not 8×8", game=0, position=12, kind="wthor_header")
    if len(data) < HEADER.size + records * size:
        whole = (len(data) - HEADER.size) // size
        raise WthorError(f"record {whole + 1} of {records} is cut short", game=whole + 1,
                         position=HEADER.size + whole * size, kind="wthor_size", games=records)
    return records, names, year


def read_names(data: bytes, kind: str) -> list[str]:
    """Returns the names of a players' (``jou``) or tournaments' (``trn``) file, by number."""
    size = NAME_SIZES[kind]
    records, _, _ = _header(data, size)
    start = HEADER.size
    return [data[start + k * size:start + (k + 1) * size].split(b"\0")[0].decode("latin-1").strip()
            for k in range(records)]


def records(data: bytes) -> Iterator[tuple[int, int, tuple[int, int, int, int], bytes]]:
    """Yields each game record of a ``.wtb`` file: its number (1-based), its first byte,
    (tournament, Black's and White's player numbers, Black's discs) and its 60 move codes.

    :raises WthorError: for a wrong header or a file cut short.
    """
    count, _, _ = _header(data, GAME.size)
    for n in range(count):
        at = HEADER.size + n * GAME.size
        tournament, black, white, discs, _, moves = GAME.unpack_from(data, at)
        yield n + 1, at, (tournament, black, white, discs), moves


def squares(codes: bytes, game: int, at: int) -> list[int]:
    """Returns a record's moves as squares, up to the first 0.

    :raises WthorError: naming the byte of a code that is not a square.
    """
    out = []
    for k, code in enumerate(codes):
        if code == 0:
            break
        row, column = divmod(code, 10)
        if not (1 <= row <= 8 and 1 <= column <= 8):
            where = at + 8 + k
            raise WthorError(f"game {game}, byte {where}: {code} is not a move", game=game, position=where,
                             kind="wthor_move", code=code)
        out.append((row - 1) * 8 + column - 1)
    return out


def year_of(data: bytes) -> int:
    """Returns the games' year a ``.wtb`` file's header states."""
    return _header(data, GAME.size)[2]


def read_games(data: bytes, players: Sequence[str] = (), tournaments: Sequence[str] = ()) -> list[PastedGame]:
    """Returns the games of a ``.wtb`` file (``date``: the year; ``result``: Black's discs),
    named from its players' and tournaments' files when given.

    :raises WthorError: naming the game and the byte of the first thing wrong (a code that
        is not a square anywhere in a record comes before its moves are played).
    """
    year = year_of(data)
    games = []
    for n, at, (tournament, black, white, discs), codes in records(data):
        board = Board()
        for k, square in enumerate(squares(codes, n, at)):
            if not board.is_legal(square):
                raise WthorError(f"game {n}, byte {at + 8 + k}: move {k + 1} cannot be played", game=n,
                                 position=at + 8 + k, kind="wthor_illegal", move=k + 1, square=square_name(square))
            board.play(square)
        games.append(PastedGame(board.placements(), None, "standard", name_of(players, black), name_of(players, white),
                                str(year), str(discs), name_of(tournaments, tournament)))
    return games


def name_of(names: Sequence[str], number: int) -> str:
    """Returns the name of ``number`` in a names file ("" past its end or without one)."""
    return names[number] if number < len(names) else ""


def write_games(games: Sequence[tuple[list[int], int, int, int]], year: int, made: tuple[int, int, int]) -> bytes:
    """Returns a ``.wtb`` file of ``games``, each (moves from the standard start, Black's
    player number, White's, the tournament's number); ``made``: (year, month, day)."""
    out = [HEADER.pack(made[0] // 100, made[0] % 100, made[1], made[2], len(games), 0, year, 8, 0, 0, 0)]
    for moves, black, white, tournament in games:
        board = Board()
        for square in moves:
            board.play(square)
        codes = bytes(10 * (s // 8 + 1) + s % 8 + 1 for s in moves).ljust(60, b"\0")
        out.append(GAME.pack(tournament, black, white, board.counts()[0], board.counts()[0], codes))
    return b"".join(out)


def write_names(names: Sequence[str], kind: str, made: tuple[int, int, int]) -> bytes:
    """Returns a players' (``jou``) or tournaments' (``trn``) file of ``names``."""
    size = NAME_SIZES[kind]
    head = HEADER.pack(made[0] // 100, made[0] % 100, made[1], made[2], 0, len(names), 0, 0, 0, 0, 0)
    return head + b"".join(name.encode("latin-1", "replace")[:size - 1].ljust(size, b"\0") for name in names)
