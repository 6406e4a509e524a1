"""The game in play: its fixed mode, side and level, its line, and who moves (C1).

Also what Undo and Redo reach (U1-U5): against the computer, Undo goes back
to the person's previous decision and Redo forward to the next one; in a local
game both step one placement.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.bitboard import Square
from ..engine.board import Board, Color
from ..engine.variants import STANDARD
from .line import Line, Start
from .settings import SIDES


@dataclass
class Game:
    """The current game: its mode, side and level (fixed for its life) and its placements."""

    mode: str = "computer"
    side: str = "black"
    level: str = "normal"
    line: Line = field(default_factory=Line)
    #: The balanced opening a game was given (its transcript from the four-disc start;
    #: the line starts at its end, like a set-up game), "" for none.
    balanced_line: str = ""

    @property
    def board(self) -> Board:
        """Returns the position at the line's cursor."""
        return self.line.board

    @property
    def variant(self) -> str:
        """Returns the game's variant (V1): its rules, fixed for its life."""
        return self.line.variant

    @property
    def opening(self) -> str:
        """Returns how the game started, as the opening setting names it: "balanced" or
        "standard"."""
        return "balanced" if self.balanced_line else "standard"

    @property
    def set_up(self) -> bool:
        """Checks if the game began from a set-up position (E2) instead of the opening."""
        return self.line.start is not None

    @property
    def human(self) -> Color | None:
        """Returns the human's colour in a computer game, None in a local game."""
        return SIDES.index(self.side) if self.mode == "computer" else None

    def is_human(self, color: Color) -> bool:
        """Checks if ``color`` is played by a person (both are in a local game)."""
        return self.mode == "local" or color == self.human

    def has_human_placement(self) -> bool:
        """Checks if a person has placed a disc in this game (undone ones included)."""
        line = self.line
        return any(self.is_human(line.color_of(i)) for i in range(len(line.moves)))

    def undo_target(self) -> int | None:
        """Returns the cursor Undo goes back to, or None when Undo is unavailable (U1-U4)."""
        line = self.line
        if self.mode == "local":
            return line.cursor - 1 if line.cursor else None
        for index in range(line.cursor - 1, -1, -1):
            if line.color_of(index) == self.human:
                return index
        return None  # U3: nothing of the human's to take back

    def redo_target(self) -> int | None:
        """Returns the cursor Redo goes forward to, or None when nothing was undone (U5).

        Against the computer it replays the human's placement and every computer
        reply that followed it, up to the human's next decision.
        """
        line = self.line
        if line.cursor == len(line.moves):
            return None
        if self.mode == "local":
            return line.cursor + 1
        target = line.cursor + 1
        while target < len(line.moves) and line.color_of(target) != self.human:
            target += 1
        return target

    def reached_by(self, moves: list[Square], start: Start | None = None, variant: str = STANDARD) -> bool:
        """Checks if ``moves``, played from ``start`` (None: the opening) under ``variant``,
        are part of this game up to its cursor or pass through its current position."""
        line = self.line
        if variant != line.variant:
            return False
        if start == line.start and moves == line.moves[:line.cursor][:len(moves)]:
            return True
        board, here = Line(start=start, variant=variant).board, self.board
        for square in moves:
            board.play(square)
            if (board.black, board.white, board.turn) == (here.black, here.white, here.turn):
                return True
        return False
