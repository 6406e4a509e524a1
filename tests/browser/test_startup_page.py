"""Start-up guarded without a flaky timed test: a return visit's interactive
time is compared with bare Pyodide's own start in the same browser and run, and the
engine comes from the start-up snapshot (no install at start-up)."""

from __future__ import annotations

import pytest

from build_tools.server import SERVE_HEADERS
from tests.browser.pages import READY, board_text, legal_squares, tap, wait_for_human_turn

#: Bare Pyodide's start in a worker: loadPyodide alone, no packages, no snapshot.
FLOOR = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const started = performance.now();
await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
postMessage(performance.now() - started);
"""
#: How much slower than bare Pyodide a return visit may become before this fails.
MARGIN = 3.0


@pytest.fixture
def plain_context(browser):
    """A fresh profile with no service worker, so that a routed file reaches the page."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    yield ctx
    ctx.close()


def test_a_return_visit_is_interactive_within_a_margin_of_bare_pyodide(plain_context, base_url):
    """reloaded, the page is interactive in at most 3x bare Pyodide's start
    (today about 0.3x: the engine is restored from its snapshot, not installed; the
    snapshot's heap is past Pyodide's first 30 MiB, which the worker grows first)."""
    plain_context.route("**/bench-floor.js", lambda route: route.fulfill(
        status=200, body=FLOOR, headers={"Content-Type": "text/javascript", **SERVE_HEADERS}))
    page = plain_context.new_page()
    page.goto(base_url)
    page.wait_for_selector(READY, timeout=60_000)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    interactive = page.evaluate("performance.getEntriesByName('interactive')[0].startTime")
    restored = page.workers[0].evaluate("performance.getEntriesByName('worker-restored').length")
    floor = page.evaluate("""() => new Promise((resolve, reject) => {
        const started = performance.now();
        const worker = new Worker('bench-floor.js', { type: 'module' });
        worker.onmessage = () => { resolve(performance.now() - started); worker.terminate(); };
        worker.onerror = () => reject(new Error('bare Pyodide did not start'));
    })""")
    print(f"return visit interactive {interactive:.0f} ms, bare Pyodide {floor:.0f} ms")
    assert restored == 1, "the engine did not come from the start-up snapshot"
    assert interactive <= MARGIN * floor, (interactive, floor)
    tap(page, legal_squares(page)[0])  # the computer answers: its modules and data are there
    wait_for_human_turn(page)
    assert sum(c != "-" for c in board_text(page)) == 6, board_text(page)
