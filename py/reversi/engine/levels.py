"""The four computer levels of C2 as named configurations, and nothing that searches.

Kept apart from :mod:`reversi.engine.players` so that the game layer can name
and check levels without loading the search stack.
"""

from __future__ import annotations

from dataclasses import dataclass


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
