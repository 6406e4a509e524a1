"""Review: frames of a game, transcript import (R6), and the rule that
looking back never changes the session (A3).

Bridge tests drive a fake page (tests/sessions.py Tab) through Bridge.call only.
The computer is a fake player; the property test also replaces the analysis
evaluation with a fast fake (the engine's own values are tested in
test_analysis.py), and one test runs the real analysis through the bridge.
"""

from __future__ import annotations

import random
from unittest import mock

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from reversi.app.game_text import parse_game
from reversi.app.review import analysis
from reversi.app.review.frames import chosen_game, frames, review_of
from reversi.engine.board import Board
from reversi.engine.notation import IllegalMoveError, NotationError, format_transcript, square_name
from reversi.engine.players import random_opening
from tests.sessions import Seeded, Storage, Tab, advance, make, squares_of

#: A local game of 14 placements: White passes after Black's b2 (placement 13),
#: and Black's a5 ends the game early, 18-0 (R4, R5).
SHORT = "e6f6g6e3e2f2c3d2e1c2g1b4b2a5"
SHORT_PASS_AT = 13


# -- helpers ----------------------------------------------------------------------
def page(mode: str = "computer", side: str = "black") -> Tab:
    """Returns a fresh page (a bridge with a fake computer player and clock) over its own
    storage, with ``mode`` and ``side`` set as the player would."""
    tab = Tab(Storage(), player=Seeded())
    tab.load()
    if mode != "computer":
        tab.call("set_setting", name="mode", value=mode)
    if side != "black":
        tab.call("set_setting", name="side", value=side)
    return tab


def observed(tab: Tab) -> tuple:
    """Returns everything looking back must leave alone (A3), as the page sees it: what
    is stored, and the snapshot's game, attempt with its first result, history, stars,
    settings, active time and move clock."""
    snap = tab.call("snapshot")
    clock = snap["move_clock"] and snap["move_clock"]["left_ms"]
    return (dict(tab.storage),
            snap["moves"], snap["cells"], snap["can_undo"], snap["can_redo"], snap["attempt"],
            snap["history"], snap["stars"], snap["options"], snap["active_ms"], clock)


def fake_evaluation(board, *_):
    """A fast stand-in for the analysis search: (disc difference, lowest move, not exact)."""
    p, o = board.mover_mask()
    moves = board.legal_moves()
    return float(p.bit_count() - o.bit_count()), (moves[0] if moves else None), board.is_game_over()


# -- frames ---------------------------------------------------------------------
class TestFrames:
    def test_the_short_game_has_one_frame_per_placement_and_the_opening(self):
        """A review has the opening frame and one frame per placement."""
        moves = squares_of(SHORT)
        out = frames(moves)
        assert len(out) == len(moves) + 1 == 15
        assert [f["ply"] for f in out] == list(range(15))
        assert out[0]["text"].startswith("Opening position") and out[0]["last"] is None
        assert out[0]["turn"] == "black" and out[0]["flipped"] == []

    def test_frame_cells_match_a_replay_of_each_prefix(self):
        """R3: each frame is the board after that many placements, with its last square and
        flips."""
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
        """R5, B7: the last frame of a wipe-out says the real result, 18-0."""
        last = frames(squares_of(SHORT))[-1]
        assert last["turn"] is None
        assert last["counts"] == {"black": 18, "white": 0}
        assert "Game over. Black wins 18–0." in last["text"]

    @settings(max_examples=25, deadline=None)
    @given(st.integers(0, 10 ** 9), st.integers(0, 60))
    def test_random_games_frames_replay_every_prefix(self, seed, upto):
        """R3, R4: for random games, every frame replays its prefix and marks its passes."""
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
        """R3: frames are only built for a legal game."""
        with pytest.raises(IllegalMoveError):
            frames(squares_of("e6a1"))

    def test_review_of_carries_the_transcript_and_the_persons_colour(self):
        """R6: a review carries its transcript, source and the person's colour."""
        review = review_of(squares_of(SHORT), "This game", "current", None)
        assert review["moves"] == SHORT and review["human"] is None
        assert review["source"] == "current" and len(review["frames"]) == 15


# -- transcript import (R6) ---------------------------------------------------
class TestImport:
    def test_r6_upper_case_lower_case_and_whitespace_are_accepted(self):
        """R6: a pasted transcript may use either case and any whitespace."""
        expected = squares_of(SHORT)
        spaced = " ".join(SHORT[i:i + 2] for i in range(0, len(SHORT), 2))
        for text in (SHORT, SHORT.upper(), spaced, "\n" + spaced.upper() + "\t\n",
                     "E6f6 G6e3\r\ne2F2 c3D2e1c2g1b4b2a5", SHORT[:14] + "\u00a0" + SHORT[14:]):
            assert parse_game(text) == (expected, None, "standard"), repr(text)

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
        """R6: a character that is not part of a square is named by its position."""
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
        """R3, R6: an illegal move is named by its number and position, with why."""
        with pytest.raises(IllegalMoveError) as error:
            parse_game(text)
        assert (error.value.index, error.value.position) == (index, position)
        assert f"move {index} at character {position}" in str(error.value)
        assert why in str(error.value)

    def test_r6_an_empty_text_has_no_moves(self):
        """R6: an empty text is no game."""
        assert parse_game("") == ([], None, "standard") and parse_game(" \n\t") == ([], None, "standard")

    @pytest.mark.parametrize("text, words", [
        ("e6f6g", ["move 3", "character 5"]),
        ("e6f6e6", ["move 3", "character 5", "e6"]),
        ("e6 a1", ["move 2", "character 4", "a1"]),
        (SHORT + "h8", ["move 15", "character 29", "game is over"]),
        ("", ["no moves"]),
        ("   \n", ["no moves"]),
    ])
    def test_r6_the_bridge_refuses_bad_transcripts_naming_move_and_character(self, text, words):
        """R6: the bridge refuses a bad transcript with a message naming the move and
        character, and changes nothing (no review opens)."""
        tab = page()
        tab.play("d3")
        before = observed(tab)
        with pytest.raises(ValueError) as error:
            tab.call("import_transcript", text=text)
        message = str(error.value)
        assert message.startswith("That transcript")
        for word in words:
            assert word in message, message
        assert observed(tab) == before
        assert not tab.call("snapshot")["reviewing"]

    def test_r6_the_bridge_opens_a_good_transcript_in_review(self):
        """R6: a good transcript opens in review; the game in play is untouched."""
        tab = page()
        reply = tab.call("import_transcript", text=SHORT.upper())
        review = reply["review"]
        assert review["moves"] == SHORT and review["source"] == "import"
        assert len(review["frames"]) == 15
        assert review["frames"][-1]["cells"] == Board.replay(SHORT).cells()
        assert {"kind": "imported", "moves": 14} in reply["events"]
        assert "Imported a game of 14 moves" in reply["announce"]
        assert reply["moves"] == "" and reply["reviewing"]  # the live game is untouched


# -- choosing the game to review ----------------------------------------------------
def test_the_current_game_and_a_history_game_can_be_reviewed():
    """Review of the game in play (up to its cursor, with the person's colour) and of a
    results-history line (its transcript and date); anything else is refused."""
    session = make(Seeded(), side="white")
    session.computer_move(session.token)
    session.place(square_name(session.board.legal_moves()[0]))
    current = chosen_game(session, "current")
    assert current["moves"] == format_transcript(session.game.line.moves) and current["human"] == "white"
    assert current["title"] == "This game · Diagonal Opening" and len(current["frames"]) == 3
    local = make(mode="local")
    advance(local, SHORT)
    past = chosen_game(local, "history", 0)
    assert past["moves"] == SHORT and past["human"] is None and past["title"].startswith("Game of 2026-01-01")
    for source, index in (("history", 1), ("history", -1), ("history", None), ("history", True),
                          ("elsewhere", 0)):
        with pytest.raises(ValueError, match="cannot be reviewed"):
            chosen_game(local, source, index)


def test_a_review_pauses_the_running_game_and_back_to_the_game_resumes_it():
    """P4, P6: while a game is reviewed the game in play is paused (its clocks stop,
    the computer waits); closing the review resumes it; a game the player had paused
    stays paused."""
    tab = page()
    tab.play("d3")
    assert tab.snap["computer_to_move"]
    reply = tab.call("review", source="current")
    assert reply["reviewing"] and reply["paused"] and not reply["computer_to_move"]
    assert {"kind": "paused", "reason": "review"} in reply["events"]
    assert not tab.call("tick", ms=1000)["active_ms"]
    back = tab.call("close_review")
    assert not back["reviewing"] and not back["paused"] and back["computer_to_move"]
    assert [e["kind"] for e in back["events"]] == ["resumed", "review_closed"]
    tab.call("pause")
    tab.call("review", source="current")
    back = tab.call("close_review")
    assert back["paused"] and [e["kind"] for e in back["events"]] == ["review_closed"]


# -- review never changes the session (A3) ----------------------------------------
ACTIONS = ["play"] * 6 + ["finish", "undo", "new", "review_current", "review_history",
                          "import", "analysis_start", "analysis_step", "analysis_step", "analysis_stop"]
REVIEW_ONLY = {"review_current", "review_history", "import", "analysis_start", "analysis_step",
               "analysis_stop"}


def play_one(tab: Tab, rng: random.Random) -> None:
    """Makes one placement by whoever is to move, back from any review first (as the
    page's "Back to the game"); New when the game is over."""
    if tab.snap["reviewing"]:
        tab.call("close_review")
    snap = tab.snap
    if snap["paused"]:
        tab.call("resume")
        snap = tab.snap
    if snap["human_to_move"]:
        tab.call("place", square=rng.choice(snap["legal"]), token=snap["token"])
    elif snap["computer_to_move"]:
        tab.call("computer_move", token=snap["token"])
    else:
        tab.call("new")


def passes_through(moves: str, live: Board) -> bool:
    """Checks if the game ``moves`` reaches the position of board ``live`` (discs and
    turn) after one of its placements (the opening itself is nobody's secret)."""
    board = Board()
    seen = []
    for square in Board.replay(moves).placements():
        board.play(square)
        seen.append((board.black, board.white, board.turn))
    return (live.black, live.white, live.turn) in seen


def review_call(tab: Tab, action: str, rng: random.Random, data) -> dict | None:
    """Makes one review-only call and returns its reply; a refused one must raise
    ValueError and nothing else (None)."""
    snap = tab.snap
    history = {row["index"]: row for row in snap["history"]["rows"]}
    over, live = snap["result"] is not None, snap["moves"]
    if action == "review_current":
        reply = tab.call("review", source="current")
        assert reply["review"]["moves"] == live
    elif action == "review_history":
        index = data.draw(st.integers(-1, len(history)), label="history index")
        if index in history:
            reply = tab.call("review", source="history", index=index)
            assert reply["review"]["moves"] == history[index]["moves"]
            event("reviewed a history game")
        else:
            with pytest.raises(ValueError):
                tab.call("review", source="history", index=index)
            return None
    elif action == "import":
        moves = format_transcript(random_opening(rng, rng.randrange(0, 61)))
        kind = data.draw(st.sampled_from(["good", "upper", "garbled", "extra"]), label="import")
        text = {"good": moves, "upper": moves.upper(), "garbled": moves + "z",
                "extra": moves + "a1"}[kind]
        if kind in ("good", "upper") and moves:
            reply = tab.call("import_transcript", text=text)
            assert reply["review"]["moves"] == moves
        else:
            try:
                reply = tab.call("import_transcript", text=text)
            except ValueError:
                return None
            assert kind == "extra"  # a1 may happen to be legal
    elif action == "analysis_start":
        finished = [r["moves"] for r in history.values() if r.get("moves")]
        if over:
            finished.append(live)
        if finished and data.draw(st.booleans(), label="finished game"):
            moves = data.draw(st.sampled_from(finished))
            if not over and passes_through(moves, Board.replay(live)):
                # A past game that reaches the unfinished live position would be assistance.
                with pytest.raises(ValueError, match="once this game is finished"):
                    tab.call("analysis_start", moves=moves, title="Game")
                event("refused a past game through the live position")
                return None
            reply = tab.call("analysis_start", moves=moves, title="Game")
            assert reply["analysis"] is not None
            event("analysed a finished game")
        else:
            if over:
                return None
            with pytest.raises(ValueError, match="once this game is finished"):
                tab.call("analysis_start", moves=live, title="This game")
            return None
    elif action == "analysis_step":
        reply = tab.call("analysis_step")
    else:
        reply = tab.call("analysis_stop")
        assert reply["analysis"] is None
    return reply


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_a3_review_import_and_analysis_never_change_the_session(data):
    """A3: random games (placements, computer replies, undo, new) interleaved with
    review, import and analysis calls through the bridge: no review-only call changes
    the game, the attempt, its first result, the history, the stars, the settings or
    the active time, in the snapshot or in storage; it stores nothing, and changes the
    token only by pausing the running game (P5)."""
    mode = data.draw(st.sampled_from(["computer", "local"]), label="mode")
    side = data.draw(st.sampled_from(["black", "white"]), label="side")
    rng = random.Random(data.draw(st.integers(0, 10 ** 9), label="seed"))
    with mock.patch.object(analysis, "position_value", fake_evaluation):
        tab = page(mode, side)
        for _ in range(data.draw(st.integers(5, 40), label="steps")):
            action = data.draw(st.sampled_from(ACTIONS), label="action")
            if action in REVIEW_ONLY:
                before, snap = observed(tab), tab.snap
                reply = review_call(tab, action, rng, data)
                assert observed(tab) == before, f"{action} changed the session"
                if reply is not None:
                    assert reply["save"] == {}, "a review-only call stored something"
                    paused_now = reply["paused"] and not snap["paused"]
                    assert reply["token"] == snap["token"] or paused_now
            elif action == "play":
                play_one(tab, rng)
            elif action == "finish":
                for _ in range(70):
                    if tab.snap["result"] is not None:
                        break
                    play_one(tab, rng)
            elif action == "undo":
                tab.call("undo")
            else:
                tab.call("new")


def test_a3_the_real_analysis_of_a_finished_game_changes_nothing():
    """A3 with the real engine: a finished local game analysed to the end through the
    bridge keeps its stored parts, token, first result and history; the report covers
    every position and the final value is the real 18-0."""
    tab = page("local")
    tab.play(*(SHORT[i:i + 2] for i in range(0, len(SHORT), 2)))
    assert tab.snap["result"] is not None and tab.snap["history"]["total"] == 1
    before, stored, token = observed(tab), dict(tab.storage), tab.snap["token"]
    reply = tab.call("analysis_start", moves=SHORT, title="This game")
    steps = 0
    while not reply["analysis"]["finished"]:
        reply = tab.call("analysis_step")
        steps += 1
        assert reply["save"] == {} and reply["token"] == token
    assert steps == 15
    report = reply["analysis"]
    assert report["done"] == report["total"] == 15
    assert report["plies"][-1]["value"] == 18.0 and report["plies"][-1]["exact"]
    assert observed(tab) == before
    assert tab.call("analysis_stop")["analysis"] is None
    assert observed(tab) == before and dict(tab.storage) == stored


def test_a3_the_live_unfinished_game_cannot_be_analysed_through_the_bridge():
    """A3, H2: the unfinished game in play (or its opening) cannot be analysed."""
    tab = page("local")
    tab.play("e6")
    before = observed(tab)
    with pytest.raises(ValueError, match="once this game is finished"):
        tab.call("analysis_start", moves="e6", title="This game")
    with pytest.raises(ValueError, match="once this game is finished"):
        tab.call("analysis_start", moves="", title="This game")
    assert observed(tab) == before and tab.call("snapshot")["analysis"] is None


def test_k1_the_review_marks_the_moves_of_the_opening_book():
    """K1: a move whose position is in the opening book is marked in the review's move
    list (and named so to a screen reader); after the game leaves the book, none is."""
    from reversi.engine.book import standard_book

    board = Board()
    moves = []
    for _ in range(30):  # the book's own line first, then off it: the first legal move
        p, o = board.mover_mask()
        known = standard_book().move_values(p, o)
        square = max(known, key=known.get) if known and len(moves) < 6 else board.legal_moves()[0]
        moves.append(square)
        board.play(square)
    review = review_of(moves, "A game", "history", "black")
    assert review["book"][:6] == [1, 2, 3, 4, 5, 6]
    entries = [side for row in review["move_list"] for side in (row["black"], row["white"]) if side]
    marked = [entry["ply"] for entry in entries if entry["book"]]
    assert marked == review["book"]
    assert all(("book" in entry["label"]) == entry["book"] for entry in entries)
    assert review_of(moves[:8], "A game", "history", "black", variant="anti")["book"] == []
