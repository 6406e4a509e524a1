"""Openings in a real browser (K2-K6): walk three plies of the explorer by keyboard alone,
open it from a review, train a named opening's line to its end with one wrong answer, and
after a reload find the line due; screenshots of the explorer and the trainer at phone and
desktop size, light and dark."""

from __future__ import annotations

import re

import pytest

from build_tools.downloads import fetch_axe
from reversi.app.openings.trainer import oriented
from reversi.app.wording.catalog import CODES
from reversi.engine import book_lines, openings
from reversi.engine.board import Board
from reversi.engine.book import standard_book
from reversi.engine.notation import square_name
from tests.browser.pages import READY, board_text, open_menu, play, screenshot, tap, wait_until
from tests.browser.test_languages_page import LOCALES, fits_a_phone

SIZES = {"phone": {"width": 360, "height": 640}, "desktop": {"width": 1280, "height": 800}}


def board_after(moves: str) -> Board:
    board = Board()
    board.play_transcript(moves)
    return board


def cells(board: Board) -> str:
    """Returns a board as the grid reads it (X, O, -, a1 first)."""
    return "".join("X" if board.color_at(s) == 0 else "O" if board.color_at(s) == 1 else "-" for s in range(64))


def path(pg) -> str:
    return "".join(pg.locator("#explore-path button").all_inner_texts()[1:])


def open_from_menu(pg, item: str, shown: str) -> None:
    """Opens the explorer from the menu, then the trainer from it when ``item`` is
    "openings-train"; waits for ``shown``."""
    open_menu(pg)
    pg.locator("#openings-explore").click()
    if item == "openings-train":
        pg.wait_for_selector("#explore-pane:not([hidden])")
        pg.locator("#explore-train").click()
    pg.wait_for_selector(f"#openings:not([hidden]) #{shown}:not([hidden])")


def shots(pg, name: str) -> None:
    for size, viewport in SIZES.items():
        pg.set_viewport_size(viewport)
        for scheme in ("light", "dark"):
            pg.emulate_media(color_scheme=scheme)
            screenshot(pg, f"openings-{name}-{size}-{scheme}")
            overflow = pg.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"{name} overflows {size} by {overflow} px"
    pg.set_viewport_size(SIZES["phone"])
    pg.emulate_media(color_scheme="light")


def test_k2_walk_three_plies_of_the_explorer_by_keyboard_alone_and_back(page):
    open_from_menu(page, "openings-explore", "explore-pane")
    assert page.locator("#openings-close").evaluate("el => el === document.activeElement")
    moves = page.locator("#explore-moves tbody button")
    assert moves.count() == 4 and "the book goes 40 plies below it" in moves.first.get_attribute("aria-label")
    page.keyboard.press("Tab")  # from Close, past the path's first position, to the first book move
    page.keyboard.press("Tab")
    for ply in range(1, 4):
        focused = page.evaluate("() => document.activeElement.dataset.square")
        label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        before = path(page)
        page.keyboard.press("Enter")
        wait_until(page, "(n) => document.querySelectorAll('#explore-path button').length === n + 1", arg=ply)
        assert path(page) == before + focused and focused in label
        assert page.evaluate("() => document.activeElement.closest('#explore-moves') !== null")
    walked = path(page)
    assert board_text(page) == cells(board_after(walked))
    p, o = board_after(walked).mover_mask()
    values = standard_book().move_values(p, o)
    rows = page.locator("#explore-moves tbody tr").all_inner_texts()
    assert [r.split()[0] for r in rows] == [square_name(s) for s in sorted(values, key=lambda s: (-values[s], s))]
    assert openings.name(squares(walked)) in page.locator("#openings-title").inner_text()
    screenshot(page, "openings-explorer-keyboard-phone")
    shots(page, "explorer")
    page.keyboard.press("ArrowLeft")  # the review's keys step through the path (B3)
    wait_until(page, "() => document.querySelectorAll('#explore-path button').length === 3")
    assert path(page) == walked[:4] and board_text(page) == cells(board_after(walked[:4]))
    page.keyboard.press("Home")
    wait_until(page, "() => document.querySelectorAll('#explore-path button').length === 1")
    page.keyboard.press("End")
    wait_until(page, "() => document.querySelectorAll('#explore-path button').length === 4")
    assert path(page) == walked
    page.locator("#explore-train-line").click()  # K4: the path becomes a drill
    page.wait_for_selector("#train-line:not([hidden])")
    assert page.locator("#openings-title").inner_text() == openings.name(squares(walked))
    page.locator("#openings-close").click()
    page.wait_for_selector("#openings[hidden]", state="attached")
    assert board_text(page) == cells(Board())  # the game in play is untouched


def squares(moves: str) -> list[int]:
    return board_after(moves).placements()


def test_k2_the_explorer_opens_at_the_reviewed_position(page):
    play(page, "f5")
    wait_until(page, "() => document.querySelector('#board [aria-label*=\"legal move\"]') !== null")
    page.wait_for_selector(READY)
    open_menu(page)
    page.locator("#review").click()
    page.wait_for_selector("#review-bar:not([hidden])")
    page.locator("#review-explore").click()
    page.wait_for_selector("#openings:not([hidden]) #explore-pane:not([hidden])")
    shown = path(page)
    assert shown.startswith("f5") and board_text(page) == cells(board_after(shown))
    page.locator("#openings-close").click()
    page.wait_for_selector("#review-bar:not([hidden])")


def best_answer(transcript: str, prefix: list[int]) -> str:
    board = board_after(transcript)
    ply = len(board.placements())
    if ply < len(prefix):
        return square_name(prefix[ply])
    p, o = board.mover_mask()
    good = book_lines.good_moves(standard_book(), p, o)
    return square_name(max(good, key=lambda s: (good[s], -s)))


def test_k4_k5_train_a_named_openings_line_with_one_wrong_answer_then_find_it_due_after_a_reload(page):
    open_from_menu(page, "openings-train", "train-choice")
    page.select_option("#train-kind", "opening")
    page.wait_for_selector("#train-opening-field:not([hidden])")
    page.select_option("#train-opening", "Tiger")
    page.select_option("#train-depth", "8")
    wait_until(page, "() => [...document.querySelectorAll('#train-opening option')].some("
                     "o => o.value === 'Tiger' && o.textContent.includes('at 8 plies'))")
    shots(page, "trainer-choice")
    page.locator("#train-start").click()
    page.wait_for_selector("#train-line:not([hidden])")
    tiger = oriented(list(next(m for m, t in openings.read() if t == "Tiger")))
    tap(page, "f5")
    wait_until(page, "() => document.getElementById('train-transcript').textContent === 'f5d6'")
    tap(page, "c5")  # legal, but not the Tiger's c3
    verdict = page.locator("#train-task").inner_text()
    assert verdict.startswith("c5 is worth") and "The book plays c3 (+2): Tiger" in verdict
    assert page.locator("#train-message").inner_text() == "Play c3 to go on."
    assert page.locator("#status").inner_text().startswith(verdict)  # said in the live region
    assert "best" in page.get_by_role("gridcell", name=re.compile("^c3,")).get_attribute("aria-label")
    shots(page, "trainer-wrong")
    tap(page, "c3")
    for _ in range(10):
        wait_until(page, "() => /^(Your move|Line done)/.test(document.getElementById('train-task').textContent)")
        if page.locator("#train-task").inner_text().startswith("Line done"):
            break
        transcript = page.locator("#train-transcript").inner_text()
        tap(page, best_answer(transcript, tiger))
    transcript = page.locator("#train-transcript").inner_text()
    assert len(transcript) == 16 and transcript.startswith("f5d6c3d3c4")
    assert "comes back today" in page.locator("#train-message").inner_text()
    shots(page, "trainer-done")
    page.reload()
    page.wait_for_selector(READY)
    open_from_menu(page, "openings-train", "train-choice")
    wait_until(page, "() => document.getElementById('train-due').textContent === 'Due today: 1 line'")
    row = page.locator("#train-stats tbody tr").first.inner_text().split("\t")
    assert row == ["Tiger", "0", "1", "1"]
    page.locator("#train-due").click()
    wait_until(page, "() => document.getElementById('openings-title').textContent === 'Tiger'")
    tap(page, "f5")
    wait_until(page, "() => document.getElementById('train-transcript').textContent === 'f5d6'")


@pytest.fixture(scope="module")
def axe_source() -> str:
    return fetch_axe().read_text()


@pytest.mark.parametrize("code", CODES)
def test_k2_k4_l4_the_card_fits_a_phone_in_every_language_and_passes_axe(browser, base_url, axe_source, code):
    """L1, L4: the explorer two plies in, the trainer's choice and a wrong answer's verdict,
    in each language at 360x640 and 640x360: nothing clipped, 44 px targets, axe clean."""
    context = browser.new_context(viewport=SIZES["phone"], locale=LOCALES[code], reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto(base_url)
        page.wait_for_selector(READY, timeout=60_000)
        problems, violations = [], []

        def check(screen: str) -> None:
            found, broken = fits_a_phone(page, axe_source, f"openings-{code}-{screen}")
            problems.extend(found)
            violations.extend(broken)

        page.locator("#menu-open").click()
        page.locator("#openings-explore").click()
        for ply in (1, 2):
            page.locator("#explore-moves tbody button").first.click()
            wait_until(page, "(n) => document.querySelectorAll('#explore-path button').length === n + 1", arg=ply)
        check("explorer")
        page.locator("#explore-train").click()
        page.wait_for_selector("#train-choice:not([hidden])")
        check("trainer")
        page.locator("#train-start").click()
        page.wait_for_selector("#train-line:not([hidden])")
        tap(page, "f5")
        wait_until(page, "() => document.getElementById('train-transcript').textContent.length === 4")
        board = board_after(page.locator("#train-transcript").inner_text())
        p, o = board.mover_mask()
        good = book_lines.good_moves(standard_book(), p, o)
        tap(page, square_name(next(s for s in board.legal_moves() if s not in good)))
        page.wait_for_selector("#train-message:not(:empty)")
        check("verdict")
        assert not problems, problems
        assert not violations, violations
    finally:
        context.close()
