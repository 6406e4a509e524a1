"""The test policy of ``build.py test``: what the tests need installed, and how the suite
runs: as two pytest processes side by side, one a core (:func:`halves`), then once more,
alone, the few browser tests that failed while the two ran.

Two browsers and the Pyodide engine runs share the machine's two cores, so a browser test
can miss a wait now and then; such a test is run again on a quiet machine. It fails the
run if it fails again, and a test that passed only the second time is named in the log
as flaky. A failing Python test, or more than :data:`MAX_RERUNS` browser tests, fails the
run at once.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from .common import ROOT, BuildError, log

#: pytest's exit status when it collected no test.
PYTEST_NO_TESTS = 5
#: More browser failures than this in one run are not flakes: no second run.
MAX_RERUNS = 3
#: Each half's log ends with its slowest tests, so that the run's time can be balanced.
DURATIONS = 30
#: ... and its slowest test files, with their seconds.
FILES = 20


TEST_MODULES = ("pytest", "hypothesis", "playwright", "ruff", "mypy", "numpy", "scipy", "cffi")

BROWSERS = ("chromium", "chromium-browser")
#: A small Debian font (1.6 MB) with kana, Chinese in both scripts and Hangul: without one,
#: Chromium draws the ja, zh and ko pages' text as boxes.
CJK_FONT = "fonts-wqy-microhei"
#: Code points the font must have (hex): あ, 體, 中 and the Hangul of 리버시.
CJK_LETTERS = ("3042", "9ad4", "4e2d", "b9ac", "bc84", "c2dc")


#: With no pytest arguments the suite runs as two halves side by side, one a core: these
#: browser test files, and everything else (the Python, Pyodide and JavaScript tests, then
#: the other browser tests), chosen so that both take about as long.  The cores are full
#: (``time`` misses Chromium's processes): three parts, the browser files in two, took
#: 13:07 on a clean clone against 12:44 for two.  On 2026-12-07 the halves took 501 s and
#: 456 s, so test_ponder_page.py (19 s) moved to the rest.
ALONE = ("test_a11y.py", "test_companion_page.py", "test_computer.py", "test_controls.py", "test_foundation.py",
         "test_languages_page.py", "test_learn_page.py", "test_menu_sheet.py",
         "test_one_screen.py", "test_result_card.py", "test_review_page.py",
         "test_screens.py", "test_storage_page.py")


#: A half has one core: numpy's BLAS threads would fight the other half for the second
#: one (a small fit in ``tests/test_gen.py`` took 33 s with two threads beside a busy core,
#: 3.3 s with one).
ONE_CORE = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def halves() -> list[tuple[str, list[str]]]:
    """Returns the two pytest command lines of a whole run (see :data:`ALONE`)."""
    alone = [f"tests/browser/{name}" for name in ALONE]
    python = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob("test_*.py"))
    browser = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "browser").glob("test_*.py"))
    # The Python tests first: some look at the whole process (the garbage collector), which
    # the browser tests' Playwright objects would crowd.
    return [("browser", alone), ("the rest", [*python, *(path for path in browser if path not in alone)])]

def run_step(command: list[str], *, quiet: bool = False) -> None:
    """Runs an install command, raising a BuildError if it fails; ``quiet`` holds its
    output back unless it fails (a step that runs beside others)."""
    log(" ".join(command))
    done = subprocess.run(command, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
                          capture_output=quiet, text=True)
    if done.returncode != 0:
        if quiet:
            print(done.stdout[-4000:], done.stderr[-4000:], sep="\n", file=sys.stderr, flush=True)
        raise BuildError(f"{' '.join(command)} failed; check network access to the package registries.")

def start_chromium() -> Future[None]:
    """Starts :func:`ensure_chromium` in a thread, quietly, so that apt-get works beside
    pip and the downloads; the future's ``result()`` waits for it and raises its error."""
    pool = ThreadPoolExecutor(1, thread_name_prefix="apt-get")
    future = pool.submit(ensure_chromium, quiet=True)
    pool.shutdown(wait=False)
    return future


def ensure_chromium(*, quiet: bool = False) -> None:
    """Installs Debian's chromium for the browser tests, and a font with Japanese, Chinese
    and Korean (:data:`CJK_FONT`), when they are missing and we are root."""
    missing = [*([] if any(shutil.which(name) for name in BROWSERS) else ["chromium"]),
               *([] if has_cjk_font() else [CJK_FONT])]
    if not missing:
        return
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        log(f"warning: cannot apt-get install {', '.join(missing)}; "
            + ("browser tests will fail" if "chromium" in missing else "CJK text will be boxes"))
        return
    started = time.perf_counter()
    run_step(["apt-get", "update"], quiet=quiet)
    run_step(["apt-get", "install", "-y", *missing], quiet=quiet)
    log(f"installed {', '.join(missing)} ({time.perf_counter() - started:.0f} s)")


def has_cjk_font() -> bool:
    """Tells whether fontconfig knows a font with a kana, a Chinese and a Hangul letter (the
    languages' checks and screenshots measure real glyphs, not boxes)."""
    if not shutil.which("fc-list"):
        return False
    found = subprocess.run(["fc-list", f":charset={' '.join(CJK_LETTERS)}", "family"],
                           capture_output=True, text=True)
    return bool(found.stdout.strip())

def ensure_test_packages() -> None:
    """Installs the project with its test extra when a test package is not importable."""
    if all(importlib.util.find_spec(name) for name in TEST_MODULES):
        return
    run_step([sys.executable, "-m", "pip", "install", "-e", ".[test]"])


def failed_tests(junit_xml: str) -> list[str]:
    """Returns the node ids (``tests/browser/test_x.py::test_y[param]``) of the tests that
    failed or erred in a pytest JUnit XML report."""
    failed = []
    for case in ET.fromstring(junit_xml).iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            path, cls = _split_classname(case.get("classname", ""))
            failed.append(f"{path}::{cls + '::' if cls else ''}{case.get('name')}")
    return failed


def file_times(junit_xml: str) -> list[tuple[str, float]]:
    """Returns each test file's seconds in a pytest JUnit XML report (its tests' times,
    fixtures included), the slowest first: what a half's time is made of."""
    totals: dict[str, float] = {}
    for case in ET.fromstring(junit_xml).iter("testcase"):
        path = _split_classname(case.get("classname", ""))[0]
        totals[path] = totals.get(path, 0.0) + float(case.get("time", 0))
    return sorted(totals.items(), key=lambda item: -item[1])


def _split_classname(classname: str) -> tuple[str, str]:
    """Splits a JUnit classname (``tests.browser.test_x`` or ``tests.test_x.TestY``) into
    the test file's path and the class name ("" for a module-level test).  The file is
    the first part named ``test_*``: a class may have any name (hypothesis's stateful
    ``test_random_commands = Machine.TestCase``)."""
    parts = classname.split(".")
    module = next((n for n, part in enumerate(parts) if part.startswith("test_")), len(parts) - 1)
    return "/".join(parts[:module + 1]) + ".py", "::".join(parts[module + 1:])


def reruns(failed: list[str]) -> list[str]:
    """Returns the tests to run again: all of ``failed`` when they are a few browser tests,
    else none (the run fails as it is)."""
    browser = all(test.startswith("tests/browser/") for test in failed)
    return failed if failed and browser and len(failed) <= MAX_RERUNS else []


def run_halves(halves: list[tuple[str, list[str]]], root: Path, env: dict[str, str]) -> int:
    """Runs each pytest command line at once, in parallel, and prints each one's output
    when it ends (not interleaved), then reruns a few failed browser tests alone
    (:func:`reruns`); returns the first failing exit status, else 0."""
    started = time.perf_counter()
    env = {**env, **ONE_CORE}
    with tempfile.TemporaryDirectory() as folder:
        reports = {name: Path(folder) / f"{number}.xml" for number, (name, _) in enumerate(halves)}
        logs = {name: tempfile.TemporaryFile("w+") for name, _ in halves}
        running = {name: subprocess.Popen([sys.executable, "-m", "pytest", f"--junitxml={reports[name]}",
                                           f"--durations={DURATIONS}", *args],
                                          cwd=root, env=env, stdout=logs[name], stderr=subprocess.STDOUT)
                   for name, args in halves}
        status, failed = 0, []
        for name, process in running.items():
            code = process.wait()
            logs[name].seek(0)
            print(f"\n===== {name} tests (exit {code}, {time.perf_counter() - started:.0f} s since the start) =====")
            print(logs[name].read(), flush=True)
            if code == PYTEST_NO_TESTS:
                print(f"error: pytest ran no {name} tests", file=sys.stderr)
                code = 1
            if reports[name].exists():
                report = reports[name].read_text()
                slowest = ", ".join(f"{path} {seconds:.0f} s" for path, seconds in file_times(report)[:FILES])
                print(f"{name}: slowest files: {slowest}", flush=True)
                failed += failed_tests(report) if code else []
            status = status or code
    again = reruns(failed) if status else []
    if not again:
        return status
    print(f"\n===== {len(again)} browser test(s) failed beside the other half; running them again alone =====",
          flush=True)
    status = subprocess.run([sys.executable, "-m", "pytest", *again], cwd=root, env=env).returncode
    print(f"flaky (failed beside the other half, {'passed' if status == 0 else 'failed'} alone): "
          + ", ".join(again), flush=True)
    return status


def run(pytest_args: list[str], env: dict[str, str]) -> int:
    """Runs pytest and returns its exit status; with no arguments, the two halves side by
    side (:func:`halves`); a run that collected no test fails."""
    if not pytest_args:
        return run_halves(halves(), ROOT, env)
    status = subprocess.run([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT, env=env).returncode
    if status == PYTEST_NO_TESTS:
        print("error: pytest ran no tests", file=sys.stderr)
        return 1
    return status
