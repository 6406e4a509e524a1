"""The version-0 and version-1 saved documents (P3: "data is versioned and
migrated"): before the saved parts the whole session was one document under one key.
Such a document is handed to :func:`reversi.app.saving.loading.load` as the ``legacy`` text
and migrated into the four version-2 parts.

``tests/data/save-v1-rich.json`` is a real version-1 document, written by the
previous version's code from :func:`tests.sessions.rich_session`; it is the base of the
damaged-document table (60+ documents), which now goes through the migration.
The version-2 parts have their own table in test_save.py.
"""

from __future__ import annotations

import copy
import functools
import json
from dataclasses import asdict
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi.app.saving import legacy as save_legacy
from reversi.app.saving import loading as save_loading
from reversi.app.saving.checks import VERSION
from reversi.app.snapshot import session_snapshot
from reversi.engine.notation import format_transcript
from reversi.game.session import Session
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

LEGACY_TEXT = (Path(__file__).parent / "data" / "save-v1-rich.json").read_text()
LEGACY = json.loads(LEGACY_TEXT)


def loaded(text) -> tuple[Session, list[str]]:
    """Returns a fresh session loaded from the older single document ``text``, and the notices."""
    session = fresh()
    return session, save_loading.load(session, {"legacy": text})



RICH = rich_session()


# -- the data file and its migration ----------------------------------------------------
def test_the_data_file_is_the_version_1_document_of_the_rich_session():
    """The version-1 document on disk holds what rich_session() builds today, so the
    checks below (kept parts compared with RICH) compare like with like."""
    assert LEGACY["format"] == "reversi" and LEGACY["version"] == 1
    new_since_version_1 = {"hints": False, "variant": "standard", "opening": "standard", "language": "",
                          "ponder": True, "my_rung": "normal"}
    assert {**LEGACY["settings"], **new_since_version_1} == asdict(RICH.settings)
    game = RICH.game
    assert LEGACY["game"] == {"mode": game.mode, "side": game.side, "level": game.level,
                              "moves": format_transcript(game.line.moves), "cursor": 20, "paused": False}
    assert {**LEGACY["attempt"], "stars": []} == asdict(RICH.progress.attempt)  # version 1 kept no stars per attempt
    assert LEGACY["history"] == RICH.progress.history
    assert LEGACY["stars"] == {"earned": RICH.progress.shelf.earned, "challenge_wins": 1}
    snap = session_snapshot(RICH)
    assert LEGACY["view"] == {key: snap[key] for key in ("cells", "counts", "last", "status")}


def test_p3_a_version_1_document_migrates_into_the_same_session():
    """P3, P1: the version-1 document loads without a notice into the session it was
    written from: placements, redo sequence, attempt with its active time, settings,
    history and stars; the challenge-win count becomes as many placeholder keys (S8)."""
    session, notices = loaded(LEGACY_TEXT)
    assert notices == []
    assert session.game.line.moves == RICH.game.line.moves and session.game.line.cursor == 20
    assert (session.game.mode, session.game.side, session.game.level) == ("computer", "black", "normal")
    assert session.progress.attempt == RICH.progress.attempt
    assert session.settings == RICH.settings
    assert session.progress.history == RICH.progress.history
    assert session.progress.shelf.earned == RICH.progress.shelf.earned
    assert len(session.progress.shelf.wins) == len(RICH.progress.shelf.wins) == 1
    assert session.paused  # P4: an unfinished computer game waits for Resume
    session.resume()
    session.redo()
    assert session.game.line.cursor == 21 and session.player.calls == []  # U5 across the migration


def test_p3_the_migrated_session_saves_version_3_parts_that_reload_identically():
    """P3: the migrated session is written as five version-3 parts, which load back
    into the same session (the parts are a fixed point)."""
    session, _ = loaded(LEGACY_TEXT)
    texts = parts(session)
    assert {json.loads(t)["version"] for t in texts.values()} == {VERSION} == {3}
    again = fresh()
    assert save_loading.load(again, texts) == []
    assert parts(again) == texts
    expected = parts(RICH)
    for part in ("history.0", "clock"):
        assert texts[part] == expected[part]


def test_p8_three_migrated_wins_still_make_the_third_fresh_win_count():
    """S8, P3: a version-1 count of two challenge wins, migrated, plus one new challenge
    win earns Three fresh wins (the placeholder keys count like real ones)."""
    doc = copy.deepcopy(LEGACY)
    doc["stars"]["challenge_wins"] = 2
    session, notices = loaded(json.dumps(doc))
    assert notices == [] and len(session.progress.shelf.wins) == 2
    session.new()
    advance(session, WIN)
    assert "fresh-wins" in session.progress.shelf.earned and len(session.progress.shelf.wins) == 3


# -- damaged and foreign documents --------------------------------------------------------
def edit(change):
    """Returns a document maker: a copy of LEGACY changed in place by ``change``, as JSON."""
    def make() -> str:
        doc = copy.deepcopy(LEGACY)
        change(doc)
        return json.dumps(doc)
    return make


def text(value: str):
    """Returns a document maker for literal text."""
    return lambda: value



def record(**changes):
    """Returns a copy of RICH's first history line with ``changes``."""
    return {**RICH.progress.history[0], **changes}


GOOD_1, GOOD_2 = RICH.progress.history
BASE_MOVES = LEGACY["game"]["moves"]
#: The parts of LEGACY a damaged document may still keep.
KEPT = {
    "settings": lambda s: (s.settings.legal_dots, s.settings.level) == (False, "hard"),
    "level": lambda s: s.settings.level == "hard",
    "legal_dots": lambda s: s.settings.legal_dots is False,
    "game": lambda s: placed(s) == BASE_MOVES[:40] and len(s.game.line.moves) == 21,
    "attempt": lambda s: s.progress.attempt == RICH.progress.attempt,
    "history": lambda s: s.progress.history == RICH.progress.history,
    "stars": lambda s: s.progress.shelf.earned == RICH.progress.shelf.earned and len(s.progress.shelf.wins) == 1,
}
ALL = tuple(k for k in KEPT if k not in ("level", "legal_dots"))
BUT = lambda *gone: tuple(k for k in ALL if k not in gone)  # noqa: E731


#: A check: the game kept LEGACY's first ``count`` placements (cursor at ``cursor``).
keeps_moves = functools.partial(sessions.keeps_moves, BASE_MOVES)


def default_session(s) -> bool:
    """Checks that nothing of LEGACY survived: a new player's session."""
    return (s.progress.history == [] and s.progress.shelf.earned == [] and s.game.line.moves == []
            and s.settings == Session().settings and s.progress.attempt.id == 1)


def many_history_lines(doc):
    """Gives ``doc`` 1500 valid history lines (without the optional transcripts, to stay fast)."""
    doc["history"] = [{k: v for k, v in record(attempt=n).items() if k != "moves"} for n in range(11, 1511)]


DAMAGED = [
    # (id, document maker, notice substring or None for no notice, kept parts, extra check)
    ("truncated-after-10-chars", text(LEGACY_TEXT[:10]), UNREADABLE, (), default_session),
    ("truncated-in-the-middle", text(LEGACY_TEXT[:len(LEGACY_TEXT) // 2]), UNREADABLE, (), default_session),
    ("truncated-before-the-last-brace", text(LEGACY_TEXT[:-1]), UNREADABLE, (), default_session),
    ("truncated-inside-the-moves", text(LEGACY_TEXT[:LEGACY_TEXT.index(BASE_MOVES) + 7]), UNREADABLE, (), None),
    ("not-json", text("<html>saved game</html>"), UNREADABLE, (), default_session),
    ("control-characters", text("\x00\x01\x02\x7f\ufffd"), UNREADABLE, (), default_session),
    ("byte-order-mark", text("\ufeff" + LEGACY_TEXT), UNREADABLE, (), None),
    ("json-array", text("[]"), UNREADABLE, (), default_session),
    ("json-string", text('"reversi"'), UNREADABLE, (), default_session),
    ("json-number", text("42"), UNREADABLE, (), default_session),
    ("json-null", text("null"), UNREADABLE, (), default_session),
    ("json-true", text("true"), UNREADABLE, (), default_session),
    ("nested-arrays-100000-deep", text("[" * 100_000 + "]" * 100_000), UNREADABLE, (), default_session),
    ("nested-objects-in-settings", edit(set_path("settings", {"mode": [[[["local"]]]], "level": {"a": []}})),
     "setting mode", BUT("settings"), None),
    ("foreign-format-chess", text('{"format": "chess", "version": 1, "fen": "8/8/8/8/8/8/8/8 w - -"}'),
     UNREADABLE, (), default_session),
    ("foreign-format-on-a-good-document", edit(set_path("format", "othello-pro")), UNREADABLE, (), None),
    ("format-not-a-string", edit(set_path("format", 1)), UNREADABLE, (), None),
    ("version-as-string", edit(set_path("version", "1")), UNREADABLE, (), default_session),
    ("version-negative", edit(set_path("version", -1)), UNREADABLE, (), default_session),
    ("version-fraction", edit(set_path("version", 1.5)), UNREADABLE, (), None),
    ("version-true", edit(set_path("version", True)), UNREADABLE, (), None),
    ("version-from-the-future", edit(set_path("version", 7)), NEWER, ALL, None),
    ("future-version-with-unknown-parts",
     edit(lambda d: d.update(version=2, replays=[{"moves": "f5"}], settings={**d["settings"], "theme": "dark"})),
     NEWER, ALL, None),
    ("extra-fields-everywhere",
     edit(lambda d: (d.update(cheat=True), d["settings"].update(theme="dark"), d["game"].update(eval=3.5),
                     d["attempt"].update(hints=9), d["stars"].update(gold=1))), None, ALL, None),
    ("missing-parts-only-the-header", text('{"format": "reversi", "version": 1}'), None, (), default_session),
    ("missing-game-moves-and-cursor", edit(lambda d: (d["game"].pop("moves"), d["game"].pop("cursor"))),
     None, BUT("game"), keeps_moves(0)),
    ("settings-wrong-type", edit(set_path("settings", ["computer", "black"])), "settings", BUT("settings"), None),
    ("settings-unknown-level", edit(set_path("settings.level", "godlike")), "setting level",
     BUT("settings") + ("legal_dots",), None),
    ("settings-legal-dots-as-string", edit(set_path("settings.legal_dots", "yes")), "setting legal_dots",
     BUT("settings") + ("level",), None),
    ("settings-sound-as-number", edit(set_path("settings.sound", 1)), "setting sound", ALL, None),
    ("game-wrong-type", edit(set_path("game", "f5d6c3")), "game", BUT("game"), keeps_moves(0)),
    ("game-moves-illegal", edit(set_path("game.moves", BASE_MOVES[:10] + "a1" + BASE_MOVES[10:])),
     "the moves after move 5", BUT("game"), keeps_moves(5)),
    ("game-moves-occupied-square", edit(set_path("game.moves", BASE_MOVES[:10] + BASE_MOVES[:2])),
     "the moves after move 5", BUT("game"), keeps_moves(5)),
    ("game-moves-garbage-characters", edit(set_path("game.moves", BASE_MOVES[:8] + "z9@#" + BASE_MOVES[8:])),
     "the moves after move 4", BUT("game"), keeps_moves(4)),
    ("game-moves-lone-surrogate-and-nul", edit(set_path("game.moves", BASE_MOVES[:6] + "\ud800\x00")),
     "the moves after move 3", BUT("game"), keeps_moves(3)),
    ("game-moves-as-number", edit(set_path("game.moves", 12345)), "the game's moves", BUT("game"), keeps_moves(0)),
    ("game-moves-as-list", edit(set_path("game.moves", ["f5", "d6"])), "the game's moves", BUT("game"),
     keeps_moves(0)),
    ("game-moves-too-long", edit(set_path("game.moves", BASE_MOVES * 6)), "the moves after move 21",
     BUT("game"), keeps_moves(21, 20)),
    ("game-moves-a-2MB-string", edit(set_path("game.moves", "f5" * 1_000_000)), "the moves after move 1",
     BUT("game"), lambda s: placed(s) == "f5"),
    ("game-moves-after-the-end", edit(set_path("game.moves", WIN_SHORT + "h8")), "the moves after move 13",
     BUT("game"), lambda s: placed(s) == WIN_SHORT and s.is_over()),
    ("game-moves-upper-case-and-spaces", edit(set_path("game.moves", " ".join(
        BASE_MOVES[i:i + 2].upper() for i in range(0, len(BASE_MOVES), 2)))), None, ALL, None),
    ("cursor-out-of-range", edit(set_path("game.cursor", 99)), "the undo position", BUT("game"),
     keeps_moves(21)),
    ("cursor-negative", edit(set_path("game.cursor", -1)), "the undo position", BUT("game"), keeps_moves(21)),
    ("cursor-as-string", edit(set_path("game.cursor", "20")), "the undo position", BUT("game"),
     keeps_moves(21)),
    ("cursor-true", edit(set_path("game.cursor", True)), "the undo position", BUT("game"), keeps_moves(21)),
    ("cursor-fraction", edit(set_path("game.cursor", 20.0)), "the undo position", BUT("game"), keeps_moves(21)),
    ("cursor-nan-and-infinite-time",
     lambda: LEGACY_TEXT.replace('"cursor":20', '"cursor":NaN').replace('"active_ms":4321', '"active_ms":Infinity'),
     "the undo position", BUT("game", "attempt"), keeps_moves(21)),
    ("game-mode-unknown", edit(set_path("game.mode", "chess")), "game mode", ALL, None),
    ("game-paused-as-string", edit(set_path("game.paused", "yes")), None, ALL, None),
    ("attempt-wrong-type", edit(set_path("attempt", "garbage")), "attempt", BUT("attempt"), None),
    ("attempt-id-zero", edit(set_path("attempt.id", 0)), "attempt id", BUT("attempt"),
     lambda s: s.progress.attempt.practice and s.progress.attempt.active_ms == 4321),
    ("attempt-active-ms-huge", edit(set_path("attempt.active_ms", 10 ** 15)), "attempt active_ms",
     BUT("attempt"), lambda s: s.progress.attempt.active_ms == 0 and s.progress.attempt.id == 3),
    ("attempt-active-ms-negative", edit(set_path("attempt.active_ms", -5)), "attempt active_ms", BUT("attempt"),
     None),
    ("attempt-active-ms-5000-digits", lambda: LEGACY_TEXT.replace('"active_ms":4321', '"active_ms":' + "9" * 5000),
     UNREADABLE, (), None),
    ("attempt-practice-as-string", edit(set_path("attempt.practice", "no")), "attempt practice",
     BUT("attempt"), lambda s: s.progress.attempt.id == 3),
    ("attempt-first-result-malformed", edit(set_path("attempt.first_result", {"result": "win"})),
     "attempt first_result", ALL, None),
    ("attempt-started-2000-chars", edit(set_path("attempt.started", "x" * 2000)), "attempt started",
     BUT("attempt"), None),
    ("history-not-a-list", edit(set_path("history", {"0": GOOD_1})), "the results history", BUT("history"),
     lambda s: s.progress.history == []),
    ("history-bad-lines-among-good", edit(set_path("history", [
        GOOD_1, "loss", None, 7, [GOOD_2], record(attempt=0), record(result="black"), record(black=60, white=10),
        record(practice=True), {**GOOD_2, "extra": 1}, record(date=None), record(level="grandmaster"),
        record(duration_ms=-1), {k: v for k, v in GOOD_2.items() if k != "side"}, GOOD_2])),
     "13 results-history line(s)", ALL, None),
    ("history-1500-lines", edit(many_history_lines), None, BUT("history"),
     lambda s: len(s.progress.history) == 1500 and s.progress.history[0]["attempt"] == 11),
    ("stars-unknown-ids", edit(set_path("stars.earned", [*RICH.progress.shelf.earned, "gold", 5, None, {"id": "x"}])),
     "unknown stars", ALL, None),
    ("stars-wrong-type", edit(set_path("stars", "all of them")), "stars", BUT("stars"),
     lambda s: s.progress.shelf.earned == [] and len(s.progress.shelf.wins) == 0),
    ("stars-earned-as-string", edit(set_path("stars.earned", "opening")), "the stars", BUT("stars"),
     lambda s: len(s.progress.shelf.wins) == 1),
    ("stars-challenge-wins-negative", edit(set_path("stars.challenge_wins", -3)), "the count of fresh wins",
     BUT("stars"), lambda s: s.progress.shelf.earned == RICH.progress.shelf.earned and len(s.progress.shelf.wins) == 0),
    ("stars-challenge-wins-as-string", edit(set_path("stars.challenge_wins", "3")), "the count of fresh wins",
     BUT("stars"), lambda s: s.progress.shelf.earned == RICH.progress.shelf.earned),
    ("every-part-damaged-at-once",
     edit(lambda d: d.update(settings=1, game=2, attempt=3, history=4, stars=5)),
     "settings, game, attempt, stars, the results history", (), None),
]




def test_p3_there_are_at_least_60_damaged_documents():
    """P3: the table above covers at least sixty damaged or foreign version-1 documents."""
    assert len(DAMAGED) >= 60 and len({row[0] for row in DAMAGED}) == len(DAMAGED)


@pytest.mark.parametrize("case, make, notice, kept, check", DAMAGED, ids=[row[0] for row in DAMAGED])
def test_p3_a_damaged_document_migrates_into_a_playable_session(case, make, notice, kept, check):
    """P3: a damaged, foreign or hand-edited version-1 document never raises: what is
    valid is kept, what is dropped is named in a notice, and the game is playable."""
    session, notices = loaded(make())
    assert_damage_handled(session, notices, notice, kept, check, KEPT)


@pytest.mark.parametrize("moves, kept", [
    (BASE_MOVES[:8] + "z9" + BASE_MOVES[8:], 4),
    (BASE_MOVES[:6] + "\ud800\x00", 3),
    (BASE_MOVES[:40] + "!", 20),
    (BASE_MOVES[:10] + "i9", 5),
], ids=["z9-after-4", "surrogate-after-3", "bang-after-20", "i9-after-5"])
def test_p3_the_placements_before_a_garbage_character_are_kept(moves, kept):
    """P3: a transcript damaged by a character that is not a square keeps the valid
    placements before it, as one damaged by an illegal placement does."""
    session, notices = loaded(edit(set_path("game.moves", moves))())
    assert any(f"the moves after move {kept}" in n for n in notices), notices
    assert keeps_moves(kept)(session)


def test_a3_a_dropped_attempt_does_not_let_a_finished_game_record_again():
    """A3, P3: a finished game whose attempt was damaged does not record its result again."""
    doc = copy.deepcopy(LEGACY)
    doc["game"]["moves"], doc["game"]["cursor"] = LEGACY["history"][0]["moves"], 60
    doc["history"] = LEGACY["history"][:1]
    doc["attempt"] = "garbage"
    again, notices = loaded(json.dumps(doc))
    assert notices and again.is_over() and len(again.progress.history) == 1
    assert again.progress.attempt.id == 1 and again.progress.attempt.first_result == LEGACY["history"][0]
    again.undo()
    again.redo()
    assert len(again.progress.history) == 1


def test_a1_a_dropped_attempt_id_is_not_reused_by_a_later_result():
    """A1, P3: attempt ids stay unique in the history after a damaged attempt id."""
    doc = copy.deepcopy(LEGACY)
    doc["attempt"]["id"] = "three"
    session, notices = loaded(json.dumps(doc))
    assert notices
    session.resume()
    session.redo()
    advance(session, WIN)
    ids = [r["attempt"] for r in session.progress.history]
    assert len(ids) == 3 and len(set(ids)) == 3


PARTS = ("settings", "game", "attempt", "history", "stars")
#: Every place in LEGACY's parts where a hand edit could put a wrong value.
PATHS = [path for part in PARTS for path in leaf_paths(LEGACY[part], (part,))]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 13, 10 ** 13) | st.floats(allow_nan=True)
    | st.text(max_size=12) | st.sampled_from(["computer", "local", "white", "expert", "win", "f5", "opening"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)


@settings(max_examples=60, deadline=None)
@given(path=st.sampled_from(PATHS), value=JSON_VALUES)
def test_p3_any_value_anywhere_keeps_the_other_parts(path, value):
    """P3: whatever value replaces one field of a version-1 document, the migration
    never raises, the other parts are kept whole and the session is playable (the
    attempt may take a first result from a history line hand-edited to its id, A3)."""
    doc = copy.deepcopy(LEGACY)
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    session, notices = loaded(json.dumps(doc))
    for part in PARTS:
        if part != path[0] and not (part == "attempt" and path[0] == "history"):
            assert KEPT[part](session), f"{part} was lost"
    assert all(isinstance(n, str) and n for n in notices)
    assert_playable(session)


@settings(max_examples=40, deadline=None)
@given(cut=st.integers(0, len(LEGACY_TEXT)), position=st.integers(0, len(LEGACY_TEXT) - 1),
       char=st.characters(codec="utf-8"))
def test_p3_any_truncation_or_changed_character_loads(cut, position, char):
    """P3: a document cut anywhere, or with any one character changed, never raises and stays playable."""
    for damaged in (LEGACY_TEXT[:cut], LEGACY_TEXT[:position] + char + LEGACY_TEXT[position + 1:]):
        session, notices = loaded(damaged)
        assert_playable(session)


# -- version 0 ----------------------------------------------------------------------------
@pytest.mark.parametrize("doc, moves, legal_dots, notice", [
    ({"moves": "f5d6c3", "legal_dots": False}, "f5d6c3", False, None),
    ({"version": 0, "moves": "F5 D6 C3 D3"}, "f5d6c3d3", True, None),
    ({"version": 0}, "", True, None),
    ({"version": 0, "moves": "f5d6a1", "legal_dots": "no"}, "f5d6", True, "the moves after move 2"),
    ({"version": 0, "moves": ["f5"]}, "", True, "the game's moves"),
])
def test_p3_version_0_is_migrated_to_a_local_game(doc, moves, legal_dots, notice):
    """P3: a version-0 document (the first page: moves and legal dots) becomes a
    local game with the same placements, saved as version-3 parts."""
    session, notices = loaded(json.dumps(doc))
    assert placed(session) == moves
    assert session.game.mode == "local" and session.settings.mode == "local"
    assert session.settings.legal_dots is legal_dots
    assert (notices == []) if notice is None else any(notice in n for n in notices)
    assert {json.loads(t)["version"] for t in parts(session).values()} == {3}
    assert_playable(session)


def test_p3_migrations_cover_every_older_version():
    """P3: every single-document version has a migration step to version 2's part bodies,
    which the reader takes like version 3's (version 2's history part is read in its
    own form: tests/test_history_save.py)."""
    assert set(save_legacy.MIGRATIONS) == set(range(2)) and VERSION == 3


def test_p3_the_parts_win_over_a_leftover_legacy_document():
    """P3, P8: once any part is stored, the older document is not read (it is only
    left behind if its removal failed), so a stale copy never comes back."""
    session = scripted(WIN)
    advance(session, WIN, 4)
    texts = parts(session)
    again = fresh()
    assert save_loading.load(again, {**texts, "legacy": LEGACY_TEXT}) == []
    assert placed(again) == WIN[:8] and again.progress.history == []


# -- through the bridge ---------------------------------------------------------------------
@pytest.mark.parametrize("case", ["history-bad-lines-among-good", "truncated-in-the-middle", "json-array",
                                  "game-moves-illegal", "settings-unknown-level", "version-from-the-future"])
def test_p3_the_bridge_migrates_a_damaged_document_and_drops_it(case):
    """P3, P8: the bridge loads a damaged version-1 document with its notices, stores
    all five version-3 parts (which reload without a notice) and drops the old key
    once they are stored; play continues."""
    _, make, notice, _, _ = next(row for row in DAMAGED if row[0] == case)
    storage = Storage(legacy=make())
    tab = Tab(storage, player=Book(WIN, LOSS))
    reply = tab.load()
    assert any(notice in n for n in reply["notices"])
    assert set(reply["save"]) == {"settings", "game", "clock", "history.0", "stars"}
    assert all(part["base"] is None for part in reply["save"].values())
    assert reply["drop"] == ["legacy"] and "legacy" not in storage
    assert save_loading.load(fresh(), dict(storage)) == []
    reply, square = play_on(tab)
    assert reply["last"] == square and reply["drop"] == []


def test_p3_the_bridge_drops_the_legacy_document_only_once_the_parts_are_written():
    """P8: the migration's first reply stores the parts and drops the old key, in that
    order for the page; a later reply does not drop again."""
    tab = Tab(Storage(legacy=LEGACY_TEXT), player=Book(WIN, LOSS))
    reply = tab.load()
    assert reply["notices"] == [] and reply["drop"] == ["legacy"] and reply["paused"]
    assert tab.call("snapshot")["drop"] == []


def test_p1_the_migration_keeps_the_active_time_when_the_page_is_closed_at_once():
    """P1, P6, P8: the version-1 document held the attempt's active time; it is dropped
    in the same reply that stores the clock part, so a page closed right after the
    migration (no hide, no flush) still has the time when it opens again."""
    storage = Storage(legacy=LEGACY_TEXT)
    first = Tab(storage, "first", player=Book(WIN, LOSS))
    reply = first.load()
    assert "clock" in reply["save"] and reply["drop"] == ["legacy"]
    assert reply["active_ms"] == 4321
    again = Tab(storage, "again", player=Book(WIN, LOSS)).load()  # the first page was killed
    assert again["notices"] == [] and again["active_ms"] == 4321
    assert again["attempt"]["id"] == 3 and again["moves"] == first.snap["moves"]
