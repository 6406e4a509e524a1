"""The player's rating and Play at my level, as a feature (C8): it rates each rated game
that ends once the feature exists, keeps the stored part ``rating`` (:mod:`.ledger`,
given up last of the parts near the budget, P9), and reports the ``rating`` field.

A rated game is a finished computer game of the standard rules from the usual start in
an attempt that stayed clear of Undo, Restart, hints and Redo (its first result is not
practice, A2).  Play at my level (the setting ``my_level``) sets the next game's level to
the rung nearest the rating, or the next one up after two wins in a row there.
"""

from __future__ import annotations

from typing import ClassVar, TypedDict

from ...engine.ladder import RATINGS, RUNG_NAMES
from ...game.results import Record, key
from .. import wording
from ..house import Feature, Host
from .ledger import FIRST_RUNG, PART, SETTLED, Game, Ledger

#: The scores of a result against the computer.
SCORES = {"win": 1.0, "draw": 0.5, "loss": 0.0}
#: Wins in a row at Play at my level's rung after which the next rung up is chosen.
STEP_UP = 2


def rated(record: Record) -> bool:
    """Checks if a history record is a rated game (see the module docstring)."""
    return (record["mode"] == "computer" and not record["practice"] and "start" not in record
            and "variant" not in record and record["level"] in RATINGS)


def nearest(rating: float) -> str:
    """Returns the rung whose rating is nearest ``rating`` (the weaker one on a tie)."""
    return min(RUNG_NAMES, key=lambda rung: (abs(RATINGS[rung] - rating), RATINGS[rung]))


class RungEntry(TypedDict):
    """A rung as the level chooser lists it: its id, name, rating, and both in words."""

    id: str
    name: str
    rating: int
    label: str


class RatingReport(TypedDict):
    """The player's rating as the page shows it: ``value`` and ``deviation`` (rounded),
    ``games`` rated, ``provisional`` (fewer than 10), ``text`` (words), ``points`` (the
    rating before the kept games, then after each, for the graph) and ``label`` (the graph's
    accessible name); ``rung``, ``rung_rating`` and ``rung_text``: Play at my level's choice."""

    value: int
    deviation: int
    games: int
    provisional: bool
    text: str
    points: list[int]
    label: str
    rung: str
    rung_rating: int
    rung_text: str
    #: Every rung, weakest first, with its name and rating (the level chooser), the graph's
    #: highest and lowest points in words, and the words that head the rating and the chooser.
    rungs: list[RungEntry]
    scale: dict[str, str]
    title: str
    every_level: str


class RatingFields(TypedDict):
    """The rating feature's reply field ``rating``."""

    rating: RatingReport


class Player:
    """The player's rating, its stored part, and Play at my level."""

    part: ClassVar[str] = PART
    shed_rank: ClassVar[int] = 3

    def __init__(self, host: Host) -> None:
        self.host = host
        self.ledger = Ledger()

    # -- the stored part ---------------------------------------------------------------
    def load(self, text: str | None) -> list[str]:
        """Reads the part; a damaged game or part is named and dropped (P3)."""
        self.ledger, whole = Ledger.read(text)
        return [] if whole else [wording.say("save.rating_unreadable")]

    def merge(self, text: str | None) -> None:
        """Takes in another tab's rated games, each counted once (P7)."""
        if text is not None:
            self.ledger.merge(Ledger.read(text)[0])
            self.choose()

    def stored(self, known: bool) -> str | None:
        """Returns the part to store once a game was rated (or once it is stored)."""
        return self.ledger.text() if self.ledger.count or known else None

    def shed(self, room: int) -> int:
        """Folds the oldest rated games into the base while the part takes more than ``room``."""
        self.ledger.shed(room)
        return len(self.ledger.text())

    # -- rating ------------------------------------------------------------------------
    def take(self, record: Record) -> None:
        """Rates a finished game once (each tab may see it: the key counts it once); at
        Play at my level's rung, a win runs towards the next rung up."""
        if not rated(record) or not self.ledger.add(Game(key(record), record["level"], RATINGS[record["level"]],
                                                          SCORES[record["result"]])):
            return
        if record["level"] == self.ledger.rung:
            self.ledger.streak = self.ledger.streak + 1 if record["result"] == "win" else 0
        self.choose(record["result"])

    def choose(self, result: str | None = None) -> None:
        """Chooses Play at my level's rung (the rung a game at the level ``mine`` is played
        at, :meth:`reversi.game.settings.Settings.game_level`): after a rated game, the rung
        nearest the rating, the next one up after two wins in a row there, and never a lower
        one after a win; else (a load, a merge) the rung it has, or the nearest if none."""
        ledger = self.ledger
        if ledger.count:
            rung = nearest(ledger.rating.rating)
            if ledger.rung is not None and result is None:
                rung = ledger.rung
            elif ledger.rung is not None and result == "win":
                up = RUNG_NAMES.index(ledger.rung) + (ledger.streak >= STEP_UP)
                rung = RUNG_NAMES[min(len(RUNG_NAMES) - 1, max(up, RUNG_NAMES.index(rung)))]
            if rung != ledger.rung:
                ledger.rung, ledger.streak = rung, 0
        self.host.session.settings.my_rung = ledger.rung or FIRST_RUNG

    def report(self) -> RatingFields:
        """Returns the reply field (:class:`RatingFields`); a rated game just recorded is taken first."""
        history = self.host.session.progress.history
        first = self.host.session.progress.attempt.first_result
        if first is not None and len(history) and key(history[-1]) == key(first):
            self.take(first)
        self.choose()
        ledger, rating = self.ledger, self.ledger.rating
        value, deviation = round(rating.rating), round(rating.deviation)
        rung = ledger.rung or FIRST_RUNG
        points = [round(r.rating) for r in (ledger.base, *ledger.after)]  # the start, then after each game
        return {"rating": {
            "value": value, "deviation": deviation, "games": ledger.count,
            "provisional": ledger.count < SETTLED, "text": words(value, deviation, ledger.count), "points": points,
            "label": wording.say("rating.graph", len(points) - 1, first=points[0], last=points[-1])
            if len(points) > 1 else "",
            "rung": rung, "rung_rating": RATINGS[rung],
            "rung_text": wording.say("rating.my_level", rung=wording.level_name(rung), rating=RATINGS[rung]),
            "rungs": [{"id": r, "name": wording.level_name(r), "rating": RATINGS[r],
                       "label": wording.say("rating.rung", rung=wording.level_name(r), rating=RATINGS[r])}
                      for r in RUNG_NAMES],
            "scale": {"high": wording.number(max(points)), "low": wording.number(min(points))},
            "title": wording.say("rating.title"), "every_level": wording.say("rating.every_level"),
        }}


def words(value: int, deviation: int, games: int) -> str:
    """Returns the rating in words: with its uncertainty, provisional below 10 games."""
    if games == 0:
        return wording.say("rating.none")
    if games < SETTLED:
        return wording.say("rating.provisional", games, rating=value, deviation=deviation, settled=SETTLED)
    return wording.say("rating.value", rating=value, deviation=deviation)


FEATURE = Feature("rating", Player)
