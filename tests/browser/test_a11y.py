"""Issue 5: an axe-core scan of the page in each of its main states, light and dark.

SPEC B7 (a real accessible grid, announcements), B3 (keyboard), B5 (full screen),
B8.  axe-core is a pinned test download (build.fetch_axe), injected into the page
for the scan only; it is never part of the built site.
"""

from __future__ import annotations

import pytest

import build
from tests.browser.pages import history_rows, start_local_game, status, tap, wait_for_human_turn

# A local game that ends early in an 18-0 wipe-out (see test_foundation.py).
WIPE_OUT = "e6f6g6e3e2f2c3d2e1c2g1b4b2a5"
SCHEMES = ("light", "dark")


@pytest.fixture(scope="module")
def axe_source() -> str:
    return build.fetch_axe().read_text()


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


def settle(pg) -> None:
    """Waits for the finite CSS animations (the celebration's pop) to end and two frames to paint:
    axe reads colours as they are, and a half-faded element is not what a player reads."""
    pg.evaluate("""async () => {
        const finite = document.getAnimations().filter((a) => a.effect.getComputedTiming().endTime !== Infinity);
        await Promise.all(finite.map((a) => a.finished.catch(() => null)));
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }""")


def reach(pg, state: str) -> None:
    """Brings a freshly loaded page to one of its main states by playing."""
    if state == "loaded":
        return
    if state in ("mid-game", "paused", "full-screen"):
        tap(pg, "d3")
        wait_for_human_turn(pg)
    if state == "paused":
        pg.get_by_role("button", name="Pause").click()
        pg.wait_for_function("() => document.querySelector('#turn').textContent === 'Paused'")
    if state == "full-screen":
        pg.get_by_role("button", name="Full screen").click()
        pg.wait_for_function("() => document.body.classList.contains('fullscreen')")
    if state in ("game-over", "history-open"):
        start_local_game(pg)
        for k in range(0, len(WIPE_OUT), 2):
            tap(pg, WIPE_OUT[k:k + 2])
        assert "Game over" in status(pg)
    if state == "history-open":
        assert len(history_rows(pg)) == 1  # opens the results history, one row in it


@pytest.fixture(scope="module")
def rules_checked():
    """Collects the ids of every rule axe ran in this module and prints how many there were."""
    rules: set[str] = set()
    yield rules
    print(f"\naxe-core {build.AXE.spec}: {len(rules)} rules checked over all states and schemes")


@pytest.mark.parametrize("state", [
    "loaded",
    "mid-game",
    "paused",
    "full-screen",
    "game-over",
    "history-open",
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
