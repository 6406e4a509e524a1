"""Hint mode (H1-H3): the expected final disc difference of every legal move of
the position in play, worked out in steps so the page shows progress.

The first step gives quick estimates; the second the strongest values its time
allows, or, from :data:`EXACT_EMPTIES` empty squares, the solver's exact values
however long they take (2.2 s at the 90th percentile in the browser there, 2.5 s
at most: ``bench/hint_times.py``).  Each
step is one request, interrupted by any move, Undo, New or hiding (the page
cancels it); values always belong to one position and are dropped when the
position changes.

In a position of the opening book (K1) the book's values come at once,
marked as the book's: when the book has every legal move, there is no search
at all; otherwise the other moves are searched as usual, and a book value
gives way only to an exact one.
"""

from __future__ import annotations

from typing import TypedDict

from ..engine.bitboard import moves_mask
from ..engine.board import Board
from ..engine.budget import Deadline
from ..engine.notation import square_name
from ..engine.valuing import VALUING
from ..engine.variants import ANTI
from ..game.session import Session
from . import wording
from .house import Command, Feature, Host

#: Seconds of each step: quick estimates, then the full values.
STEP_SECONDS = (0.25, 1.5)
#: Empty squares from which the second step solves every move exactly (H1).
EXACT_EMPTIES = VALUING["hints"].exact_empties


class Hints:
    """The hint values of one position, refined step by step."""

    def __init__(self) -> None:
        self.position: tuple[int, int, int] | None = None
        self.steps = 0
        self.values: dict[int, tuple[float, bool]] = {}
        #: The squares whose value is the opening book's.
        self.book: set[int] = set()

    def _for(self, board: Board) -> bool:
        """Checks if the values are those of ``board``'s position."""
        return self.position == (board.black, board.white, board.turn)

    def due(self, board: Board) -> bool:
        """Checks if a step remains to be worked out for ``board``."""
        return not self._for(board) or self.steps < len(STEP_SECONDS)

    def step(self, board: Board) -> None:
        """Works out the next step for ``board`` (the first one if its position is new)."""
        from ..engine.hints import score_moves

        p, o = board.mover_mask()
        if not self._for(board):
            self.position, self.steps = (board.black, board.white, board.turn), 0
            self.values = self._from_book(board, p, o)
            self.book = set(self.values)
            if self.book and self.book == set(board.legal_moves()):
                self.steps = len(STEP_SECONDS)
                return
        if self.steps >= len(STEP_SECONDS):
            return
        solve = self.steps > 0 and 64 - (board.black | board.white).bit_count() <= EXACT_EMPTIES
        deadline = Deadline(None if solve else STEP_SECONDS[self.steps])
        values = score_moves(p, o, deadline=deadline, exact_empties=EXACT_EMPTIES if solve else 0,
                             variant=board.variant)
        for square, value in values.items():
            if value[1] or not (square in self.book or self.values.get(square, (0.0, False))[1]):
                self.values[square] = value  # an exact value stays, a book value gives way to one
                self.book.discard(square)
        self.steps += 1

    @staticmethod
    def _from_book(board: Board, p: int, o: int) -> dict[int, tuple[float, bool]]:
        """Returns the opening book's value of each of ``board``'s moves that it holds
        (none outside the standard rules: the free opening's placements included)."""
        if board.variant == ANTI or board.legal_mask() != moves_mask(p, o):
            return {}
        from ..engine.book import standard_book

        return {s: (float(v), False) for s, v in standard_book().move_values(p, o).items()}

    def report(self, board: Board) -> HintReport | None:
        """Returns the hints of ``board`` (:class:`HintReport`), or None when there are none yet."""
        if not self._for(board) or not self.values:
            return None
        top = max(round(v) for v, _ in self.values.values())
        values = {square_name(s): HintValue(value=v, text=wording.signed(v), exact=exact, best=round(v) == top,
                                            book=s in self.book)
                  for s, (v, exact) in self.values.items()}
        final = self.steps >= len(STEP_SECONDS)
        return {"values": values, "done": self.steps, "total": len(STEP_SECONDS), "final": final,
                "text": wording.hint_progress(final, all(e for _, e in self.values.values()),
                                              book=bool(self.book))}


class HintValue(TypedDict):
    """One square's hint: its value, in words, whether exact, the best, the book's."""

    value: float
    text: str
    exact: bool
    best: bool
    book: bool


class HintReport(TypedDict):
    """The hints of the position in play (H1): by square name, the steps done of
    ``total``, whether ``final``, and the progress in words."""

    values: dict[str, HintValue]
    done: int
    total: int
    final: bool
    text: str


class HintFields(TypedDict):
    """Hint mode's reply fields: ``hints`` (None while none show) and ``hints_due`` (the
    page asks for ``hint_step`` while true, H3)."""

    hints: HintReport | None
    hints_due: bool


def wanted(session: Session, reviewing: bool) -> bool:
    """Checks if hints should show now: hint mode on, a person to move, no review."""
    return session.settings.hints and session.human_to_move() and not reviewing


class HintMode:
    """Hint mode at the bridge (H1-H3): the hints of the game in play, and when they are due."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.hints = Hints()

    def report(self) -> HintFields:
        """Returns the reply fields (:class:`HintFields`)."""
        session, reviewing = self.host.session, self.host.room("review").open
        on, board = wanted(session, reviewing), session.board
        return {"hints": self.hints.report(board) if on else None,
                "hints_due": on and not self.host.elsewhere and self.hints.due(board)}

    def step(self, token: int) -> None:
        """``hint_step`` {"token"}: works out the next step of the hints for the game at
        ``token``; showing them is assistance, so the attempt becomes practice (H2)."""
        session = self.host.session
        if token == session.token and wanted(session, self.host.room("review").open):
            self.hints.step(session.board)
            session.use_hints()


FEATURE = Feature("hints", HintMode, (Command("hint_step", HintMode.step, "hints", game=True, cancellable=True),))
