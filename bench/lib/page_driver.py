"""Drives the built page in headless Chromium for the page measurements (``bench/page.py``,
``bench/lib/page_startup.py``, ``bench/lib/page_history.py``, ``bench/page_taps.py``)."""

from __future__ import annotations

import statistics
import threading

from build_tools.common import DIST
from build_tools.server import make_server
from tests.browser.pages import READY, legal_squares

# A long game for the analysis and level runs (60 placements, found by self-play).
LONG_GAME = ("f5f6e6f4g6d7c3c5d3g4c6c4e8g7f3c7h4b2g5h3b4f2e7e3g8a4c2c8b5d6a2c1b1h8d1a5h2e2b7a6g3f7g2h5d2b6h7g1"
             "h6a1a7d8f1h1b3e1b8a8a3f8")


def serve():
    """Starts a server on dist/ and returns its base URL."""
    server = make_server(DIST, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def marks(page) -> dict[str, float]:
    """Returns the page's performance marks (ms since navigation)."""
    return dict(page.evaluate("performance.getEntriesByType('mark').map(m => [m.name, m.startTime])"))


def p95(values: list[float]) -> float:
    """Returns the 95th percentile of ``values`` (the nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def stats(values: list[float]) -> str:
    """Formats mean, p95 and max of millisecond values."""
    return f"n={len(values):3d} mean={statistics.mean(values):7.0f} p95={p95(values):7.0f} max={max(values):7.0f} ms"


def open_page(browser, url: str, **options):
    """Opens the page in a new 1280x800 context and waits until it is ready; returns both."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, **options)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(READY, timeout=120_000)
    return context, page


def play_human_turn(page) -> bool:
    """Waits for the person's turn and taps its first legal square; False once the game is over."""
    page.wait_for_function("() => !document.querySelector('#turn').classList.contains('thinking')", timeout=60_000)
    if not page.locator("#result").is_hidden():
        return False
    legal = legal_squares(page)
    if legal:
        page.locator(f"[data-square={legal[0]}]").click()
    page.wait_for_timeout(100)
    return True
