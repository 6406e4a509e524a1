"""Several tabs of one browser (P7): nothing one tab saved is lost to another.

Two or more fake pages (tests/sessions.py Tab), each with its own Bridge driven
through Bridge.call only, share one fake localStorage and do with each reply what
web/control/controller.js does: a part is stored only over the text the tab last read or
wrote there (else it goes back to Python as "external" with "refused"), and the
other tabs get a storage event, delivered when the test says (Tab.deliver), as
browsers deliver them later.

The two losses that P7 forbids are reproduced and shown fixed: a two-player game whose
placements from another tab were overwritten, and a star earned in another tab
that a stale tab's save erased.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from reversi.app.bridge import COMMANDS
from reversi.app.saving import loading as save_loading
from reversi.game.history import decode, encode
from reversi.game.results import key
from reversi.game.session import Session
from tests.sessions import WIN, WIN_SHORT, Book, Clock, Seeded, Storage, Tab, advance, parts

GAME_COMMANDS = [name for name, command in COMMANDS.items() if command.game]


def kinds(*replies: dict) -> list[str]:
    """Returns the kinds of the events of the replies."""
    return [e["kind"] for reply in replies for e in reply["events"]]


def stored(storage: Storage, part: str) -> dict:
    """Returns the stored part as data."""
    return json.loads(storage[part])


def stored_moves(storage: Storage) -> str:
    """Returns the placements of the stored game part."""
    return stored(storage, "game")["game"]["moves"]


def earned(reply: dict) -> list[str]:
    """Returns the ids of the stars a reply shows as earned."""
    return [s["id"] for s in reply["stars"] if s["earned"]]


def tab(storage: Storage, name: str, hour: int, player=None) -> Tab:
    """Returns a page loaded from ``storage`` whose clock starts at ``hour`` o'clock."""
    page = Tab(storage, name, player=player if player is not None else Seeded(), clock=Clock(hour))
    page.load()
    return page


def two_tabs(mode: str = "computer") -> tuple[Storage, Tab, Tab]:
    """Returns a storage and two tabs open on it: A set the mode, B loaded after."""
    storage = Storage()
    a = tab(storage, "A", 0)
    if mode != "computer":
        a.call("set_setting", name="mode", value=mode)
    return storage, a, tab(storage, "B", 12)


def elsewhere(a: Tab, b: Tab) -> None:
    """Makes A's game continue in B: B plays on from what both read, then A, stale,
    plays another placement, which the page cannot store over B's."""
    first, other = a.snap["legal"][:2]
    b.play(first)
    a.play(other)
    assert a.snap["elsewhere"], "A's write was not refused"


def left_for_another_tab() -> tuple[Storage, Tab, Tab]:
    """Returns a storage and two tabs: A played f5 d6 in a two-player game and was hidden,
    then B opened on what A stored."""
    storage = Storage()
    a = tab(storage, "A", 0)
    a.call("set_setting", name="mode", value="local")
    a.play("f5", "d6")
    a.hide()
    return storage, a, tab(storage, "B", 12)


# -- the two losses P7 forbids ------------------------------------------------------------
def test_p7_an_idle_tab_adopts_the_two_player_game_another_tab_continued():
    """P7 (loss 1): tab A plays f5 d6 in a two-player game and is hidden; tab B
    opens and plays c3 d3.  A, idle, takes up B's stored game and stores nothing back,
    so when the player comes back and resumes, A's next placement continues f5d6c3d3:
    no placement of B's is lost."""
    storage, a, b = left_for_another_tab()
    assert b.snap["moves"] == "f5d6" and b.snap["mode"] == "local"
    b.play("c3", "d3")
    assert stored_moves(storage) == "f5d6c3d3"
    replies = a.deliver()
    assert "adopted" in kinds(*replies)
    assert "This game was continued in another tab" in " ".join(r["announce"] for r in replies)
    assert a.snap["moves"] == "f5d6c3d3" and not a.snap["elsewhere"]
    assert a.snap["paused"], "P4: the tab the player left stays paused"
    assert all(r["save"] == {} for r in replies), "the adopting tab wrote back what it adopted"
    a.call("resume")
    a.play("c4")
    assert stored_moves(storage) == "f5d6c3d3c4"
    b.deliver()
    assert b.snap["moves"] == "f5d6c3d3c4" and not b.snap["elsewhere"]


def test_p7_a_tab_that_missed_the_news_cannot_overwrite_the_other_tabs_placements():
    """P7 (loss 1, before the storage events arrive): tab A comes back and
    plays before hearing of B's placements; its write is refused (it is based on an
    older text), so the stored game keeps c3 d3 and A says the game continues in
    another tab; its next placement is refused; Take over continues B's game."""
    storage, a, b = left_for_another_tab()
    b.play("c3", "d3")
    a.call("resume")  # A's storage events are still queued
    a.play("c3")
    assert a.snap["elsewhere"] and "elsewhere" in kinds(a.snap)
    assert "This game continues in another tab." in a.snap["announce"]
    assert stored_moves(storage) == "f5d6c3d3"
    reply = a.call("place", square="c4", token=a.snap["token"])
    assert reply["events"] == [{"kind": "refused", "reason": "elsewhere", "square": None}]
    assert "game" not in reply["save"] and reply["moves"] == "f5d6c3"
    a.deliver()  # the news arrives late: A stays elsewhere until the player chooses
    assert a.snap["elsewhere"] and stored_moves(storage) == "f5d6c3d3"
    reply = a.call("takeover", documents=storage.documents())
    assert not reply["elsewhere"] and reply["moves"] == "f5d6c3d3" and not reply["paused"]
    assert "taken_over" in kinds(reply)
    a.play("c4")
    assert stored_moves(storage) == "f5d6c3d3c4"


def test_p7_a_stale_tab_changing_a_setting_does_not_erase_a_star_earned_in_another_tab():
    """P7 (loss 2): tab B earns S1 (Opening); stale tab A then switches the
    legal dots off.  A stores only its settings part, so the stored stars keep B's
    star; once A hears of B's writes it shows the star and B's game, and B takes
    A's setting."""
    storage, a, b = two_tabs()
    b.play("e6")
    assert stored(storage, "stars")["earned"] == ["opening"]
    reply = a.call("set_setting", name="legal_dots", value=False)
    assert set(reply["save"]) == {"settings"} and not a.snap["elsewhere"]
    assert stored(storage, "stars")["earned"] == ["opening"]
    assert stored(storage, "settings")["settings"]["legal_dots"] is False
    a.deliver()
    assert earned(a.snap) == ["opening"] and a.snap["moves"] == "e6"
    assert stored(storage, "stars")["earned"] == ["opening"]
    b.deliver()
    assert b.snap["options"]["legal_dots"] is False and earned(b.snap) == ["opening"]


def test_p7_stars_earned_in_two_tabs_at_once_are_merged_into_one_union():
    """P7, S: on the same two-player position, with no star earned yet, tab B takes a
    corner while tab A, stale, flips six discs: A's stars write is refused, merged with
    B's and stored again, so storage and both tabs hold Corner and Capture, each once."""
    storage = Storage()
    seed = Tab(storage, "seed", clock=Clock(0))
    seed.load()
    seed.call("set_setting", name="mode", value="local")
    seed.play(*(POSITION[i:i + 2] for i in range(0, len(POSITION), 2)))
    storage["stars"] = parts(Session())["stars"]  # as if those placements had earned nothing
    a, b = tab(storage, "A", 1), tab(storage, "B", 12)
    assert earned(a.snap) == earned(b.snap) == []
    corner, capture = corner_and_capture(a.snap)
    b.play(corner)
    a.play(capture)  # stale: its game waits elsewhere, its stars are merged
    assert a.snap["elsewhere"]
    for page in (a, b, a):
        page.deliver()
    union = stored(storage, "stars")["earned"]
    assert {"opening", "corner", "capture"} <= set(union) and len(union) == len(set(union))
    assert set(earned(a.snap)) == set(earned(b.snap)) == set(union)


#: A two-player game's first 36 placements, after which Black may take the corner a8 or
#: flip six or more with d2 (found by random play).
POSITION = "e6d6c3f4d7c5g4g3c4g5b5c7f5a5a6d8a4f7f6d3h4c2e7e3g6f8b4b3e2h5b6f3h6g7c6a7"


def corner_and_capture(snap: dict) -> tuple[str, str]:
    """Returns a legal corner and a legal placement flipping six or more (not a corner)."""
    corners = [s for s in snap["legal"] if s in ("a1", "h1", "a8", "h8")]
    captures = [s for s in snap["legal"] if len(snap["previews"][s]) >= 6 and s not in corners]
    assert corners and captures, snap["legal"]
    return corners[0], captures[0]


# -- adopted by an idle tab, or waited for by a busy one ------------------------------------------
@pytest.mark.parametrize("busy", ["reviewing", "analysing", "computer to move"])
def test_p7_a_busy_tab_shows_the_game_continues_elsewhere_instead_of_adopting_it(busy):
    """P7: a tab that is reviewing, analysing or waiting for the computer's move does not
    swap the game under the player: it keeps what it shows, says the game continues
    in another tab, and stores no game part from then on."""
    storage, a, b = two_tabs()
    if busy == "reviewing":
        a.call("review", source="current")
    elif busy == "analysing":
        a.call("analysis_start", moves="e6f6g6e3e2f2c3d2e1c2g1b4b2a5", title="Imported game")
    else:
        a.play("d3")
        assert a.snap["computer_to_move"]
        b.deliver()
        b.call("resume")
        b.call("computer_move", token=b.snap["token"])
    shown = a.snap["moves"]
    b.play(b.snap["legal"][0])
    replies = a.deliver()
    assert "elsewhere" in kinds(*replies) and "adopted" not in kinds(*replies)
    assert a.snap["elsewhere"] and a.snap["moves"] == shown
    assert "This game continues in another tab." in " ".join(r["announce"] for r in replies)
    theirs = storage["game"]
    a.call("computer_move", token=a.snap["token"])  # a late request of the busy tab
    a.call("close_review")
    a.call("analysis_stop")
    assert storage["game"] == theirs and a.snap["moves"] == shown and a.snap["elsewhere"]


def test_p7_an_idle_tab_adopts_a_newer_game_and_keeps_its_own_stars_and_results():
    """P7: an idle tab takes up the newer stored game as it stands, with the union of
    its own and the stored results and stars, and says so."""
    storage, a, b = two_tabs("local")
    b.deliver()
    a.play(*(WIN_SHORT[i:i + 2] for i in range(0, len(WIN_SHORT), 2)))
    assert a.snap["history"]["total"] == 1
    b.deliver()
    assert b.snap["history"]["total"] == 1 and earned(b.snap) == earned(a.snap)
    b.call("new")
    b.play("f5")
    replies = a.deliver()
    assert "adopted" in kinds(*replies) and not a.snap["elsewhere"]
    assert a.snap["moves"] == "f5" and a.snap["attempt"]["id"] == b.snap["attempt"]["id"] == 3
    assert a.snap["history"] == b.snap["history"] and earned(a.snap) == earned(b.snap)


def test_p7_a_background_tab_never_disturbs_the_tab_in_play():
    """P7, P4: the player opens a second tab, comes back to the first and plays on
    against the computer: the background tab, idle, takes each stored game up and
    stores nothing back, so neither tab ever says the game continues elsewhere, and
    the tab in play is never paused by the other."""
    storage = Storage()
    a = tab(storage, "A", 0)
    a.play("d3")
    a.call("computer_move", token=a.snap["token"])
    a.hide()  # the player opens a second tab
    b = tab(storage, "B", 12)
    assert b.snap["paused"] and b.snap["moves"] == a.snap["moves"]
    b.hide()  # ... and comes back to the first
    a.deliver()
    a.call("resume")
    for _ in range(6):
        a.play(a.snap["legal"][0])
        b.deliver()
        a.deliver()
        assert not a.snap["paused"] and a.snap["computer_to_move"]
        a.call("computer_move", token=a.snap["token"])
        b.deliver()
        a.deliver()
        assert not a.snap["elsewhere"] and not b.snap["elsewhere"]
        assert not a.snap["paused"] and a.snap["human_to_move"] and b.snap["paused"]
    assert b.snap["moves"] == a.snap["moves"] == stored_moves(storage)
    assert [key for name, key in storage.writes if name == "B"] == []


# -- a refused write and taking over ---------------------------------------------------------------
def test_p7_a_refused_write_of_the_game_means_it_continues_elsewhere():
    """P7: when the page could not store this tab's game because another tab stored one
    after this tab's last read, the tab waits for Take over, and nothing it does
    afterwards overwrites the stored game."""
    storage, a, b = two_tabs()
    b.play("e6")
    theirs = storage["game"]
    reply = a.call("place", square="d3", token=a.snap["token"])
    assert "game" in reply["save"] and a.snap["elsewhere"]
    assert "elsewhere" in kinds(a.snap) and storage["game"] == theirs
    a.call("undo")
    a.call("new")
    assert storage["game"] == theirs and a.snap["moves"] == "d3"


GAME_PARAMS = {"place": {"square": "c3"}, "computer_move": {}, "pause": {"reason": "hidden"}, "tick": {"ms": 1000},
               "set_setting": {"name": "mode", "value": "computer"}}


@pytest.mark.parametrize("method", GAME_COMMANDS)
def test_p7_a_game_command_while_elsewhere_is_refused_and_stores_no_game_part(method):
    """P7: while the game continues elsewhere, every game command changes nothing and
    stores nothing (a placement says why); looking back still works."""
    storage, a, b = two_tabs("local")
    b.deliver()
    elsewhere(a, b)
    theirs, before = dict(storage), a.call("snapshot")
    params = dict(GAME_PARAMS.get(method, {}))
    if method in ("place", "computer_move"):
        params["token"] = before["token"]
    reply = a.call(method, **params)
    assert reply["save"] == {} and reply["pending"] == {}
    assert dict(storage) == theirs
    assert reply["elsewhere"] and reply["moves"] == before["moves"] and reply["token"] == before["token"]
    assert reply["options"] == before["options"] and reply["paused"] == before["paused"]
    assert reply["active_ms"] == before["active_ms"]
    if method == "place":
        assert reply["events"] == [{"kind": "refused", "reason": "elsewhere", "square": None}]
        assert reply["announce"].startswith("This game continues in another tab. Take it over to play here.")
    else:
        assert reply["events"] == []
    assert a.call("review", source="current")["review"]["moves"] == before["moves"]


def test_p7_take_over_adopts_the_stored_game_resumes_it_and_the_other_tab_follows():
    """P7: Take over continues the stored game here, unpaused, and stores nothing it did
    not change; the other tab, idle, takes up what this one plays next."""
    storage, a, b = two_tabs("local")
    b.deliver()
    elsewhere(a, b)
    b.hide()
    reply = a.call("takeover", documents=storage.documents())
    assert not reply["elsewhere"] and not reply["paused"] and reply["moves"] == b.snap["moves"]
    assert "You took the game over in this tab." in reply["announce"]
    assert "game" not in reply["save"]
    a.play(a.snap["legal"][0])
    b.deliver()
    assert b.snap["moves"] == a.snap["moves"] == stored_moves(storage) and not b.snap["elsewhere"]


def test_p7_take_over_of_a_computer_game_lets_the_computer_reply_here():
    """P7, P4: a computer game taken over while the computer is to move is resumed, so
    the computer replies in this tab, and the reply is stored."""
    storage, a, b = two_tabs()
    a.play("d3")
    b.play("e6")  # B is stale: refused, elsewhere
    assert b.snap["elsewhere"]
    reply = b.call("takeover", documents=storage.documents())
    assert reply["computer_to_move"] and reply["moves"] == "d3"
    reply = b.call("computer_move", token=reply["token"])
    assert len(reply["moves"]) == 4 and stored_moves(storage) == reply["moves"]


# -- what merges: results, stars, active time ---------------------------------------------------
def test_p7_two_tabs_ending_the_same_game_keep_both_results_once_each():
    """P7, A1: two tabs end the same attempt at once (a race): the second one's history
    write is refused, merged and stored again, so no tab's result is lost, none is
    kept twice, and a repeated storage event adds nothing."""
    storage = Storage()
    seed = Tab(storage, "seed", clock=Clock(0))
    seed.load()
    seed.call("set_setting", name="mode", value="local")
    seed.play(*(WIN_SHORT[i:i + 2] for i in range(0, len(WIN_SHORT) - 2, 2)))
    a, b = tab(storage, "A", 1), tab(storage, "B", 12)
    b.play(WIN_SHORT[-2:])
    a.play(WIN_SHORT[-2:])  # stale: the same last placement, a result of its own
    for page in (a, b, a, b):
        page.deliver()
    records = [decode(item) for item in stored(storage, "history.0")["records"]]
    assert len(records) == 2 and len({key(r) for r in records}) == 2
    assert {r["date"][11:13] for r in records} == {"01", "12"}  # one from each tab's clock
    assert a.snap["history"] == b.snap["history"]
    assert [r["attempt"] for r in records] == [records[0]["attempt"]] * 2
    a.call("external", part="history.0", documents=storage.documents())
    assert a.snap["history"]["total"] == 2 and a.snap["save"] == {}


def test_p7_another_tabs_results_merge_as_a_union_in_date_order():
    """P7: a history stored by another tab is added to this tab's: every record of both,
    none twice (a record is known by its date and attempt), oldest first; the union
    is stored over the other tab's text."""
    storage = Storage()
    a = tab(storage, "A", 0, player=Book(WIN))
    a.call("set_setting", name="mode", value="local")
    for _ in range(2):
        a.play(*(WIN_SHORT[i:i + 2] for i in range(0, len(WIN_SHORT), 2)))
        a.call("new")
    mine, shared = ({k: v for k, v in r.items() if k not in ("index", "words", "reviewable")}
                    for r in a.snap["history"]["rows"])
    other = Session(Book(WIN), clock=Clock(12))  # another tab: the shared record and two of its own
    advance(other, WIN)
    other.new()
    advance(other, WIN)
    other.progress.history.merge([encode(shared)])
    theirs = list(other.progress.history)
    storage["history.0"] = parts(other)["history.0"]
    reply = a.call("external", part="history.0", documents=storage.documents())
    union = sorted([shared, mine, *theirs[1:]], key=lambda r: r["date"])
    assert [key(r) for r in reversed(reply["history"]["rows"])] == [key(r) for r in union] and len(union) == 4
    assert [decode(item) for item in stored(storage, "history.0")["records"]] == union
    assert a.call("external", part="history.0", documents=storage.documents())["save"] == {}


def test_p7_fresh_wins_counted_in_two_tabs_merge_into_three_fresh_wins():
    """P7, S8: one challenge win here and two stored by another tab are three wins in
    three attempts: merging the stars part earns Three fresh wins and stores the union
    of the wins; a repeated storage event counts nothing twice."""
    storage = Storage()
    a = tab(storage, "A", 0, player=Book(WIN))
    advance_tab(a, WIN)
    mine = [key(r) for r in a.snap["history"]["rows"] if r["challenge"]]
    assert len(mine) == 1 and stored(storage, "stars")["wins"] == mine
    other = Session(Book(WIN), clock=Clock(12))  # another tab's past
    advance(other, WIN)
    other.new()
    advance(other, WIN)
    theirs = json.loads(parts(other)["stars"])
    assert len(theirs["wins"]) == 2 and "fresh-wins" not in theirs["earned"]
    storage["stars"] = parts(other)["stars"]
    reply = a.call("external", part="stars", documents=storage.documents())
    assert "fresh-wins" in earned(reply)
    wins = stored(storage, "stars")["wins"]
    assert sorted(wins) == sorted(mine + theirs["wins"]) and "fresh-wins" in stored(storage, "stars")["earned"]
    again = a.call("external", part="stars", documents=storage.documents())
    assert again["save"] == {} and stored(storage, "stars")["wins"] == wins


def advance_tab(page: Tab, transcript: str) -> None:
    """Plays ``transcript`` in a page against its Book computer (which answers from it)."""
    while page.snap["result"] is None:
        if page.snap["human_to_move"]:
            done = len(page.snap["moves"])
            page.play(transcript[done:done + 2])
        else:
            page.call("computer_move", token=page.snap["token"])


def test_p7_the_larger_active_time_of_the_same_attempt_is_kept():
    """P7, P6: a clock part another tab stored counts when it is this attempt's and
    larger; a smaller one, or another attempt's, changes nothing; a newer game taken
    up brings its own attempt's time."""
    storage, a, b = two_tabs("local")
    b.deliver()
    for _ in range(16):
        b.call("tick", ms=1000)
    assert stored(storage, "clock")["active_ms"] == 15_000
    a.call("tick", ms=3000)
    a.deliver()
    assert a.snap["active_ms"] == 15_000
    a.call("tick", ms=1000)
    assert a.snap["active_ms"] == 16_000
    for edit in ('"active_ms":2000', '"attempt":99,'):
        clock = storage["clock"]
        storage["clock"] = clock.replace('"active_ms":15000', edit) if "active" in edit else \
            clock.replace(f'"attempt":{a.snap["attempt"]["id"]},', edit)
        a.call("external", part="clock", documents=storage.documents())
        assert a.snap["active_ms"] == 16_000
        storage["clock"] = clock
    b.call("new")
    b.call("tick", ms=5000)
    b.call("flush")
    a.deliver()
    assert a.snap["attempt"]["id"] == b.snap["attempt"]["id"] and a.snap["active_ms"] == 5000


def test_p8_p7_a_flush_refused_because_another_tab_wrote_the_clock_is_stored_again_at_once():
    """P8, P7: the page hides and flushes the active time, but another tab stored the
    clock part since this tab's last write: the refused part comes back as external
    and is stored again in that reply, over the other tab's text, not left pending."""
    storage, a, b = two_tabs("local")
    b.deliver()
    for _ in range(15):
        a.call("tick", ms=1000)  # A stores the clock at 15 s
    b.call("new")  # B's own attempt; A has not heard of it yet
    b.call("tick", ms=5000)
    reply = b.call("flush")
    assert "clock" in reply["save"]
    assert stored(storage, "clock")["attempt"] == b.snap["attempt"]["id"]
    assert stored(storage, "clock")["active_ms"] == 5000 and b.pending == {}


# -- a tab that starts while another stores (P11) --------------------------------------------
def test_p11_a_reloaded_tab_adopts_the_move_another_tab_stored_while_it_loaded():
    """P11, the issue's first steps: A reloads; while it loads, B plays d6.  The storage
    event comes while A cannot hear it, so A loads f5 only; its catch-up adopts f5 d6.
    Without the catch-up A would show f5, White to move, and no notice."""
    storage, a, b = left_for_another_tab()
    a.call("resume")
    read = a.read()  # the page reads its documents at once, and loads them seconds later
    b.deliver()
    b.play("c3")
    reply = a.load(read, catch_up=False)
    assert reply["moves"] == "f5d6" and a.missed() == ["game"]
    replies = a.catch_up()
    assert "adopted" in kinds(*replies) and a.snap["moves"] == "f5d6c3" and not a.snap["elsewhere"]
    assert a.missed() == [] and all(r["save"] == {} for r in replies)
    a.play("d3")
    assert stored_moves(storage) == "f5d6c3d3"


def test_p11_a_tab_that_starts_merges_the_star_another_tab_earned_meanwhile():
    """P11, the issue's stars: in a fresh browser A starts; while it loads, B plays d3
    against the computer and earns the opening star.  A takes in the star and the game."""
    storage = Storage()
    a = Tab(storage, "A", player=Seeded(), clock=Clock(0))
    read = a.read()
    b = tab(storage, "B", 12)
    b.play("d3")
    b.call("computer_move", token=b.snap["token"])
    assert earned(b.snap) == ["opening"]
    a.load(read)
    assert earned(a.snap) == ["opening"] and a.snap["moves"] == b.snap["moves"] == "d3c5"
    assert a.snap["paused"], "P4: an adopted computer game waits for Resume"


def test_p11_a_refused_move_is_named_and_the_take_over_shows_the_other_tabs_game():
    """P11: when a refusal is still right (B moved on before A's move could be stored),
    A's move is not dropped silently: the banner names it, and Take over shows B's game."""
    storage, a, b = left_for_another_tab()
    a.call("resume")
    b.play("c3")  # A has not heard of it yet
    a.play("c5")
    assert a.snap["elsewhere"]
    assert a.snap["elsewhere_text"] == "This game continues in another tab. Your move c5 was not saved."
    assert "Your move c5 was not saved." in a.snap["announce"]
    assert stored_moves(storage) == "f5d6c3"
    reply = a.call("takeover", documents=a.read())
    assert reply["moves"] == "f5d6c3" and not reply["elsewhere"] and reply["elsewhere_text"] == ""


def test_p11_a_new_game_refused_names_each_of_its_moves_and_a_busy_tab_names_none():
    """P11: a new attempt whose first write is refused names all its placements; a tab that
    only waits (busy when another tab's game came) names none."""
    storage, a, b = left_for_another_tab()
    a.call("resume")
    a.hide()  # stores nothing more
    b.play("c3")
    a.call("resume")
    a.call("new")  # refused: A's new game would replace B's
    assert a.snap["elsewhere"] and a.snap["elsewhere_text"] == "This game continues in another tab."
    storage, a, b = left_for_another_tab()
    a.call("resume")
    a.call("review", source="current")
    b.play("c3")
    a.deliver()
    assert a.snap["elsewhere"] and a.snap["elsewhere_text"] == "This game continues in another tab."


# -- random work in three tabs ---------------------------------------------------------------
class TabsMachine(RuleBasedStateMachine):
    """Random commands in three tabs of one browser, with storage events delivered late
    and in any order, pages reloaded and games taken over, keep P7's promises: every
    star and result any tab showed is in storage, no record is stored twice, what is
    stored always loads without a notice, and once every tab has heard every write,
    each tab that does not wait for Take over shows the stored game."""

    def __init__(self) -> None:
        super().__init__()
        self.storage = Storage()
        self.tabs = [Tab(self.storage, name, player=Seeded(), clock=Clock(hour))
                     for name, hour in (("A", 0), ("B", 8), ("C", 16))]
        for page in self.tabs:
            page.load()
        self.stars: set[str] = set()
        self.records: set[str] = set()
        self.wins: set[str] = set()

    def seen(self, page: Tab) -> None:
        """Notes the stars, results and wins the page shows."""
        snap = page.snap
        for kind in {"adopted", "elsewhere", "taken_over", "game_over"} & set(kinds(snap)):
            event(kind)
        self.stars |= set(earned(snap))
        self.records |= {key(r) for r in snap["history"]["rows"]}
        self.wins |= {key(r) for r in snap["history"]["rows"] if r["challenge"]}

    @rule(n=st.integers(0, 2), pick=st.integers(0, 30))
    def place(self, n, pick):
        page = self.tabs[n]
        if page.snap["human_to_move"] and not page.snap["elsewhere"]:
            legal = page.snap["legal"]
            page.call("place", square=legal[pick % len(legal)], token=page.snap["token"])
        self.seen(page)

    @rule(n=st.integers(0, 2), moves=st.integers(1, 70))
    def play_on(self, n, moves):
        """The person and the computer play on (often to the end of the game)."""
        page = self.tabs[n]
        for _ in range(moves):
            snap = page.snap
            if snap["elsewhere"] or snap["result"] is not None or snap["paused"]:
                break
            if snap["human_to_move"]:
                page.call("place", square=snap["legal"][0], token=snap["token"])
            else:
                page.call("computer_move", token=snap["token"])
            self.seen(page)

    @rule(n=st.integers(0, 2), command=st.sampled_from(["undo", "redo", "new", "restart", "resume", "flush"]))
    def command(self, n, command):
        self.tabs[n].call(command)
        self.seen(self.tabs[n])

    @rule(n=st.integers(0, 2), name=st.sampled_from(["mode", "side", "legal_dots"]), data=st.data())
    def setting(self, n, name, data):
        value = data.draw(st.sampled_from({"mode": ["computer", "local"], "side": ["black", "white"],
                                           "legal_dots": [True, False]}[name]))
        self.tabs[n].call("set_setting", name=name, value=value)
        self.seen(self.tabs[n])

    @rule(n=st.integers(0, 2), seconds=st.integers(1, 16))
    def tick(self, n, seconds):
        page = self.tabs[n]
        for _ in range(seconds):
            page.call("tick", ms=1000)

    @rule(n=st.integers(0, 2))
    def hide(self, n):
        self.tabs[n].hide()

    @rule(n=st.integers(0, 2))
    def review(self, n):
        """Opens the current game in review, or goes back to the game."""
        page = self.tabs[n]
        if page.snap["reviewing"]:
            page.call("close_review")
        else:
            page.call("review", source="current")

    @rule(n=st.integers(0, 2), data=st.data())
    def deliver_some(self, n, data):
        """Some of the storage events reach the tab (the others stay queued, in order)."""
        page = self.tabs[n]
        count = data.draw(st.integers(0, len(page.inbox)))
        for _ in range(count):
            if page.inbox:
                page.call("external", part=page.inbox.pop(0), documents=self.storage.documents())
        self.seen(page)

    @rule(n=st.integers(0, 2))
    def take_over(self, n):
        page = self.tabs[n]
        if page.snap["elsewhere"]:
            page.call("takeover", documents=self.storage.documents())
            assert not page.snap["elsewhere"] and page.snap["moves"] == self.stored_game_moves()
        self.seen(page)

    @rule(n=st.integers(0, 2))
    def reload(self, n):
        self.tabs[n].store_pending()
        self.tabs[n].load()
        self.seen(self.tabs[n])

    @rule(n=st.integers(0, 2), m=st.integers(1, 2), moves=st.integers(1, 8))
    def reload_while_another_plays(self, n, m, moves):
        """Tab n reloads; while it loads, another tab plays on (its storage events go
        unheard); then tab n catches up (P11)."""
        page, other = self.tabs[n], self.tabs[(n + m) % 3]
        page.store_pending()
        read = page.read()
        self.play_on((n + m) % 3, moves)
        page.inbox.clear()
        page.load(read)
        self.seen(page)
        self.seen(other)

    def stored_game_moves(self) -> str:
        """Returns the stored game's transcript up to its cursor."""
        game = stored(self.storage, "game")["game"]
        return game["moves"][:2 * game["cursor"]]

    @invariant()
    def nothing_earned_is_lost_and_nothing_is_stored_twice(self):
        if "stars" in self.storage:
            shelf = stored(self.storage, "stars")
            assert self.stars <= set(shelf["earned"]), "a star a tab showed is not stored"
            assert self.wins <= set(shelf["wins"]), "a challenge win a tab showed is not counted"
            assert len(shelf["wins"]) == len(set(shelf["wins"]))
        if "history.0" in self.storage:
            records = [decode(item) for item in stored(self.storage, "history.0")["records"]]
            keys = [key(r) for r in records]
            assert self.records <= set(keys), "a result a tab showed is not stored"
            assert len(keys) == len(set(keys)), "a result is stored twice"

    @invariant()
    def what_is_stored_loads_cleanly(self):
        assert save_loading.load(Session(Seeded(), clock=Clock()), self.storage.documents()) == []

    @invariant()
    def once_all_is_heard_every_tab_in_play_shows_the_stored_game(self):
        if any(page.inbox for page in self.tabs):
            return
        for page in self.tabs:
            if not page.snap["elsewhere"]:
                assert page.snap["moves"] == self.stored_game_moves(), f"{page.name} shows another game"


TabsMachine.TestCase.settings = settings(max_examples=100, stateful_step_count=40, deadline=None,
                                         suppress_health_check=[HealthCheck.too_slow])
test_p7_random_work_in_three_tabs_loses_nothing = TabsMachine.TestCase


@pytest.mark.parametrize("method", GAME_COMMANDS)
def test_p7_every_refused_game_command_says_why(method):
    """P7: while the game continues elsewhere, each game command's reply names the reason
    it was refused; a command that ran names none."""
    storage, a, b = two_tabs("local")
    b.deliver()
    assert a.call("snapshot")["refused"] is None
    elsewhere(a, b)
    params = dict(GAME_PARAMS.get(method, {}))
    if method in ("place", "computer_move", "hint_step"):
        params["token"] = a.snap["token"]
    if method == "setup_play":
        params.update(board="-" * 27 + "OX------XO" + "-" * 27 + " X", mode="local")
    assert a.call(method, **params)["refused"] == "elsewhere"
    assert a.call("set_setting", name="sound", value=True)["refused"] is None
