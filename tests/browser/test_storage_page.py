"""In a real browser: saves that are light and safe with several tabs, and
every storage access guarded.

Two tabs are two pages of one context (one localStorage, real ``storage`` events).
Writes are counted by wrapping ``Storage.prototype.setItem``, which is the page's
only way to store.  P1, P2, P7, P8.
"""

from __future__ import annotations

import pytest

from reversi.engine.board import Board
from tests.browser.pages import (
    READY,
    WIPE_OUT,
    board_text,
    history_rows,
    menu_button,
    open_game,
    open_menu,
    play,
    screenshot,
    star_count,
    start_local_game,
    status,
    tap,
    wait_for_human_turn,
    wait_until,
)
from tests.test_history_save import long_history

COUNT_WRITES = """
    window.__writes = [];
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
        if (this === window.localStorage) window.__writes.push(key);
        return setItem.call(this, key, value);
    };
"""


def cells(transcript: str) -> str:
    """Returns the board after ``transcript``, as the grid shows it (X, O, -)."""
    return Board.replay(transcript).cells()


def shows(pg, transcript: str, timeout: float = 10_000) -> None:
    """Waits until the page's board is the position after ``transcript``."""
    wait_until(pg,
        """(want) => [...document.querySelectorAll('[role=gridcell]')].map(c => {
            const what = c.getAttribute('aria-label').split(', ')[1];
            return what === 'black' ? 'X' : what === 'white' ? 'O' : '-'; }).join('') === want""",
        arg=cells(transcript), timeout=timeout)


def test_p7_a_move_in_one_tab_never_erases_a_move_made_in_another(context, base_url):
    """P7, the first loss it forbids: A plays f5 d6, B plays c3 d3, A plays on: nothing is lost.
    Before the tabs' rule the stale tab A saved f5d6 plus its move over B's game."""
    a = context.new_page()
    open_game(a, base_url)
    start_local_game(a)
    tap(a, "f5")
    tap(a, "d6")
    b = context.new_page()
    open_game(b, base_url)
    assert board_text(b) == cells("f5d6")
    tap(b, "c3")
    tap(b, "d3")
    shows(a, "f5d6c3d3")  # the idle tab took up the game B played on
    tap(a, "c4")
    b.reload()
    b.wait_for_selector(READY, timeout=60_000)
    assert board_text(b) == cells("f5d6c3d3c4")
    assert "White to move" in status(b)


def test_p7_a_star_earned_in_one_tab_survives_the_other_tab(context, base_url):
    """P7, the second loss it forbids: B earns S1, the stale tab A changes a setting; after
    reloading both, the star is there (before the tabs' rule: 0 of 8)."""
    a = context.new_page()
    open_game(a, base_url)
    b = context.new_page()
    open_game(b, base_url)
    tap(b, "d3")
    wait_for_human_turn(b)
    assert star_count(b) == "1 of 8"
    b.get_by_role("button", name="Pause").click()  # B stores nothing more (its clock stops)
    wait_until(b, "() => document.querySelector('#pause').getAttribute('aria-label') === 'Resume'")
    menu_button(a, "Legal moves")
    wait_until(a, "() => document.querySelector('#legal-dots').getAttribute('aria-pressed') === 'false'")
    for pg in (a, b):
        pg.reload()
        pg.wait_for_selector(READY, timeout=60_000)
        assert star_count(pg) == "1 of 8"


def test_p7_a_busy_tab_waits_until_the_player_takes_the_game_over(context, base_url):
    """P7: a tab in the middle of something (reviewing) does not adopt a newer game: it
    says the game continues in another tab, stores nothing of it, and takes it over
    on request, showing the other tab's game."""
    a = context.new_page()
    open_game(a, base_url)
    start_local_game(a)
    tap(a, "f5")
    menu_button(a, "Review this game")
    a.wait_for_selector("#review-bar:not([hidden])")
    b = context.new_page()
    open_game(b, base_url)
    tap(b, "d6")
    a.wait_for_selector("#elsewhere:not([hidden])")
    assert "This game continues in another tab" in a.locator("#elsewhere").inner_text()
    a.get_by_role("button", name="Back to the game").click()
    a.get_by_role("gridcell", name="c3,").first.click()
    wait_until(a, "() => document.querySelector('#status').textContent.includes('another tab')")
    assert board_text(a) == cells("f5"), "the stale game did not move"
    a.get_by_role("button", name="Take it over here").click()
    shows(a, "f5d6")
    assert a.locator("#elsewhere").is_hidden()
    tap(a, "c3")
    b.reload()
    b.wait_for_selector(READY, timeout=60_000)
    assert board_text(b) == cells("f5d6c3")


def test_p8_idle_play_writes_storage_at_most_twice_in_30_seconds(context, base_url):
    """P8: 30 s of idle play (the human's turn, the clock ticking each second) store
    only the active time, at most every 15 s (before light saving: 30 writes of the whole
    document)."""
    page = context.new_page()
    page.add_init_script(COUNT_WRITES)
    page.clock.install()
    open_game(page, base_url)
    tap(page, "d3")
    wait_for_human_turn(page)
    page.clock.pause_at(page.evaluate("Date.now()") + 1_000)
    page.clock.run_for(2_000)
    page.get_by_role("button", name="Pause").click()  # stores the time so far: the count starts clean
    page.get_by_role("button", name="Resume").click()
    wait_until(page, "() => document.querySelector('#pause').getAttribute('aria-label') === 'Pause'")
    page.evaluate("() => { window.__writes = []; }")
    page.clock.run_for(30_000)
    menu_button(page, "Review this game")  # a round trip behind every tick, storing nothing
    page.wait_for_selector("#review-bar:not([hidden])")
    writes = page.evaluate("() => window.__writes")
    print(f"storage writes in 30 s of idle play: {len(writes)} {writes}")
    assert 1 <= len(writes) <= 2 and set(writes) == {"reversi.clock"}, writes


def page_errors(pg) -> list[str]:
    """Starts collecting the page's uncaught errors; returns the list that fills."""
    errors: list[str] = []
    pg.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def play_on(pg) -> None:
    """Plays a placement and waits for the computer's reply: the game goes on in memory."""
    tap(pg, "d3")
    wait_for_human_turn(pg)
    assert board_text(pg)[19] == "X"


def test_p2_storage_that_throws_on_read(context, base_url):
    """P2: localStorage that throws when read: a visible message, no uncaught error, play goes on."""
    context.add_init_script("Storage.prototype.getItem = function () { throw new Error('denied'); };")
    pg = context.new_page()
    errors = page_errors(pg)
    open_game(pg, base_url)
    pg.wait_for_selector("#alert:not([hidden])")
    assert "Progress is not being saved" in pg.get_by_role("alert").inner_text()
    play_on(pg)
    assert errors == []


def test_p2_no_local_storage_at_all(context, base_url):
    """P2: a browser that denies localStorage altogether (window.localStorage throws)."""
    context.add_init_script("""Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('denied', 'SecurityError'); } });""")
    pg = context.new_page()
    errors = page_errors(pg)
    open_game(pg, base_url)
    assert "storage is unavailable" in pg.get_by_role("alert").inner_text()
    play_on(pg)
    assert errors == []


@pytest.mark.offline
def test_p2_every_store_throws_on_a_plain_static_host(context, plain_url):
    """P2: on a host without isolation headers the service worker takes the page over
    (and the page notes that in sessionStorage): with both stores throwing on write
    there is a message and no uncaught error (before P10: an uncaught quota error)."""
    context.add_init_script("""Storage.prototype.setItem = function () {
        throw new DOMException('full', 'QuotaExceededError'); };""")
    pg = context.new_page()
    errors = page_errors(pg)
    open_game(pg, plain_url)
    pg.wait_for_selector("#offline-note:not([hidden])", timeout=30_000)  # the worker took over
    wait_until(pg, "() => navigator.serviceWorker.controller !== null")
    assert "storage is full" in pg.get_by_role("alert").inner_text()
    play_on(pg)
    assert errors == []


FILL_TO_QUOTA = """() => {
    // Fills localStorage to its quota with another page's data, as a full origin is.
    let size = 1 << 20, n = 0;
    while (size >= 1) {
        try { localStorage.setItem(`other.${n}`, 'x'.repeat(size)); n += 1; }
        catch { size >>= 1; }
    }
    return n;
}"""


def test_p10_a_full_store_loses_nothing_already_saved(page):
    """P10, P2: with the origin's storage full, a finished game cannot be stored: the page
    says progress is not being saved and play goes on; after a reload every star and
    every earlier record is still there."""
    start_local_game(page)
    play(page, WIPE_OUT)  # ends 18-0: the first record, and stars
    stars, rows = star_count(page), history_rows(page)
    assert len(rows) == 1 and stars != "0 of 8"
    finished = page.evaluate("localStorage.getItem('reversi.game')")
    page.get_by_role("button", name="New game").first.click()
    # The new game's save replaces the finished game's longer one: filling before it
    # lands would leave the second game the room the first one freed.
    wait_until(page, "(old) => localStorage.getItem('reversi.game') !== old", arg=finished)
    assert page.evaluate(FILL_TO_QUOTA) > 0
    play(page, WIPE_OUT)
    page.wait_for_selector("#alert:not([hidden])")
    assert "Progress is not being saved" in page.get_by_role("alert").first.inner_text()
    assert "storage is full" in page.get_by_role("alert").first.inner_text()
    screenshot(page, "p10-storage-full-phone")
    page.get_by_role("button", name="New game").first.click()
    tap(page, "d3")  # play goes on
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert star_count(page) == stars
    assert history_rows(page) == rows
    assert page.evaluate("localStorage.getItem('other.0') !== null"), "another page's data is never removed"


def test_p9_a_long_history_is_read_after_the_game_and_nothing_is_lost(page):
    """P9, P1: with 3,000 finished games stored, the game is playable as soon as
    the board is ready (the history is read right after); a game played at once, before
    anything else, ends up in the history beside every stored record, and the statistics
    count them all."""
    chunks = long_history(3_000)
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem('reversi.' + k, v); }",
                  chunks)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    start_local_game(page)
    play(page, WIPE_OUT)
    page.wait_for_selector("#result:not([hidden])")
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    open_menu(page)
    page.wait_for_selector("#history-reading", state="hidden")
    assert page.locator("#history-position").inner_text() == "Games 1–20 of 3,001, newest first"
    games = page.locator("#stats-table tbody tr td:nth-of-type(1)").all_inner_texts()
    assert sum(int(g.replace(",", "")) for g in games) == 3_001
    assert page.locator("#history-table tbody tr").first.locator("td").nth(2).inner_text() == "Black won"
