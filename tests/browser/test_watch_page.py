"""Watching two levels play each other in the page (C2).

The watched game grows in review one placement at a time, announced in the live
region; the player's own game, save, history and stars stay as they were; and
"Back to the game" stops it at once, even while Expert is searching. The page's
clock is the test's (``page.clock``), so the pause between two watched moves passes
when the test says so, and a late move is ruled out by a round trip to the engine.
(Named ``test_watch_page.py``: pytest's default import mode cannot collect two
test modules with the same basename, and ``tests/test_watch.py`` exists.)
"""

from __future__ import annotations

import re
import time

from tests.browser.pages import (
    READY,
    board_text,
    caught_up,
    choose,
    history_rows,
    open_game,
    open_menu,
    start_local_game,
    status,
    tap,
    wait_until,
)

TITLE = "#review-title"


#: The controller's pause between two watched moves (web/control/controller.js).
WATCH_DELAY_MS = 600


def start_watching(page, black: str, white: str) -> None:
    """Opens the menu's Watch section, picks the two levels and starts a game (the menu closes)."""
    open_menu(page)
    menu = page.get_by_role("dialog", name="Menu")
    menu.get_by_text("Watch the computer").click()
    menu.get_by_role("combobox", name="Black", exact=True).select_option(label=black)
    menu.get_by_role("combobox", name="White", exact=True).select_option(label=white)
    menu.get_by_role("button", name="Watch a game").click()
    page.locator("#review-bar").wait_for(state="visible", timeout=30_000)


def title(page) -> str:
    return page.locator(TITLE).inner_text()


def test_c2_watch_easy_against_normal_to_the_end(context, base_url):
    page = context.new_page()
    page.clock.install()
    open_game(page, base_url)
    page.clock.pause_at(page.evaluate("Date.now()") + 1_000)  # the page's timers now run when told
    start_local_game(page)
    tap(page, "d3")
    live, stars = board_text(page), page.locator("#star-count").inner_text()

    start_watching(page, "Easy", "Normal")
    assert title(page) == "Easy (Black) against Normal (White): move 1 of 1"
    assert page.get_by_role("button", name="Analyse").is_disabled()  # not while it is being played
    said = []
    for _ in range(61):
        if "Game over" in status(page):
            break
        before = title(page)
        page.clock.run_for(WATCH_DELAY_MS + 100)  # the pause between two watched moves
        wait_until(page, "([sel, t]) => document.querySelector(sel).textContent !== t",
                               arg=[TITLE, before], timeout=15_000)
        said.append(status(page))
    moves = int(re.search(r"move (\d+) of (\d+)", title(page)).group(2))
    assert title(page).endswith(f"move {moves} of {moves}") and moves >= 20
    assert all(line.startswith(f"Move {k}: ") for k, line in enumerate(said, 2)), said[:3]
    final = status(page)
    black, white = (int(n) for n in re.search(r"(\d+)–(\d+)", final).groups())
    cells = board_text(page)
    assert (cells.count("X"), cells.count("O")) == (black, white), final
    assert page.get_by_role("button", name="Analyse").is_enabled()  # the finished game can be analysed

    page.get_by_role("button", name="Back to the game").click()
    wait_until(page, "() => document.querySelector('#review-bar').hidden")
    assert board_text(page) == live
    assert page.locator("#star-count").inner_text() == stars
    assert history_rows(page) == []  # a watched game is nobody's result
    page.clock.resume()
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert board_text(page) == live  # the save still holds the player's game


def test_c2_v1_back_to_the_game_stops_an_expert_search(clocked_page):
    """C2: Back to the game interrupts a running search. The rules are anti-reversi's,
    which Expert has no opening book for (V2), so its third move is a real search; and a
    new watched game plays the rules chosen in the menu (V1)."""
    page = clocked_page
    choose(page, "Rules", "Anti-reversi")
    live = board_text(page)
    start_watching(page, "Expert", "Expert")  # (axe scans a watched game in test_a11y.py: it needs running timers)
    wait_until(page, "(sel) => document.querySelector(sel).textContent.endsWith('move 1 of 1')",
                           arg=TITLE, timeout=30_000)
    page.clock.run_for(WATCH_DELAY_MS + 100)
    wait_until(page, "(sel) => document.querySelector(sel).textContent.endsWith('move 2 of 2')",
                           arg=TITLE, timeout=30_000)
    page.evaluate("""() => {
        window.__said = [];
        new MutationObserver(() => window.__said.push(document.querySelector('#status').textContent))
            .observe(document.querySelector('#status'), {childList: true, characterData: true, subtree: true});
    }""")
    page.clock.run_for(WATCH_DELAY_MS + 100)  # the pause is over: the third move's search is sent
    started = time.perf_counter()
    page.get_by_role("button", name="Back to the game").click()
    wait_until(page, "() => document.querySelector('#review-bar').hidden")
    assert board_text(page) == live
    # The player can play at once: the worker is not still searching the watched game.
    page.get_by_role("gridcell", name="d3,").first.click()
    wait_until(page,
        "() => document.querySelector('[aria-label^=\"d3,\"]').getAttribute('aria-label').startsWith('d3, black')")
    delay = time.perf_counter() - started
    print(f"Back to the game and a placement during a watched Expert search: {delay * 1000:.0f} ms")
    assert delay < 0.8, delay
    caught_up(page)  # a late watched move would have shown by now
    assert page.locator("#review-bar").is_hidden()
    said = page.evaluate("() => window.__said")
    assert not any("Move 3:" in line for line in said), said
