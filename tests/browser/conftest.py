"""Browser test fixtures: the built site on a local server and Debian's Chromium.

The site is the one ``python3 build.py test`` just built (``REVERSI_SITE``), or is
built once per run with ``build_site``; ``make_server`` serves it
(the same server as ``python3 build.py serve``).
Chromium is Debian's (``chromium`` on PATH) when present, else Playwright's own.
"""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest
from playwright import sync_api as playwright_api

from build_tools.server import make_server
from build_tools.site import build_site
from tests.browser.pages import PHONE, TEST_ARGS, open_game


@pytest.fixture(scope="session")
def site() -> Path:
    """The built site's folder, built here unless ``REVERSI_SITE`` names one."""
    return Path(os.environ["REVERSI_SITE"]) if os.environ.get("REVERSI_SITE") else build_site()


@pytest.fixture(scope="session")
def base_url(site) -> str:
    """Serves the site on a free localhost port for the whole run."""
    server = make_server(site, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    """Launches headless Chromium once per run."""
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    with playwright_api.sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=executable, args=TEST_ARGS)
        yield launched
        launched.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Keeps each phase's report on the test item, for :func:`context` to see a failure."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def describe_failure(ctx, console: list[str]) -> str:
    """Returns what each open page of ``ctx`` showed (its status, turn line, and the
    notices and engine banner when visible) and the last console lines of the pages and
    their workers."""
    lines = []
    for number, pg in enumerate(ctx.pages):
        try:
            shown = pg.evaluate("""() => Object.fromEntries(['status', 'turn', 'alert', 'engine-note', 'game-line']
                .map((id) => document.getElementById(id)).filter((el) => el && el.checkVisibility())
                .map((el) => [el.id, el.innerText.trim()]))""")
            lines.append(f"page {number} ({pg.url}): {shown}")
        except playwright_api.Error as error:
            lines.append(f"page {number}: unreadable ({error.message.splitlines()[0]})")
    return "\n".join([*lines, "console (last 30 lines):", *console[-30:]])


@pytest.fixture
def context(browser, request):
    """A fresh browser profile (empty storage and cache) at phone size, asking for reduced
    motion (B6: discs flip at once, so a test's game is not paced by animations) unless the
    test is marked ``motion``, and with the service worker blocked unless it is marked
    ``offline`` (its first-visit precache of the whole site was a fifth of a page's start:
    2.5 -> 2.0 CPU s). When the test fails, what its pages showed and said is printed
    (see :func:`describe_failure`)."""
    motion = request.node.get_closest_marker("motion") is not None
    offline = request.node.get_closest_marker("offline") is not None
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2,
                              reduced_motion="no-preference" if motion else "reduce",
                              service_workers="allow" if offline else "block")
    console: list[str] = []

    def listen(pg) -> None:
        pg.on("console", lambda message: console.append(f"[page {message.type}] {message.text}"))
        pg.on("pageerror", lambda error: console.append(f"[page error] {error}"))  # workers' lines come too

    ctx.on("page", listen)
    yield ctx
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        print(describe_failure(ctx, console))
    ctx.close()


@pytest.fixture
def page(context, base_url):
    """The game page, loaded and ready for input."""
    pg = context.new_page()
    open_game(pg, base_url)
    return pg


@pytest.fixture
def clocked_page(context, base_url):
    """The game page with its clock in the test's hands, paused: timers, frames and the
    one-second clock tick run only when the test moves the time on (``page.clock``).
    The worker's time is its own: the engine answers as usual."""
    pg = context.new_page()
    pg.clock.install()
    open_game(pg, base_url)
    pg.clock.pause_at(pg.evaluate("Date.now()") + 1_000)
    return pg


@pytest.fixture(scope="session")
def plain_url(site) -> str:
    """Serves the site like a plain static host (no isolation headers) for the whole run."""
    server = make_server(site, "127.0.0.1", 0, plain=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
