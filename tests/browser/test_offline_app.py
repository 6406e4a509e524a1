"""the installable, offline app (O1), as a player meets it.

The manifest names the app and its icons, the service worker takes over, the
page says it is ready to play offline, and with the network gone the page
reloads, plays, earns a star (S1) and keeps it across another offline reload.
"""

from __future__ import annotations

import pytest

from tests.browser.pages import READY, close_menu, open_menu, status, tap, wait_for_human_turn

pytestmark = pytest.mark.offline  # these tests need the service worker


def read_manifest(pg) -> dict:
    """Fetches the manifest the page links to and each icon it names, as the browser would."""
    return pg.evaluate("""async () => {
        const link = document.querySelector('link[rel=manifest]');
        const response = await fetch(link.href);
        const manifest = await response.json();
        const icons = [];
        for (const icon of manifest.icons || []) {
            const url = new URL(icon.src, response.url).href;
            const r = await fetch(url);
            const blob = await r.blob();
            let size = null;
            try {
                const bitmap = await createImageBitmap(blob);
                size = `${bitmap.width}x${bitmap.height}`;
            } catch (e) { size = String(e); }
            icons.push({...icon, url, status: r.status, contentType: r.headers.get('content-type'), decoded: size});
        }
        return {contentType: response.headers.get('content-type'), manifest, icons};
    }""")


def test_o1_manifest_names_the_app_and_its_icons_load(page):
    got = read_manifest(page)
    manifest = got["manifest"]
    assert manifest["name"] == "Reversi" and manifest.get("short_name")
    assert manifest.get("start_url") and manifest.get("display") in ("standalone", "fullscreen", "minimal-ui")
    sizes = {icon["sizes"] for icon in got["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in got["icons"]:
        assert icon["status"] == 200, icon
        assert icon["contentType"].startswith("image/png"), icon
        assert icon["decoded"] == icon["sizes"], icon  # a real PNG of the size it claims
    assert "manifest+json" in got["contentType"] or "json" in got["contentType"]


def test_o1_s1_offline_reload_play_and_keep_the_star(context, page):
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.get_by_text("Works offline").wait_for(state="visible")
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert page.evaluate("""async () => {
        const reg = await navigator.serviceWorker.ready;
        return reg.active.state === 'activated' && navigator.serviceWorker.controller !== null;
    }""")
    assert page.get_by_text("Works offline").is_visible()

    context.set_offline(True)
    # The network is gone: a file that is not in the service worker's cache cannot load.
    assert page.evaluate("fetch('not-in-the-site-' + Date.now()).then(() => 'online', () => 'offline')") == "offline"
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert page.get_by_text("Works offline").is_visible()
    open_menu(page)  # the stars are in the menu
    stars = page.get_by_role("dialog", name="Menu").locator("#star-list")
    assert "Opening (not yet)" in stars.inner_text()
    close_menu(page)
    tap(page, "d3")
    page.locator("#celebration").filter(has_text="Star earned: Opening").wait_for(state="visible")
    wait_for_human_turn(page)  # the computer answers offline too
    assert "Computer plays" in status(page) or "Your move" in status(page)
    open_menu(page)
    assert "Opening (earned)" in stars.inner_text()
    assert page.get_by_role("dialog", name="Menu").locator("#star-count").inner_text() == "1 of 8"

    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    open_menu(page)
    opening = page.get_by_role("dialog", name="Menu").get_by_role("listitem").filter(has_text="Opening (")
    assert "Opening (earned)" in opening.inner_text()
    assert page.locator("#star-count").inner_text() == "1 of 8"
    context.set_offline(False)
