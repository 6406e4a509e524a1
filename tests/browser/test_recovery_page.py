"""A dead engine and a broken file (O4), in a real browser: the page says what
happened, starts a new engine or offers Retry, and the game goes on where it was."""

from __future__ import annotations

import json
import time

import pytest

from reversi.engine.board import Board
from reversi.engine.notation import format_board
from tests.browser.editor import play_from
from tests.browser.pages import READY, choose, legal_squares, screenshot, status, tap, wait_until

NOTE = "#engine-note:not([hidden])"
#: A midgame far from the opening book, White (the computer) to move.
MIDGAME = Board.replay("f5f6e6f4g6d7c3c5d3g4c6c4e8g7f3c7h4b2g5h3b4")


def kill_worker(pg) -> None:
    """Kills the page's engine worker where it stands, as a phone out of memory does: its
    running JavaScript (Python's search with it) is ended through the DevTools protocol,
    then the worker closes; its reply never comes.  A termination that finds no script
    running ends the next one instead (the first ``self.close()``), so the close is sent
    again until the worker is gone: a worker left hung would be found only by the page's
    watchdog, a minute later."""
    cdp = pg.context.browser.new_browser_cdp_session()

    def workers() -> list[str]:
        return [t["targetId"] for t in cdp.send("Target.getTargets")["targetInfos"] if t["type"] == "worker"]

    (worker,) = workers()
    session = cdp.send("Target.attachToTarget", {"targetId": worker, "flatten": False})["sessionId"]
    messages = [("Runtime.terminateExecution", {})] + [("Runtime.evaluate", {"expression": "self.close()"})] * 20
    for number, (method, params) in enumerate(messages):
        if worker not in workers():
            break
        cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(
            {"id": number + 1, "method": method, "params": params})})
        time.sleep(0.1 * bool(number))  # a close takes a moment to show in the targets
    assert worker not in workers(), "the worker did not close"
    cdp.detach()


def test_o4_the_engine_killed_during_an_expert_search_is_replaced_and_the_game_goes_on(page):
    """O4: killed while Expert thinks, the worker's death is said, a new engine loads the
    saved game, the computer thinks again and replies, and the player plays on."""
    choose(page, "Level", "Expert")
    play_from(page, format_board(MIDGAME.discs(0), MIDGAME.discs(1), MIDGAME.turn), "Play the computer")
    wait_until(page, "() => document.querySelector('#turn').classList.contains('thinking')")
    kill_worker(page)  # at once: Expert may settle a move within a second (C5)
    assert "Computer plays" not in status(page)  # killed before it replied
    page.wait_for_selector(NOTE, timeout=75_000)  # the lock tells at once; the watchdog (2 × 30 s) is the fallback
    assert "engine stopped" in page.locator("#engine-text").inner_text()
    screenshot(page, "o4-engine-restarting-phone")
    wait_until(page, "() => document.querySelector('#engine-text').textContent.includes('running again')",
                           timeout=60_000)
    wait_until(page, "() => document.querySelector('#status').textContent.includes('Your move')",
                           timeout=60_000)
    squares = legal_squares(page)
    assert squares and "Computer plays" in status(page)
    screenshot(page, "o4-engine-back-phone")
    tap(page, squares[0])
    assert page.get_by_role("gridcell", name=f"{squares[0]}, black").count() == 1


def test_o4_a_worker_closed_after_the_computers_reply_does_not_swallow_the_next_tap(page):
    """O4, the issue's case: the worker closes after replying; the next taps are played
    by the new engine (before: ignored for 45 s with no word)."""
    tap(page, "d3")
    wait_until(page, "() => document.querySelector('#status').textContent.includes('Your move')")
    page.workers[0].evaluate("() => self.close()")
    wait_until(page, "() => document.querySelector('#engine-text').textContent.includes('running again')",
                           timeout=60_000)
    square = legal_squares(page)[0]
    tap(page, square)
    assert page.get_by_role("gridcell", name=f"{square}, black").count() == 1


@pytest.fixture
def no_service_worker(browser):
    """A fresh profile whose requests go straight to the network (no service worker)."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    yield ctx
    ctx.close()


@pytest.mark.parametrize("name", ["pyodide.asm.wasm", "python_stdlib.zip"])
def test_o4_a_file_that_arrives_broken_is_named_and_retry_fetches_it_again(no_service_worker, base_url, name):
    """O4: a Pyodide file served corrupt once: the page names it and offers Retry (no
    endless spinner); Retry fetches it again and the game starts."""
    served = []

    def corrupt_once(route):
        served.append(route.request.url)
        if len(served) == 1:
            route.fulfill(status=200, body=b"\x00broken" * 1000)
        else:
            route.continue_()
    no_service_worker.route(f"**/pyodide/{name}*", corrupt_once)
    pg = no_service_worker.new_page()
    pg.goto(base_url)
    pg.wait_for_selector(NOTE, timeout=60_000)
    assert name in pg.locator("#engine-text").inner_text()
    assert pg.locator("#loading").is_hidden()
    assert pg.get_by_role("button", name="Retry").is_visible()
    screenshot(pg, f"o4-broken-{name.split('.')[0]}-phone")
    pg.get_by_role("button", name="Retry").click()
    pg.wait_for_selector(READY, timeout=60_000)
    assert pg.locator("#engine-note").is_hidden()
    tap(pg, "d3")
    assert pg.get_by_role("gridcell", name="d3, black").count() == 1
