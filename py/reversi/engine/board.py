"""The game position: two bitboards, the side to move, and a history to unplay.

:class:`Board` follows the rules R2-R5 of the contract: Black moves first from the
four-disc opening, a placement must flip, a side without a legal move passes
automatically, and the game ends when neither side can move.  A board also
knows its variant (V1, :mod:`.variants`): who wins, and the free
opening's first four placements.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from . import variants
from .bitboard import Bitboard, Square, flips_mask, moves_mask, squares
from .notation import IllegalMoveError, parse_transcript, square_name
from .variants import OPENING_BLACK, OPENING_WHITE, STANDARD

Color = int
BLACK: Color = 0
WHITE: Color = 1
COLOR_NAMES = ("black", "white")

class Outcome(NamedTuple):
    """How a finished game ended (R5): real disc counts, never adjusted, and the
    variant whose rule names the winner (V1)."""

    black: int
    white: int
    variant: str = STANDARD

    @property
    def winner(self) -> Color | None:
        """Returns the winning colour (more discs, fewer in anti-reversi), or None for a draw."""
        return variants.winner(self.black, self.white, self.variant)


@dataclass(frozen=True)
class Step:
    """One placement as played: who, where, what it flipped, and whether the
    next side then had to pass (its turn skipped back to the mover)."""

    color: Color
    square: Square
    flips: Bitboard
    caused_pass: bool


class Board:
    """A Reversi position that plays and unplays placements.

    ``black`` and ``white`` are bitboards; ``turn`` is the side to move.
    Passes are automatic: after a placement, if the opponent has no legal move
    but the mover has, the turn stays with the mover (``Step.caused_pass``).
    """

    def __init__(self, black: Bitboard = OPENING_BLACK, white: Bitboard = OPENING_WHITE,
                 turn: Color = BLACK, *, variant: str = STANDARD) -> None:
        self.black = black
        self.white = white
        self.turn = turn
        self.variant = variant
        self.steps: list[Step] = []
        if not self.legal_mask() and not self.is_game_over():
            self.turn ^= 1

    # -- reading ---------------------------------------------------------
    def discs(self, color: Color) -> Bitboard:
        """Returns the bitboard of ``color``'s discs."""
        return self.white if color else self.black

    def mover_mask(self) -> tuple[Bitboard, Bitboard]:
        """Returns ``(p, o)``: the discs of the side to move and of its opponent."""
        return (self.white, self.black) if self.turn else (self.black, self.white)

    @classmethod
    def initial(cls, variant: str = STANDARD) -> Board:
        """Returns the first position of a game of ``variant`` (R2, V1)."""
        black, white = variants.initial(variants.check(variant))
        return cls(black, white, BLACK, variant=variant)

    def opening_squares(self) -> Bitboard | None:
        """Returns the free opening's allowed squares while it lasts, else None (V1)."""
        return variants.opening_squares(self.variant, self.black, self.white)

    def legal_mask(self) -> Bitboard:
        """Returns the legal placements of the side to move (empty when the game is over)."""
        centre = self.opening_squares()
        if centre is not None:
            return centre
        p, o = self.mover_mask()
        return moves_mask(p, o)

    def legal_moves(self) -> list[Square]:
        """Returns the legal placements of the side to move, lowest square first."""
        return list(squares(self.legal_mask()))

    def is_legal(self, square: Square) -> bool:
        """Checks if ``square`` is a legal placement for the side to move."""
        return 0 <= square < 64 and bool(self.legal_mask() >> square & 1)

    def is_game_over(self) -> bool:
        """Checks if neither side can move (R5; never during the free opening)."""
        if self.opening_squares() is not None:
            return False
        return not moves_mask(self.black, self.white) and not moves_mask(self.white, self.black)

    def counts(self) -> tuple[int, int]:
        """Returns the disc counts ``(black, white)``."""
        return self.black.bit_count(), self.white.bit_count()

    def outcome(self) -> Outcome | None:
        """Returns the final counts if the game is over, else None (A5)."""
        return Outcome(*self.counts(), self.variant) if self.is_game_over() else None

    def color_at(self, square: Square) -> Color | None:
        """Returns the colour of the disc on ``square``, or None if it is empty."""
        if self.black >> square & 1:
            return BLACK
        if self.white >> square & 1:
            return WHITE
        return None

    def placements(self) -> list[Square]:
        """Returns the squares played so far, in order."""
        return [step.square for step in self.steps]

    def cells(self) -> str:
        """Returns 64 characters a1..h8: ``X`` black, ``O`` white, ``-`` empty."""
        return "".join("X" if self.black >> s & 1 else "O" if self.white >> s & 1 else "-"
                       for s in range(64))

    def copy(self) -> Board:
        """Returns an independent copy with the same history."""
        other = Board.__new__(Board)
        other.black, other.white, other.turn, other.variant = self.black, self.white, self.turn, self.variant
        other.steps = list(self.steps)
        return other

    def __iter__(self) -> Iterator[Square]:
        return iter(self.legal_moves())

    def __repr__(self) -> str:
        variant = f", variant={self.variant!r}" if self.variant != STANDARD else ""
        return f"Board(black={self.black:#x}, white={self.white:#x}, turn={COLOR_NAMES[self.turn]}{variant})"

    # -- playing ---------------------------------------------------------
    def play(self, square: Square) -> Step:
        """Places a disc for the side to move on ``square`` and returns the step.

        :raises IllegalMoveError: if the placement is not legal (nothing changes).
        """
        p, o = self.mover_mask()
        centre = self.opening_squares()
        if centre is not None:  # the free opening: a centre square, nothing flips (V1)
            flips, legal = 0, bool(0 <= square < 64 and centre >> square & 1)
        else:
            flips = flips_mask(p, o, square) if 0 <= square < 64 and not (p | o) >> square & 1 else 0
            legal = bool(flips)
        if not legal:
            raise IllegalMoveError(
                f"{square_name(square) if 0 <= square < 64 else square} is not a legal move "
                f"for {COLOR_NAMES[self.turn]}", square=square, color=self.turn)
        p |= flips | (1 << square)
        o ^= flips
        mover = self.turn
        if mover:
            self.white, self.black = p, o
        else:
            self.black, self.white = p, o
        opening = self.opening_squares() is not None
        caused_pass = not opening and not moves_mask(o, p) and bool(moves_mask(p, o))
        self.turn = mover if caused_pass else mover ^ 1
        step = Step(mover, square, flips, caused_pass)
        self.steps.append(step)
        return step

    def unplay(self) -> Step:
        """Takes back the last placement (and the pass it caused) and returns it.

        :raises IndexError: if nothing has been played.
        """
        step = self.steps.pop()
        placed = (1 << step.square) | step.flips
        if step.color:
            self.white ^= placed
            self.black |= step.flips
        else:
            self.black ^= placed
            self.white |= step.flips
        self.turn = step.color
        return step

    @classmethod
    def replay(cls, transcript: str, variant: str = STANDARD) -> Board:
        """Returns the board after playing ``transcript`` from the opening of ``variant``
        (R6, V1).

        :raises NotationError: for text that is not a list of squares.
        :raises IllegalMoveError: naming the first illegal placement, its number and
            its character position.
        """
        board = cls.initial(variant)
        board.play_transcript(transcript)
        return board

    def play_transcript(self, transcript: str) -> None:
        """Plays every placement of ``transcript`` from this position (R6).

        :raises NotationError: for text that is not a list of squares (nothing is played).
        :raises IllegalMoveError: naming the first illegal placement, its number and
            its character position (the placements before it stay played).
        """
        for index, (square, position) in enumerate(parse_transcript(transcript), 1):
            if not self.is_legal(square):
                why = "the game is over" if self.is_game_over() else \
                    f"it is not legal for {COLOR_NAMES[self.turn]}"
                raise IllegalMoveError(
                    f"move {index} at character {position}: {square_name(square)} "
                    f"cannot be played: {why}", square=square, index=index, position=position,
                    over=self.is_game_over(), color=self.turn)
            self.play(square)
