"""The tab policy on its own (P7, reversi.app.saving.tabs): which commands a tab whose game
continues elsewhere refuses, when a tab is busy, what it does with another tab's part,
and the session it adopts."""

from __future__ import annotations

import pytest

from reversi.app.puzzle_mode import PART as PUZZLES
from reversi.app.saving import checks as save_checks
from reversi.app.saving import parts as save_parts
from reversi.app.saving import tabs
from reversi.app.snapshot import session_snapshot
from reversi.game.session import Session
from tests.sessions import Clock, Seeded


@pytest.mark.parametrize("method", tabs.GAME_COMMANDS)
def test_p7_a_game_command_is_refused_only_while_elsewhere(method):
    assert tabs.refusal(True, method, {"name": "mode"}) == tabs.ELSEWHERE
    assert tabs.refusal(False, method, {"name": "mode"}) is None


@pytest.mark.parametrize("name", tabs.DISPLAY_SETTINGS)
def test_p7_a_display_setting_applies_while_elsewhere(name):
    assert tabs.refusal(True, "set_setting", {"name": name, "value": True}) is None


@pytest.mark.parametrize("method", ["snapshot", "review", "close_review", "analysis_start", "history_page",
                                    "external", "takeover", "flush"])
def test_p7_looking_back_and_storage_are_never_refused(method):
    assert tabs.refusal(True, method, {}) is None


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
    (PUZZLES, {PUZZLES: "{}"}, None, False, False, False, "puzzles"),
    (PUZZLES, {PUZZLES: None}, None, False, False, False, ""),
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
