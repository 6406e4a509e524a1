"""The history saved to a file (R8): every finished game that kept its moves, as GGF
records or as one game text a line, for other programs and sites.

:func:`ggf_record` writes one game as GGF, the Generic Game Format of the Internet Othello
servers (its reader is :mod:`reversi.app.pasted`): players, date, result, the first
position and the moves, with each forced pass written ``PA`` as GGF asks.  The command
``export_games`` answers the reply field ``export``; the page saves it
(``web/panels/export.js``).  Declared in :data:`FEATURE`.
"""

from __future__ import annotations

from typing import Any, TypedDict

from ..engine.board import Board
from ..engine.notation import parse_board, parse_transcript, square_name
from ..engine.variants import ANTI, FREE, STANDARD
from ..game.line import Start
from ..game.results import Record
from . import wording
from .game_text import game_text
from .house import Command, Feature, Host

#: The file formats, and their file names' endings.
FORMATS = {"ggf": "ggf", "text": "txt"}


class Export(TypedDict):
    """A file to save: its ``text``, ``file`` name, the games in it (``count``), and what
    the page says (``said``)."""

    text: str
    file: str
    count: int
    said: str


def ggf_board(start: Start | None) -> str:
    """Returns a first position as GGF's ``BO`` value (rows a1-h1 first, ``*`` black)."""
    board = Board(*start) if start else Board()
    cells = board.cells().replace("X", "*")
    return "8 " + " ".join(cells[k:k + 8] for k in range(0, 64, 8)) + (" *" if board.turn == 0 else " O")


def ggf_record(moves: list[int], start: Start | None, variant: str, black: str, white: str, date: str) -> str:
    """Returns one game as a GGF record (its result from its final position)."""
    board = Board(*start, variant=variant) if start else Board.initial(variant)
    played = []
    for square in moves:
        mover = board.turn
        board.play(square)
        played.append(f"{'BW'[mover]}[{square_name(square)}]")
        if board.turn == mover and not board.is_game_over():
            played.append(f"{'WB'[mover]}[PA]")
    black_discs, white_discs = board.counts()
    stamp = date[:19].replace("-", ".").replace("T", "_")
    return (f"(;GM[Othello]PC[Reversi]DT[{stamp}]PB[{black}]PW[{white}]RE[{black_discs - white_discs:+d}.000]"
            f"TY[{'8a' if variant == ANTI else '8'}]BO[{ggf_board(start)}]{''.join(played)};)")


def players(record: Record) -> tuple[str, str]:
    """Returns a record's Black and White players as a file names them."""
    if record["mode"] != "computer":
        return wording.say("color.black"), wording.say("color.white")
    you, computer = wording.say("export.you"), wording.level_name(record["level"])
    return (you, computer) if record["side"] == "black" else (computer, you)


def export(records: list[Record], form: str, today: str) -> Export:
    """Returns the games of ``records`` that kept their moves, in ``form`` (ggf, text);
    GGF has no free opening: such games go only to the text."""
    lines = []
    for record in records:
        variant = record.get("variant", STANDARD)
        if "moves" not in record or (form == "ggf" and variant == FREE):
            continue
        moves = [s for s, _ in parse_transcript(record["moves"])]
        start = parse_board(record["start"]) if "start" in record else None
        if form == "ggf":
            lines.append(ggf_record(moves, start, variant, *players(record), record["date"]))
        else:
            lines.append(game_text(moves, start, variant))
    skipped = len(records) - len(lines)
    said = wording.say("export.saved", len(lines))
    if skipped:
        said = wording.say("export.skipped", skipped, saved=said)
    return {"text": "\n".join(lines) + "\n" if lines else "", "file": f"reversi-games-{today}.{FORMATS[form]}",
            "count": len(lines), "said": said}


class Exporter:
    """Answers ``export_games`` requests."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def save(self, form: Any = "ggf") -> None:
        """``export_games`` {"form": ggf | text}: the history's games (reply field ``export``)."""
        if form not in FORMATS:
            raise ValueError(f"there is no export format {form!r}")
        records = list(self.host.session.progress.history)
        self.host.extra["export"] = export(records, form, self.host.today)


FEATURE = Feature("export", Exporter, (Command("export_games", Exporter.save, "export", passive=True),))
