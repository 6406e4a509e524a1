"""Measures the person's tap against the computer with pondering on and off (C4) and prints
the numbers: the time from a tap to its disc on the board (the square's accessible name
says the disc, and a frame has been drawn since), over the person's turns of whole games
against a level, the person thinking ``think`` ms before each tap (the worker ponders
meanwhile when it is on).

    python3 bench/page_taps.py [level] [games] [think_ms]     e.g. Hard 1 1500

Run `python3 build.py` first (it uses dist/). Numbers, not pass/fail.
"""

from __future__ import annotations

import shutil
import sys

from page import open_page, p95, serve, stats  # bench/page.py: its helpers put the repository on sys.path
from playwright.sync_api import sync_playwright

from tests.browser.pages import CHROMIUM_ARGS, choose, close_menu, legal_squares, open_menu

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
    latencies = []
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


def main(argv: list[str]) -> int:
    url = serve()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        taps(browser, url, *argv)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
