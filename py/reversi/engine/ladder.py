"""The ladder of computer opponents (C7): rungs from a first-day beginner to Expert,
each one named configuration, with its rating on one Elo scale.

Owns the rungs' list (weakest first), their configurations and their measured
ratings, and nothing that searches, so that the game layer can name and order them
without loading the search stack (:mod:`reversi.engine.levels` likewise).  Easy,
Normal, Hard and Expert (C2) are rungs as they are, the same :class:`Level`
objects; the others are weakened (``Level.weakening``, played by
:mod:`reversi.engine.weakening`).  :func:`reversi.engine.players.choose_move` plays
any rung by its name; ``bench/rungs.py`` measures the ratings.
"""

from __future__ import annotations

from dataclasses import dataclass

from .levels import LEVELS, Level, Weakening


@dataclass(frozen=True)
class Rung:
    """A rung: its configuration (``level.name`` is its id) and its rating (Elo, a
    uniformly random player at 0)."""

    level: Level
    rating: int


def _weak(name: str, *, temperature: tuple[float, float, float], cap: tuple[float, float, float],
          aim: tuple[float, float, float] = (0.0, 0.0, 0.0), seconds: float = 0.2, nodes: int = 16_000,
          max_depth: int = 12, exact_empties: int = 12, book_margin: float | None = None) -> Level:
    """Returns a weakened rung's configuration (by default the weakened rungs' search:
    16,000 nodes, 0.2 s in the browser, 12 plies, exact from 12 empty squares)."""
    return Level(name, seconds=seconds, nodes=nodes, max_depth=max_depth, exact_empties=exact_empties,
                 book_margin=book_margin, weakening=Weakening(temperature, cap, aim))


#: The rungs, weakest first.  The ratings are measured at node budgets over balanced
#: openings by ``python3 bench/rungs.py`` (``bench/results/ladder.md``).
RUNGS: tuple[Rung, ...] = (
    Rung(_weak("beginner", temperature=(20.0, 20.0, 20.0), cap=(30.0, 28.0, 26.0)), 387),
    Rung(LEVELS["easy"], 562),
    Rung(_weak("novice", temperature=(2.5, 2.5, 2.5), cap=(11.0, 12.0, 11.0), aim=(6.0, 7.9, 6.9)), 717),
    Rung(_weak("learner", temperature=(2.5, 2.5, 2.5), cap=(11.0, 12.0, 11.0), aim=(5.7, 6.95, 5.95)), 848),
    Rung(_weak("casual", temperature=(2.5, 2.5, 2.5), cap=(11.0, 12.0, 11.0), aim=(5.4, 6.1, 5.1)), 941),
    Rung(_weak("regular", temperature=(2.5, 2.5, 2.5), cap=(11.0, 12.0, 11.0), aim=(4.7, 5.0, 4.25)), 1071),
    Rung(_weak("steady", temperature=(6.0, 6.5, 8.3), cap=(15.0, 15.0, 14.0)), 1225),
    Rung(_weak("decent", temperature=(4.5, 5.0, 8.0), cap=(11.0, 12.0, 14.0)), 1338),
    Rung(_weak("solid", temperature=(3.5, 4.0, 7.0), cap=(9.0, 10.0, 14.0)), 1492),
    Rung(_weak("capable", temperature=(2.8, 3.5, 4.5), cap=(7.0, 8.75, 14.0)), 1676),
    Rung(LEVELS["normal"], 1797),
    Rung(_weak("good", temperature=(1.5, 2.0, 4.0), cap=(4.0, 5.0, 10.0)), 1940),
    Rung(_weak("skilled", temperature=(1.2, 1.6, 2.8), cap=(3.0, 4.0, 7.0)), 2071),
    Rung(_weak("strong", temperature=(0.9, 1.1, 1.65), cap=(2.25, 2.75, 4.4)), 2228),
    Rung(_weak("sharp", seconds=0.23, nodes=18_000, exact_empties=13, book_margin=2.5,
               temperature=(0.3, 0.4, 0.4), cap=(1.0, 1.0, 1.0)), 2395),
    Rung(LEVELS["hard"], 2546),
    Rung(_weak("advanced", seconds=1.5, nodes=120_000, max_depth=20, exact_empties=18, book_margin=1.0,
               temperature=(0.2, 0.25, 0.25), cap=(0.5, 0.5, 0.5)), 2691),
    Rung(LEVELS["expert"], 2853),
)

#: Every rung's configuration by its id, weakest first.
RUNG_LEVELS: dict[str, Level] = {rung.level.name: rung.level for rung in RUNGS}
#: The rungs' ids, weakest first.
RUNG_NAMES: tuple[str, ...] = tuple(RUNG_LEVELS)
#: Every rung's rating by its id.
RATINGS: dict[str, int] = {rung.level.name: rung.rating for rung in RUNGS}
