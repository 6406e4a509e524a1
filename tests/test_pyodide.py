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
        ["node", str(RUNNER), *PYODIDE_TESTS],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT_S,
    )
    output = f"{result.stdout}\n{result.stderr}"
    print(output)
    assert result.returncode == 0, f"pytest inside Pyodide failed:\n{output}"
    assert f"Python {PYODIDE_PYTHON}." in result.stdout, output
