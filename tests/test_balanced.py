"""Balanced random openings: the shipped list, and games that start from one,
played like set-up games (E2): labelled, saved, resumed, exported, never challenges."""

from __future__ import annotations

import json
import random

import pytest

from reversi.app import wording
from reversi.app.game_text import parse_game
from reversi.engine import balanced
from reversi.engine.board import Board
from reversi.engine.book import canonical
from reversi.engine.notation import format_board, format_transcript
from reversi.game.history import decode, encode, is_item
from reversi.game.results import valid_record
from tests.sessions import Storage, Tab

OPENINGS = balanced.openings()
#: The board at the end of each listed opening: its position and side to move.
ENDS = {}
for _moves, _ in OPENINGS:
    _board = Board.replay(format_transcript(list(_moves)))
    ENDS[format_board(_board.black, _board.white, _board.turn)] = _moves


def test_the_list_records_how_it_was_made_and_holds_2000_distinct_balanced_openings():
    header = balanced.DATA_FILE.read_text(encoding="utf-8").splitlines()[:2]
    assert header[0] == "# reversi-balanced 1"
    made = json.loads(header[1][2:])
    assert made["command"].startswith("python3 bench/openings.py") and "seed" in made
    assert balanced.count() >= 2000 and made["count"] == balanced.count()
    seen = set()
    for moves, value in OPENINGS:
        assert balanced.MIN_PLIES <= len(moves) <= balanced.MAX_PLIES and moves[0] == 37  # f5 first
        board = Board.replay(format_transcript(list(moves)))  # R3: every placement legal
        assert not board.is_game_over() and abs(value) <= 2
        seen.add(canonical(*board.mover_mask()) << 1 | board.turn)
    assert len(seen) == len(OPENINGS), "two openings reach the same position"


def test_a_seed_picks_the_same_opening():
    assert balanced.pick("2026-12-02/3") == balanced.pick("2026-12-02/3")
    assert len({tuple(balanced.pick(seed)) for seed in range(50)}) > 40


def balanced_tab(storage: Storage | None = None, mode: str = "computer") -> Tab:
    tab = Tab(storage if storage is not None else Storage())
    tab.load()
    tab.call("set_setting", name="mode", value=mode)
    tab.call("set_setting", name="opening", value="balanced")
    tab.call("new")
    return tab


def test_a_balanced_game_starts_where_a_listed_opening_ends_and_says_so():
    tab = balanced_tab()
    snap = tab.snap
    assert snap["set_up"] and snap["options"]["opening"] == "balanced" and snap["opening_applies"]
    assert "balanced opening" in snap["game_line"]
    board = format_board(*parse_game(snap["transcript"]).start)  # exported with its start (E2)
    assert board in ENDS
    assert "balanced random opening" in snap["announce"]


def test_the_option_is_for_standard_games_only():
    tab = Tab(Storage())
    tab.load()
    tab.call("set_setting", name="opening", value="balanced")
    reply = tab.call("set_setting", name="variant", value="anti")
    assert not reply["opening_applies"]
    reply = tab.call("new")
    assert not reply["set_up"] and reply["variant"] == "anti"


def test_a_balanced_game_is_saved_resumed_and_recorded_like_a_set_up_game():
    """E2, P1, S: resumed with its start and label; its record is never a challenge,
    is labelled in the history, and earns no star beyond S1-S4."""
    storage = Storage()
    tab = balanced_tab(storage, mode="local")
    tab.play(tab.snap["legal"][0])
    tab.hide()
    again = Tab(storage, "again")
    resumed = again.load()
    assert resumed["transcript"] == tab.snap["transcript"] and "balanced opening" in resumed["game_line"]
    rng = random.Random(4)
    reply = again.snap
    while reply["result"] is None:
        reply = again.play(rng.choice(reply["legal"]))
    (row,) = reply["history"]["rows"]
    assert row["balanced"] is True and "start" in row and not row["challenge"]
    assert row["words"]["kind"] == "Balanced opening"
    assert not {"first-win", "strong-win", "clean-win", "fresh-wins"} & {s["id"] for s in reply["stars"]
                                                                         if s["earned"]}


def test_the_compact_history_keeps_the_balanced_mark():
    board = next(iter(ENDS))
    record = {"attempt": 2, "date": "2026-12-02T10:00:00+00:00", "mode": "computer", "level": "hard",
              "side": "white", "result": "loss", "black": 40, "white": 24, "practice": False,
              "challenge": False, "duration_ms": 5000, "moves": "", "start": board, "balanced": True}
    item = encode(record)
    assert isinstance(item, str) and is_item(item) and decode(item) == record
    assert valid_record(record) and not valid_record({**record, "balanced": False})
    assert not valid_record({k: v for k, v in record.items() if k != "start"}), "balanced needs its start"
    assert wording.history_words(record)["kind"] == "Balanced opening"


@pytest.mark.parametrize("opening", ["f5d6", "nonsense", 7])
def test_a_saved_opening_that_does_not_reach_the_start_is_dropped_and_the_game_kept(opening):
    storage = Storage()
    tab = balanced_tab(storage, mode="local")
    tab.play(tab.snap["legal"][0])
    tab.hide()
    saved = json.loads(storage["game"])
    saved["game"]["opening"] = opening
    storage["game"] = json.dumps(saved)
    resumed = Tab(storage, "again").load()
    assert resumed["transcript"] == tab.snap["transcript"] and resumed["set_up"]
    assert "balanced opening" not in resumed["game_line"]
