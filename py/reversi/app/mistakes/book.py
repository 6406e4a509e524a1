"""The saved part of "Learn from your own games" (N6-N8): each analysed game's accuracy
and mistakes, and the progress of retrying them.

:class:`Book` is the part ``mistakes`` (P1, P3, P7, P9), kept apart from the history:
read checking every game and item, merged as a union, and the first part to give way
(:meth:`Book.shed`, within :data:`BUDGET`).  The mistakes' room and views call it.  Its
format, keys and rules: ``docs/saving.md``.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from ...engine.board import Board
from ...engine.notation import IllegalMoveError, NotationError, parse_board
from ...engine.variants import STANDARD
from ...game.line import Line
from ...game.results import is_int
from ..game_text import game_text, parse_game
from .finding import Mistake

PART = "mistakes"
VERSION = 1
#: The most characters the part takes (P9); far below the history's budget.
BUDGET = 120_000
#: Retired tags kept (the newest).
RETIRED_KEPT = 2_000
#: Distinct days on which a retry must be solved for it to leave the list (N8).
SOLVED_DAYS = 2
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_SQUARE = re.compile(r"[a-h][1-8]")


def tag(position: str) -> str:
    """Returns the short tag of a retired position."""
    return hashlib.sha256(position.encode()).hexdigest()[:12]


def position(board: str, variant: str = STANDARD) -> str:
    """Returns the ``id`` of a mistake to retry: its position in its game's rules."""
    return game_text([], parse_board(board), variant)


def retry_board(item_id: str) -> Board:
    """Returns the position of a mistake to retry (its ``id``), in its game's rules (V1).

    :raises NotationError: when ``item_id`` is not a position.
    """
    played = parse_game(item_id)
    if played.start is None or played.moves:
        raise NotationError(f"{item_id[:40]!r} is not a position", kind="board")
    return Line(start=played.start, variant=played.variant).board


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and -128 <= value <= 128


def _row_ok(row: Any) -> bool:
    return (isinstance(row, list) and len(row) == 6 and is_int(row[0], 1, 64) and row[1] in ("black", "white")
            and all(isinstance(s, str) and _SQUARE.fullmatch(s) for s in row[2:4]) and _number(row[4])
            and isinstance(row[5], bool))


def _game_ok(entry: Any) -> bool:
    return (isinstance(entry, dict) and isinstance(entry.get("list"), list) and isinstance(entry.get("loss"), dict)
            and all(isinstance(entry.get(k, ""), str) and len(entry.get(k, "")) <= 16 for k in ("level", "variant"))
            and all(_row_ok(row) for row in entry["list"])
            and all(side in ("black", "white") and _number(v) and v >= 0 for side, v in entry["loss"].items()))


def _item_ok(item: Any) -> bool:
    if not isinstance(item, dict):
        return False
    try:
        retry_board(item["id"])
        return (isinstance(item["game"], str) and len(item["game"]) <= 64 and is_int(item["move"], 1, 64)
                and item["side"] in ("black", "white") and all(
                    isinstance(item[k], str) and _SQUARE.fullmatch(item[k]) for k in ("played", "best"))
                and _number(item["cost"]) and item["cost"] > 0 and isinstance(item["exact"], bool)
                and _number(item["value"]) and isinstance(item["solved"], list)
                and all(isinstance(d, str) and _DATE.fullmatch(d) for d in item["solved"]))
    except (KeyError, TypeError, AttributeError, NotationError, IllegalMoveError):
        return False


class Book:
    """The analysed games and the mistakes to retry (the saved part)."""

    def __init__(self) -> None:
        self.games: dict[str, dict[str, Any]] = {}
        self.items: dict[str, dict[str, Any]] = {}
        self.retired: list[str] = []
        #: The newest game shed (P9): it and older ones are not analysed again.
        self.shed_to = ""
        self._text: str | None = None
        #: Counts the changes of ``games`` (the accuracy trend is kept until it changes, N7).
        self.revision = 0

    # -- changes ------------------------------------------------------------------
    def add_game(self, game: str, losses: dict[str, float], found: list[Mistake], *,
                 about: dict[str, str] | None = None) -> None:
        """Keeps an analysed game's average losses (N7) and its mistakes (N6), which
        become retries in its rules (N8); ``about``: its ``level`` and ``variant``."""
        self.games[game] = {"loss": dict(losses), **(about or {}),
                            "list": [[m.move, m.side, m.played, m.best, m.cost, m.exact] for m in found]}
        self.revision += 1
        variant = (about or {}).get("variant", STANDARD)
        for m in found:
            where = position(m.board, variant)
            if where not in self.items and tag(where) not in self.retired:
                self.items[where] = {"id": where, "game": game, "move": m.move, "side": m.side,
                                       "played": m.played, "best": m.best, "cost": m.cost, "exact": m.exact,
                                       "value": m.value, "solved": []}
        self._text = None

    def solved(self, position: str, date: str) -> bool:
        """Notes a retry solved on ``date``; returns True when it leaves the list (N8)."""
        item = self.items.get(position)
        if item is None:
            return False
        item["solved"] = sorted({*item["solved"], date})
        self._text = None
        return self._retire(position)

    def _retire(self, position: str) -> bool:
        if len(self.items[position]["solved"]) < SOLVED_DAYS and tag(position) not in self.retired:
            return False
        del self.items[position]
        if tag(position) not in self.retired:
            self.retired = [*self.retired, tag(position)][-RETIRED_KEPT:]
        return True

    def merge(self, other: Book) -> None:
        """Takes in another tab's part (P7: a union, see the module docstring)."""
        self.games.update((k, v) for k, v in other.games.items() if k not in self.games)
        self.revision += 1
        self.shed_to = max(self.shed_to, other.shed_to)
        self.retired = [*self.retired, *(t for t in other.retired if t not in self.retired)][-RETIRED_KEPT:]
        for position, item in other.items.items():
            mine = self.items.setdefault(position, {**item, "solved": []})
            mine["solved"] = sorted({*mine["solved"], *item["solved"]})
        for position in list(self.items):
            self._retire(position)
        self._text = None

    def shed(self, room: int) -> bool:
        """Drops the oldest games with their mistakes while the part takes more than
        ``room`` characters (at most :data:`BUDGET`); returns whether it dropped any (P9)."""
        room, dropped = min(room, BUDGET), False
        while self.games and len(self.text()) > room:
            oldest = min(self.games)
            del self.games[oldest]
            self.revision += 1
            self.shed_to = max(self.shed_to, oldest)
            self.items = {p: i for p, i in self.items.items() if i["game"] != oldest}
            self._text, dropped = None, True
        if len(self.text()) > room and self.items:  # items of games already shed
            self.items, self._text, dropped = {}, None, True
        return dropped

    # -- reading and writing -------------------------------------------------------
    def text(self) -> str:
        """Returns the saved part's text (made again only after a change)."""
        if self._text is None:
            self._text = json.dumps({"format": "reversi", "part": PART, "version": VERSION, "games": self.games,
                                     "items": list(self.items.values()), "retired": self.retired,
                                     **({"shed": self.shed_to} if self.shed_to else {})},
                                    separators=(",", ":"))
        return self._text

    @classmethod
    def read(cls, text: str | None) -> tuple[Book, bool]:
        """Returns the part of a stored text and whether it was whole (absent is whole; a
        damaged game or item is dropped, the rest kept, P3)."""
        book = cls()
        if text is None:
            return book, True
        try:
            data = json.loads(text)
        except ValueError:
            return book, False
        if not (isinstance(data, dict) and data.get("part") == PART and data.get("version") == VERSION):
            return book, False
        games, items, retired = data.get("games"), data.get("items"), data.get("retired")
        if not (isinstance(games, dict) and isinstance(items, list) and isinstance(retired, list)):
            return book, False
        book.games = {k: v for k, v in games.items() if isinstance(k, str) and len(k) <= 64 and _game_ok(v)}
        book.items = {i["id"]: i for i in items if _item_ok(i)}
        book.retired = [t for t in retired if isinstance(t, str) and re.fullmatch(r"[0-9a-f]{12}", t)]
        shed = data.get("shed", "")
        book.shed_to = shed if isinstance(shed, str) and len(shed) <= 64 else ""
        whole = (len(book.games), len(book.items), len(book.retired)) == (len(games), len(items), len(retired))
        return book, whole

    # -- what the page shows -----------------------------------------------------------
    def to_retry(self) -> list[dict[str, Any]]:
        """Returns the mistakes still to retry: the newest game's first, each game's in move order."""
        return sorted(self.items.values(), key=lambda i: (i["game"], -i["move"]), reverse=True)
