"""A game's picture (B9): each placed disc numbered by its move, the last move, the caption
with the counts, from a review's frame or the game in play; a bad text is refused."""

from __future__ import annotations

import json

import pytest

from reversi.app.bridge import Bridge
from reversi.app.picture import picture_of
from reversi.engine.board import Board

TODAY = "2026-12-07"


def test_b9_each_placed_disc_is_numbered_by_its_move_up_to_the_frame():
    picture = picture_of("f5d6c3d3c4", 3, "Tiger", TODAY)
    assert picture["numbers"] == {"f5": 1, "d6": 2, "c3": 3} and picture["last"] == "c3"
    board = Board()
    board.play_transcript("f5d6c3")
    assert picture["cells"] == board.cells()
    assert picture["caption"] == "Tiger · Black 5 – 2 White · move 3" and picture["file"] == "reversi-2026-12-07-3.png"


def test_b9_a_set_up_start_numbers_only_the_moves_and_a_bad_text_is_refused():
    start = "-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27 + " X"
    picture = picture_of(f"{start} f5", None, "", TODAY)
    assert picture["numbers"] == {"f5": 1} and picture["caption"].startswith("Imported game · Black 4 – 1 White")
    with pytest.raises(ValueError, match="cannot be opened"):
        picture_of("f5f5", None, "", TODAY)


def test_b9_the_bridge_pictures_the_game_in_play():
    bridge = Bridge()
    bridge.call("load", json.dumps({"documents": {}}))
    bridge.call("place", json.dumps({"square": "f5", "token": json.loads(bridge.call("snapshot"))["token"]}))
    reply = json.loads(bridge.call("picture", json.dumps({"today": TODAY})))
    assert reply["picture"]["numbers"]["f5"] == 1 and reply["picture"]["cells"] == reply["cells"]
