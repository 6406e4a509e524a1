"""The game library at scale in the browser (``python3 bench/page.py library DIR``): the
games of ``DIR``'s WTHOR trio (``bench/make_library.py`` makes 100,000) added from the
file chooser, a tap's round trip during the import, the table of what people played along
the first 20 plies of games, searches, Python's memory, and start-up before and after
(R10-R13; the goals: import under 60 s, table p95 under 200 ms, search under 300 ms,
memory under 200 MB, start-up within 5 %)."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from tests.browser.pages import READY, open_menu

from .page_driver import marks, open_page, stats

#: Reloads timed before and after the import; games whose first plies are tabled.
RELOADS, GAMES, PLIES = 5, 10, 20
SEARCHES = ({"#library-player": "Novak"}, {"#library-year": "2026"}, {"#library-event": "Paris"},
            {"#library-opening": "Tiger"}, {"#library-player": "Abe", "#library-event": "Open"})


def measured(page, method: str) -> list[float]:
    """Returns the durations of the page's "library" measures of ``method``, in ms."""
    return page.evaluate("(m) => performance.getEntriesByName('library').filter(e => e.detail.method === m)"
                         ".map(e => e.duration)", method)


def wait_for(page, count: int, method: str, timeout: float = 60_000) -> None:
    """Waits until ``count`` round trips of ``method`` are measured."""
    page.wait_for_function("([n, m]) => performance.getEntriesByName('library')"
                           ".filter(e => e.detail.method === m).length >= n", arg=[count, method], timeout=timeout)


def startups(page) -> list[float]:
    """Reloads the page ``RELOADS`` times; returns each start's "interactive" mark, in ms."""
    out = []
    for _ in range(RELOADS):
        page.reload()
        page.wait_for_selector(READY, timeout=120_000)
        out.append(marks(page)["interactive"])
    return out


def memory(page) -> float:
    """Returns the most memory Python's heap held after a library command, in MB."""
    worker = page.workers[0]
    return max(worker.evaluate("performance.getEntriesByName('python-memory').map(m => m.detail.bytes)")) / 2**20


def library(browser, url: str, folder: str = "/tmp/library") -> None:
    """Prints the figures of the module docstring for the library in ``folder``."""
    files = [str(Path(folder) / f"LIB.{kind}") for kind in ("wtb", "JOU", "TRN")]
    context, page = open_page(browser, url)
    before = startups(page)
    open_menu(page)
    page.locator("#library-open").click()
    wait_for(page, 1, "library_open")
    started = time.perf_counter()
    page.set_input_files("#library-files", files)
    taps = 0
    while page.locator("#library-progress").is_visible() or not taps:  # a tap every 2 s during the import
        page.wait_for_timeout(2000)
        if not page.locator("#library-progress").is_visible():
            break
        page.select_option("#library-result", ["black", "white"][taps % 2])
        taps += 1
    page.wait_for_selector("#library-progress", state="hidden", timeout=600_000)
    page.wait_for_function("() => performance.getEntriesByName('library-import').length >= 1", timeout=600_000)
    took = page.evaluate("performance.getEntriesByName('library-import')[0].duration")
    print(f"import: {took / 1000:.1f} s in the page ({time.perf_counter() - started:.1f} s wall); "
          f"{page.locator('#status').inner_text()}", flush=True)
    steps = measured(page, "library_step")
    print(f"import batches  {stats(steps)}", flush=True)
    if taps:
        print(f"taps during it  {stats(measured(page, 'library_search')[:taps])}", flush=True)
    for query in SEARCHES:
        page.select_option("#library-result", "")
        for field in ("#library-player", "#library-year", "#library-event", "#library-opening"):
            page.fill(field, query.get(field, ""))
        count = len(measured(page, "library_search"))
        page.locator("#library-find").click()
        wait_for(page, count + 1, "library_search")
    searches = measured(page, "library_search")[-len(SEARCHES):]
    print(f"search          {stats(searches)}", flush=True)
    for game in range(GAMES):
        page.locator(f"#library-rows li:nth-child({game + 1}) button[data-act=open]").click()
        page.wait_for_selector("#review-bar:not([hidden])")
        if game == 0:
            open_menu(page)
            page.locator("#people-open").click()
        page.locator("#review-start").click()
        for _ in range(PLIES):
            count = len(measured(page, "people_table"))
            page.keyboard.press("ArrowRight")
            wait_for(page, count + 1, "people_table")
        open_menu(page)
        page.locator("#library-open").click()
        page.wait_for_selector("#library-rows li")
    tables = measured(page, "people_table")
    print(f"what people played, first {PLIES} plies of {GAMES} games  {stats(tables)}", flush=True)
    print(f"Python's memory: {memory(page):.0f} MB at most after a library command", flush=True)
    after, was = statistics.median(startups(page)), statistics.median(before)
    print(f"start-up (interactive), {RELOADS} reloads: without the library median {was:.0f} ms, "
          f"with it {after:.0f} ms ({after / was - 1:+.1%})", flush=True)
    open_menu(page)
    page.locator("#library-open").click()
    page.wait_for_selector("#library-rows li", timeout=120_000)
    print(f"after reloading: {page.locator('#library-found').inner_text()} "
          f"(opening the library read it in {measured(page, 'library_open')[-1]:.0f} ms)", flush=True)
    context.close()
