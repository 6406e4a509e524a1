"""The engine's start-up snapshot: Pyodide's memory with the engine installed and imported.

Made once per build with Node: micropip installs the engine wheel
into one Pyodide, exactly as the worker would; its installed files are written
into a second, fresh Pyodide, which imports the engine and reads every word
table, freezes what it made (``gc.freeze``: no collection scans those long-lived
objects again, so a full collection costs about 3 ms instead of 20 in the
browser), and then takes a memory snapshot; its heap is grown first, half a
megabyte at a time, to the least that holds the engine (the worker grows its own
to the snapshot's size before restoring it).  (A
snapshot cannot hold the state that loading a package such as micropip leaves
behind, hence the two.)  The worker restores it and has the bridge at once:
no micropip, no install, no imports.  Python's random numbers are seeded again
after a restore (the snapshot froze its seed).  The snapshot holds Python's
memory but not its files, so the worker unpacks the wheel (fetched while the
snapshot arrives) where micropip had put it, right after its first reply (the
saved game, which needs only what the snapshot holds: the opening names are read
before it is taken): the modules imported later (the players, the search) and
the data (weights, book, puzzles) are read from there.

The snapshot is cached in .cache/ by the hash of its script and the wheel, so
an unchanged engine costs nothing to rebuild.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

#: The file in the site's pyodide/ folder.
NAME = "engine-snapshot.bin.gz"
#: What the fresh Python does before the snapshot is taken.
PRELOAD = """
import reversi.app.bridge
from reversi.app.wording import catalog
from reversi.engine import openings
for code in catalog.CODES:
    catalog.table(code)
openings.aliases([])
reversi.app.bridge.Bridge()
import gc
gc.collect()
gc.freeze()
"""
#: Where the installed engine's files are, as micropip left them.
COLLECT = """
import importlib.util, json, os
root = os.path.dirname(os.path.dirname(importlib.util.find_spec("reversi").origin))
files = {}
for base, _, names in os.walk(root):
    for name in names:
        path = os.path.join(base, name)
        if "/reversi" in path[len(root):] and "__pycache__" not in path:
            with open(path, "rb") as file:
                files[path] = file.read().hex()
json.dumps(files)
"""
SCRIPT = """
import { loadPyodide } from %(module)s;
import { readFileSync, writeFileSync } from "node:fs";
const installer = await loadPyodide({ indexURL: %(index)s });
await installer.loadPackage(["micropip"]);
installer.FS.writeFile("/tmp/" + %(wheel_name)s, readFileSync(%(wheel)s));
await installer.pyimport("micropip").install.callKwargs("emfs:/tmp/" + %(wheel_name)s, { deps: false });
const files = JSON.parse(installer.runPython(%(collect)s));
// The heap grows by a fifth when it runs out: a snapshot just past the first heap would be a
// fifth larger, all of it to unzip and copy at every start. So the heap is grown first, half
// a megabyte at a time, until the engine fits without Pyodide growing it further.
for (let size = 0; ; size += 1 << 19) {
  const pyodide = await loadPyodide({ indexURL: %(index)s, env: { HOME: "/home/pyodide" }, _makeSnapshot: true });
  size = Math.max(size, pyodide._module.HEAP8.length);
  if (size > pyodide._module.HEAP8.length) pyodide._module.growMemory(size);
  for (const [path, hex] of Object.entries(files)) {
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, Buffer.from(hex, "hex"));
  }
  pyodide.runPython(%(preload)s);
  if (pyodide._module.HEAP8.length <= size) {
    writeFileSync(%(out)s, pyodide.makeMemorySnapshot());
    break;
  }
}
"""


def make(runtime: Path, wheel: Path, cache: Path, log: Callable[[str], None]) -> Path | None:
    """Returns the cached, gzipped engine snapshot for the Pyodide in ``runtime`` and the
    engine ``wheel``, making it with Node when missing; None (and a warning) when Node
    cannot make one: the worker then starts Python and installs the wheel as usual."""
    key = hashlib.sha256((SCRIPT + PRELOAD + COLLECT).encode() + wheel.read_bytes()).hexdigest()[:12]
    cached = cache / f"{runtime.name}-{key}-{NAME}"
    if cached.exists():
        return cached
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        raw, script = Path(tmp) / "snapshot.bin", Path(tmp) / "snapshot.mjs"
        script.write_text(SCRIPT % {
            "module": json.dumps((runtime / "pyodide.mjs").as_uri()), "index": json.dumps(str(runtime) + "/"),
            "wheel": json.dumps(str(wheel)), "wheel_name": json.dumps(wheel.name), "collect": json.dumps(COLLECT),
            "preload": json.dumps(PRELOAD), "out": json.dumps(str(raw))})
        log("making the engine's start-up snapshot with node")
        done = subprocess.run(["node", str(script)], capture_output=True, text=True)
        if done.returncode != 0 or not raw.exists():
            log(f"warning: no engine snapshot (node said: {done.stderr.strip()[-300:]}); "
                "the page installs the engine at start-up")
            return None
        with raw.open("rb") as source, gzip.open(cached.with_suffix(".part"), "wb", compresslevel=6) as target:
            shutil.copyfileobj(source, target)
        cached.with_suffix(".part").rename(cached)
    return cached
