"""Puzzles: the shipped set and its proofs, the grading, the rating, the daily
puzzle, the Puzzles mode through the bridge, and its saved progress."""

from __future__ import annotations

import json
import random

import pytest

from reversi.app import puzzle_mode as room
from reversi.app.house import day
from reversi.engine import puzzle_proofs
from reversi.engine import puzzle_set as puzzles
from reversi.engine.board import Board
from reversi.engine.notation import parse_board
from tests.sessions import Storage, Tab

SET = puzzles.puzzle_set()


def test_the_set_names_how_it_was_made_and_fits_the_wheel():
    lines = puzzles.DATA_FILE.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# reversi-puzzles 1"
    made = json.loads(lines[1][2:])
    assert made["command"].startswith("python3 bench/puzzles.py") and "seed" in made
    assert len(SET) == made["count"] >= 1000
    assert puzzles.DATA_FILE.stat().st_size <= 300_000
    assert {p.level for p in SET} == set(range(1, puzzles.LEVELS + 1))
    assert all(8 <= p.empties <= 24 for p in SET)
    assert [p.number for p in SET] == list(range(1, len(SET) + 1))


@pytest.mark.parametrize("puzzle", random.Random(23).sample(SET, 12), ids=lambda p: f"puzzle-{p.number}")
def test_a_sample_of_the_answers_is_proved_again_by_the_solver(puzzle):
    """Every legal move and its exact score are as the set says; the answer is clearly best."""
    assert puzzle_proofs.prove(puzzle)
    values = sorted((v for _, v in puzzle.scores), reverse=True)
    assert puzzle.value == values[0]
    assert values[0] > 0 >= values[1] if puzzle.kind == "win" else values[0] - values[1] >= puzzles.MARGIN


def test_kinds_and_levels():
    assert puzzles.kind_of([6, -2, -4]) == "win"
    assert puzzles.kind_of([10, 6]) == "best"
    assert puzzles.kind_of([10, 8]) is None and puzzles.kind_of([4]) is None
    assert puzzles.kind_of([0, -6]) == "best" and puzzles.kind_of([2, 2]) is None
    assert puzzles.kind_of([-10, -20]) == "best" and puzzles.kind_of([-12, -30]) is None
    records = [{"board": f"{'-' * 63}X X", "kind": "best", "hardness": h, "scores": {"a1": 4, "b1": 0}}
               for h in range(10)]
    for i, record in enumerate(records):
        record["board"] = f"{'-' * i}X{'-' * (63 - i)} X"
    levels = [int(line.split()[1]) for line in puzzles.write_set(records, {}).splitlines()[2:]]
    assert sorted(levels) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_a_tempting_wrong_move_makes_a_puzzle_harder():
    """The same position graded twice: once with its real answer, once pretending a
    move the shallow search dislikes is the answer (more tempting moves, a larger gap)."""
    puzzle = SET[0]
    board = Board(*parse_board(puzzle.board))
    shallow = puzzle_proofs.shallow_values(board)
    liked, disliked = max(shallow, key=shallow.get), min(shallow, key=shallow.get)
    easy = puzzle_proofs.hardness(board, {liked: 10, disliked: 0})
    assert easy < puzzle_proofs.hardness(board, {liked: 0, disliked: 10})


def test_the_rating_moves_by_elo_once_per_result_and_keeps_its_history():
    progress = room.Progress()
    progress.rate(3, True, "2026-12-02")
    up = progress.rating
    assert up == pytest.approx(room.START + room.K * (1 - room.expected(room.START, 1300)))
    progress.rate(5, False, "2026-12-02")
    assert progress.rating < up and progress.streak == 0 and progress.best_streak == 1
    assert [r for _, r in progress.ratings] == [round(up), round(progress.rating)]
    assert room.expected(1200, 1200) == pytest.approx(0.5)


def test_the_daily_puzzle_is_the_same_for_a_date_and_changes_with_it():
    assert room.daily_number("2026-12-02", len(SET)) == room.daily_number("2026-12-02", len(SET))
    days = {room.daily_number(f"2026-01-{d:02d}", len(SET)) for d in range(1, 31)}
    assert len(days) > 25 and all(1 <= n <= len(SET) for n in days)
    assert day("2026-12-02") == "2026-12-02" and len(day("yesterday")) == 10


def puzzle_tab(storage: Storage | None = None) -> Tab:
    tab = Tab(storage if storage is not None else Storage())
    tab.load()
    return tab


def wrong_move(report: dict) -> str:
    number = report["number"]
    answer = SET[number - 1].answer
    return next(square for square in report["legal"] if square != answer)


def test_solve_one_fail_one_retry_and_show_the_answer_without_touching_the_game():
    """The flow of the Puzzles mode; the game in play, its attempt and stars stay as they were."""
    tab = puzzle_tab()
    game_before = {k: tab.snap[k] for k in ("transcript", "stars", "token")}
    report = tab.call("puzzle_open", which="next", today="2026-12-02")["puzzle"]
    puzzle = SET[report["number"] - 1]
    assert report["phase"] == "solving" and report["words"]["task"].startswith(("Black", "White"))
    report = tab.call("puzzle_tap", square=puzzle.answer, today="2026-12-02")["puzzle"]
    assert report["phase"] == "right" and puzzle.answer in report["words"]["message"]
    assert report["progress"]["solved"] == 1 and report["progress"]["rating"] > room.START
    rating = report["progress"]["rating"]
    report = tab.call("puzzle_open", which="next")["puzzle"]
    assert report["number"] != puzzle.number
    wrong = wrong_move(report)
    report = tab.call("puzzle_tap", square=wrong)["puzzle"]
    assert report["phase"] == "wrong" and wrong in report["words"]["message"]
    assert " disc" in report["words"]["message"] or "draw" in report["words"]["message"]
    assert report["progress"]["rating"] < rating and report["progress"]["streak"] == 0
    after_miss = report["progress"]["rating"]
    report = tab.call("puzzle_retry")["puzzle"]
    assert report["phase"] == "solving" and report["legal"]
    report = tab.call("puzzle_answer")["puzzle"]
    assert report["phase"] == "shown" and report["answer"] and report["progress"]["rating"] == after_miss
    report = tab.call("puzzle_play_out")["puzzle"]
    while report["phase"] == "playing":
        report = (tab.call("puzzle_computer") if report["computer_to_move"] else
                  tab.call("puzzle_tap", square=report["legal"][0]))["puzzle"]
    assert report["phase"] == "over" and "wins" in report["words"]["message"] or "draw" in report["words"]["message"]
    assert tab.call("puzzle_close")["puzzle"] is None
    assert {k: tab.snap[k] for k in ("transcript", "stars")} == {k: game_before[k] for k in ("transcript", "stars")}


def test_the_daily_puzzle_counts_for_its_date():
    tab = puzzle_tab()
    report = tab.call("puzzle_open", which="daily", today="2026-12-02")["puzzle"]
    assert report["daily"] and report["number"] == room.daily_number("2026-12-02", len(SET))
    assert not report["progress"]["daily_done"]
    report = tab.call("puzzle_tap", square=SET[report["number"] - 1].answer, today="2026-12-02")["puzzle"]
    assert report["progress"]["daily_done"] and "solved" in report["progress"]["words"]["daily"]


def test_progress_is_saved_resumed_merged_across_tabs_and_a_damaged_part_is_refused():
    """P1, P3, P7: its own part; a reload finds it; two tabs' solved puzzles merge."""
    storage = Storage()
    one, two = puzzle_tab(storage), Tab(storage, "two")
    two.load()
    report = one.call("puzzle_open", which=1)["puzzle"]
    one.call("puzzle_tap", square=SET[0].answer)
    assert json.loads(storage["puzzles"])["solved"] == [1]
    two.call("puzzle_open", which=2)
    two.deliver()
    two.call("puzzle_tap", square=SET[1].answer)
    assert json.loads(storage["puzzles"])["solved"] == [1, 2]
    resumed = Tab(storage, "three").load()
    assert resumed["puzzle"] is None
    assert Tab(storage, "four").call("load", documents=storage.documents())["notices"] == []
    storage["puzzles"] = '{"part": "puzzles", "rating": "high"}'
    reply = Tab(storage, "five").load()
    assert any("puzzle progress" in notice for notice in reply["notices"])
    assert report["progress"]["solved"] == 0
