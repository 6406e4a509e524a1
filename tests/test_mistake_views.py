"""What the review, the history and the statistics show of the analysed games (N6-N8):
the review's list and move-list marks, Retry from a review or a history row, the
announcement when an analysis ends, and the accuracy trend (N7)."""

from __future__ import annotations

import time

from reversi.app import wording
from reversi.app.mistakes.book import Book
from reversi.app.mistakes.finding import accuracy
from reversi.app.mistakes.views import Trend
from reversi.app.wording.catalog import table
from tests.sessions import Storage, Tab
from tests.test_mistakes import KNOWN, finish_known_game


def marked(review: dict) -> dict[int, tuple[int, str]]:
    """Returns the marked entries of a review's move list: ply -> (discs lost, label)."""
    return {entry["ply"]: (entry["mistake"], entry["label"]) for row in review["move_list"]
            for entry in (row["black"], row["white"]) if entry and "mistake" in entry}


def test_the_review_of_an_analysed_game_lists_and_marks_its_mistakes_and_offers_their_retry():
    tab = Tab(Storage())
    tab.load()
    finished = finish_known_game(tab)
    review = tab.call("review", source="current")["review"]
    listed = review["mistakes"]
    assert [(r["move"], r["played"], r["best"], r["cost"]) for r in listed["rows"]] == [
        (n, played, best, cost) for n, _, played, best, cost in KNOWN]
    assert listed["retry_count"] == len(KNOWN) and listed["retry_label"] == f"Retry your mistakes ({len(KNOWN)})"
    marks = marked(review)
    assert sorted(marks) == [n for n, *_ in KNOWN]
    assert marks[4] == (8, "3. Black a8, mistake: lost 8") and marks[5] == (26, "3. White b7, mistake: lost 26")
    tab.call("close_review")
    # from the history: the same game's review, and its row offers the retry of its mistakes
    row = tab.snap["history"]["rows"][0]
    assert row["retry"] == len(KNOWN) and row["words"]["retry"] == f"Retry your mistakes ({len(KNOWN)})"
    assert "{date}" in row["words"]["retry_date"]
    again = tab.call("review", source="history", index=row["index"])["review"]
    assert marked(again) == marks and again["mistakes"]["game"] == row["game"]
    tab.call("close_review")
    shown = tab.call("mistake_retry", which="next", game=row["game"], today="2026-03-01")["puzzle"]
    assert shown["mistake_game"] == row["game"] and "4" in shown["words"]["title"]
    assert finished["history"]["rows"][0]["game"] == row["game"]


def test_a_review_of_a_game_not_analysed_has_no_mistakes():
    tab = Tab(Storage())
    tab.load()
    tab.call("place", square="f5", token=tab.snap["token"])
    review = tab.call("review", source="current")["review"]
    assert review["record"] is None and "mistakes" not in review and not marked(review)


def test_the_end_of_an_analysis_is_announced_once_in_every_language():
    tab = Tab(Storage())
    tab.load()
    reply = finish_known_game(tab)
    news = reply["mistakes"]["news"]
    assert news.startswith(f"Analysis done: {len(KNOWN)} mistakes · Accuracy: Black ")
    assert tab.call("snapshot")["mistakes"]["news"] == ""
    for code in wording.CODES:  # worded in all eight languages (the wording tests check each key's placeholders)
        assert "mistakes.done" in table(code) and "trend.title" in table(code)


def _games(count: int, level: str = "hard", variant: str = "standard", loss: float = 0.0, day: int = 1) -> Book:
    book = Book()
    for n in range(count):
        book.add_game(f"2026-01-{day:02d}T10:{n // 60:02d}:{n % 60:02d}Z#{n + 1}", {"black": loss}, [],
                      about={"level": level, "variant": variant})
    return book


def test_the_trend_averages_the_last_10_50_and_all_games_per_level_and_variant():
    book = _games(60, loss=3.0)  # accuracy 50 each
    for n in range(10):  # the newest ten: no loss, accuracy 100, at another level and the anti rules
        book.add_game(f"2026-02-01T10:00:{n:02d}Z#{n + 1}", {"black": 0.0}, [],
                      about={"level": "easy", "variant": "anti"})
    book.add_game("2026-02-02T10:00:00Z#1", {"black": 0.0, "white": 3.0}, [], about={"level": "local",
                                                                                        "variant": "standard"})
    trend = Trend()
    report = trend.report(book)
    assert report is not None and report["head"][1:] == ["Last 10", "Last 50", "All", "Analysed"]
    rows = {row["label"]: row["values"] for row in report["rows"]}
    # the newest: the two players' game (75), the ten at 100, then the 60 at 50
    assert rows["All games"] == [str(round((75 + 9 * 100) / 10)), str(round((75 + 10 * 100 + 39 * 50) / 50)),
                                 str(round((75 + 10 * 100 + 60 * 50) / 71)), "71"]
    assert rows["Hard"] == ["50", "50", "50", "60"]
    assert list(rows)[0] == "All games" and rows["Two players"] == ["75", "75", "75", "1"]
    assert [label for label in rows if "·" in label] == [[lbl for lbl in rows if lbl.startswith("Easy")][0]]
    assert accuracy(3.0) == 50


def test_the_trend_of_10000_games_is_cheap_and_counted_again_only_after_a_change():
    book = _games(10_000, loss=1.0)
    trend = Trend()
    start = time.perf_counter()
    first = trend.report(book)
    assert time.perf_counter() - start < 1.0
    groups = trend.groups(book)
    start = time.perf_counter()
    for _ in range(100):  # every reply: only the words are made again
        trend.report(book)
    assert time.perf_counter() - start < 0.2 and trend.groups(book) is groups
    book.add_game("2027-01-01T00:00:00Z#1", {"black": 0.0}, [], about={"level": "hard", "variant": "standard"})
    assert trend.groups(book) is not groups and first is not None


def test_the_games_level_and_variant_are_kept_and_checked_on_load():
    book = _games(2)
    text = book.text()
    again, whole = Book.read(text)
    assert whole and again.games == book.games
    damaged = text.replace('"level":"hard"', '"level":7', 1)
    kept, whole = Book.read(damaged)
    assert not whole and len(kept.games) == 1
