"""The game library in a real browser (R10-R13): drop a GGF file and a WTHOR pair on the
library, one GGF game broken among good ones; search; open a game for Black's side and find
its mistakes; read what people played in a position; reload and find the library kept;
screenshots at phone and desktop size, light and dark; every language fits a phone and
passes axe."""

from __future__ import annotations

import base64
import re

import pytest

from build_tools.downloads import fetch_axe
from reversi.app import wthor
from reversi.app.wording import catalog
from reversi.app.wording.catalog import CODES
from reversi.engine.board import Board
from tests.browser.pages import READY, open_menu, screenshot, status, wait_until
from tests.browser.test_languages_page import fits_a_phone
from tests.browser.test_picture_page import DROP
from tests.sessions import LOSS, WIN, squares_of

SIZES = {"phone": {"width": 360, "height": 640}, "desktop": {"width": 1280, "height": 800}}
MADE = (2026, 12, 7)
GGF = (b"(;GM[Othello]PB[Ann Lee]PW[Ben Ito]DT[2024.03.05]RE[+12]TY[8]B[f5]W[d6]B[c3]W[d3]B[c4];)\n"
       b"(;GM[Othello]PB[Cid]PW[Dee]TY[8]B[f5]W[f5];)\n"
       b"(;GM[Othello]PB[Eve]PW[Fay]RE[-4]TY[8]B[f5]W[f6]B[e6]W[f4];)")


def random_game(seed: int) -> list[int]:
    import random
    rng, board = random.Random(seed), Board()
    while not board.is_game_over():
        board.play(rng.choice(board.legal_moves()))
    return board.placements()


#: Two finished games and the first 16 placements of a random one (short: its analysis is quick).
WTHOR_GAMES = [(squares_of(WIN), 0, 1, 0), (squares_of(LOSS), 1, 0, 0), (random_game(3)[:16], 1, 0, 0)]


def black_won(moves: list[int]) -> bool:
    """Checks if Black won by the file's count (WTHOR keeps Black's discs: 2 × discs − 64)."""
    board = Board()
    for square in moves:
        board.play(square)
    return 2 * board.counts()[0] - 64 > 0


def wthor_pair() -> list[tuple[str, str]]:
    games = WTHOR_GAMES
    files = {"T.wtb": wthor.write_games(games, 2019, MADE), "T.JOU": wthor.write_names(["Tamaki Ryo", "Ana Dias"],
                                                                                       "jou", MADE)}
    return [(name, base64.b64encode(data).decode()) for name, data in files.items()]


def drop(pg, files: list[tuple[str, str]]) -> None:
    pg.evaluate(DROP, [files])


def open_library(pg) -> None:
    open_menu(pg)
    pg.locator("#library-open").click()
    pg.wait_for_selector("#library:not([hidden])")


def rows(pg) -> list[str]:
    return pg.locator("#library-rows li span").all_inner_texts()


def test_r10_r13_drop_files_search_open_for_a_side_find_mistakes_read_the_table_and_reload(page):
    open_library(page)
    assert page.locator("#library-empty").inner_text().startswith("The library is empty")
    drop(page, [("games.ggf", base64.b64encode(GGF).decode())])
    wait_until(page, "() => /Added 2 games/.test(document.querySelector('#status').textContent)")
    said = status(page)
    assert "1 game was refused: games.ggf: game 2:" in said and "f5" in said
    assert page.locator("#library-imports li").count() == 1
    drop(page, wthor_pair())
    wait_until(page, "() => /Added 3 games from T.wtb/.test(document.querySelector('#status').textContent)")
    assert page.locator("#library-found").inner_text() == "5 games found"
    screens = {}
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            screens[(size, scheme)] = screenshot(page, f"library-{size}-{scheme}")
            assert page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    page.set_viewport_size(SIZES["phone"])
    page.emulate_media(color_scheme="light")
    # the search, by keyboard: type a player and press Enter
    page.locator("#library-player").fill("tamaki")
    page.locator("#library-player").press("Enter")
    wait_until(page, "() => document.querySelector('#library-found').textContent === '3 games found'")
    assert all("Tamaki Ryo" in row for row in rows(page))
    page.select_option("#library-result", "black")
    won = sum(black_won(moves) for moves, *_ in WTHOR_GAMES)
    wait_until(page, "(n) => document.querySelector('#library-found').textContent.startsWith(n + ' game')", arg=won)
    assert rows(page)[0].startswith("Tamaki Ryo – Ana Dias, 2019, –: Black won by")
    # open the random game for Black's side: its mistakes are found, listed and retried
    page.select_option("#library-result", "")
    page.locator("#library-player").fill("")
    page.locator("#library-find").click()
    wait_until(page, "() => document.querySelector('#library-found').textContent === '5 games found'")
    page.select_option("#library-side", "black")
    page.get_by_role("button", name="Open Ana Dias – Tamaki Ryo in review").nth(1).click()
    page.wait_for_selector("#review-bar:not([hidden])")
    page.wait_for_selector("#review-mistakes-retry:not([hidden])", timeout=120_000)
    assert page.locator("#review-mistakes-list li").count() > 0
    board, blacks = Board(), set()
    for number, square in enumerate(WTHOR_GAMES[2][0], 1):
        if board.turn == 0:
            blacks.add(number)
        board.play(square)
    listed = [int(re.match(r"Move (\d+):", text).group(1)) for text in page.locator("#review-mistakes-list li").all_inner_texts()]
    assert set(listed) <= blacks, (listed, blacks)  # Black's placements only
    # what people played after f5: the GGF games and the WTHOR games turned to f5 count together
    open_menu(page)
    page.locator("#people-open").click()
    page.locator("#review-start").click()
    page.locator("#review-forward").click()
    wait_until(page, "() => document.querySelectorAll('#people-table tbody tr').length > 1")  # after f5: replies
    table = page.locator("#people-table tbody tr")
    total = sum(int(table.nth(k).locator("td").nth(1).inner_text()) for k in range(table.count()))
    assert total == 5, page.locator("#people").inner_text()  # every first move is the same position turned
    label = table.first.get_attribute("aria-label")  # a row reads whole: move, games, shares, mean, book
    assert label.startswith(table.first.locator("td").first.inner_text() + ": ") and "book" in label
    screenshot(page, "library-people-phone-light")
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    open_library(page)
    wait_until(page, "() => document.querySelector('#library-found').textContent === '5 games found'")
    assert page.locator("#library-imports li").count() == 2
    page.get_by_role("button", name="Delete games.ggf and its games").click()
    wait_until(page, "() => document.querySelector('#library-found').textContent === '3 games found'")
    assert status(page).startswith("Deleted games.ggf and its 2 games.")


@pytest.fixture(scope="module")
def axe_source() -> str:
    return fetch_axe().read_text()


def found_words(code: str, count: int) -> str:
    """Returns the card's "N games found" in a language."""
    before = catalog.language()
    catalog.speaking(code)
    try:
        return catalog.say("library.found", count)
    finally:
        catalog.speaking(before)


def test_r10_l4_the_library_and_the_table_fit_a_phone_in_every_language_and_pass_axe(page, axe_source):
    """L1, L4: the library with games and the table of what people played, in each
    language (chosen in the menu) at 360x640 and 640x360: nothing clipped, 44 px targets,
    axe clean."""
    page.set_viewport_size(SIZES["phone"])
    open_library(page)
    drop(page, wthor_pair())
    page.wait_for_selector("#library-rows li")
    open_menu(page)
    page.locator("#people-open").click()
    page.wait_for_selector("#people-table:not([hidden])")
    problems, violations = [], []
    for code in CODES:
        page.locator("#menu-open").click()
        page.wait_for_selector("#menu[open]")
        page.locator("#language-setting").select_option(code)
        wait_until(page, "(c) => document.documentElement.lang === c", arg=code)
        page.locator("#menu-close").click()
        wait_until(page, "(w) => document.querySelector('#library-found').textContent === w", arg=found_words(code, 3))
        found, broken = fits_a_phone(page, axe_source, f"library-{code}")
        problems.extend(found)
        violations.extend(broken)
    assert not problems, problems
    assert not violations, violations


def test_r10_p7_a_tab_finds_the_games_another_tab_added(context, base_url):
    """P7: two tabs of one browser; B has read the (empty) library when A adds games; B's
    next use of the library shows them, and B's delete leaves A's other import whole."""
    a, b = context.new_page(), context.new_page()
    for pg in (a, b):
        pg.goto(base_url)
        pg.wait_for_selector(READY, timeout=60_000)
        open_library(pg)
    assert b.locator("#library-empty").inner_text().startswith("The library is empty")
    drop(a, wthor_pair())
    wait_until(a, "() => /Added 3 games/.test(document.querySelector('#status').textContent)")
    drop(a, [("games.ggf", base64.b64encode(GGF).decode())])
    wait_until(a, "() => /Added 2 games/.test(document.querySelector('#status').textContent)")
    b.locator("#library-find").click()
    wait_until(b, "() => document.querySelector('#library-found').textContent === '5 games found'")
    b.get_by_role("button", name="Delete T.wtb, T.JOU and its games").click()
    wait_until(b, "() => document.querySelector('#library-found').textContent === '2 games found'")
    a.locator("#library-find").click()
    wait_until(a, "() => document.querySelector('#library-found').textContent === '2 games found'")
    a.reload()
    a.wait_for_selector(READY, timeout=60_000)
    open_library(a)
    wait_until(a, "() => document.querySelector('#library-found').textContent === '2 games found'")
