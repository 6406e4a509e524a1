"""In a real browser: games against the computer, undo while it thinks,
pause on hide, reload and Resume, and storage that fails.

C1, C3, B4, B9, U1-U6, A1-A5, P1-P6.  A late computer reply is ruled out by a
round trip to the engine after it (pages.caught_up), never by waiting a while.
"""

from __future__ import annotations

import time

from tests.browser.pages import (
    READY,
    board_text,
    caught_up,
    check_card,
    choose,
    hide_page,
    history_rows,
    legal_squares,
    open_game,
    status,
    tap,
    tool,
    wait_for_human_turn,
    wait_until,
)

#: The controller's pause before it asks for the computer's move (web/control/controller.js).
COMPUTER_DELAY_MS = 250


def test_c1_b9_full_game_against_easy_to_the_end(page):
    """C1 to the end against Easy; its first result in the history (A1) and on the result
    card (B9: win, loss or draw in the player's words, the score, the first result)."""
    choose(page, "Level", "Easy")
    while "Game over" not in status(page):
        wait_for_human_turn(page)
        if "Game over" in status(page):
            break
        tap(page, legal_squares(page)[0])
    final = status(page)
    assert "wins" in final or "Draw" in final
    black = int(page.locator("#count-black").inner_text())
    white = int(page.locator("#count-white").inner_text())
    assert f"{black}–{white}" in final
    title = "You win!" if black > white else "You lose" if white > black else "Draw"
    card = check_card(page, title, f"{black}–{white}")
    assert card["detail"].startswith(("First result of this attempt.", "A challenge win: no Undo, Restart or hints.")), card
    assert "Stars earned: " in card["detail"] and "Completion" in card["detail"]  # S4 at least
    rows = history_rows(page)
    assert len(rows) == 1
    assert rows[0][1].startswith("Easy, as Black · ") and rows[0][2] == {"You win!": "Win", "You lose": "Loss", "Draw": "Draw"}[title]
    assert rows[0][3] == f"{black}–{white}"
    page.get_by_role("region", name=title).get_by_role("button", name="New game").click()
    page.wait_for_selector("#result", state="hidden")
    assert "New game" in status(page)


def test_p4_reload_mid_game_restores_position_and_waits_for_resume(page):
    tap(page, "d3")
    wait_for_human_turn(page)
    tap(page, legal_squares(page)[0])
    wait_for_human_turn(page)
    before = board_text(page)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert board_text(page) == before
    assert page.get_by_role("button", name="Resume").is_visible()
    assert "Paused" in status(page) or "Paused" in page.locator("#turn").inner_text()
    assert legal_squares(page) == []  # board input waits for Resume
    page.get_by_role("button", name="Resume").click()
    wait_until(page, "() => document.querySelector('#turn').textContent === 'Your move'")
    assert board_text(page) == before
    assert legal_squares(page)


def _start_expert_search(page) -> str:
    """Plays d3 against Expert on a page whose clock is paused, then moves the time past the
    controller's pause so that it asks for the computer's move: the search is under way.
    Returns the opening board."""
    choose(page, "Level", "Expert")
    opening = board_text(page)
    page.get_by_role("gridcell", name="d3,").click()
    wait_until(page, """() => document.querySelector('#turn').classList.contains('thinking')
        && document.querySelector('[aria-label^="d3,"]').getAttribute('aria-label').startsWith('d3, black')""")
    page.clock.run_for(COMPUTER_DELAY_MS + 50)  # its timer fires: the request for the computer's move is sent
    assert board_text(page) != opening
    return opening


def test_b4_u2_undo_while_the_computer_thinks(clocked_page):
    page = clocked_page
    opening = _start_expert_search(page)
    started = time.perf_counter()
    tool(page, "Undo").click()
    wait_until(page,
        "() => document.querySelector('[aria-label^=\"d3,\"]').getAttribute('aria-label').startsWith('d3, empty')")
    delay = time.perf_counter() - started
    assert board_text(page) == opening
    assert "Move taken back" in status(page) or "Your move" in status(page)
    caught_up(page)  # the search's reply, whatever it was, has landed by now
    assert board_text(page) == opening
    print(f"undo during expert search took effect in {delay * 1000:.0f} ms")


def test_b4_new_and_pause_while_the_computer_thinks(clocked_page):
    page = clocked_page
    opening = _start_expert_search(page)
    page.get_by_role("button", name="Pause").click()
    wait_until(page, "() => document.querySelector('#turn').textContent === 'Paused'")
    paused_board = board_text(page)
    caught_up(page)
    assert board_text(page) == paused_board  # the cancelled search never lands
    tool(page, "New game").click()
    wait_until(page, "() => document.querySelector('#status').textContent.includes('New game')")
    assert board_text(page) == opening
    caught_up(page)
    assert board_text(page) == opening


def test_p4_hidden_tab_pauses_and_cancels(clocked_page):
    page = clocked_page
    _start_expert_search(page)
    hide_page(page)
    wait_until(page, "() => document.querySelector('#turn').textContent === 'Paused'")
    board = board_text(page)
    assert "The page was hidden" in status(page)
    caught_up(page)
    assert board_text(page) == board


def _storage_message_and_play(pg, url: str, words: str) -> None:
    open_game(pg, url)
    tap(pg, "d3")
    pg.wait_for_selector("#alert:not([hidden])")
    assert words in pg.get_by_role("alert").inner_text()
    assert "you can keep playing" in pg.get_by_role("alert").inner_text()
    wait_for_human_turn(pg)
    tap(pg, legal_squares(pg)[0])
    assert "You play" in status(pg) or "Computer" in status(pg)


def test_p2_storage_that_throws(context, base_url):
    context.add_init_script("Storage.prototype.setItem = function () { throw new Error('denied'); };")
    _storage_message_and_play(context.new_page(), base_url, "Progress is not being saved")


def test_p2_storage_full(context, base_url):
    context.add_init_script("""Storage.prototype.setItem = function () {
        throw new DOMException('full', 'QuotaExceededError'); };""")
    _storage_message_and_play(context.new_page(), base_url, "storage is full")


def test_p3_corrupt_save_shows_a_message_and_plays(context, base_url):
    context.add_init_script("""if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('reversi.save', '{"format":"reversi","version":1,"game":{"moves":"f5f5zz"},"history":[1,2]');
    }""")
    pg = context.new_page()
    open_game(pg, base_url)
    assert "could not be read" in pg.get_by_role("alert").inner_text()
    tap(pg, "d3")
    assert board_text(pg)[19] == "X"
