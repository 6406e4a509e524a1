"""The history saved to a file (R8): GGF records that read back as the same games (first
position, variant, players, passes), one game text a line, and the count said."""

from __future__ import annotations

import json

from reversi.app import pasted
from reversi.app.bridge import Bridge
from reversi.app.export import export, ggf_record
from reversi.engine.board import Board
from reversi.engine.notation import format_transcript
from reversi.engine.variants import ANTI
from tests.sessions import DOUBLE_PASS_BLACK, WIN, Clock, Storage, Tab, squares_of

TODAY = "2026-12-07"


def record(moves: str, **extra) -> dict:
    board = Board()
    board.play_transcript(moves)
    black, white = board.counts()
    return {"attempt": 1, "date": "2026-12-01T10:11:12+00:00", "mode": "computer", "level": "hard", "side": "black",
            "result": "win", "black": black, "white": white, "practice": False, "challenge": True, "duration_ms": 1,
            "moves": moves, **extra}


def test_r8_a_ggf_record_reads_back_as_the_same_game_with_its_passes():
    text = ggf_record(squares_of(DOUBLE_PASS_BLACK), None, "standard", "You", "Hard", "2026-12-01T10:11:12+00:00")
    assert text.count("[PA]") == 2 and "DT[2026.12.01_10:11:12]" in text
    (game,) = pasted.read(text)
    assert format_transcript(game.moves) == DOUBLE_PASS_BLACK and (game.black, game.white) == ("You", "Hard")
    board = Board()
    board.play_transcript(DOUBLE_PASS_BLACK)
    black, white = board.counts()
    assert game.result == f"{black - white:+d}.000" and game.date == "2026-12-01"


def test_r8_a_set_up_start_and_anti_reversi_read_back():
    start = (1 << 27 | 1 << 36 | 1 << 0, 1 << 28 | 1 << 35, 0)
    board = Board(*start)
    moves = board.legal_moves()[:1]
    (game,) = pasted.read(ggf_record(moves, start, "standard", "a", "b", TODAY))
    assert game.start == start and game.moves == moves
    (game,) = pasted.read(ggf_record(squares_of("f5f4"), None, ANTI, "a", "b", TODAY))
    assert game.variant == ANTI and format_transcript(game.moves) == "f5f4"


def test_r8_the_text_holds_one_game_a_line_and_a_shed_record_is_counted():
    records = [record(WIN), record("f5d6c3", side="white"), {**record("f5"), "moves": None}]
    del records[2]["moves"]
    saved = export(records, "text", TODAY)
    assert saved["text"].splitlines() == [WIN, "f5d6c3"] and saved["count"] == 2
    assert saved["said"] == "Saved 2 games. 1 older game kept no moves to save."
    ggf = export(records, "ggf", TODAY)
    first, second = pasted.read(ggf["text"])
    assert (first.black, first.white, second.black, second.white) == ("You", "Hard", "Hard", "You")
    assert ggf["file"] == "reversi-games-2026-12-07.ggf"


def test_r8_the_bridge_saves_the_history_played_here():
    tab = Tab(Storage(), clock=Clock())
    tab.load()
    tab.call("set_setting", name="mode", value="local")
    tab.call("new")
    for square in ("e6", "f6", "g6", "e3", "e2", "f2", "c3", "d2", "e1", "c2", "g1", "b4", "b2", "a5"):
        tab.call("place", square=square, token=tab.snap["token"])
    reply = tab.call("export_games", form="ggf", today=TODAY)
    (game,) = pasted.read(reply["export"]["text"])
    assert format_transcript(game.moves) == "e6f6g6e3e2f2c3d2e1c2g1b4b2a5" and game.black == "Black"
    assert json.loads(Bridge().call("export_games", json.dumps({"form": "text"})))["export"]["count"] == 0
