// Runs pytest inside Pyodide under Node on the given test modules, so the
// engine is checked on the Python the browser runs.
//
// Usage: PYODIDE_DIR=<runtime folder> TEST_WHEELS_DIR=<wheels folder> \
//          node tests/pyodide/run.mjs <test paths relative to the repository>...
// PYODIDE_DIR is laid out like the site's pyodide/ (build.stage_pyodide makes
// one); TEST_WHEELS_DIR holds pytest, hypothesis and their dependencies
// (build.fetch_test_wheels). The exit status is pytest's.

import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Returns a required environment variable, or stops with a message. */
function requiredEnv(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`run.mjs: set ${name} (see the comment at the top of this file)`);
    process.exit(2);
  }
  return path.resolve(value);
}

/** Mounts a host folder at a path of Pyodide's file system (a symbolic link is
 * followed: Pyodide mounts only real folders). */
function mount(pyodide, hostPath, target) {
  pyodide.FS.mkdirTree(target);
  pyodide.mountNodeFS(target, realpathSync(hostPath));
}

/** Returns Pyodide with the repository mounted at /repo and the test wheels at /wheels. */
async function startPyodide(pyodideDir, wheelsDir) {
  const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
  mount(pyodide, path.join(REPO, "py"), "/repo/py");
  mount(pyodide, path.join(REPO, "tests"), "/repo/tests");
  pyodide.FS.writeFile("/repo/pyproject.toml", readFileSync(path.join(REPO, "pyproject.toml")));
  mount(pyodide, wheelsDir, "/wheels");
  return pyodide;
}

const pyodide = await startPyodide(requiredEnv("PYODIDE_DIR"), requiredEnv("TEST_WHEELS_DIR"));
await pyodide.loadPackage(["micropip", "packaging"]); // by name, through the site's lock file
pyodide.globals.set("pytest_args", pyodide.toPy(process.argv.slice(2)));
const status = await pyodide.runPythonAsync(`
import os, sys
import micropip

await micropip.install([f"emfs:/wheels/{name}" for name in sorted(os.listdir("/wheels"))], deps=False)
import pytest

sys.dont_write_bytecode = True  # the mounted folders belong to the host
print("Python", sys.version.split()[0], "on", sys.platform, flush=True)
os.chdir("/repo")
int(pytest.main(["-p", "no:cacheprovider", *pytest_args]))
`);
process.exit(status);
