"""Review (issue 6): frames of a game, transcript import (R6), and the rule that
looking back never changes the session (A3).

The computer is a fake player from tests/sessions.py; the property test also
replaces the analysis evaluation with a fast fake (the engine's own values are
tested in test_analysis.py), and one test runs the real analysis through the bridge.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import asdict
from unittest import mock

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from reversi.app import analysis, bridge, save
from reversi.engine.board import Board
from reversi.engine.notation import IllegalMoveError, NotationError, format_transcript, square_name
from reversi.engine.players import random_opening
from reversi.app.review import frames, parse_game, review_of
from reversi.game.session import Session
from tests.sessions import Clock, Seeded, squares_of

#: A local game of 14 placements: White passes after Black's b2 (placement 13),
#: and Black's a5 ends the game early, 18-0 (SPEC R4, R5).
SHORT = "e6f6g6e3e2f2c3d2e1c2g1b4b2a5"
SHORT_PASS_AT = 13


# -- helpers ----------------------------------------------------------------------
@pytest.fixture(autouse=True)
def own_bridge(monkeypatch):
    """Gives each test the bridge's module-level state to itself (restored afterwards),
    with sessions that use a fake computer player and clock."""
    for name in ("_session", "_saved", "_review"):
        monkeypatch.setattr(bridge, name, getattr(bridge, name))
    monkeypatch.setattr(bridge, "Session", lambda: Session(Seeded(), clock=Clock()))


def call(method: str, **params) -> dict:
    """Calls the bridge as the worker does and returns the decoded reply."""
    return json.loads(bridge.call(method, json.dumps(params)))


def reset_bridge(mode: str = "computer", side: str = "black") -> None:
    """Starts the bridge's module-level session afresh (a fake player and clock, see own_bridge)."""
    call("load", document=None)
    assert isinstance(bridge._session.player, Seeded)
    if mode != "computer":
        call("set_setting", name="mode", value=mode)
    if side != "black":
        call("set_setting", name="side", value=side)


def observed() -> tuple:
    """Returns everything review must leave alone (A3): the saved document, the
    token, the attempt with its first result, the history, the stars, the pause
    and the move clock."""
    s = bridge._session
    return (save.dump(s), s.token, asdict(s.attempt), copy.deepcopy(s.attempt.first_result),
            copy.deepcopy(s.history), list(s.stars), s.challenge_wins, s.paused, s.move_left_ms,
            asdict(s.settings), list(s.game.line.moves), s.game.line.cursor)


def fake_evaluation(board, **_):
    """A fast stand-in for the analysis search: (disc difference, lowest move, not exact)."""
    p, o = board.mover_mask()
    moves = board.legal_moves()
    return float(p.bit_count() - o.bit_count()), (moves[0] if moves else None), board.is_game_over()


# -- frames ---------------------------------------------------------------------
class TestFrames:
    def test_the_short_game_has_one_frame_per_placement_and_the_opening(self):
        moves = squares_of(SHORT)
        out = frames(moves)
        assert len(out) == len(moves) + 1 == 15
        assert [f["ply"] for f in out] == list(range(15))
        assert out[0]["text"].startswith("Opening position") and out[0]["last"] is None
        assert out[0]["turn"] == "black" and out[0]["flipped"] == []

    def test_frame_cells_match_a_replay_of_each_prefix(self):
        moves = squares_of(SHORT)
        for ply, frame in enumerate(frames(moves)):
            board = Board.replay(format_transcript(moves[:ply]))
            assert frame["cells"] == board.cells(), f"frame {ply}"
            assert (frame["counts"]["black"], frame["counts"]["white"]) == board.counts()
            if ply:
                step = board.steps[-1]
                assert frame["last"] == square_name(moves[ply - 1])
                assert len(frame["flipped"]) == step.flips.bit_count()
            over = board.is_game_over()
            assert frame["turn"] == (None if over else ("white" if board.turn else "black"))

    def test_the_pass_is_marked_where_it_happened(self):
        """B7: White's pass after move 13 is in that frame's text, and only there."""
        out = frames(squares_of(SHORT))
        passing = [f["ply"] for f in out if f["passed"]]
        assert passing == [SHORT_PASS_AT]
        assert "White has no legal move and passes." in out[SHORT_PASS_AT]["text"]
        assert out[SHORT_PASS_AT]["text"].startswith("Move 13: Black plays b2")
        assert all("passes" not in f["text"] for f in out if f["ply"] != SHORT_PASS_AT)
        # Black moves twice in a row: the frame after the pass is still Black to move.
        assert out[SHORT_PASS_AT]["turn"] == "black"
        assert out[SHORT_PASS_AT + 1]["text"].startswith("Move 14: Black plays a5")

    def test_the_last_frame_says_the_game_ended_early_18_0(self):
        last = frames(squares_of(SHORT))[-1]
        assert last["turn"] is None
        assert last["counts"] == {"black": 18, "white": 0}
        assert "Game over. Black wins 18–0." in last["text"]

    @settings(max_examples=25, deadline=None)
    @given(st.integers(0, 10 ** 9), st.integers(0, 60))
    def test_random_games_frames_replay_every_prefix(self, seed, upto):
        moves = random_opening(random.Random(seed), upto)
        out = frames(moves)
        assert len(out) == len(moves) + 1
        board = Board()
        assert out[0]["cells"] == board.cells()
        for ply, square in enumerate(moves, 1):
            step = board.play(square)
            assert out[ply]["cells"] == board.cells()
            assert out[ply]["passed"] == step.caused_pass
            assert ("has no legal move and passes" in out[ply]["text"]) == step.caused_pass

    def test_an_illegal_move_is_refused(self):
        with pytest.raises(IllegalMoveError):
            frames(squares_of("e6a1"))

    def test_review_of_carries_the_transcript_and_the_persons_colour(self):
        review = review_of(squares_of(SHORT), "This game", "current", None)
        assert review["moves"] == SHORT and review["human"] is None
        assert review["source"] == "current" and len(review["frames"]) == 15


# -- transcript import (SPEC R6) ---------------------------------------------------
class TestImport:
    def test_r6_upper_case_lower_case_and_whitespace_are_accepted(self):
        expected = squares_of(SHORT)
        spaced = " ".join(SHORT[i:i + 2] for i in range(0, len(SHORT), 2))
        for text in (SHORT, SHORT.upper(), spaced, "\n" + spaced.upper() + "\t\n",
                     "E6f6 G6e3\r\ne2F2 c3D2e1c2g1b4b2a5", SHORT[:14] + "\u00a0" + SHORT[14:]):
            assert parse_game(text) == expected, repr(text)

    @pytest.mark.parametrize("text, position", [
        ("x6f6", 1),        # not a square at the start
        ("e6z9", 3),        # not a square after a good move
        ("e6 f6 g", 7),     # an odd trailing letter
        ("e6f6g6e", 7),     # an odd trailing letter, no whitespace
        ("e6f6,g6", 5),     # punctuation between moves
        ("e6f6g0", 5),      # a row that does not exist
        ("e6i6", 3),        # a column that does not exist
    ])
    def test_r6_a_character_that_is_not_a_square_is_named_by_position(self, text, position):
        with pytest.raises(NotationError) as error:
            parse_game(text)
        assert error.value.position == position
        assert f"at character {position}" in str(error.value)

    @pytest.mark.parametrize("text, index, position, why", [
        ("e6f6e6", 3, 5, "not legal for black"),          # an occupied square
        ("e6d4", 2, 3, "not legal for white"),            # occupied from the opening
        ("e6a1", 2, 3, "not legal for white"),            # empty but flips nothing
        ("e6 f6 a8", 3, 7, "not legal for black"),        # positions count whitespace
        (SHORT + "h8", 15, 29, "the game is over"),       # a move after the end
        (SHORT.upper() + " A6", 15, 30, "the game is over"),
    ])
    def test_r6_an_illegal_move_is_named_by_number_and_position(self, text, index, position, why):
        with pytest.raises(IllegalMoveError) as error:
            parse_game(text)
        assert (error.value.index, error.value.position) == (index, position)
        assert f"move {index} at character {position}" in str(error.value)
        assert why in str(error.value)

    def test_r6_an_empty_text_has_no_moves(self):
        assert parse_game("") == [] and parse_game(" \n\t") == []

    @pytest.mark.parametrize("text, words", [
        ("e6f6g", ["move 3", "character 5"]),
        ("e6f6e6", ["move 3", "character 5", "e6"]),
        ("e6 a1", ["move 2", "character 4", "a1"]),
        (SHORT + "h8", ["move 15", "character 29", "game is over"]),
        ("", ["no moves"]),
        ("   \n", ["no moves"]),
    ])
    def test_r6_the_bridge_refuses_bad_transcripts_naming_move_and_character(self, text, words):
        reset_bridge()
        before = observed()
        with pytest.raises(ValueError) as error:
            call("import_transcript", text=text)
        message = str(error.value)
        assert message.startswith("That transcript")
        for word in words:
            assert word in message, message
        assert observed() == before

    def test_r6_the_bridge_opens_a_good_transcript_in_review(self):
        reset_bridge()
        reply = call("import_transcript", text=SHORT.upper())
        review = reply["review"]
        assert review["moves"] == SHORT and review["source"] == "import"
        assert len(review["frames"]) == 15
        assert review["frames"][-1]["cells"] == Board.replay(SHORT).cells()
        assert any("Imported a game of 14 moves" in e for e in reply["events"])
        assert reply["moves"] == ""  # the live game is untouched


# -- review never changes the session (SPEC A3) ----------------------------------------
ACTIONS = ["play"] * 6 + ["finish", "undo", "new", "review_current", "review_history",
                          "import", "analysis_start", "analysis_step", "analysis_step", "analysis_stop"]
REVIEW_ONLY = {"review_current", "review_history", "import", "analysis_start", "analysis_step",
               "analysis_stop"}


def play_one(rng: random.Random) -> None:
    """Makes one placement by whoever is to move; New when the game is over."""
    s = bridge._session
    if s.human_to_move():
        call("place", square=square_name(rng.choice(s.board.legal_moves())), token=s.token)
    elif s.computer_to_move():
        call("computer_move", token=s.token)
    else:
        call("new")


def passes_through(moves: str, live: Board) -> bool:
    """Checks if the game ``moves`` reaches the position of board ``live`` (discs and
    turn) after one of its placements (the opening itself is nobody's secret)."""
    board = Board()
    seen = []
    for square in Board.replay(moves).placements():
        board.play(square)
        seen.append((board.black, board.white, board.turn))
    return (live.black, live.white, live.turn) in seen


def review_call(action: str, rng: random.Random, data) -> None:
    """Makes one review-only call; a refused one must raise ValueError and nothing else."""
    s = bridge._session
    if action == "review_current":
        reply = call("review", source="current")
        assert reply["review"]["moves"] == format_transcript(s.game.line.moves[:s.game.line.cursor])
    elif action == "review_history":
        index = data.draw(st.integers(-1, len(s.history)), label="history index")
        if 0 <= index < len(s.history):
            reply = call("review", source="history", index=index)
            assert reply["review"]["moves"] == s.history[index]["moves"]
            event("reviewed a history game")
        else:
            with pytest.raises(ValueError):
                call("review", source="history", index=index)
            return
    elif action == "import":
        moves = format_transcript(random_opening(rng, rng.randrange(0, 61)))
        kind = data.draw(st.sampled_from(["good", "upper", "garbled", "extra"]), label="import")
        text = {"good": moves, "upper": moves.upper(), "garbled": moves + "z",
                "extra": moves + "a1"}[kind]
        if kind in ("good", "upper") and moves:
            reply = call("import_transcript", text=text)
            assert reply["review"]["moves"] == moves
        else:
            try:
                call("import_transcript", text=text)
            except ValueError:
                return
            assert kind == "extra"  # a1 may happen to be legal
            return
    elif action == "analysis_start":
        finished = [r["moves"] for r in s.history if r.get("moves")]
        live = format_transcript(s.game.line.moves[:s.game.line.cursor])
        if s.is_over():
            finished.append(live)
        if finished and data.draw(st.booleans(), label="finished game"):
            moves = data.draw(st.sampled_from(finished))
            if not s.is_over() and passes_through(moves, s.board):
                # A past game that reaches the unfinished live position would be assistance.
                with pytest.raises(ValueError, match="once this game is finished"):
                    call("analysis_start", moves=moves, title="Game")
                event("refused a past game through the live position")
                return
            reply = call("analysis_start", moves=moves, title="Game")
            assert reply["analysis"] is not None
            event("analysed a finished game")
        else:
            if s.is_over():
                return
            with pytest.raises(ValueError, match="once this game is finished"):
                call("analysis_start", moves=live, title="This game")
            return
    elif action == "analysis_step":
        reply = call("analysis_step")
    else:
        reply = call("analysis_stop")
        assert reply["analysis"] is None
    assert "save" not in reply, "a review-only call produced a new saved document"
    assert reply["token"] == s.token


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a3_review_import_and_analysis_never_change_the_session(data):
    """A3: random games (placements, computer replies, undo, new) interleaved with
    review, import and analysis calls through the bridge: no review-only call
    changes the saved document (analysis is not in it), the token, the attempt,
    its first result, the history or the stars."""
    mode = data.draw(st.sampled_from(["computer", "local"]), label="mode")
    side = data.draw(st.sampled_from(["black", "white"]), label="side")
    rng = random.Random(data.draw(st.integers(0, 10 ** 9), label="seed"))
    with mock.patch.object(analysis, "evaluate_position", fake_evaluation):
        reset_bridge(mode, side)
        for _ in range(data.draw(st.integers(5, 40), label="steps")):
            action = data.draw(st.sampled_from(ACTIONS), label="action")
            if action in REVIEW_ONLY:
                before = observed()
                review_call(action, rng, data)
                assert observed() == before, f"{action} changed the session"
            elif action == "play":
                play_one(rng)
            elif action == "finish":
                for _ in range(70):
                    if bridge._session.is_over():
                        break
                    play_one(rng)
            elif action == "undo":
                call("undo")
            else:
                call("new")


def test_a3_the_real_analysis_of_a_finished_game_changes_nothing():
    """A3 with the real engine: a finished local game analysed to the end through the
    bridge keeps its document, token, first result and history; the report covers
    every position and the final value is the real 18-0."""
    reset_bridge("local")
    for name in (SHORT[i:i + 2] for i in range(0, len(SHORT), 2)):
        call("place", square=name)
    s = bridge._session
    assert s.is_over() and len(s.history) == 1
    before = observed()
    reply = call("analysis_start", moves=SHORT, title="This game")
    steps = 0
    while not reply["analysis"]["finished"]:
        reply = call("analysis_step")
        steps += 1
        assert "save" not in reply
    assert steps == 15
    report = reply["analysis"]
    assert report["done"] == report["total"] == 15
    assert report["plies"][-1]["value"] == 18.0 and report["plies"][-1]["exact"]
    assert observed() == before
    call("analysis_stop")
    assert observed() == before and bridge._session.analysis is None


def test_a3_the_live_unfinished_game_cannot_be_analysed_through_the_bridge():
    reset_bridge("local")
    call("place", square="e6")
    before = observed()
    with pytest.raises(ValueError, match="once this game is finished"):
        call("analysis_start", moves="e6", title="This game")
    with pytest.raises(ValueError, match="once this game is finished"):
        call("analysis_start", moves="", title="This game")
    assert observed() == before and bridge._session.analysis is None
