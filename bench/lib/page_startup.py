"""The page's start-up timeline, cold, warm and with the CPU 4x slower, beside bare
Pyodide's own start (``python3 bench/page.py startup``)."""

from __future__ import annotations

import statistics

from build_tools.common import DIST
from tests.browser.pages import READY

from .page_driver import marks

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
