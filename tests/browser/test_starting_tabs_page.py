"""A tab that is starting while another tab stores (P11), in a real browser: two pages of
one context share localStorage, and the starting page's engine is held back (its
worker script is not served until the test says) so that the other tab's write lands,
for certain, after the starting page read what is stored and before its engine is ready.
"""

from __future__ import annotations

from tests.browser.pages import READY, open_game, star_count, start_local_game, status, tap, wait_until
from tests.browser.test_storage_page import shows

WORKER = "**/engine/worker.js*"


def hold_engine(pg) -> list:
    """Holds back ``pg``'s next engine start: the worker script's request waits in the
    returned list until the test continues it (:func:`release`)."""
    held: list = []
    pg.route(WORKER, lambda route: held.append(route))
    return held


def release(pg, held: list) -> None:
    """Waits until the worker script was asked for, then serves it."""
    wait_until(pg, "() => performance.getEntriesByName('board-painted').length > 0")
    while not held:
        pg.wait_for_timeout(50)  # the route's handler runs while Playwright waits
    held[0].continue_()
    pg.unroute(WORKER)


def read_stored(pg) -> None:
    """Waits until the starting page has read what is stored (main.js at once)."""
    wait_until(pg, "() => performance.getEntriesByName('saves-read').length > 0")


def two_player_tabs(context, base_url):
    """Returns tabs A and B of one browser: A chose Two players and played f5, B adopted it."""
    a = context.new_page()
    open_game(a, base_url)
    start_local_game(a)
    tap(a, "f5")
    b = context.new_page()
    open_game(b, base_url)
    shows(b, "f5")
    return a, b


def test_p11_a_reloaded_tab_adopts_the_move_the_other_tab_played_while_it_loaded(context, base_url):
    """P11, the issue's first steps: A reloads; while it loads, B plays d6.  Once ready,
    A shows f5 d6, Black to move, with no notice (before: f5, "White to move")."""
    a, b = two_player_tabs(context, base_url)
    held = hold_engine(a)
    a.reload()
    read_stored(a)
    tap(b, "d6")
    release(a, held)
    a.wait_for_selector(READY, timeout=60_000)
    shows(a, "f5d6")
    assert "Black to move" in status(a)
    assert a.locator("#elsewhere").is_hidden()
    tap(a, "c3")  # its move is stored, not refused
    shows(b, "f5d6c3")


def test_p11_after_an_engine_restart_the_tab_goes_on_from_the_other_tabs_move(context, base_url):
    """P11, the issue's second steps: A's worker dies, B plays d6 at once.  A's new engine
    loads the game and takes in d6; the player's next move in A is stored, not refused
    (before: A kept f5, and its f6 was refused and lost)."""
    a, b = two_player_tabs(context, base_url)
    held = hold_engine(a)
    a.workers[0].evaluate("() => self.close()")  # as a phone reclaiming memory: no reply comes
    tap(b, "d6")
    release(a, held)
    wait_until(a, "() => document.querySelector('#engine-text').textContent.includes('running again')",
               timeout=60_000)
    shows(a, "f5d6")
    tap(a, "c3")
    assert a.locator("#elsewhere").is_hidden()
    shows(b, "f5d6c3")
    assert b.locator("#elsewhere").is_hidden()


def test_p11_a_star_earned_in_another_tab_while_this_one_loads_is_shown(context, base_url):
    """P11, the issue's stars: in a fresh browser A reloads; while it loads, B plays d3 and
    the computer answers c5.  A shows 1 of 8 and d3 c5 (before: 0 of 8, the opening)."""
    a = context.new_page()
    open_game(a, base_url)
    b = context.new_page()
    open_game(b, base_url)
    held = hold_engine(a)
    a.reload()
    read_stored(a)
    tap(b, "d3")
    shows(b, "d3c5")
    assert star_count(b) == "1 of 8"
    release(a, held)
    a.wait_for_selector(READY, timeout=60_000)
    shows(a, "d3c5")
    wait_until(a, "() => document.querySelector('#star-count').textContent === '1 of 8'")
    assert a.locator("#elsewhere").is_hidden()


#: Lets a test stop the page hearing other tabs' storage events (window.deaf = true), as a
#: page whose event is still on its way: wraps the page's own listeners at its start.
DEAF = """
    const add = window.addEventListener;
    window.addEventListener = function (type, listener, ...rest) {
        const heard = type === "storage" ? (event) => window.deaf || listener(event) : listener;
        return add.call(this, type, heard, ...rest);
    };
"""


def test_p11_a_move_refused_because_the_other_tab_moved_first_is_named(context, base_url):
    """P11: when a refusal is still right (B's move was stored before A's, and A had not
    heard of it yet), A's move is not dropped silently: the banner names it, and Take
    over shows B's game."""
    a, b = two_player_tabs(context, base_url)
    a.add_init_script(DEAF)
    a.reload()
    a.wait_for_selector(READY, timeout=60_000)
    a.evaluate("() => { window.deaf = true; }")
    tap(b, "d6")  # A hears nothing of it: its next write is based on f5
    a.get_by_role("gridcell", name="f4,").first.click()
    a.wait_for_selector("#elsewhere:not([hidden])")
    assert a.locator("#elsewhere-text").inner_text() == (
        "This game continues in another tab. Your move f4 was not saved.")
    a.get_by_role("button", name="Take it over here").click()
    shows(a, "f5d6")
    assert a.locator("#elsewhere").is_hidden()
