"""The exact solver's first guess (R5): where MTD(f) starts, and the moves it learns on the
way, for :mod:`reversi.engine.endgame`.

From :data:`GUESS_EMPTIES` empty squares the first test is at a midgame search's score
(:func:`first_guess`), and from :data:`SEED_EMPTIES` that search's best moves seed the
solver's table (:func:`seed`).  What the guess and the seeds save, on FFO positions and
in self-play: ``docs/endgame.md``.
"""

from __future__ import annotations

from typing import Callable

from .bitboard import Bitboard, Square
from .lastsquares import INF
from .search import Search

#: From this many empty squares the first MTD(f) test is at the midgame search's score
#: (from 12, it cost 12 % and 7 % more nodes on FFO #22 and #25, 17 and 19 empties,
#: where the guess missed and the tests from 0 were cheap).
GUESS_EMPTIES = 20
#: That search's depth, at most (10, 12 and 13 plies cost more nodes at 20 empties).
GUESS_DEPTH = 11
#: The guess search's best moves searched at least this deep seed the table.
SEED_DEPTH = 4
#: From this many empty squares the guess search runs, for its moves alone below GUESS_EMPTIES.
SEED_EMPTIES = 18

#: The solver's table: ``(p, o)`` -> (lower bound, upper bound, best move, empties after it).
Table = dict[tuple[Bitboard, Bitboard], tuple[int, int, Square, int]]


def guess_depth(empties: int) -> int:
    """Returns the guess search's depth: ``GUESS_DEPTH``, at most 9 plies short of the end."""
    return max(2, min(GUESS_DEPTH, empties - 9))


def first_guess(search: Callable[[], Search], p: Bitboard, o: Bitboard, empties: int,
                table: Table | None, shallow: int) -> int:
    """Returns the first score MTD(f) tests for ``p`` to move with ``empties`` empty
    squares: 0 below ``GUESS_EMPTIES``, else the score of a new ``search()`` to
    :func:`guess_depth`, rounded to an even number (a full board's score is even).
    With the solver's ``table``, that search runs from ``SEED_EMPTIES`` and seeds it
    (:func:`seed`, positions with at least ``shallow`` empties)."""
    if empties < (SEED_EMPTIES if table is not None else GUESS_EMPTIES):
        return 0
    guessing = search()
    score = guessing.run(p, o, guess_depth(empties)).score
    if table is not None:
        seed(table, guessing.table, shallow)
    if empties < GUESS_EMPTIES:
        return 0
    return max(-64, min(64, 2 * round(score / 2)))


def seed(table: Table, found: dict[tuple[Bitboard, Bitboard], tuple[int, int, float, Square]],
         shallow: int) -> None:
    """Gives ``table``, as moves without bounds, the best moves of the search table
    ``found`` in positions searched ``SEED_DEPTH`` plies or more, with at least
    ``shallow`` empties left after the move and a value inside -64..64 (at the
    evaluation's clamp every move ties: ``docs/endgame.md``).
    """
    for key, (depth, _, value, move) in found.items():
        left = 63 - (key[0] | key[1]).bit_count()  # as the table counts: after the move
        if move >= 0 and depth >= SEED_DEPTH and left >= shallow and -64 < value < 64 \
                and key not in table:
            table[key] = (-INF, INF, move, left)
