"""Tests of ``python -m reversi perft N`` run as a real process (R2-R5 counts).

Bad input exits with status 2 and a one-line error on stderr.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: Leaf counts from the opening, depths 1 to 5 (tests/data/perft.txt).
COUNTS = [4, 12, 56, 244, 1396]

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="needs subprocesses")


def run(*args: str) -> subprocess.CompletedProcess:
    """Runs ``python -m reversi`` with ``args`` from the repository root."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run([sys.executable, "-m", "reversi", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_r2_perft_5_prints_each_depth_and_count():
    """R2-R5: ``perft 5`` prints a header and one ``depth leaves seconds`` line per depth."""
    result = run("perft", "5")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    header, *rows = result.stdout.splitlines()
    assert header.split() == ["depth", "leaves", "seconds"]
    assert [(int(r.split()[0]), int(r.split()[1])) for r in rows] == list(enumerate(COUNTS, 1))
    assert all(float(r.split()[2]) >= 0 for r in rows)


@pytest.mark.parametrize("args", [
    ("perft",),
    ("perft", "x"),
    ("perft", "0"),
    ("perft", "-3"),
    ("perft", "99"),
    ("perft", "5", "6"),
    ("perft", "2.5"),
    ("perfect", "5"),
    (),
])
def test_perft_bad_input_exits_2_with_one_line_error(args):
    """Bad input: status 2, exactly one line on stderr, nothing on stdout."""
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error")
