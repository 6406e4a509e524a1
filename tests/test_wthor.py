"""WTHOR files and game files opened in the page (R9): a file written from known games
reads back identically with its players and tournament; each malformed case gets its
message naming the game and the byte; the review opens the first game of a file."""

from __future__ import annotations

import base64
import json

import pytest

from reversi.app import files, wording, wthor
from reversi.app.bridge import Bridge
from reversi.engine.board import Board
from reversi.engine.notation import NotationError, format_transcript
from tests.sessions import DOUBLE_PASS_BLACK, LOSS, WIN, squares_of

MADE = (2026, 12, 7)
GAMES = [(squares_of(WIN), 0, 1, 0), (squares_of(LOSS), 1, 2, 1), (squares_of(DOUBLE_PASS_BLACK), 2, 0, 1)]
PLAYERS = ["Tamaki Ryo", "Ãlice Dupré", "Bob"]
TOURNAMENTS = ["Championnat de France", "Paris Open"]


def sent(name: str, data: bytes) -> dict:
    return {"name": name, "data": base64.b64encode(data).decode()}


def test_r9_a_wthor_file_written_from_known_games_reads_back_identically():
    data = wthor.write_games(GAMES, 2025, MADE)
    assert len(data) == 16 + 68 * 3
    games = wthor.read_games(data, wthor.read_names(wthor.write_names(PLAYERS, "jou", MADE), "jou"),
                             wthor.read_names(wthor.write_names(TOURNAMENTS, "trn", MADE), "trn"))
    assert [g.moves for g in games] == [moves for moves, *_ in GAMES]
    assert [(g.black, g.white, g.event) for g in games] == [
        ("Tamaki Ryo", "Ãlice Dupré", "Championnat de France"), ("Ãlice Dupré", "Bob", "Paris Open"),
        ("Bob", "Tamaki Ryo", "Paris Open")]
    for game, (moves, *_rest) in zip(games, GAMES):
        board = Board()
        for square in moves:
            board.play(square)
        assert game.result == str(board.counts()[0]) and game.date == "2025"


def test_r9_the_moves_are_ten_times_the_row_plus_the_column():
    data = wthor.write_games([(squares_of("f5d6"), 0, 0, 0)], 2025, MADE)
    assert data[16 + 8:16 + 11] == bytes([56, 64, 0])  # f5: row 5, column 6; d6: row 6, column 4


@pytest.mark.parametrize("damage, kind, says", [
    (lambda d: d[:10], "wthor_header", "its 16-byte WTHOR header is not one"),
    (lambda d: d[:16 + 68 + 30], "wthor_size", "game 2 of 3 is cut short at byte 84"),
    (lambda d: d[:16 + 8] + b"\x63" + d[16 + 9:], "wthor_move", "game 1, byte 24: 99 is not a move"),
    (lambda d: d[:16 + 68 + 8 + 3] + b"\x0b" + d[16 + 68 + 12:], "wthor_illegal",
     "game 2, byte 95: move 4, a1, cannot be played"),
])
def test_r9_each_malformed_wthor_case_gets_its_message(damage, kind, says):
    with pytest.raises(NotationError) as caught:
        wthor.read_games(damage(wthor.write_games(GAMES, 2025, MADE)))
    assert caught.value.kind == kind
    assert says in wording.error_text(caught.value).replace("\u2060", "")


def test_r9_the_review_opens_the_first_game_of_a_wthor_pair_and_names_a_broken_file():
    bridge = Bridge()
    pair = [sent("WTH_2025.wtb", wthor.write_games(GAMES, 2025, MADE)),
            sent("WTHOR.JOU", wthor.write_names(PLAYERS, "jou", MADE))]
    reply = json.loads(bridge.call("import_files", json.dumps({"files": pair})))
    assert reply["review"]["title"].startswith("Tamaki Ryo – Ãlice Dupré, 2025 · game 1 of 3")
    assert reply["review"]["moves"] == WIN
    assert reply["imported"] == {"index": 0, "count": 3, "label": "Game 1 of 3"}
    step = json.loads(bridge.call("import_game_at", json.dumps({"step": 1})))
    assert step["review"]["moves"] == LOSS
    assert step["review"]["title"].startswith("Ãlice Dupré – Bob, 2025 · game 2 of 3")
    assert json.loads(bridge.call("import_game_at", json.dumps({"index": 2})))["imported"]["index"] == 2
    with pytest.raises(ValueError, match="no game 3"):
        bridge.call("import_game_at", json.dumps({"step": 1}))
    other = json.loads(bridge.call("review", json.dumps({"source": "current"})))
    assert other["imported"] is None  # another review forgets the games opened together
    ggf = sent("games.ggf", b"(;GM[Othello]TY[8]B[f5]W[d6];)")
    one = json.loads(bridge.call("import_files", json.dumps({"files": [ggf]})))
    assert one["review"]["moves"] == "f5d6" and one["imported"] is None
    broken = sent("WTH_2025.wtb", wthor.write_games(GAMES, 2025, MADE)[:100])
    with pytest.raises(ValueError, match="WTH_2025.wtb cannot be opened: game 2 of 3 is cut short"):
        bridge.call("import_files", json.dumps({"files": [broken]}))
    with pytest.raises(ValueError, match="no game"):
        files.games_of([sent("WTHOR.JOU", wthor.write_names(PLAYERS, "jou", MADE))])
    with pytest.raises(ValueError, match="base64"):
        files.games_of([{"name": "x.ggf", "data": "**"}])
    assert format_transcript(files.games_of([sent("a.txt", b"1. f5 d6")])[0].moves) == "f5d6"
