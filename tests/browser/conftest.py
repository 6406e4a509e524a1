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


def new_context(browser, request):
    """Returns a fresh browser profile (empty storage and cache) at phone size, asking for
    reduced motion (B6: discs flip at once, so a test's game is not paced by animations)
    unless the test is marked ``motion``, and with the service worker blocked unless it is
    marked ``offline`` (its first-visit precache of the whole site was a fifth of a page's
    start: 2.5 -> 2.0 CPU s)."""
    motion = request.node.get_closest_marker("motion") is not None
    offline = request.node.get_closest_marker("offline") is not None
    return browser.new_context(viewport=PHONE, device_scale_factor=2,
                               reduced_motion="no-preference" if motion else "reduce",
                               service_workers="allow" if offline else "block")


def listen(ctx, console: list[str]) -> None:
    """Collects the console lines and errors of the pages ``ctx`` opens (their workers' too)."""
    def on_page(pg) -> None:
        pg.on("console", lambda message: console.append(f"[page {message.type}] {message.text}"))
        pg.on("pageerror", lambda error: console.append(f"[page error] {error}"))

    ctx.on("page", on_page)


def failed(request) -> bool:
    """Says whether the test's call failed."""
    report = getattr(request.node, "report_call", None)
    return report is not None and report.failed


@pytest.fixture
def context(browser, request):
    """A fresh browser profile (:func:`new_context`). When the test fails, what its pages
    showed and said is printed (see :func:`describe_failure`)."""
    ctx = new_context(browser, request)
    console: list[str] = []
    listen(ctx, console)
    yield ctx
    if failed(request):
        print(describe_failure(ctx, console))
    ctx.close()


#: Run in the last test's page before the next test's page opens: what the last test
#: stored is forgotten, and the page's own saving as it goes (pagehide) stores nothing.
FORGET = """async () => {
    Storage.prototype.setItem = function () {};
    localStorage.clear();
    indexedDB.deleteDatabase("reversi-large"); // the game library (R10): done once its worker is gone
    if (self.caches) for (const name of await caches.keys()) await caches.delete(name);
}"""


class ReusedProfile:
    """One browser profile kept across the tests that ask only for a freshly loaded game
    page (:func:`page`): each such test gets a new tab in it, opened before the last one
    closes, and the game page starts with two thirds of the CPU of a new profile's first
    page (2.5 against 3.8 CPU s, most of it the browser's own; a run loads the page about
    150 times).  Between two tests the profile forgets its storage, caches, media,
    routes, permissions and offline mode; a test that fails closes it."""

    def __init__(self, browser) -> None:
        self.browser = browser
        self.context = None
        self.page = None
        self.console: list[str] = []

    def take(self, request, base_url: str):
        """Returns a new tab with the game freshly loaded, as a new profile would show it."""
        if self.context is not None and not self._forget(base_url):
            self.close()
        if self.context is None:
            self.context = new_context(self.browser, request)
            listen(self.context, self.console)
        self.console.clear()
        last, self.page = self.page, self.context.new_page()
        try:
            if last is not None:
                last.close()
            open_game(self.page, base_url)
        except playwright_api.Error:
            self.close()
            raise
        return self.page

    def _forget(self, base_url: str) -> bool:
        """Resets the profile for the next test (its last page left on a blank page, so
        that no two game pages meet); says whether it could."""
        ctx, last = self.context, self.page
        try:
            for other in ctx.pages:
                if other is not last:
                    other.close()
            ctx.set_offline(False)
            ctx.clear_permissions()
            ctx.unroute_all()
            if last is None or not last.url.startswith(base_url):
                return False
            last.evaluate(FORGET)
            last.goto("about:blank")
        except playwright_api.Error:
            return False
        return True

    def close(self) -> None:
        """Closes the profile; the next test opens a new one."""
        if self.context is not None:
            self.context.close()
            self.context = self.page = None


@pytest.fixture(scope="session")
def reused_profile(browser):
    """The run's :class:`ReusedProfile`."""
    profile = ReusedProfile(browser)
    yield profile
    profile.close()


def needs_own_profile(request) -> bool:
    """Says whether a test gets a fresh profile for its page: it asks for the context (to
    open more tabs, install a clock, change the profile) or is marked motion or offline."""
    return ("context" in request.fixturenames or request.node.get_closest_marker("motion") is not None
            or request.node.get_closest_marker("offline") is not None)


@pytest.fixture
def page(request, base_url, reused_profile):
    """The game page, loaded and ready for input: in the test's own profile when it needs
    one (:func:`needs_own_profile`), else in a new tab of the reused profile
    (:class:`ReusedProfile`), as fresh."""
    if needs_own_profile(request):
        pg = request.getfixturevalue("context").new_page()
        open_game(pg, base_url)
        yield pg
        return
    pg = reused_profile.take(request, base_url)
    yield pg
    if failed(request):
        print(describe_failure(pg.context, reused_profile.console))
        reused_profile.close()


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
