"""Checks build.py: the site's Pyodide files and lock, the engine wheel, the service worker, the server."""

from __future__ import annotations

import concurrent.futures
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import urllib.request
import zipfile
from pathlib import Path

import pytest

import build
from build_tools import testrun
from build_tools.common import DIST, ROOT, BuildError, short_hash
from build_tools.downloads import PYODIDE_FILES, PYODIDE_LOCK, RUNTIME_WHEELS, Pin, fetch, is_cached
from build_tools.server import SiteHandler, make_server
from build_tools.site import build_site, engine_snapshot, project_version, write_service_worker

SW_CONSTANT = re.compile(r"^const (PRECACHE|VERSION) = (.*?);$", re.MULTILINE | re.DOTALL)


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The site for this module's tests (read only): the one ``build.py test`` just built
    (``REVERSI_SITE``), else built here once."""
    if os.environ.get("REVERSI_SITE"):
        return Path(os.environ["REVERSI_SITE"])
    return build_site(tmp_path_factory.mktemp("site") / "dist")


@pytest.fixture(scope="session")
def rebuilt(tmp_path_factory) -> Path:
    """A second build of the same sources, outside the repository."""
    return build_site(tmp_path_factory.mktemp("again") / "dist")


def sha256(path: Path) -> str:
    """Returns the hex sha256 of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def sw_constants(site: Path) -> tuple[list[str], str]:
    """Returns the PRECACHE list and VERSION string written into the site's sw.js."""
    found = {name: json.loads(value) for name, value in SW_CONSTANT.findall((site / "sw.js").read_text())}
    return found["PRECACHE"], found["VERSION"]


class PlainHostHandler(http.server.SimpleHTTPRequestHandler):
    """A static host with the right MIME types but no cross-origin isolation headers."""

    extensions_map = SiteHandler.extensions_map


def start(server: http.server.ThreadingHTTPServer) -> str:
    """Serves in a background thread and returns the server's base URL."""
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def test_pyodide_runtime_is_shipped(site):
    """pyodide/ holds the runtime files, the lock, the micropip and packaging wheels and the start-up snapshot."""
    names = [*PYODIDE_FILES, PYODIDE_LOCK, *(pin.file for pin in RUNTIME_WHEELS.values()),
             engine_snapshot.NAME]
    assert sorted(p.name for p in (site / "pyodide").iterdir()) == sorted(names)


def test_lock_carries_the_checksums_of_the_shipped_wheels(site):
    """The lock's micropip and packaging entries name the shipped files and their sha256."""
    lock = json.loads((site / "pyodide" / PYODIDE_LOCK).read_text())
    for name, pin in RUNTIME_WHEELS.items():
        entry = lock["packages"][name]
        assert entry["file_name"] == pin.file
        assert entry["sha256"] == sha256(site / "pyodide" / pin.file) == pin.digest


def test_build_json_points_at_the_engine_wheel(site):
    """build.json names the project version, the engine wheel (with the engine inside) and pyodide/."""
    info = json.loads((site / "build.json").read_text())
    assert info["version"] == project_version()
    assert info["pyodide"] == "pyodide/"
    assert re.fullmatch(r"[0-9a-f]{12}", info["build"])
    with zipfile.ZipFile(site / info["wheel"]) as wheel:
        assert "reversi/engine/board.py" in wheel.namelist()


def test_service_worker_template_is_not_copied(site):
    """The service worker lives at the site root only; web/ gets no unfilled template."""
    assert (site / "sw.js").exists()
    assert not (site / "web" / "sw.js").exists()
    assert "/*PRECACHE*/" not in (site / "sw.js").read_text()


def test_precache_lists_every_file_but_sw_js_with_its_hash(site):
    """PRECACHE has each site file but sw.js once, its ?v= the start of the file's sha256 (O1)."""
    precache, version = sw_constants(site)
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    urls = dict(entry.split("?v=") for entry in precache)
    assert len(urls) == len(precache)
    assert set(urls) == files - {"sw.js"}
    for url, digest in urls.items():
        assert sha256(site / url).startswith(digest) and len(digest) == 12, url
    assert version == short_hash(json.dumps(precache, indent=2))


def test_same_input_gives_the_same_service_worker(site, rebuilt):
    """A second build of unchanged sources writes the same sw.js (same VERSION, same hashes)."""
    assert (rebuilt / "sw.js").read_text() == (site / "sw.js").read_text()


def test_changed_file_changes_the_version(site, tmp_path):
    """Changing any one site file gives a new VERSION, so browsers get a new cache."""
    copy = Path(shutil.copytree(site, tmp_path / "dist"))
    with (copy / "pyodide" / PYODIDE_LOCK).open("a") as lock:
        lock.write(" ")
    write_service_worker(copy)
    assert sw_constants(copy)[1] != sw_constants(site)[1]


def test_server_sends_mime_types_and_isolation_headers(site):
    """make_server gives .wasm and .mjs their MIME types, and COOP/COEP on every file."""
    server = make_server(site)
    base = start(server)
    try:
        for path, mime in [("pyodide/pyodide.asm.wasm", "application/wasm"),
                           ("pyodide/pyodide.mjs", "text/javascript"),
                           ("sw.js", "text/javascript"),
                           ("build.json", "application/json")]:
            with urllib.request.urlopen(base + path) as response:
                assert response.headers["Content-Type"] == mime, path
                assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin"
                assert response.headers["Cross-Origin-Embedder-Policy"] == "require-corp"
                assert response.headers["Cache-Control"] == "no-cache"
    finally:
        server.shutdown()
        server.server_close()


def test_bad_cached_download_is_named_with_a_fix(tmp_path):
    """A cached file whose checksum is wrong stops the build with the package and what to do."""
    pin = Pin("demo==1.0", "demo-1.0-py3-none-any.whl", "sha256", "0" * 64)
    (tmp_path / pin.file).write_bytes(b"not the pinned file")
    with pytest.raises(BuildError, match=r"demo==1\.0.*Delete .*demo-1\.0-py3-none-any\.whl and retry"):
        is_cached(pin, tmp_path)


def test_failed_download_is_named_with_a_fix(tmp_path):
    """A download that fails stops the build naming the package and the registry to check."""
    pin = Pin("demo==1.0", "demo-1.0-py3-none-any.whl", "sha256", "0" * 64)

    def failing(pins, into):
        return [sys.executable, "-c", "raise SystemExit('no route to host')"]

    with pytest.raises(BuildError, match=r"demo==1\.0: download failed(.|\n)*Check network access to PyPI"):
        fetch([pin], tmp_path, "PyPI", failing)


def test_a_new_command_is_one_entry_in_the_table(monkeypatch, capsys):
    """build.py's commands are a table: one entry adds a command, with its options."""
    def options(parser):
        parser.add_argument("--times", type=int, default=1)

    def run(args):
        print("ran " * args.times)
        return 0

    monkeypatch.setitem(build.COMMANDS, "demo", build.Command("a demo command", run, options))
    assert build.main(["demo", "--times", "2"]) == 0
    assert capsys.readouterr().out == "ran ran \n"


def test_a_build_leaves_nothing_in_the_repository_tree(rebuilt):
    """The site is put together outside the repository: no staging folder stays in its root,
    and git sees nothing new but what .gitignore names."""
    assert not [p.name for p in ROOT.iterdir() if p.name.startswith((".build-", "reversi-site-"))]
    status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT,
                            capture_output=True, text=True)
    if status.returncode != 0:
        pytest.skip("not a git checkout")
    untracked = [line[3:] for line in status.stdout.splitlines() if line.startswith("??")]
    assert not [path for path in untracked if path.startswith((".build-", "reversi-site-", "dist"))]


def test_main_reports_errors_without_a_traceback(monkeypatch, capsys):
    """A failed step exits with status 1 and a one-paragraph message."""
    def fail(out=DIST):
        raise BuildError("pyodide@314.0.7: download failed.")
    monkeypatch.setattr(build, "build_site", fail)
    assert build.main(["build"]) == 1
    assert capsys.readouterr().err == "error: pyodide@314.0.7: download failed.\n"


def controlled_isolation(page) -> bool:
    """Waits until the service worker controls the page and its engine is ready (so that
    the page will not reload itself any more), then returns crossOriginIsolated."""
    from playwright.sync_api import Error

    for _ in range(3):
        page.wait_for_function("navigator.serviceWorker.controller !== null"
                               " && document.querySelector('#board[aria-busy=false]') !== null", timeout=60_000)
        try:
            return page.evaluate("crossOriginIsolated")
        except Error as error:  # the page reloaded itself after all, between the two steps
            if "context was destroyed" not in error.message:
                raise
    raise AssertionError("the page kept reloading itself")


def isolation_before_and_after_control(url: str) -> tuple[bool, bool]:
    """Returns crossOriginIsolated on a first visit to url, and once the service worker
    controls the page (the same visit, or the next load at the latest)."""
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        page = browser.new_context(bypass_csp=True).new_page()
        page.goto(url, wait_until="domcontentloaded")
        before = page.evaluate("crossOriginIsolated")
        # The page reloads itself when the service worker takes control while the engine
        # is still starting; when the engine was ready first, the next load is isolated.
        after = controlled_isolation(page)
        if not after:
            page.reload(wait_until="domcontentloaded")
            after = controlled_isolation(page)
        browser.close()
    return before, after


@pytest.mark.browser
def test_service_worker_isolates_the_page_on_a_plain_static_host(site):
    """On a host that sends no COOP/COEP, the page is cross-origin isolated once the
    worker controls it: at once while the engine starts, else from the next load on."""
    pytest.importorskip("playwright.sync_api")
    handler = functools.partial(PlainHostHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    url = start(server)
    try:
        # A thread of its own: Playwright's sync API refuses one where another session is open.
        with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
            assert pool.submit(isolation_before_and_after_control, url).result() == (False, True)
    finally:
        server.shutdown()
        server.server_close()


def test_the_wheel_carries_every_engine_data_file(site):
    """The weights, the book, the opening names, the balanced openings and the puzzles
    reach the page: a file the wheel lacks stops the engine at its first use."""
    import zipfile

    (wheel,) = (site / "wheels").glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    data = ROOT / "py" / "reversi" / "engine" / "data"
    missing = [p.name for p in data.iterdir() if f"reversi/engine/data/{p.name}" not in names]
    assert not missing, missing


@pytest.mark.parametrize("browser, font, installed", [
    (True, True, None), (False, True, ["chromium"]), (True, False, [testrun.CJK_FONT]),
    (False, False, ["chromium", testrun.CJK_FONT])])
def test_chromium_and_a_cjk_font_are_installed_when_missing(monkeypatch, browser, font, installed):
    """build.py test apt-installs what the browser tests lack, in one command, beside its other
    installs: Chromium, and a font with kana, Chinese and Hangul (without one the ja, zh and
    ko pages draw boxes)."""
    steps = []
    monkeypatch.setattr(testrun.shutil, "which", lambda name: "/bin/x" if browser or name == "apt-get" else None)
    monkeypatch.setattr(testrun, "has_cjk_font", lambda: font)
    monkeypatch.setattr(testrun.os, "geteuid", lambda: 0)
    monkeypatch.setattr(testrun, "run_step", lambda command, quiet: steps.append(command))
    testrun.start_chromium().result()
    assert steps == ([] if installed is None else [["apt-get", "update"], ["apt-get", "install", "-y", *installed]])


#: The tests of :func:`run_whole_suite`'s files, by name: one that passes, one that fails, and
#: any other fails the first time it runs and passes the next.
TESTS = {"fine": "def test_fine():\n    pass\n", "broken": "def test_broken():\n    assert False\n"}
FLAKY = """def test_{name}():
    mark = Path(__file__).with_name("{name}.ran")
    ran = mark.exists()
    mark.touch()
    assert ran
"""


def run_whole_suite(tests: dict[str, list[str]], folder: Path) -> tuple[int, str]:
    """Writes each test file (its path under tests/: its tests' names, see :data:`TESTS`)
    into ``folder`` and runs them as build.py test runs the whole suite; returns pytest's
    exit status and output."""
    for path, names in tests.items():
        (folder / "tests" / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / "tests" / path).write_text("from pathlib import Path\n\n\n" + "\n\n".join(
            TESTS.get(name) or FLAKY.format(name=name) for name in names))
    (folder / "pytest.ini").write_text("[pytest]\n")
    done = subprocess.run([sys.executable, "-m", "pytest", *testrun.whole_suite(folder / "tests")],
                          cwd=folder, capture_output=True, text=True)
    return done.returncode, done.stdout


def test_a_failed_browser_test_runs_once_more_and_a_python_test_never(tmp_path):
    """build.py test's rerun rule on a tiny suite, on two workers: a browser test that fails
    once passes on its second try, and the log's rerun summary names it; a Python test that
    fails once fails the run; so does a browser test that fails again, and after MAX_RERUNS
    reruns in the run, the next browser test to fail fails it at once."""
    status, log = run_whole_suite({"browser/test_page.py": ["once"], "test_rules.py": ["fine"]}, tmp_path / "a")
    assert status == 0, log
    assert re.findall(r"^(RERUN|PASSED) (\S+)$", log, re.MULTILINE) == [
        ("RERUN", "tests/browser/test_page.py::test_once"), ("PASSED", "tests/browser/test_page.py::test_once")], log
    assert "2 passed, 1 rerun" in log

    status, log = run_whole_suite({
        "browser/test_page.py": ["broken", *(f"flaky_{n}" for n in range(testrun.MAX_RERUNS))],
        "test_rules.py": ["once"]}, tmp_path / "b")
    assert status == 1, log
    reruns = re.findall(r"^RERUN (\S+)$", log, re.MULTILINE)
    assert reruns == [f"tests/browser/test_page.py::test_{name}"
                      for name in ["broken", *(f"flaky_{n}" for n in range(testrun.MAX_RERUNS - 1))]], log
    failed = re.findall(r"^FAILED (\S+) - ", log, re.MULTILINE)
    assert sorted(failed) == ["tests/browser/test_page.py::test_broken",
                              f"tests/browser/test_page.py::test_flaky_{testrun.MAX_RERUNS - 1}",
                              "tests/test_rules.py::test_once"], log
    assert f"3 failed, {testrun.MAX_RERUNS - 1} passed, {testrun.MAX_RERUNS} rerun" in log
