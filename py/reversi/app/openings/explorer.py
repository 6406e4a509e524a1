"""The openings' explorer (K2): a walk through the book from a position, one ply at a time.

:class:`Explorer` keeps the walk's first position and the path from it; it lists each
book move of the position with its value, the opening it leads to and how far the book
goes below it (:mod:`reversi.engine.book_lines`), and off the book the hints' values on
request.  The openings' room calls it; what it shows and why: ``docs/openings.md``.
"""

from __future__ import annotations

from typing import Any, TypedDict

from ...engine import book_lines, openings
from ...engine.board import Board
from ...engine.book import standard_book
from ...engine.notation import format_transcript, square_name
from ...engine.variants import STANDARD
from ...game.line import Line, Start
from .. import wording

#: The hints' budget off the book, in nodes (a few hundred ms in the browser).
VALUE_NODES = 12_000


class BookMove(TypedDict):
    """One book move of the explored position: its square, value for the side to move,
    the opening it leads to (or ""), how far the book goes below it, and its words."""

    square: str
    value: int
    best: bool
    name: str
    #: The name as the table shows it: only where the move leads to another opening.
    named: str
    depth: int
    label: str
    text: str


class Explorer:
    """A walk through the book: its first position, the placements from it, and the
    values of the hints when asked for off the book."""

    def __init__(self) -> None:
        self.start: Start | None = None
        self.path: list[int] = []
        #: The placements Back took off, the next first: Forward plays them again.
        self.ahead: list[int] = []
        #: The game's rules were another variant's: the walk is in the standard game's (K2).
        self.other_rules = False
        self.values: dict[str, float] | None = None
        self.board = Board()

    def open(self, moves: list[int], start: Start | None, variant: str) -> None:
        """Starts a walk at a game's position (``moves`` from ``start``); a variant's game
        starts the walk at the standard game's opening (its book is the standard game's)."""
        self.other_rules = variant != STANDARD
        self.start, self.path = (None, []) if self.other_rules else (start, list(moves))
        self.ahead = []
        self.replay()

    def replay(self) -> None:
        """Sets the board to the path's end."""
        self.board = Line(self.path, start=self.start).board
        self.values = None

    def play(self, square: int) -> bool:
        """Plays ``square`` at the path's end; False when it is not legal there."""
        if not self.board.is_legal(square):
            return False
        self.ahead = self.ahead[1:] if self.ahead[:1] == [square] else []
        self.path.append(square)
        self.replay()
        return True

    def back(self, to: int | None = None) -> None:
        """Goes up one ply, or to ``to`` placements from the first position."""
        keep = len(self.path) - 1 if to is None else to
        if 0 <= keep < len(self.path):
            self.ahead = [*self.path[keep:], *self.ahead]
            del self.path[keep:]
            self.replay()

    def forward(self, end: bool = False) -> None:
        """Plays again the next placement Back took off (``end``: all of them)."""
        for square in self.ahead[:len(self.ahead) if end else 1]:
            self.play(square)

    def ask_values(self) -> None:
        """Values each legal move by the hints' search (off the book, K2)."""
        from ...engine.hints import score_moves

        p, o = self.board.mover_mask()
        self.values = {square_name(s): v for s, (v, _) in score_moves(p, o, max_nodes=VALUE_NODES).items()}

    def moves(self) -> list[BookMove]:
        """Returns the position's book moves, best first (K2)."""
        board, book = self.board, standard_book()
        p, o = board.mover_mask()
        known = book.move_values(p, o)
        if not known or board.legal_mask() == 0:
            return []
        best, out = max(known.values()), list[BookMove]()
        here = openings.name(self.path) if self.start is None else ""
        for square, value in sorted(known.items(), key=lambda item: (-item[1], item[0])):
            name = openings.name([*self.path, square]) if self.start is None else ""
            depth = 1 + (book_lines.height(*book_lines.child(p, o, square)) or 0)
            words = {"move": square_name(square), "value": wording.signed(value), "depth": depth}
            text = wording.say("openings.move_depth", depth, **words)
            label = wording.say("openings.move_label", depth, **words, name=name or wording.say("openings.unnamed"))
            out.append({"square": square_name(square), "value": value, "best": value == best, "name": name,
                        "named": name if name != here else "", "depth": depth, "label": label, "text": text})
        return out

    def train_line(self) -> dict[str, Any] | None:
        """Returns the trainer's choice that drills the path (K4): its moves as a move list, as
        the side to move, two plies past it (at least 12, at most 20); None past 18 plies."""
        ply = len(self.path)
        if not 0 < ply <= 18:
            return None
        depth = min(20, max(12, ply + 2 - ply % 2))
        return {"kind": "moves", "name": "", "moves": format_transcript(self.path), "depth": depth,
                "side": ("black", "white")[self.board.turn]}

    def report(self) -> dict[str, Any]:
        """Returns the explorer's part of the room's field: the position's book moves, the
        path as a transcript, the opening's name, and what it says off the book."""
        rows = self.moves()
        standard = self.start is None
        name = openings.name(self.path) if standard else ""
        note = ""
        if self.other_rules:
            note = wording.say("openings.other_rules")
        elif not rows and self.board.legal_mask():
            note = wording.say("openings.out_of_book")
        elif not rows:
            note = wording.say("openings.game_over")
        values = None
        if self.values is not None:
            values = [{"square": s, "value": round(v), "text": wording.say("openings.value", move=s,
                                                                          value=wording.signed(round(v)))}
                      for s, v in sorted(self.values.items(), key=lambda item: (-item[1], item[0]))]
        return {"moves": rows, "path": format_transcript(self.path), "ply": len(self.path), "ahead": len(self.ahead),
                "name": name,
                "note": note, "values": values, "can_value": not rows and bool(self.board.legal_mask()),
                "train_line": self.train_line() if standard else None,
                "title": name or wording.say("openings.explorer"), "start": wording.say("openings.start_position")}
