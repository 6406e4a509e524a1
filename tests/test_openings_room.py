"""Openings (K2-K6): the explorer against the book file, the lines to learn counted the
slow way, the trainer's verdicts, SM-2's dates, and the part's merge, damage and shedding
(P3, P7, P9), through the bridge as the page drives it."""

from __future__ import annotations

import json
import random

import pytest

from reversi.app.openings.deck import Card, Deck, add_days, review
from reversi.app.openings.trainer import oriented
from reversi.engine import book_lines, openings
from reversi.engine.bitboard import squares
from reversi.engine.board import Board
from reversi.engine.book import canonical, standard_book
from reversi.engine.notation import format_transcript, parse_square, square_name
from tests.sessions import Clock, Storage, Tab, squares_of

TODAY = "2026-12-07"


def tab(storage: Storage | None = None, name: str = "tab") -> Tab:
    page = Tab(storage if storage is not None else Storage(), name, clock=Clock())
    page.load()
    return page


def call(page: Tab, method: str, **params) -> dict:
    reply = page.call(method, today=params.pop("today", TODAY), **params)
    assert "error" not in reply, reply.get("error")
    return reply


def board_of(moves: str) -> Board:
    board = Board()
    board.play_transcript(moves)
    return board


# -- the book as a tree (K2, K3) -------------------------------------------------------
def test_k2_every_height_is_one_more_than_its_highest_book_child():
    """The shipped heights hold locally on 3,000 positions (and so everywhere, by induction
    over the book): a position's height is 1 + its highest child's in the book, 0 without one."""
    book, heights = standard_book(), book_lines.standard_heights()
    assert heights.keys() == book.values.keys()
    for key in random.Random(1).sample(sorted(book.values), 3_000):
        p, o = key >> 64, key & ((1 << 64) - 1)
        children = [canonical(*book_lines.child(p, o, s)) for s in squares(book_lines.moves_mask(p, o))]
        below = [heights[k] for k in children if k in book.values]
        assert heights[key] == (1 + max(below) if below else 0)


def test_k2_the_heights_file_refuses_another_book():
    book, data = standard_book(), book_lines.BOOK_FILE.read_bytes()
    heights = book_lines.DATA_FILE.read_bytes()
    with pytest.raises(ValueError, match="another book"):
        book_lines.decode(heights, book, data + b"x")
    with pytest.raises(ValueError, match="not a book heights file"):
        book_lines.decode(b"junk", book, data)


def slow_count(board: Board, plies: int) -> int:
    """Counts the good lines by walking every one of them (no memo, no symmetry)."""
    if plies == 0:
        return 1
    p, o = board.mover_mask()
    total = 0
    for square in book_lines.good_moves(standard_book(), p, o):
        board.play(square)
        total += slow_count(board, plies - 1)
        board.unplay()
    return total


@pytest.mark.parametrize("title", ["Tiger", "Heath-Bat", "Rose-Bill", "Cow Bat/Bat/Cambridge"])
def test_k3_the_lines_to_learn_match_a_count_made_the_slow_way(title):
    moves = next(m for m, t in openings.read() if t == title)
    board = Board()
    for square in moves:
        board.play(square)
    for depth in (10, 12):
        fast = book_lines.count_lines(standard_book(), *board.mover_mask(), depth - len(moves))
        assert fast == slow_count(board.copy(), depth - len(moves)) and fast > 0


# -- the explorer (K2) ------------------------------------------------------------------
def test_k2_the_explorer_lists_the_book_moves_with_values_names_and_depths_from_the_book_file():
    page = tab()
    reply = call(page, "openings_explore")
    for square in ("f5", "d6", "c3", "d3"):
        reply = call(page, "openings_play", square=square)
    explore = reply["openings"]["explore"]
    assert explore["path"] == "f5d6c3d3" and reply["openings"]["board"]["turn"] == 0
    board, book = board_of("f5d6c3d3"), standard_book()
    p, o = board.mover_mask()
    expected = {square_name(s): -book.values[canonical(*book_lines.child(p, o, s))] for s in board.legal_moves()
                if canonical(*book_lines.child(p, o, s)) in book.values}
    rows = explore["moves"]
    assert {r["square"]: r["value"] for r in rows} == expected and expected
    assert [r["value"] for r in rows] == sorted(expected.values(), reverse=True)
    for row in rows:
        child = book_lines.child(p, o, parse_square(row["square"]))
        assert row["depth"] == 1 + book_lines.height(*child)
        assert row["name"] == openings.name([parse_square(s) for s in ("f5", "d6", "c3", "d3", row["square"])])
        assert row["square"] in row["label"] and str(row["depth"]) in row["label"]
    assert any(r["name"] == "Tiger" for r in rows)  # f5d6c3d3c4
    assert explore["train_line"] == {"kind": "moves", "name": "", "moves": "f5d6c3d3", "depth": 12, "side": "black"}
    trained = call(page, "trainer_start", **explore["train_line"])["openings"]["train"]
    assert trained["phase"] == "answer" and trained["target"] == 12
    reply = call(page, "openings_explore", game="f5d6c3d3")
    back = call(page, "openings_back")
    assert back["openings"]["explore"]["path"] == "f5d6c3" and back["openings"]["explore"]["ahead"] == 1
    assert call(page, "openings_back", to=0)["openings"]["explore"]["path"] == ""
    assert call(page, "openings_forward")["openings"]["explore"]["path"] == "f5"
    assert call(page, "openings_forward", end=True)["openings"]["explore"]["path"] == "f5d6c3d3"
    call(page, "openings_back", to=1)
    assert call(page, "openings_play", square="f6")["openings"]["explore"]["ahead"] == 0  # a new branch


def test_k2_off_the_book_the_explorer_says_so_and_offers_the_hints_values():
    page = tab()
    call(page, "openings_explore")
    for square in ("f5", "f4", "e3", "f6", "d3", "c5", "g6"):
        reply = call(page, "openings_play", square=square)
        if not reply["openings"]["explore"]["moves"]:
            break
    explore = reply["openings"]["explore"]
    assert explore["moves"] == [] and explore["note"] and explore["can_value"] and explore["values"] is None
    valued = call(page, "openings_values")["openings"]["explore"]["values"]
    legal = board_of(explore["path"]).legal_moves()
    assert sorted(v["square"] for v in valued) == sorted(square_name(s) for s in legal)


def test_k2_the_explorer_opens_at_the_game_or_the_reviewed_position_and_a_variant_gets_the_standard_book():
    page = tab()
    call(page, "place", square="f5", token=page.snap["token"])
    game = page.snap["transcript"]
    assert call(page, "openings_explore")["openings"]["explore"]["path"] == game
    assert call(page, "openings_explore", game="f5d6c3d3", ply=3)["openings"]["explore"]["path"] == "f5d6c3"
    anti = call(page, "openings_explore", game="anti:f5")["openings"]["explore"]
    assert anti["path"] == "" and "standard" in anti["note"] and anti["moves"]
    assert call(page, "openings_close")["openings"] is None


# -- the trainer (K4) -------------------------------------------------------------------
def play_line(page: Tab, reply: dict, wrong_at: int | None = None, prefix: list[int] | None = None) -> dict:
    """Answers every move of a line with ``prefix``'s move, then the book's best (one wrong
    answer at ply ``wrong_at``), letting the computer reply, to the line's end."""
    prefix = prefix or []
    for _ in range(80):
        train = reply["openings"]["train"]
        if train["phase"] == "done":
            return reply
        if train["phase"] == "reply":
            reply = call(page, "trainer_reply")
            continue
        board = board_of(train["transcript"])
        p, o = board.mover_mask()
        good = book_lines.good_moves(standard_book(), p, o)
        if train["phase"] == "wrong":
            reply = call(page, "trainer_tap", square=train["right"])
            continue
        if wrong_at is not None and train["ply"] == wrong_at:
            bad = [s for s in board.legal_moves() if s not in good]
            reply = call(page, "trainer_tap", square=square_name(bad[0]))
            wrong_at = None
            continue
        best = max(good, key=lambda s: good[s]) if train["ply"] >= len(prefix) else prefix[train["ply"]]
        reply = call(page, "trainer_tap", square=square_name(best))
    raise AssertionError("the line never ended")


def tiger() -> list[int]:
    return oriented(list(next(m for m, t in openings.read() if t == "Tiger")))


def test_k4_a_named_openings_line_runs_to_its_depth_and_a_wrong_answer_is_shown_then_put_right():
    page = tab()
    call(page, "trainer_open")
    reply = call(page, "trainer_start", kind="opening", name="Tiger", depth=10, side="black")
    train = reply["openings"]["train"]
    assert train["phase"] == "answer" and train["title"] == "Tiger"
    reply = call(page, "trainer_tap", square="f5")
    reply = call(page, "trainer_reply")
    assert reply["openings"]["train"]["transcript"] == "f5d6"  # the Tiger's own move
    reply = call(page, "trainer_tap", square="c5")  # legal, not the Tiger's c3
    train = reply["openings"]["train"]
    assert train["phase"] == "wrong" and train["right"] == "c3" and "c5" in train["task"]
    assert "c3 (+2): Tiger" in train["task"] and train["transcript"] == "f5d6" and "c3" in train["message"]
    assert reply["openings"]["board"]["hints"]["values"]["c3"]["best"]
    reply = call(page, "trainer_tap", square="c3")
    assert reply["openings"]["train"]["phase"] == "reply"
    reply = play_line(page, reply, prefix=tiger())
    train = reply["openings"]["train"]
    assert train["ply"] == 10 and train["transcript"].startswith("f5d6c3d3c4")
    assert openings.name(squares_of(train["transcript"])) in train["task"]
    deck = Deck.read(page.storage["openings"])[0]
    card = deck.cards[f"black:{train['transcript']}"]
    assert card.due == TODAY and card.lapses == 1 and card.reps == 0  # missed: back today (K5)


def test_k4_a_line_answered_right_is_due_tomorrow_and_an_image_of_the_first_move_is_right():
    page = tab()
    reply = call(page, "trainer_start", kind="main", depth=8, side="black")
    reply = call(page, "trainer_tap", square="c4")  # an image of f5: the line turns to it
    assert reply["openings"]["train"]["phase"] == "reply"
    for _ in range(20):
        train = reply["openings"]["train"]
        if train["phase"] == "done":
            break
        if train["phase"] == "reply":
            reply = call(page, "trainer_reply")
            continue
        p, o = board_of(train["transcript"]).mover_mask()
        good = book_lines.good_moves(standard_book(), p, o)
        reply = call(page, "trainer_tap", square=square_name(max(good, key=good.get)))
    train = reply["openings"]["train"]
    assert train["phase"] == "done" and train["transcript"].startswith("c4") and train["ply"] == 8
    stored = Deck.read(page.storage["openings"])[0]
    (card,) = stored.cards.values()
    assert card.moves.startswith("f5") and card.due == add_days(TODAY, 1) and "1 day" in train["message"]


def test_k4_as_white_the_computer_opens_and_only_good_book_moves_are_played():
    page = tab()
    reply = call(page, "trainer_start", kind="main", depth=6, side="white")
    assert reply["openings"]["train"]["phase"] == "reply"
    seen = set()
    for _ in range(6):
        reply = call(page, "trainer_start", kind="main", depth=6, side="white")
        reply = call(page, "trainer_reply")
        train = reply["openings"]["train"]
        assert train["phase"] == "answer" and train["ply"] == 1
        seen.add(train["transcript"])
    assert seen <= {"f5", "d3", "c4", "e6"}


def test_k5_due_today_replays_the_due_line_and_a_move_list_drill_refuses_a_bad_list():
    page = tab()
    reply = call(page, "trainer_start", kind="moves", moves="f5d6c3", depth=6, side="black")
    reply = play_line(page, reply, wrong_at=4, prefix=squares_of("f5d6c3"))
    line = reply["openings"]["train"]["transcript"]
    assert line.startswith("f5d6c3") and reply["openings"]["train"]["due"] == 1
    reply = call(page, "trainer_start", kind="due", depth=6, side="black")
    stored = Deck.read(page.storage["openings"])[0]
    assert reply["openings"]["train"]["title"] == next(iter(stored.cards.values())).opening != ""
    reply = call(page, "trainer_tap", square="f5")
    reply = call(page, "trainer_reply")
    assert line.startswith(reply["openings"]["train"]["transcript"])
    with pytest.raises(ValueError, match="f5"):
        page.call("trainer_start", kind="moves", moves="f5f5", depth=6, side="black", today=TODAY)


# -- the schedule (K5) -----------------------------------------------------------------
def test_k5_sm2_dates_grow_1_6_then_by_the_ease_and_a_miss_starts_again():
    card = Card("f5d6", "black")
    review(card, 5, "2026-01-01")
    assert (card.due, card.interval, card.ease) == ("2026-01-02", 1, 2.6)
    review(card, 4, "2026-01-02")
    assert (card.due, card.interval, card.ease, card.learnt) == ("2026-01-08", 6, 2.6, True)
    review(card, 4, "2026-01-08")
    assert (card.due, card.interval) == ("2026-01-24", 16)  # round(6 × 2.6)
    review(card, 2, "2026-01-24")
    assert (card.due, card.reps, card.lapses, card.ease, card.learnt) == ("2026-01-24", 0, 1, 2.28, False)
    for _ in range(20):
        review(card, 0, "2026-01-24")
    assert card.ease == 1.3


def test_k5_the_choice_shows_lines_learnt_and_due_per_opening():
    page = tab()
    reply = call(page, "trainer_start", kind="opening", name="Tiger", depth=8, side="black")
    play_line(page, reply, prefix=tiger())
    choice = call(page, "trainer_open")["openings"]["train"]
    (row,) = choice["stats"]["rows"]
    assert row["label"] == "Tiger" and row["values"] == ["0", "0", "1"]
    later = call(page, "trainer_open", today=add_days(TODAY, 1))["openings"]["train"]
    assert later["stats"]["rows"][0]["values"] == ["0", "1", "1"] and later["due"] == 1
    assert any(o["id"] == "Tiger" and "lines to learn at 8 plies" in o["label"] for o in choice["openings"])


# -- the part (K6: P3, P7, P9) -----------------------------------------------------------
def test_k6_the_part_is_kept_across_reloads_and_merged_from_another_tab():
    storage = Storage()
    one, two = tab(storage, "one"), tab(storage, "two")
    play_line(one, call(one, "trainer_start", kind="opening", name="Tiger", depth=8, side="black"), prefix=tiger())
    heath = oriented(list(next(m for m, t in openings.read() if t == "Heath-Bat")))
    play_line(two, call(two, "trainer_start", kind="opening", name="Heath-Bat", depth=8, side="white"), prefix=heath)
    merged = Deck.read(storage["openings"])[0]
    assert len(merged.cards) == 2
    again = tab(storage, "three")
    stats = call(again, "trainer_open")["openings"]["train"]["stats"]["rows"]
    assert sorted(r["label"] for r in stats) == ["Heath-Bat", "Tiger"]


def test_k6_a_later_review_wins_a_merge():
    mine, theirs = Deck(), Deck()
    review(mine.card("f5d6", "black"), 5, "2026-01-01")
    card = theirs.card("f5d6", "black")
    review(card, 5, "2026-01-01")
    review(card, 5, "2026-01-02")
    mine.merge(theirs)
    assert mine.cards["black:f5d6"].reps == 2
    theirs.merge(Deck.read(Deck().text())[0])
    assert theirs.cards["black:f5d6"].reps == 2


def test_k6_p3_a_damaged_line_is_dropped_and_named_the_rest_kept():
    deck = Deck()
    review(deck.card("f5d6c3", "black"), 5, TODAY)
    review(deck.card("f5f6", "white"), 5, TODAY)
    data = json.loads(deck.text())
    data["lines"][0]["moves"] = "f5f5"
    storage = Storage(openings=json.dumps(data))
    page = Tab(storage, clock=Clock())
    reply = page.load()
    assert any("opening lines" in n for n in reply["notices"])
    rows = call(page, "trainer_open")["openings"]["train"]["stats"]["rows"]
    assert sum(int(r["values"][2]) for r in rows) == 1
    assert Deck.read("not json") == (Deck(), False)
    assert Deck.read(None) == (Deck(), True)


def test_k6_p9_the_part_sheds_the_lines_reviewed_longest_ago():
    deck = Deck()
    board = Board()
    rng = random.Random(3)
    for n in range(400):
        board = Board()
        for _ in range(12):
            board.play(rng.choice(board.legal_moves()))
        review(deck.card(format_transcript(oriented(board.placements())), "black"), 5,
               add_days("2026-01-01", n % 300))
    size = len(deck.text())
    newest = max(c.last for c in deck.cards.values())
    deck.shed(size // 2)
    assert len(deck.text()) <= size // 2 and any(c.last == newest for c in deck.cards.values())
    assert min(c.last for c in deck.cards.values()) > "2026-01-01"
