"""The game library (R10-R13) through the bridge as the page drives it: WTHOR, GGF and text
files added a batch at a time, read back identically; malformed games refused by name and
place while the good ones are kept; Stop keeps what was read; the search, deleting, the
stored records read again (and a damaged one named); the table of what people played
against a count made the slow way; and a game's mistakes found for a chosen side."""

from __future__ import annotations

import base64
import json
import random

import pytest

from reversi.app import wthor
from reversi.app.bridge import Bridge
from reversi.app.library.importing import stated_diff
from reversi.app.library.shelf import Import
from reversi.engine.board import Board
from reversi.engine.notation import format_transcript, square_name
from reversi.engine.patterns import symmetric
from tests.sessions import LOSS, WIN, squares_of

TODAY = "2026-12-07"
MADE = (2026, 12, 7)
PLAYERS = ["Tamaki Ryo", "Alice Dupré", "Bob Stone"]
EVENTS = ["Championnat de France", "Paris Open"]


def sent(name: str, data: bytes) -> dict:
    return {"name": name, "data": base64.b64encode(data).decode()}


def random_games(count: int, seed: int) -> list[list[int]]:
    """Returns ``count`` random legal games played to their end (passes implied)."""
    rng, games = random.Random(seed), []
    for _ in range(count):
        board = Board()
        while not board.is_game_over():
            board.play(rng.choice(board.legal_moves()))
        games.append(board.placements())
    return games


class Page:
    """A page's Python side with its large store, as the worker drives it."""

    def __init__(self, records: list[bytes] | None = None) -> None:
        self.bridge = Bridge()
        self.bridge.call("load", json.dumps({"documents": {}}))
        self.bridge.load_store("library", records or [])
        self.stored: dict[str, bytes] = {}

    def call(self, method: str, **params) -> dict:
        reply = json.loads(self.bridge.call(method, json.dumps({"today": TODAY, **params})))
        for _, key, data in self.bridge.store_writes():
            if data is None:
                self.stored.pop(key, None)
            else:
                self.stored[key] = data
        return reply

    def add(self, *files: dict) -> dict:
        reply = self.call("library_add", files=list(files))
        while reply["library"]["importing"]:
            reply = self.call("library_step")
        return reply

    def shelf(self) -> Import:
        (shelf,) = self.bridge.room("library").imports.values()
        return shelf


def wthor_trio(games: list[list[int]]) -> list[dict]:
    rows = [(moves, k % 3, (k + 1) % 3, k % 2) for k, moves in enumerate(games)]
    return [sent("G.wtb", wthor.write_games(rows, 2019, MADE)), sent("G.JOU", wthor.write_names(PLAYERS, "jou", MADE)),
            sent("G.TRN", wthor.write_names(EVENTS, "trn", MADE))]


def test_r10_a_wthor_trio_reads_back_identically_and_is_stored():
    games = random_games(120, 1)
    page = Page()
    reply = page.add(*wthor_trio(games))
    assert reply["library"]["news"].startswith("Added 120 games from G.wtb")
    shelf = page.shelf()
    for k, moves in enumerate(games):
        game = shelf.game(k)
        board = Board()
        for square in moves:
            board.play(square)
        black, white = board.counts()
        assert (game.moves, game.black, game.white, game.event, game.date) == \
            (moves, PLAYERS[k % 3], PLAYERS[(k + 1) % 3], EVENTS[k % 2], "2019")
        assert game.diff == 2 * black - 64  # WTHOR's Black discs, as the file states them
    again = Page(list(page.stored.values()))  # a reload reads the stored record
    assert again.call("library_open")["library"]["results"]["count"] == 120
    assert again.bridge.room("library").imports[shelf.key].game(7) == shelf.game(7)


def test_r10_a_broken_game_among_good_ones_is_refused_by_game_and_byte():
    games = random_games(5, 2)
    data = bytearray(wthor.write_games([(m, 0, 1, 0) for m in games], 2020, MADE))
    at = 16 + 68 * 2 + 8 + 10  # game 3, move 11: a square that is occupied by then
    data[at] = data[16 + 68 * 2 + 8]
    data[16 + 68 * 3 + 8 + 4] = 99  # game 4, move 5: not a square
    reply = Page().add(sent("B.wtb", bytes(data)))
    news = reply["library"]["news"]
    assert "Added 3 games" in news and "2 games were refused" in news
    assert f"B.wtb, game 3: byte {at}: move 11" in news
    shelf = reply["library"]["imports"][0]
    assert any("game 4" in p and "byte" in p for p in shelf["problems"])


def test_r10_ggf_and_text_files_keep_their_good_games():
    ggf = ("(;GM[Othello]PB[Ann]PW[Ben]DT[2024.03.05]RE[+12]TY[8]B[f5]W[d6]B[c3];)\n"
           "(;GM[Othello]PB[Cid]PW[Dee]TY[8]B[f5]W[f5];)\n"
           "(;GM[Othello]PB[Eve]PW[Fay]RE[-4.00]TY[8]B[d3]W[c5];)")
    page = Page()
    reply = page.add(sent("games.ggf", ggf.encode()))
    assert "Added 2 games" in reply["library"]["news"] and "games.ggf: game 2:" in reply["library"]["news"]
    shelf = page.shelf()
    assert (shelf.game(0).black, shelf.game(0).date, shelf.game(0).diff) == ("Ann", "2024-03-05", 12)
    assert (shelf.game(1).black, shelf.game(1).diff) == ("Eve", -4)
    text = f"{format_transcript(squares_of(WIN))}\n{format_transcript(squares_of(LOSS))}\n\n1. f5 d6 2. c3 d3\n"
    reply = page.add(sent("pasted.txt", text.encode()))
    assert "Added 3 games from pasted.txt" in reply["library"]["news"]
    assert page.call("library_open")["library"]["results"]["count"] == 5


def test_r10_stop_keeps_what_was_read_and_nothing_else_changes():
    page = Page()
    reply = page.call("library_add", files=wthor_trio(random_games(400, 3)))
    assert reply["library"]["importing"]["total"] == 400
    reply = page.call("library_cancel")
    kept = page.shelf()
    assert reply["library"]["importing"] is None and 0 < len(kept) < 400
    assert reply["library"]["news"].startswith(f"Stopped: {len(kept)} games")
    assert list(page.stored) == [kept.key]
    with pytest.raises(ValueError, match="no game"):
        page.call("library_add", files=[sent("empty.txt", b"   ")])  # refused: nothing changes
    assert list(page.stored) == [kept.key] and len(page.shelf()) == len(kept)


def test_r11_search_by_player_year_event_opening_and_result():
    games = random_games(60, 4)
    page = Page()
    page.add(*wthor_trio(games))
    shelf = page.shelf()

    def found(**fields) -> set[int]:  # every page of the results
        numbers, page_number = set(), 0
        while True:
            results = page.call("library_search", **fields, page=page_number)["library"]["results"]
            numbers |= {row["number"] for row in results["rows"]}
            if results["page"] >= results["pages"] - 1:
                return numbers
            page_number += 1

    every = [shelf.game(k) for k in range(60)]
    assert found(player="tamaki") == {g.number for g in every if "Tamaki Ryo" in (g.black, g.white)}
    assert found(event="paris", result="white") == {g.number for g in every
                                                   if g.event == "Paris Open" and g.diff is not None and g.diff < 0}
    assert found(year="2018-2020", result="draw") == {g.number for g in every if g.diff == 0}
    assert found(year="2021") == set()
    named = next(g.opening for g in every if g.opening)
    assert found(opening=named[:5].lower()) == {g.number for g in every if named[:5].lower() in g.opening.lower()}
    with pytest.raises(ValueError):
        page.call("library_search", result="won")


def test_r11_delete_a_game_and_an_import():
    page = Page()
    page.add(*wthor_trio(random_games(30, 5)))
    shelf = page.shelf()
    start = page.call("people_table", source="play")["people"]["total"]
    assert start.startswith("30 games")
    reply = page.call("library_delete", key=shelf.key, number=4)
    assert reply["library"]["results"]["count"] == 29 and reply["people"]["total"].startswith("29 games")
    stored = Import.from_bytes(page.stored[shelf.key])
    assert stored.deleted(4) and stored.kept() == 29 and len(stored) == 30
    with pytest.raises(ValueError):
        page.call("library_review", key=shelf.key, number=4)
    page.call("library_open")
    reply = page.call("library_delete_import", key=shelf.key)
    assert reply["library"]["imports"] == [] and page.stored == {}
    assert reply["people"]["note"].startswith("The library has no games")


def test_r10_a_damaged_stored_import_is_left_out_and_named():
    good = Page()
    good.add(*wthor_trio(random_games(10, 6)))
    (data,) = good.stored.values()
    page = Page([data[:200], data])
    reply = page.call("library_open")
    assert reply["library"]["results"]["count"] == 10
    assert "damaged import" in reply["library"]["news"]


def canonical(board: Board) -> tuple[int, int, int]:
    """The smallest of a position's eight images: the slow way's key."""
    def image(mask: int, g: int) -> int:
        return sum(1 << s for s in symmetric([s for s in range(64) if mask >> s & 1], g))
    return min((image(board.black, g), image(board.white, g), board.turn) for g in range(8))


def test_r13_the_table_matches_a_count_made_the_slow_way():
    games = random_games(150, 7) + [squares_of(WIN)] * 3
    page = Page()
    page.add(*wthor_trio(games))
    seen: dict[tuple, dict] = {}  # canonical position -> each child's canonical key -> [games, black's diffs]
    for moves in games:
        board = Board()
        for square in moves:
            board.play(square)
        diff = 2 * board.counts()[0] - 64
        board = Board()
        for square in moves[:8]:
            mover, here = board.turn, canonical(board)
            board.play(square)
            child = seen.setdefault(here, {}).setdefault(canonical(board), [0, 0, 0])
            child[0] += 1
            child[1] += diff if mover == 0 else -diff
            child[2] += (diff if mover == 0 else -diff) > 0
    rng = random.Random(8)
    for moves in rng.sample(games, 25):
        ply = rng.randrange(8)
        text = format_transcript(moves)
        rows = page.call("people_table", source="review", game=text, ply=ply)["people"]["rows"]
        board = Board()
        for square in moves[:ply]:
            board.play(square)
        expected = seen[canonical(board)]
        assert sum(int(row["games"].replace(",", "")) for row in rows) == sum(c[0] for c in expected.values())
        for row in rows:
            after = board.copy()
            after.play(int([s for s in range(64) if square_name(s) == row["move"]][0]))
            count, total, won = expected[canonical(after)]
            assert int(row["games"]) == count and row["mean"] == _signed(round(total / count, 1))
            assert row["won"] == f"{round(100 * won / count)}%"


def _signed(value: float) -> str:
    from reversi.app.wording import signed
    return signed(value)


def test_r12_a_library_game_opens_in_review_and_its_mistakes_are_found_for_the_side_chosen():
    page = Page()
    page.add(*wthor_trio([moves[:20] for moves in random_games(3, 9)]))  # short: a quick analysis
    shelf = page.shelf()
    reply = page.call("library_review", key=shelf.key, number=1, side="white")
    assert reply["review"]["human"] == "white" and reply["library"] is None
    assert reply["mistakes"]["due"]
    for _ in range(40):
        reply = page.call("mistakes_step")
        if not reply["mistakes"]["due"]:
            break
    assert not reply["mistakes"]["due"] and reply["mistakes"]["retry_count"] > 0  # random moves: mistakes
    book = page.bridge.room("mistakes").book
    (game,) = book.games.values()
    assert game["level"] == "import" and set(game["loss"]) == {"white"}
    assert all(item["side"] == "white" for item in book.items.values())
    assert reply["accuracy_trend"] is None  # another's game is not the person's trend (N7)


def test_r10_a_stated_result_is_read_from_ggf_and_tag_pairs():
    assert [stated_diff(t) for t in ("+12", "-8.00", "38-26", "33:31", "1-0", "", "B+3")] == [12, -8, 12, 2, None,
                                                                                                None, None]


def test_r8_r11_the_games_a_search_finds_save_as_ggf_and_text_and_read_back():
    games = random_games(12, 10)
    page = Page()
    page.add(*wthor_trio(games))
    page.call("library_search", player="Bob")
    found = [n for n, moves in enumerate(games) if "Bob Stone" in (PLAYERS[n % 3], PLAYERS[(n + 1) % 3])]
    saved = page.call("library_export", form="ggf")["export"]
    assert saved["count"] == len(found) and saved["file"] == f"reversi-library-{TODAY}.ggf"
    back = Page()
    back.add({"name": "back.ggf", "data": base64.b64encode(saved["text"].encode()).decode()})
    assert [back.shelf().game(k).moves for k in range(len(found))] == [games[n] for n in found]
    text = page.call("library_export", form="text")["export"]
    assert text["text"].splitlines() == [format_transcript(games[n]) for n in found]
