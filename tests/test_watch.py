"""Watching two levels play each other ("watch two levels in the page").

Each request plays one placement for the level whose colour is to move and
returns the game so far as a review; the player's session is never touched.
"""

from __future__ import annotations

import json

import pytest

from reversi.app.bridge import Bridge
from reversi.app.review import watch
from reversi.engine import players
from reversi.engine.board import Board
from reversi.engine.notation import IllegalMoveError, NotationError
from reversi.engine.players import choose_move
from tests.sessions import Clock, Seeded


def play_out(black: str, white: str, seed: int) -> dict:
    """Asks for placements until the game is over; returns the last review."""
    moves = ""
    for _ in range(61):
        review = watch.watch_step(moves, black, white, seed)
        if review["moves"] == moves:
            return review
        assert review["moves"].startswith(moves) and len(review["moves"]) == len(moves) + 2
        moves = review["moves"]
    raise AssertionError("the game did not end within 60 placements")


def test_a_whole_game_between_two_levels_ends_by_the_rules():
    """C2, R3-R5: placement by placement, two levels play a legal game to its end, shown as
    a review."""
    review = play_out("easy", "normal", seed=5)
    board = Board.replay(review["moves"])  # every placement was legal (R3, R4)
    assert board.is_game_over()
    assert len(review["frames"]) == len(review["moves"]) // 2 + 1
    assert review["frames"][-1]["turn"] is None and "Game over" in review["frames"][-1]["text"]
    assert review["title"].startswith("Easy (Black) against Normal (White)")  # then the opening's name
    assert review["source"] == "watch" and review["human"] is None


def test_each_colour_plays_at_its_own_level(monkeypatch):
    """C2: each colour is asked at its own level, for the position it is to move in."""
    asked = []

    def recording(p, o, level, **kw):
        asked.append((p, o, level))
        return choose_move(p, o, "easy", **kw)

    monkeypatch.setattr(players, "choose_move", recording)  # watch imports it when it plays
    review = play_out("hard", "expert", seed=1)
    board = Board()
    for ply, square in enumerate(Board.replay(review["moves"]).placements()):
        p, o, level = asked[ply]
        assert (p, o) == board.mover_mask()
        assert level == ("expert" if board.turn else "hard"), ply
        board.play(square)
    assert len(asked) == len(review["moves"]) // 2  # nothing asked once the game was over


def test_the_same_seed_replays_the_same_game_and_another_differs():
    """C2: a watched game is repeatable by its seed; seeds vary it."""
    assert play_out("easy", "easy", seed=7)["moves"] == play_out("easy", "easy", seed=7)["moves"]
    games = {play_out("easy", "easy", seed=s)["moves"] for s in range(4)}
    assert len(games) > 1


def test_a_finished_game_comes_back_unchanged():
    """R5: a finished game gets no further placement."""
    wipe_out = "e6f6g6e3e2f2c3d2e1c2g1b4b2a5"  # ends 18-0 with empty squares (R5)
    assert watch.watch_step(wipe_out, "expert", "expert")["moves"] == wipe_out


@pytest.mark.parametrize("moves, black, white, error", [
    ("", "grandmaster", "easy", ValueError),
    ("", "easy", "", ValueError),
    ("f5z9", "easy", "easy", NotationError),
    ("f5f5", "easy", "easy", IllegalMoveError),
])
def test_bad_requests_are_refused_with_a_reason(moves, black, white, error):
    """An unknown level or a transcript that is not a legal game is refused."""
    with pytest.raises(error):
        watch.watch_step(moves, black, white)


def test_through_the_bridge_the_players_game_and_progress_stay_as_they_were():
    """C2: watching opens a review (the game in play pauses, as for any review) but
    plays nothing in the player's game and stores no history or stars; the watched
    game grows in the open review; back to the game resumes it."""
    bridge = Bridge(Seeded(), Clock())

    def call(method, **params):
        return json.loads(bridge.call(method, json.dumps(params)))
    first = call("load", documents={})
    live = call("place", square="d3", token=first["token"])
    call("computer_move", token=live["token"])
    live = call("snapshot")
    reply = call("watch", moves="", black="easy", white="easy", seed=3)
    assert reply["save"] == {}  # the pause is not stored, and nothing else changed
    assert reply["reviewing"] and reply["paused"]
    assert reply["review"]["moves"] and reply["review"]["source"] == "watch"
    assert (reply["cells"], reply["moves"]) == (live["cells"], live["moves"])
    assert reply["history"] == live["history"] and reply["stars"] == live["stars"]
    grown = call("watch", moves=reply["review"]["moves"], black="easy", white="easy", seed=3)
    assert grown["review"]["moves"].startswith(reply["review"]["moves"])
    assert len(grown["review"]["moves"]) == len(reply["review"]["moves"]) + 2
    assert grown["save"] == {} and grown["moves"] == live["moves"]
    with pytest.raises(ValueError, match="unknown level"):
        bridge.call("watch", json.dumps({"moves": "", "black": "easy", "white": "godlike"}))
    back = call("close_review")
    assert not back["reviewing"] and not back["paused"] and back["human_to_move"]
    assert back["moves"] == live["moves"]


@pytest.mark.parametrize("variant", ["anti", "free"])
def test_v1_a_watched_game_plays_the_chosen_rules_to_its_end(variant, monkeypatch):
    """V1, V3: a new watched game takes the chosen variant; each reply's text carries its
    tag, so every level is asked under those rules until the game ends by them."""
    asked = []

    def recording(p, o, level, **kw):
        asked.append(kw["variant"])
        return choose_move(p, o, "easy", **kw)

    monkeypatch.setattr(players, "choose_move", recording)
    review = watch.watch_step("", "easy", "normal", 2, variant)
    for _ in range(64):  # the free opening's four placements come on top of the 60
        grown = watch.watch_step(review["transcript"], "easy", "normal", 2, "standard")
        if grown["moves"] == review["moves"]:
            break
        review = grown
    assert review["variant"] == variant and review["transcript"].startswith(f"{variant}:")
    board = Board.replay(review["moves"], variant)
    assert board.is_game_over() and set(asked) == {variant}
    assert review["frames"][-1]["turn"] is None
    if variant == "free":  # the first four placements fill the centre (V1)
        assert sorted(review["moves"][:8][i:i + 2] for i in range(0, 8, 2)) == ["d4", "d5", "e4", "e5"]


def test_through_the_bridge_a_new_watched_game_takes_the_chosen_rules():
    """V1: with anti-reversi chosen in the menu, a new watched game is an anti-reversi one."""
    bridge = Bridge(Seeded(), Clock())
    bridge.call("load", json.dumps({"documents": {}}))
    bridge.call("set_setting", json.dumps({"name": "variant", "value": "anti"}))
    reply = json.loads(bridge.call("watch", json.dumps({"moves": "", "black": "easy", "white": "easy"})))
    assert reply["review"]["variant"] == "anti" and reply["review"]["transcript"].startswith("anti:")
