"""The saved parts (P1, P3, P4): the session as version-3 parts (settings,
game, clock, stars and the history chunks, here one: history.0; see reversi.app.save), round trips, reloads that record
nothing twice, and damaged, foreign or hand-edited parts, each read on its own so
that damage to one part never costs another.  The version-0 and version-1 single
documents are tested in test_save_legacy.py; when parts are written, in
test_light_saving.py; several tabs, in test_tabs.py; long histories, in test_history_save.py.

The computer is a fake player (tests/sessions.py).
"""

from __future__ import annotations

import copy
import functools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi.app.saving import loading as save_loading
from reversi.app.saving import merges as save_merges
from reversi.app.saving import parts as save_parts
from reversi.app.saving.checks import VERSION
from reversi.app.snapshot import session_snapshot
from reversi.engine.notation import square_name
from reversi.game.history import encode
from reversi.game.results import key, valid_record
from reversi.game.session import Session
from reversi.game.settings import Settings
from reversi.game.stars import Shelf
from tests import sessions
from tests.sessions import (
    LOSS,
    NEWER,
    UNREADABLE,
    WIN,
    WIN_SHORT,
    Book,
    Storage,
    Tab,
    advance,
    assert_damage_handled,
    assert_playable,
    fresh,
    leaf_paths,
    parts,
    placed,
    play_on,
    rich_session,
    scripted,
    set_path,
)


def loaded(texts: dict) -> tuple[Session, list[str]]:
    """Returns a fresh session loaded from the stored ``texts`` (by part), and the notices."""
    session = fresh()
    return session, save_loading.load(session, texts)



RICH = rich_session()
BASE_TEXTS = parts(RICH)
BASE = {part: json.loads(text) for part, text in BASE_TEXTS.items()}
BASE_MOVES = BASE["game"]["game"]["moves"]
GOOD_1, GOOD_2 = RICH.progress.history
#: Every part of BASE: the fixed ones and its one history chunk.
ALL_PARTS = (*save_parts.PARTS, "history.0")


# -- round trips and reloads -------------------------------------------------------
def test_p1_the_parts_load_back_into_the_same_session():
    """P1: the placements, cursor (redo sequence), attempt, active time, settings,
    history and stars all come back; nothing is reported as damaged."""
    session, notices = loaded(BASE_TEXTS)
    assert notices == []
    assert session.game.line.moves == RICH.game.line.moves
    assert session.game.line.cursor == RICH.game.line.cursor
    assert session.board.cells() == RICH.board.cells() and session.board.turn == RICH.board.turn
    assert session.progress.attempt == RICH.progress.attempt
    assert session.settings == RICH.settings
    assert session.progress.history == RICH.progress.history
    assert session.progress.shelf == RICH.progress.shelf
    assert (session.game.mode, session.game.side, session.game.level) == ("computer", "black", "normal")
    session.resume()
    session.redo()
    assert session.game.line.cursor == 21 and session.player.calls == []  # U5 across a reload


def test_p1_each_part_is_version_3_and_holds_its_own_data():
    """P1, P8: five parts, each naming its format, part and version; the game part has
    the game and its attempt, but neither the settings (a display setting never
    rewrites the game), nor the active time (nor does a tick), nor the pause (P4: an
    unfinished computer game always comes back paused); the painted view is there
    for the page, with the status line the reloaded game shows."""
    assert set(BASE) == set(ALL_PARTS) == {"settings", "game", "clock", "history.0", "stars"}
    for part, doc in BASE.items():
        assert (doc["format"], doc["part"], doc["version"]) == ("reversi", part, VERSION) == ("reversi", part, 3)
    assert BASE["settings"]["settings"] == {"mode": "computer", "side": "black", "level": "hard",
                                            "legal_dots": False, "sound": False, "swap_sides": False,
                                            "move_clock": 0, "hints": False, "variant": "standard",
                                            "opening": "standard", "language": "", "ponder": True, "my_rung": "normal"}
    game = BASE["game"]
    assert game["game"] == {"mode": "computer", "side": "black", "level": "normal",
                            "moves": "".join(square_name(s) for s in RICH.game.line.moves), "cursor": 20}
    assert game["attempt"] == {"id": 3, "practice": True, "first_result": None,
                               "started": RICH.progress.attempt.started, "stars": []}
    assert "4321" not in BASE_TEXTS["game"]
    assert set(game["view"]) == {"cells", "counts", "last", "status", "language"}
    assert game["view"]["cells"] == RICH.board.cells() and game["view"]["status"] == "Paused"
    assert BASE["clock"] == {"format": "reversi", "part": "clock", "version": 3, "attempt": 3,
                             "started": RICH.progress.attempt.started, "active_ms": 4321}
    assert BASE["history.0"]["records"] == RICH.progress.history.items and all(
        isinstance(item, str) and len(item) < 100 for item in RICH.progress.history.items)
    assert BASE["stars"]["earned"] == RICH.progress.shelf.earned
    assert BASE["stars"]["wins"] == [key(GOOD_1)]


def test_p1_dump_load_dump_is_a_fixed_point():
    """P1, P4: reloading the parts gives the same parts, text for text (the painted
    view already shows the reloaded game's status), so a reload stores nothing."""
    session, _ = loaded(BASE_TEXTS)
    assert session.paused
    assert parts(session) == BASE_TEXTS
    session.resume()
    assert parts(session) == BASE_TEXTS  # neither is resuming (nor pausing) stored


def test_p1_dump_load_dump_keeps_the_stars_in_the_order_earned():
    """P1: the stars come back in the order they were earned (an exact fixed point)."""
    session = scripted(LOSS)
    advance(session, LOSS)
    assert session.progress.shelf.earned == ["opening", "capture", "corner", "completion"]
    texts = parts(session)
    again, notices = loaded(texts)
    assert notices == []
    assert parts(again) == texts


def test_p4_a_reloaded_unfinished_computer_game_waits_for_resume():
    """P4: after a reload the computer does not reply until Resume, even though it is its turn."""
    session = scripted(WIN)
    advance(session, WIN, 3)
    assert session.computer_to_move()
    again, notices = loaded(parts(session))
    assert notices == [] and again.paused
    assert not again.computer_to_move() and session_snapshot(again)["status"] == "Paused"
    before = parts(again)
    again.computer_move(again.token)
    assert parts(again) == before and again.player.calls == []
    again.resume()
    assert again.computer_to_move()
    again.computer_move(again.token)
    assert placed(again) == WIN[:8]


def test_p4_a_reloaded_finished_or_local_game_is_not_paused_by_the_reload():
    """P4: a finished game needs no Resume, nor does a local game (pausing is not
    stored: a local game paused before the reload comes back running); a computer
    game that has not begun needs none either."""
    finished = scripted(WIN_SHORT)
    advance(finished, WIN_SHORT)
    assert not loaded(parts(finished))[0].paused
    local = scripted(WIN, mode="local")
    advance(local, WIN, 5)
    assert not loaded(parts(local))[0].paused
    local.pause()
    assert not loaded(parts(local))[0].paused
    assert not loaded(parts(scripted(WIN)))[0].paused


@pytest.mark.parametrize("then", ["nothing", "undo+redo", "restart+finish", "reload again"])
def test_a3_reloading_a_finished_game_never_records_its_result_twice(then):
    """A3: a reload, and reviewing or replaying after it, keeps one history line."""
    session = scripted(WIN)
    advance(session, WIN)
    again, _ = loaded(parts(session))
    if then == "undo+redo":
        again.undo()
        again.redo()
    elif then == "restart+finish":
        again.restart()
        advance(again, WIN)
    elif then == "reload again":
        again, _ = loaded(parts(again))
    assert again.progress.history == session.progress.history and len(again.progress.history) == 1
    assert len(again.progress.shelf.wins) == 1
    assert again.progress.attempt.first_result == session.progress.attempt.first_result


def test_a1_a_reloaded_unfinished_game_records_its_result_once_when_it_ends():
    """A1, P1, P6: a game finished after a reload records one line, for the same
    attempt, with the active time of before and after the reload."""
    session = scripted(WIN)
    advance(session, WIN, 30)
    session.tick(2500)
    again, _ = loaded(parts(session))
    again.resume()
    again.tick(500)
    advance(again, WIN)
    assert len(again.progress.history) == 1
    record = again.progress.history[0]
    assert record["attempt"] == session.progress.attempt.id and record["duration_ms"] == 3000
    assert record["challenge"]  # a reload is not assistance


def test_p3_load_without_any_stored_part_starts_fresh_silently():
    """P3: nothing stored (first visit, storage unavailable) is no damage."""
    for nothing in ({}, {part: None for part in (*ALL_PARTS, save_parts.LEGACY)}, {"game": "", "legacy": ""}):
        session, notices = loaded(nothing)
        assert notices == [] and default_session(session)


def test_p3_a_valid_record_needs_every_field_and_consistent_values():
    """P3: the history line check accepts the session's own records and rejects near misses."""
    assert all(valid_record(r) for r in RICH.progress.history)
    near_misses = [record(challenge=True, result="loss"), record(result="white"), record(mode="local"),
                   record(black=65, white=0), record(attempt=True), record(date="x" * 65), {},
                   record(moves="f5d6z9"), record(moves="f5" * 65), record(practice=True),
                   record(variant="standard"), record(variant="anti"), record(variant="chess"),
                   {**GOOD_1, "extra": 1}]
    assert not any(valid_record(r) for r in near_misses)
    assert valid_record(record(mode="local", result="white", challenge=False))
    assert valid_record({k: v for k, v in GOOD_1.items() if k != "moves"})
    assert valid_record(record(variant="anti", challenge=False)) and valid_record(record(moves="f5" * 64))


# -- damaged and foreign parts -----------------------------------------------------------
def record(**changes):
    """Returns a copy of RICH's first history line with ``changes``."""
    return {**GOOD_1, **changes}


def edited(part: str, change):
    """Returns the stored texts: BASE's, with part ``part`` changed in place by ``change``."""
    def make() -> dict:
        doc = copy.deepcopy(BASE[part])
        change(doc)
        return {**BASE_TEXTS, part: json.dumps(doc)}
    return make


def replaced(part: str, text: str | None):
    """Returns the stored texts: BASE's, with part ``part`` stored as ``text`` (None: absent)."""
    return lambda: {**BASE_TEXTS, part: text}



def attempt_of(s: Session) -> tuple:
    """Returns what identifies the attempt and its flags (the clock part belongs to it)."""
    a = s.progress.attempt
    return a.id, a.practice, a.first_result, a.started


#: What each part of BASE keeps when it is read back whole.
KEPT = {
    "settings": lambda s: s.settings == RICH.settings,
    "level": lambda s: s.settings.level == "hard",
    "legal_dots": lambda s: s.settings.legal_dots is False,
    "game": lambda s: placed(s) == BASE_MOVES[:40] and len(s.game.line.moves) == 21,
    "attempt": lambda s: attempt_of(s) == attempt_of(RICH),
    "clock": lambda s: s.progress.attempt.active_ms == 4321,
    "history": lambda s: s.progress.history == RICH.progress.history,
    "stars": lambda s: s.progress.shelf == RICH.progress.shelf,
}
#: The kept checks that each stored part answers for.
OWNS = {"settings": ("settings",), "game": ("game", "attempt"), "clock": ("clock",), "history.0": ("history",),
        "stars": ("stars",)}
ALL = tuple(k for k in KEPT if k not in ("level", "legal_dots"))
BUT = lambda *gone: tuple(k for k in ALL if k not in gone)  # noqa: E731


#: A check: the game kept BASE's first ``count`` placements (cursor at ``cursor``).
keeps_moves = functools.partial(sessions.keeps_moves, BASE_MOVES)


def default_game(s) -> bool:
    """Checks that nothing of BASE's game part survived: a new game, and a new attempt
    whose id follows the history's (A1)."""
    return s.game.line.moves == [] and s.progress.attempt.id == 3 and not s.progress.attempt.practice


def default_session(s) -> bool:
    """Checks that nothing of BASE survived: a new player's session."""
    return (s.game.line.moves == [] and s.settings == Settings() and s.progress.history == []
            and s.progress.shelf == Shelf() and s.progress.attempt.id == 1 and s.progress.attempt.active_ms == 0)


def many_history_lines(doc):
    """Gives ``doc`` 1500 valid history lines of attempts 11 on (the first 700 as dicts, the rest compact)."""
    records = [record(attempt=n) for n in range(11, 1511)]
    doc["records"] = records[:700] + [encode(r) for r in records[700:]]


SETTINGS, GAME, CLOCK, STARS = (BASE_TEXTS[p] for p in save_parts.PARTS)
HISTORY = BASE_TEXTS["history.0"]
NO_GAME = BUT("game", "attempt", "clock")  # the clock belongs to the lost attempt
DAMAGED = [
    # (id, stored texts maker, notice substring or None for no notice, kept parts, extra check)
    # -- the game part
    ("game-truncated-after-10-chars", replaced("game", GAME[:10]), UNREADABLE, NO_GAME, default_game),
    ("game-truncated-in-the-middle", replaced("game", GAME[:len(GAME) // 2]), UNREADABLE, NO_GAME, default_game),
    ("game-truncated-before-the-last-brace", replaced("game", GAME[:-1]), UNREADABLE, NO_GAME, default_game),
    ("game-not-json", replaced("game", "<html>saved game</html>"), UNREADABLE, NO_GAME, default_game),
    ("game-byte-order-mark", replaced("game", "\ufeff" + GAME), UNREADABLE, NO_GAME, default_game),
    ("game-json-array", replaced("game", "[]"), UNREADABLE, NO_GAME, default_game),
    ("game-json-null", replaced("game", "null"), UNREADABLE, NO_GAME, default_game),
    ("game-json-string", replaced("game", json.dumps(GAME)), UNREADABLE, NO_GAME, default_game),
    ("game-nested-arrays-100000-deep", replaced("game", "[" * 100_000 + "]" * 100_000), UNREADABLE, NO_GAME,
     default_game),
    ("game-absent", replaced("game", None), None, NO_GAME, default_game),
    ("game-foreign-format", edited("game", set_path("format", "othello-pro")), UNREADABLE, NO_GAME, None),
    ("game-format-not-a-string", edited("game", set_path("format", 1)), UNREADABLE, NO_GAME, None),
    ("game-part-named-clock", edited("game", set_path("part", "clock")), UNREADABLE, NO_GAME, None),
    ("game-part-name-missing", edited("game", set_path("part", ...)), UNREADABLE, NO_GAME, None),
    ("game-holds-the-stars-part", replaced("game", STARS), UNREADABLE, NO_GAME, default_game),
    ("game-version-1", edited("game", set_path("version", 1)), UNREADABLE, NO_GAME, None),
    ("game-version-as-string", edited("game", set_path("version", "3")), UNREADABLE, NO_GAME, None),
    ("game-version-fraction", edited("game", set_path("version", 2.5)), UNREADABLE, NO_GAME, None),
    ("game-version-true", edited("game", set_path("version", True)), UNREADABLE, NO_GAME, None),
    ("game-version-missing", edited("game", set_path("version", ...)), UNREADABLE, NO_GAME, None),
    ("game-version-from-the-future", edited("game", set_path("version", 4)), NEWER, ALL, None),
    ("game-future-version-with-unknown-fields",
     edited("game", lambda d: d.update(version=9, theme="dark", game={**d["game"], "board": "wood"})),
     NEWER, ALL, None),
    ("game-extra-fields-everywhere",
     edited("game", lambda d: (d.update(cheat=True), d["view"].update(theme="dark"),
                               d["game"].update(eval=3.5), d["attempt"].update(hints=9))), None, ALL, None),
    ("game-view-garbage", edited("game", set_path("view", "painted")), None, ALL, None),
    ("game-view-missing", edited("game", set_path("view", ...)), None, ALL, None),
    ("game-game-wrong-type", edited("game", set_path("game", "f5d6c3")), "game", BUT("game"), keeps_moves(0)),
    ("game-moves-missing", edited("game", lambda d: (d["game"].pop("moves"), d["game"].pop("cursor"))),
     None, BUT("game"), keeps_moves(0)),
    ("game-moves-illegal", edited("game", set_path("game.moves", BASE_MOVES[:10] + "a1" + BASE_MOVES[10:])),
     "the moves after move 5", BUT("game"), keeps_moves(5)),
    ("game-moves-garbage-characters",
     edited("game", set_path("game.moves", BASE_MOVES[:8] + "z9@#" + BASE_MOVES[8:])),
     "the moves after move 4", BUT("game"), keeps_moves(4)),
    ("game-moves-as-list", edited("game", set_path("game.moves", ["f5", "d6"])), "the game's moves",
     BUT("game"), keeps_moves(0)),
    ("game-moves-a-2MB-string", edited("game", set_path("game.moves", "f5" * 1_000_000)),
     "the moves after move 1", BUT("game"), lambda s: placed(s) == "f5"),
    ("game-moves-after-the-end", edited("game", set_path("game.moves", WIN_SHORT + "h8")),
     "the moves after move 13", BUT("game"), lambda s: placed(s) == WIN_SHORT and s.is_over()),
    ("game-cursor-out-of-range", edited("game", set_path("game.cursor", 99)), "the undo position",
     BUT("game"), keeps_moves(21)),
    ("game-cursor-as-string", edited("game", set_path("game.cursor", "20")), "the undo position",
     BUT("game"), keeps_moves(21)),
    ("game-cursor-nan", replaced("game", GAME.replace('"cursor":20', '"cursor":NaN')), "the undo position",
     BUT("game"), keeps_moves(21)),
    ("game-mode-unknown", edited("game", set_path("game.mode", "chess")), "game mode", ALL, None),
    ("game-an-old-paused-flag", edited("game", set_path("game.paused", True)), None, ALL,
     lambda s: s.paused),  # ignored: P4 decides
    ("game-attempt-wrong-type", edited("game", set_path("attempt", "garbage")), "attempt",
     BUT("attempt", "clock"), lambda s: s.progress.attempt.id == 3),
    ("game-attempt-id-zero", edited("game", set_path("attempt.id", 0)), "attempt id", BUT("attempt"),
     lambda s: s.progress.attempt.practice and s.progress.attempt.id == 3),
    ("game-attempt-practice-as-string", edited("game", set_path("attempt.practice", "no")),
     "attempt practice", BUT("attempt"), lambda s: s.progress.attempt.id == 3),
    ("game-attempt-first-result-malformed", edited("game", set_path("attempt.first_result", {"result": "win"})),
     "attempt first_result", ALL, None),
    ("game-attempt-started-2000-chars", edited("game", set_path("attempt.started", "x" * 2000)),
     "attempt started", BUT("attempt", "clock"), lambda s: s.progress.attempt.active_ms == 0),
    # -- the settings part
    ("settings-truncated", replaced("settings", SETTINGS[:-2]), "settings", BUT("settings"),
     lambda s: s.settings == Settings()),
    ("settings-not-json", replaced("settings", "legal dots: off"), "settings", BUT("settings"), None),
    ("settings-json-array", replaced("settings", '["computer", "black"]'), "settings", BUT("settings"), None),
    ("settings-foreign-format", edited("settings", set_path("format", "prefs")), "settings", BUT("settings"),
     None),
    ("settings-holds-the-game-part", replaced("settings", GAME), "settings", BUT("settings"), None),
    ("settings-version-from-the-future", edited("settings", set_path("version", 4)), NEWER, ALL, None),
    ("settings-absent", replaced("settings", None), None, BUT("settings"), lambda s: s.settings == Settings()),
    ("settings-wrong-type", edited("settings", set_path("settings", ["computer", "black"])), "settings",
     BUT("settings"), lambda s: s.settings == Settings()),
    ("settings-nested-objects",
     edited("settings", set_path("settings", {"mode": [[[["local"]]]], "level": {"a": []}})),
     "setting mode", BUT("settings"), None),
    ("settings-unknown-level", edited("settings", set_path("settings.level", "godlike")), "setting level",
     BUT("settings") + ("legal_dots",), None),
    ("settings-legal-dots-as-string", edited("settings", set_path("settings.legal_dots", "yes")),
     "setting legal_dots", BUT("settings") + ("level",), None),
    ("settings-sound-as-number", edited("settings", set_path("settings.sound", 1)), "setting sound",
     BUT("settings") + ("level", "legal_dots"), None),
    ("settings-move-clock-not-offered", edited("settings", set_path("settings.move_clock", 45)),
     "setting move_clock", BUT("settings") + ("level", "legal_dots"), None),
    ("settings-unknown-setting", edited("settings", set_path("settings.theme", "dark")), None, ALL, None),
    # -- the clock part
    ("clock-truncated", replaced("clock", CLOCK[:-3]), "the active time", BUT("clock"),
     lambda s: s.progress.attempt.active_ms == 0),
    ("clock-not-json", replaced("clock", "4321 ms"), "the active time", BUT("clock"), None),
    ("clock-json-array", replaced("clock", "[4321]"), "the active time", BUT("clock"), None),
    ("clock-foreign-format", edited("clock", set_path("format", "stopwatch")), "the active time", BUT("clock"),
     None),
    ("clock-holds-the-game-part", replaced("clock", GAME), "the active time", BUT("clock"), None),
    ("clock-version-1", edited("clock", set_path("version", 1)), "the active time", BUT("clock"), None),
    ("clock-version-from-the-future", edited("clock", set_path("version", 4)), NEWER, ALL, None),
    ("clock-active-ms-negative", edited("clock", set_path("active_ms", -5)), "attempt active_ms",
     BUT("clock"), lambda s: s.progress.attempt.active_ms == 0),
    ("clock-active-ms-as-string", edited("clock", set_path("active_ms", "4321")), "attempt active_ms",
     BUT("clock"), None),
    ("clock-active-ms-fraction", edited("clock", set_path("active_ms", 4321.5)), "attempt active_ms",
     BUT("clock"), None),
    ("clock-active-ms-huge", edited("clock", set_path("active_ms", 10 ** 15)), "attempt active_ms",
     BUT("clock"), None),
    ("clock-active-ms-5000-digits",
     replaced("clock", CLOCK.replace('"active_ms":4321', '"active_ms":' + "9" * 5000)), "the active time",
     BUT("clock"), None),
    ("clock-of-another-attempt", edited("clock", set_path("attempt", 2)), None, BUT("clock"),
     lambda s: s.progress.attempt.active_ms == 0),
    ("clock-of-an-attempt-started-otherwise", edited("clock", set_path("started", "2025-12-31")), None,
     BUT("clock"), lambda s: s.progress.attempt.active_ms == 0),
    ("clock-absent", replaced("clock", None), None, BUT("clock"), lambda s: s.progress.attempt.active_ms == 0),
    # -- the history chunk
    ("history.0-truncated", replaced("history.0", HISTORY[:len(HISTORY) // 2]), "the results history",
     BUT("history"), lambda s: s.progress.history == []),
    ("history.0-wrong-type", replaced("history.0", json.dumps(RICH.progress.history.items)),
     "the results history", BUT("history"), lambda s: s.progress.history == []),
    ("history.0-records-not-a-list", edited("history.0", set_path("records", {"0": GOOD_1})),
     "the results history", BUT("history"), lambda s: s.progress.history == []),
    ("history.0-records-missing", edited("history.0", set_path("records", ...)), "the results history",
     BUT("history"), None),
    ("history.0-part-named-stars", edited("history.0", set_path("part", "stars")), "the results history",
     BUT("history"), None),
    ("history.0-version-from-the-future", edited("history.0", set_path("version", 4)), NEWER, ALL, None),
    ("history.0-bad-lines-among-good", edited("history.0", set_path("records", [
        GOOD_1, "loss", None, 7, [GOOD_2], record(attempt=0), record(result="black"), record(black=60, white=10),
        record(practice=True), {**GOOD_2, "extra": 1}, record(date=None), record(level="grandmaster"),
        record(duration_ms=-1), {k: v for k, v in GOOD_2.items() if k != "side"}, GOOD_2])),
     "13 results-history line(s)", ALL, None),
    ("history.0-bad-compact-lines-among-good", edited("history.0", set_path("records", [
        encode(GOOD_1), encode(GOOD_1)[:8], "-" * 30, encode(GOOD_1).replace(".", ":", 1),
        encode(record(attempt=9))[:6] + "___" + encode(GOOD_1)[9:], encode(GOOD_2)])),
     "4 results-history line(s)", ALL, None),
    ("history.0-1500-lines", edited("history.0", many_history_lines), None, BUT("history"),
     lambda s: len(s.progress.history) == 1500 and s.progress.history[0]["attempt"] == 11),
    ("history.0-empty", edited("history.0", set_path("records", [])), None, BUT("history"),
     lambda s: s.progress.history == []),
    ("history.0-absent", replaced("history.0", None), None, BUT("history"), lambda s: s.progress.history == []),
    # -- the stars part
    ("stars-truncated", replaced("stars", STARS[:20]), "stars", BUT("stars"),
     lambda s: s.progress.shelf == Shelf()),
    ("stars-wrong-type", replaced("stars", '["opening"]'), "stars", BUT("stars"),
     lambda s: s.progress.shelf == Shelf()),
    ("stars-foreign-format", edited("stars", set_path("format", "medals")), "stars", BUT("stars"), None),
    ("stars-version-from-the-future", edited("stars", set_path("version", 4)), NEWER, ALL, None),
    ("stars-unknown-ids", edited("stars", set_path("earned", [*RICH.progress.shelf.earned, "gold", 5, None])),
     "unknown stars", ALL, None),
    ("stars-earned-twice", edited("stars", set_path("earned", RICH.progress.shelf.earned * 2)),
     "unknown stars", ALL, None),
    ("stars-earned-as-string", edited("stars", set_path("earned", "opening")), "the stars", BUT("stars"),
     lambda s: s.progress.shelf.earned == [] and s.progress.shelf.wins == RICH.progress.shelf.wins),
    ("stars-wins-as-number", edited("stars", set_path("wins", 3)), "the count of fresh wins", BUT("stars"),
     lambda s: s.progress.shelf.earned == RICH.progress.shelf.earned and s.progress.shelf.wins == []),
    ("stars-wins-not-text", edited("stars", set_path("wins", [key(GOOD_1), 7])), "the count of fresh wins",
     BUT("stars"), lambda s: s.progress.shelf.wins == []),
    ("stars-wins-twice", edited("stars", set_path("wins", [key(GOOD_1)] * 2)), None, ALL, None),
    ("stars-absent", replaced("stars", None), None, BUT("stars"), lambda s: s.progress.shelf == Shelf()),
    # -- all of them
    ("every-part-truncated", lambda: {part: text[:-1] for part, text in BASE_TEXTS.items()}, UNREADABLE, (),
     default_session),
    ("every-part-foreign", lambda: {part: '{"format": "chess", "version": 2}' for part in BASE_TEXTS},
     UNREADABLE, (), default_session),
]


def test_p3_every_part_has_damaged_cases():
    """P3: the table covers at least sixty damaged, foreign or missing parts, at least
    eight for each part."""
    assert len(DAMAGED) >= 60 and len({row[0] for row in DAMAGED}) == len(DAMAGED)
    for part in ALL_PARTS:
        assert sum(row[0].startswith(part + "-") for row in DAMAGED) >= 8, part


@pytest.mark.parametrize("case, make, notice, kept, check", DAMAGED, ids=[row[0] for row in DAMAGED])
def test_p3_a_damaged_part_loads_into_a_playable_session(case, make, notice, kept, check):
    """P3: a damaged, foreign or hand-edited part never raises: what is valid is kept
    (every other part whole), what is dropped is named in a notice, and the game is
    playable."""
    session, notices = loaded(make())
    assert_damage_handled(session, notices, notice, kept, check, KEPT)


def test_p3_the_placements_before_a_damaged_one_are_kept_with_the_cursor_when_it_fits():
    """P3: a game part whose moves break at placement 12 keeps the first 11 placements;
    its cursor 20 no longer fits and is dropped (the game stands at its end)."""
    moves = BASE_MOVES[:22] + "a1" + BASE_MOVES[24:]
    session, notices = loaded(edited("game", set_path("game.moves", moves))())
    assert any("the moves after move 11" in n for n in notices) and any("the undo position" in n for n in notices)
    assert keeps_moves(11)(session)


def test_a3_a_dropped_attempt_does_not_let_a_finished_game_record_again():
    """A3, P3: a finished game whose attempt was damaged does not record its result again."""
    session = scripted(WIN)
    advance(session, WIN)
    texts = parts(session)
    game = json.loads(texts["game"])
    game["attempt"] = "garbage"
    again, notices = loaded({**texts, "game": json.dumps(game)})
    assert notices and again.is_over() and len(again.progress.history) == 1
    again.undo()
    again.redo()
    assert len(again.progress.history) == 1


def test_a3_a_dropped_attempt_of_a_reviewed_finished_game_does_not_record_again():
    """A3, P3: a finished game, undone twice for review, saved with a damaged attempt:
    redoing to the end after the reload records nothing new."""
    session = scripted(WIN)
    advance(session, WIN)
    session.undo()
    session.undo()
    texts = parts(session)
    game = json.loads(texts["game"])
    game["attempt"] = "garbage"
    again, notices = loaded({**texts, "game": json.dumps(game)})
    assert notices and not again.is_over()
    while again.game.redo_target() is not None:
        again.redo()
    assert again.is_over() and len(again.progress.history) == 1


def test_a1_a_dropped_attempt_id_is_not_reused_by_a_later_result():
    """A1, P3: attempt ids stay unique in the history after a damaged attempt id."""
    session, notices = loaded(edited("game", set_path("attempt.id", "three"))())
    assert notices
    session.resume()
    session.redo()
    advance(session, WIN)
    ids = [r["attempt"] for r in session.progress.history]
    assert len(ids) == 3 and len(set(ids)) == 3


#: Every place in BASE's parts where a hand edit could put a wrong value, headers included.
PATHS = [path for part in ALL_PARTS for path in leaf_paths(BASE[part], (part,)) if len(path) > 1]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 13, 10 ** 13) | st.floats(allow_nan=True)
    | st.text(max_size=12) | st.sampled_from(["computer", "local", "white", "expert", "win", "f5", "opening",
                                              "reversi", "game", "clock", "history", "stars", 2, 3]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)


def assert_others_kept(session: Session, damaged: str) -> None:
    """Checks that every part but ``damaged`` came back whole.  The clock belongs to the
    attempt, so it is owed only while the attempt survived; and an attempt takes its
    first result from a history line of its own id (A3), so a damaged history may
    give attempt 3 one."""
    for part, checks in OWNS.items():
        if part == damaged:
            continue
        for name in checks:
            if name == "attempt" and damaged == "history.0":
                assert attempt_of(session)[::2] == attempt_of(RICH)[::2], "the attempt was lost"
            elif name == "clock" and damaged == "game" and attempt_of(session)[::3] != attempt_of(RICH)[::3]:
                assert session.progress.attempt.active_ms == 0
            else:
                assert KEPT[name](session), f"{name} was lost when {damaged} was damaged"


@settings(max_examples=120, deadline=None)
@given(path=st.sampled_from(PATHS), value=JSON_VALUES)
def test_p3_any_value_anywhere_in_a_part_keeps_the_other_parts(path, value):
    """P3: whatever value replaces one field of one part (its header included), load
    never raises, every other part is kept whole and the session is playable."""
    doc = copy.deepcopy(BASE[path[0]])
    target = doc
    for name in path[1:-1]:
        target = target[name]
    target[path[-1]] = value
    session, notices = loaded({**BASE_TEXTS, path[0]: json.dumps(doc)})
    assert_others_kept(session, path[0])
    assert all(isinstance(n, str) and n for n in notices)
    assert_playable(session)


@settings(max_examples=80, deadline=None)
@given(part=st.sampled_from(ALL_PARTS), data=st.data())
def test_p3_any_truncation_or_changed_character_of_a_part_keeps_the_others(part, data):
    """P3: a part cut anywhere, or with any one character changed, never raises, keeps
    every other part whole and leaves a playable session."""
    text = BASE_TEXTS[part]
    cut = data.draw(st.integers(0, len(text)), label="cut")
    position = data.draw(st.integers(0, len(text) - 1), label="position")
    char = data.draw(st.characters(codec="utf-8"), label="char")
    for damaged in (text[:cut], text[:position] + char + text[position + 1:]):
        session, notices = loaded({**BASE_TEXTS, part: damaged})
        assert_others_kept(session, part)
        assert_playable(session)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_p3_damage_to_several_parts_keeps_the_rest(data):
    """P3: truncating any set of parts keeps every part that was left alone."""
    damaged = data.draw(st.sets(st.sampled_from(ALL_PARTS), max_size=4), label="damaged parts")
    texts = {part: (text[:data.draw(st.integers(0, len(text) - 1), label=part)] if part in damaged else text)
             for part, text in BASE_TEXTS.items()}
    session, _ = loaded(texts)
    for part in set(ALL_PARTS) - damaged:
        for name in OWNS[part]:
            if name == "clock" and "game" in damaged and attempt_of(session)[::3] != attempt_of(RICH)[::3]:
                continue
            if name == "attempt" and "history.0" in damaged:
                continue
            assert KEPT[name](session), f"{name} was lost with {sorted(damaged)} damaged"
    assert_playable(session)


# -- reading one part of another tab (P7) ---------------------------------------------
def test_p7_reading_another_tabs_history_stars_and_clock_never_raises():
    """P7, P3: the part readers used when another tab stored a part take what is valid
    and nothing from a damaged text; a clock part counts only for the same attempt
    and only when it is larger."""
    assert save_merges.read_history("history.0", HISTORY) == RICH.progress.history
    assert save_merges.read_history("history.0", None) == []
    assert save_merges.read_history("history.0", HISTORY[:-2]) == []
    assert save_merges.read_history("history.0", STARS) == [] and save_merges.read_history("history.1", HISTORY) == []
    assert save_merges.read_stars(STARS) == RICH.progress.shelf
    assert save_merges.read_stars("{") == Shelf() and save_merges.read_stars(HISTORY) == Shelf()
    session, _ = loaded(BASE_TEXTS)
    for text, expected in ((CLOCK.replace("4321", "9000"), 9000), (CLOCK.replace("4321", "100"), 9000),
                           (CLOCK.replace('"attempt":3', '"attempt":2').replace("4321", "99999"), 9000),
                           ("garbage", 9000), (None, 9000)):
        save_merges.read_clock(session, text)
        assert session.progress.attempt.active_ms == expected


# -- through the bridge ---------------------------------------------------------------------
@pytest.mark.parametrize("case", ["history.0-bad-lines-among-good", "game-truncated-in-the-middle",
                                  "game-json-array", "game-moves-illegal", "settings-unknown-level",
                                  "clock-truncated", "stars-unknown-ids", "game-version-from-the-future"])
def test_p3_the_bridge_loads_damaged_parts_shows_the_notices_and_rewrites_them(case):
    """P3, P2: the bridge's load answers with the notices and stores clean parts in
    place of the damaged ones (each based on the damaged text, so the page may
    overwrite it); what it stores reloads without a notice; play continues."""
    _, make, notice, _, _ = next(row for row in DAMAGED if row[0] == case)
    storage = Storage(**make())
    damaged = dict(storage)
    tab = Tab(storage, player=Book(WIN, LOSS))
    reply = tab.load()
    assert any(notice in n for n in reply["notices"])
    for part, sent in reply["save"].items():
        assert sent["base"] == damaged[part]
    assert save_loading.load(fresh(), dict(storage)) == []
    reply, square = play_on(tab)
    assert reply["last"] == square


@pytest.mark.parametrize("documents", [None, 42, ["x"], {"format": "reversi"}, {"game": 7, "stars": ["x"]},
                                       {"game": None, "legacy": None}])
def test_p3_the_bridge_accepts_any_json_value_as_documents(documents):
    """P3: the bridge's load never raises, whatever JSON value the page sends (a value
    that is not text is as good as absent)."""
    tab = Tab(Storage(), player=Book(WIN, LOSS))
    reply = tab.call("load", documents=documents)
    assert reply["notices"] == []
    assert reply["cells"] and reply["human_to_move"]


def test_p4_the_bridge_reloads_a_saved_unfinished_game_paused():
    """P4: what the page stored comes back through the bridge, paused, without a notice."""
    storage = Storage()
    tab = Tab(storage, player=Book(WIN, LOSS))
    tab.load()
    tab.play("e6")
    reply = Tab(storage, player=Book(WIN, LOSS)).load()
    assert reply["notices"] == [] and reply["paused"] and not reply["computer_to_move"]
    assert reply["moves"] == "e6" and reply["status"] == "Paused"
