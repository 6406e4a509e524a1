"""Reading saved parts back into a fresh session, part by part, never trusting them (P3).

Each part is checked on its own: a valid field is kept, an invalid one is
dropped and named (as a code that :func:`reversi.app.wording.dropped` words),
and the attempt is reconciled with the history so that a damaged part never
lets a result be recorded twice (A1, A3).
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any, Callable, Iterable

from ...engine.board import Board
from ...engine.notation import NotationError, format_transcript, parse_board, parse_transcript
from ...engine.variants import STANDARD
from ...game.history import History, checked_items, encode
from ...game.line import Line, Start
from ...game.play import Game
from ...game.results import is_board, is_int, is_text, valid_record
from ...game.session import Session
from ...game.settings import CHOICES, is_valid
from ...game.stars import STAR_IDS
from .. import wording

#: Far above any browser's localStorage quota.
MAX_TEXT = 10_000_000
#: The longest transcript text read (60 placements, and room for spaces).
MAX_MOVES_TEXT = 200
#: The highest version this code writes (see :mod:`.parts`).
VERSION = 3
#: The most challenge wins read (far above what a person plays).
MAX_WINS = 1_000_000
#: The name of a history chunk (the page's storage.js uses the same, CHUNK_NAME).
CHUNK_NAME = r"history\.(?:0|[1-9][0-9]{0,5})"
_CHUNK_NAME = re.compile(CHUNK_NAME)


def is_chunk(part: str) -> bool:
    """Checks if ``part`` names a history chunk (``history.0``, ``history.1`` …, :mod:`.parts`)."""
    return bool(_CHUNK_NAME.fullmatch(part))


def decode(text: str | None, part: str | None) -> dict[str, Any] | None:
    """Returns the object a stored text holds: a version-2 part named ``part``, or the
    old single document (``part`` None); None when it is not one."""
    if not isinstance(text, str) or not text or len(text) > MAX_TEXT:
        return None
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or doc.get("format", "reversi") != "reversi":
        return None
    if part is not None and (doc.get("part") != part or not is_int(doc.get("version"), 2)):
        return None
    return doc


def _validators(names: Iterable[str]) -> dict[str, Callable[[Any], bool]]:
    """Returns a check per setting name: :func:`reversi.game.settings.is_valid`."""
    return {name: functools.partial(is_valid, name) for name in names}


class Reader:
    """Reads part bodies into one fresh session, collecting what had to be dropped."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.dropped: list[tuple[str, Any]] = []
        self.unreadable = False
        self.newer = False
        self.attempt_known = False

    def notices(self) -> list[str]:
        """Returns the notices for the player: an unreadable game, a newer version, damage."""
        out = [wording.unreadable()] if self.unreadable else []
        if self.newer:
            out.append(wording.newer())
        if self.dropped:
            out.append(wording.dropped(self.dropped))
        return out

    def read(self, bodies: dict[str, Any]) -> None:
        """Reads the part bodies there are (None: a stored part that could not be decoded)."""
        self.parts(bodies)
        self.rest(bodies)

    def parts(self, bodies: dict[str, Any]) -> None:
        """Reads what does not need the history: the settings, the game and its attempt, the stars."""
        self.check(bodies)
        self.settings(self.part(self.part(bodies, "settings"), "settings"))
        game = self.part(bodies, "game")
        self.game(self.part(game, "game"))
        self.attempt(self.part(game, "attempt"))
        if bodies.get("stars") is not None:
            self.stars(self.part(bodies, "stars"))

    def rest(self, bodies: dict[str, Any], chunks: dict[str, Any] | None = None) -> None:
        """Reads the history (of ``bodies``, and the ``chunks`` read after them), then
        what depends on it: the attempt reconciled, then its clock."""
        self.check(chunks or {})
        self.history({name: body for name, body in {**bodies, **(chunks or {})}.items()
                      if name == "history" or is_chunk(name)})
        self.reconcile()
        self.clock(bodies.get("clock"))  # after reconcile: the clock names the attempt it belongs to

    def check(self, bodies: dict[str, Any]) -> None:
        """Notes the bodies that could not be decoded and those of a newer version."""
        for part, body in bodies.items():
            if body is None:
                if part == "game":
                    self.unreadable = True
                else:
                    self.dropped.append(("history" if is_chunk(part) else part, None))
            elif isinstance(body, dict) and is_int(body.get("version"), VERSION + 1):
                self.newer = True

    def part(self, doc: Any, key: str) -> dict[str, Any]:
        """Returns the object ``doc[key]`` or {} (noting a wrong type)."""
        value = doc.get(key, {}) if isinstance(doc, dict) else {}
        if isinstance(value, dict):
            return value
        self.dropped.append((key, None))
        return {}

    def fields(self, target: Any, data: dict[str, Any], checks: dict[str, Callable[[Any], bool]],
               code: str) -> None:
        """Copies each valid field of ``data`` onto ``target``; notes invalid ones."""
        for key, value in data.items():
            if key in checks and checks[key](value):
                setattr(target, key, value)
            elif key in checks:
                self.dropped.append((code, key))

    def settings(self, data: dict[str, Any]) -> None:
        self.fields(self.session.settings, data, _validators(CHOICES), "setting")

    def game(self, data: dict[str, Any]) -> None:
        session = self.session
        game = Game(session.settings.mode, session.settings.side, session.settings.level)
        fixed = ("mode", "side", "level")  # the variant comes with the line below
        self.fields(game, {k: v for k, v in data.items() if k in fixed}, _validators(fixed), "game_field")
        variant = data.get("variant", STANDARD)
        if "start" in data and not is_board(data["start"]) or not is_valid("variant", variant):
            self.dropped.append(("start" if "start" in data else "variant", None))  # its moves are unknown now
            game.line = Line()
        else:
            start = parse_board(data["start"]) if "start" in data else None
            game.line = self.line(data.get("moves", ""), start, variant)
            game.balanced_line = opening_of(data.get("opening"), start)
        cursor = data.get("cursor", len(game.line.moves))
        if is_int(cursor, 0, len(game.line.moves)):
            game.line.seek(cursor)
        else:
            self.dropped.append(("cursor", None))
        session.game = game

    def line(self, moves: Any, start: Start | None = None, variant: str = STANDARD) -> Line:
        """Returns the line of the legal placements at the beginning of ``moves``, played
        from ``start`` (None: the opening) under ``variant``."""
        line = Line(start=start, variant=variant)
        if not isinstance(moves, str):
            self.dropped.append(("moves", None))
            return line
        try:
            for square, _ in parse_transcript(moves[:MAX_MOVES_TEXT]):
                line.play(square)
            if len(moves) > MAX_MOVES_TEXT:
                raise ValueError("too long")
        except NotationError as error:  # keep the placements before the bad character
            try:
                for square, _ in parse_transcript(moves[len(line.moves) * 2:error.position - 1]):
                    line.play(square)
            except ValueError:
                pass
            self.dropped.append(("moves_after", len(line.moves)))
        except ValueError:
            self.dropped.append(("moves_after", len(line.moves)))
        return line

    def attempt(self, data: dict[str, Any]) -> None:
        self.fields(self.session.progress.attempt, data, {
            "id": lambda v: is_int(v, 1), "practice": lambda v: isinstance(v, bool),
            "first_result": lambda v: v is None or valid_record(v), "active_ms": is_int,
            "started": is_text,
            "stars": lambda v: isinstance(v, list) and all(s in STAR_IDS for s in v) and len(set(v)) == len(v),
        }, "attempt_field")
        self.attempt_known = is_int(data.get("id"), 1)

    def clock(self, data: Any) -> None:
        """Takes the active time of a clock part that belongs to this attempt."""
        attempt = self.session.progress.attempt
        if not isinstance(data, dict) or (data.get("attempt"), data.get("started")) != (attempt.id, attempt.started):
            return
        if is_int(data.get("active_ms")):
            attempt.active_ms = max(attempt.active_ms, data["active_ms"])
        else:
            self.dropped.append(("attempt_field", "active_ms"))

    def history(self, bodies: dict[str, Any]) -> None:
        """Reads the history: version 2's one part of record dicts (``history``), and the
        chunks ``history.N`` of stored items, kept in date order, each record once (P9)."""
        items: list[Any] = []
        told = False
        for name, body in bodies.items():
            records = body.get("records") if isinstance(body, dict) else None
            if not isinstance(records, list):
                if body is not None:
                    self.dropped.append(("history", None))
                continue
            good = checked_items(records, body.get("check")) if name != "history" else [
                encode(r) for r in records if valid_record(r)]
            if len(good) < len(records):
                self.dropped.append(("history_lines", len(records) - len(good)))
            items.extend(good)
            told = told or (name == "history.0" and body.get("shed") is True)
        self.session.progress.history = History(items, told=told)

    def stars(self, data: Any) -> None:
        if not isinstance(data, dict):
            return
        shelf = self.session.progress.shelf
        earned = data.get("earned", [])
        if isinstance(earned, list):
            known = [s for i, s in enumerate(earned) if s in STAR_IDS and s not in earned[:i]]
            if len(known) < len(earned):
                self.dropped.append(("unknown_stars", None))
            shelf.earned = known
        else:
            self.dropped.append(("earned", None))
        wins = data.get("wins", [])
        if isinstance(wins, list) and all(is_text(w) for w in wins) and len(wins) <= MAX_WINS:
            shelf.wins = list(dict.fromkeys(wins))
        else:
            self.dropped.append(("wins", None))

    def reconcile(self) -> None:
        """Keeps the attempt consistent with the history when its part was damaged (A1, A3):
        a result already in the history is never recorded again, and ids stay unique."""
        session, attempt = self.session, self.session.progress.attempt
        history = session.progress.history
        if not self.attempt_known:
            latest = history[-1] if history else None
            if latest and latest.get("moves") == format_transcript(session.game.line.moves):
                attempt.id = latest["attempt"]
            else:
                attempt.id = history.last_attempt() + 1
                attempt.first_result = None
        if attempt.first_result is None:
            attempt.first_result = history.of_attempt(attempt.id, attempt.started)


def opening_of(opening: Any, start: Start | None) -> str:
    """Returns a saved game's balanced opening when it is a transcript that
    reaches the game's start; else "" (the game stays, as a set-up game)."""
    if not isinstance(opening, str) or start is None or len(opening) > MAX_MOVES_TEXT:
        return ""
    try:
        board = Board.replay(opening)
    except ValueError:
        return ""
    return opening if (board.black, board.white, board.turn) == start else ""
