"""Position setup (E1, E2): board strings checked with their reason,
set-up games played, saved, restarted, recorded and exported from their position,
never challenge games, solved exactly and analysed.  The bridge is driven through
tests/sessions.Tab (Bridge.call only); the session rule directly.
"""

from __future__ import annotations

import pytest

from reversi.app.review import frames as review
from reversi.app.saving import loading as save_loading
from reversi.engine.endgame import solve
from reversi.engine.notation import parse_board
from reversi.game.line import Line
from tests.sessions import Book, Seeded, Storage, Tab, assert_earned_as_no_challenge, finish, make, parts, reloaded

OPENING = "---------------------------OX------XO--------------------------- X"
#: 10 empty squares, Black to move; Black's best is g7, losing by 2 (found by the solver).
LATE = "XO" * 27 + "-" * 10 + " X"
#: Black (b1) has no legal move here but White (a1) has c1: the game starts with White (R4).
WHITE_FIRST = "OX" + "-" * 62 + " X"
FULL = "X" * 40 + "O" * 24 + " X"


def tab() -> Tab:
    page = Tab(Storage(), player=Seeded())
    page.load()
    return page


@pytest.mark.parametrize("board, words", [
    ("X" * 63 + " X", "this one has 63 squares"),
    ("X" * 65 + " X", "this one has 65 squares"),
    ("Q" + "-" * 63 + " X", "character 1 (a1) is “Q”"),
    ("-" * 64, "the side to move, X or O"),
    ("-" * 64 + " Z", "not “Z”"),
    ("", "this one has 0 squares"),
])
def test_e1_a_board_string_of_the_wrong_form_is_refused_with_its_reason(board, words):
    """E1: wrong length, bad characters, a missing or bad side: refused, saying why."""
    setup = tab().call("setup_check", board=board)["setup"]
    assert setup["valid"] is False and words in setup["problem"], setup["problem"]
    assert not setup["playable"] and not setup["solvable"]


def test_e1_a_board_string_is_read_in_either_case_and_by_rows():
    """E1: lower case and line breaks between the rows are accepted; the board comes back
    normalised."""
    rows = "\n".join(OPENING[i:i + 8].lower() for i in range(0, 64, 8)) + "\nx"
    setup = tab().call("setup_check", board=rows)["setup"]
    assert setup["valid"] and setup["board"] == OPENING and setup["playable"]


def test_e1_a_position_where_neither_side_can_move_can_only_be_analysed():
    """E1: a finished position is valid, not playable, and says so; playing it is refused."""
    page = tab()
    setup = page.call("setup_check", board=FULL)["setup"]
    assert setup["valid"] and not setup["playable"] and "only be analysed" in setup["note"]
    with pytest.raises(ValueError, match="only be analysed"):
        page.call("setup_play", board=FULL, mode="local")
    reply = page.call("setup_analyse", board=FULL)
    assert reply["review"]["frames"][0]["cells"] == FULL[:64] and reply["analysis"]["total"] == 1


def test_e1_the_side_that_cannot_move_passes_at_once():
    """E1, R4: when the chosen side has no move the other side moves first, and the
    editor says so."""
    setup = tab().call("setup_check", board=WHITE_FIRST)["setup"]
    assert setup["playable"] and setup["turn"] == 1 and "White moves first" in setup["note"]


def test_e2_a_set_up_game_plays_restarts_and_exports_from_its_position():
    """E2, U6, R6: the game starts from the set-up position; Restart returns to it; its
    transcript begins with the board string and opens again in review."""
    page = tab()
    reply = page.call("setup_play", board=LATE, mode="local")
    assert reply["set_up"] and reply["cells"] == LATE[:64] and "set-up position" in reply["announce"]
    page.play("g7")
    assert page.snap["transcript"] == f"{LATE} g7"
    reply = page.call("restart")
    assert reply["cells"] == LATE[:64] and reply["set_up"]
    page.play("g7")
    imported = page.call("import_transcript", text=page.snap["transcript"])
    frames = imported["review"]["frames"]
    assert frames[0]["cells"] == LATE[:64] and frames[0]["text"].startswith("Set-up position.")
    assert len(frames) == 2 and imported["review"]["start"] == LATE


def test_e2_a_set_up_game_is_saved_and_resumed_from_its_position():
    """E2, P1: the start position is part of the saved game; a reload replays from it."""
    storage = Storage()
    page = Tab(storage, player=Seeded())
    page.load()
    page.call("setup_play", board=LATE, mode="computer")
    again = Tab(storage, name="again", player=Seeded())
    reply = again.load()
    assert reply["notices"] == [] and reply["set_up"] and reply["cells"] == page.snap["cells"]
    assert reply["transcript"] == page.snap["transcript"]


def test_e2_a_damaged_start_position_drops_the_game_it_began():
    """P3, E2: a saved start position that is not a board string is dropped with its moves."""
    session = make(Book())
    session.new_from(parse_board(LATE), "local")
    session.place("g7")
    assert reloaded(session)[0].game.set_up  # a clean reload keeps it
    stored = parts(session)
    stored["game"] = stored["game"].replace(LATE, "not a board")
    fresh = make(Book())
    notices = save_loading.load(fresh, stored)
    assert any("the set-up position and its moves" in n for n in notices)
    assert not fresh.game.set_up and fresh.game.line.moves == []


def test_e2_set_up_games_are_never_challenge_games_and_earn_no_s5_to_s8():
    """E2, A4, S5-S8: a computer game from a set-up position that the person wins is
    recorded as a set-up game, not a challenge, and earns completion at most."""
    session = make(Book(), level="expert")
    session.new_from(parse_board(LATE), "computer")
    finish(session)
    assert assert_earned_as_no_challenge(session)["start"] == LATE


def test_e2_the_solver_gives_the_exact_best_move_and_score():
    """E2: Solve answers the engine's exact score and a best move, in words."""
    page = tab()
    solution = page.call("setup_solve", board=LATE)["solution"]
    black, white, _ = parse_board(LATE)
    score, square = solve(black, white)
    assert (solution["score"], solution["move"]) == (score, "g7") == (-2, "g7")
    assert solution["text"] == "Best for Black: g7, losing by 2 discs with perfect play."
    with pytest.raises(ValueError, match="too many to solve here"):
        page.call("setup_solve", board=OPENING)


def test_e2_a_set_up_position_is_analysed_in_review():
    """E2: Analyse opens the position in review and analyses it, exact near the end."""
    page = tab()
    reply = page.call("setup_analyse", board=LATE)
    assert reply["reviewing"] and reply["review"]["source"] == "setup"
    reply = page.call("analysis_step")
    assert reply["analysis"]["finished"] and reply["analysis"]["plies"][0]["exact"]
    assert reply["analysis"]["plies"][0]["best"] == "g7" and reply["analysis"]["plies"][0]["value"] == -2


def test_e2_review_frames_of_a_set_up_game_start_from_its_position():
    """E2: a set-up game's frames begin at its start, not at the opening."""
    start = parse_board(LATE)
    frames = review.frames([Line(start=start).board.legal_moves()[0]], start)
    assert frames[0]["cells"] == LATE[:64] and frames[0]["ply"] == 0 and len(frames) == 2
