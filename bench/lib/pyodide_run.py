"""Runs a benchmark function inside Pyodide under Node, with the repository mounted.

``run(pyodide_dir, module, call)`` starts the Pyodide unpacked in
``pyodide_dir`` (e.g. ``.cache/pyodide-314.0.7``), mounts the repository at
``/repo``, puts ``/repo/bench`` on the path (the module's ``import lib`` adds
``/repo`` and ``/repo/py``), imports ``module`` and evaluates the Python
expression ``call`` there; it returns Node's exit status.  Inside Pyodide ``time.process_time`` is wall time, so
run it on a quiet machine.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

from . import ROOT

_NODE_RUNNER = """
import { loadPyodide } from %(module)s;
const pyodide = await loadPyodide({ indexURL: %(index)s });
pyodide.FS.mkdirTree("/repo");
pyodide.mountNodeFS("/repo", %(root)s);
try {
  process.exitCode = pyodide.runPython(%(code)s);
} catch (error) {
  console.error(String(error.message ?? error));
  process.exitCode = 1;
}
"""


def run(pyodide_dir: Path, module: str, call: str) -> int:
    """Runs ``module.call`` inside Pyodide under Node; returns the exit status."""
    code = "\n".join([
        "import sys",
        "sys.dont_write_bytecode = True",
        "sys.path.insert(0, '/repo/bench')",
        f"import {module}",
        f"{module}.{call}",
        "0",
    ])
    script = _NODE_RUNNER % {
        "module": json.dumps((pyodide_dir / "pyodide.mjs").resolve().as_uri()),
        "index": json.dumps(str(pyodide_dir.resolve()) + os.sep),
        "root": json.dumps(str(ROOT)),
        "code": json.dumps(code),
    }
    with tempfile.TemporaryDirectory() as tmp:
        runner = Path(tmp) / "run.mjs"
        runner.write_text(script)
        return subprocess.run(["node", str(runner)]).returncode
