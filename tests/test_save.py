"""The saved document (P1, P3, P4): round trips, reloads that record nothing twice,
damaged and foreign documents that load into a playable session, migration,
and the bridge's load.  The computer is a fake player (tests/sessions.py).
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings, strategies as st

from reversi.app import bridge, save
from reversi.engine.notation import square_name
from reversi.game.session import Session
from reversi.app.snapshot import session_snapshot
from tests.sessions import (
    LOSS, WIN, WIN_SHORT, Book, Clock, advance, placed, scripted, squares_of,
)

UNREADABLE = "Your saved game could not be read, so a new one was started."
NEWER = "This save comes from a newer version of the game"


def fresh() -> Session:
    """Returns a new page's session (fake computer, fake clock)."""
    return Session(Book(WIN, LOSS), clock=Clock())


def loaded(text) -> tuple[Session, list[str]]:
    """Returns a fresh session loaded from ``text`` and the notices."""
    session = fresh()
    return session, save.load(session, text)


def rich_session() -> Session:
    """Returns a session with a bit of everything: a challenge win (attempt 1), a
    loss (attempt 2), and an unfinished attempt 3 with Undo used (a redo sequence),
    active time, changed display settings and five stars."""
    session = scripted(WIN, LOSS)
    advance(session, WIN)
    session.new()
    advance(session, LOSS)
    session.new()
    advance(session, WIN, 21)
    session.tick(4321)
    session.undo()
    session.set_setting("legal_dots", False)
    session.set_setting("level", "hard")  # waits for New
    assert [r["attempt"] for r in session.history] == [1, 2] and session.attempt.id == 3
    assert session.game.line.cursor == 20 and len(session.game.line.moves) == 21
    return session


RICH = rich_session()
BASE_TEXT = save.dump(RICH)
BASE = json.loads(BASE_TEXT)


# -- round trips and reloads -------------------------------------------------------
def test_p1_a_dump_loads_back_into_the_same_session():
    """P1: the placements, cursor (redo sequence), attempt, time, settings, history
    and stars all come back; nothing is reported as damaged."""
    session, notices = loaded(BASE_TEXT)
    assert notices == []
    assert session.game.line.moves == RICH.game.line.moves
    assert session.game.line.cursor == RICH.game.line.cursor
    assert session.board.cells() == RICH.board.cells() and session.board.turn == RICH.board.turn
    assert session.attempt == RICH.attempt
    assert session.settings == RICH.settings
    assert session.history == RICH.history and session.challenge_wins == RICH.challenge_wins
    assert session.stars == RICH.stars
    assert (session.game.mode, session.game.side, session.game.level) == ("computer", "black", "normal")
    session.resume()
    session.redo()
    assert session.game.line.cursor == 21 and session.player.calls == []  # U5 across a reload


def test_p1_dump_load_dump_is_a_fixed_point_apart_from_the_paused_flag():
    """P1, P4: reloading a dump gives the same document, except that an unfinished
    computer game comes back paused."""
    session, _ = loaded(BASE_TEXT)
    again = json.loads(save.dump(session))
    assert again["game"].pop("paused") is True and BASE["game"]["paused"] is False
    expected = copy.deepcopy(BASE)
    expected["game"].pop("paused")
    again["view"].pop("status")
    expected["view"].pop("status")
    assert again == expected
    third, notices = loaded(save.dump(session))
    assert notices == [] and save.dump(third) == save.dump(session)


def test_p1_dump_load_dump_keeps_the_stars_in_the_order_earned():
    """P1: the stars come back in the order they were earned (an exact fixed point)."""
    session = scripted(LOSS)
    advance(session, LOSS)
    assert session.stars == ["opening", "capture", "corner", "completion"]  # capture before corner
    text = save.dump(session)
    again, notices = loaded(text)
    assert notices == []
    assert save.dump(again) == text


def test_p4_a_reloaded_unfinished_computer_game_waits_for_resume():
    """P4: after a reload the computer does not reply until Resume, even though it is its turn."""
    session = scripted(WIN)
    advance(session, WIN, 3)
    assert session.computer_to_move()
    again, notices = loaded(save.dump(session))
    assert notices == [] and again.paused
    assert not again.computer_to_move() and session_snapshot(again)["status"] == "Paused"
    before = save.dump(again)
    again.computer_move(again.token)
    assert save.dump(again) == before and again.player.calls == []
    again.resume()
    assert again.computer_to_move()
    again.computer_move(again.token)
    assert placed(again) == WIN[:8]


def test_p4_a_reloaded_finished_or_local_game_is_not_paused_by_the_reload():
    """P4: a finished game needs no Resume; a local game keeps its own paused flag."""
    finished = scripted(WIN_SHORT)
    advance(finished, WIN_SHORT)
    assert not loaded(save.dump(finished))[0].paused
    local = scripted(WIN, mode="local")
    advance(local, WIN, 5)
    assert not loaded(save.dump(local))[0].paused
    local.pause()
    assert loaded(save.dump(local))[0].paused


@pytest.mark.parametrize("then", ["nothing", "undo+redo", "restart+finish", "reload again"])
def test_a3_reloading_a_finished_game_never_records_its_result_twice(then):
    """A3: a reload, and reviewing or replaying after it, keeps one history line."""
    session = scripted(WIN)
    advance(session, WIN)
    again, _ = loaded(save.dump(session))
    if then == "undo+redo":
        again.undo()
        again.redo()
    elif then == "restart+finish":
        again.restart()
        advance(again, WIN)
    elif then == "reload again":
        again, _ = loaded(save.dump(again))
    assert again.history == session.history and len(again.history) == 1
    assert again.challenge_wins == 1 and again.attempt.first_result == session.attempt.first_result


def test_a1_a_reloaded_unfinished_game_records_its_result_once_when_it_ends():
    """A1, P1: a game finished after a reload records one line, for the same attempt, with its time."""
    session = scripted(WIN)
    advance(session, WIN, 30)
    session.tick(2500)
    again, _ = loaded(save.dump(session))
    again.resume()
    again.tick(500)
    advance(again, WIN)
    assert len(again.history) == 1
    record = again.history[0]
    assert record["attempt"] == session.attempt.id and record["duration_ms"] == 3000
    assert record["challenge"]  # a reload is not assistance


def test_p1_dump_is_version_1_with_every_part():
    """P1: the document names its format and version and holds every part."""
    assert BASE["format"] == "reversi" and BASE["version"] == save.VERSION == 1
    assert set(BASE) >= {"settings", "game", "attempt", "history", "stars"}
    assert BASE["game"]["moves"] == "".join(square_name(s) for s in RICH.game.line.moves)
    assert BASE["game"]["cursor"] == 20
    assert BASE["settings"]["legal_dots"] is False and BASE["settings"]["level"] == "hard"
    assert BASE["attempt"]["active_ms"] == 4321 and BASE["attempt"]["practice"] is True


# -- damaged and foreign documents --------------------------------------------------------
def edit(change):
    """Returns a document maker: a copy of BASE changed in place by ``change``, as JSON."""
    def make() -> str:
        doc = copy.deepcopy(BASE)
        change(doc)
        return json.dumps(doc)
    return make


def text(value: str):
    """Returns a document maker for literal text."""
    return lambda: value


def set_path(path: str, value):
    """Returns a change that sets ``doc[a][b]`` for ``path`` "a.b" (or deletes it for ...)."""
    def change(doc):
        *parents, key = path.split(".")
        target = doc
        for part in parents:
            target = target[part]
        if value is ...:
            del target[key]
        else:
            target[key] = value
    return change


def record(**changes):
    """Returns a copy of RICH's first history line with ``changes``."""
    return {**RICH.history[0], **changes}


GOOD_1, GOOD_2 = RICH.history
BASE_MOVES = BASE["game"]["moves"]
#: The parts of BASE a damaged document may still keep.
KEPT = {
    "settings": lambda s: (s.settings.legal_dots, s.settings.level) == (False, "hard"),
    "level": lambda s: s.settings.level == "hard",
    "legal_dots": lambda s: s.settings.legal_dots is False,
    "game": lambda s: placed(s) == BASE_MOVES[:40] and len(s.game.line.moves) == 21,
    "attempt": lambda s: s.attempt == RICH.attempt,
    "history": lambda s: s.history == RICH.history,
    "stars": lambda s: s.stars == RICH.stars and s.challenge_wins == 1,
}
ALL = tuple(k for k in KEPT if k not in ("level", "legal_dots"))
BUT = lambda *gone: tuple(k for k in ALL if k not in gone)  # noqa: E731


def keeps_moves(count: int, cursor: int | None = None):
    """Returns a check: the game kept BASE's first ``count`` placements (cursor at ``cursor``)."""
    def check(s):
        return (s.game.line.moves == squares_of(BASE_MOVES)[:count]
                and s.game.line.cursor == (count if cursor is None else cursor))
    return check


def default_session(s) -> bool:
    """Checks that nothing of BASE survived: a new player's session."""
    return (s.history == [] and s.stars == [] and s.game.line.moves == []
            and s.settings == Session().settings and s.attempt.id == 1)


def many_history_lines(doc):
    """Gives ``doc`` 1500 valid history lines (without the optional transcripts, to stay fast)."""
    doc["history"] = [{k: v for k, v in record(attempt=n).items() if k != "moves"} for n in range(1, 1501)]


DAMAGED = [
    # (id, document maker, notice substring or None for no notice, kept parts, extra check)
    ("truncated-after-10-chars", text(BASE_TEXT[:10]), UNREADABLE, (), default_session),
    ("truncated-in-the-middle", text(BASE_TEXT[:len(BASE_TEXT) // 2]), UNREADABLE, (), default_session),
    ("truncated-before-the-last-brace", text(BASE_TEXT[:-1]), UNREADABLE, (), default_session),
    ("truncated-inside-the-moves", text(BASE_TEXT[:BASE_TEXT.index(BASE_MOVES) + 7]), UNREADABLE, (), None),
    ("not-json", text("<html>saved game</html>"), UNREADABLE, (), default_session),
    ("control-characters", text("\x00\x01\x02\x7f\ufffd"), UNREADABLE, (), default_session),
    ("byte-order-mark", text("\ufeff" + BASE_TEXT), UNREADABLE, (), None),
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
     lambda: BASE_TEXT.replace('"cursor":20', '"cursor":NaN').replace('"active_ms":4321', '"active_ms":Infinity'),
     "the undo position", BUT("game", "attempt"), keeps_moves(21)),
    ("game-mode-unknown", edit(set_path("game.mode", "chess")), "game mode", ALL, None),
    ("game-paused-as-string", edit(set_path("game.paused", "yes")), None, ALL, None),
    ("attempt-wrong-type", edit(set_path("attempt", "garbage")), "attempt", BUT("attempt"), None),
    ("attempt-id-zero", edit(set_path("attempt.id", 0)), "attempt id", BUT("attempt"),
     lambda s: s.attempt.practice and s.attempt.active_ms == 4321),
    ("attempt-active-ms-huge", edit(set_path("attempt.active_ms", 10 ** 15)), "attempt active_ms",
     BUT("attempt"), lambda s: s.attempt.active_ms == 0 and s.attempt.id == 3),
    ("attempt-active-ms-negative", edit(set_path("attempt.active_ms", -5)), "attempt active_ms", BUT("attempt"),
     None),
    ("attempt-active-ms-5000-digits", lambda: BASE_TEXT.replace('"active_ms":4321', '"active_ms":' + "9" * 5000),
     UNREADABLE, (), None),
    ("attempt-practice-as-string", edit(set_path("attempt.practice", "no")), "attempt practice",
     BUT("attempt"), lambda s: s.attempt.id == 3),
    ("attempt-first-result-malformed", edit(set_path("attempt.first_result", {"result": "win"})),
     "attempt first_result", ALL, None),
    ("attempt-started-2000-chars", edit(set_path("attempt.started", "x" * 2000)), "attempt started",
     BUT("attempt"), None),
    ("history-not-a-list", edit(set_path("history", {"0": GOOD_1})), "the results history", BUT("history"),
     lambda s: s.history == []),
    ("history-bad-lines-among-good", edit(set_path("history", [
        GOOD_1, "loss", None, 7, [GOOD_2], record(attempt=0), record(result="black"), record(black=60, white=10),
        record(practice=True), {**GOOD_2, "extra": 1}, record(date=None), record(level="grandmaster"),
        record(duration_ms=-1), {k: v for k, v in GOOD_2.items() if k != "side"}, GOOD_2])),
     "13 results-history line(s)", ALL, None),
    ("history-1500-lines", edit(many_history_lines), "500 results-history line(s)", BUT("history"),
     lambda s: len(s.history) == 1000 and s.history[0]["attempt"] == 501),
    ("stars-unknown-ids", edit(set_path("stars.earned", [*RICH.stars, "gold", 5, None, {"id": "x"}])),
     "unknown stars", ALL, None),
    ("stars-wrong-type", edit(set_path("stars", "all of them")), "stars", BUT("stars"),
     lambda s: s.stars == [] and s.challenge_wins == 0),
    ("stars-earned-as-string", edit(set_path("stars.earned", "opening")), "the stars", BUT("stars"),
     lambda s: s.challenge_wins == 1),
    ("stars-challenge-wins-negative", edit(set_path("stars.challenge_wins", -3)), "the count of fresh wins",
     BUT("stars"), lambda s: s.stars == RICH.stars and s.challenge_wins == 0),
    ("stars-challenge-wins-as-string", edit(set_path("stars.challenge_wins", "3")), "the count of fresh wins",
     BUT("stars"), lambda s: s.stars == RICH.stars),
    ("every-part-damaged-at-once",
     edit(lambda d: d.update(settings=1, game=2, attempt=3, history=4, stars=5)),
     "settings, game, attempt, the results history, stars", (), None),
]


def assert_playable(session: Session) -> None:
    """Checks that the session works: the snapshot builds, the dump reloads cleanly,
    and after Resume (and the computer's turn) a person can place a legal disc."""
    json.dumps(session_snapshot(session))
    again = fresh()
    assert save.load(again, save.dump(session)) == [], "what was kept should load without complaint"
    if session.is_over():
        session.new()
    session.resume()
    while session.computer_to_move():
        session.computer_move(session.token)
    assert session.human_to_move()
    cursor = session.game.line.cursor
    session.place(square_name(session.board.legal_moves()[0]))
    assert session.game.line.cursor == cursor + 1


def test_p3_there_are_at_least_30_damaged_documents():
    """P3: the table below covers at least thirty damaged or foreign documents."""
    assert len(DAMAGED) >= 30 and len({row[0] for row in DAMAGED}) == len(DAMAGED)


@pytest.mark.parametrize("case, make, notice, kept, check", DAMAGED, ids=[row[0] for row in DAMAGED])
def test_p3_a_damaged_document_loads_into_a_playable_session(case, make, notice, kept, check):
    """P3: a damaged, foreign or hand-edited document never raises: what is valid is
    kept, what is dropped is named in a notice, and the game is playable."""
    session, notices = loaded(make())
    if notice is None:
        assert notices == []
    else:
        assert len(notices) >= 1 and any(notice in n for n in notices), notices
    for part in kept:
        assert KEPT[part](session), f"{part} was not kept"
    if check is not None:
        assert check(session)
    assert_playable(session)


def test_p3_load_without_a_document_starts_fresh_silently():
    """P3: no saved document (first visit, storage unavailable) is no damage."""
    for nothing in (None, ""):
        session, notices = loaded(nothing)
        assert notices == [] and default_session(session)


def test_p3_a_valid_record_needs_every_field_and_consistent_values():
    """P3: the history line check accepts the session's own records and rejects near misses."""
    assert all(save.valid_record(r) for r in RICH.history)
    near_misses = [record(challenge=True, result="loss"), record(result="white"), record(mode="local"),
                   record(black=65, white=0), record(attempt=True), record(date="x" * 65), {}]
    assert not any(save.valid_record(r) for r in near_misses)
    assert save.valid_record(record(mode="local", result="white", challenge=False))


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


def test_p3_one_oversized_field_keeps_the_valid_parts():
    """P3: a document with one 2 MB field keeps its other, valid parts."""
    session, notices = loaded(edit(set_path("game.moves", "f5" * 1_000_000))())
    assert notices
    assert KEPT["stars"](session) and KEPT["history"](session) and KEPT["settings"](session)


def test_a3_a_dropped_attempt_part_does_not_let_a_finished_game_record_again():
    """A3, P3: a finished game whose attempt part was damaged does not record its result again."""
    session = scripted(WIN)
    advance(session, WIN)
    doc = json.loads(save.dump(session))
    doc["attempt"] = "garbage"
    again, notices = loaded(json.dumps(doc))
    assert notices and again.is_over() and len(again.history) == 1
    again.undo()
    again.redo()
    assert len(again.history) == 1


def test_a1_a_dropped_attempt_id_is_not_reused_by_a_later_result():
    """A1, P3: attempt ids stay unique in the history after a damaged attempt id."""
    doc = copy.deepcopy(BASE)
    doc["attempt"]["id"] = "three"
    session, notices = loaded(json.dumps(doc))
    assert notices
    session.resume()
    session.redo()
    advance(session, WIN)
    ids = [r["attempt"] for r in session.history]
    assert len(ids) == 3 and len(set(ids)) == 3


def test_a3_a_dropped_attempt_part_of_a_reviewed_finished_game_does_not_record_again():
    """A3, P3: a finished game, undone twice for review, saved with a damaged attempt
    part: redoing to the end after the reload records nothing new."""
    session = scripted(WIN)
    advance(session, WIN)
    session.undo()
    session.undo()
    doc = json.loads(save.dump(session))
    doc["attempt"] = "garbage"
    again, notices = loaded(json.dumps(doc))
    assert notices and not again.is_over()
    while again.redo_target() is not None:
        again.redo()
    assert again.is_over() and len(again.history) == 1


def leaf_paths(value, prefix=()):
    """Yields the path of every value inside ``value`` (dict keys and list indexes)."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaf_paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaf_paths(item, (*prefix, index))


PARTS = ("settings", "game", "attempt", "history", "stars")
#: Every place in BASE's parts where a hand edit could put a wrong value.
PATHS = [path for part in PARTS for path in leaf_paths(BASE[part], (part,))]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 13, 10 ** 13) | st.floats(allow_nan=True)
    | st.text(max_size=12) | st.sampled_from(["computer", "local", "white", "expert", "win", "f5", "opening"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)


@settings(max_examples=80, deadline=None)
@given(path=st.sampled_from(PATHS), value=JSON_VALUES)
def test_p3_any_value_anywhere_keeps_the_other_parts(path, value):
    """P3: whatever value replaces one field, load never raises, the other parts are
    kept whole and the session is playable."""
    doc = copy.deepcopy(BASE)
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    session, notices = loaded(json.dumps(doc))
    for part in PARTS:
        if part != path[0]:
            assert KEPT[part](session), f"{part} was lost"
    assert all(isinstance(n, str) and n for n in notices)
    assert_playable(session)


@settings(max_examples=60, deadline=None)
@given(cut=st.integers(0, len(BASE_TEXT)), position=st.integers(0, len(BASE_TEXT) - 1),
       char=st.characters(codec="utf-8"))
def test_p3_any_truncation_or_changed_character_loads(cut, position, char):
    """P3: a document cut anywhere, or with any one character changed, never raises and stays playable."""
    for damaged in (BASE_TEXT[:cut], BASE_TEXT[:position] + char + BASE_TEXT[position + 1:]):
        session, notices = loaded(damaged)
        assert_playable(session)


# -- migration ----------------------------------------------------------------------------
@pytest.mark.parametrize("doc, moves, legal_dots, notice", [
    ({"moves": "f5d6c3", "legal_dots": False}, "f5d6c3", False, None),
    ({"version": 0, "moves": "F5 D6 C3 D3"}, "f5d6c3d3", True, None),
    ({"version": 0}, "", True, None),
    ({"version": 0, "moves": "f5d6a1", "legal_dots": "no"}, "f5d6", True, "the moves after move 2"),
    ({"version": 0, "moves": ["f5"]}, "", True, "the game's moves"),
])
def test_p3_version_0_is_migrated_to_a_local_game(doc, moves, legal_dots, notice):
    """P3: a version-0 document (the first page: moves and legal dots) becomes a
    version-1 local game with the same placements."""
    session, notices = loaded(json.dumps(doc))
    assert placed(session) == moves
    assert session.game.mode == "local" and session.settings.mode == "local"
    assert session.settings.legal_dots is legal_dots
    assert (notices == []) if notice is None else any(notice in n for n in notices)
    assert json.loads(save.dump(session))["version"] == 1
    assert_playable(session)


def test_p3_migrations_cover_every_older_version():
    """P3: every version below the current one has a migration step."""
    assert set(save.MIGRATIONS) == set(range(save.VERSION))


# -- through the bridge ---------------------------------------------------------------------
@pytest.fixture
def page(monkeypatch):
    """Returns bridge.call on a fresh bridge state whose sessions use a fake computer."""
    monkeypatch.setattr(bridge, "_session", bridge._session)
    monkeypatch.setattr(bridge, "_saved", bridge._saved)
    monkeypatch.setattr(bridge, "Session", lambda: Session(Book(WIN, LOSS), clock=Clock()))

    def call(method, **params):
        return json.loads(bridge.call(method, json.dumps(params)))
    return call


@pytest.mark.parametrize("case", ["history-bad-lines-among-good", "truncated-in-the-middle", "json-array",
                                  "game-moves-illegal", "settings-unknown-level", "version-from-the-future"])
def test_p3_the_bridge_loads_a_damaged_document_and_shows_the_notices(page, case):
    """P3, P2: bridge load answers JSON with the notices and a clean document to store;
    play continues."""
    _, make, notice, _, _ = next(row for row in DAMAGED if row[0] == case)
    reply = page("load", document=make())
    assert any(notice in n for n in reply["notices"])
    assert "save" in reply and save.load(fresh(), reply["save"]) == []
    reply = page("resume")
    while reply["computer_to_move"]:
        reply = page("computer_move", token=reply["token"])
    square = reply["legal"][0]
    reply = page("place", square=square, token=reply["token"])
    assert reply["last"] == square


@pytest.mark.parametrize("document", [None, 42, ["x"], {"format": "reversi"}])
def test_p3_the_bridge_accepts_any_json_value_as_document(page, document):
    """P3: the bridge's load never raises, whatever JSON value the page sends."""
    reply = page("load", document=document)
    assert reply["notices"] == ([] if document is None else [UNREADABLE])
    assert reply["cells"] and reply["human_to_move"]


def test_p4_the_bridge_reloads_a_saved_unfinished_game_paused(page):
    """P4: what the page stored comes back through the bridge, paused, without a notice."""
    reply = page("load", document=None)
    reply = page("place", square="e6", token=reply["token"])
    stored = reply["save"]
    reply = page("load", document=stored)
    assert reply["notices"] == [] and reply["paused"] and not reply["computer_to_move"]
    assert reply["moves"] == "e6" and reply["status"] == "Paused"
