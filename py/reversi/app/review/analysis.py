"""Analysis of a finished game: the expected final disc difference before every
placement, and what each placement lost against the best one.

One position is analysed per call, so the page can show progress and cancel.
Positions are valued as :data:`reversi.engine.valuing.VALUING` says for the analysis
(exact within the solver's reach, else estimated; what counts as losing ground).
Scores are final disc differences (R5), from Black's point of view in
``value`` and from the mover's in ``best_score``/``played_score``.
"""

from __future__ import annotations

from typing import TypedDict

from ...engine.bitboard import Square
from ...engine.board import Board
from ...engine.notation import square_name
from ...engine.valuing import VALUING, position_value
from ...engine.variants import STANDARD, final_score
from ...game.line import Line, Start
from .. import wording
from ..game_text import Played
from ..movelist import book_plies

#: How the analysis values positions (exact reach, estimate, losing ground).
ANALYSIS = VALUING["analysis"]

class PlyValue(TypedDict):
    """The analysis of one position (see :func:`analyse_ply`)."""

    ply: int
    mover: str | None
    value: float
    best: str | None
    best_score: float
    exact: bool
    empties: int


class Loss(TypedDict):
    """What one placement lost (see :func:`losses`); ``book``: it was a book move (K1)."""

    ply: int
    mover: str
    played: str
    best: str | None
    loss: float
    exact: bool
    lost_ground: bool


class BookLoss(Loss):
    """A :class:`Loss` with whether it was a move of the opening book (K1)."""

    book: bool


class AnalysisReport(TypedDict):
    """The running analysis as the page shows it (see :meth:`GameAnalysis.report`)."""

    title: str
    total: int
    done: int
    finished: bool
    plies: list[PlyValue]
    losses: list[BookLoss]
    marked: list[int]
    book: list[int]
    lines: list[str]
    progress_text: str
    label: str


def position(moves: list[Square], ply: int, start: Start | None = None, variant: str = STANDARD) -> Board:
    """Returns the board before placement ``ply`` (0-based) of ``moves`` played from
    ``start`` (None: the opening of ``variant``)."""
    return Line(moves[:ply], start=start, variant=variant).board


def analyse_ply(moves: list[Square], ply: int, start: Start | None = None,
                variant: str = STANDARD) -> PlyValue:
    """Returns the analysis of the position before placement ``ply`` (or of the
    final position when ``ply == len(moves)``).

    Fields: ``ply``, ``mover`` ("black"/"white" or None at the end), ``value``
    (Black's expected result: the final disc difference Black minus White, negated
    in anti-reversi, so that above zero is always good for Black), ``best`` and
    ``best_score`` (for the mover), ``exact``, ``empties``.
    """
    board = position(moves, ply, start, variant)
    score, best, exact = position_value(board, ANALYSIS)
    mover = None if board.is_game_over() else board.turn
    value = score if mover in (None, 0) else -score
    if mover is None:
        value = float(final_score(board.black, board.white, variant))
    return {
        "ply": ply, "mover": None if mover is None else ("white" if mover else "black"),
        "value": value, "best": square_name(best) if best is not None else None,
        "best_score": score, "exact": exact, "empties": 64 - (board.black | board.white).bit_count(),
    }


def losses(moves: list[Square], plies: list[PlyValue]) -> list[Loss]:
    """Returns, for each placement whose both positions were analysed, what it lost:
    ``{ply, mover, played, best, loss, exact, lost_ground}`` with ``loss`` in
    discs (>= 0) and ``lost_ground`` when it is more than noise."""
    out = []
    for before, after in zip(plies, plies[1:]):
        if before["mover"] is None:
            continue
        sign = 1 if before["mover"] == "black" else -1
        played_value = sign * after["value"]
        loss = max(0.0, before["best_score"] - played_value)
        exact = before["exact"] and after["exact"]
        out.append(Loss(ply=before["ply"], mover=before["mover"], played=square_name(moves[before["ply"]]),
                        best=before["best"], loss=round(loss, 1), exact=exact,
                        lost_ground=loss >= ANALYSIS.threshold(exact)))
    return out


class GameAnalysis:
    """The analysis of one game in progress: one position per :meth:`step`; the
    placements of ``human`` (a colour name, None for both sides) are the ones marked."""

    def __init__(self, game: Played, title: str, human: str | None = None) -> None:
        self.moves = game.moves
        self.start = game.start
        self.variant = game.variant
        self.title = title
        self.human = human
        self.plies: list[PlyValue] = []
        #: The placements (by ply, from 1) that were moves of the opening book (K1).
        self.book = book_plies(self.moves, self.start, self.variant)

    @property
    def done(self) -> bool:
        """Checks if every position, the final one included, has been analysed."""
        return len(self.plies) > len(self.moves)

    def step(self) -> None:
        """Analyses the next position."""
        if not self.done:
            self.plies.append(analyse_ply(self.moves, len(self.plies), self.start, self.variant))

    def report(self) -> AnalysisReport:
        """Returns what the page shows: progress (``done`` of ``total``), the values for
        the graph (``plies``), every analysed placement's loss (``losses``, each saying
        whether it was a ``book`` move), the plies of the person's placements that lost
        ground (``marked``), the book moves' plies (``book``), and the same in words
        (``lines``, ``progress_text``, and ``label``: the graph's accessible name)."""
        lost = [BookLoss(**m, book=m["ply"] + 1 in self.book) for m in losses(self.moves, self.plies)]
        marked = [m for m in lost if m["lost_ground"] and self.human in (None, m["mover"])]
        run = next(ply for ply in range(len(self.moves) + 1) if ply + 1 not in self.book)
        return {"title": self.title, "total": len(self.moves) + 1, "done": len(self.plies),
                "finished": self.done, "plies": self.plies, "losses": lost,
                "marked": [m["ply"] for m in marked], "book": sorted(self.book),
                "lines": wording.analysis_lines(self.plies, marked, finished=self.done, book=run),
                "progress_text": wording.say("analysis.progress", done=len(self.plies), total=len(self.moves) + 1),
                "label": wording.say("analysis.graph", lines=" ".join(
                    wording.analysis_lines(self.plies, marked, finished=self.done, book=run)))}
