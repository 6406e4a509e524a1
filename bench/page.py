"""Measures the built page in headless Chromium and prints the numbers.

    python3 bench/page.py startup     the start-up timeline, cold, warm and CPU 4x slower, beside bare Pyodide
    python3 bench/page.py levels      computer thinking time per level (mean, p95, max)
    python3 bench/page.py levels Anti-reversi   the same in a variant (the menu's Rules name)
    python3 bench/page.py cancel      delay of Undo/New/Pause pressed during an Expert search
    python3 bench/page.py frames      frame times of a large flip animation
    python3 bench/page.py analysis    time to analyse a full game, longest main-thread task
    python3 bench/page.py hints       hint latency over games (p50, p95), midgame and where they are exact
    python3 bench/page.py history     start-up, save and Results panel at 0, 10,000 and 50,000 finished games
    python3 bench/page.py size        the built site's size and precache file count
    (bench/page_taps.py: a tap's latency with pondering on and off, C4)

Run `python3 build.py` first (it uses dist/). Numbers, not pass/fail: a busy
machine gives slower numbers, so run it when the machine is quiet.
"""

from __future__ import annotations

import json
import re
import shutil
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from playwright.sync_api import sync_playwright  # noqa: E402

from build_tools.common import DIST  # noqa: E402
from build_tools.server import make_server  # noqa: E402
from tests.browser.pages import CHROMIUM_ARGS, READY, choose, legal_squares  # noqa: E402

# A long game for the analysis and level runs (60 placements, found by self-play).
LONG_GAME = ("f5f6e6f4g6d7c3c5d3g4c6c4e8g7f3c7h4b2g5h3b4f2e7e3g8a4c2c8b5d6a2c1b1h8d1a5h2e2b7a6g3f7g2h5d2b6h7g1"
             "h6a1a7d8f1h1b3e1b8a8a3f8")
# A position where b7 flips ten discs in several directions (for the animation run).
BIG_FLIP, BIG_FLIP_SQUARE = "e6d6c4d3c5f5e3f6c7c3d2e1g7f3e7b6a5b4g4e8b2c6f4a6f2h4a7b5d8f7b3c2d1b1g5g2d7", "b7"


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


FLOOR = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const started = performance.now();
await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
postMessage(performance.now() - started);
"""
#: The start-up stages: (label, mark or resource name, where: page or worker).
STAGES = (
    ("saves read", "saves-read", "page"), ("board painted", "board-painted", "page"),
    ("build.json read", "worker-build", "worker"), ("pyodide.mjs imported", "worker-imported", "worker"),
    ("snapshot fetched, unzipped", "worker-snapshot", "worker"), ("snapshot restored", "worker-restored", "worker"),
    ("wheel unpacked", "worker-unpacked", "worker"),
    ("bridge made", "worker-bridge", "worker"), ("engine ready", "engine-ready", "page"),
    ("first snapshot (interactive)", "interactive", "page"),
)
FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "engine-snapshot.bin.gz",
         "reversi-0.1.0-py3-none-any.whl",
         "pyodide-lock.json", "build.json", "worker.js", "main.js", "words.js")


def timeline(page) -> tuple[dict[str, float], dict[str, tuple[float, float]]]:
    """Returns the start-up marks (ms since the page's navigation; the worker's moved to
    the page's clock) and each file's fetch (start, end)."""
    page_marks = marks(page)
    worker = page.workers[0]
    shift = worker.evaluate("performance.timeOrigin") - page.evaluate("performance.timeOrigin")
    got = dict(page_marks)
    for name, at in worker.evaluate("performance.getEntriesByType('mark').map(m => [m.name, m.startTime])"):
        got[name] = at + shift
    files = {}
    for entries, offset in ((page.evaluate(RESOURCES), 0.0), (worker.evaluate(RESOURCES), shift)):
        for name, begin, end in entries:
            short = name.split("?")[0].rsplit("/", 1)[-1]
            if short in FILES and short not in files:
                files[short] = (begin + offset, end + offset)
    return got, files


RESOURCES = "performance.getEntriesByType('resource').map(e => [e.name, e.startTime, e.responseEnd])"


def floor(page) -> float:
    """Returns bare Pyodide's start in a worker of the page (loadPyodide alone, no packages)."""
    return page.evaluate("""() => new Promise((resolve) => {
        const started = performance.now();
        const worker = new Worker('bench-floor.js', { type: 'module' });
        worker.onmessage = () => { resolve(performance.now() - started); worker.terminate(); };
    })""")


def startup(browser, url: str) -> None:
    """Prints the start-up timeline, cold (a new profile), warm (a reload: the service
    worker and the caches) and warm with the CPU slowed 4x (a mid-range phone), each
    beside bare Pyodide's own start in the same browser (the floor); medians of 3."""
    floor_file = DIST / "bench-floor.js"
    floor_file.write_text(FLOOR)
    runs: dict[str, list[tuple[dict, dict, float]]] = {"cold": [], "warm": [], "warm, CPU 4x slower": []}
    try:
        for _ in range(3):
            context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            for run in runs:
                # The DevTools protocol's CPU throttling, as the issue asks (it slows the page's
                # main thread; a worker's thread is not slowed by it in this Chromium).
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4 if "4x" in run else 1})
                page.goto(url) if run == "cold" else page.reload()
                page.wait_for_selector(READY, timeout=120_000)
                got, files = timeline(page)
                runs[run].append((got, files, floor(page)))
            context.close()
    finally:
        floor_file.unlink()
    for run, samples in runs.items():
        median = lambda values: statistics.median(values)  # noqa: E731
        print(f"\n{run}: interactive {median([g['interactive'] for g, _, _ in samples]):.0f} ms, "
              f"bare Pyodide {median([f for _, _, f in samples]):.0f} ms (medians of {len(samples)})")
        for label, name, _ in STAGES:
            values = [g[name] for g, _, _ in samples if name in g]
            if values:
                print(f"  {label:32s} {median(values):7.0f} ms")
        for name in FILES:
            spans = [f[name] for _, f, _ in samples if name in f]
            if spans:
                begin, end = median([a for a, _ in spans]), median([b for _, b in spans])
                print(f"  fetch {name:26s} {begin:7.0f} -> {end:7.0f} ms")


def open_page(browser, url: str, **options):
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


def levels(browser, url: str, rules: str = "Standard", games: int = 1) -> None:
    """Plays each level against a quick human stand-in under ``rules`` and prints the
    computer's thinking time per move (the worker round trip of each computer move)."""
    for level in ("Easy", "Normal", "Hard", "Expert"):
        context, page = open_page(browser, url)
        if rules != "Standard":
            choose(page, "Rules", rules)
        choose(page, "Level", level)
        for _ in range(games):
            while play_human_turn(page):
                pass
            page.locator("#result-new").click()
            page.wait_for_timeout(300)
        times = page.evaluate("performance.getEntriesByName('computer-move').map(e => e.duration)")
        print(f"{rules} {level:6s} computer move (worker round trip): {stats(times)}")
        context.close()


def cancel(browser, url: str, repeats: int = 5) -> None:
    """Prints how long Undo, New and Pause take to show on the page during an Expert search."""
    for action in ("Undo", "New game", "Pause"):
        delays = []
        for _ in range(repeats):
            context, page = open_page(browser, url)
            choose(page, "Level", "Expert")
            page.locator("[data-square=d3]").click()
            page.wait_for_function("() => document.querySelector('#turn').classList.contains('thinking')")
            page.wait_for_timeout(600)  # the search is well under way
            delays.append(page.evaluate("""(name) => new Promise((resolve) => {
                const button = [...document.querySelectorAll('button')]
                    .find(b => (b.getAttribute('aria-label') || b.textContent.trim()) === name);
                const d3 = document.querySelector('[data-square=d3]');
                const turn = document.querySelector('#turn');
                const start = performance.now();
                const done = () => name === 'Pause' ? turn.textContent === 'Paused'
                                                    : d3.getAttribute('aria-label').startsWith('d3, empty');
                const check = () => done() ? resolve(performance.now() - start) : requestAnimationFrame(check);
                button.click();
                check();
            })""", action))
            context.close()
        print(f"{action:8s} during an Expert search shows after: {stats(delays)}")


def frames(browser, url: str) -> None:
    """Prints frame times while a placement flips many discs."""
    context, page = open_page(browser, url)
    choose(page, "Opponent", "Two players")
    for i in range(0, len(BIG_FLIP), 2):
        page.locator(f"[data-square={BIG_FLIP[i:i + 2]}]").click()
        page.wait_for_timeout(150)
    page.wait_for_timeout(1000)
    square = BIG_FLIP_SQUARE
    times = page.evaluate("""(square) => new Promise((resolve) => {
        const stamps = [];
        const tick = (t) => { stamps.push(t); stamps.length < 45 ? requestAnimationFrame(tick) : resolve(stamps); };
        document.querySelector(`[data-square=${square}]`).click();
        requestAnimationFrame(tick);
    })""", square)
    gaps = [b - a for a, b in zip(times, times[1:])]
    print(f"animation frames after playing {square} (flips 10): {stats(gaps)}; "
          f"p95 {p95(gaps):.2f} ms")
    context.close()


def analysis(browser, url: str) -> None:
    """Prints the time to analyse a 60-move game and the longest main-thread task meanwhile."""
    context, page = open_page(browser, url)
    page.get_by_role("button", name="Menu").click()
    page.get_by_text("Transcripts").click()
    page.get_by_label("Open a game").fill(LONG_GAME)
    page.get_by_role("button", name="Open in review").click()
    page.wait_for_selector("#review-bar:not([hidden])")
    page.wait_for_timeout(500)
    page.evaluate("""() => { window.__longest = 0; new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration); })
        .observe({ type: 'longtask' }); }""")
    started = time.perf_counter()
    page.get_by_role("button", name="Analyse").click()
    page.wait_for_selector("#analysis-progress-row[hidden]", state="attached", timeout=300_000)
    seconds = time.perf_counter() - started
    exact = page.evaluate("document.querySelector('#analysis-graph').getAttribute('aria-label')")
    print(f"analysis of {len(LONG_GAME) // 2} moves: {seconds:.1f} s; longest main-thread task "
          f"{page.evaluate('window.__longest'):.0f} ms (0 = none over 50 ms)")
    print(f"  {exact[:160]}…")
    context.close()


def hints(browser, url: str, games: int = 2) -> None:
    """Plays games against Normal with hint mode on and prints the time from the
    position's first hint request to its final hints (H1, H3), midgame and near the end."""
    context, page = open_page(browser, url)
    page.get_by_role("button", name="Hint").click()
    for _ in range(int(games)):
        while True:
            page.wait_for_function("""() => {
                if (!document.querySelector('#result').hidden) return true;
                if (document.querySelector('#turn').classList.contains('thinking')) return false;
                if (document.querySelector('#hint-toggle').classList.contains('busy')) return false;
                const names = [...document.querySelectorAll('[role=gridcell]')].map(c => c.getAttribute('aria-label'));
                const legal = names.filter(n => n.includes('legal move'));
                return legal.length > 0 && legal.every(n => n.includes('hint'));
            }""", timeout=60_000)
            if not play_human_turn(page):
                break
        page.locator("#result-new").click()
        page.wait_for_timeout(300)
    entries = page.evaluate("performance.getEntriesByName('hints').map(e => [e.duration, e.detail.empties])")
    from reversi.app.hint_mode import EXACT_EMPTIES as EXACT
    for label, chosen in (("all", entries), (f"midgame (> {EXACT} empties)", [e for e in entries if e[1] > EXACT]),
                          (f"endgame (<= {EXACT} empties, exact)", [e for e in entries if e[1] <= EXACT])):
        values = sorted(d for d, _ in chosen)
        if values:
            print(f"hints, {label:30s}: n={len(values):3d} p50={values[len(values) // 2]:6.0f} "
                  f"p95={p95(values):6.0f} "
                  f"max={values[-1]:6.0f} ms")
    context.close()


def stored_history(games: int) -> dict[str, str]:
    """Returns the localStorage of a player with ``games`` finished 60-move games, as the
    page would have stored them (the oldest shed where the budget asks, P9)."""
    import random

    from reversi.app import mistake_book, save_parts
    from reversi.engine.board import Board
    from reversi.engine.notation import format_transcript
    from reversi.game.history import History
    rng, pool = random.Random(1), []
    for _ in range(64):
        board = Board()
        while not board.is_game_over():
            board.play(rng.choice(board.legal_moves()))
        pool.append((format_transcript(board.placements()), *board.counts()))
    records = []
    for n in range(1, games + 1):
        moves, black, white = pool[n % 64]
        day, second = divmod(n * 4000, 86_400)
        date = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(1_600_000_000 + day * 86_400 + second))
        side = ("black", "white")[n % 2]
        mine, theirs = (black, white) if side == "black" else (white, black)
        level = ("easy", "normal", "hard", "expert")[n % 4]
        result = "win" if mine > theirs else "loss" if mine < theirs else "draw"
        records.append({"attempt": n, "date": date, "mode": "computer", "level": level, "side": side, "result": result,
                        "black": black, "white": white, "practice": True, "challenge": False,
                        "duration_ms": 300_000 + n, "moves": moves})
    history = History.of(records)
    history.told = bool(history.shed(save_parts.HISTORY_BUDGET))
    texts = {f"reversi.{part}": text for part, text in save_parts.history_texts(history).items()}
    if records:
        texts[f"reversi.{mistake_book.PART}"] = analysed_games(records, rng)
    return texts


def analysed_games(records: list[dict], rng) -> str:
    """Returns the mistakes part (N6-N8) of a player whose newest games were all analysed,
    as many as its budget keeps (P9), each with the person's average loss and two
    mistakes to retry."""
    from reversi.app import mistake_book
    from reversi.app.mistakes import Mistake
    from reversi.engine.board import Board
    from reversi.engine.notation import format_board, parse_transcript, square_name
    from reversi.game.results import key

    book = mistake_book.Book()
    for record in reversed(records):
        board, found = Board(), []
        for move, (square, _) in enumerate(parse_transcript(record["moves"])[:30], 1):
            if move in (11, 23):
                side = ("black", "white")[board.turn]
                best = min(board.legal_moves(), key=lambda s: s == square)
                found.append(Mistake(move, side, format_board(board.black, board.white, board.turn),
                                     square_name(square), square_name(best), 6.0, move > 20, 0.0))
            board.play(square)
        book.add_game(key(record), {record["side"]: round(rng.uniform(1, 9), 2)}, found,
                      about={"level": record["level"], "variant": "standard"})
        if len(book.text()) > mistake_book.BUDGET:
            break
    book.shed(mistake_book.BUDGET)
    return book.text()


def history(browser, url: str) -> None:
    """Prints, at 0, 10,000 and 50,000 finished games: start-up to interactive (median of
    three reloads), when the history, read after it, is in (its reply shown), the
    main-thread time of the save at a game's end, the time to open the Results panel
    and to turn its page, and the characters stored per game."""
    print(f"{'games':>7} {'interactive':>12} {'history in':>11} {'save at end':>12} {'panel open':>11} "
          f"{'next page':>10} {'chars/game':>11} {'history chars':>14}")
    for games in (0, 10_000, 50_000):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(READY, timeout=120_000)
        page.evaluate("""(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
            localStorage.setItem('reversi.settings', JSON.stringify({format: 'reversi', part: 'settings', version: 3,
                settings: {mode: 'local'}})); }""", stored_history(games))
        interactive, history_in = [], []
        for _ in range(3):
            page.reload()
            page.wait_for_selector(READY, timeout=120_000)
            interactive.append(marks(page)["interactive"])
            if games:
                history_in.append(page.wait_for_function("""() => performance.getEntriesByName('history-read')
                    .map(e => e.startTime + e.duration)[0]""").json_value())
        page.locator("#new-game").click()
        page.wait_for_function("() => document.querySelector('#status').textContent.includes('Black')")
        for i in range(0, len(WIPE_OUT), 2):
            before = page.locator("#status").inner_text()
            page.locator(f"[data-square={WIPE_OUT[i:i + 2]}]").click()
            page.wait_for_function("(b) => document.querySelector('#status').textContent !== b", arg=before)
        page.wait_for_selector("#result:not([hidden])")
        saves = page.evaluate("""performance.getEntriesByName('save')
            .filter(e => e.detail.parts.some(p => p.startsWith('history.'))).map(e => e.duration)""")
        opened = page.evaluate("""() => new Promise((resolve) => {
            const start = performance.now();
            document.querySelector('#menu-open').click();
            const rows = () => document.querySelectorAll('#history-table tbody tr').length;
            const check = () => rows() ? requestAnimationFrame(() => resolve(performance.now() - start))
                                       : requestAnimationFrame(check);
            check();
        })""")
        turned = page.evaluate("""() => new Promise((resolve) => {
            const older = document.querySelector('#history-older');
            if (older.disabled || older.closest('[hidden]')) return resolve(0);
            const first = document.querySelector('#history-table tbody tr').textContent;
            const start = performance.now();
            older.click();
            const check = () => document.querySelector('#history-table tbody tr').textContent !== first
                ? requestAnimationFrame(() => resolve(performance.now() - start)) : requestAnimationFrame(check);
            check();
        })""")
        chars = page.evaluate("""Object.keys(localStorage).filter(k => k.startsWith('reversi.history.'))
            .reduce((sum, k) => sum + k.length + localStorage.getItem(k).length, 0)""")
        per_game = chars / (games + 1)
        read = f"{statistics.median(history_in):>8.0f} ms" if history_in else f"{'—':>11}"
        print(f"{games:>7,} {statistics.median(interactive):>9.0f} ms {read} {max(saves, default=0):>9.1f} ms "
              f"{opened:>8.0f} ms {turned:>7.0f} ms {per_game:>11.1f} {chars:>14,}", flush=True)
        context.close()


WIPE_OUT = "e6f6g6e3e2f2c3d2e1c2g1b4b2a5"


def size() -> None:
    """Prints the built site's size and the service worker's precache count."""
    files = [p for p in DIST.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    sw = (DIST / "sw.js").read_text()
    found = re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S)
    assert found is not None  # the build writes the precache list into sw.js
    precache = json.loads(found.group(1))
    print(f"site: {total:,} bytes in {len(files)} files; precache: {len(precache)} files")


def main(argv: list[str]) -> int:
    """Runs the measurement ``argv`` names (the module docstring's list); 2 for another word."""
    what = argv[0] if argv else "startup"
    runs = {"startup": startup, "levels": levels, "cancel": cancel, "frames": frames, "analysis": analysis,
            "hints": hints, "history": history}
    if what == "size":
        size()
        return 0
    if what in ("-h", "--help"):
        print(__doc__)
        return 0
    if what not in runs:
        print(f"{what!r}: not a measurement of this script\n{__doc__}", file=sys.stderr)
        return 2
    url = serve()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        runs[what](browser, url, *argv[1:])
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
