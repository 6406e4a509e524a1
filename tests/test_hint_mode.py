"""Hint mode at the bridge (H1-H3): the values shown are the engine's,
exact near the end; showing them is assistance (H2) while the legal dots are not
(B1); they are asked for only while they can help, and a late step for an older
position shows nothing.  Only Bridge.call is used (through tests/sessions.Tab).
"""

from __future__ import annotations

import random

from reversi.app.hint_mode import Hints
from reversi.app.wording import say
from reversi.engine.board import Board
from reversi.engine.book import standard_book
from reversi.engine.endgame import solve_all
from reversi.engine.notation import format_board, parse_board, square_name
from reversi.engine.players import random_opening
from reversi.game.line import Line
from tests.sessions import WIN, Book, Storage, Tab

#: FFO #1 (14 empties): its exact move scores under R5 are in tests/test_endgame.py.
FFO_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"


def hinted(tab: Tab) -> dict:
    """Asks for hint steps until Python says none is due; returns the last reply."""
    reply = tab.snap
    while reply["hints_due"]:
        reply = tab.call("hint_step", token=reply["token"])
    return reply


def test_h1_hints_are_due_only_in_hint_mode_with_a_person_to_move():
    """H1: no hints until hint mode is on; then due on the person's turn, every legal
    square gets a value, and none is due once they are final."""
    tab = Tab(Storage(), player=Book(WIN))
    reply = tab.load()
    assert reply["hints_due"] is False and reply["hints"] is None
    reply = tab.call("set_setting", name="hints", value=True)
    assert reply["hints_due"] is True and reply["options"]["hints"] is True
    reply = hinted(tab)
    assert set(reply["hints"]["values"]) == set(reply["legal"]) and reply["hints"]["final"]
    assert reply["hints_due"] is False
    best = [name for name, value in reply["hints"]["values"].items() if value["best"]]
    top = max(value["value"] for value in reply["hints"]["values"].values())
    assert best and all(round(reply["hints"]["values"][name]["value"]) == round(top) for name in best)


def test_h1_hints_follow_the_game_and_wait_for_the_computer():
    """H1, H3: after a placement the hints are for the new position, and while the
    computer is to move none are due or shown."""
    tab = Tab(Storage(), player=Book(WIN))
    tab.load()
    tab.call("set_setting", name="hints", value=True)
    hinted(tab)
    reply = tab.play("e6")
    assert reply["computer_to_move"] and not reply["hints_due"] and reply["hints"] is None
    reply = tab.call("computer_move", token=reply["token"])
    assert reply["human_to_move"] and reply["hints_due"] and reply["hints"] is None
    assert set(hinted(tab)["hints"]["values"]) == set(tab.snap["legal"])


def test_h3_a_step_for_an_older_position_shows_nothing():
    """H3, P5: a hint step sent with an older token (the player moved meanwhile) is
    dropped: no values, and the attempt is not made practice by it."""
    tab = Tab(Storage(), player=Book(WIN))
    reply = tab.load()
    old = reply["token"]
    tab.play("e6")
    reply = tab.call("computer_move", token=tab.snap["token"])
    tab.call("set_setting", name="hints", value=True)
    reply = tab.call("hint_step", token=old)
    assert reply["hints"] is None and reply["attempt"]["practice"] is False


def test_h2_hints_make_the_attempt_practice_and_the_legal_dots_do_not():
    """H2, B1, A4: turning the legal dots off and on is no assistance; showing hints is,
    so the game's win is no challenge win."""
    tab = Tab(Storage(), player=Book(WIN))
    tab.load()
    tab.call("set_setting", name="legal_dots", value=False)
    tab.call("set_setting", name="legal_dots", value=True)
    assert tab.snap["attempt"]["practice"] is False
    reply = tab.call("set_setting", name="hints", value=True)
    assert reply["attempt"]["practice"] is False, "turning hint mode on shows nothing yet"
    reply = tab.call("hint_step", token=reply["token"])
    assert reply["attempt"]["practice"] is True
    assert any(event["kind"] == "practice_marked" for event in reply["events"])
    tab.call("set_setting", name="hints", value=False)
    moves = [WIN[i:i + 2] for i in range(0, len(WIN), 2)]
    while not tab.snap["result"]:
        if tab.snap["human_to_move"]:
            tab.play(moves[len(tab.snap["moves"]) // 2])
        else:
            tab.call("computer_move", token=tab.snap["token"])
    record = tab.snap["history"]["rows"][0]
    assert record["result"] == "win" and record["practice"] and not record["challenge"]
    assert "clean-win" not in tab.snap["new_stars"]


def test_h1_hints_in_an_endgame_are_the_solvers_exact_scores():
    """H1: at 14 empty squares every hint is exact and equals the solver's score of that
    move (R5: empty squares count for nobody)."""
    tab = Tab(Storage(), player=Book())
    tab.load()
    tab.call("setup_play", board=FFO_1, mode="local")
    tab.call("set_setting", name="hints", value=True)
    reply = hinted(tab)
    black, white, turn = parse_board(FFO_1)
    p, o = (black, white) if turn == 0 else (white, black)
    exact = {square_name(s): score for s, score in solve_all(p, o).items()}
    values = reply["hints"]["values"]
    assert {name: value["value"] for name, value in values.items()} == exact
    assert all(value["exact"] for value in values.values())
    assert [name for name, value in values.items() if value["best"]] == ["g8"]
    assert "exact" in reply["hints"]["text"]
    assert format_board(black, white, turn) == FFO_1


def test_v2_anti_hints_near_the_end_are_anti_results():
    """H1, V2: in anti-reversi the final hints are the solver's values in that game's
    terms (fewer discs win), not the standard game's."""
    board = Line(random_opening(random.Random(3), 48, "anti"), variant="anti").board
    hints = Hints()
    while hints.due(board):
        hints.step(board)
    p, o = board.mover_mask()
    expected = solve_all(p, o, variant="anti")
    assert {s: v for s, (v, exact) in hints.values.items() if exact} == expected
    assert expected != solve_all(p, o)


def test_k1_a_book_position_shows_the_books_values_at_once():
    """K1, H1: in a position of the opening book, one step gives every move the book's
    value, marked as the book's, with no search and nothing more due."""
    tab = Tab(Storage(), player=Book(WIN))
    tab.load()
    reply = tab.call("set_setting", name="hints", value=True)
    reply = tab.call("hint_step", token=reply["token"])
    assert not reply["hints_due"] and reply["hints"]["final"]
    p, o = Board().mover_mask()
    book = {square_name(s): v for s, v in standard_book().move_values(p, o).items()}
    values = reply["hints"]["values"]
    assert set(values) == set(reply["legal"]) == set(book)
    assert all(value["book"] and value["value"] == book[name] for name, value in values.items())
    assert reply["hints"]["text"] == say("hints.book")


def test_k1_a_position_out_of_the_book_is_searched_and_not_marked():
    """K1, H1: out of the book the values are searched and none is marked as the book's."""
    hints = Hints()
    game = Board.replay("f5f6e6f4e3c5c4d3c3b4")
    hints.step(game)
    assert hints.values and not hints.book
    report = hints.report(game)
    assert report is not None and not any(value["book"] for value in report["values"].values())
