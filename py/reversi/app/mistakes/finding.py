"""Learn from your own games (N6, N7): the person's costly placements in a finished game
(:class:`Work`, one placement per step, resumable), and their accuracy (:func:`accuracy`).

A placement is a mistake when it lost at least the threshold of
:data:`reversi.engine.valuing.VALUING` ``["mistakes"]`` against the best move: exact
within Hard's reach, else estimated (marked as such, with a higher threshold).  Used by
the mistakes room (:mod:`reversi.app.mistakes.room`); why these numbers:
``docs/valuing.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine.bitboard import Square
from ...engine.board import COLOR_NAMES
from ...engine.notation import format_board, parse_board, parse_transcript, square_name
from ...engine.valuing import VALUING, placement_loss
from ...engine.variants import STANDARD
from ...game.line import Line, Start
from ...game.results import Record, key

#: How the mistakes are valued (N6): Hard's exact reach and depth cap, its node budget,
#: and a mistake's threshold (exact, estimated).
MISTAKES = VALUING["mistakes"]
#: Accuracy halves with every this many discs lost per placement on average (N7).
HALF_LOSS = 3.0


def accuracy(average_loss: float) -> int:
    """Returns the 0-100 accuracy of an average disc loss per placement (N7)."""
    return round(100 * 2 ** (-max(0.0, average_loss) / HALF_LOSS))


@dataclass(frozen=True)
class Mistake:
    """A placement that lost at least the mistakes' threshold (N6)."""

    #: Its placement number in the game, from 1.
    move: int
    #: "black" or "white".
    side: str
    #: The board string of the position before it (E1): the retry's position.
    board: str
    played: str
    best: str
    #: Discs lost against the best move (rounded to a tenth for estimates).
    cost: float
    exact: bool
    #: The best move's value for the mover (the final disc difference, V1).
    value: float


@dataclass
class Work:
    """One finished game's search for mistakes (N6) and its accuracy (N7), one
    placement per :meth:`step`; ``people`` are the colours whose placements count."""

    game: str
    moves: list[Square]
    start: Start | None
    variant: str
    people: tuple[int, ...]
    #: The plies still to analyse (the people's placements), in order.
    todo: list[int] = field(default_factory=list)
    #: Per colour: the placements analysed and their disc losses.
    losses: dict[int, list[float]] = field(default_factory=dict)
    found: list[Mistake] = field(default_factory=list)
    #: How many placements there are to analyse.
    total: int = 0

    def __post_init__(self) -> None:
        colors = Line(self.moves, start=self.start, variant=self.variant).colors
        self.todo = [ply for ply, color in enumerate(colors) if color in self.people]
        self.losses = {color: [] for color in self.people}
        self.total = len(self.todo)

    @classmethod
    def of_record(cls, record: Record) -> Work | None:
        """Returns the work of a history record, or None when it kept no moves."""
        if not record.get("moves"):
            return None
        moves = [s for s, _ in parse_transcript(record["moves"])]
        start = parse_board(record["start"]) if "start" in record else None
        people = (COLOR_NAMES.index(record["side"]),) if record["mode"] == "computer" else (0, 1)
        return cls(key(record), moves, start, record.get("variant", STANDARD), people)

    @property
    def done(self) -> bool:
        """Checks if every placement is analysed."""
        return not self.todo

    def step(self) -> None:
        """Analyses the next placement."""
        if not self.todo:
            return
        ply = self.todo[0]
        board = Line(self.moves[:ply], start=self.start, variant=self.variant).board
        loss, best, exact, value = placement_loss(board, self.moves[ply], MISTAKES)
        self.todo.pop(0)  # only now: an interrupted step is done again
        self.losses[board.turn].append(loss)
        if loss >= MISTAKES.threshold(exact):
            self.found.append(Mistake(ply + 1, COLOR_NAMES[board.turn], format_board(board.black, board.white,
                                                                                    board.turn),
                                      square_name(self.moves[ply]), square_name(best), loss, exact, value))

    def average_losses(self) -> dict[str, float]:
        """Returns each person's average disc loss per placement (N7), by colour name."""
        return {COLOR_NAMES[c]: round(sum(ls) / len(ls), 2) for c, ls in self.losses.items() if ls}

    def progress(self) -> dict[str, Any]:
        """Returns how far the work is: ``{"game", "done", "total"}`` in placements."""
        return {"game": self.game, "done": self.total - len(self.todo), "total": self.total}
