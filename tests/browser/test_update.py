"""O1 across two builds: a new build served over an installed one.

The player has the app installed (service worker active) and a game saved. The
site is then rebuilt with a changed file and a new ``sw.js``. The open page says
a new version is ready without disturbing the game; a reload runs the new files,
keeps the saved game, and leaves only the new build's cache behind, offline too.
"""

from __future__ import annotations

import shutil
import threading

import pytest

from build_tools.downloads import fetch_axe
from build_tools.server import make_server
from build_tools.site import write_service_worker
from tests.browser.pages import READY, board_text, open_game, screenshot, start_local_game, tap
from tests.browser.test_a11y import scan

MARKER = "--reversi-test-build"

pytestmark = pytest.mark.offline  # these tests need the service worker


@pytest.fixture
def own_site(site, tmp_path):
    """A private copy of the built site on its own server (its origin has its own storage)."""
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    server = make_server(copy, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield copy, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def rebuild_with_marker(site, value: str) -> None:
    """Makes the next build: a changed stylesheet and the service worker written for it."""
    css = site / "web" / "style.css"
    css.write_text(css.read_text() + f"\n:root {{ {MARKER}: {value}; }}\n")
    write_service_worker(site)


def marker(pg) -> str:
    return pg.evaluate(f"getComputedStyle(document.documentElement).getPropertyValue('{MARKER}').trim()")


def reversi_caches(pg) -> list[str]:
    return pg.evaluate("caches.keys().then(names => names.filter(n => n.startsWith('reversi-')))")


def test_o1_a_new_build_replaces_the_installed_one(context, own_site):
    site, url = own_site
    pg = context.new_page()
    open_game(pg, url)
    pg.get_by_text("Works offline").wait_for(state="visible")
    pg.reload()
    pg.wait_for_selector(READY, timeout=60_000)
    first_cache = reversi_caches(pg)
    assert len(first_cache) == 1 and marker(pg) == ""
    start_local_game(pg)
    tap(pg, "d3")
    saved = board_text(pg)

    rebuild_with_marker(site, "2")
    pg.evaluate("navigator.serviceWorker.getRegistration().then(reg => reg.update())")
    # The open game is not reloaded under the player: the page says a new version is ready.
    news = pg.get_by_role("status").filter(has_text="A new version of the game is ready")
    news.wait_for(state="visible", timeout=30_000)
    assert board_text(pg) == saved
    screenshot(pg, "update-ready-phone")
    assert scan(pg, fetch_axe().read_text())["violations"] == []  # B7, light scheme

    with pg.expect_navigation():
        news.get_by_role("button", name="Reload now").click()
    pg.wait_for_selector(READY, timeout=60_000)
    assert not news.is_visible()
    assert marker(pg) == "2"  # the new build's stylesheet
    caches_now = reversi_caches(pg)
    assert len(caches_now) == 1 and caches_now != first_cache  # the old build's cache is gone
    assert board_text(pg) == saved  # the saved game came through the update
    assert pg.locator("#turn").inner_text() == "White to move"

    context.set_offline(True)
    pg.reload()
    pg.wait_for_selector(READY, timeout=60_000)
    assert marker(pg) == "2"
    context.set_offline(False)
