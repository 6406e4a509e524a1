"""A random two-tab test of the real page (P7, P11, O4, P2): two tabs of one
browser (one localStorage, real ``storage`` events) tap, undo, pause, switch opponents,
review, take over, reload, hide, lose a write to a full storage or their engine worker.
After each action, once both tabs settled (the computer's reply in): 1. a tab that is
visible, not reviewing, without the "continues in another tab" notice or a storage fault
shows the stored game; 2. star and result counts never fall, and a visible tab has what
is stored; 3. two such tabs show the same board. A failed write must bring the "not
being saved" notice (P2), a killed worker "running again" (O4). It serves a copy of dist/.

    python3 build.py && nice -n 10 python3 bench/two_tabs.py --actions 1000 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from lib.page_driver import stats
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, ViewportSize, sync_playwright

from build_tools.common import DIST
from build_tools.server import make_server
from reversi.engine.board import Board
from tests.browser.pages import (
    DESKTOP,
    READY,
    TEST_ARGS,
    choose,
    close_menu,
    hide_page,
    menu_button,
    tap,
    tool,
    wait_until,
)

#: What a tab shows, read in one go: the board, the banners, the counts, what is enabled.
LOOK = """() => {
    const $ = (id) => document.getElementById(id);
    const shown = (id) => Boolean($(id)) && !$(id).hidden;
    const text = (id) => ($(id) ? $(id).textContent : '');
    const names = [...document.querySelectorAll('#board [role=gridcell]')]
        .map((cell) => cell.getAttribute('aria-label') || '');
    const board = $('board');
    const mode = document.querySelector('input[name=mode]');
    return {
        ready: Boolean(board) && board.getAttribute('role') === 'grid' && board.getAttribute('aria-busy') === 'false',
        thinking: Boolean($('turn')) && $('turn').classList.contains('thinking'),
        engine: shown('engine-note') ? text('engine-text') : '',
        installs: performance.getEntriesByName('engine-installed').length,
        open: window.__engine ? window.__engine.open.size : -1, sent: window.__engine ? window.__engine.sent : -1,
        hidden: document.hidden,
        reviewing: shown('review-bar'),
        elsewhere: shown('elsewhere') ? text('elsewhere-text') : '',
        paused: Boolean($('pause')) && $('pause').getAttribute('aria-label') === 'Resume',
        over: shown('result') || text('turn') === 'Game over',
        alert: shown('alert') ? text('alert-list') : '',
        cells: names.map((n) => ({black: 'X', white: 'O'})[n.split(', ')[1]] || '-').join(''),
        legal: names.filter((n) => n.includes('legal move')).map((n) => n.split(',')[0]),
        stars: text('star-count'),
        results: shown('history-reading') ? null : text('history-position'),
        turn: text('turn'), line: text('game-line'), status: text('status'),
        transcript: $('transcript-out') ? $('transcript-out').value : '',
        local: Boolean(document.querySelector('input[name=mode][value=local]:checked')),
        modes: Boolean(mode) && !mode.disabled,
        enabled: Object.fromEntries(['undo', 'redo', 'new-game', 'pause', 'review', 'takeover']
            .map((id) => [id, Boolean($(id)) && !$(id).disabled])),
    };
}"""
#: Run in every page before its own scripts: counts the requests the page sends its engine
#: worker and keeps those of the newest worker still unanswered (the protocol in the header of
#: web/engine/engine.js), leaving out the background ones (the clock, pondering, the hints, an
#: analysis, the search for mistakes): a tab is at rest only when none is open, so no reply
#: to an action or to another tab's write is still on its way.
PROBE = """(() => {
    const background = new Set(['tick', 'ponder', 'hint_step', 'analysis_step', 'mistakes_step']);
    const engine = window.__engine = {sent: 0, open: new Set()};
    let newest = null;
    const Native = window.Worker;
    window.Worker = class extends Native {
        constructor(...args) {
            super(...args);
            newest = this;
            engine.open.clear();
            this.addEventListener('message', ({data}) => { if (this === newest && data) engine.open.delete(data.id); });
        }
        postMessage(message, ...rest) {
            if (this === newest && message && message.method) {
                engine.sent += 1;
                if (!background.has(message.method)) engine.open.add(message.id);
            }
            return super.postMessage(message, ...rest);
        }
    };
})();"""
#: Every saved part, by key.
STORED = """() => Object.fromEntries(Object.keys(localStorage).filter((key) => key.startsWith('reversi.'))
    .map((key) => [key, localStorage.getItem(key)]))"""
#: The tab's next localStorage write throws, as a full storage does (P2, P10).
FULL_ONCE = """() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
        if (this !== window.localStorage) return setItem.call(this, key, value);
        Storage.prototype.setItem = setItem;
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
}"""
#: Shows the page again after hide_page (tests/browser/pages.py): the visibilitychange of a tab switched back to.
SHOW = """() => {
    for (const [name, value] of [['hidden', false], ['visibilityState', 'visible']]) {
        Object.defineProperty(document, name, {value, configurable: true});
    }
    document.dispatchEvent(new Event('visibilitychange'));
}"""
#: Seconds for both tabs to settle after an action, and then for them to agree with storage.
SETTLE_S, AGREE_S = 150, 20
#: How often the checks look again, in ms.
LOOK_MS = 100
#: A page gives up restarting its engine after RESTARTS deaths in RESTART_WINDOW_MS and
#: offers Retry (web/engine/recovery.js): a tab's worker is killed only while that is far.
RESTARTS, RESTART_WINDOW_S = 3, 60 + 15
#: The actions and their weights (an action that does not apply to the chosen tab is drawn again).
WEIGHTS = {"tap": 34, "new": 2, "undo": 6, "redo": 4, "pause": 4, "opponent": 4, "review": 5, "reload": 6,
           "reload-race": 4, "visibility": 6, "fault": 3, "kill": 4, "kill-race": 3}


@dataclass
class Tab:
    """One tab: its page, and what this test knows of it."""

    name: str
    page: Page
    hidden: bool = False
    faulted: bool = False  # its storage failed since its last reload (it stores nothing until reloaded)
    stars: int = 0  # the most it showed since its last faulted reload
    results: int = 0
    deaths: list[float] = field(default_factory=list)  # when its engine was killed, since its last reload


@dataclass
class Run:
    """The run's tabs, counts and problems."""

    tabs: list[Tab]
    rng: random.Random
    counts: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    stored_stars: int = 0
    stored_results: int = 0
    doing: str = ""  # the action under way, for a report
    times: dict[str, list[float]] = field(default_factory=lambda: {"reload": [], "restart": [], "settle": []})

    def other(self, tab: Tab) -> Tab:
        return self.tabs[1] if tab is self.tabs[0] else self.tabs[0]


def look(tab: Tab) -> dict[str, Any] | None:
    """Returns what the tab shows (:data:`LOOK`), or None while it is between documents."""
    try:
        return tab.page.evaluate(LOOK)
    except PlaywrightError:
        return None


def stored(run: Run) -> dict[str, str] | None:
    """Returns the stored parts by key, read in whichever tab answers."""
    for tab in run.tabs:
        try:
            return tab.page.evaluate(STORED)
        except PlaywrightError:
            continue
    return None


def settled(view: dict[str, Any] | None) -> bool:
    """Says whether a tab is at rest: ready, not thinking, no engine starting, no request
    unanswered (:data:`PROBE`), and in a computer game visible and in play, the person's
    turn (the computer's reply is in)."""
    if view is None or not view["ready"] or view["thinking"] or view["open"]:
        return False
    if view["engine"] and "running again" not in view["engine"]:
        return False
    return bool(view["hidden"] or view["reviewing"] or view["elsewhere"] or view["paused"] or view["over"]
                or view["legal"])


def rest(tab: Tab, seconds: float = 60) -> dict[str, Any] | None:
    """Waits until ``tab`` is settled and returns what it shows; None when it did not settle in time."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        view = look(tab)
        if settled(view):
            return view
        tab.page.wait_for_timeout(LOOK_MS)
    return None


def count_of(text: str | None, pattern: str) -> int | None:
    """Returns the number ``pattern`` finds in a tab's text; 0 for no text; None for none shown yet."""
    if text is None:
        return None
    found = re.search(pattern, text)
    return int(found.group(1)) if found else 0


def stored_counts(texts: dict[str, str]) -> tuple[int, int, str | None, str]:
    """Returns the stored stars, the stored results, the stored game's board (None for a
    set-up, balanced or variant game) and the stored game's text (for a report)."""
    try:
        stars = len(json.loads(texts["reversi.stars"])["earned"]) if "reversi.stars" in texts else 0
        results = sum(len(json.loads(text)["records"]) for key, text in texts.items()
                      if re.fullmatch(r"reversi\.history\.\d+", key))
        game: dict[str, Any] = (json.loads(texts["reversi.game"])["game"] if "reversi.game" in texts
                                else {"moves": "", "cursor": 0})
    except (ValueError, KeyError, TypeError) as error:
        return 0, 0, None, f"unreadable: {error!r}"
    said = f"moves {game.get('moves')} cursor {game.get('cursor')} mode {game.get('mode')}"
    if {"start", "variant", "opening"} & game.keys():
        return stars, results, None, said + " (not the standard game from the opening: not compared)"
    return stars, results, Board.replay(game["moves"][:2 * game["cursor"]]).cells(), said


def plain(tab: Tab, view: dict[str, Any]) -> bool:
    """Says whether a tab should show the stored game: visible, not reviewing, no notice
    that the game continues elsewhere, no storage fault since its reload."""
    return not (view["hidden"] or view["reviewing"] or view["elsewhere"] or tab.faulted)


def invariants(run: Run, views: list[dict[str, Any]], texts: dict[str, str]) -> list[str]:
    """Returns the invariants that do not hold now (1, 2 and 3 of the module docstring)."""
    stars, results, position, _ = stored_counts(texts)
    found = []
    if stars < run.stored_stars or results < run.stored_results:
        found.append(f"2: the stored counts fell: stars {run.stored_stars} -> {stars}, "
                     f"results {run.stored_results} -> {results}")
    for tab, view in zip(run.tabs, views):
        if position is not None and plain(tab, view) and view["cells"] != position:
            found.append(f"1: tab {tab.name} shows another game than the stored one, without the notice")
        shown_stars, shown_results = count_of(view["stars"], r"(\d+) of"), count_of(view["results"], r"of (\d+)")
        if (shown_stars or 0) < tab.stars or (shown_results is not None and shown_results < tab.results):
            found.append(f"2: tab {tab.name}'s counts fell: stars {tab.stars} -> {shown_stars}, "
                         f"results {tab.results} -> {shown_results}")
        fewer = (shown_stars or 0) < stars or (shown_results is not None and shown_results < results)
        if fewer and not view["hidden"]:
            found.append(f"2: tab {tab.name} shows fewer than stored: stars {shown_stars} of {stars}, "
                         f"results {shown_results} of {results}")
    if all(plain(tab, view) for tab, view in zip(run.tabs, views)) and views[0]["cells"] != views[1]["cells"]:
        found.append("3: the tabs show different boards")
    return found


def record(run: Run, views: list[dict[str, Any]], texts: dict[str, str]) -> None:
    """Keeps the counts just seen as the ones that may not fall."""
    stars, results, _, _ = stored_counts(texts)
    run.stored_stars, run.stored_results = max(run.stored_stars, stars), max(run.stored_results, results)
    for tab, view in zip(run.tabs, views):
        tab.stars = max(tab.stars, count_of(view["stars"], r"(\d+) of") or 0)
        tab.results = max(tab.results, count_of(view["results"], r"of (\d+)") or 0)


def board_rows(cells: str) -> str:
    """Returns a board's 64 cells as eight rows, a1..h1 first."""
    return " ".join(cells[k:k + 8] for k in range(0, len(cells), 8))


def report(run: Run, found: list[str], views: list[dict[str, Any] | None], texts: dict[str, str] | None) -> None:
    """Counts and prints a problem with what each tab shows and what is stored."""
    run.problems.extend(found)
    print(f"  PROBLEM at action {run.counts['actions']}: " + "; ".join(found))
    for tab, view in zip(run.tabs, views):
        if view is None:
            print(f"    tab {tab.name}: unreadable")
            continue
        print(f"    tab {tab.name}{' (faulted)' if tab.faulted else ''}: {board_rows(view['cells'])}; "
              f"turn {view['turn']!r}; game line {view['line']!r}; transcript {view['transcript']!r}; "
              f"status {view['status']!r}; hidden {view['hidden']}; reviewing {view['reviewing']}; "
              f"paused {view['paused']}; elsewhere {view['elsewhere']!r}; engine {view['engine']!r}; "
              f"alert {view['alert']!r}; stars {view['stars']!r}; results {view['results']!r}")
    if texts is not None:
        stars, results, position, said = stored_counts(texts)
        print(f"    stored game: {said}; board {board_rows(position or '')}; stars {stars}; results {results}")
    sys.stdout.flush()


def check(run: Run) -> None:
    """Waits until both tabs settled and the invariants hold (they may need a moment to
    take in the other tab's write); reports what still does not hold after AGREE_S."""
    started = time.monotonic()
    agree_by = None
    views: list[dict[str, Any] | None] = [None, None]
    texts = None
    while True:
        views = [look(tab) for tab in run.tabs]
        texts = stored(run)
        now = time.monotonic()
        if texts is not None and all(settled(view) for view in views):
            ready = [view for view in views if view is not None]
            found = invariants(run, ready, texts)
            if not found:
                record(run, ready, texts)
                run.times["settle"].append(1000 * (now - started))
                return
            agree_by = agree_by or now + AGREE_S
            if now > agree_by:
                report(run, found, views, texts)
                record(run, ready, texts)
                return
        elif now - started > SETTLE_S:
            stuck = [tab.name for tab, view in zip(run.tabs, views) if not settled(view)]
            report(run, [f"tab {' and '.join(stuck) or '?'} did not settle in {SETTLE_S} s"], views, texts)
            return
        run.tabs[0].page.wait_for_timeout(LOOK_MS)


def sent(pg: Page, act: Callable[[], None], timeout: float = 5_000) -> bool:
    """Does ``act`` and waits until the page has sent its engine a request (its reply is
    waited for by :func:`settled`); False when it sent none within ``timeout`` ms."""
    before = pg.evaluate("() => window.__engine.sent")
    act()
    try:
        wait_until(pg, "(before) => window.__engine.sent > before", arg=before, timeout=timeout)
    except PlaywrightError:
        return False
    return True


def quick(run: Run, tab: Tab) -> str:
    """Does what a player does in a hurry in ``tab``: a tap, else New game; returns its name."""
    view = look(tab)
    if view is None or view["hidden"]:
        return "nothing"
    if view["legal"] and not view["elsewhere"]:
        tap(tab.page, run.rng.choice(view["legal"]))
        run.counts["taps"] += 1
        return "tap"
    if view["enabled"]["new-game"]:
        sent(tab.page, tool(tab.page, "New game").click)
        return "new game"
    return "nothing"


def reload(run: Run, tab: Tab, race: bool) -> str:
    """Reloads ``tab``; with ``race``, the other tab acts as soon as the new page is on its way."""
    started = time.monotonic()
    tab.page.reload(wait_until="commit" if race else "load")
    tab.hidden, tab.deaths = False, []
    if tab.faulted:  # what it could not store is gone: the product's rule, so its counts start again
        tab.faulted, tab.stars, tab.results = False, 0, 0
    meanwhile = quick(run, run.other(tab)) if race else ""
    tab.page.wait_for_selector(READY, timeout=SETTLE_S * 1000)
    run.times["reload"].append(1000 * (time.monotonic() - started))
    return f"reload{' while ' + run.other(tab).name + ' did ' + meanwhile if race else ''}"


def kill(run: Run, tab: Tab, race: bool) -> str:
    """Closes ``tab``'s engine worker as a phone reclaiming memory does and waits until the
    page says the engine is running again (O4); with ``race`` the other tab acts at once."""
    view = look(tab)
    before = view["installs"] if view else 0
    started = time.monotonic()
    tab.deaths.append(started)
    for worker in reversed(tab.page.workers):  # a closed worker may linger in the list a moment
        try:
            worker.evaluate("() => self.close()")
            break
        except PlaywrightError:
            continue
    meanwhile = quick(run, run.other(tab)) if race else ""
    wait_until(tab.page, """(before) => performance.getEntriesByName('engine-installed').length > before
        && document.getElementById('engine-text').textContent.includes('running again')""",
               arg=before, timeout=SETTLE_S * 1000)
    run.times["restart"].append(1000 * (time.monotonic() - started))
    return f"worker kill{' while ' + run.other(tab).name + ' did ' + meanwhile if race else ''}"


def fault(run: Run, tab: Tab) -> str:
    """Makes the tab's next write throw as a full storage does, plays there, checks that
    it says progress is not being saved (P2), then reloads it (it stores nothing until then)."""
    tab.page.evaluate(FULL_ONCE)
    done = quick(run, tab)
    tab.faulted = True
    try:
        tab.page.wait_for_selector("#alert:not([hidden])", timeout=15_000)
        said = tab.page.locator("#alert-list").inner_text()
    except PlaywrightError:
        said = ""
    if "Progress is not being saved" not in said:
        views = [look(t) for t in run.tabs]
        report(run, [f"P2: after a write failed in tab {tab.name} ({done}), no notice that progress is not saved"],
               views, stored(run))
    check(run)  # the tab goes on in memory; the other one is unaffected
    reload(run, tab, race=False)
    return f"storage fault on {done}, then reload"


def command(run: Run, tab: Tab, kind: str, view: dict[str, Any]) -> str:
    """Does one of the player's commands in ``tab``; returns what it did."""
    pg = tab.page
    if kind == "tap":
        played = []
        for _ in range(run.rng.choice((1, 1, 1, 2, 4, 8))):  # now and then the player plays on a while
            now = rest(tab)
            if now is None or not now["legal"] or now["elsewhere"]:
                break
            played.append(run.rng.choice(now["legal"]))
            tap(pg, played[-1])
            run.counts["taps"] += 1
        return f"tap {' '.join(played)}"
    if kind in ("new", "undo", "redo"):
        name = {"new": "New game", "undo": "Undo", "redo": "Redo"}[kind]
        run.counts["unsent"] += not sent(pg, tool(pg, name).click)
        return name
    if kind == "pause":
        name = "Resume" if view["paused"] else "Pause"
        pg.locator("#pause").click()
        wait_until(pg, "(name) => document.querySelector('#pause').getAttribute('aria-label') !== name", arg=name)
        return name
    if kind == "opponent":
        choice = "Computer" if view["local"] else "Two players"
        try:
            choose(pg, "Opponent", choice)
        except PlaywrightError:  # a choice that waits for New may say nothing
            run.counts["unsent"] += 1
            close_menu(pg)
        return f"opponent {choice}"
    if kind == "takeover":
        pg.locator("#takeover").click()
        pg.wait_for_selector("#elsewhere", state="hidden", timeout=10_000)
        return "take it over"
    if view["reviewing"]:  # kind == "review"
        back = pg.locator("#review-back")
        if run.rng.random() < 0.3 and back.is_enabled():  # not at the game's start
            back.click()
        pg.get_by_role("button", name="Back to the game").click()
        pg.wait_for_selector("#review-bar", state="hidden")
        return "back to the game"
    menu_button(pg, "Review this game")
    pg.wait_for_selector("#review-bar:not([hidden])")
    return "review"


def applies(run: Run, tab: Tab, kind: str, view: dict[str, Any]) -> bool:
    """Says whether action ``kind`` can be done in ``tab`` as it shows ``view``."""
    if kind.startswith("kill") and sum(time.monotonic() - at < RESTART_WINDOW_S for at in tab.deaths) >= RESTARTS - 1:
        return False
    if kind in ("reload", "kill", "visibility"):
        return True
    if kind in ("reload-race", "kill-race"):
        return not run.other(tab).hidden
    if view["hidden"]:
        return False
    enabled = view["enabled"]
    return {"tap": bool(view["legal"]) and not view["elsewhere"], "new": enabled["new-game"],
            "undo": enabled["undo"], "redo": enabled["redo"], "pause": enabled["pause"],
            "opponent": view["modes"], "review": view["reviewing"] or enabled["review"],
            "fault": (bool(view["legal"]) and not view["elsewhere"]) or enabled["new-game"]}[kind]


def step(run: Run) -> str:
    """Draws one action for one tab and does it; returns what it did."""
    tab = run.rng.choice(run.tabs)
    view = look(tab)
    if view is None:
        return f"{tab.name}: unreadable, nothing done"
    if view["elsewhere"] and not view["hidden"] and run.rng.random() < 0.5:
        kind = "takeover"
    else:
        kinds, weights = list(WEIGHTS), list(WEIGHTS.values())
        kind = next((k for k in run.rng.choices(kinds, weights, k=30) if applies(run, tab, k, view)), "reload")
    run.counts[kind] += 1
    run.doing = f"{tab.name}: {kind}"
    if kind in ("reload", "reload-race"):
        did = reload(run, tab, race=kind == "reload-race")
    elif kind in ("kill", "kill-race"):
        did = kill(run, tab, race=kind == "kill-race")
    elif kind == "visibility":
        if tab.hidden:
            tab.page.evaluate(SHOW)
            run.counts["show"] += 1
        else:
            hide_page(tab.page)
            run.counts["hide"] += 1
        tab.hidden = not tab.hidden
        did = "show" if not tab.hidden else "hide"
    elif kind == "fault":
        did = fault(run, tab)
    else:
        did = command(run, tab, kind, view)
    return f"{tab.name}: {did}"


def summary(run: Run, actions: int, seed: int) -> str:
    """Returns the run's one-line summary."""
    c = run.counts
    parts = [f"{c['taps']} taps", f"{c['new']} new games", f"{c['undo']} undos", f"{c['redo']} redos",
             f"{c['pause']} pause/resume", f"{c['opponent']} opponent switches", f"{c['review']} reviews or back",
             f"{c['takeover']} take-overs", f"{c['reload'] + c['reload-race']} reloads ({c['reload-race']} racing)",
             f"{c['kill'] + c['kill-race']} worker kills ({c['kill-race']} racing)", f"{c['hide']} hides",
             f"{c['show']} shows", f"{c['fault']} storage faults", f"{c['unsent']} commands that sent nothing",
             f"{c['stalled']} stalled actions", f"{run.stored_stars} stars and {run.stored_results} results stored"]
    return f"two_tabs: {actions} actions (seed {seed}): {', '.join(parts)}; {len(run.problems)} problems"


def serve_copy() -> tuple[str, Path]:
    """Copies dist/ to a temporary folder and serves it; returns the URL and the folder."""
    folder = Path(tempfile.mkdtemp(prefix="two-tabs-"))
    shutil.copytree(DIST, folder / "site")
    server = make_server(folder / "site", "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", folder


def main(argv: list[str]) -> int:
    """Runs the test; returns 1 when it found problems."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=200, help="how many random actions (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
    args = parser.parse_args(argv)
    if not (DIST / "index.html").exists():
        print("dist/ is missing: run `python3 build.py` first", file=sys.stderr)
        return 2
    url, folder = serve_copy()
    started = time.monotonic()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=TEST_ARGS)
            size = ViewportSize(width=DESKTOP["width"], height=DESKTOP["height"])
            context = browser.new_context(viewport=size, reduced_motion="reduce", service_workers="block")
            context.add_init_script(PROBE)
            run = Run([], random.Random(args.seed))
            for name in "AB":
                page = context.new_page()
                page.goto(url)
                page.wait_for_selector(READY, timeout=SETTLE_S * 1000)
                run.tabs.append(Tab(name, page))
            check(run)
            for number in range(1, args.actions + 1):
                run.counts["actions"] = number
                began = time.monotonic()
                try:
                    did = step(run)
                except PlaywrightError as error:  # the page did not answer an action in time
                    run.counts["stalled"] += 1
                    did = f"{run.doing} stalled: {error.message.splitlines()[0]}"
                    said = " / ".join(line.strip() for line in error.message.splitlines()[:12])
                    report(run, [f"the page did not answer {run.doing}: {said}"],
                           [look(tab) for tab in run.tabs], stored(run))
                    for tab in run.tabs:
                        try:
                            close_menu(tab.page)
                        except PlaywrightError:
                            pass
                print(f"{number:5d} {did} ({time.monotonic() - began:.1f} s)", flush=True)
                check(run)
            browser.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    for name, values in run.times.items():
        if values:
            print(f"{name:8s} {stats(values)}")
    print(f"wall time {time.monotonic() - started:.0f} s")
    print(summary(run, args.actions, args.seed))
    return 1 if run.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
