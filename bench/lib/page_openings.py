"""The openings' explorer and trainer in the browser (``python3 bench/page.py openings``):
each command's round trip, the reply drawn (K2, K4; the goals: the explorer's opening
and steps under 100 ms at p95, a trainer's reply under 300 ms)."""

from __future__ import annotations

import random
import statistics

from reversi.engine import book_lines
from reversi.engine.board import Board
from reversi.engine.book import standard_book
from reversi.engine.notation import square_name
from tests.browser.pages import open_menu

from .page_driver import open_page, stats

#: Walks of the explorer, and their plies each; lines of the trainer.
WALKS, PLIES, LINES = 10, 12, 8


def measured(page, method: str) -> list[float]:
    """Returns the durations of the page's "openings" measures of ``method``, in ms."""
    return page.evaluate("(m) => performance.getEntriesByName('openings').filter(e => e.detail.method === m)"
                         ".map(e => e.duration)", method)


def wait_for(page, count: int, method: str) -> None:
    """Waits until ``count`` round trips of ``method`` are measured."""
    page.wait_for_function("([n, m]) => performance.getEntriesByName('openings')"
                           ".filter(e => e.detail.method === m).length >= n", arg=[count, method], timeout=60_000)


def explore(page, rng: random.Random) -> None:
    """Opens the explorer ``WALKS`` times from the menu, each time walking up to ``PLIES``
    book moves picked at random among the three best of its list, then back up three plies."""
    steps = backs = 0
    for walk in range(WALKS):
        open_menu(page)
        page.locator("#openings-explore").click()
        wait_for(page, walk + 1, "openings_explore")
        walked = 0
        while walked < PLIES and page.locator("#explore-moves tbody button").count():
            buttons = page.locator("#explore-moves tbody button")
            buttons.nth(rng.randrange(min(3, buttons.count()))).click()
            steps, walked = steps + 1, walked + 1
            wait_for(page, steps, "openings_play")
        for _ in range(min(3, walked)):
            page.locator("#explore-back").click()
            backs += 1
            wait_for(page, backs, "openings_back")
        page.locator("#openings-close").click()
        page.wait_for_selector("#openings[hidden]", state="attached")


def train(page) -> None:
    """Trains ``LINES`` lines of the main lines to 12 plies as Black, answering the book's
    best move (one wrong answer a line, then the best)."""
    open_menu(page)
    page.locator("#openings-explore").click()
    page.wait_for_selector("#explore-pane:not([hidden])")
    page.locator("#explore-train").click()
    page.wait_for_selector("#train-choice:not([hidden])")
    page.select_option("#train-depth", "12")
    taps = 0
    for line in range(LINES):
        button = page.locator("#train-start" if line == 0 else "#train-next")
        button.wait_for(state="visible")
        button.click()
        page.wait_for_function("() => !document.getElementById('train-line').hidden")
        wrong = True
        while True:
            page.wait_for_function("() => /^(Your move|Line done)/.test(document.getElementById('train-task')"
                                   ".textContent) || document.getElementById('train-message').textContent")
            if page.locator("#train-next").is_visible():
                break
            board = Board()
            board.play_transcript(page.locator("#train-transcript").inner_text())
            p, o = board.mover_mask()
            good = book_lines.good_moves(standard_book(), p, o)
            pick = max(good, key=lambda s: (good[s], -s))
            if wrong and len(board.placements()) > 2:  # the main lines: after it, any good move is right
                pick, wrong = next(s for s in board.legal_moves() if s not in good), False
            page.locator(f"#board [data-square={square_name(pick)}]").click()
            taps += 1
            wait_for(page, taps, "trainer_tap")


def openings(browser, url: str, wait: str = "0", cpu: str = "1") -> None:
    """Prints the explorer's and the trainer's round trips (mean, p95, max); ``wait``:
    seconds the fresh page is left alone first (pondering reads the book meanwhile);
    ``cpu``: the CPU slowed that many times (4: a phone-class CPU, as DevTools throttles it)."""
    context, page = open_page(browser, url)
    if cpu != "1":
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": float(cpu)})
    page.wait_for_timeout(float(wait) * 1000)
    explore(page, random.Random(1))
    for method in ("openings_explore", "openings_play", "openings_back"):
        print(f"explorer {method:16s} {stats(measured(page, method))}", flush=True)
    train(page)
    for method in ("trainer_open", "trainer_choose", "trainer_start", "trainer_next", "trainer_tap", "trainer_reply"):
        times = measured(page, method)
        if times:
            print(f"trainer  {method:16s} {stats(times)}", flush=True)
    first = measured(page, "openings_explore")[0]
    print(f"the explorer's first opening (the book and its heights read): {first:.0f} ms; "
          f"later openings: mean {statistics.mean(measured(page, 'openings_explore')[1:]):.0f} ms")
    context.close()
