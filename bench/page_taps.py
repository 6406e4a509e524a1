"""Measures the person's tap against the computer with pondering on and off (C4) and prints
the numbers: the time from a tap to its disc on the board (the square's accessible name
says the disc, and a frame has been drawn since), over the person's turns of whole games
against a level, the person thinking ``think`` ms before each tap (the worker ponders
meanwhile when it is on).

    python3 bench/page_taps.py [level] [games] [think_ms]     e.g. Hard 1 1500
    python3 bench/page_taps.py mistakes [samples]             e.g. mistakes 8

``mistakes``: the background analysis of a finished 60-placement game between two players
(N6: all 60 placements), untouched from its end to "Analysis done" (which includes the
1.5 s quiet wait), then, in the same game played again, the latency of Review pressed
while a step runs, against Review pressed once the analysis is done, and of New game
pressed while a step runs (the next game's first board).

Run `python3 build.py` first (it uses dist/). Numbers, not pass/fail.
"""

from __future__ import annotations

import shutil
import sys

from lib.page_driver import LONG_GAME, open_page, p95, serve, stats
from playwright.sync_api import sync_playwright

from tests.browser.pages import CHROMIUM_ARGS, choose, close_menu, legal_squares, open_menu, play, start_local_game

#: Taps the first legal square and resolves with the ms until its disc is named and drawn.
TAP = """(square) => new Promise((resolve) => {
    const cell = document.querySelector(`[data-square=${square}]`);
    const start = performance.now();
    const placed = () => !cell.getAttribute('aria-label').includes('empty');
    const check = () => placed() ? requestAnimationFrame(() => resolve(performance.now() - start))
                                 : requestAnimationFrame(check);
    cell.click();
    check();
})"""


def game_taps(page, think_ms: int) -> list[float]:
    """Plays one game as Black with the first legal square each turn; returns the tap latencies."""
    latencies: list[float] = []
    while True:
        page.wait_for_function("() => !document.querySelector('#turn').classList.contains('thinking')",
                               timeout=60_000)
        if not page.locator("#result").is_hidden():
            return latencies
        legal = legal_squares(page)
        if not legal:
            page.wait_for_timeout(100)
            continue
        page.wait_for_timeout(think_ms)  # the person thinks; the worker ponders if it may
        latencies.append(page.evaluate(TAP, legal[0]))


def taps(browser, url: str, level: str = "Hard", games: str = "1", think_ms: str = "1500") -> None:
    """Prints the tap latencies with pondering on, then off, and the p95 difference."""
    p95s = {}
    for pondering in (True, False):
        context, page = open_page(browser, url)
        choose(page, "Level", level)
        if not pondering:
            open_menu(page)
            page.locator("#menu").get_by_label("Think during my turn").uncheck()
            close_menu(page)
        latencies = []
        for _ in range(int(games)):
            latencies += game_taps(page, int(think_ms))
            page.locator("#result-new").click()
        slices = page.evaluate("performance.getEntriesByName('ponder').length")
        label = "on " if pondering else "off"
        print(f"{level} pondering {label}: tap to disc {stats(latencies)} ({len(latencies)} taps, "
              f"{slices} pondering runs)")
        p95s[pondering] = p95(latencies)
        context.close()
    print(f"p95 difference (on - off): {p95s[True] - p95s[False]:+.1f} ms")


#: Clicks the button ``id`` and resolves with the ms until ``selector`` matches and a frame is drawn.
CLICK = """([id, selector]) => new Promise((resolve) => {
    const start = performance.now();
    const check = () => (document.querySelector(selector)
        ? requestAnimationFrame(() => resolve(performance.now() - start)) : requestAnimationFrame(check));
    document.getElementById(id).click();
    check();
})"""
#: Notes when the live region first says the analysis is done (``window.analysed``, ms).
DONE = """() => { window.analysed = null;
    new MutationObserver(() => { if (window.analysed === null && document.getElementById('status').textContent
        .startsWith('Analysis done')) window.analysed = performance.now(); })
      .observe(document.getElementById('status'), { childList: true, characterData: true, subtree: true }); }"""
PROGRESS = "() => document.getElementById('mistakes-progress').textContent"
STEPPED = "(before) => document.getElementById('mistakes-progress').textContent !== before"
REVIEW_OPEN, OPENING = "#review-bar:not([hidden])", "[data-square=d3][aria-label*=legal]"
CARD = "#result:not([hidden])"


def in_a_step(page, offset_ms: int) -> None:
    """Waits until a step of the analysis ends (the next one starts at once), then ``offset_ms``."""
    page.wait_for_function(STEPPED, arg=page.evaluate(PROGRESS), timeout=60_000)
    page.wait_for_timeout(offset_ms)


def mistakes(browser, url: str, samples: str = "8") -> None:
    """Prints the analysis time of a 60-placement game and the latencies of Review and New
    game pressed while it runs (see the module docstring)."""
    context, page = open_page(browser, url)
    start_local_game(page)
    page.evaluate(DONE)
    play(page, LONG_GAME)
    ended = page.evaluate("performance.now()")
    page.wait_for_function("() => window.analysed !== null", timeout=600_000)
    took = page.evaluate("window.analysed") - ended
    steps = page.evaluate("performance.getEntriesByName('mistakes').map((m) => m.duration)")
    print(f"analysis of {len(LONG_GAME) // 2} placements: {took / 1000:.1f} s from the game's end "
          f"(1.5 s of it the quiet wait); steps {stats(steps)}")
    page.locator("#result-new").click()
    page.wait_for_selector(OPENING)
    play(page, LONG_GAME)  # the same game again: a new record, analysed again
    during, idle = [], []
    for n in range(int(samples)):
        in_a_step(page, 50 + 97 * n % 300)  # somewhere inside the next step
        during.append(page.evaluate(CLICK, ["result-review", REVIEW_OPEN]))
        page.locator("#close-review").click()
        page.wait_for_selector(CARD)
    page.evaluate(DONE)
    page.wait_for_function("() => window.analysed !== null", timeout=600_000)
    for _ in range(int(samples)):
        idle.append(page.evaluate(CLICK, ["result-review", REVIEW_OPEN]))
        page.locator("#close-review").click()
        page.wait_for_selector(CARD)
        page.wait_for_timeout(200)
    print(f"Review during analysis: {stats(during)}")
    print(f"Review after analysis:  {stats(idle)}")
    print(f"p95 difference (during - after): {p95(during) - p95(idle):+.1f} ms")
    news = []
    page.locator("#result-new").click()
    page.wait_for_selector(OPENING)
    for _ in range(max(1, int(samples) // 4)):  # New game while a step runs: the next game's first board
        play(page, LONG_GAME)
        in_a_step(page, 100)
        news.append(page.evaluate(CLICK, ["result-new", OPENING]))
    print(f"New game during analysis: {stats(news)}")
    context.close()


def main(argv: list[str]) -> int:
    """Runs ``mistakes`` or the taps of ``argv``; the usage for ``-h`` or ``--help``."""
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    url = serve()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        if argv[:1] == ["mistakes"]:
            mistakes(browser, url, *argv[1:])
        else:
            taps(browser, url, *argv)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
