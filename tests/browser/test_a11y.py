"""an axe-core scan of the page in each of its main states, light and dark.

B7 (a real accessible grid, announcements), B3 (keyboard), B5 (full screen),
B8, B9 (the result card); the layout's states: the menu sheet open, the result card,
review, a watched game.  axe-core is a pinned test download (fetch_axe), injected into the page
for the scan only; it is never part of the built site.
"""

from __future__ import annotations

import pytest

from build_tools.downloads import AXE, fetch_axe
from tests.browser.pages import (
    WIPE_OUT,
    menu_button,
    open_menu,
    play,
    settle,
    start_local_game,
    status,
    tap,
    wait_for_human_turn,
    wait_until,
)

SCHEMES = ("light", "dark")


@pytest.fixture(scope="module")
def axe_source() -> str:
    return fetch_axe().read_text()


def scan(pg, axe_source: str) -> dict:
    """Runs axe on the page as it is; returns its violations and the ids of every rule it ran."""
    if not pg.evaluate("typeof window.axe === 'object'"):
        pg.evaluate(axe_source)  # evaluated by the debugger, so the page's CSP does not apply
    return pg.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        const ids = [...r.passes, ...r.violations, ...r.incomplete, ...r.inapplicable].map((x) => x.id);
        return {
            rules: [...new Set(ids)],
            violations: r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 8)})),
            incomplete: r.incomplete.map((v) => v.id),
        };
    }""")


def reach(pg, state: str) -> None:
    """Brings a freshly loaded page to one of its main states by playing."""
    if state == "loaded":
        return
    if state == "landscape-phone":
        pg.set_viewport_size({"width": 640, "height": 360})
        tap(pg, "d3")
        wait_for_human_turn(pg)
    if state in ("mid-game", "paused", "full-screen", "menu-open"):
        tap(pg, "d3")
        wait_for_human_turn(pg)
    if state == "paused":
        pg.get_by_role("button", name="Pause").click()
        wait_until(pg, "() => document.querySelector('#turn').textContent === 'Paused'")
    if state == "full-screen":
        menu_button(pg, "Full screen")
        wait_until(pg, "() => document.body.classList.contains('fullscreen')")
    if state == "menu-open":
        open_menu(pg)
        pg.get_by_role("dialog", name="Menu").get_by_text("Transcripts").click()  # its details open too
    if state in ("game-over", "history-open", "review-open"):
        start_local_game(pg)
        play(pg, WIPE_OUT)
        assert "Game over" in status(pg)
        pg.get_by_role("region", name="Black wins").wait_for(state="visible")  # the result card (B9)
    if state == "history-open":
        open_menu(pg)  # the results history and statistics are in the menu
        rows = pg.get_by_role("dialog", name="Menu").locator("#history-table tbody tr")
        assert rows.count() == 1 and rows.first.is_visible()
    if state == "review-open":
        pg.get_by_role("region", name="Black wins").get_by_role("button", name="Review", exact=True).click()
        pg.get_by_role("region", name="Review").wait_for(state="visible")
    if state == "watching":
        open_menu(pg)
        menu = pg.get_by_role("dialog", name="Menu")
        menu.get_by_text("Watch the computer").click()
        menu.get_by_role("combobox", name="Black", exact=True).select_option(label="Easy")
        menu.get_by_role("combobox", name="White", exact=True).select_option(label="Easy")
        menu.get_by_role("button", name="Watch a game").click()
        pg.get_by_role("region", name="Review").wait_for(state="visible", timeout=30_000)


@pytest.fixture(scope="module")
def rules_checked():
    """Collects the ids of every rule axe ran in this module and prints how many there were."""
    rules: set[str] = set()
    yield rules
    print(f"\naxe-core {AXE.spec}: {len(rules)} rules checked over all states and schemes")



@pytest.mark.parametrize("state", [
    "loaded",
    "mid-game",
    "paused",
    "full-screen",
    "landscape-phone",
    "game-over",
    "history-open",
    "menu-open",
    "review-open",
    "watching",
])
def test_b7_axe_finds_no_violations(page, axe_source, rules_checked, state):
    reach(page, state)
    found = []
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        settle(page)
        result = scan(page, axe_source)
        rules_checked.update(result["rules"])
        found += [f"{state}/{scheme}: {v['id']} ({v['impact']}) {v['help']}: {v['targets']}"
                  for v in result["violations"]]
        print(f"{state}/{scheme}: {len(result['rules'])} rules, {len(result['violations'])} violations, "
              f"needs review: {result['incomplete']}")
    assert found == [], "\n".join(found)
