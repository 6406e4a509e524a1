"""Measures the built page in headless Chromium and prints the numbers.

    python3 bench/page.py startup     the start-up timeline, cold, warm and CPU 4x slower, beside bare Pyodide
    python3 bench/page.py levels      computer thinking time per rung of the ladder, weakest first (mean, p95, max)
    python3 bench/page.py levels Anti-reversi   the same in a variant (the menu's Rules name)
    python3 bench/page.py cancel      delay of Undo/New/Pause pressed during an Expert search
    python3 bench/page.py frames      frame times of a large flip animation
    python3 bench/page.py analysis    time to analyse a full game, longest main-thread task
    python3 bench/page.py hints       hint latency over games (p50, p95), midgame and where they are exact
    python3 bench/page.py history     start-up, save and Results panel at 0, 10,000 and 50,000 finished games
    python3 bench/page.py openings    the openings' explorer and trainer: each command's round trip (K2, K4)
    python3 bench/page.py openings 5  the same after 5 s left alone (pondering has read the book)
    python3 bench/page.py openings 0 4  the same with the CPU 4x slower (a phone-class CPU)
    python3 bench/page.py library DIR  the game library of DIR's WTHOR files (bench/make_library.py), R10-R13
    python3 bench/page.py size        the built site's size and precache file count
    (bench/page_taps.py: a tap's latency with pondering on and off, C4)

Run `python3 build.py` first (it uses dist/). Numbers, not pass/fail: a busy
machine gives slower numbers, so run it when the machine is quiet.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import time

from lib.page_driver import LONG_GAME, open_page, p95, play_human_turn, serve, stats
from lib.page_history import history
from lib.page_library import library
from lib.page_openings import openings
from lib.page_startup import startup
from playwright.sync_api import sync_playwright

from build_tools.common import DIST
from reversi.engine.ladder import RUNG_NAMES
from tests.browser.pages import CHROMIUM_ARGS, choose, close_menu, open_menu

# A position where b7 flips ten discs in several directions (for the animation run).
BIG_FLIP, BIG_FLIP_SQUARE = "e6d6c4d3c5f5e3f6c7c3d2e1g7f3e7b6a5b4g4e8b2c6f4a6f2h4a7b5d8f7b3c2d1b1g5g2d7", "b7"


def levels(browser, url: str, rules: str = "Standard", games: int = 1) -> None:
    """Plays each rung of the ladder (C7), weakest first, against a quick human stand-in
    under ``rules`` and prints the computer's thinking time per move (the worker round
    trip of each computer move); the rung is chosen in the menu's every-level list."""
    for rung in RUNG_NAMES:
        context, page = open_page(browser, url)
        if rules != "Standard":
            choose(page, "Rules", rules)
        open_menu(page)
        page.locator("#every-level").select_option(rung)
        close_menu(page)
        page.wait_for_function("(name) => document.getElementById('game-line').textContent"
                               ".toLowerCase().startsWith(name)", arg=rung)
        for _ in range(games):
            while play_human_turn(page):
                pass
            page.locator("#result-new").click()
            page.wait_for_timeout(300)
        times = page.evaluate("performance.getEntriesByName('computer-move').map(e => e.duration)")
        print(f"{rules} {rung:9s} computer move (worker round trip): {stats(times)}", flush=True)
        context.close()


def cancel(browser, url: str, repeats: int = 5) -> None:
    """Prints how long Undo, New and Pause take to show on the page during an Expert search."""
    for action in ("Undo", "New game", "Pause"):
        delays = []
        for _ in range(repeats):
            context, page = open_page(browser, url)
            choose(page, "Level", "Expert")
            page.locator("[data-square=d3]").click()
            page.wait_for_function("() => document.querySelector('#turn').classList.contains('thinking')")
            page.wait_for_timeout(600)  # the search is well under way
            delays.append(page.evaluate("""(name) => new Promise((resolve) => {
                const button = [...document.querySelectorAll('button')]
                    .find(b => (b.getAttribute('aria-label') || b.textContent.trim()) === name);
                const d3 = document.querySelector('[data-square=d3]');
                const turn = document.querySelector('#turn');
                const start = performance.now();
                const done = () => name === 'Pause' ? turn.textContent === 'Paused'
                                                    : d3.getAttribute('aria-label').startsWith('d3, empty');
                const check = () => done() ? resolve(performance.now() - start) : requestAnimationFrame(check);
                button.click();
                check();
            })""", action))
            context.close()
        print(f"{action:8s} during an Expert search shows after: {stats(delays)}")


def frames(browser, url: str) -> None:
    """Prints frame times while a placement flips many discs."""
    context, page = open_page(browser, url)
    choose(page, "Opponent", "Two players")
    for i in range(0, len(BIG_FLIP), 2):
        page.locator(f"[data-square={BIG_FLIP[i:i + 2]}]").click()
        page.wait_for_timeout(150)
    page.wait_for_timeout(1000)
    square = BIG_FLIP_SQUARE
    times = page.evaluate("""(square) => new Promise((resolve) => {
        const stamps = [];
        const tick = (t) => { stamps.push(t); stamps.length < 45 ? requestAnimationFrame(tick) : resolve(stamps); };
        document.querySelector(`[data-square=${square}]`).click();
        requestAnimationFrame(tick);
    })""", square)
    gaps = [b - a for a, b in zip(times, times[1:])]
    print(f"animation frames after playing {square} (flips 10): {stats(gaps)}; "
          f"p95 {p95(gaps):.2f} ms")
    context.close()


def analysis(browser, url: str) -> None:
    """Prints the time to analyse a 60-move game and the longest main-thread task meanwhile."""
    context, page = open_page(browser, url)
    page.get_by_role("button", name="Menu").click()
    page.get_by_text("Transcripts").click()
    page.get_by_label("Open a game").fill(LONG_GAME)
    page.get_by_role("button", name="Open in review").click()
    page.wait_for_selector("#review-bar:not([hidden])")
    page.wait_for_timeout(500)
    page.evaluate("""() => { window.__longest = 0; new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration); })
        .observe({ type: 'longtask' }); }""")
    started = time.perf_counter()
    page.get_by_role("button", name="Analyse").click()
    page.wait_for_selector("#analysis-progress-row[hidden]", state="attached", timeout=300_000)
    seconds = time.perf_counter() - started
    exact = page.evaluate("document.querySelector('#analysis-graph').getAttribute('aria-label')")
    print(f"analysis of {len(LONG_GAME) // 2} moves: {seconds:.1f} s; longest main-thread task "
          f"{page.evaluate('window.__longest'):.0f} ms (0 = none over 50 ms)")
    print(f"  {exact[:160]}…")
    context.close()


def hints(browser, url: str, games: int = 2) -> None:
    """Plays games against Normal with hint mode on and prints the time from the
    position's first hint request to its final hints (H1, H3), midgame and near the end."""
    context, page = open_page(browser, url)
    page.get_by_role("button", name="Hint").click()
    for _ in range(int(games)):
        while True:
            page.wait_for_function("""() => {
                if (!document.querySelector('#result').hidden) return true;
                if (document.querySelector('#turn').classList.contains('thinking')) return false;
                if (document.querySelector('#hint-toggle').classList.contains('busy')) return false;
                const names = [...document.querySelectorAll('[role=gridcell]')].map(c => c.getAttribute('aria-label'));
                const legal = names.filter(n => n.includes('legal move'));
                return legal.length > 0 && legal.every(n => n.includes('hint'));
            }""", timeout=60_000)
            if not play_human_turn(page):
                break
        page.locator("#result-new").click()
        page.wait_for_timeout(300)
    entries = page.evaluate("performance.getEntriesByName('hints').map(e => [e.duration, e.detail.empties])")
    from reversi.app.hint_mode import EXACT_EMPTIES as EXACT
    for label, chosen in (("all", entries), (f"midgame (> {EXACT} empties)", [e for e in entries if e[1] > EXACT]),
                          (f"endgame (<= {EXACT} empties, exact)", [e for e in entries if e[1] <= EXACT])):
        values = sorted(d for d, _ in chosen)
        if values:
            print(f"hints, {label:30s}: n={len(values):3d} p50={values[len(values) // 2]:6.0f} "
                  f"p95={p95(values):6.0f} "
                  f"max={values[-1]:6.0f} ms")
    context.close()


def size() -> None:
    """Prints the built site's size and the service worker's precache count."""
    files = [p for p in DIST.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    sw = (DIST / "sw.js").read_text()
    found = re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S)
    assert found is not None  # the build writes the precache list into sw.js
    precache = json.loads(found.group(1))
    print(f"site: {total:,} bytes in {len(files)} files; precache: {len(precache)} files")


def main(argv: list[str]) -> int:
    """Runs the measurement ``argv`` names (the module docstring's list); 2 for another word."""
    what = argv[0] if argv else "startup"
    runs = {"startup": startup, "levels": levels, "cancel": cancel, "frames": frames, "analysis": analysis,
            "hints": hints, "history": history, "openings": openings,
            "library": library}
    if what == "size":
        size()
        return 0
    if what in ("-h", "--help"):
        print(__doc__)
        return 0
    if what not in runs:
        print(f"{what!r}: not a measurement of this script\n{__doc__}", file=sys.stderr)
        return 2
    url = serve()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        runs[what](browser, url, *argv[1:])
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
