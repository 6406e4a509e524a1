"""The saved document: the session as versioned JSON, and its careful reading back.

SPEC P1: after every change the page stores :func:`dump` in localStorage.
SPEC P3: :func:`load` never trusts the text.  It checks every part on its own
(settings, game, attempt, history, stars), keeps what is valid, drops the rest
and says what was dropped.  Older versions are migrated step by step.

Version 1 document::

    {"format": "reversi", "version": 1,
     "settings": {"mode", "side", "level", "legal_dots", "sound"},
     "game": {"mode", "side", "level", "moves": "f5d6…", "cursor": n, "paused": bool},
     "attempt": {"id", "practice", "first_result": record | null, "active_ms", "started"},
     "history": [record, …],
     "stars": {"earned": [id, …], "challenge_wins": n},
     "view": {"cells", "counts", "last", "status"}}

``view`` only lets the page paint the saved position before Python is ready
(SPEC O3); it is never read back: the position comes from replaying ``moves``.

A record is ``{"attempt", "date", "mode", "level", "side", "result", "black",
"white", "practice", "challenge", "duration_ms", "moves"}`` (``moves`` optional).
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict
from typing import Any, Callable

from ..game.line import Line
from ..engine.notation import NotationError, format_transcript, parse_transcript
from ..game.session import LEVELS, MODES, MOVE_CLOCKS, SIDES, Game, Session
from .snapshot import board_snapshot, status_line
from ..game.stars import STAR_IDS

FORMAT = "reversi"
VERSION = 1
MAX_TEXT = 10_000_000  # far above any browser's localStorage quota
MAX_HISTORY = 1000
MAX_INT = 10 ** 12
RESULTS = {"computer": ("win", "loss", "draw"), "local": ("black", "white", "draw")}
TRANSCRIPT = re.compile(r"(?:[a-h][1-8]){0,60}")


def dump(session: Session, snapshot: dict[str, Any] | None = None) -> str:
    """Returns the session as a version-1 JSON document; ``snapshot``, the session's
    snapshot when the caller has one, spares working out the painted view again."""
    game = session.game
    line = game.line
    view = snapshot or {**board_snapshot(line.board), "status": status_line(session)}
    doc = {
        "format": FORMAT, "version": VERSION,
        "settings": asdict(session.settings),
        "game": {"mode": game.mode, "side": game.side, "level": game.level,
                 "moves": format_transcript(line.moves), "cursor": line.cursor,
                 "paused": session.paused},
        "attempt": asdict(session.attempt),
        "history": session.history,
        "stars": {"earned": session.stars, "challenge_wins": session.challenge_wins},
        "view": {key: view[key] for key in ("cells", "counts", "last", "status")},
    }
    return json.dumps(doc, separators=(",", ":"))


# -- checks for single values -----------------------------------------------
def _is_int(value: Any, low: int = 0, high: int = MAX_INT) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _is_text(value: Any, limit: int = 64) -> bool:
    return isinstance(value, str) and len(value) <= limit


def valid_record(record: Any) -> bool:
    """Checks if ``record`` is a well-formed results-history line."""
    if not isinstance(record, dict):
        return False
    checks = {
        "attempt": lambda v: _is_int(v, 1), "date": _is_text, "mode": lambda v: v in MODES,
        "level": lambda v: v in LEVELS, "side": lambda v: v in SIDES,
        "black": lambda v: _is_int(v, 0, 64), "white": lambda v: _is_int(v, 0, 64),
        "practice": lambda v: isinstance(v, bool), "challenge": lambda v: isinstance(v, bool),
        "duration_ms": _is_int, "result": lambda v: isinstance(v, str),
    }
    keys = set(record) - {"moves"}  # the game's transcript, optional in version 1
    if keys != set(checks) or not all(check(record[key]) for key, check in checks.items()):
        return False
    if "moves" in record and not _is_transcript(record["moves"]):
        return False
    return (record["result"] in RESULTS[record["mode"]] and record["black"] + record["white"] <= 64
            and not (record["challenge"] and (record["practice"] or record["result"] != "win")))


def _is_transcript(moves: Any) -> bool:
    """Checks if ``moves`` reads as a transcript of at most 60 placements (legality is
    checked when the game is reviewed: replaying a long history here would slow every start)."""
    return isinstance(moves, str) and TRANSCRIPT.fullmatch(moves) is not None


# -- migration ----------------------------------------------------------------
def _from_v0(doc: dict[str, Any]) -> dict[str, Any]:
    """Migrates version 0 (the foundation page: only ``moves`` and ``legal_dots``)."""
    return {"format": FORMAT, "version": 1,
            "settings": {"mode": "local", "legal_dots": doc.get("legal_dots", True)},
            "game": {"mode": "local", "moves": doc.get("moves", "")}}


#: Upgrades by the version they start from.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _from_v0}


# -- reading back -----------------------------------------------------------
class _Reader:
    """Reads one document into a fresh session, collecting what had to be dropped."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.dropped: list[str] = []
        self.attempt_known = False

    def part(self, doc: dict[str, Any], key: str) -> dict[str, Any]:
        """Returns the object ``doc[key]`` or {} (noting a wrong type)."""
        value = doc.get(key, {})
        if isinstance(value, dict):
            return value
        self.dropped.append(key)
        return {}

    def fields(self, target: Any, data: dict[str, Any], checks: dict[str, Callable[[Any], bool]],
                 label: str) -> None:
        """Copies each valid field of ``data`` onto ``target``; notes invalid ones."""
        for key, value in data.items():
            if key in checks and checks[key](value):
                setattr(target, key, value)
            elif key in checks:
                self.dropped.append(f"{label} {key}")

    def settings(self, data: dict[str, Any]) -> None:
        self.fields(self.session.settings, data, {
            "mode": lambda v: v in MODES, "side": lambda v: v in SIDES, "level": lambda v: v in LEVELS,
            "legal_dots": lambda v: isinstance(v, bool), "sound": lambda v: isinstance(v, bool),
            "swap_sides": lambda v: isinstance(v, bool),
            "move_clock": lambda v: v in MOVE_CLOCKS and not isinstance(v, bool),
        }, "setting")

    def game(self, data: dict[str, Any]) -> None:
        session = self.session
        game = Game(session.settings.mode, session.settings.side, session.settings.level)
        self.fields(game, {k: v for k, v in data.items() if k in ("mode", "side", "level")}, {
            "mode": lambda v: v in MODES, "side": lambda v: v in SIDES, "level": lambda v: v in LEVELS,
        }, "game")
        moves = data.get("moves", "")
        line = Line()
        if isinstance(moves, str):
            try:
                for square, _ in parse_transcript(moves[:200]):
                    line.play(square)
                if len(moves) > 200:
                    raise ValueError("too long")
            except NotationError as error:  # keep the placements before the bad character
                try:
                    for square, _ in parse_transcript(moves[len(line.moves) * 2:error.position - 1]):
                        line.play(square)
                except ValueError:
                    pass
                self.dropped.append(f"the moves after move {len(line.moves)}")
            except ValueError:
                self.dropped.append(f"the moves after move {len(line.moves)}")
        else:
            self.dropped.append("the game's moves")
        cursor = data.get("cursor", len(line.moves))
        if _is_int(cursor, 0, len(line.moves)):
            line.seek(cursor)
        else:
            self.dropped.append("the undo position")
        game.line = line
        session.game = game
        session.paused = data.get("paused") is True

    def attempt(self, data: dict[str, Any]) -> None:
        self.fields(self.session.attempt, data, {
            "id": lambda v: _is_int(v, 1), "practice": lambda v: isinstance(v, bool),
            "first_result": lambda v: v is None or valid_record(v), "active_ms": _is_int,
            "started": _is_text,
        }, "attempt")
        self.attempt_known = _is_int(data.get("id"), 1)

    def reconcile(self) -> None:
        """Keeps the attempt consistent with the history when its part was damaged (A1, A3):
        a result already in the history is never recorded again, and ids stay unique."""
        session, attempt = self.session, self.session.attempt
        history = session.history
        if not self.attempt_known:
            latest = history[-1] if history else None
            if latest and latest.get("moves") == format_transcript(session.game.line.moves):
                attempt.id = latest["attempt"]
            else:
                attempt.id = max((r["attempt"] for r in history), default=0) + 1
                attempt.first_result = None
        if attempt.first_result is None:
            attempt.first_result = next((r for r in reversed(history) if r["attempt"] == attempt.id), None)

    def history(self, data: Any) -> None:
        if not isinstance(data, list):
            self.dropped.append("the results history")
            return
        good = [r for r in data[-MAX_HISTORY:] if valid_record(r)]
        if len(good) < len(data):
            self.dropped.append(f"{len(data) - len(good)} results-history line(s)")
        self.session.history = good

    def stars(self, data: dict[str, Any]) -> None:
        earned = data.get("earned", [])
        if isinstance(earned, list):
            known = [s for i, s in enumerate(earned) if s in STAR_IDS and s not in earned[:i]]
            if len(known) < len(earned):
                self.dropped.append("unknown stars")
            self.session.stars = known
        else:
            self.dropped.append("the stars")
        wins = data.get("challenge_wins", 0)
        if _is_int(wins, 0, 10 ** 6):
            self.session.challenge_wins = wins
        else:
            self.dropped.append("the count of fresh wins")


def load(session: Session, text: str | None) -> list[str]:
    """Fills the fresh ``session`` from the saved ``text``; returns notices for the player.

    Never raises for bad input: what is valid is kept, the rest is dropped and named.
    An unfinished computer game comes back paused, waiting for Resume (SPEC P4).
    """
    if text is None or text == "":
        return []
    fresh = "Your saved game could not be read, so a new one was started."
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        return [fresh]
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return [fresh]
    if not isinstance(doc, dict) or doc.get("format", FORMAT) != FORMAT or not ({"version", "moves"} & set(doc)):
        return [fresh]
    version = doc.get("version", 0)
    notices = []
    if not _is_int(version, 0, MAX_INT):
        return [fresh]
    if version > VERSION:
        notices.append("This save comes from a newer version of the game; "
                       "only the parts this version understands were kept.")
    while version < VERSION:
        doc = MIGRATIONS[version](doc)
        version = doc["version"]
    reader = _Reader(session)
    reader.settings(reader.part(doc, "settings"))
    reader.game(reader.part(doc, "game"))
    reader.attempt(reader.part(doc, "attempt"))
    reader.history(doc.get("history", []))
    reader.stars(reader.part(doc, "stars"))
    reader.reconcile()
    if reader.dropped:
        notices.append("Some saved data was damaged and was dropped: " + ", ".join(reader.dropped) + ".")
    if session.game.mode == "computer" and not session.is_over() and session.game.line.moves:
        session.paused = True
    session.token += 1
    return notices

