"""The four computer levels of C2 as named configurations, and nothing that searches.

Kept apart from :mod:`reversi.engine.players` so that the game layer can name
and check levels without loading the search stack.  A level may be weakened
(:class:`Weakening`, the ladder's rungs of C7, :mod:`reversi.engine.ladder`); the
game's phases (:func:`phase`) are defined here for it.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The game's phases (C7), by empty squares, each a third of the 60 placements: the
#: opening while more than ``MIDGAME_EMPTIES`` squares are empty, the endgame from
#: ``ENDGAME_EMPTIES`` empty squares on, the midgame between.
PHASES: tuple[str, ...] = ("opening", "midgame", "endgame")
MIDGAME_EMPTIES, ENDGAME_EMPTIES = 40, 20


def phase(empties: int) -> int:
    """Returns the index in :data:`PHASES` of the phase with ``empties`` empty squares."""
    return 0 if empties > MIDGAME_EMPTIES else 1 if empties > ENDGAME_EMPTIES else 2


@dataclass(frozen=True)
class Weakening:
    """How a weakened level chooses among its root moves (C7,
    :mod:`reversi.engine.weakening`): every move within ``cap`` discs of the best by
    its own search may be played, with a probability proportional to
    ``exp(-|loss - aim| / temperature)``: near the best with no aim, near ``aim``
    discs below it with one (the lowest rungs lose a little on most moves rather
    than much on a few); a zero temperature plays the best.  Each is given per phase
    (:data:`PHASES`), in discs."""

    temperature: tuple[float, float, float]
    cap: tuple[float, float, float]
    aim: tuple[float, float, float] = (0.0, 0.0, 0.0)


@dataclass(frozen=True)
class Level:
    """A computer player's configuration."""

    name: str
    #: Default thinking budget per move, in seconds of wall time.
    seconds: float
    #: Nodes Pyodide searches in ``seconds``: the budget of the deterministic mode (over
    #: whole games, ``bench/engine_speed.py --pyodide DIR --games``: about 80,000 nodes a
    #: second where they were set, 1.26-1.32 times as many since the evaluator remembers).
    nodes: int
    #: Midgame search depth cap in plies (0: one-ply evaluation with noise).
    max_depth: int
    #: Most empty squares at which the exact solver is tried (0: never); fewer
    #: when the budget does not fit the solver (see ``think.exact_threshold``).
    exact_empties: int = 0
    #: Most empty squares at which the solver first proves win, loss or draw (0: never;
    #: fewer when the budget does not fit the proof, see ``think.proof_threshold``).
    wld_empties: int = 0
    #: Standard deviation of the noise added to one-ply scores, in discs.
    noise: float = 0.0
    #: Book moves within this many discs of the best are played (None: no book).
    book_margin: float | None = None
    #: Time management (C5, :mod:`reversi.engine.timing`): less on easy moves; on hard
    #: ones up to twice a node budget, or all of ``seconds`` (less on the others).
    timing: bool = False
    #: Weakened play (C7): a search of every root move's value, then a seeded choice
    #: among those within the cap (None: the best move of the search above).
    weakening: Weakening | None = None


LEVELS: dict[str, Level] = {level.name: level for level in (
    Level("easy", seconds=0.0, nodes=0, max_depth=0, noise=16.0),  # one ply: no budget
    Level("normal", seconds=0.2, nodes=3_000, max_depth=3),
    Level("hard", seconds=0.5, nodes=40_000, max_depth=10, exact_empties=14, wld_empties=16,
          book_margin=2.0),
    Level("expert", seconds=2.4, nodes=190_000, max_depth=20, exact_empties=20, wld_empties=20,
          book_margin=1.0, timing=True),
)}

#: The level names, weakest first.
LEVEL_NAMES: tuple[str, ...] = tuple(LEVELS)
