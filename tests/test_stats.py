"""Results statistics: per level and side, then local games, computed from
a fixed results history; clearing the history keeps the stars (S1-S9, P1)."""

from __future__ import annotations

import json

from reversi.app.bridge import Bridge
from reversi.app.snapshot import session_snapshot
from reversi.app.stats import statistics
from reversi.game import events as ev
from reversi.game.history import History
from tests.sessions import WIN, WIN_SHORT, Clock, Seeded, advance, parts, reloaded, scripted


def record(mode: str, level: str, side: str, result: str, black: int, white: int, attempt: int = 1) -> dict:
    """Returns a results-history line as the session writes it."""
    return {"attempt": attempt, "date": "2026-01-01T00:00:00+00:00", "mode": mode, "level": level,
            "side": side, "result": result, "black": black, "white": white, "practice": False,
            "challenge": mode == "computer" and result == "win", "duration_ms": 1000, "moves": ""}


HISTORY = [
    record("computer", "normal", "black", "win", 40, 24, 1),     # +16
    record("computer", "easy", "white", "loss", 40, 24, 2),      # -16 from White's side
    record("computer", "normal", "black", "loss", 20, 44, 3),    # -24
    record("local", "normal", "black", "white", 30, 34, 4),      # Black's view: -4
    record("computer", "easy", "white", "win", 13, 51, 5),       # +38
    record("computer", "normal", "black", "draw", 32, 32, 6),    # 0
    record("local", "hard", "white", "black", 18, 0, 7),         # +18 (level and side ignored locally)
    record("computer", "easy", "white", "draw", 30, 30, 8),      # 0, an early end with empties
    record("computer", "expert", "black", "win", 33, 31, 9),     # +2
    record("local", "easy", "black", "draw", 32, 32, 10),        # 0
    record("computer", "normal", "black", "win", 64, 0, 11),     # +64
]


def test_rows_per_level_and_side_then_local_games():
    """One row per level and side played, in level order, then local games, with wins,
    draws, losses, the best and the average margin from the player's side."""
    rows = statistics(History.of(HISTORY))
    assert [r["label"] for r in rows] == [
        "Easy, as White", "Normal, as Black", "Expert, as Black", "Two players (Black's view)"]
    by_label = {r["label"]: r for r in rows}
    assert by_label["Normal, as Black"] == {
        "label": "Normal, as Black", "games": 4, "wins": 2, "draws": 1, "losses": 1,
        "best": 64, "average": 14.0}  # (16 - 24 + 0 + 64) / 4
    assert by_label["Easy, as White"] == {
        "label": "Easy, as White", "games": 3, "wins": 1, "draws": 1, "losses": 1,
        "best": 38, "average": 7.3}  # (-16 + 38 + 0) / 3 = 7.33
    assert by_label["Expert, as Black"] == {
        "label": "Expert, as Black", "games": 1, "wins": 1, "draws": 0, "losses": 0,
        "best": 2, "average": 2.0}
    assert by_label["Two players (Black's view)"] == {
        "label": "Two players (Black's view)", "games": 3, "wins": 1, "draws": 1, "losses": 1,
        "best": 18, "average": 4.7}  # (-4 + 18 + 0) / 3 = 4.67


def test_every_game_is_counted_once():
    """Each history line is counted in exactly one row."""
    rows = statistics(History.of(HISTORY))
    assert sum(r["games"] for r in rows) == len(HISTORY)
    for r in rows:
        assert r["wins"] + r["draws"] + r["losses"] == r["games"]


def test_no_history_no_rows():
    """No results, no statistics."""
    assert statistics(History()) == []


def test_a_negative_best_when_every_game_was_lost():
    """The best margin of a row of losses is negative."""
    rows = statistics(History.of([record("computer", "hard", "white", "loss", 50, 14),
                                  record("computer", "hard", "white", "loss", 34, 30, 2)]))
    assert rows == [{"label": "Hard, as White", "games": 2, "wins": 0, "draws": 0, "losses": 2,
                     "best": -4, "average": -20.0}]


def test_the_snapshot_carries_the_statistics_of_the_session_history():
    """The snapshot's statistics are those of the session's history."""
    session = scripted(WIN)
    advance(session, WIN)
    snap = session_snapshot(session)
    outcome = session.board.outcome()
    assert snap["stats"] == [{"label": "Normal, as Black", "games": 1, "wins": 1, "draws": 0,
                              "losses": 0, "best": outcome.black - outcome.white,
                              "average": float(outcome.black - outcome.white)}]


def test_clear_history_keeps_the_stars_and_the_attempt():
    """Clearing the history empties results and statistics; the stars stay (kept forever)."""
    session = scripted(WIN_SHORT)
    advance(session, WIN_SHORT)
    progress = session.progress
    stars, first, wins = list(progress.shelf.earned), progress.attempt.first_result, len(progress.shelf.wins)
    assert stars and session.progress.history
    session.begin()
    session.clear_history()
    assert session.progress.history == [] and statistics(session.progress.history) == []
    assert session.progress.shelf.earned == stars and len(session.progress.shelf.wins) == wins
    assert session.progress.attempt.first_result == first  # A3: the attempt's result does not change
    assert session.events == [ev.HistoryCleared()]
    saved = {part: json.loads(text) for part, text in parts(session).items()}
    assert saved["history.0"]["records"] == [] and saved["stars"]["earned"] == stars
    again, notices = reloaded(session)
    assert notices == []
    assert again.progress.history == [] and again.progress.shelf.earned == stars
    assert len(again.progress.shelf.wins) == wins


def test_clear_history_through_the_bridge():
    """Through the bridge: clearing stores an empty history part and no stars part
    (the stars did not change, P8); the reply keeps the stars."""
    bridge = Bridge(Seeded(), Clock())

    def call(method, **params):
        return json.loads(bridge.call(method, json.dumps(params)))
    call("load", documents={})
    call("set_setting", name="mode", value="local")
    for i in range(0, len(WIN_SHORT), 2):
        call("place", square=WIN_SHORT[i:i + 2])
    reply = call("snapshot")
    assert reply["history"]["total"] == 1 and reply["stats"][0]["label"] == "Two players (Black's view)"
    earned = [s["id"] for s in reply["stars"] if s["earned"]]
    assert earned
    reply = call("clear_history")
    assert reply["history"]["rows"] == [] and reply["stats"] == []
    assert [s["id"] for s in reply["stars"] if s["earned"]] == earned
    assert set(reply["save"]) == {"history.0"}
    assert json.loads(reply["save"]["history.0"]["text"])["records"] == []
