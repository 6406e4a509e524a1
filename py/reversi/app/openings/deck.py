"""The saved part of the openings' trainer (K4-K6): each line the player has met, with
its SM-2 schedule, and the last choice of what to train.

:class:`Deck` is the part ``openings`` (P1, P3, P7, P9): read checking every line (a
damaged one is dropped, the rest kept), merged line by line (the later review wins), and
shed after the mistakes part (its oldest reviews first, within :data:`BUDGET`).  The
schedule is SuperMemo's SM-2 (:func:`review`).  The trainer and the room call it; the
format and the scheme's numbers: ``docs/openings.md``.
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import asdict, dataclass, field
from typing import Any

from ...engine.board import Board
from ...engine.notation import IllegalMoveError, NotationError, format_transcript, parse_transcript

PART = "openings"
VERSION = 1
#: The most characters the part takes (P9).
BUDGET = 60_000
#: SM-2's first ease, and the least it falls to.
EASE, MIN_EASE = 2.5, 1.3
#: Reviews right in a row from which a line counts as learnt (its interval then 6 days).
LEARNT = 2
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
SIDES = ("black", "white")
#: What a choice may train (K4): a named opening, a move list, the main lines, the due lines.
KINDS = ("opening", "moves", "main", "due")
DEPTHS = (6, 8, 10, 12, 14, 16, 18, 20)


def add_days(date: str, days: int) -> str:
    """Returns the date ``days`` after ``date`` (YYYY-MM-DD)."""
    return (datetime.date.fromisoformat(date) + datetime.timedelta(days=days)).isoformat()


@dataclass
class Card:
    """A line the player has met: its moves from the standard start (in the orientation
    that opens f5), the side the player took, and its SM-2 state."""

    moves: str
    side: str
    #: The named opening it is counted under (K5): the one trained, else the line's own.
    opening: str = ""
    ease: float = EASE
    reps: int = 0
    interval: int = 0
    due: str = ""
    last: str = ""
    lapses: int = 0

    @property
    def key(self) -> str:
        """Returns the line's key: its side and moves."""
        return f"{self.side}:{self.moves}"

    @property
    def learnt(self) -> bool:
        """Checks if the line was right at its last :data:`LEARNT` reviews."""
        return self.reps >= LEARNT


def review(card: Card, quality: int, today: str) -> None:
    """Schedules ``card`` after a review of ``quality`` 0-5 on ``today`` (SM-2, Wozniak
    1990): from 3 up the interval grows (1 day, 6 days, then times the ease); below 3 the
    repetitions start again and the line is due the same day (it comes back soon)."""
    if quality >= 3:
        card.interval = 1 if card.reps == 0 else 6 if card.reps == 1 else round(card.interval * card.ease)
        card.reps += 1
    else:
        card.reps, card.interval, card.lapses = 0, 0, card.lapses + 1
    card.ease = max(MIN_EASE, round(card.ease + 0.1 - (5 - quality) * (0.08 + (5 - quality) * 0.02), 2))
    card.due, card.last = add_days(today, card.interval), today


def _date(value: Any) -> bool:
    return isinstance(value, str) and bool(_DATE.fullmatch(value))


def _card(item: Any) -> Card | None:
    """Returns the card of a stored item, or None when anything in it is wrong (P3)."""
    try:
        card = Card(**item)
        moves = [s for s, _ in parse_transcript(card.moves)]
        Board().play_transcript(card.moves)
        ok = (card.side in SIDES and isinstance(card.opening, str) and len(card.opening) <= 80
              and 0 < len(moves) <= 60 and format_transcript(moves) == card.moves
              and isinstance(card.ease, (int, float)) and MIN_EASE <= card.ease <= 5
              and all(type(n) is int and 0 <= n <= 100_000 for n in (card.reps, card.interval, card.lapses))
              and _date(card.due) and _date(card.last))
    except (TypeError, ValueError, NotationError, IllegalMoveError):
        return None
    return card if ok else None


def _choice(item: Any) -> dict[str, Any]:
    """Returns a stored choice when it is whole, else the default one."""
    default = {"kind": "main", "name": "", "moves": "", "depth": 12, "side": "black"}
    if not isinstance(item, dict) or set(item) != set(default):
        return default
    ok = (item["kind"] in KINDS and item["depth"] in DEPTHS and item["side"] in SIDES
          and isinstance(item["name"], str) and len(item["name"]) <= 80
          and isinstance(item["moves"], str) and len(item["moves"]) <= 200)
    return dict(item) if ok else default


@dataclass
class Deck:
    """The lines met (by key) and the last choice of what to train."""

    cards: dict[str, Card] = field(default_factory=dict)
    choice: dict[str, Any] = field(default_factory=lambda: _choice(None))

    def card(self, moves: str, side: str, opening: str = "") -> Card:
        """Returns the card of a line, made new (counted under ``opening``) when it was never met."""
        made = Card(moves, side, opening)
        return self.cards.setdefault(made.key, made)

    def due(self, today: str) -> list[Card]:
        """Returns the lines due on ``today`` (or before), the most overdue first."""
        return sorted((c for c in self.cards.values() if c.due <= today), key=lambda c: (c.due, c.key))

    def merge(self, other: Deck) -> None:
        """Takes in another tab's deck (P7): each line from the tab that reviewed it last
        (on a tie, the one with more reviews); the choice stays this tab's."""
        for key, theirs in other.cards.items():
            mine = self.cards.get(key)
            if mine is None or (theirs.last, theirs.reps + theirs.lapses) > (mine.last, mine.reps + mine.lapses):
                self.cards[key] = theirs

    def shed(self, room: int) -> None:
        """Drops the lines reviewed longest ago while the part takes more than ``room``
        characters (at most :data:`BUDGET`, P9)."""
        room = min(room, BUDGET)
        while self.cards and len(self.text()) > room:
            oldest = sorted(self.cards.values(), key=lambda c: (c.last, c.key))
            for card in oldest[:max(1, len(oldest) // 10)]:
                del self.cards[card.key]

    def text(self) -> str:
        """Returns the saved part's text."""
        return json.dumps({"format": "reversi", "part": PART, "version": VERSION, "choice": self.choice,
                           "lines": [asdict(c) for c in sorted(self.cards.values(), key=lambda c: c.key)]},
                          separators=(",", ":"))

    @classmethod
    def read(cls, text: str | None) -> tuple[Deck, bool]:
        """Returns the deck of a stored text and whether it was whole (absent is whole; a
        damaged line is dropped and the rest kept, P3)."""
        if text is None:
            return cls(), True
        try:
            data = json.loads(text)
        except ValueError:
            return cls(), False
        if not (isinstance(data, dict) and data.get("part") == PART and data.get("version") == VERSION
                and isinstance(data.get("lines"), list)):
            return cls(), False
        cards = [_card(item) if isinstance(item, dict) else None for item in data["lines"]]
        deck = cls({c.key: c for c in cards if c is not None}, _choice(data.get("choice")))
        return deck, None not in cards and deck.choice == data.get("choice")
