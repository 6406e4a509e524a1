"""Light saving (P8, P1) at the bridge: which parts a reply stores and when.

The game part is stored when the game changes, the clock part (active time) at
most every 15 s of active time and at once on "flush" or "pause" (the page flushes
when it is hidden or closed), otherwise offered as "pending"; history and stars
only when they change.  Every test drives a fake page (tests/sessions.py Tab)
through Bridge.call only and counts what it stores in a fake localStorage.
"""

from __future__ import annotations

import json

import pytest

from reversi.app.saving.timing import CLOCK_EVERY_MS
from tests.sessions import LOSS, WIN, WIN_SHORT, Book, Storage, Tab


def page(mode: str = "computer", storage: Storage | None = None) -> Tab:
    """Returns a loaded page over ``storage`` (a fresh one by default) with the game's mode set."""
    tab = Tab(Storage() if storage is None else storage, player=Book(WIN, LOSS))
    tab.load()
    if mode != "computer":
        tab.call("set_setting", name="mode", value=mode)
    return tab


def stored_during(tab: Tab, action) -> list[str]:
    """Runs ``action()`` and returns the keys the page stored meanwhile, in order."""
    before = len(tab.stored)
    action()
    return [key for key, _ in tab.stored[before:]]


def active_ms(tab: Tab) -> int | None:
    """Returns the active time in the stored clock part (None when none is stored)."""
    clock = tab.stored_part("clock")
    return None if clock is None else clock["active_ms"]


def test_p8_a_new_visitor_stores_each_part_once():
    """P1, P8: the first load of a browser with nothing stored writes the settings,
    game, history and stars parts, and the lesson progress that remembers the
    first-visit invitation (N3) (none is based on anything), and offers the clock
    as pending; nothing more is stored until something changes."""
    storage = Storage()
    tab = Tab(storage, player=Book(WIN))
    reply = tab.load()
    first = {"settings", "game", "history.0", "stars", "learn"}
    assert set(reply["save"]) == first and set(reply["pending"]) == {"clock"}
    assert all(part["base"] is None for part in reply["save"].values())
    assert set(storage) == first
    reply = tab.call("snapshot")
    assert reply["save"] == {} and set(reply["pending"]) == {"clock"}
    tab.store_pending()
    assert set(storage) == first | {"clock"}


@pytest.mark.parametrize("mode", ["computer", "local"])
def test_p8_thirty_seconds_of_idle_play_store_at_most_two_parts(mode):
    """P8: 30 ticks of 1000 ms on the person's turn store at most 2 parts in all: the
    clock part at 15 s and at 30 s of active time, never the game part; between
    writes the clock is offered as pending, with the time so far."""
    tab = page(mode)
    assert tab.snap["human_to_move"] and tab.snap["clock_running"]
    stored = []
    for second in range(1, 31):
        reply = tab.call("tick", ms=1000)
        stored += list(reply["save"])
        assert "game" not in reply["save"]
        written = second * 1000 % CLOCK_EVERY_MS == 0
        assert set(reply["save"]) == ({"clock"} if written else set()), f"tick {second}"
        if not written:
            assert json.loads(reply["pending"]["clock"]["text"])["active_ms"] == second * 1000
    assert stored == ["clock", "clock"] and len(stored) <= 2
    assert active_ms(tab) == 30_000


def test_p8_the_game_part_is_stored_once_per_game_change_and_never_by_a_tick():
    """P8: each command that changes the game stores the game part once (a placement,
    the computer's reply, Undo, Redo, New); a setting stores the settings part only;
    pausing and resuming store no game (pausing flushes the active time); a command
    that changes nothing stores nothing; history and stars only when they change."""
    tab = page()
    token = tab.snap["token"]
    steps = [
        ("place", {"square": "e6", "token": token}, {"game", "stars"}),  # S1: Opening
        ("snapshot", {}, set()),
        ("place", {"square": "a1"}, set()),  # refused: not the person's turn
        ("computer_move", {"token": token}, set()),  # stale token
        ("computer_move", None, {"game"}),
        ("tick", {"ms": 1000}, set()),
        ("place", {"square": "g6"}, {"game"}),
        ("computer_move", None, {"game"}),
        ("undo", {}, {"game"}),
        ("redo", {}, {"game"}),
        ("set_setting", {"name": "sound", "value": True}, {"settings"}),
        ("set_setting", {"name": "level", "value": "hard"}, {"settings"}),  # waits for New
        ("pause", {}, {"clock"}),  # pausing flushes the active time
        ("pause", {}, set()),
        ("resume", {}, set()),
        ("set_setting", {"name": "side", "value": "white"}, {"settings"}),  # the person has placed: waits
        ("new", {}, {"game"}),  # the new attempt's clock part waits like any other time
        ("undo", {}, set()),  # nothing to undo
    ]
    for method, params, expected in steps:
        if params is None:
            params = {"token": tab.snap["token"]}
        reply = tab.call(method, **params)
        assert set(reply["save"]) == expected, (method, params, reply["announce"])


def test_p8_history_and_stars_are_stored_only_when_a_game_ends_or_a_star_is_earned():
    """P8: over a whole local game the history part is stored once (its end) and the
    stars part once per command that earned a star; clearing the history stores it."""
    tab = page("local")
    earned_by = []
    for i in range(0, len(WIN_SHORT), 2):
        reply = tab.play(WIN_SHORT[i:i + 2])
        assert ("history.0" in reply["save"]) == (reply["result"] is not None)
        assert ("stars" in reply["save"]) == bool(reply["new_stars"])
        earned_by += [i // 2] * bool(reply["new_stars"])
    assert earned_by and earned_by[-1] == len(WIN_SHORT) // 2 - 1  # Completion at the end
    assert len(tab.stored_part("history.0")["records"]) == 1
    assert set(tab.call("clear_history")["save"]) == {"history.0"}
    assert tab.stored_part("history.0")["records"] == []
    assert set(tab.call("new")["save"]) == {"game"}


def test_p8_flush_and_pause_store_the_clock_at_once_and_the_15_s_count_starts_again():
    """P8: "flush" stores the pending active time at once and nothing else; the next
    timed write comes 15 s of active time after it; "pause" flushes too."""
    tab = page()
    for _ in range(3):
        assert tab.call("tick", ms=1000)["save"] == {}
    reply = tab.call("flush")
    assert set(reply["save"]) == {"clock"} and reply["pending"] == {}
    assert active_ms(tab) == 3000
    assert tab.call("flush")["save"] == {}  # nothing new to store
    for second in range(1, 16):
        reply = tab.call("tick", ms=1000)
        assert set(reply["save"]) == ({"clock"} if second == 15 else set())
    assert active_ms(tab) == 18_000
    tab.call("tick", ms=2000)
    reply = tab.call("pause", reason="hidden")
    assert set(reply["save"]) == {"clock"} and active_ms(tab) == 20_000


def test_p8_hiding_the_page_stores_the_pending_time_before_pausing():
    """P8, P4: when the page is hidden it stores the pending clock part, then pauses
    (which stores nothing more: the clock is already as stored, and the pause is not)."""
    tab = page()
    for _ in range(7):
        tab.call("tick", ms=1000)
    assert active_ms(tab) is None
    assert stored_during(tab, tab.hide) == ["clock"]
    assert active_ms(tab) == 7000 and tab.snap["paused"]
    assert all(tab.storage[key] == part["text"] for key, part in tab.snap["save"].items())


def test_p8_a_page_killed_between_writes_loses_at_most_15_s_of_active_time():
    """P8: the cost of light saving: a page that dies without being hidden (no flush)
    comes back with the active time of the last timed write, less than 15 s behind."""
    storage = Storage()
    tab = page(storage=storage)
    for _ in range(29):
        tab.call("tick", ms=1000)
    again = Tab(storage, "again", player=Book(WIN)).load()
    assert again["active_ms"] == 15_000 and 29_000 - again["active_ms"] < CLOCK_EVERY_MS


def test_p8_each_stored_part_names_the_text_it_replaces():
    """P7, P8: every part a reply stores carries as base the text this tab last stored
    (or read) under that key, so one tab's writes follow each other without conflict."""
    tab = page()
    seen = dict(tab.storage)
    for method, params in [("place", {"square": "e6"}), ("computer_move", None), ("tick", {"ms": 16_000}),
                           ("set_setting", {"name": "legal_dots", "value": False}), ("flush", {})]:
        if params is None:
            params = {"token": tab.snap["token"]}
        if method == "place":
            params["token"] = tab.snap["token"]
        reply = tab.call(method, **params)
        for key, part in reply["save"].items():
            assert part["base"] == seen.get(key)
            seen[key] = part["text"]
        assert dict(tab.storage) == seen
    assert tab.inbox == []


def test_p8_while_the_game_is_over_ticks_store_nothing():
    """P6, P8: the active time stops at the end, so a finished game's ticks store no part."""
    tab = page("local")
    tab.play(*(WIN_SHORT[i:i + 2] for i in range(0, len(WIN_SHORT), 2)))
    tab.call("flush")
    for _ in range(20):
        reply = tab.call("tick", ms=1000)
        assert reply["save"] == {} and reply["pending"] == {}
