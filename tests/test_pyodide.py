"""Runs engine test modules inside Pyodide under Node: the Python the browser runs."""

import os
import shutil
import subprocess

from build_tools.common import ROOT
from build_tools.downloads import PYODIDE_PYTHON, fetch_test_wheels
from build_tools.site import stage_pyodide

RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"
#: The test modules run inside Pyodide, as paths relative to the repository root.
PYODIDE_TESTS = ("tests/test_rules.py", "tests/test_notation.py", "tests/test_endgame.py",
                 "tests/test_patterns.py", "tests/test_hints.py")
#: The cases left out there: the largest endgames, whose plain-minimax references took
#: 40 of the 100 seconds of the Pyodide run, and the five slowest of the first FFO
#: positions (10 of the 62 left); the smaller ones check the same code there, and
#: CPython runs them all.
HEAVIEST = tuple(f"tests/test_endgame.py::{case}" for case in (
    "test_random_endgame_matches_minimax[38]", "test_random_endgame_matches_minimax[39]",
    "test_random_endgame_matches_minimax[40]", "test_random_endgame_matches_minimax[41]",
    "test_random_endgame_matches_minimax[42]", "test_random_endgame_every_move_and_window[40]",
    "test_ffo_20_best_score_and_move[22]", "test_ffo_20_best_score_and_move[23]",
    *(f"test_ffo_best_score_and_move[{n}]" for n in (11, 15, 16, 18, 19))))
TIMEOUT_S = 1200


def test_engine_tests_pass_inside_pyodide(tmp_path):
    """The engine tests pass on Pyodide's Python 3.14, loaded from a copy of the site's pyodide/."""
    assert shutil.which("node"), "node is not on PATH"
    env = {
        **os.environ,
        "PYODIDE_DIR": str(stage_pyodide(tmp_path / "pyodide")),
        "TEST_WHEELS_DIR": str(fetch_test_wheels()),
    }
    result = subprocess.run(
        ["node", str(RUNNER), *PYODIDE_TESTS, *(f"--deselect={case}" for case in HEAVIEST)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT_S,
    )
    output = f"{result.stdout}\n{result.stderr}"
    print(output)
    assert result.returncode == 0, f"pytest inside Pyodide failed:\n{output}"
    assert f"Python {PYODIDE_PYTHON}." in result.stdout, output
    assert f"{len(HEAVIEST)} deselected" in result.stdout, "a left-out case is no longer there"
