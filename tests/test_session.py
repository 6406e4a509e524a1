"""Session rules: undo and redo (U1-U6), attempts and results (A1-A5), pausing,
late requests and active time (P4-P6), and random command sequences.

Rules are asserted on what the session holds and on the event values each command
reports (reversi.game.events), never on sentences: the words are tested in
test_wording.py.  The computer is always a fake player from tests/sessions.py,
never the search.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from reversi.app.saving import loading as save_loading
from reversi.app.snapshot import session_snapshot
from reversi.engine.board import BLACK, WHITE, Board
from reversi.engine.notation import parse_square, square_name
from reversi.game import events as ev
from reversi.game.clocks import MAX_TICK_MS
from reversi.game.results import key
from reversi.game.session import Session
from reversi.game.settings import CHOICES, MODES, SIDES
from reversi.game.stars import STAR_IDS
from tests.sessions import (
    BRANCH_AT,
    DOUBLE_PASS_BLACK,
    DOUBLE_PASS_BLACK_AT,
    DOUBLE_PASS_WHITE,
    DOUBLE_PASS_WHITE_AT,
    DRAW,
    LOSS,
    LOSS_THEN_WIN,
    WIN,
    WIN_SHORT,
    Clock,
    Fickle,
    Seeded,
    advance,
    finish,
    make,
    parts,
    placed,
    replay,
    scripted,
    squares_of,
    step,
)


def state(session: Session) -> tuple[dict[str, str], int]:
    """Returns everything a command could change: the saved parts and the token."""
    return parts(session), session.token


def kinds(session: Session) -> list[type]:
    """Returns the types of the events the command being run reported."""
    return [type(e) for e in session.events]


def colors(transcript: str) -> list[int]:
    """Returns who made each placement of ``transcript``."""
    return [s.color for s in replay(transcript).steps]


class TestTranscripts:
    """The helper transcripts have the properties the tests below rely on."""

    def test_results(self):
        """WIN_SHORT, WIN and LOSS_THEN_WIN are Black wins, LOSS a White win, DRAW a draw (R5)."""
        assert replay(WIN_SHORT).outcome()[:2] == (17, 0) and len(squares_of(WIN_SHORT)) == 13
        assert replay(WIN).outcome().winner == BLACK and colors(WIN)[-1] == BLACK
        assert replay(LOSS).outcome().winner == WHITE and colors(LOSS)[-1] == WHITE
        assert replay(DRAW).outcome()[:2] == (32, 32)
        assert replay(LOSS_THEN_WIN).outcome().winner == BLACK
        assert LOSS[:2 * BRANCH_AT] == LOSS_THEN_WIN[:2 * BRANCH_AT] != LOSS[:2 * BRANCH_AT + 2]
        assert replay(LOSS, BRANCH_AT).turn == BLACK

    def test_double_passes(self):
        """After the mover's placement the other side places three times in a row (R4)."""
        at = DOUBLE_PASS_BLACK_AT
        assert colors(DOUBLE_PASS_BLACK)[at:at + 5] == [BLACK, WHITE, WHITE, WHITE, BLACK]
        at = DOUBLE_PASS_WHITE_AT
        assert colors(DOUBLE_PASS_WHITE)[at:at + 5] == [WHITE, BLACK, BLACK, BLACK, WHITE]


# -- what each command reports ------------------------------------------------------
def run(session: Session, command: str, *args) -> list[ev.Event]:
    """Runs one command as the bridge does and returns the events it reported."""
    session.begin()
    getattr(session, command)(*args)
    return session.events


def test_each_command_reports_what_it_did_as_event_values():
    """B7, U1-U6, A2, P4, C1: every command reports its effects as values, in order,
    and a command that changes nothing reports nothing (or why it was refused)."""
    session = scripted(WIN)
    e6, f6, g6 = squares_of(WIN)[:3]
    assert run(session, "place", "e6") == [ev.Placed(BLACK, e6, 1, "human"), ev.StarEarned("opening")]
    assert run(session, "computer_move", session.token) == [ev.Placed(WHITE, f6, 1, "computer")]
    assert run(session, "place", "g6") == [ev.Placed(BLACK, g6, 1, "human")]  # Opening is earned once
    assert run(session, "undo") == [ev.Undone(), ev.PracticeMarked()]
    assert run(session, "undo") == [ev.Undone()]
    assert run(session, "undo") == [ev.Refused("nothing_to_undo")]
    assert run(session, "redo") == [ev.Redone()]
    assert run(session, "pause") == [ev.Paused("")]
    assert run(session, "pause", "hidden") == []  # already paused
    assert run(session, "resume") == [ev.Resumed()]
    assert run(session, "resume") == []
    assert run(session, "open_review") == [ev.Paused("review")]
    assert run(session, "close_review") == [ev.Resumed()]
    assert run(session, "close_review") == []  # reviewing had not paused it
    assert run(session, "set_setting", "legal_dots", False) == [ev.SettingChanged("legal_dots", False)]
    assert run(session, "set_setting", "move_clock", 40) == [ev.SettingChanged("move_clock", 40)]
    assert run(session, "set_setting", "level", "hard") == [ev.SettingChanged("level", "hard", now=False)]
    assert run(session, "restart") == [ev.Restarted()]  # practice already
    assert run(session, "new") == [ev.NewGame("computer", "black", "hard")]
    assert run(session, "restart") == [ev.Restarted(), ev.PracticeMarked()]
    assert run(session, "set_setting", "side", "white") == [ev.NewGame("computer", "white", "hard")]
    assert run(session, "clear_history") == [ev.HistoryCleared()]
    assert all(isinstance(ev.as_json(e)["kind"], str) for e in session.events)


def test_events_as_json_name_colours_and_squares():
    """B7: the snapshot's events carry colours and squares by name."""
    assert ev.as_json(ev.Placed(BLACK, parse_square("d3"), 1, "human")) == {
        "kind": "placed", "color": "black", "square": "d3", "flips": 1, "by": "human"}
    assert ev.as_json(ev.GameOver(32, 32, None)) == {"kind": "game_over", "black": 32, "white": 32, "winner": None}
    assert ev.as_json(ev.GameOver(17, 0, BLACK))["winner"] == "black"
    assert ev.as_json(ev.Refused("illegal", parse_square("a1"))) == {"kind": "refused", "reason": "illegal",
                                                                      "square": "a1"}
    assert ev.as_json(ev.Refused("stale")) == {"kind": "refused", "reason": "stale", "square": None}
    assert ev.as_json(ev.Passed(WHITE)) == {"kind": "passed", "color": "white"}


# -- U1-U3: undo against the computer ---------------------------------------
UNDO_COMPUTER = [
    # (case, transcript, side, placements before Undo, placements after Undo)
    ("one human move and one reply", WIN, "black", 4, 2),
    ("human White, one reply", LOSS, "white", 5, 3),
    ("human Black passes twice: three computer placements", DOUBLE_PASS_BLACK, "black",
     DOUBLE_PASS_BLACK_AT + 4, DOUBLE_PASS_BLACK_AT),
    ("human White passes twice: three computer placements", DOUBLE_PASS_WHITE, "white",
     DOUBLE_PASS_WHITE_AT + 4, DOUBLE_PASS_WHITE_AT),
    ("the computer passed: the human's own run is taken back one decision at a time",
     DOUBLE_PASS_WHITE, "black", DOUBLE_PASS_WHITE_AT + 5, DOUBLE_PASS_WHITE_AT + 3),
    ("the computer's placement ended the game", LOSS, "black", 60, 58),
]


@pytest.mark.parametrize("case, transcript, side, before, after", UNDO_COMPUTER,
                         ids=[row[0] for row in UNDO_COMPUTER])
def test_u1_undo_returns_to_the_humans_previous_decision(case, transcript, side, before, after):
    """U1: Undo removes the human's last placement and every computer placement
    and automatic pass after it, back to the position where the human chose."""
    session = scripted(transcript, side=side)
    advance(session, transcript, before)
    human = SIDES.index(side)
    assert colors(transcript)[after] == human
    assert all(c != human for c in colors(transcript)[after + 1:before])
    session.undo()
    assert session.game.line.cursor == after
    assert placed(session) == transcript[:2 * after]
    assert session.board.turn == human and session.human_to_move()
    assert not session.computer_to_move()
    assert session.progress.attempt.practice


def test_u1_the_computer_placed_three_times_and_undo_takes_all_three_back():
    """U1: after two human passes the computer made 3 placements; one Undo removes
    them and the human's placement (4 placements), and announces it once."""
    at = DOUBLE_PASS_BLACK_AT
    session = scripted(DOUBLE_PASS_BLACK)
    advance(session, DOUBLE_PASS_BLACK, at)
    player = session.player
    before = len(player.calls)
    session.place(square_name(squares_of(DOUBLE_PASS_BLACK)[at]))
    for _ in range(3):
        assert session.computer_to_move()
        session.computer_move(session.token)
    assert len(player.calls) == before + 3
    assert session.human_to_move() and session.game.line.cursor == at + 4
    session.begin()
    session.undo()
    assert session.game.line.cursor == at
    assert session.board.cells() == replay(DOUBLE_PASS_BLACK, at).cells()
    assert session.events == [ev.Undone(), ev.PracticeMarked()]
    session.begin()
    session.redo()
    session.undo()
    assert session.events == [ev.Redone(), ev.Undone()]  # practice already: not reported again


UNDO_UNANSWERED = [
    # (case, transcript, side, placements, pause first)
    ("the human's placement ended the game (13-move wipe-out)", WIN_SHORT, "black", 13, False),
    ("the human's placement ended the game (full board)", WIN, "black", 60, False),
    ("the reply is pending", WIN, "black", 3, False),
    ("the reply is pending, game paused", WIN, "black", 3, True),
    ("human White, the reply is pending", LOSS, "white", 2, False),
]


@pytest.mark.parametrize("case, transcript, side, count, pause", UNDO_UNANSWERED,
                         ids=[row[0] for row in UNDO_UNANSWERED])
def test_u2_an_unanswered_final_human_placement_is_undone_alone(case, transcript, side, count, pause):
    """U2: a final human placement the computer has not answered is undone alone."""
    session = scripted(transcript, side=side)
    advance(session, transcript, count)
    human = SIDES.index(side)
    assert colors(transcript)[count - 1] == human
    assert session.is_over() or session.computer_to_move()
    if pause:
        session.pause()
    session.undo()
    assert session.game.line.cursor == count - 1
    assert placed(session) == transcript[:2 * (count - 1)]
    assert session.board.turn == human and not session.is_over()


def test_u2_after_undoing_a_pending_placement_the_late_reply_is_dropped():
    """U2, P5: the reply requested before the Undo changes nothing when it arrives."""
    session = scripted(WIN)
    advance(session, WIN, 3)
    token = session.token
    session.undo()
    before = state(session)
    session.computer_move(token)
    assert state(session) == before
    assert session.game.line.cursor == 2


@pytest.mark.parametrize("case", ["computer opened", "restart, computer opened again",
                                  "human Black at the opening", "human White before the opening"])
def test_u3_undo_is_unavailable_before_the_humans_first_placement(case):
    """U3: with no human placement yet (e.g. only the automatic opening) Undo is
    unavailable and changes nothing, not even the practice mark."""
    side = "black" if case == "human Black at the opening" else "white"
    session = scripted(LOSS, side=side)
    if case in ("computer opened", "restart, computer opened again"):
        session.computer_move(session.token)
    if case == "restart, computer opened again":
        advance(session, LOSS, 4)
        session.restart()
        session.computer_move(session.token)
    expected = 0 if case in ("human Black at the opening", "human White before the opening") else 1
    assert session.game.line.cursor == expected
    assert session.game.undo_target() is None
    assert session_snapshot(session)["can_undo"] is False
    practice = session.progress.attempt.practice
    before = state(session)
    session.begin()
    session.undo()
    assert state(session) == before
    assert session.events == [ev.Refused("nothing_to_undo")]
    assert session.progress.attempt.practice == practice


def test_u3_the_opening_stays_when_the_humans_first_placement_is_undone():
    """U3: human White; undoing the first human placement keeps the computer's opening."""
    session = scripted(LOSS, side="white")
    advance(session, LOSS, 3)
    session.undo()
    assert session.game.line.cursor == 1 and placed(session) == LOSS[:2]
    assert session.game.undo_target() is None


# -- U4: local undo -------------------------------------------------------------
def test_u4_local_undo_removes_one_placement_at_a_time():
    """U4: in a local game each Undo removes exactly one placement, whoever made it."""
    session = make(mode="local")
    advance(session, WIN, 6)
    for cursor in range(5, -1, -1):
        session.undo()
        assert session.game.line.cursor == cursor
        assert session.board.cells() == replay(WIN, cursor).cells()
        assert session.board.turn == replay(WIN, cursor).turn
    assert session.game.undo_target() is None


def test_u4_local_undo_rewinds_the_pass_a_placement_caused():
    """U4: undoing a placement that made the other side pass rewinds that pass:
    one placement goes, and the turn is again that of the undone placement's maker."""
    at = DOUBLE_PASS_BLACK_AT
    session = make(mode="local")
    advance(session, DOUBLE_PASS_BLACK, at + 4)
    assert [s.caused_pass for s in session.board.steps[at:at + 4]] == [False, True, True, False]
    expected_turns = {at + 3: WHITE, at + 2: WHITE, at + 1: WHITE, at: BLACK}
    for cursor in (at + 3, at + 2, at + 1, at):
        session.begin()
        session.undo()
        assert session.game.line.cursor == cursor
        assert session.board.turn == expected_turns[cursor]
        assert session.board.legal_mask() == replay(DOUBLE_PASS_BLACK, cursor).legal_mask()
        assert session.events == [ev.Undone()] + ([ev.PracticeMarked()] if cursor == at + 3 else [])


def test_u4_local_undo_of_the_final_placement():
    """U4: the placement that ended a local game is undone alone; the game goes on."""
    session = make(mode="local")
    advance(session, WIN_SHORT)
    assert session.is_over()
    session.undo()
    assert session.game.line.cursor == 12 and not session.is_over()


# -- U5: redo -------------------------------------------------------------------
def test_u5_redo_replays_the_same_replies_without_asking_the_computer():
    """U5: Redo restores the exact undone sequence; the computer player is not called
    (a Fickle player would answer differently if it were)."""
    player = Fickle()
    session = make(player)
    for _ in range(20):
        step(session)
    moves, cells = list(session.game.line.moves), session.board.cells()
    cursors = []
    while session.game.undo_target() is not None:
        session.undo()
        cursors.append(session.game.line.cursor)
    assert session.game.line.cursor == 0
    calls = player.calls
    for cursor in reversed([20, *cursors[:-1]]):
        session.redo()
        assert session.game.line.cursor == cursor
    assert player.calls == calls
    assert session.game.line.moves == moves and session.board.cells() == cells
    assert session.game.redo_target() is None


def test_u5_one_redo_replays_a_run_of_computer_placements():
    """U5: after two human passes, one Redo replays the human's placement and all
    three computer placements, with no new search."""
    at = DOUBLE_PASS_BLACK_AT
    session = scripted(DOUBLE_PASS_BLACK)
    advance(session, DOUBLE_PASS_BLACK, at + 4)
    session.undo()
    calls = len(session.player.calls)
    session.redo()
    assert session.game.line.cursor == at + 4 and len(session.player.calls) == calls
    assert placed(session) == DOUBLE_PASS_BLACK[:2 * (at + 4)]


def test_u5_local_redo_replays_one_placement():
    """U5, U4: in a local game Redo replays one placement at a time."""
    session = make(mode="local")
    advance(session, WIN, 8)
    for _ in range(3):
        session.undo()
    session.redo()
    assert session.game.line.cursor == 6
    session.redo()
    session.redo()
    assert session.game.line.cursor == 8 and session.game.redo_target() is None


def test_u5_a_new_placement_after_undo_discards_the_redo_sequence():
    """U5: placing a disc after Undo drops the undone placements; Redo is unavailable."""
    session = make(Fickle())
    for _ in range(8):
        step(session)
    session.undo()
    session.undo()
    assert session.game.redo_target() is not None
    cursor = session.game.line.cursor
    undone = session.game.line.moves[cursor]
    other = [s for s in session.board.legal_moves() if s != undone][0]
    session.place(square_name(other))
    assert session.game.line.moves[-1] == other and len(session.game.line.moves) == cursor + 1
    assert session.game.redo_target() is None
    session.begin()
    session.redo()
    assert session.events == [ev.Refused("nothing_to_redo")]
    assert session_snapshot(session)["can_redo"] is False


def test_u5_redo_with_nothing_undone_changes_nothing():
    """U5: Redo with an empty redo sequence is a no-op (token unchanged)."""
    session = scripted(WIN)
    advance(session, WIN, 4)
    before = state(session)
    session.redo()
    assert state(session) == before


def test_u5_redo_of_an_unanswered_placement_leaves_the_reply_to_the_computer():
    """U5, U2: redoing a placement whose reply was never made asks the computer afresh."""
    session = scripted(WIN)
    advance(session, WIN, 3)
    session.undo()
    session.redo()
    assert session.game.line.cursor == 3 and session.computer_to_move()
    session.computer_move(session.token)
    assert placed(session) == WIN[:8]


# -- U6: restart and new ----------------------------------------------------------
def test_u6_restart_returns_the_attempt_to_the_opening():
    """U6, A2: Restart goes back to the opening in the same attempt, now practice."""
    session = scripted(WIN)
    attempt = session.progress.attempt.id
    advance(session, WIN, 10)
    session.pause()
    session.restart()
    assert session.game.line.moves == [] and session.board.cells() == Board().cells()
    assert session.progress.attempt.id == attempt and session.progress.attempt.practice
    assert not session.paused and session.human_to_move()
    assert session.game.redo_target() is None and session.game.undo_target() is None


def test_u6_restart_keeps_the_first_result_and_the_practice_mark():
    """U6, A2: Restart after a finished game keeps its first result and practice mark."""
    session = scripted(LOSS)
    advance(session, LOSS, 10)
    session.undo()
    advance(session, LOSS)
    first = session.progress.attempt.first_result
    assert first["result"] == "loss" and first["practice"]
    session.restart()
    assert session.progress.attempt.first_result == first and session.progress.attempt.practice
    assert session.progress.history == [first]


def test_u6_restart_as_white_lets_the_computer_open_again():
    """U6, C1: after Restart with the human as White the computer opens again."""
    session = scripted(LOSS, side="white")
    advance(session, LOSS, 5)
    session.restart()
    assert session.computer_to_move()
    session.computer_move(session.token)
    assert placed(session) == LOSS[:2]


def test_u6_new_starts_a_fresh_attempt_with_the_current_settings():
    """U6, A1: New starts attempt id+1 with the current settings, no practice, no result."""
    session = scripted(LOSS)
    advance(session, LOSS)
    session.undo()
    attempt = session.progress.attempt.id
    session.set_setting("side", "white")
    session.set_setting("level", "expert")
    assert session.game.side == "black"  # the settings wait for New (the human has played)
    session.pause()
    session.new()
    assert session.progress.attempt.id == attempt + 1
    assert not session.progress.attempt.practice and session.progress.attempt.first_result is None
    assert (session.game.mode, session.game.side, session.game.level) == ("computer", "white", "expert")
    assert session.game.line.moves == [] and not session.paused
    assert session.computer_to_move()
    assert len(session.progress.history) == 1


# -- settings -------------------------------------------------------------------
def test_c1_a_setting_starts_a_new_game_at_once_before_the_human_has_placed():
    """C1: side and level apply at once before any human placement (a new attempt)."""
    session = scripted(LOSS)
    attempt = session.progress.attempt.id
    session.set_setting("side", "white")
    assert session.game.side == "white" and session.progress.attempt.id == attempt + 1
    session.computer_move(session.token)  # the computer's opening is not the human's
    session.set_setting("level", "hard")
    assert session.game.level == "hard" and session.game.line.moves == []


@pytest.mark.parametrize("name, value", [("mode", "chess"), ("side", "red"), ("level", "godlike"),
                                         ("colour", "black"), ("legal_dots", "yes"), ("sound", 1)])
def test_p3_an_invalid_setting_is_refused_and_changes_nothing(name, value):
    """P1: an unknown setting or value raises ValueError (the bridge reports it) and changes nothing."""
    session = scripted(WIN)
    advance(session, WIN, 2)
    before = state(session)
    with pytest.raises(ValueError):
        session.set_setting(name, value)
    assert state(session) == before


def test_b1_display_settings_apply_at_once_without_a_new_game():
    """B1, B6: legal dots and sound change at once and keep the game."""
    session = scripted(WIN)
    advance(session, WIN, 4)
    attempt, moves = session.progress.attempt.id, list(session.game.line.moves)
    session.set_setting("legal_dots", False)
    session.set_setting("sound", True)
    assert (session.settings.legal_dots, session.settings.sound) == (False, True)
    assert session.progress.attempt.id == attempt and session.game.line.moves == moves


# -- A1-A5: attempts and results -----------------------------------------------------
def test_a1_the_first_result_is_recorded_once_when_the_game_ends():
    """A1: the end of the attempt's first game records one history line with its facts."""
    session = scripted(WIN)
    advance(session, WIN, 59)
    assert session.progress.attempt.first_result is None and session.progress.history == []
    session.tick(1234)
    advance(session, WIN)
    record = session.progress.attempt.first_result
    assert session.progress.history == [record]
    assert record == {**record, "attempt": session.progress.attempt.id, "mode": "computer", "side": "black",
                      "level": "normal", "result": "win", "black": 43, "white": 21,
                      "practice": False, "challenge": True, "duration_ms": 1234}


@pytest.mark.parametrize("transcript, side, result", [
    (WIN, "black", "win"), (LOSS, "black", "loss"), (DRAW, "black", "draw"),
    (LOSS, "white", "win"), (WIN_SHORT, "white", "loss"), (DRAW, "white", "draw"),
])
def test_a1_computer_results_are_from_the_humans_side(transcript, side, result):
    """A1, R5: a computer game's result is win, loss or draw for the human."""
    session = scripted(transcript, side=side)
    advance(session, transcript)
    assert session.progress.attempt.first_result["result"] == result
    assert session.progress.attempt.first_result["challenge"] == (result == "win")


@pytest.mark.parametrize("transcript, result", [(WIN, "black"), (LOSS, "white"), (DRAW, "draw")])
def test_a1_local_results_name_the_winning_colour(transcript, result):
    """A1: a local game's first result names the winning colour (or a draw); never a challenge."""
    session = make(mode="local")
    advance(session, transcript)
    assert session.progress.history[-1]["result"] == result and not session.progress.history[-1]["challenge"]


def test_a1_the_first_game_to_end_gives_the_result_even_after_restart():
    """A1, A2: an attempt whose first game was abandoned by Restart gets its first
    result from the next game that ends, marked practice."""
    session = scripted(WIN)
    advance(session, WIN, 30)
    session.restart()
    advance(session, WIN)
    assert session.progress.attempt.first_result["practice"] and not session.progress.attempt.first_result["challenge"]
    assert len(session.progress.history) == 1


def test_a2_undo_and_restart_mark_practice_and_new_clears_it():
    """A2: Undo (computer or local) or Restart marks the attempt practice from then on; New clears it."""
    for command in ("undo", "restart"):
        for mode in MODES:
            session = scripted(WIN, mode=mode)
            advance(session, WIN, 4)
            getattr(session, command)()
            assert session.progress.attempt.practice
            advance(session, WIN, 8)
            session.redo()
            assert session.progress.attempt.practice
            session.new()
            assert not session.progress.attempt.practice


def test_a3_a_loss_undone_into_a_win_stays_a_loss():
    """A3: undoing a loss and winning later does not change the first result."""
    session = scripted(LOSS, LOSS_THEN_WIN)
    advance(session, LOSS)
    first = session.progress.attempt.first_result
    assert first["result"] == "loss"
    while session.game.line.cursor > BRANCH_AT:
        session.undo()
    assert session.game.line.cursor == BRANCH_AT
    advance(session, LOSS_THEN_WIN)
    assert session.board.outcome().winner == BLACK
    assert session.progress.attempt.first_result == first and session.progress.history == [first]
    assert len(session.progress.shelf.wins) == 0


def test_a3_reviewing_redoing_and_restarting_never_record_twice():
    """A3: undoing to the opening, redoing to the end, and replaying after Restart
    keep one history line."""
    session = scripted(WIN)
    advance(session, WIN)
    first = session.progress.attempt.first_result
    while session.game.undo_target() is not None:
        session.undo()
    while session.game.redo_target() is not None:
        session.redo()
    assert session.is_over() and session.progress.history == [first]
    session.restart()
    advance(session, WIN)
    assert session.progress.history == [first] and session.progress.attempt.first_result == first
    assert len(session.progress.shelf.wins) == 1


def test_a3_redo_to_the_end_of_a_finished_game_adds_no_history_line():
    """A3: Redo that reaches the end again announces the result but records nothing."""
    session = scripted(WIN_SHORT)
    advance(session, WIN_SHORT)
    session.undo()
    session.begin()
    session.redo()
    assert session.is_over() and len(session.progress.history) == 1
    assert kinds(session) == [ev.Redone, ev.GameOver]
    assert session.new_stars == []


def test_a4_only_an_unassisted_win_over_the_computer_is_a_challenge_win():
    """A4: a challenge win is a first-result win over the computer in a non-practice attempt."""
    clean = scripted(WIN)
    advance(clean, WIN)
    undone = scripted(WIN)
    advance(undone, WIN, 10)
    undone.undo()
    advance(undone, WIN)
    restarted = scripted(WIN)
    advance(restarted, WIN, 10)
    restarted.restart()
    advance(restarted, WIN)
    local = make(mode="local")
    advance(local, WIN)
    assert [s.progress.attempt.first_result["challenge"] for s in (clean, undone, restarted, local)] == \
        [True, False, False, False]
    assert [len(s.progress.shelf.wins) for s in (clean, undone, restarted, local)] == [1, 0, 0, 0]
    assert undone.progress.attempt.first_result["result"] == "win"


def test_a4_undo_after_the_end_does_not_unmake_a_challenge_win():
    """A4: the attempt was not practice *when it ended*: a later Undo keeps the challenge win."""
    session = scripted(WIN)
    advance(session, WIN)
    session.undo()
    assert session.progress.attempt.practice
    assert session.progress.attempt.first_result["challenge"] and len(session.progress.shelf.wins) == 1


@pytest.mark.parametrize("leave", ["pause", "new", "restart", "undo"])
def test_a5_a_disc_majority_in_an_unfinished_game_is_no_win(leave):
    """A5: leaving a game where the human leads 32-26 (pause, New, Restart, Undo)
    records nothing; this game ends as a loss for the human."""
    session = scripted(LOSS)
    advance(session, LOSS, 54)
    black, white = session.board.counts()
    assert black > white and not session.is_over()
    getattr(session, leave)()
    assert session.progress.history == [] and session.progress.attempt.first_result is None
    assert "completion" not in session.progress.shelf.earned and "first-win" not in session.progress.shelf.earned
    assert session_snapshot(session)["result"] is None


def test_a5_a_wipe_out_ends_the_game_with_the_real_count():
    """A5, R5: a wipe-out before the board is full is a finished game, 17-0 as it stands."""
    session = scripted(WIN_SHORT)
    advance(session, WIN_SHORT)
    assert session.progress.attempt.first_result["black"] == 17 and session.progress.attempt.first_result["white"] == 0


# -- P4-P6: pause, late requests, active time --------------------------------------
def test_p4_pause_stops_the_computer_until_resume():
    """P4: a paused game does not let the computer move, even with the current token."""
    session = scripted(WIN)
    advance(session, WIN, 1)
    assert session.computer_to_move()
    session.begin()
    session.pause("hidden")
    assert session.events == [ev.Paused("hidden")]
    assert session.paused and not session.computer_to_move()
    before = state(session)
    session.computer_move(session.token)
    assert state(session) == before
    session.resume()
    assert session.computer_to_move()
    session.computer_move(session.token)
    assert session.game.line.cursor == 2


def test_p4_pause_is_refused_when_the_game_is_over():
    """P4, P6: a finished game cannot be paused (its clock already stopped)."""
    session = scripted(WIN_SHORT)
    advance(session, WIN_SHORT)
    before = state(session)
    session.begin()
    session.pause()
    assert state(session) == before and not session.paused and session.events == []


def test_p5_a_tap_sent_while_paused_counts_once_resumed():
    """P5, B2: Resume does not change the position, so a tap the page sent with the
    paused game's token (just before the resume landed) is played."""
    session = scripted(WIN)
    session.pause("review")
    token = session.token
    session.resume()
    session.place(square_name(squares_of(WIN)[0]), token)
    assert session.game.line.cursor >= 1


STALE = ["undo", "new", "pause", "pause+resume", "restart", "undo+place", "undo+redo"]


@pytest.mark.parametrize("change", STALE)
def test_p5_a_computer_move_for_an_older_position_changes_nothing(change):
    """P5: a computer reply requested before Undo, New, Pause, Restart or another
    change is rejected: the game and the token stay, the player is not asked."""
    session = scripted(WIN)
    advance(session, WIN, 3)
    assert session.computer_to_move()
    token = session.token  # the page asks for the reply with this token
    session.set_setting("side", "white")  # waits for New: the human has placed
    for command in change.split("+"):
        if command == "place":
            undone = session.game.line.moves[session.game.line.cursor]
            session.place(square_name([s for s in session.board.legal_moves() if s != undone][0]))
        else:
            getattr(session, command)()
    if change in ("new", "pause+resume", "undo+place", "undo+redo"):
        assert session.computer_to_move()  # a fresh request would be served
    calls = len(session.player.calls)
    before = state(session)
    session.computer_move(token)
    assert state(session) == before and len(session.player.calls) == calls


def test_p5_a_late_reply_after_the_game_ended_changes_nothing():
    """P5: a computer move for a completed game (current token) changes nothing."""
    session = scripted(WIN_SHORT)
    advance(session, WIN_SHORT)
    before = state(session)
    session.computer_move(session.token)
    assert state(session) == before


def test_p5_a_stale_tap_changes_nothing():
    """P5, B2: a tap sent with an old token is ignored and says so."""
    session = scripted(WIN)
    advance(session, WIN, 2)
    token = session.token
    session.undo()
    session.redo()
    before = state(session)
    session.begin()
    session.place(square_name(squares_of(WIN)[2]), token)
    assert state(session) == before
    assert session.events == [ev.Refused("stale")]
    session.place(square_name(squares_of(WIN)[2]), session.token)
    assert session.game.line.cursor == 3


@pytest.mark.parametrize("case", ["paused", "computer's turn", "illegal square", "occupied square",
                                  "game over", "paused local"])
def test_b4_a_placement_that_is_not_allowed_now_changes_nothing(case):
    """B2, B4, P4: a tap while paused, during the computer's turn, on an illegal
    square or after the end changes nothing and explains why."""
    session = scripted(WIN_SHORT, mode="local" if case == "paused local" else "computer")
    advance(session, WIN_SHORT, 13 if case == "game over" else 2)
    square = "a1" if case in ("illegal square", "game over") else "d4"
    if case.startswith("paused"):
        session.pause()
        square = square_name(session.board.legal_moves()[0])
    if case == "computer's turn":
        session.place(square_name(squares_of(WIN_SHORT)[2]))
        assert session.computer_to_move()
        square = square_name(session.board.legal_moves()[0])
    before = state(session)
    session.begin()
    session.place(square)
    assert state(session) == before
    expected = {"paused": ev.Refused("paused"), "paused local": ev.Refused("paused"),
                "computer's turn": ev.Refused("computer_turn"), "game over": ev.Refused("over"),
                "illegal square": ev.Refused("illegal", parse_square(square)),
                "occupied square": ev.Refused("illegal", parse_square(square))}[case]
    assert session.events == [expected]


def test_p6_time_counts_only_while_unpaused_and_unfinished():
    """P6: ticks add while the game runs (the computer's turn too), not while paused
    or after the end; one tick counts at most MAX_TICK_MS."""
    session = scripted(WIN_SHORT)
    session.tick(100)
    advance(session, WIN_SHORT, 1)
    session.tick(200)  # the computer's turn: still active time
    session.pause()
    session.tick(10_000)
    session.resume()
    session.tick(MAX_TICK_MS + 60_000)  # a sleeping laptop counts one capped tick
    session.tick(0)
    assert session.progress.attempt.active_ms == 100 + 200 + MAX_TICK_MS
    advance(session, WIN_SHORT)
    assert session.progress.attempt.first_result["duration_ms"] == 100 + 200 + MAX_TICK_MS
    session.tick(500)
    assert session.progress.attempt.active_ms == 100 + 200 + MAX_TICK_MS
    assert session_snapshot(session)["clock_running"] is False


@pytest.mark.parametrize("ms", [-1, 1.5, True, "100", None])
def test_p6_a_malformed_tick_is_refused(ms):
    """P6: a tick must be a whole, non-negative number of milliseconds."""
    session = scripted(WIN)
    with pytest.raises(ValueError):
        session.tick(ms)
    assert session.progress.attempt.active_ms == 0


def test_p6_time_belongs_to_the_attempt_across_restart_and_is_reset_by_new():
    """P6, U6: Restart keeps the attempt's active time; New starts from zero."""
    session = scripted(WIN)
    advance(session, WIN, 2)
    session.tick(700)
    session.restart()
    session.tick(300)
    assert session.progress.attempt.active_ms == 1000
    session.new()
    assert session.progress.attempt.active_ms == 0


def test_b7_every_pass_and_the_result_are_reported():
    """B7: each computer placement is reported with its square and flips, followed by
    the human's automatic pass when it caused one; the end by the real counts."""
    at = DOUBLE_PASS_BLACK_AT
    moves = squares_of(DOUBLE_PASS_BLACK)
    session = scripted(DOUBLE_PASS_BLACK)
    advance(session, DOUBLE_PASS_BLACK, at + 1)
    reported = []
    for n in range(3):
        session.begin()
        session.computer_move(session.token)
        flips = replay(DOUBLE_PASS_BLACK, at + 2 + n).steps[-1].flips.bit_count()
        placed_event = ev.Placed(WHITE, moves[at + 1 + n], flips, "computer")
        reported.append(session.events)
        assert session.events[0] == placed_event
    assert [e[1:] for e in reported] == [[ev.Passed(BLACK)], [ev.Passed(BLACK)], []]
    session = scripted(WIN_SHORT)
    advance(session, WIN_SHORT, 12)
    session.begin()
    advance(session, WIN_SHORT)
    assert session.events[1] == ev.GameOver(17, 0, BLACK)
    assert kinds(session) == [ev.Placed, ev.GameOver, ev.StarEarned, ev.StarEarned, ev.StarEarned]


# -- random command sequences ---------------------------------------------------------
class SessionMachine(RuleBasedStateMachine):
    """Random commands on one session keep the rules' invariants (U1-U6, A1-A5, S, P1-P6)."""

    def __init__(self) -> None:
        super().__init__()
        self.player = Seeded()
        self.session = Session(self.player, clock=Clock())
        self.tokens: list[int] = [self.session.token]
        self.firsts: dict[int, dict] = {}
        self.stars: list[str] = []
        self.history: list[dict] = []
        #: Every record the history ever held (clearing the history keeps the wins).
        self.records: dict[str, dict] = {}

    def begin(self) -> Session:
        """Starts a command as the bridge does and returns the session."""
        self.session.begin()
        return self.session

    # commands
    @rule(index=st.integers(0, 63))
    def place_any(self, index):
        """A tap on any square: legal ones play, the rest change nothing and say why."""
        s = self.begin()
        before = state(s)
        allowed = s.human_to_move() and s.board.is_legal(index)
        s.place(square_name(index))
        assert (state(s) != before) == allowed
        assert isinstance(s.events[0], ev.Placed if allowed else ev.Refused)
        if allowed:
            assert s.events[0] == ev.Placed(s.board.steps[-1].color, index, s.board.steps[-1].flips.bit_count(),
                                            "human")
        else:
            assert len(s.events) == 1

    @rule(pick=st.integers(0, 30))
    def place_legal(self, pick):
        s = self.begin()
        legal = s.board.legal_moves()
        if s.human_to_move():
            s.place(square_name(legal[pick % len(legal)]))

    @rule()
    def computer(self):
        s = self.begin()
        cursor, expected = s.game.line.cursor, s.computer_to_move()
        s.computer_move(s.token)
        assert (s.game.line.cursor == cursor + 1) == expected
        assert (kinds(s)[:1] == [ev.Placed]) == expected and (s.events == []) == (not expected)

    @rule(data=st.data())
    def computer_stale(self, data):
        """P5: a request with any earlier token changes nothing and reports nothing."""
        s = self.begin()
        old = [t for t in self.tokens if t != s.token]
        if old:
            token = data.draw(st.sampled_from(old))
            before, calls = state(s), self.player.calls
            s.computer_move(token)
            assert state(s) == before and self.player.calls == calls and s.events == []

    @rule()
    def finish(self):
        if not self.begin().paused:
            finish(self.session)

    @rule()
    def undo(self):
        s = self.begin()
        available = s.game.undo_target() is not None
        s.undo()
        assert kinds(s)[:1] == [ev.Undone if available else ev.Refused]

    @rule()
    def redo(self):
        s = self.begin()
        calls = self.player.calls
        s.redo()
        assert self.player.calls == calls  # U5: never a new search

    @precondition(lambda self: self.session.game.undo_target() is not None)
    @rule()
    def undo_then_redo(self):
        """U5: Redo right after Undo restores the board and cursor exactly."""
        s = self.begin()
        before = (s.board.cells(), s.board.turn, s.game.line.cursor, list(s.game.line.moves))
        s.undo()
        s.redo()
        assert (s.board.cells(), s.board.turn, s.game.line.cursor, list(s.game.line.moves)) == before

    @rule()
    def restart(self):
        first = self.begin().progress.attempt.first_result
        self.session.restart()
        assert self.session.progress.attempt.first_result == first and self.session.progress.attempt.practice

    @rule()
    def new(self):
        self.begin().new()

    @rule()
    def pause(self):
        self.begin().pause()

    @rule()
    def resume(self):
        self.begin().resume()

    @rule(ms=st.integers(0, 3 * MAX_TICK_MS))
    def tick(self, ms):
        s = self.begin()
        before, running = s.progress.attempt.active_ms, s.clock_running()
        s.tick(ms)
        assert s.progress.attempt.active_ms == before + (min(ms, MAX_TICK_MS) if running else 0)

    @rule(name=st.sampled_from(sorted(CHOICES)), data=st.data())
    def set_setting(self, name, data):
        self.begin().set_setting(name, data.draw(st.sampled_from(CHOICES[name])))

    @rule()
    def clear_history(self):
        s = self.begin()
        s.clear_history()
        assert s.events == [ev.HistoryCleared()] and s.progress.history == []
        self.history = []

    @rule()
    def reload(self):
        """P1, P4: the page reloads the saved parts into a new session."""
        old = self.session
        texts = parts(old)
        fresh = Session(self.player, clock=Clock())
        assert save_loading.load(fresh, texts) == []
        assert parts(fresh) == texts, "a reload is a fixed point of the saved parts"
        unfinished = fresh.game.mode == "computer" and not fresh.is_over() and fresh.game.line.moves
        assert fresh.paused == bool(unfinished)  # P4; pausing itself is not stored
        fresh.token = max(self.tokens) + 1  # keeps the stale-request rule checkable across pages
        self.session = fresh

    # invariants
    @invariant()
    def board_is_the_replay_of_the_line(self):
        s = self.session
        line = s.game.line
        board = Board(*line.start, variant=line.variant) if line.start else Board.initial(line.variant)
        for square in line.moves[:line.cursor]:
            board.play(square)
        assert (board.black, board.white, board.turn) == (s.board.black, s.board.white, s.board.turn)
        assert [(t.color, t.square) for t in board.steps] == [(t.color, t.square) for t in s.board.steps]
        assert 0 <= line.cursor <= len(line.moves)
        full = Board(*line.start, variant=line.variant) if line.start else Board.initial(line.variant)
        for square in line.moves:
            full.play(square)  # the redo sequence stays playable

    @invariant()
    def results_and_stars_only_accumulate(self):
        s = self.session
        if s.token not in self.tokens:
            self.tokens.append(s.token)
        first = s.progress.attempt.first_result
        if s.progress.attempt.id in self.firsts:
            assert first == self.firsts[s.progress.attempt.id], "A3: a first result changed"
        elif first is not None:
            assert s.is_over(), "A5: a result was recorded before the end"
            assert (first["black"], first["white"]) == s.board.counts()
            self.firsts[s.progress.attempt.id] = first
            event(f"first result: {first['mode']} {first['result']}"
                  f"{' challenge' if first['challenge'] else ''}")
        earned = s.progress.shelf.earned
        assert set(self.stars) <= set(earned), "a star disappeared"
        assert len(earned) == len(set(earned)), "a star was earned twice"
        assert s.new_stars == [e for e in earned if e not in self.stars], \
            "the StarEarned events are not the stars the command added"
        history = list(s.progress.history)
        assert all(r in history for r in self.history), "the history lost a line"
        assert [r["date"] for r in history] == sorted(r["date"] for r in history), "the history is in date order"
        ids = [r["attempt"] for r in history]
        assert len(ids) == len(set(ids)), "two history lines for one attempt"
        for record in history:
            assert not record["challenge"] or (record["result"] == "win" and not record["practice"]
                                               and record["mode"] == "computer")
            self.records.setdefault(key(record), record)
        challenges = [k for k, r in self.records.items() if r["challenge"]]
        assert s.progress.shelf.wins == challenges, "A4, S8: the wins are not the challenge records"
        assert ("fresh-wins" in earned) == (len(challenges) >= 3), "S8"
        if s.game.mode == "local":
            assert not set(s.new_stars) & set(STAR_IDS[4:])
        self.stars, self.history = list(earned), list(history)

    @invariant()
    def snapshot_builds(self):
        snap = session_snapshot(self.session)
        json.dumps(snap)
        assert snap["can_undo"] == (self.session.game.undo_target() is not None)
        assert snap["events"] == [ev.as_json(e) for e in self.session.events]


SessionMachine.TestCase.settings = settings(max_examples=100, stateful_step_count=40, deadline=None,
                                            suppress_health_check=[HealthCheck.too_slow])
test_random_commands_keep_the_invariants = SessionMachine.TestCase
