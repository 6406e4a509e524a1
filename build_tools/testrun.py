"""The test policy of ``build.py test``: what the tests need installed, and how the whole
suite runs: on three pytest-xdist workers, each taking a test file at a time
(:func:`whole_suite`), with pytest-rerunfailures giving a failed browser test one more try.

Three browsers and the Pyodide engine runs share the machine's two cores, so a browser test
can miss a wait now and then: it runs once more at once, on its worker, and the log's
rerun summary names it (RERUN, then its outcome: PASSED for a flaky test).  It fails the
run if it fails again.  A Python test never runs again, and no more than
:data:`MAX_RERUNS` browser tests do in one run: the next one to fail fails the run.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from .common import ROOT, BuildError, log

#: pytest's exit status when it collected no test.
PYTEST_NO_TESTS = 5
#: More browser failures than this in one run are not flakes: the rest fail at once.
MAX_RERUNS = 3
#: The log ends with the slowest tests.
DURATIONS = 30


TEST_MODULES = ("pytest", "xdist", "pytest_rerunfailures", "hypothesis", "playwright", "ruff", "mypy", "numpy",
                "scipy", "cffi")

BROWSERS = ("chromium", "chromium-browser")
#: A small Debian font (1.6 MB) with kana, Chinese in both scripts and Hangul: without one,
#: Chromium draws the ja, zh and ko pages' text as boxes.
CJK_FONT = "fonts-wqy-microhei"
#: Code points the font must have (hex): あ, 體, 中 and the Hangul of 리버시.
CJK_LETTERS = ("3042", "9ad4", "4e2d", "b9ac", "bc84", "c2dc")


#: A worker has one core: numpy's BLAS threads would fight the other worker for the second
#: one (a small fit in ``tests/test_gen.py`` took 33 s with two threads beside a busy core,
#: 3.3 s with one).
ONE_CORE = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def whole_suite(tests: Path = ROOT / "tests") -> list[str]:
    """Returns pytest's arguments for the whole suite: three workers on the two cores (a
    browser test waits on its page much of the time: with two workers the run kept the
    cores 44 % busy, and three took the suite from 655 to 584 s on this machine), each taking
    the next test file when it is nearly done with its own (``--dist loadfile``: a file's
    module fixtures are set up once, and a worker's browser and server serve the files it
    runs), the files with the most tests first (xdist's order: most Python files, then the
    browser files among the small Python ones, so that a browser's waits mostly meet the
    other worker's computing; in collection order, the browser files first, both workers
    waited on their browsers at once: 1,202 s of pytest against 937 s on a machine loaded
    9-10 both times); one more try for a failed test, at most :data:`MAX_RERUNS` in the
    run, given only to the browser tests (every other path under ``tests`` is left out);
    the rerun summary with each failed try's traceback, and the slowest tests."""
    others = sorted(path.name for path in tests.iterdir() if path.name != "browser")
    return ["--numprocesses=3", "--dist=loadfile",
            "--reruns=1", f"--max-suite-reruns={MAX_RERUNS}",
            *(f"--rerun-exclude-path={tests.name}/{name}" for name in others),
            "-rfER", "--rerun-show-tracebacks", f"--durations={DURATIONS}"]


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


def run(pytest_args: list[str], env: dict[str, str]) -> int:
    """Runs pytest and returns its exit status: the whole suite (:func:`whole_suite`) when
    given no arguments, else pytest with just those, in one process; a run that collected
    no test fails."""
    args, env = (pytest_args, env) if pytest_args else (whole_suite(), {**env, **ONE_CORE})
    status = subprocess.run([sys.executable, "-m", "pytest", *args], cwd=ROOT, env=env).returncode
    if status == PYTEST_NO_TESTS:
        print("error: pytest ran no tests", file=sys.stderr)
        return 1
    return status
