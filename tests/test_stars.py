"""The eight milestone stars (S1-S8): each with the cases that earn it and the
closest cases that must not, the shelf that keeps them (and merges another tab's,
P7), and the StarEarned events that announce them.  The computer is a fake
player (tests/sessions.py).
"""

from __future__ import annotations

import pytest

from reversi.app.snapshot import session_snapshot
from reversi.app.wording import STARS, star_how, star_name
from reversi.engine.bitboard import CORNERS
from reversi.engine.board import BLACK, WHITE
from reversi.game import events as ev
from reversi.game.results import key
from reversi.game.session import Session
from reversi.game.stars import CAPTURE_FLIPS, STAR_IDS, Shelf, placement_stars, result_stars
from tests.sessions import (
    BLACK_CORNER,
    BRANCH_AT,
    DRAW,
    FIVE_FLIPS,
    LOSS,
    LOSS_THEN_WIN,
    SIX_FLIPS,
    WHITE_CORNER,
    WHITE_SIX,
    WIN,
    WIN_SHORT,
    Book,
    advance,
    make,
    reloaded,
    replay,
    scripted,
    squares_of,
)

PLACEMENT = ("opening", "corner", "capture")
LOCAL_STARS = set(STAR_IDS[:4])


def last_step(transcript: str):
    """Returns the last placement of ``transcript`` as played."""
    return replay(transcript).steps[-1]


# -- the rules as pure functions -----------------------------------------------------
@pytest.mark.parametrize("square, flips, earned", [
    (19, 0b1, ["opening"]),                                   # d3 flipping one
    (0, 0b10, ["opening", "corner"]),                         # a1
    (7, 0b1, ["opening", "corner"]),                          # h1
    (56, 0b1, ["opening", "corner"]),                         # a8
    (63, 0b1, ["opening", "corner"]),                         # h8
    (1, 0b1, ["opening"]),                                    # b1: next to a corner is no corner
    (9, 0b1, ["opening"]),                                    # b2 (the X-square)
    (19, (1 << 5) - 1, ["opening"]),                          # five flips: not a capture
    (19, (1 << 6) - 1, ["opening", "capture"]),               # six flips
    (19, (1 << 18) - 1, ["opening", "capture"]),              # eighteen
    (63, (1 << 6) - 1, ["opening", "corner", "capture"]),
])
def test_s1_s3_placement_stars(square, flips, earned):
    """S1-S3: any human placement earns Opening; a corner earns Corner; six or more flips earn Capture."""
    assert placement_stars(square, flips) == earned
    assert CAPTURE_FLIPS == 6 and CORNERS == (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)


@pytest.mark.parametrize("computer, won, challenge, level, wins, earned", [
    (False, True, False, "normal", 0, ["completion"]),        # local win: S4 only
    (False, False, False, "normal", 0, ["completion"]),
    (True, False, False, "expert", 0, ["completion"]),        # loss
    (True, True, False, "expert", 0, ["completion", "first-win"]),  # practice win
    (True, True, True, "easy", 1, ["completion", "first-win", "clean-win"]),
    (True, True, True, "normal", 2, ["completion", "first-win", "clean-win"]),
    (True, True, True, "hard", 1, ["completion", "first-win", "clean-win", "strong-win"]),
    (True, True, True, "expert", 1, ["completion", "first-win", "clean-win", "strong-win"]),
    (True, True, True, "easy", 3, ["completion", "first-win", "clean-win", "fresh-wins"]),
    (True, True, False, "easy", 5, ["completion", "first-win"]),  # practice: no count matters
])
def test_s4_s8_result_stars(computer, won, challenge, level, wins, earned):
    """S4-S8: what a first result earns."""
    assert sorted(result_stars(computer=computer, won=won, challenge=challenge, level=level,
                               challenge_wins=wins)) == sorted(earned)


def test_s_the_eight_stars_in_order():
    """S1-S8: eight stars, each named and explained, in the contract's order."""
    assert STAR_IDS == ("opening", "corner", "capture", "completion", "first-win", "strong-win",
                        "clean-win", "fresh-wins")
    assert set(STARS) == set(STAR_IDS) and all(star_name(s) and star_how(s) for s in STARS)


# -- S1 --------------------------------------------------------------------------
def test_s1_the_first_legal_human_placement_earns_opening_once():
    """S1: the first legal placement earns Opening, announced once."""
    session = scripted(WIN)
    session.begin()
    session.place("a1")  # illegal: nothing
    assert session.progress.shelf.earned == []
    session.place("e6")
    assert session.progress.shelf.earned == ["opening"] and session.new_stars == ["opening"]
    assert session.events[-1] == ev.StarEarned("opening")
    session.computer_move(session.token)
    session.begin()
    session.place("g6")
    assert session.new_stars == [] and session.progress.shelf.earned == ["opening"]


def test_s1_the_computers_opening_earns_nothing():
    """S1: with the human as White the computer's first placement earns no star."""
    session = scripted(LOSS, side="white")
    session.computer_move(session.token)
    assert session.progress.shelf.earned == []
    advance(session, LOSS, 2)
    assert session.progress.shelf.earned == ["opening"]


def test_s1_a_local_placement_earns_opening():
    """S1: in a local game both players are people."""
    session = make(mode="local")
    session.place("f5")
    assert session.progress.shelf.earned == ["opening"]


# -- S2 ------------------------------------------------------------------------------
@pytest.mark.parametrize("transcript, mode, side, earned", [
    (BLACK_CORNER, "computer", "black", True),    # the human takes a1
    (WHITE_CORNER, "computer", "black", False),   # the computer takes h8
    (WHITE_CORNER, "computer", "white", True),    # the human (White) takes h8
    (BLACK_CORNER, "computer", "white", False),   # the computer (Black) takes a1
    (WHITE_CORNER, "local", "black", True),       # local: both are people
])
def test_s2_corner_only_for_a_human_placement(transcript, mode, side, earned):
    """S2: a human corner earns Corner; a computer corner earns nothing."""
    step = last_step(transcript)
    assert (1 << step.square) & CORNERS
    assert all(not (1 << s.square) & CORNERS for s in replay(transcript).steps[:-1])
    session = scripted(transcript, mode=mode, side=side)
    advance(session, transcript)
    assert ("corner" in session.progress.shelf.earned) == earned


# -- S3 ---------------------------------------------------------------------------------
@pytest.mark.parametrize("transcript, side, flips, earned", [
    (SIX_FLIPS, "black", 6, True),     # the human flips six
    (FIVE_FLIPS, "black", 5, False),   # five flips is not a capture
    (WHITE_SIX, "black", None, False),  # the computer flipped six or more
    (WHITE_SIX, "white", None, True),  # ... which the human as White earns
])
def test_s3_capture_needs_six_flips_by_a_human(transcript, side, flips, earned):
    """S3: a human placement flipping at least six discs earns Capture; five does not,
    and the computer's big flips earn nothing."""
    steps = replay(transcript).steps
    human = BLACK if side == "black" else WHITE
    assert flips is None or steps[-1].flips.bit_count() == flips
    assert steps[-1].flips.bit_count() >= 5
    assert all(s.flips.bit_count() < 6 for s in steps[:-1] if s.color == human)
    session = scripted(transcript, side=side)
    advance(session, transcript)
    assert ("capture" in session.progress.shelf.earned) == earned


# -- S4 ----------------------------------------------------------------------------------
@pytest.mark.parametrize("transcript, mode, side", [
    (LOSS, "computer", "black"), (DRAW, "computer", "black"), (WIN, "computer", "black"),
    (WIN_SHORT, "computer", "white"), (DRAW, "local", "black"),
])
def test_s4_completion_for_any_first_result(transcript, mode, side):
    """S4: reaching the attempt's first result earns Completion in any mode, win or not."""
    session = scripted(transcript, mode=mode, side=side)
    advance(session, transcript, len(squares_of(transcript)) - 1)
    assert "completion" not in session.progress.shelf.earned
    advance(session, transcript)
    assert "completion" in session.progress.shelf.earned


def test_s4_no_completion_for_an_abandoned_game():
    """S4, A5: New, Restart or pausing before the end earn no Completion."""
    session = scripted(WIN)
    advance(session, WIN, 59)
    session.pause()
    session.restart()
    advance(session, WIN, 59)
    session.new()
    assert "completion" not in session.progress.shelf.earned


# -- S5 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("case, earned", [
    ("challenge win", True), ("practice win after undo", True), ("practice win after restart", True),
    ("win as white", True), ("loss", False), ("draw", False), ("loss undone into a win", False),
    ("local black win", False),
])
def test_s5_first_computer_win(case, earned):
    """S5: an attempt whose first result is a win over the computer earns First computer
    win, practice allowed; a loss first result, a draw or a local win do not."""
    transcript, side, mode = {"win as white": (LOSS, "white", "computer"), "loss": (LOSS, "black", "computer"),
                              "draw": (DRAW, "black", "computer"),
                              "loss undone into a win": (LOSS, "black", "computer"),
                              "local black win": (WIN, "black", "local")}.get(case, (WIN, "black", "computer"))
    session = scripted(transcript, LOSS_THEN_WIN, side=side, mode=mode)
    if case == "practice win after undo":
        advance(session, WIN, 10)
        session.undo()
    if case == "practice win after restart":
        advance(session, WIN, 10)
        session.restart()
    if case == "loss undone into a win":
        advance(session, LOSS)
        while session.game.line.cursor > BRANCH_AT:
            session.undo()
        transcript = LOSS_THEN_WIN
    advance(session, transcript)
    assert session.is_over()
    assert ("first-win" in session.progress.shelf.earned) == earned
    if case != "local black win":
        assert session.board.outcome().winner == (None if case == "draw" else
                                                  WHITE if case in ("loss", "win as white") else BLACK)


# -- S6 and S7 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("level, practice, strong, clean", [
    ("easy", False, False, True), ("normal", False, False, True),
    ("hard", False, True, True), ("expert", False, True, True),
    ("hard", True, False, False), ("expert", True, False, False), ("easy", True, False, False),
])
def test_s6_s7_strong_and_clean_wins_need_a_challenge_win(level, practice, strong, clean):
    """S6: a challenge win over Hard or Expert; S7: a challenge win at any level.
    A practice win (Undo used) earns First computer win but neither."""
    session = scripted(WIN, level=level)
    if practice:
        advance(session, WIN, 2)
        session.undo()
    advance(session, WIN)
    earned = session.progress.shelf.earned
    assert ("strong-win" in earned, "clean-win" in earned) == (strong, clean)
    assert "first-win" in earned


def test_s6_s7_a_loss_undone_into_a_win_earns_no_challenge_star():
    """S6, S7, A3: a hard-level loss undone and then won earns no challenge star."""
    session = scripted(LOSS, LOSS_THEN_WIN, level="expert")
    advance(session, LOSS)
    while session.game.line.cursor > BRANCH_AT:
        session.undo()
    advance(session, LOSS_THEN_WIN)
    assert session.board.outcome().winner == BLACK
    assert not {"first-win", "strong-win", "clean-win", "fresh-wins"} & set(session.progress.shelf.earned)


# -- S8 --------------------------------------------------------------------------------------------
def test_s8_three_challenge_wins_in_three_attempts():
    """S8: Three fresh wins on the third challenge win in a different attempt, not before."""
    session = scripted(WIN)
    for n in range(1, 4):
        if n > 1:
            session.new()
        session.begin()
        advance(session, WIN)
        assert len(session.progress.shelf.wins) == n
        assert ("fresh-wins" in session.progress.shelf.earned) == (n == 3)
    assert session.new_stars == ["fresh-wins"]


def test_s8_two_wins_in_one_attempt_count_once():
    """S8, A2: a win, Restart, a second win in the same attempt: one challenge win."""
    session = scripted(WIN)
    advance(session, WIN)
    session.restart()
    advance(session, WIN)
    session.new()
    advance(session, WIN)
    assert len(session.progress.shelf.wins) == 2 and "fresh-wins" not in session.progress.shelf.earned
    assert len(session.progress.history) == 2


def test_s8_practice_wins_losses_and_local_wins_do_not_count():
    """S8: only challenge wins count; practice wins, losses, draws and local wins do not."""
    session = scripted(WIN, LOSS, DRAW)
    advance(session, WIN)                    # 1 challenge win
    session.new()
    advance(session, WIN, 2)
    session.undo()
    advance(session, WIN)                    # practice win
    session.new()
    advance(session, LOSS)                   # loss
    session.new()
    advance(session, DRAW)                   # draw
    session.set_setting("mode", "local")
    session.new()
    advance(session, WIN)                    # local win
    session.set_setting("mode", "computer")
    session.new()
    advance(session, WIN)                    # 2nd challenge win
    assert len(session.progress.shelf.wins) == 2 and "fresh-wins" not in session.progress.shelf.earned
    session.new()
    advance(session, WIN)                    # 3rd
    assert "fresh-wins" in session.progress.shelf.earned


def test_s8_the_count_survives_a_reload():
    """S8, P1: two challenge wins, a reload, a third win: Three fresh wins."""
    session = scripted(WIN)
    advance(session, WIN)
    session.new()
    advance(session, WIN)
    again, notices = reloaded(session, Book(WIN))
    assert notices == []
    assert len(again.progress.shelf.wins) == 2
    again.new()
    advance(again, WIN)
    assert "fresh-wins" in again.progress.shelf.earned


# -- kept forever, once, and the local limit --------------------------------------------------------
def test_s_stars_are_kept_across_new_restart_undo_and_reload():
    """S: stars are earned once and kept forever (New, Restart, Undo, reload)."""
    session = scripted(BLACK_CORNER, WIN)
    advance(session, BLACK_CORNER)
    earned = list(session.progress.shelf.earned)
    assert earned == ["opening", "corner"]
    session.undo()
    session.restart()
    session.new()
    again, _ = reloaded(session, Book(WIN))
    assert again.progress.shelf.earned == earned
    again.begin()
    again.place("e6")
    assert again.new_stars == []
    assert [s["earned"] for s in session_snapshot(again)["stars"]] == [s in earned for s in STAR_IDS]


def test_s_a_local_win_earns_only_s1_to_s4():
    """S: a local game, with corners, captures and a win, earns S1-S4 and never S5-S8."""
    session = make(mode="local")
    advance(session, WIN)
    steps = session.board.steps
    assert any((1 << s.square) & CORNERS for s in steps) and any(s.flips.bit_count() >= 6 for s in steps)
    assert session.progress.attempt.first_result["result"] == "black"
    assert set(session.progress.shelf.earned) == LOCAL_STARS


def test_s_a_local_game_then_computer_games_still_earn_the_rest():
    """S: after S1-S4 in a local game, a computer challenge win earns S5 and S7."""
    session = scripted(WIN, mode="local")
    advance(session, WIN)
    session.set_setting("mode", "computer")
    session.new()
    session.begin()
    advance(session, WIN)
    assert session.new_stars == ["first-win", "clean-win"]


@pytest.mark.parametrize("case", ["redo to the end", "reload", "restart and win again"])
def test_s_no_star_is_announced_twice(case):
    """S, A3: reviewing, reloading or replaying a finished game announces no star again."""
    session = scripted(WIN)
    advance(session, WIN)
    if case == "redo to the end":
        session.undo()
        session.begin()
        session.redo()
    elif case == "reload":
        session, _ = reloaded(scripted_finished(), Book(WIN))
    else:
        session.restart()
        session.begin()
        advance(session, WIN)
    assert session.new_stars == [] and not any(isinstance(e, ev.StarEarned) for e in session.events)


def scripted_finished() -> Session:
    """Returns a session whose first attempt ended in a challenge win (WIN)."""
    session = scripted(WIN)
    advance(session, WIN)
    return session


def test_s8_the_wins_are_the_keys_of_the_challenge_records():
    """S8, P7: the shelf counts challenge wins as one key per winning attempt (its
    record's key), so that two tabs' counts merge without counting a win twice."""
    session = scripted(WIN)
    advance(session, WIN)
    session.new()
    advance(session, WIN, 2)
    session.undo()
    advance(session, WIN)  # a practice win: no key
    session.new()
    advance(session, WIN)
    challenges = [r for r in session.progress.history if r["challenge"]]
    assert [r["attempt"] for r in challenges] == [1, 3]
    assert session.progress.shelf.wins == [key(r) for r in challenges]


def test_s_star_events_are_in_shelf_order_and_only_for_new_stars():
    """S: one placement that earns several stars reports each once, in the shelf's order,
    and the snapshot lists the same ids as new."""
    session = scripted(LOSS)
    advance(session, LOSS)
    assert session.progress.shelf.earned == ["opening", "capture", "corner", "completion"]
    session = scripted(BLACK_CORNER)
    advance(session, BLACK_CORNER, len(squares_of(BLACK_CORNER)) - 1)
    session.begin()
    advance(session, BLACK_CORNER)
    assert [e for e in session.events if isinstance(e, ev.StarEarned)] == [ev.StarEarned("corner")]
    assert session_snapshot(session)["new_stars"] == ["corner"] == session.new_stars


# -- the shelf of two tabs (P7) -------------------------------------------------
@pytest.mark.parametrize("mine, theirs, merged, new", [
    ([], ["opening"], ["opening"], ["opening"]),
    (["opening"], ["opening"], ["opening"], []),
    (["opening", "corner"], ["capture", "opening"], ["opening", "corner", "capture"], ["capture"]),
    (["completion"], [], ["completion"], []),
])
def test_p7_shelves_merge_as_a_union(mine, theirs, merged, new):
    """P7, S: merging another tab's shelf keeps every star of both and reports the
    stars this shelf did not hold."""
    shelf = Shelf(list(mine))
    assert shelf.merge(Shelf(list(theirs))) == new
    assert shelf.earned == merged


def test_p7_merged_wins_count_each_attempt_once_and_reach_s8():
    """P7, S8: wins merge by key (a win both tabs know counts once); when the merged
    count reaches three, Three fresh wins is earned by the merge."""
    shelf = Shelf(["opening", "clean-win"], ["d1#1", "d2#2"])
    assert shelf.merge(Shelf(["opening"], ["d2#2", "d1#1"])) == []
    assert shelf.wins == ["d1#1", "d2#2"]
    assert shelf.merge(Shelf([], ["d3#3"])) == ["fresh-wins"]
    assert shelf.wins == ["d1#1", "d2#2", "d3#3"] and "fresh-wins" in shelf.earned
    assert shelf.merge(Shelf(["fresh-wins"], ["d3#3"])) == []
    assert shelf.earned.count("fresh-wins") == 1


def test_s_a_local_shelf_refuses_computer_stars():
    """S: a local game can earn S1-S4 only, whatever it asks for."""
    shelf = Shelf()
    assert shelf.earn(list(STAR_IDS), limited=True) == list(STAR_IDS[:4])
    assert shelf.earn(list(STAR_IDS), limited=False) == list(STAR_IDS[4:])
    assert shelf.earn(list(STAR_IDS), limited=False) == []

