"""The habits CI checks: lint, type check and the JavaScript unit tests.

Each runs the real tool as CI would, from the repository root: ``ruff check``
on the Python code, ``mypy`` on ``py/reversi``, ``native`` and ``bench``
(configured in pyproject.toml), and ``node --test`` on ``tests/js`` (the
page's controller and pure helpers).
"""

from __future__ import annotations

import shutil
import subprocess
import sys

from build_tools.common import ROOT

TIMEOUT_S = 600


def run(*command: str) -> subprocess.CompletedProcess[str]:
    """Runs a command in the repository and returns its result."""
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT_S)


def test_ruff_finds_nothing():
    """ruff reports no finding in the Python code (py/, tests/, bench/, build.py, build_tools/)."""
    result = run(sys.executable, "-m", "ruff", "check", "py", "tests", "bench", "build.py", "build_tools")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing():
    """mypy type-checks py/reversi, native and bench without an error."""
    result = run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_javascript_unit_tests_pass():
    """node --test runs the page's unit tests (controller, storage, pure helpers) and all pass."""
    assert shutil.which("node"), "node is not on PATH"
    result = run("node", "--test", "tests/js/")
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "# fail 0" in output and "# pass 0" not in output, output
