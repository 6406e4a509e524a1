"""The move clock and side swapping: a timed human move, its warnings,
the random move on expiry, and no late timeout after pause, undo, new or the end
(P5, P6); "swap sides after each game" (C1).

The computer is a fake player and the clock a fake one (tests/sessions.py).
"""

from __future__ import annotations

import pytest

from reversi.app.snapshot import session_snapshot
from reversi.engine.board import BLACK, WHITE
from reversi.game import events as ev
from reversi.game.clocks import CLOCK_WARNINGS, MAX_TICK_MS
from reversi.game.settings import MOVE_CLOCKS
from tests.sessions import WIN, WIN_SHORT, Seeded, advance, finish, make, reloaded, scripted, step

LIMIT_MS = 30_000


def timed(seconds: int = 30, **kwargs):
    """Returns a session with the move clock set to ``seconds``."""
    session = make(Seeded(), **kwargs)
    session.set_setting("move_clock", seconds)
    return session


def tick(session, ms: int) -> list[ev.Event]:
    """Sends one tick as the bridge does and returns the events it reported."""
    session.begin()
    session.tick(ms)
    return list(session.events)


def timeouts(events: list[ev.Event]) -> int:
    """Counts the placements the move clock made."""
    return sum(isinstance(e, ev.Placed) and e.by == "clock" for e in events)


@pytest.mark.parametrize("mode", ["local", "computer"])
@pytest.mark.parametrize("ticks", [[5_000] * 6, [1_000] * 30, [4_999] * 6 + [6], [250] * 120,
                                   [3_000, 5_000, 2_000, 5_000, 5_000, 4_000, 1_000, 5_000]])
def test_expiry_plays_exactly_one_legal_move_at_30_seconds(mode, ticks):
    """P6, B2: however the 30 s arrive in ticks, the move clock plays exactly one random
    legal move for the person to move, on the tick that reaches the limit, and reports
    it as the clock's."""
    assert sum(ticks) == LIMIT_MS and max(ticks) <= MAX_TICK_MS
    session = timed(mode=mode)
    board_before = session.board.copy()
    mover = session.board.turn
    heard = []
    for n, ms in enumerate(ticks, 1):
        events = tick(session, ms)
        heard += events
        if n < len(ticks):
            assert session.game.line.cursor == 0, f"a move before the limit (tick {n})"
    assert timeouts(heard) == 1 and session.game.line.cursor == 1
    square = session.game.line.moves[0]
    assert board_before.is_legal(square)
    assert session.board.steps[-1].color == mover
    step = session.board.steps[-1]
    assert ev.Placed(mover, square, step.flips.bit_count(), "clock") in heard


def test_the_warnings_come_once_each_at_10_and_5_seconds_left():
    """B7: the clock is announced once with 10 s left and once with 5 s left, and expires
    at 30 s."""
    session = timed(mode="local")
    said = {}
    for n in range(1, 31):
        for event in tick(session, 1_000):
            said.setdefault(event, []).append(n)
    assert CLOCK_WARNINGS == (10, 5)
    assert said[ev.ClockWarning(10)] == [20]
    assert said[ev.ClockWarning(5)] == [25]
    assert [n for e, ticks in said.items() for n in ticks if isinstance(e, ev.Placed) and e.by == "clock"] == [30]
    assert set(said) == {ev.ClockWarning(10), ev.ClockWarning(5), session.events[0]}


def test_a_big_jump_announces_both_warnings_and_a_capped_tick_cannot_skip_the_move():
    """P6: a tick longer than MAX_TICK_MS counts as MAX_TICK_MS, so a sleeping laptop
    cannot skip the warnings or the move's last seconds."""
    session = timed(mode="local")
    for _ in range(4):
        tick(session, 4_750)
    assert session.move_clock_left() == LIMIT_MS - 19_000
    events = tick(session, 60_000)  # counted as MAX_TICK_MS: 6 s left
    assert session.move_clock_left() == 6_000 and events == [ev.ClockWarning(10)]
    events = tick(session, 5_000)
    assert events == [ev.ClockWarning(5)] and session.game.line.cursor == 0
    events = tick(session, 5_000)
    assert timeouts(events) == 1 and session.game.line.cursor == 1


@pytest.mark.parametrize("seconds", [s for s in MOVE_CLOCKS if s])
def test_each_clock_length_expires_on_time(seconds):
    """Every offered clock length expires exactly at its limit, not a tick earlier."""
    session = timed(seconds, mode="local")
    for _ in range(seconds - 1):
        tick(session, 1_000)
    assert session.game.line.cursor == 0 and session.move_clock_left() == 1_000
    assert timeouts(tick(session, 1_000)) == 1


def test_the_next_move_gets_the_full_time_and_a_stale_tap_is_refused():
    """P5: after a timeout the next move has the whole limit, and a tap sent for the
    position before the timeout is refused as stale."""
    session = timed(mode="local")
    token = session.token
    for _ in range(6):
        tick(session, 5_000)
    assert session.move_clock_left() == LIMIT_MS
    assert session.board.turn == WHITE
    session.begin()
    session.place("c5", token)  # White's tap made before the timeout: for an earlier position
    assert session.game.line.cursor == 1
    assert session.events == [ev.Refused("stale")]


def test_no_timeout_while_paused_and_the_time_left_is_kept():
    """P4, P6: while paused the move clock stands still and keeps the time left; it runs on
    after Resume."""
    session = timed(mode="local")
    tick(session, 5_000)
    tick(session, 5_000)
    session.pause()
    for _ in range(50):  # far past the limit
        assert tick(session, 5_000) == []
    assert session.game.line.cursor == 0
    snap = session_snapshot(session)["move_clock"]
    assert snap == {"limit": 30, "left_ms": 20_000, "running": False}
    session.resume()
    for _ in range(3):
        tick(session, 5_000)
    assert session.game.line.cursor == 0
    assert timeouts(tick(session, 5_000)) == 1


@pytest.mark.parametrize("change", ["undo", "new", "restart", "setting"])
def test_undo_new_restart_or_a_new_clock_start_the_clock_again(change):
    """P5: Undo, New, Restart or a new clock setting give the move the whole limit again,
    so the old clock's expiry never lands."""
    session = timed(mode="local")
    session.place("f5")
    for _ in range(5):
        tick(session, 5_000)  # 5 s left for White
    assert session.move_clock_left() == 5_000
    if change == "undo":
        session.undo()
    elif change == "new":
        session.new()
    elif change == "restart":
        session.restart()
    else:
        session.set_setting("move_clock", 30)
    cursor = session.game.line.cursor
    assert session.move_clock_left() == LIMIT_MS
    for _ in range(5):
        assert timeouts(tick(session, 5_000)) == 0  # the old clock would have expired
    assert session.game.line.cursor == cursor
    assert timeouts(tick(session, 5_000)) == 1


def test_no_timeout_after_the_game_is_over():
    """P5, P6: a finished game has no move clock: ticks change nothing."""
    session = make(mode="local")
    advance(session, WIN_SHORT)
    session.set_setting("move_clock", 30)
    assert session.is_over() and session.move_clock_left() is None
    before = (list(session.game.line.moves), session.token, session.progress.attempt.active_ms)
    for _ in range(20):
        assert tick(session, 5_000) == []
    assert (list(session.game.line.moves), session.token, session.progress.attempt.active_ms) == before
    assert session_snapshot(session)["move_clock"] is None


def test_a_game_played_out_by_the_clock_ends_once_with_one_result():
    """Every move left to the clock: one timeout move per expiry, each legal, until
    the end; the result is recorded once and the clock then stops."""
    session = make(mode="local")
    advance(session, WIN_SHORT, 4)
    session.set_setting("move_clock", 30)
    heard = []
    for _ in range(6 * 64):
        if session.is_over():
            break
        cursor = session.game.line.cursor
        before = session.board.copy()
        for _ in range(6):
            heard += tick(session, 5_000)
        assert session.game.line.cursor == cursor + 1
        assert before.is_legal(session.game.line.moves[cursor])
    assert session.is_over() and len(session.progress.history) == 1
    assert sum(isinstance(e, ev.GameOver) for e in heard) == 1
    assert timeouts(heard) == session.game.line.cursor - 4
    assert tick(session, 5_000) == [] and len(session.progress.history) == 1


@pytest.mark.parametrize("side", ["black", "white"])
def test_computer_game_the_timeout_move_is_the_humans_then_the_computer_moves(side):
    """C1, C3: against the computer the clock runs only on the person's turn; its move is
    the person's, then the computer replies as usual."""
    session = timed(side=side)
    if side == "white":
        assert session.computer_to_move()
        assert tick(session, 5_000) == []  # the clock waits while the computer is to move
        session.computer_move(session.token)
    human = session.game.human
    assert session.human_to_move() and session.board.turn == human
    cursor = session.game.line.cursor
    for _ in range(6):
        tick(session, 5_000)
    assert session.game.line.cursor == cursor + 1
    assert session.board.steps[-1].color == human
    assert session.computer_to_move() and not session.human_to_move()
    assert session.move_clock_left() is None
    for _ in range(10):  # the computer's turn: no clock, no second move
        assert timeouts(tick(session, 5_000)) == 0
    assert session.game.line.cursor == cursor + 1
    session.computer_move(session.token)
    assert session.human_to_move() and session.move_clock_left() == LIMIT_MS


def test_a_late_computer_reply_after_a_timeout_is_dropped():
    """P5: the computer's request for the position after a timeout move is dropped
    when that move is undone before the reply lands."""
    session = timed()
    for _ in range(6):
        tick(session, 5_000)
    token = session.token
    assert session.computer_to_move()
    session.undo()
    session.computer_move(token)
    assert session.game.line.cursor == 0 and session.human_to_move()


def test_after_new_the_clock_restarts_at_full_time():
    """U6: a new game's first move has the whole limit."""
    session = timed()
    tick(session, 5_000)
    tick(session, 5_000)
    session.new()
    assert session.move_clock_left() == LIMIT_MS
    assert session_snapshot(session)["move_clock"] == {"limit": 30, "left_ms": LIMIT_MS, "running": True}


# -- swap sides (C1) ----------------------------------------------------------------------
def test_swap_sides_after_a_finished_computer_game_gives_the_other_colour():
    """C1: with swap sides on, New after a finished computer game gives the person the
    other colour (the setting too)."""
    session = scripted(WIN)
    session.set_setting("swap_sides", True)
    advance(session, WIN)
    assert session.is_over()
    session.new()
    assert session.game.side == session.settings.side == "white"
    assert session.game.human == WHITE and session.computer_to_move()
    finish(session)
    session.new()
    assert session.game.side == "black" and session.game.human == BLACK


def test_swap_sides_not_after_an_unfinished_game():
    """C1: an abandoned game does not swap the sides."""
    session = scripted(WIN)
    session.set_setting("swap_sides", True)
    advance(session, WIN, 10)
    session.new()
    assert session.game.side == session.settings.side == "black"


def test_swap_sides_not_in_local_games():
    """C1: side and swapping apply only against the computer."""
    session = make(mode="local")
    session.set_setting("swap_sides", True)
    advance(session, WIN_SHORT)
    session.new()
    assert session.game.mode == "local" and session.settings.side == "black"
    assert session.game.side == "black"


def test_without_swap_sides_the_side_stays():
    """C1: without swap sides, New keeps the side."""
    session = scripted(WIN)
    advance(session, WIN)
    session.new()
    assert session.game.side == "black"


def test_swap_sides_is_saved_with_the_move_clock():
    """P1: swap sides and the move clock are saved and come back."""
    session = timed(40)
    session.set_setting("swap_sides", True)
    again, notices = reloaded(session, Seeded())
    assert notices == []
    assert again.settings.swap_sides is True and again.settings.move_clock == 40


@pytest.mark.parametrize("value", [True, 15, "30", -30, None])
def test_a_move_clock_that_is_not_offered_is_refused(value):
    """P3: only the offered clock lengths (of the same type) are accepted."""
    session = make()
    with pytest.raises(ValueError):
        session.set_setting("move_clock", value)
    assert session.settings.move_clock == 0


def test_step_helper_still_plays_with_the_clock_on():
    """The clock does not get in the way of ordinary play."""
    session = timed()
    for _ in range(6):
        step(session)
        tick(session, 1_000)
    assert session.game.line.cursor == 6
