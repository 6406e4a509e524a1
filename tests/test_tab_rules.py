"""The tab policy on its own (P7, reversi.app.saving.tabs): which commands a tab whose game
continues elsewhere refuses, when a tab is busy, what it does with another tab's part,
and the session it adopts."""

from __future__ import annotations

import json

import pytest

from reversi.app.bridge import COMMANDS, KEYS, Bridge
from reversi.app.saving import checks as save_checks
from reversi.app.saving import parts as save_parts
from reversi.app.saving import tabs
from reversi.app.snapshot import session_snapshot
from reversi.game.session import Session
from tests.sessions import Clock, Seeded


@pytest.mark.parametrize("method", [name for name, command in COMMANDS.items() if command.game])
def test_p7_a_game_command_is_refused_only_while_elsewhere(method):
    assert tabs.refusal(True, COMMANDS[method], {"name": "mode"}) == tabs.ELSEWHERE
    assert tabs.refusal(False, COMMANDS[method], {"name": "mode"}) is None


@pytest.mark.parametrize("name", tabs.DISPLAY_SETTINGS)
def test_p7_a_display_setting_applies_while_elsewhere(name):
    assert tabs.refusal(True, COMMANDS["set_setting"], {"name": name, "value": True}) is None


@pytest.mark.parametrize("method", ["snapshot", "review", "close_review", "analysis_start", "history_page",
                                    "external", "takeover", "flush"])
def test_p7_looking_back_and_storage_are_never_refused(method):
    assert tabs.refusal(True, COMMANDS[method], {}) is None


def test_p7_a_tab_is_busy_reviewing_or_with_the_computer_to_move():
    session = Session(Seeded(), Clock())
    assert not tabs.busy(session, reviewing=False)
    assert tabs.busy(session, reviewing=True)
    session.set_setting("mode", "computer")
    session.set_setting("side", "white")  # the computer opens as Black
    assert session.computer_to_move() and tabs.busy(session, reviewing=False)


@pytest.mark.parametrize("part, texts, known, elsewhere, refused, busy, action", [
    ("settings", {}, None, False, False, False, "merge"),
    ("stars", {}, None, True, False, True, "merge"),
    ("clock", {}, None, False, True, False, "merge"),
    ("history.0", {}, None, False, False, False, "merge"),
    ("game", {"game": "new"}, "old", False, False, False, "adopt"),
    ("game", {"game": "new"}, "old", False, False, True, "elsewhere"),
    ("game", {"game": "new"}, "old", False, True, False, "elsewhere"),
    ("game", {"game": "new"}, "old", True, False, False, ""),
    ("game", {"game": "same"}, "same", False, False, False, ""),
    ("legacy", {}, None, False, False, False, ""),
])
def test_p7_what_a_tab_does_with_another_tabs_part(part, texts, known, elsewhere, refused, busy, action):
    assert save_checks.is_chunk("history.0")
    assert tabs.on_stored(part, texts, known_game=known, elsewhere=elsewhere, refused=refused,
                          busy=busy) == action


@pytest.mark.parametrize("part", [name for name in KEYS if name not in ("settings", "game", "clock", "stars",
                                                                       "history", "legacy")])
def test_p7_a_features_part_from_another_tab_merges_and_counts_as_read(part):
    """P7: a feature's own part (puzzles, lessons, mistakes) merges through its
    StoredPart, whatever the tab is doing, and becomes what this tab last read."""
    bridge = Bridge(Seeded(), Clock())
    bridge.call("load", json.dumps({"documents": {}}))
    theirs = Bridge(Seeded(), Clock()).room(part)  # each feature is named after its part
    theirs.load(None)
    text = theirs.stored(True)
    reply = json.loads(bridge.call("external", json.dumps({"part": part, "documents": {part: text}})))
    assert bridge.saving.known[part] == text and part not in reply["save"]


def test_p7_p4_an_adopted_session_keeps_this_tabs_stars_stays_paused_and_makes_old_requests_stale():
    old = Session(Seeded(), Clock())
    old.place("f5")  # the opening star (S1) is this tab's
    old.pause("hidden")
    other = Session(Seeded(), Clock())
    other.place("d3")
    texts: dict[str, str | None] = dict(save_parts.dump(other, session_snapshot(other)))
    session, notices = tabs.adopted(old, texts, Seeded(), Clock())
    assert notices == [] and session.game.line.moves == other.game.line.moves
    assert session.paused and session.token == old.token + 1
    assert "opening" in session.progress.shelf.earned
