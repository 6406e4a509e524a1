"""The placements of one game with an undo/redo cursor.

Like Edax's play session: the game is an array of placements plus a cursor.
The game starts from the opening or from a set-up position.
Undo steps the cursor back, redo steps it forward over the same placements
(U5: the same computer replies, never a new search), and a new placement
after undo truncates the array.  Turns and passes are derived by replaying.
"""

from __future__ import annotations

from ..engine.bitboard import Bitboard, Square
from ..engine.board import Board, Color
from ..engine.variants import STANDARD

#: A position to start from: black's discs, white's discs and the side to move.
Start = tuple[Bitboard, Bitboard, Color]


class Line:
    """A game's placements (``moves``), of which the first ``cursor`` are on ``board``;
    the game starts from the opening, or from ``start`` (a set-up position, E2)."""

    def __init__(self, moves: list[Square] | None = None, cursor: int | None = None, *,
                 start: Start | None = None, variant: str = STANDARD) -> None:
        """Replays ``moves`` from the start under the rules of ``variant`` (V1);
        ``cursor`` defaults to all of them.

        :raises ValueError: if a move is illegal where it stands, or the cursor is out of range.
        """
        self.start = start
        self.variant = variant
        self.moves: list[Square] = []
        self.colors: list[Color] = []
        self.board = Board(*start, variant=variant) if start else Board.initial(variant)
        for square in moves or []:
            self.play(square)
        if cursor is not None:
            if not 0 <= cursor <= len(self.moves):
                raise ValueError(f"cursor {cursor} is outside 0..{len(self.moves)}")
            self.seek(cursor)

    @property
    def cursor(self) -> int:
        """Returns how many placements are on the board."""
        return len(self.board.steps)

    def play(self, square: Square) -> None:
        """Plays ``square`` at the cursor, discarding any redo tail (U5).

        :raises IllegalMoveError: if the placement is not legal.
        """
        color = self.board.turn
        self.board.play(square)
        del self.moves[self.cursor - 1:]
        del self.colors[self.cursor - 1:]
        self.moves.append(square)
        self.colors.append(color)

    def seek(self, cursor: int) -> None:
        """Moves the cursor to ``cursor`` (0..len(moves)) by unplaying or replaying."""
        while self.cursor > cursor:
            self.board.unplay()
        while self.cursor < cursor:
            self.board.play(self.moves[self.cursor])

    def color_of(self, index: int) -> Color:
        """Returns who made placement ``index`` (0-based)."""
        return self.colors[index]
