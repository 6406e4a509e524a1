"""The player's rating as its stored part ``rating`` (C8, P1, P3, P7, P9): the rated games,
the Glicko-2 rating they give, and the rung Play at my level chose.

A rated game is counted once, by its history record's key, whichever tab it ended in;
the rating is what Glicko-2 gives over the games in the order they ended, each its own
rating period (:mod:`.glicko`), from a start at Normal's rating.  The newest
:data:`KEPT` games are kept one by one (the history graph); older ones are folded into
``base``, the rating they left, and their keys are not counted again.  Used by the
rating feature (:mod:`.room`); the format: ``docs/rating.md``.
"""

from __future__ import annotations

import bisect
import json
from dataclasses import dataclass, field
from typing import Any

from ...engine.ladder import RATINGS
from .glicko import Rating, update

PART = "rating"
VERSION = 1
#: Rated games kept one by one (older ones fold into the base).
KEPT = 400
#: A new player's rating deviation, and the deviation a rung's rating is taken with (the
#: calibration's uncertainty, ``bench/results/ladder.md``).
START_DEVIATION, RUNG_DEVIATION = 350.0, 30.0
#: Rated games before the rating stops being provisional.
SETTLED = 10
#: The rung a new player starts at (Play at my level, with no rated game).
FIRST_RUNG = "normal"


@dataclass(frozen=True)
class Game:
    """One rated game: its history key, the rung played, that rung's rating then, and the
    score (1 a win, 0.5 a draw, 0 a loss)."""

    key: str
    rung: str
    opponent: float
    score: float

    def row(self) -> list[Any]:
        return [self.key, self.rung, self.opponent, self.score]


@dataclass
class Ledger:
    """The rated games, the rating they give (and after each game), and Play at my level's
    rung and its run of wins there."""

    games: list[Game] = field(default_factory=list)
    #: The rating before the kept games, how many games it counts, and the last one's key.
    base: Rating = field(default_factory=lambda: Rating(RATINGS[FIRST_RUNG], START_DEVIATION))
    base_count: int = 0
    base_key: str = ""
    #: Play at my level's rung (None: none chosen yet) and its wins in a row.
    rung: str | None = None
    streak: int = 0
    #: The rating after each kept game (made by :meth:`rated`).
    after: list[Rating] = field(default_factory=list)

    @property
    def count(self) -> int:
        """Returns how many rated games the rating counts."""
        return self.base_count + len(self.games)

    @property
    def rating(self) -> Rating:
        """Returns the rating now."""
        return self.after[-1] if self.after else self.base

    def knows(self, key: str) -> bool:
        """Checks if the game keyed ``key`` is counted already."""
        return key <= self.base_key or any(game.key == key for game in self.games)

    def add(self, game: Game) -> bool:
        """Counts a rated game once, in the order the games ended; returns whether it was new."""
        if self.knows(game.key):
            return False
        at = bisect.bisect([g.key for g in self.games], game.key)
        self.games.insert(at, game)
        self.rated(at)
        self.fold()
        return True

    def rated(self, start: int = 0) -> None:
        """Works the rating out again from kept game ``start`` on."""
        del self.after[start:]
        rating = self.after[-1] if self.after else self.base
        for game in self.games[start:]:
            rating = update(rating, [(Rating(game.opponent, RUNG_DEVIATION), game.score)])
            self.after.append(rating)

    def fold(self) -> None:
        """Folds the oldest games past :data:`KEPT` into the base."""
        while len(self.games) > KEPT:
            self._fold_oldest()

    def _fold_oldest(self) -> None:
        """Folds the oldest kept game into the base: the rating it left, counted, its key known."""
        oldest = self.games.pop(0)
        self.base, self.base_count, self.base_key = self.after.pop(0), self.base_count + 1, oldest.key

    def merge(self, other: Ledger) -> None:
        """Takes in another tab's ledger (P7): every game counted once; Play at my level's
        rung and run from whichever counts more games."""
        if other.base_count > self.base_count:
            self.base, self.base_count, self.base_key = other.base, other.base_count, other.base_key
            self.games = [game for game in self.games if game.key > self.base_key]
        if other.count > self.count:
            self.rung, self.streak = other.rung, other.streak
        for game in other.games:
            if not self.knows(game.key):
                self.games.append(game)
        self.games.sort(key=lambda game: game.key)
        self.rated()
        self.fold()

    def shed(self, room: int) -> None:
        """Folds the oldest kept games into the base while the part takes more than ``room``
        characters (P9: after the mistakes part, before any history record)."""
        while self.games and len(self.text()) > room:
            self._fold_oldest()

    def text(self) -> str:
        """Returns the stored part's text."""
        base = {"rating": round(self.base.rating, 2), "deviation": round(self.base.deviation, 2),
                "volatility": round(self.base.volatility, 6), "count": self.base_count, "key": self.base_key}
        after = [[round(r.rating, 6), round(r.deviation, 6), round(r.volatility, 8)] for r in self.after]
        return json.dumps({"format": "reversi", "part": PART, "version": VERSION, "base": base,
                           "games": [game.row() for game in self.games], "after": after, "rung": self.rung,
                           "streak": self.streak}, separators=(",", ":"))

    @classmethod
    def read(cls, text: str | None) -> tuple[Ledger, bool]:
        """Returns the ledger of a stored text and whether it was whole (absent is whole; a
        damaged game is dropped and the rest kept; a damaged part starts afresh, P3)."""
        ledger = cls()
        if text is None:
            return ledger, True
        try:
            data = json.loads(text)
            base, rows = data["base"], data["games"]
            ok = data.get("part") == PART and data.get("version") == VERSION and isinstance(rows, list)
            ledger.base = Rating(float(base["rating"]), float(base["deviation"]), float(base["volatility"]))
            ledger.base_count, ledger.base_key = int(base["count"]), str(base["key"])
            ok = ok and 0 < ledger.base.deviation <= START_DEVIATION and 0 < ledger.base.volatility < 1 \
                and ledger.base_count >= 0 and -1000 < ledger.base.rating < 5000
        except (ValueError, TypeError, KeyError):
            return cls(), False
        if not ok:
            return cls(), False
        games = [Game(*row) for row in rows if _row_ok(row)]
        ledger.games = sorted({game.key: game for game in games if game.key > ledger.base_key}.values(),
                              key=lambda game: game.key)
        rung, streak = data.get("rung"), data.get("streak")
        ledger.rung = rung if rung in RATINGS else None
        ledger.streak = streak if isinstance(streak, int) and not isinstance(streak, bool) and 0 <= streak else 0
        whole = len(ledger.games) == len(rows) and (rung is None or ledger.rung == rung)
        after = _ratings(data.get("after"))
        if whole and after is not None and len(after) == len(rows):
            ledger.after = after  # as stored: a start-up need not rate 400 games again
        else:
            ledger.rated()
        ledger.fold()
        return ledger, whole


def _ratings(rows: Any) -> list[Rating] | None:
    """Returns the stored ratings after each game, or None if they are missing or damaged."""
    def ok(row: Any) -> bool:
        return (isinstance(row, list) and len(row) == 3 and all(isinstance(x, int | float) for x in row)
                and -1000 < row[0] < 5000 and 0 < row[1] <= START_DEVIATION and 0 < row[2] < 1)
    return [Rating(*map(float, row)) for row in rows] if isinstance(rows, list) and all(map(ok, rows)) else None


def _row_ok(row: Any) -> bool:
    """Checks one stored game: ``[key, rung, opponent rating, score]``."""
    return (isinstance(row, list) and len(row) == 4 and isinstance(row[0], str) and 0 < len(row[0]) <= 64
            and row[1] in RATINGS and isinstance(row[2], int | float) and not isinstance(row[2], bool)
            and -1000 < row[2] < 5000 and row[3] in (0, 0.5, 1))
