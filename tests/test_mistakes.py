"""Learn from your own games (N6-N8): the person's mistakes in a finished game, found
exactly by the solver near the end and marked as estimates earlier; the accuracy
formula; the saved part's merge, damage and shedding (P3, P7, P9); and the room
through the bridge (analysis steps, the result card's list, the retry as a puzzle)."""

from __future__ import annotations

import json

from reversi.app.mistakes import book as mistake_book
from reversi.app.mistakes.book import Book
from reversi.app.mistakes.finding import MISTAKES, Mistake, Work, accuracy
from reversi.engine.board import Board
from reversi.engine.endgame import solve
from reversi.engine.notation import parse_board, parse_square, parse_transcript, square_name
from reversi.engine.search import Search
from tests.sessions import Storage, Tab

#: A game from a set-up position with 13 empty squares, White to move, played at random
#: (seed 11): every placement is at 8-13 empty squares, so every value is exact.
START = "O-X---O-XXXX-O--XXXXOX-OXXXOXO-OXXXXXOOOXXXXOOOOO-XOOOOO--OOOOOO O"
MOVES = "g3g4b1a8b7e2e1b8g2d1f1h1h2"
#: What the solver says of it: (move number, side, played, best, discs lost).
KNOWN = [(4, "black", "a8", "d1", 8.0), (5, "white", "b7", "e2", 26.0), (7, "white", "e1", "f1", 6.0),
         (8, "black", "b8", "d1", 16.0)]


def squares(transcript: str) -> list[int]:
    return [s for s, _ in parse_transcript(transcript)]


def finished(work: Work) -> Work:
    while not work.done:
        work.step()
    return work


def solver_losses() -> list[tuple[int, str, str, float]]:
    """Returns every placement's loss by the solver alone (best value minus the played move's)."""
    board, out = Board(*parse_board(START)), []
    for number, square in enumerate(squares(MOVES), 1):
        p, o = board.mover_mask()
        children = {s: (a, b) for s, a, b in Search().children(p, o)}
        values = {s: -solve(*child)[0] for s, child in children.items()}
        out.append((number, "black" if board.turn == 0 else "white", square_name(square),
                    float(max(values.values()) - values[square])))
        board.play(square)
    return out


def test_a_game_with_known_mistakes_finds_exactly_those_with_the_solvers_values():
    """N6: every placement of both players in a two-player game at 8-13 empties; exact."""
    work = finished(Work("g", squares(MOVES), parse_board(START), "standard", (0, 1)))
    found = [(m.move, m.side, m.played, m.best, m.cost) for m in work.found]
    assert found == KNOWN
    assert all(m.exact for m in work.found)
    by_solver = solver_losses()
    assert [(n, side, played, loss) for n, side, played, loss in by_solver if loss >= MISTAKES.threshold(True)] == [
        (n, side, played, cost) for n, side, played, _, cost in KNOWN]
    for m in work.found:  # the best move is one the solver values as the best, and its value
        board = Board(*parse_board(m.board))
        assert solve(*board.mover_mask())[0] == m.value
    # N7: the averages are the solver's losses, per colour
    for side in ("black", "white"):
        theirs = [loss for _, s, _, loss in by_solver if s == side]
        assert work.average_losses()[side] == round(sum(theirs) / len(theirs), 2)


def test_only_the_persons_placements_count_in_a_computer_game():
    """N6: against the computer only the person's side is analysed."""
    work = finished(Work("g", squares(MOVES), parse_board(START), "standard", (1,)))
    assert [m.move for m in work.found] == [5, 7]
    assert set(work.average_losses()) == {"white"}
    assert work.progress() == {"game": "g", "done": work.total, "total": work.total}


def test_an_earlier_position_is_an_estimate_with_the_higher_threshold():
    """N6: past the solver's reach the loss is estimated by Hard's search and marked as one."""
    board = Board.replay("f5d6c3d3c4f4f6f3e6e7")  # g2 beside an empty corner: a big loss
    assert 64 - sum(board.counts()) > MISTAKES.exact_empties
    work = finished(Work("g", [parse_square("g2")], (board.black, board.white, board.turn), "standard", (0,)))
    [mistake] = work.found
    assert (mistake.move, mistake.played, mistake.exact) == (1, "g2", False)
    assert mistake.cost >= MISTAKES.threshold(False) > MISTAKES.threshold(True)
    assert mistake.best != "g2"


def test_accuracy_formula():
    """N7: 100 * 2 ** (-average loss / 3), rounded; the same at every level."""
    assert accuracy(0) == 100
    assert accuracy(1) == round(100 * 2 ** (-1 / 3)) == 79
    assert accuracy(3) == 50
    assert accuracy(6) == 25
    assert accuracy(-1) == 100


# -- the saved part (N8, P3, P7, P9) --------------------------------------------------
_FOUND: list[Mistake] = []


def found() -> list[Mistake]:
    """Returns the known game's mistakes (found once)."""
    if not _FOUND:
        _FOUND.extend(finished(Work("g", squares(MOVES), parse_board(START), "standard", (0, 1))).found)
    return _FOUND


def _book(game: str = "2026-01-01T10:00:00Z#1", moves: int = 2) -> Book:
    book = Book()
    book.add_game(game, {"black": 3.5, "white": 4.0}, found()[:moves])
    return book


def test_a_retry_solved_on_two_days_leaves_the_list_and_stays_gone_after_a_merge():
    book = _book()
    first = book.to_retry()[0]["id"]
    assert not book.solved(first, "2026-01-02")
    assert not book.solved(first, "2026-01-02")  # the same day again does not count
    old = Book.read(book.text())[0]
    assert book.solved(first, "2026-01-03")
    assert first not in {i["id"] for i in book.to_retry()}
    old.merge(book)  # another tab that had it solved once
    assert first not in {i["id"] for i in old.to_retry()}
    book.merge(Book.read(_book().text())[0])  # an older copy does not bring it back
    assert first not in {i["id"] for i in book.to_retry()}


def test_two_tabs_solving_once_each_on_different_days_retire_the_mistake():
    a, b = _book(), _book()
    position = a.to_retry()[0]["id"]
    a.solved(position, "2026-01-02")
    b.solved(position, "2026-01-05")
    a.merge(b)
    assert position not in {i["id"] for i in a.to_retry()}
    c = _book("2026-02-01T10:00:00Z#2", 1)
    a.merge(c)
    assert set(a.games) == {"2026-01-01T10:00:00Z#1", "2026-02-01T10:00:00Z#2"}


def test_a_damaged_part_keeps_what_is_valid():
    """P3: a damaged item or game is dropped and named; the rest is kept; junk starts afresh."""
    data = json.loads(_book().text())
    data["items"][0]["played"] = "z9"
    data["games"]["bad"] = {"loss": {"black": "x"}, "list": []}
    data["games"]["worse"] = {"loss": {}, "list": [[0, "black", "a1", "b1", 4, True]]}
    book, whole = Book.read(json.dumps(data))
    assert not whole and len(book.items) == 1 and list(book.games) == ["2026-01-01T10:00:00Z#1"]
    for junk in ("{", "[]", json.dumps({**data, "version": 9}), json.dumps({**data, "items": 3})):
        book, whole = Book.read(junk)
        assert not whole and not book.items
    assert Book.read(None)[1] and not Book.read(None)[0].items
    assert Book.read(_book().text())[1]


def test_the_part_sheds_the_oldest_games_first():
    """P9: under its room the oldest games give up their accuracy and mistakes first."""
    book = Book()
    for n in range(1, 40):
        game = f"2026-01-{n:02d}T10:00:00Z#{n}" if n < 32 else f"2026-02-{n - 31:02d}T10:00:00Z#{n}"
        book.add_game(game, {"black": 1.0}, found()[:1] if n == 1 else [])
    size = len(book.text())
    assert not book.shed(size)
    assert book.shed(size - 200)
    assert "2026-01-01T10:00:00Z#1" not in book.games and not book.items
    assert "2026-02-08T10:00:00Z#39" in book.games
    assert len(book.text()) <= size - 200
    assert book.shed(0) and not book.games
    assert len(mistake_book.tag("x")) == 12


# -- through the bridge (N6-N8, P3, P7) ------------------------------------------------------
def finish_known_game(tab: Tab) -> dict:
    """Plays the known game between two players from its set-up position, analyses it."""
    tab.call("setup_play", board=START, mode="local")
    for square in [MOVES[i:i + 2] for i in range(0, len(MOVES), 2)]:
        tab.call("place", square=square, token=tab.snap["token"])
    reply = tab.snap
    assert reply["result_card"] and reply["mistakes"]["due"]
    while reply["mistakes"]["due"]:
        reply = tab.call("mistakes_step")
    return reply


def test_the_bridge_lists_the_games_mistakes_and_retries_one_as_a_puzzle():
    storage = Storage()
    tab = Tab(storage)
    tab.load()
    reply = finish_known_game(tab)
    card = reply["mistakes"]["card"]
    assert [(r["move"], r["played"], r["best"], r["cost"]) for r in card["rows"]] == [
        (n, played, best, cost) for n, _, played, best, cost in KNOWN]
    assert card["accuracy"] and "mistakes" in storage
    row = reply["history"]["rows"][0]
    assert row["mistakes"] == len(KNOWN) and row["words"]["mistakes"]
    assert [m["move"] for m in tab.call("mistakes_list")["mistake_list"]] == [4, 5, 7, 8]
    # the retry: wrong (the move played), then right (the best), as a puzzle that rates nothing
    shown = tab.call("mistake_retry", which="next", today="2026-03-01")["puzzle"]
    assert shown["number"] == 0 and shown["phase"] == "solving" and "4" in shown["words"]["title"]
    wrong = tab.call("puzzle_tap", square="a8", today="2026-03-01")["puzzle"]
    assert wrong["phase"] == "wrong" and "a8" in wrong["words"]["message"]
    tab.call("puzzle_retry")
    right = tab.call("puzzle_tap", square="d1", today="2026-03-01")["puzzle"]
    assert right["phase"] == "right" and right["progress"]["rating"] == 1200
    tab.call("puzzle_close")
    # solved on a second day, it leaves the list; a reload keeps that
    tab.call("mistake_retry", which=right["mistake"], today="2026-03-02")
    tab.call("puzzle_tap", square="d1", today="2026-03-02")
    tab.call("puzzle_close")
    again = Tab(storage, "again")
    assert again.load()["mistakes"]["retry_count"] == len(KNOWN) - 1
    assert not again.snap["notices"]


def test_a_damaged_part_is_named_and_another_tabs_part_merges():
    storage = Storage()
    one, two = Tab(storage, "one"), Tab(storage, "two")
    one.load()
    two.load()
    finish_known_game(one)
    two.deliver()
    assert two.call("mistakes_list")["mistake_list"]
    storage["mistakes"] = "{broken"
    assert Tab(storage, "three").load()["notices"]


def test_the_part_gives_way_before_any_history_record_sheds_its_moves(monkeypatch):
    """P9: near the budget the mistakes part is shed first; the records keep their moves."""
    storage = Storage()
    tab = Tab(storage)
    tab.load()
    finish_known_game(tab)
    history = tab.bridge.session.progress.history
    monkeypatch.setattr("reversi.app.saving.parts.HISTORY_BUDGET", history.size() + 50)
    reply = tab.call("snapshot")
    assert not tab.bridge.room("mistakes").book.games and reply["history"]["rows"][0]["reviewable"]
    assert "moves" in history[-1] and not reply["mistakes"]["retry_count"]
    assert not reply["mistakes"]["due"]  # a shed game is not analysed again


def test_a_practice_ending_after_undo_shows_no_list_of_the_recorded_game():
    """N6, A2: the card lists the recorded game's mistakes only while that game is on the board."""
    tab = Tab(Storage())
    tab.load()
    assert finish_known_game(tab)["mistakes"]["card"]
    tab.call("undo")
    tab.call("undo")
    for square in ("h2", "h1"):  # the last two placements the other way round: another ending
        tab.call("place", square=square, token=tab.snap["token"])
    assert tab.snap["result_card"] and tab.snap["mistakes"]["card"] is None
