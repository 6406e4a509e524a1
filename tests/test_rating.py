"""The player's rating (C8): Glicko-2 against Glickman's worked example, which games are
rated, Play at my level's choice, and the stored part's merge, damage and shedding
(P3, P7, P9), through the bridge as the page drives it."""

from __future__ import annotations

import json
import random

import pytest

from reversi.app.rating import ledger as ledgers
from reversi.app.rating.glicko import Rating, update
from reversi.app.rating.ledger import FIRST_RUNG, Game, Ledger
from reversi.app.rating.room import nearest, rated
from reversi.engine.ladder import RATINGS, RUNG_NAMES
from reversi.engine.notation import square_name
from tests.sessions import LOSS, WIN, Book, Clock, Storage, Tab, squares_of


def test_c8_glicko2_gives_the_papers_worked_example():
    """Glickman's example: 1500 (RD 200, σ 0.06) beats 1400/30, loses to 1550/100 and 1700/300."""
    after = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert round(after.rating, 2) == 1464.05 and round(after.deviation, 2) == 151.52
    assert round(after.volatility, 5) == 0.06


def test_c8_wildly_inconsistent_results_keep_the_rating_finite_and_bounded():
    """C8: one-game periods of random results against every rung (a win over Expert, then a
    loss to Easy ...) once blew the volatility up and divided by zero after 6,166 games."""
    rng, rating = random.Random(1), Rating(RATINGS["normal"], 350)
    for _ in range(20_000):
        rating = update(rating, [(Rating(rng.choice(list(RATINGS.values())), 30), rng.choice((0, 0.5, 1)))])
        assert min(RATINGS.values()) - 1000 < rating.rating < max(RATINGS.values()) + 1000
        assert 0 < rating.deviation <= 350 and 0 < rating.volatility <= 0.15


def test_c8_a_period_without_games_only_widens_the_deviation():
    idle = update(Rating(1500, 200, 0.06), [])
    assert idle.rating == 1500 and 200 < idle.deviation < 201


def test_c8_a_win_raises_a_loss_lowers_and_a_draw_against_an_equal_keeps():
    start = Rating(1000, 100)
    assert update(start, [(Rating(1000, 30), 1)]).rating > 1000 > update(start, [(Rating(1000, 30), 0)]).rating
    assert update(start, [(Rating(1000, 30), 0.5)]).rating == pytest.approx(1000)


RECORD = {"attempt": 1, "date": "2026-12-07T10:00:00+00:00", "mode": "computer", "level": "normal",
          "side": "black", "result": "win", "black": 40, "white": 24, "practice": False, "challenge": True,
          "duration_ms": 1, "moves": ""}


@pytest.mark.parametrize("change, counts", [
    ({}, True), ({"result": "loss", "challenge": False}, True), ({"practice": True, "challenge": False}, False),
    ({"mode": "local", "result": "black", "challenge": False}, False), ({"variant": "anti", "challenge": False}, False),
    ({"start": "-" * 27 + "OX------XO" + "-" * 27 + " X", "challenge": False}, False),
])
def test_c8_only_a_clean_standard_computer_game_from_the_start_is_rated(change, counts):
    assert rated({**RECORD, **change}) is counts


def finish(tab: Tab, transcript: str, *, undo: bool = False) -> dict:
    """Plays ``transcript`` against the computer (which answers from it) to the end."""
    tab.call("new")
    if undo:
        tab.call("place", square=square_name(squares_of(transcript)[0]), token=tab.snap["token"])
        tab.call("undo")
    reply = tab.snap
    for _ in range(200):
        if reply["result"] is not None:
            break
        if reply["computer_to_move"]:
            reply = tab.call("computer_move", token=reply["token"])
        else:
            square = squares_of(transcript)[len(reply["moves"]) // 2]
            reply = tab.call("place", square=square_name(square), token=reply["token"])
    assert reply["result"] is not None, "the game did not end"
    return reply


def page(storage: Storage, name: str = "A", hour: int = 0) -> Tab:
    tab = Tab(storage, name, player=Book(WIN, LOSS), clock=Clock(hour))
    tab.load()
    return tab


def test_c8_a_rated_game_moves_the_rating_once_and_a_game_with_undo_does_not():
    storage = Storage()
    tab = page(storage)
    assert tab.snap["rating"]["games"] == 0 and "No rated game yet" in tab.snap["rating"]["text"]
    won = finish(tab, WIN)
    assert won["rating"]["games"] == 1 and won["rating"]["value"] > RATINGS[FIRST_RUNG]
    assert won["rating"]["provisional"] and "provisional: 1 rated game of 10" in won["rating"]["text"]
    assert tab.call("snapshot")["rating"]["games"] == 1, "a rated game counts once"
    practised = finish(tab, LOSS, undo=True)
    assert practised["attempt"]["practice"] and practised["rating"]["games"] == 1
    again = page(storage, "B")
    assert again.snap["rating"]["games"] == 1 and again.snap["rating"]["value"] == won["rating"]["value"]


def test_c8_p7_two_tabs_each_finishing_a_rated_game_count_both_once():
    storage = Storage()
    a, b = page(storage, "A", 0), page(storage, "B", 12)
    finish(a, WIN)
    b.deliver()
    finish(b, LOSS)
    a.deliver()
    assert a.snap["rating"]["games"] == b.snap["rating"]["games"] == 2
    assert a.snap["rating"]["value"] == b.snap["rating"]["value"]
    assert a.snap["rating"]["points"] == b.snap["rating"]["points"]
    stored = json.loads(storage["rating"])
    assert len({row[0] for row in stored["games"]}) == len(stored["games"]) == 2


def test_c8_play_at_my_level_starts_at_normal_follows_the_rating_and_steps_up_after_two_wins():
    """C8: Normal with no rated game, saying its rating; then the rung nearest the rating."""
    assert nearest(RATINGS["normal"]) == "normal" and nearest(-10**6) == RUNG_NAMES[0]
    assert nearest(10**6) == RUNG_NAMES[-1]
    tab = page(Storage())
    assert tab.snap["rating"]["rung"] == FIRST_RUNG == "normal"
    assert tab.snap["rating"]["rung_text"] == f"At your level: Normal ({RATINGS['normal']:,})"
    tab.call("set_setting", name="level", value="mine")
    assert tab.snap["level"] == "normal"
    reply = finish(tab, WIN)
    assert reply["rating"]["rung"] == nearest(reply["rating"]["value"]) != "normal"  # a first win moves far
    reply = finish(tab, LOSS)  # the next game is played at that rung
    assert reply["level"] == nearest(1972) == "good", "the game after the first win (1,972 ± 247)"
    assert reply["rating"]["rung"] == nearest(reply["rating"]["value"])


def test_c8_play_at_my_level_steps_up_after_two_wins_in_a_row_at_its_rung():
    """C8: a settled Casual player wins twice at Casual, whose rating stays nearest: the
    third game is at Regular, the next rung up, and the page says so (a reload or the
    reply's making keeps it); a loss there goes back to the rung nearest the rating."""
    settled = Ledger()
    for n in range(40):
        settled.add(Game(f"2025-06-01T10:00:{n:02d}Z#{n + 1}", "casual", RATINGS["casual"], 0.5))
    storage = Storage()
    storage["rating"] = settled.text()
    tab = page(storage)
    tab.call("set_setting", name="level", value="mine")
    assert tab.snap["level"] == "casual"
    reply = finish(tab, WIN)
    assert reply["level"] == "casual" and reply["rating"]["rung"] == nearest(reply["rating"]["value"]) == "casual"
    reply = finish(tab, WIN)
    assert reply["level"] == "casual" and nearest(reply["rating"]["value"]) == "casual", "the rating keeps Casual"
    assert reply["rating"]["rung"] == RUNG_NAMES[RUNG_NAMES.index("casual") + 1] == "regular"
    assert reply["rating"]["rung_text"] == f"At your level: Regular ({RATINGS['regular']:,})"
    assert tab.call("new")["level"] == "regular"
    reply = finish(tab, LOSS)  # a loss at the step up goes back to the rung nearest the rating
    assert reply["level"] == "regular" and reply["rating"]["rung"] == nearest(reply["rating"]["value"]) == "casual"


def test_c8_p3_the_stored_ratings_after_each_game_are_read_as_they_are_or_worked_out_again(monkeypatch):
    ledger = Ledger()
    for n in range(30):
        rung = RUNG_NAMES[n % len(RUNG_NAMES)]
        ledger.add(Game(f"2026-02-01T10:00:{n:02d}Z#{n + 1}", rung, RATINGS[rung], n % 3 / 2))
    text = ledger.text()
    monkeypatch.setattr(ledgers, "update", None)  # reading a whole part rates nothing again
    read, whole = Ledger.read(text)
    assert whole and [round(r.rating, 4) for r in read.after] == [round(r.rating, 4) for r in ledger.after]
    monkeypatch.undo()
    damaged = json.loads(text)
    damaged["after"][3] = ["x", 0, 0]
    again, whole = Ledger.read(json.dumps(damaged))
    assert whole and again.after == ledger.after and again.rating == ledger.rating


def test_c8_p3_a_damaged_game_is_dropped_and_named_the_rest_kept():
    ledger = Ledger()
    ledger.add(Game("2026-12-01#1", "normal", RATINGS["normal"], 1))
    ledger.add(Game("2026-12-02#2", "normal", RATINGS["normal"], 0))
    data = json.loads(ledger.text())
    data["games"][0][3] = 7
    again, whole = Ledger.read(json.dumps(data))
    assert not whole and again.count == 1 and again.games[0].key == "2026-12-02#2"
    assert Ledger.read("{not json")[1] is False and Ledger.read("{not json")[0].count == 0
    storage = Storage(rating="[1, 2]")
    tab = page(storage)
    assert any("rating could not be read" in n for n in tab.snap["notices"]) and tab.snap["rating"]["games"] == 0


def test_c8_p9_shedding_folds_the_oldest_games_into_the_base_and_keeps_the_rating():
    ledger = Ledger()
    for n in range(60):
        ledger.add(Game(f"2026-12-01T00:00:{n:02d}#1", "normal", RATINGS["normal"], n % 2))
    before, text = ledger.rating, ledger.text()
    ledger.shed(len(text) // 2)
    assert len(ledger.text()) <= len(text) // 2 and ledger.count == 60 and ledger.rating == before
    assert ledger.knows("2026-12-01T00:00:00#1") and not ledger.add(Game("2026-12-01T00:00:00#1", "hard", 1, 1))
    again, whole = Ledger.read(ledger.text())
    assert whole and again.count == 60 and again.rating.rating == pytest.approx(before.rating, abs=0.01)


def test_c8_p9_the_rating_gives_way_after_the_mistakes_and_before_any_history_record(monkeypatch):
    """P9's order: mistakes first (rank 1), the opening lines (rank 2, K6), then the rating
    (rank 3), then the history's moves."""
    from reversi.app.bridge import Bridge

    bridge = Bridge(Book(WIN), Clock())
    ranks = {part.part: part.shed_rank for part in bridge.parts}
    assert ranks["mistakes"] == 1 and ranks["openings"] == 2 and ranks["rating"] == 3
    monkeypatch.setattr(ledgers, "KEPT", 10_000)
    player = bridge.room("rating")
    for n in range(300):
        player.ledger.add(Game(f"2026-12-01T00:{n // 60:02d}:{n % 60:02d}#1", "normal", RATINGS["normal"], 1))
    size = len(player.ledger.text())
    bridge.call("load", json.dumps({"documents": {"rating": player.ledger.text()}}))
    monkeypatch.setattr("reversi.app.saving.parts.HISTORY_BUDGET", size // 2)
    reply = json.loads(bridge.call("snapshot"))
    assert len(bridge.room("rating").ledger.text()) <= size // 2 and reply["rating"]["games"] == 300
