"""Learning (N1-N5): every lesson's goal is reachable and every verdict right,
checked against facts this file works out on its own (the board after the move, a
brute-force search of the last squares, random play-outs for the stable discs);
How to play's rules; the progress part (P3, P7, P9) and the first-visit invitation
(N3) through the bridge."""

from __future__ import annotations

import json
import random

import pytest

from reversi.app import wording
from reversi.app.bridge import Bridge
from reversi.app.learning import howto, lessons
from reversi.app.learning import room as learn
from reversi.app.learning.lessons import LESSONS, judge
from reversi.app.learning.room import PART, Progress
from reversi.engine.board import BLACK, WHITE, Board
from reversi.engine.notation import parse_square, square_name

CORNERS = {"a1", "h1", "a8", "h8"}
STEPS = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if dc or dr]


def after(board: Board, square: int) -> Board:
    """Returns a copy of ``board`` with ``square`` played."""
    child = board.copy()
    child.play(square)
    return child


def changed(board: Board, child: Board) -> set[int]:
    """Returns the squares whose disc changed colour between two positions."""
    return {s for s in range(64) if board.color_at(s) is not None and board.color_at(s) != child.color_at(s)}


def lines(square: int, flipped: set[int]) -> int:
    """Returns how many of the eight directions from ``square`` hold a flipped disc."""
    def ray(dc, dr):
        c, r = square % 8 + dc, square // 8 + dr
        while 0 <= c < 8 and 0 <= r < 8:
            yield r * 8 + c
            c, r = c + dc, r + dr
    return sum(1 for dc, dr in STEPS if any(s in flipped for s in ray(dc, dr)))


def negamax(board: Board) -> int:
    """Returns the final disc difference for the side to move under best play, by
    trying every line (R4, R5: passes, and empty squares count for nobody)."""
    if board.is_game_over():
        black, white = board.counts()
        return (black - white) * (1 if board.turn == BLACK else -1)
    best = -65
    for square in board.legal_moves():
        child = after(board, square)
        value = negamax(child)
        best = max(best, value if child.turn == board.turn else -value)
    return best


def wanted(lesson: lessons.Lesson, board: Board, square: int) -> bool:
    """Returns whether ``square`` meets ``lesson``'s goal, worked out here, not by lessons.py."""
    legal = board.legal_moves()
    child = after(board, square)
    if lesson.test == "legal":
        return True
    if lesson.test == "two_ways":
        return lines(square, changed(board, child)) >= 2
    if lesson.test == "three_ways":
        return lines(square, changed(board, child)) >= 3
    if lesson.test == "most_flips":
        return len(changed(board, child)) == max(len(changed(board, after(board, s))) for s in legal)
    if lesson.test == "pass":
        return child.turn == BLACK and not child.is_game_over()
    if lesson.test == "corner":
        return square_name(square) in CORNERS
    if lesson.test == "no_corner":
        return child.turn != WHITE or not {square_name(s) for s in child.legal_moves()} & CORNERS
    if lesson.test == "mobility":
        return len(child.legal_moves()) == min(len(after(board, s).legal_moves()) for s in legal)
    if lesson.test == "wipe_out":
        return child.counts()[1] == 0
    if lesson.test == "parity":
        def value(s):
            c = after(board, s)
            return negamax(c) * (1 if c.turn == BLACK else -1)
        return value(square) == max(value(s) for s in legal)
    if lesson.test == "stable":  # lessons.stable itself is checked by random play-outs below
        def held(s):
            c = after(board, s)
            return lessons.stable(c.black, c.white).bit_count()
        return held(square) == max(held(s) for s in legal)
    raise AssertionError(lesson.test)


def test_n2_there_are_at_least_twelve_lessons_each_black_to_move_with_words_in_every_language():
    assert len(LESSONS) >= 12 and len(set(lessons.IDS)) == len(LESSONS)
    for lesson in LESSONS:
        board = lesson.start()
        assert board.turn == BLACK and board.legal_moves()
        for code in wording.CODES:
            wording.speaking(code)
            assert wording.say(f"learn.{lesson.id}.title") and wording.say(f"learn.{lesson.id}.goal")
    wording.speaking("en")


@pytest.mark.parametrize("lesson", [lesson for lesson in LESSONS if lesson.test != "finish"], ids=lambda x: x.id)
def test_n2_every_verdict_agrees_with_the_engine_and_the_goal_is_reachable(lesson):
    board = lesson.start()
    verdicts = {s: judge(lesson, board, s) for s in board.legal_moves()}
    right = [s for s, v in verdicts.items() if v.right]
    assert right, "the goal is reachable"
    if lesson.test != "legal":
        assert len(right) < len(verdicts), "some legal move misses the goal: the lesson teaches a choice"
    for square, verdict in verdicts.items():
        assert verdict.right == wanted(lesson, board, square), square_name(square)
        assert verdict.key == f"learn.{lesson.id}.{'right' if verdict.right else 'wrong'}"
    room = Bridge().room(PART)
    room.show(LESSONS.index(lesson) + 1)
    room.tap(square_name(right[0]))
    assert room.over() and lesson.id in room.progress.done


def test_n2_a_taken_square_and_a_square_that_flips_nothing_say_why_in_every_lesson():
    for lesson in LESSONS:
        board = lesson.start()
        taken = next(s for s in range(64) if board.color_at(s) is not None)
        empty = [s for s in range(64) if board.color_at(s) is None and not board.is_legal(s)]
        assert judge(lesson, board, taken).key == "learn.why.taken"
        if empty:
            assert judge(lesson, board, empty[0]).key == "learn.why.no_flip"


def test_n2_a_wrong_tap_changes_nothing_and_says_why_a_right_one_moves_on():
    room = Bridge().room(PART)
    room.show(3)  # flip the most
    cells = room.board.cells()
    wrong = next(s for s in room.board.legal_moves() if not judge(LESSONS[2], room.board, s).right)
    room.tap(square_name(wrong))
    report = room.report()["learn"]["lesson"]
    assert report["phase"] == "wrong" and report["cells"] == cells
    flips = len(changed(room.board, after(room.board, wrong)))
    assert report["words"]["message"].startswith(f"{square_name(wrong)} flips ")
    assert str(flips) in report["words"]["message"]
    room.tap(square_name(next(s for s in room.board.legal_moves() if judge(LESSONS[2], room.board, s).right)))
    report = room.report()["learn"]["lesson"]
    assert report["phase"] == "done" and report["words"]["message"].endswith("Lesson done.")
    assert report["legal"] == []


def test_stable_discs_never_flip_in_random_play_outs():
    """The stable discs the lessons count are truly stable: no play-out flips one."""
    rng = random.Random(7)
    positions = [lesson.start() for lesson in LESSONS]
    positions += [after(b, s) for b in positions for s in b.legal_moves()]
    for board in positions:
        for mover in (BLACK, WHITE):
            p, o = (board.black, board.white) if mover == BLACK else (board.white, board.black)
            fixed = lessons.stable(p, o)
            for _ in range(20):
                game = board.copy()
                while not game.is_game_over():
                    game.play(rng.choice(game.legal_moves()))
                    assert fixed & game.discs(mover) == fixed


def test_n2_the_stable_lesson_counts_the_edge_from_the_corner():
    lesson = next(lesson for lesson in LESSONS if lesson.test == "stable")
    board = lesson.start()
    verdicts = {square_name(s): judge(lesson, board, s) for s in board.legal_moves()}
    right = [s for s, v in verdicts.items() if v.right]
    assert right == ["c1"]
    child = after(board, parse_square("c1"))
    held = {square_name(s) for s in range(64) if lessons.stable(child.black, child.white) >> s & 1}
    assert {"a1", "b1", "c1"} <= held
    assert all(v.values["stable"] < verdicts["c1"].values["stable"] for s, v in verdicts.items() if s != "c1")


@pytest.mark.parametrize("pick", [0, -1])
def test_n2_the_last_lesson_is_won_against_easy_whichever_right_move_is_played(pick):
    lesson = LESSONS[-1]
    assert lesson.test == "finish"
    room = Bridge().room(PART)
    room.show(len(LESSONS))
    first = room.board.copy()
    scores = {s: judge(lesson, first, s) for s in first.legal_moves()}
    assert any(v.right for v in scores.values()) and any(not v.right for v in scores.values())
    wrong = next(s for s, v in scores.items() if not v.right)
    room.tap(square_name(wrong))
    assert room.phase == "wrong" and room.board.cells() == first.cells()
    assert "would let the win slip" in learn.verdict_words(room.verdict)
    for _ in range(40):
        if room.over():
            break
        if room.computer_to_move():
            room.computer_move()
            continue
        right = [s for s in room.board.legal_moves() if judge(lesson, room.board, s).right]
        assert right, "a won position always has a move that keeps the win"
        room.tap(square_name(right[pick]))
    black, white = room.board.counts()
    assert room.board.is_game_over() and black > white and room.over()
    assert lesson.id in room.progress.done
    assert room.report()["learn"]["lesson"]["words"]["message"].startswith(("Good:", "Easy plays"))


def test_n2_every_verdict_is_worded_in_every_language():
    for code in wording.CODES:
        wording.speaking(code)
        for lesson in LESSONS:
            board = lesson.start()
            for square in [*board.legal_moves(), next(s for s in range(64) if board.color_at(s) is not None)]:
                text = learn.verdict_words(judge(lesson, board, square))
                assert text and "{" not in text, (code, lesson.id, text)
    wording.speaking("en")


def test_n1_how_to_play_gives_the_rules_in_the_contract_order_with_the_engine_facts():
    rules = howto.rules()
    assert [r["id"] for r in rules] == ["board", "move", "two_ways", "illegal", "pass", "end", "notation",
                                        "computer", "variants"]
    move = rules[1]
    assert move["picture"]["last"] == "d3" and move["picture"]["flipped"] == ["d4"] and "flips d4" in move["text"]
    assert rules[0]["picture"]["legal"] == ["d3", "c4", "f5", "e6"]
    assert rules[3]["picture"]["cross"] == "c3" and "c3" not in rules[3]["picture"]["legal"]
    end = rules[5]
    black, white = end["picture"]["cells"].count("X"), end["picture"]["cells"].count("O")
    assert white == 0 and f"{black}–0" in end["text"] and f"{64 - black} squares empty" in end["text"]
    for code in wording.CODES:
        wording.speaking(code)
        assert all(r["title"] and r["text"] and "{" not in r["text"] for r in howto.rules())
    wording.speaking("en")


# -- the progress part (N4, P3, P7, P9) ------------------------------------------------------
def test_n4_the_progress_part_round_trips_and_stays_small():
    progress = Progress(set(lessons.IDS), True)
    text = progress.text()
    again, ok = Progress.read(text)
    assert ok and again.done == set(lessons.IDS) and again.invited
    assert len(text) < 400  # P9: beside the history's budget, never a weight in it
    assert json.loads(text)["part"] == PART and json.loads(text)["version"] == 1


@pytest.mark.parametrize("text", [
    "not json", "[]", '{"part": "puzzles", "version": 1, "done": [], "invited": false}',
    '{"part": "learn", "version": 9, "done": [], "invited": false}',
    '{"part": "learn", "version": 1, "done": "corner", "invited": false}',
    '{"part": "learn", "version": 1, "done": [], "invited": "yes"}',
    '{"part": "learn", "version": 1, "invited": true}',
])
def test_p3_a_damaged_progress_part_starts_afresh(text):
    progress, ok = Progress.read(text)
    assert not ok and progress.done == set() and not progress.invited


def test_p3_unknown_lessons_are_dropped_and_the_rest_kept():
    progress, ok = Progress.read('{"part": "learn", "version": 1, "done": ["corner", "x", 3], "invited": true}')
    assert ok and progress.done == {"corner"} and progress.invited


def test_p7_another_tabs_progress_merges_as_a_union():
    mine, theirs = Progress({"corner"}, False), Progress({"pass", "parity"}, True)
    mine.merge(theirs)
    assert mine.done == {"corner", "pass", "parity"} and mine.invited


def load(bridge: Bridge, documents: dict) -> dict:
    return json.loads(bridge.call("load", json.dumps({"documents": documents, "language": "en"})))


def test_n3_a_first_visit_is_invited_once_and_the_invitation_goes_at_the_first_action():
    bridge = Bridge()
    reply = load(bridge, {})
    assert reply["learn"]["invite"]
    stored = reply["save"][PART]["text"]
    assert json.loads(stored)["invited"] is True
    assert json.loads(bridge.call("snapshot"))["learn"]["invite"]  # reading is not acting
    placed = json.loads(bridge.call("place", json.dumps({"square": "d3", "token": reply["token"]})))
    assert not placed["learn"]["invite"]
    assert not load(Bridge(), {PART: stored})["learn"]["invite"]  # once
    saved_game = reply["save"]["game"]["text"]
    assert not load(Bridge(), {"game": saved_game})["learn"]["invite"]  # not a first visit
    other = Bridge()
    load(other, {})
    assert not json.loads(other.call("learn_dismiss"))["learn"]["invite"]  # "Play now"


def test_p3_n4_a_damaged_part_is_named_and_stored_afresh_and_another_tab_merges():
    bridge = Bridge()
    reply = load(bridge, {PART: "{broken"})
    assert any("lesson progress could not be read" in n for n in reply["notices"])
    assert json.loads(reply["save"][PART]["text"])["done"] == []
    theirs = Progress({"corner"}, True).text()
    reply = json.loads(bridge.call("external", json.dumps({"part": PART, "documents": {PART: theirs}})))
    assert reply["learn"]["done"] == 1
    bridge.call("learn_open", json.dumps({"which": 1}))
    reply = json.loads(bridge.call("learn_tap", json.dumps({"square": "d3"})))
    assert json.loads(reply["save"][PART]["text"])["done"] == ["first_flip", "corner"]
    assert reply["save"][PART]["base"] == theirs  # written over what the other tab stored (P7)


def test_n2_lessons_never_touch_the_game_in_play():
    bridge = Bridge()
    reply = load(bridge, {})
    bridge.call("place", json.dumps({"square": "d3", "token": reply["token"]}))
    before = json.loads(bridge.call("snapshot"))
    reply = json.loads(bridge.call("learn_open", json.dumps({"which": "next"})))
    assert reply["paused"] and reply["learn"]["lesson"]["number"] == 1
    reply = json.loads(bridge.call("learn_tap", json.dumps({"square": "f5"})))
    assert reply["learn"]["lesson"]["phase"] == "done"
    reply = json.loads(bridge.call("learn_close"))
    assert reply["learn"]["lesson"] is None
    assert reply["cells"] == before["cells"] and reply["attempt"] == before["attempt"]
    assert reply["stars"] == before["stars"] and reply["history"] == before["history"]
    assert reply["paused"] == before["paused"]
    assert json.loads(bridge.call("learn_rules"))["howto"][0]["id"] == "board"
    with pytest.raises(ValueError):
        bridge.call("learn_open", json.dumps({"which": 99}))


def test_n4_finishing_every_lesson_is_shown():
    room = Bridge().room(PART)
    room.progress.done = set(lessons.IDS[:-1])
    room.show(len(LESSONS) - 1)
    lesson = LESSONS[-2]
    room.tap(square_name(next(s for s in room.board.legal_moves() if judge(lesson, room.board, s).right)))
    assert "learn.all_done" not in room.report()["learn"]["lesson"]["words"]["message"]
    room.progress.done.add(LESSONS[-1].id)
    report = room.report()["learn"]
    assert report["all_done"] and report["progress"] == f"All {len(LESSONS)} lessons done!"
    assert report["lesson"]["words"]["message"].endswith("Time to play!")


def test_n2_a_lesson_and_a_puzzle_are_never_shown_together():
    bridge = Bridge()
    load(bridge, {})
    bridge.call("puzzle_open", json.dumps({"which": 1}))
    reply = json.loads(bridge.call("learn_open", json.dumps({"which": 2})))
    assert reply["puzzle"] is None and reply["learn"]["lesson"]["number"] == 2 and reply["paused"]
    reply = json.loads(bridge.call("puzzle_open", json.dumps({"which": 1})))
    assert reply["learn"]["lesson"] is None and reply["puzzle"]["number"] == 1 and reply["paused"]
    reply = json.loads(bridge.call("puzzle_close"))
    assert not reply["paused"]


@pytest.mark.parametrize("command, params", [
    ("review", {"source": "current"}), ("import_transcript", {"text": "f5d6c3"}),
    ("setup_analyse", {"board": "-" * 27 + "OX------XO" + "-" * 27 + " X"}),
])
def test_n2_a_review_or_a_set_up_analysis_closes_the_lesson(command, params):
    """N2: one room at a time: opening a review (or an imported game, or a set-up
    position's analysis) closes the lesson shown, so the two cards never show together."""
    bridge = Bridge()
    load(bridge, {})
    assert json.loads(bridge.call("learn_open", json.dumps({"which": 3})))["learn"]["lesson"]["number"] == 3
    reply = json.loads(bridge.call(command, json.dumps(params)))
    assert reply["learn"]["lesson"] is None and reply["review"] and reply["paused"]
