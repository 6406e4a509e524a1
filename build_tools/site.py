"""The site: dist/, a folder of static files (O1), built from the repository.

    index.html, web/       copied from the repository (web/sw.js is a template)
    pyodide/               the Pyodide runtime files, the micropip and packaging
                           wheels, and pyodide-lock.json
    wheels/<engine>.whl    the engine wheel, built from pyproject.toml
    build.json             {"version", "wheel", "pyodide", "snapshot", "build", "files"}
    sw.js                  the service worker, at the root so its scope is the site

In sw.js the template's PRECACHE becomes a JSON list of the URL of every site
file but sw.js, relative to the site root, each with a content query made of
the first 12 hex digits of the file's sha256: "pyodide/pyodide.mjs?v=0a1b2c3d4e5f".
VERSION becomes the first 12 hex digits of the sha256 of that list's JSON text,
so any change to any file gives a new cache. build.json's "build" is the same
kind of hash of the lines "<url> <sha256>" of every file but build.json and sw.js.

The site is put together in a temporary folder outside the repository and moved
into place only once the build has succeeded: a build leaves nothing else behind.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from . import snapshot as engine_snapshot
from .common import CACHE, DIST, ROOT, BuildError, file_digest, log, relative, short_hash
from .downloads import PYODIDE_FILES, PYODIDE_LOCK, fetch_build_backend, fetch_pyodide, fetch_runtime_wheels
from .house_js import write_house
from .icons import write_app_manifest
from .page_words import SW_TEMPLATE, WEB, copy_pages

ENGINE_SOURCES = ("pyproject.toml", "README.md", "py")

# Any fixed time makes the wheel's zip timestamps, and so its bytes, reproducible.
WHEEL_EPOCH = "315532800"


def reconcile_lock(lock: dict, wheels: dict[str, Path]) -> dict:
    """Returns the Pyodide lock with the given packages' checksums set to those of our wheel files.

    Pyodide's lock lists the checksums of Pyodide's own builds of micropip and
    packaging; the site ships PyPI's files instead, verified above, so their
    entries must carry the checksums of those files for the browser to accept them.
    Every other entry is kept as is (the simplest honest lock): the site ships no
    other package, and nothing asks for one.
    """
    for name, path in wheels.items():
        entry = lock["packages"][name]
        if entry["file_name"] != path.name:
            raise BuildError(f"{name}: Pyodide's lock wants {entry['file_name']}, "
                             f"build_tools/downloads.py pins {path.name}.")
        entry["sha256"] = file_digest(path)
    return lock

def stage_pyodide(dest: Path) -> Path:
    """Writes the Pyodide runtime files, its two wheels and the reconciled lock into dest."""
    package = fetch_pyodide()
    wheels = fetch_runtime_wheels()
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(package / name, dest / name)
    for path in wheels.values():
        shutil.copyfile(path, dest / path.name)
    lock = reconcile_lock(json.loads((package / PYODIDE_LOCK).read_text()), wheels)
    (dest / PYODIDE_LOCK).write_text(json.dumps(lock, separators=(",", ":")))
    return dest

def stage_snapshot(runtime: Path, wheel: Path) -> str | None:
    """Puts the engine's start-up snapshot (build_tools/snapshot.py) next to the runtime;
    returns its site URL, or None when Node could not make one."""
    snapshot = engine_snapshot.make(runtime, wheel, CACHE, log)
    if snapshot is None:
        return None
    shutil.copyfile(snapshot, runtime / engine_snapshot.NAME)
    return f"{runtime.name}/{engine_snapshot.NAME}"

def build_engine_wheel(dest: Path) -> Path:
    """Builds the engine wheel from a clean copy of its sources and returns its path in dest."""
    backend = fetch_build_backend()
    with tempfile.TemporaryDirectory(prefix="reversi-wheel-") as tmp:
        source, out = Path(tmp) / "source", Path(tmp) / "out"
        copy_engine_sources(source)
        command = [
            sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-index",
            "--find-links", str(backend), "-w", str(out), str(source),
        ]
        result = subprocess.run(
            command, capture_output=True, text=True, env={**os.environ, "SOURCE_DATE_EPOCH": WHEEL_EPOCH}
        )
        if result.returncode != 0:
            raise BuildError(f"building the engine wheel failed:\n{result.stdout}{result.stderr}")
        (wheel,) = out.glob("*.whl")
        dest.mkdir(parents=True, exist_ok=True)
        return Path(shutil.copyfile(wheel, dest / wheel.name))

def copy_engine_sources(dest: Path) -> None:
    """Copies what the engine wheel is built from, without caches or old build output."""
    dest.mkdir(parents=True)
    for name in ENGINE_SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copyfile(path, dest / name)

def project_version() -> str:
    """Returns the project version from pyproject.toml."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)["project"]["version"]

def site_hashes(site: Path) -> dict[str, str]:
    """Returns the sha256 of every file of the site, by URL relative to the site root, sorted."""
    paths = sorted(p for p in site.rglob("*") if p.is_file())
    return {p.relative_to(site).as_posix(): file_digest(p) for p in paths}

def write_build_json(site: Path, wheel: Path, snapshot: str | None) -> None:
    """Writes build.json: the project version, the engine wheel, Pyodide and snapshot
    URLs (snapshot null when there is none), a site hash, and the sha256 of every file
    (the worker names the ones that arrive broken, O4)."""
    hashes = site_hashes(site)
    info = {
        "version": project_version(),
        "wheel": wheel.relative_to(site).as_posix(),
        "pyodide": "pyodide/",
        "snapshot": snapshot,
        "build": short_hash("\n".join(f"{url} {digest}" for url, digest in hashes.items())),
        "files": hashes,
    }
    (site / "build.json").write_text(json.dumps(info, indent=2) + "\n")

def precache_list(site: Path) -> list[str]:
    """Returns the service worker's precache URLs: every site file but sw.js, with its content query."""
    return [f"{url}?v={digest[:12]}" for url, digest in site_hashes(site).items() if url != "sw.js"]

def write_service_worker(site: Path) -> None:
    """Writes sw.js at the site root from the web/sw.js template, filling PRECACHE and VERSION."""
    template = (WEB / SW_TEMPLATE).read_text()
    precache = json.dumps(precache_list(site), indent=2)
    placeholders = {"/*PRECACHE*/[]": precache, "/*VERSION*/": short_hash(precache)}
    for placeholder, value in placeholders.items():
        if placeholder not in template:
            raise BuildError(f"web/{SW_TEMPLATE} lacks the placeholder {placeholder}.")
        template = template.replace(placeholder, value)
    (site / "sw.js").write_text(template)

def build_site(out: Path = DIST) -> Path:
    """Builds the whole site into out, replacing it only once the build has succeeded."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="reversi-site-") as tmp:
        site = Path(tmp) / "site"
        copy_pages(site)
        write_house(site)
        write_app_manifest(site)
        runtime = stage_pyodide(site / "pyodide")
        wheel = build_engine_wheel(site / "wheels")
        snapshot = stage_snapshot(runtime, wheel)
        write_build_json(site, wheel, snapshot)
        write_service_worker(site)
        if out.exists():
            shutil.rmtree(out)
        shutil.move(site, out)
    return out

def report_size(site: Path) -> None:
    """Prints the site's total size and file count."""
    sizes = [p.stat().st_size for p in site.rglob("*") if p.is_file()]
    print(f"{relative(site)}/: {sum(sizes):,} bytes in {len(sizes)} files")
