"""Learn from your own games (N6, N7): the person's costly placements in a finished
game, and their accuracy.

A placement is a *mistake* when it lost at least :data:`THRESHOLD` discs of the final
result against the best move in its position (N6).  Its cost is ``best - played``: the
final disc difference for the mover after the best move, minus the one after the move
played, both with best play after them (in the variant's terms, V1: negated in
anti-reversi).

- A position with at most :data:`EXACT_EMPTIES` empty squares (Hard's exact reach,
  :data:`reversi.engine.levels.LEVELS`) is *exact*: the solver proves both values,
  and a loss of 4 discs or more is a mistake.
- An earlier position is *estimated*: a search of Hard's depth cap and
  :data:`ESTIMATE_NODES` nodes finds the best move and its value at the depth it
  completes, and the move played is then searched to the same depth with the same table,
  so both values are comparable (two plies shallower, both moves, when that search would
  be long).  An estimate is marked as one (``exact`` false) and counts only from
  :data:`THRESHOLD` ``[False]`` = 6 discs.  Why 6: estimates carry the evaluation's noise
  and its odd/even depth swing; in the few midgame positions tried while writing this,
  the same moves' values moved by 2-4 discs between two node budgets, so two discs of
  margin over the exact threshold keep most noise out of the list while a real blunder
  (a corner given away costs 10 or more) still shows.  A choice, not a measurement over
  many games.

The work is sliceable (N6): :meth:`Work.step` analyses one placement per call, so the
worker does it between taps and the page can interrupt it; a :class:`Work` resumes
where it stopped (an interrupted step is done again).

Accuracy (N7), per person per game: the average disc loss ``a`` over every placement of
that person (forced ones too: they lose nothing) gives ``score = round(100 * 2 ** (-a /
3))``: 100 for a game without loss, halving with every 3 discs lost per placement on
average (1 disc: 79, 3 discs: 50, 6 discs: 25); the same at every level.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...engine.bitboard import Bitboard, Square
from ...engine.board import COLOR_NAMES, Board
from ...engine.levels import LEVELS
from ...engine.notation import format_board, parse_board, parse_transcript, square_name
from ...engine.variants import STANDARD
from ...game.line import Line, Start
from ...game.results import Record, key

if TYPE_CHECKING:  # the search stack loads only when an analysis runs
    from ...engine.search import Search

#: Positions with this many empty squares or fewer are solved exactly (Hard's reach).
EXACT_EMPTIES = LEVELS["hard"].exact_empties
#: The estimating search: Hard's depth cap, and the node budget Hard had when the
#: analysis's step times were measured (``bench/RESULTS.md``); Hard now plays with more.
ESTIMATE_NODES = 24_000
ESTIMATE_DEPTH = LEVELS["hard"].max_depth
#: Nodes the move played may take to be searched to the same depth (a step stays short).
PLAYED_NODES = 2 * ESTIMATE_NODES
#: Discs a placement must lose to be a mistake: exact, estimated (see the docstring).
THRESHOLD = {True: 4, False: 6}
#: Accuracy halves with every this many discs lost per placement on average (N7).
HALF_LOSS = 3.0


def accuracy(average_loss: float) -> int:
    """Returns the 0-100 accuracy of an average disc loss per placement (N7)."""
    return round(100 * 2 ** (-max(0.0, average_loss) / HALF_LOSS))


@dataclass(frozen=True)
class Mistake:
    """A placement that lost at least :data:`THRESHOLD` discs (N6)."""

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


def _children(board: Board) -> dict[Square, tuple[Bitboard, Bitboard]]:
    from ...engine.search import Search

    p, o = board.mover_mask()
    return {s: (a, b) for s, a, b in Search(variant=board.variant).children(p, o)}


def placement_loss(board: Board, square: Square) -> tuple[float, Square, bool, float]:
    """Returns ``(loss, best square, exact, best value)`` of playing ``square`` on
    ``board`` (N6); values are final disc differences for the mover."""
    from ...engine.endgame import Solver
    from ...engine.evaluate import for_variant
    from ...engine.search import Search

    children = _children(board)
    if len(children) == 1:
        return 0.0, square, True, 0.0
    p, o = board.mover_mask()
    variant, evaluator = board.variant, for_variant(board.variant)
    if 64 - (p | o).bit_count() <= EXACT_EMPTIES:
        solver = Solver(evaluator=evaluator, variant=variant)
        best_score, best = solver.solve(p, o)
        proved = best_score if best == square else -solver.solve(*children[square])[0]
        return float(best_score - proved), best if best is not None else square, True, float(best_score)
    search = Search(max_nodes=ESTIMATE_NODES, variant=variant, evaluator=evaluator)
    result = search.run(p, o, ESTIMATE_DEPTH)
    best = result.square if result.square is not None else square
    if best == square:
        return 0.0, best, False, round(result.score, 1)
    best_value, played = _compared(search, children[best], children[square], result.depth - 1, result.score)
    return round(max(0.0, best_value - played), 1), best, False, round(result.score, 1)


def _compared(search: Search, best: tuple[Bitboard, Bitboard], played: tuple[Bitboard, Bitboard], depth: int,
              score: float) -> tuple[float, float]:
    """Returns the values for the mover of the best move and of the move played, searched
    ``depth`` plies after them (the best one's is the root's ``score`` there); a search of
    the move played that would pass :data:`PLAYED_NODES` is given up for one two plies
    shallower (the same parity: odd and even depths see a position differently), both
    moves again, so that a step stays short."""
    from ...engine.budget import SearchTimeout

    first = depth
    while depth > 0:
        try:
            search.limit(search.nodes + PLAYED_NODES)
            value = -search.value(*played, depth)
            if depth != first:  # a shallower pair: the best move too, to the same depth
                score = -search.value(*best, depth)
            return score, value
        except SearchTimeout:
            depth -= 2
    search.limit(None)
    return -search.value(*best, 0), -search.value(*played, 0)


def move_value(board: Board, square: Square) -> float:
    """Returns the value for the mover of playing ``square`` on ``board``, exact or
    estimated as :func:`placement_loss` judges the position (a retry's verdict, N8)."""
    from ...engine.endgame import Solver
    from ...engine.evaluate import for_variant
    from ...engine.search import Search

    child, evaluator = _children(board)[square], for_variant(board.variant)
    if 64 - (board.black | board.white).bit_count() <= EXACT_EMPTIES:
        return float(-Solver(evaluator=evaluator, variant=board.variant).solve(*child)[0])
    search = Search(max_nodes=ESTIMATE_NODES, variant=board.variant, evaluator=evaluator)
    return round(-search.run(*child, ESTIMATE_DEPTH).score, 1)


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
        loss, best, exact, value = placement_loss(board, self.moves[ply])
        self.todo.pop(0)  # only now: an interrupted step is done again
        self.losses[board.turn].append(loss)
        if loss >= THRESHOLD[exact]:
            self.found.append(Mistake(ply + 1, COLOR_NAMES[board.turn], format_board(board.black, board.white,
                                                                                    board.turn),
                                      square_name(self.moves[ply]), square_name(best), loss, exact, value))

    def average_losses(self) -> dict[str, float]:
        """Returns each person's average disc loss per placement (N7), by colour name."""
        return {COLOR_NAMES[c]: round(sum(ls) / len(ls), 2) for c, ls in self.losses.items() if ls}

    def progress(self) -> dict[str, Any]:
        """Returns how far the work is: ``{"game", "done", "total"}`` in placements."""
        return {"game": self.game, "done": self.total - len(self.todo), "total": self.total}
