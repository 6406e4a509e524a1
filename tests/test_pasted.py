"""Games pasted from other sites (R7): numbered move lists, tag pairs as PlayOK writes them,
GGF records with their first position; each malformed game refused with a message that
names the game, the character and why; through the bridge as the page drives it."""

from __future__ import annotations

import json

import pytest

from reversi.app import pasted, wording
from reversi.app.bridge import Bridge
from reversi.engine.board import Board
from reversi.engine.notation import IllegalMoveError, NotationError, format_transcript
from reversi.engine.variants import ANTI

START = "-------- -------- -------- ---O*--- ---*O--- -------- -------- --------"
PLAYOK = """[Event "Rated game"]
[Site "PlayOK"]
[Date "2024.05.01"]
[Time "12:30:00"]
[Black "alice"]
[White "bob"]
[Result "0-1"]

1. f5 d6 2. c3 d3 3. c4 f4
4. f6 f3 5. e6 e7 pass -- 0-1
"""


def ggf(moves: str, board: str = START, turn: str = "*", kind: str = "8", extra: str = "") -> str:
    return f"(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Saio]PW[Zebra]RE[+2.000]TY[{kind}]" \
           f"BO[8 {board} {turn}]{moves}{extra};)"


def transcript(text: str) -> str:
    return format_transcript(pasted.read(text)[0].moves)


@pytest.mark.parametrize("text", ["1. f5 d6 2. c3 d3 3. c4", "1.F5 2.d6 3.C3 4.d3 5.c4", "F5D6C3D3C4",
                                  "f5 d6\nc3 d3 c4", "1. f5 d6\n2. c3 d3\n3. c4 33-31", "1... f5 d6 c3 d3 c4 *"])
def test_r7_numbered_lists_any_case_with_or_without_spaces_read_as_the_transcript(text):
    assert transcript(text) == "f5d6c3d3c4"


def test_r7_tag_pairs_give_the_players_and_date_and_passes_are_skipped():
    (game,) = pasted.read(PLAYOK)
    assert (game.black, game.white, game.date, game.result) == ("alice", "bob", "2024-05-01", "0-1")
    assert format_transcript(game.moves) == "f5d6c3d3c4f4f6f3e6e7"


def test_r7_a_numbered_lists_illegal_move_names_its_character_in_the_text_as_pasted():
    text = "1. f5 d6 2. c3 e6"
    with pytest.raises(IllegalMoveError) as caught:
        pasted.read(text)
    assert caught.value.index == 4 and text[caught.value.position - 1:caught.value.position + 1] == "e6"


def test_r7_ggf_records_read_with_players_date_result_and_passes():
    text = ggf("B[f5//0.01]W[d6]B[c3/1.50/2]W[d3]") + "\n" + ggf("B[e6]W[f4]")
    first, second = pasted.read(text)
    assert format_transcript(first.moves) == "f5d6c3d3" and first.start is None
    assert (first.black, first.white, first.date, first.result) == ("Saio", "Zebra", "2003-12-15", "+2.000")
    assert format_transcript(second.moves) == "e6f4"


def test_r7_a_ggf_first_position_and_anti_reversi_are_kept():
    board = Board()
    for square in (37, 43, 18):  # f5 d6 c3
        board.play(square)
    cells = "".join("*" if board.color_at(s) == 0 else "O" if board.color_at(s) == 1 else "-" for s in range(64))
    rows = " ".join(cells[k:k + 8] for k in range(0, 64, 8))
    (game,) = pasted.read(ggf("W[d3]B[c4]", rows, "O"))
    assert game.start == (board.black, board.white, 1) and format_transcript(game.moves) == "d3c4"
    assert pasted.read(ggf("B[f5]", kind="8a"))[0].variant == ANTI


@pytest.mark.parametrize("text, kind, says", [
    (ggf("B[f5]W[z9]"), "ggf_move", "game 1, character "),
    (ggf("B[f5]") + ggf("B[f5]W[f4]B[a1]"), "in_game", "game 2: move 3 at character"),
    (ggf("B[f5]", kind="10"), "ggf_type", "game 1 is not a game of 8\u2060×\u20608 Othello (TY[10])"),
    (ggf("B[f5]", board="-------- ---"), "ggf_board", "game 1: its board (BO) is not an 8\u2060×\u20608 board"),
    ("(;GM[Othello]B[f5]", "ggf_none", "no GGF game record"),
])
def test_r7_each_malformed_ggf_case_gets_its_message(text, kind, says):
    with pytest.raises(NotationError) as caught:
        pasted.read(text)
    assert caught.value.kind == kind
    message = wording.transcript_problem(caught.value)
    assert says in message, message
    if kind in ("ggf_move", "in_game"):
        at = caught.value.position
        assert text[at - 1:at + 1] in ("z9", "a1")


def test_r7_the_review_opens_a_pasted_game_titled_by_its_players_and_refuses_a_bad_one():
    bridge = Bridge()
    reply = json.loads(bridge.call("import_transcript", json.dumps({"text": PLAYOK})))
    assert reply["review"]["title"].startswith("alice – bob, 2024-05-01")
    assert reply["review"]["moves"] == "f5d6c3d3c4f4f6f3e6e7"
    two = ggf("B[f5]W[d6]") + ggf("B[e6]")
    reply = json.loads(bridge.call("import_transcript", json.dumps({"text": two})))
    assert reply["review"]["title"].startswith("Saio – Zebra, 2003-12-15 · game 1 of 2")
    with pytest.raises(ValueError, match="That transcript cannot be opened: game 1, character"):
        bridge.call("import_transcript", json.dumps({"text": ggf("B[f5]W[q1]")}))
