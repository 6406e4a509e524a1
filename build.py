#!/usr/bin/env python3
"""Builds the Reversi site into dist/, serves it locally, and runs the tests.

Commands:
    python3 build.py [build]                            build dist/, print its size
    python3 build.py serve [--port 8000] [--host H]     build, then serve dist/
    python3 build.py test [pytest args...]              install test needs, build, run pytest

Downloads are pinned below, checked against their checksums and kept in the
git-ignored .cache/; a verified file there is used as is, with no network.

The built site (dist/, a folder of static files, O1):
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
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import html
import http.server
import importlib.util
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zlib
from dataclasses import dataclass
from pathlib import Path

from build_tools import snapshot as engine_snapshot
from build_tools import testrun

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
WEB = ROOT / "web"
SW_TEMPLATE = "sw.js"
PAGES = ("index.html",)
#: Where index.html receives the opening position as JSON (see opening_json).
OPENING_PLACEHOLDER = "<!--OPENING-->"


@dataclass(frozen=True)
class Pin:
    """A pinned download: what to ask the registry for, its file, and that file's checksum."""

    spec: str
    file: str
    algorithm: str
    digest: str


def npm_integrity_hex(integrity: str) -> str:
    """Returns the hex digest inside an npm "sha512-<base64>" integrity string."""
    return base64.b64decode(integrity.split("-", 1)[1]).hex()


PYODIDE = Pin(
    "pyodide@314.0.7",
    "pyodide-314.0.7.tgz",
    "sha512",
    npm_integrity_hex(
        "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
    ),
)
PYODIDE_DIR = CACHE / "pyodide-314.0.7"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_LOCK = "pyodide-lock.json"
PYODIDE_PYTHON = "3.14"

# Wheels the site ships beside Pyodide, named as in its lock file.
RUNTIME_WHEELS = {
    "micropip": Pin(
        "micropip==0.11.1",
        "micropip-0.11.1-py3-none-any.whl",
        "sha256",
        "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
    ),
    "packaging": Pin(
        "packaging==26.1",
        "packaging-26.1-py3-none-any.whl",
        "sha256",
        "5d9c0669c6285e491e0ced2eee587eaf67b670d94a19e94e3984a481aba6802f",
    ),
}

# The build backend, installed by pip from this cache into its isolated build
# environment, so that building needs neither the network nor the wheel package.
BUILD_BACKEND = Pin(
    "setuptools==84.2.1",
    "setuptools-84.2.1-py3-none-any.whl",
    "sha256",
    "ca140b45d5325a9478f880e351484f62fef15f336462e449ca0c03c873d589c2",
)
ENGINE_SOURCES = ("pyproject.toml", "README.md", "py")
# Any fixed time makes the wheel's zip timestamps, and so its bytes, reproducible.
WHEEL_EPOCH = "315532800"

# pytest and hypothesis with their pure-Python dependencies, for the engine tests
# inside Pyodide (packaging comes from the site's own runtime wheels).
TEST_WHEELS = (
    Pin("pytest==9.0.3", "pytest-9.0.3-py3-none-any.whl", "sha256",
        "2c5efc453d45394fdd706ade797c0a81091eccd1d6e4bccfcd476e2b8e0ab5d9"),
    Pin("pluggy==1.7.0", "pluggy-1.7.0-py3-none-any.whl", "sha256",
        "7dd7b0d8832ba3cb632c306926ded123429211b83641b35dc5c41ad2d34f9bec"),
    Pin("iniconfig==2.3.1", "iniconfig-2.3.1-py3-none-any.whl", "sha256",
        "9121e2c1fdb355232495be3194c8dfe87ccc2d5dee45947b78e68f499790d7a7"),
    Pin("pygments==2.21.0", "pygments-2.21.0-py3-none-any.whl", "sha256",
        "2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9"),
    Pin("hypothesis==6.155.2", "hypothesis-6.155.2-py3-none-any.whl", "sha256",
        "c85ce6dcd630a90ce501f1d1dd1bc84b97f5649ca8a27e134c8cbf5aa480b1a5"),
    Pin("sortedcontainers==2.4.0", "sortedcontainers-2.4.0-py2.py3-none-any.whl", "sha256",
        "a163dcaede0f1c021485e957a39245190e74249897e2ae4b2aa38595db237ee0"),
)

# axe-core, the accessibility checker the browser tests inject into the page
# (tests/browser/test_a11y.py); it is never part of the site.
AXE = Pin(
    "axe-core@4.14.1",
    "axe-core-4.14.1.tgz",
    "sha512",
    npm_integrity_hex(
        "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
    ),
)
AXE_DIR = CACHE / "axe-core-4.14.1"

MIME_TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
SERVE_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cache-Control": "no-cache",
}

TEST_MODULES = ("pytest", "hypothesis", "playwright", "ruff", "mypy", "numpy", "scipy")
BROWSERS = ("chromium", "chromium-browser")
PYTEST_NO_TESTS = testrun.PYTEST_NO_TESTS


class BuildError(Exception):
    """A step failed; the message says which package or file and what to do."""


def log(message: str) -> None:
    """Prints one progress line of the build."""
    print(f"build: {message}", flush=True)


def relative(path: Path) -> str:
    """Returns path relative to the repository when inside it, for messages."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def file_digest(path: Path, algorithm: str = "sha256") -> str:
    """Returns the hex digest of a file's bytes."""
    with path.open("rb") as file:
        return hashlib.file_digest(file, algorithm).hexdigest()


def short_hash(text: str) -> str:
    """Returns the first 12 hex digits of the sha256 of a text."""
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def is_cached(pin: Pin, directory: Path) -> bool:
    """Checks if the pin's file is in directory with the right checksum; raises if it is wrong."""
    path = directory / pin.file
    if not path.exists():
        return False
    if file_digest(path, pin.algorithm) != pin.digest:
        raise BuildError(
            f"{pin.spec}: the cached file {relative(path)} does not match its {pin.algorithm} "
            f"in build.py. Delete {relative(path)} and retry."
        )
    log(f"using cached {relative(path)}")
    return True


def run_download(command: list[str], pins: list[Pin], registry: str) -> None:
    """Runs a registry client command, raising a BuildError that names the pins if it fails."""
    names = ", ".join(pin.spec for pin in pins)
    log(f"downloading {names}")
    try:
        result = subprocess.run(command, capture_output=True, text=True)
    except FileNotFoundError:
        raise BuildError(f"{names}: {command[0]} is not installed; install it and retry.") from None
    if result.returncode != 0:
        detail = "\n".join((result.stderr or result.stdout).strip().splitlines()[-10:])
        raise BuildError(
            f"{names}: download failed (exit status {result.returncode}):\n"
            f"{detail}\nCheck network access to {registry}, then retry."
        )


def fetch(pins: list[Pin], directory: Path, registry: str, command) -> list[Path]:
    """Returns the verified files of pins in directory, downloading the missing ones.

    ``command(pins, into)`` gives the client command that downloads pins into a folder.
    """
    missing = [pin for pin in pins if not is_cached(pin, directory)]
    if missing:
        directory.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=directory, prefix=".download-") as tmp:
            run_download(command(missing, Path(tmp)), missing, registry)
            for pin in missing:
                move_verified(pin, Path(tmp) / pin.file, directory)
    return [directory / pin.file for pin in pins]


def move_verified(pin: Pin, download: Path, directory: Path) -> None:
    """Moves a fresh download into directory if its checksum matches the pin."""
    if not download.exists():
        raise BuildError(f"{pin.spec}: the client saved no {pin.file}; check the pin in build.py.")
    actual = file_digest(download, pin.algorithm)
    if actual != pin.digest:
        raise BuildError(
            f"{pin.spec}: the downloaded {pin.file} has {pin.algorithm} {actual}, "
            f"not the one pinned in build.py; it was not kept. Check the pin, then retry."
        )
    download.replace(directory / pin.file)


def npm_pack(pins: list[Pin], into: Path) -> list[str]:
    """Returns the npm command that downloads the pinned package tarballs into a folder."""
    return ["npm", "pack", "--loglevel=error", "--pack-destination", str(into), *(pin.spec for pin in pins)]


def pip_download(pins: list[Pin], into: Path) -> list[str]:
    """Returns the pip command that downloads pinned pure-Python wheels into a folder (tags as for Pyodide)."""
    return [
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
        "--python-version", PYODIDE_PYTHON, "-d", str(into), *(pin.spec for pin in pins),
    ]


def fetch_npm_package(pin: Pin, folder: Path) -> Path:
    """Returns ``folder``: the verified npm package of ``pin``, extracted in the cache."""
    (tarball,) = fetch([pin], CACHE, "the npm registry", npm_pack)
    if not folder.exists():
        with tempfile.TemporaryDirectory(dir=CACHE, prefix=".extract-") as tmp:
            with tarfile.open(tarball) as archive:
                archive.extractall(tmp, filter="data")
            (Path(tmp) / "package").rename(folder)
    return folder


def fetch_pyodide() -> Path:
    """Returns the folder of the verified, extracted Pyodide npm package in the cache."""
    return fetch_npm_package(PYODIDE, PYODIDE_DIR)


def fetch_runtime_wheels() -> dict[str, Path]:
    """Returns the verified micropip and packaging wheels, by package name."""
    pins = list(RUNTIME_WHEELS.values())
    paths = fetch(pins, CACHE / "pyodide-wheels", "PyPI", pip_download)
    return dict(zip(RUNTIME_WHEELS, paths))


def fetch_test_wheels() -> Path:
    """Returns the cache folder holding the verified wheels of the in-Pyodide test tools."""
    directory = CACHE / "test-wheels"
    fetch(list(TEST_WHEELS), directory, "PyPI", pip_download)
    return directory


def fetch_axe() -> Path:
    """Returns the path of axe.min.js from the verified, extracted axe-core npm package in the cache."""
    return fetch_npm_package(AXE, AXE_DIR) / "axe.min.js"


def fetch_build_backend() -> Path:
    """Returns the cache folder holding the verified build backend wheel."""
    directory = CACHE / "build-wheels"
    fetch([BUILD_BACKEND], directory, "PyPI", pip_download)
    return directory


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
            raise BuildError(f"{name}: Pyodide's lock wants {entry['file_name']}, build.py pins {path.name}.")
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


def opening_json() -> str:
    """Returns the opening position as the page paints it before Python is ready
    (O3), made by the engine's own code, as JSON safe inside a script element."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from reversi.app.snapshot import opening_view
    finally:
        sys.path.remove(str(ROOT / "py"))
    return json.dumps(opening_view(), separators=(",", ":")).replace("</", "<\\/")


def word_tables() -> tuple[list[tuple[str, str]], dict[str, dict]]:
    """Returns the languages (code, own name) and their word tables, as Python has them."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from reversi.app.wording.catalog import LANGUAGES, table
    finally:
        sys.path.remove(str(ROOT / "py"))
    return list(LANGUAGES), {code: table(code) for code, _ in LANGUAGES}


#: A template element whose text is a word (``data-i18n``), or whose attributes are
#: (``data-i18n-attr="aria-label=key;placeholder=key"``).
I18N_TEXT = re.compile(r'(<(\w+)\b[^>]*?\sdata-i18n="([^"]+)"[^>]*>)(</\2>)')
I18N_ATTRS = re.compile(r'(\sdata-i18n-attr="([^"]+)")')


def page_words(template: str, tables: dict[str, dict]) -> tuple[str, dict[str, dict[str, str]]]:
    """Returns the page with its English words filled in (L3, O3), and every
    language's words the page uses before Python is ready: the template's keys and
    every ``page.`` key (the page's own words in web/)."""
    english = tables["en"]
    keys = set(I18N_TEXT.findall(template) and [m[2] for m in I18N_TEXT.findall(template)])
    for _, pairs in I18N_ATTRS.findall(template):
        keys |= {pair.split("=", 1)[1] for pair in pairs.split(";")}
    missing = sorted(keys - set(english))
    if missing:
        raise BuildError(f"index.html names words that en.json lacks: {', '.join(missing)}")
    keys |= {key for key in english if key.startswith("page.")}
    filled = I18N_TEXT.sub(lambda m: m[1] + html.escape(english[m[3]], quote=False) + m[4], template)
    filled = I18N_ATTRS.sub(lambda m: "".join(
        f' {attr}="{html.escape(english[key])}"' for attr, key in (p.split("=", 1) for p in m[2].split(";"))) + m[1],
        filled)
    return filled, {code: {key: words[key] for key in sorted(keys) if isinstance(words.get(key), str)}
                    for code, words in tables.items()}


def copy_pages(site: Path) -> None:
    """Copies index.html (with the opening position and the English words filled in)
    and web/ (but the service worker template and the package.json that tells node
    the modules are ES modules) into the site, as far as they exist, and writes
    web/words.js: each language's own name and the words the page needs before Python
    is ready (L3, O3), taken from Python's word tables."""
    site.mkdir(parents=True, exist_ok=True)
    languages, tables = word_tables()
    words: dict[str, dict[str, str]] = {}
    for name in PAGES:
        if (ROOT / name).exists():
            page, words = page_words((ROOT / name).read_text(), tables)
            (site / name).write_text(page.replace(OPENING_PLACEHOLDER, opening_json()))
    if WEB.is_dir():
        shutil.copytree(
            WEB, site / "web",
            ignore=lambda folder, names: [SW_TEMPLATE, "package.json"] if Path(folder) == WEB else [],
        )
        module = ("// Made by build.py from py/reversi/app/wording/lang/*.json: do not edit.\n"
                  f"export const LANGUAGES = {json.dumps([{'code': c, 'name': n} for c, n in languages])};\n"
                  f"export const WORDS = {json.dumps(words, ensure_ascii=False, separators=(',', ':'))};\n")
        (site / "web" / "words.js").write_text(module)


# -- the installable app (O1): manifest and icons drawn here, no binary in git --
ICON_SIZES = (192, 512)
BOARD_GREEN = (31, 122, 77)
LINE_GREEN = (15, 74, 45)
DISC_COLORS = {"black": (17, 17, 17), "white": (245, 245, 242)}


def icon_pixel(x: float, y: float, maskable: bool) -> tuple[int, int, int, int]:
    """Returns the RGBA colour of the icon at (x, y) in 0..1 units: a board corner of four discs."""
    inset = 0.0 if maskable else 0.04
    corner = 0.0 if maskable else 0.18
    if not (inset <= x <= 1 - inset and inset <= y <= 1 - inset):
        return (0, 0, 0, 0)
    dx, dy = max(inset + corner - x, 0, x - (1 - inset - corner)), max(inset + corner - y, 0, y - (1 - inset - corner))
    if dx * dx + dy * dy > corner * corner:
        return (0, 0, 0, 0)
    radius = 0.15 if maskable else 0.19  # maskable icons keep to the safe circle
    for cx, cy, color in ((0.32, 0.32, "white"), (0.68, 0.68, "white"), (0.68, 0.32, "black"), (0.32, 0.68, "black")):
        cx, cy = 0.5 + (cx - 0.5) * (0.8 if maskable else 1), 0.5 + (cy - 0.5) * (0.8 if maskable else 1)
        if (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius:
            return (*DISC_COLORS[color], 255)
    if abs(x - 0.5) < 0.012 or abs(y - 0.5) < 0.012:
        return (*LINE_GREEN, 255)
    return (*BOARD_GREEN, 255)


def draw_icon(size: int, maskable: bool = False) -> bytes:
    """Returns a PNG of the app icon, size x size pixels; edge pixels are sampled 2x2 for smoothness."""
    centre = [[icon_pixel((px + 0.5) / size, (py + 0.5) / size, maskable) for px in range(size)]
              for py in range(size)]
    rows = bytearray()
    for py in range(size):
        rows.append(0)  # PNG filter type: none
        for px in range(size):
            colour = centre[py][px]
            if any(centre[qy][qx] != colour for qx, qy in ((px - 1, py), (px + 1, py), (px, py - 1), (px, py + 1))
                   if 0 <= qx < size and 0 <= qy < size):
                samples = [icon_pixel((px + ox) / size, (py + oy) / size, maskable)
                           for ox in (0.25, 0.75) for oy in (0.25, 0.75)]
                colour = tuple(sum(sample[k] for sample in samples) // 4 for k in range(4))
            rows.extend(colour)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def write_app_manifest(site: Path) -> None:
    """Writes manifest.webmanifest (English) and manifest-<language>.webmanifest for
    each other language (the install name in its words, L1), and the icons they
    name, into the site."""
    icons = site / "icons"
    icons.mkdir()
    entries = []
    for size in ICON_SIZES:
        (icons / f"icon-{size}.png").write_bytes(draw_icon(size))
        entries.append({"src": f"icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
                        "purpose": "any"})
    (icons / "maskable-512.png").write_bytes(draw_icon(512, maskable=True))
    entries.append({"src": "icons/maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"})
    for code, words in word_tables()[1].items():
        manifest = {
            "name": words["page.reversi"], "short_name": words["page.reversi"], "lang": code,
            "description": words["page.description"],
            "start_url": "./", "scope": "./", "display": "standalone", "orientation": "any",
            "background_color": "#f4f1ea", "theme_color": "#1b5e3f", "icons": entries,
        }
        name = "manifest.webmanifest" if code == "en" else f"manifest-{code}.webmanifest"
        (site / name).write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")


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
    with tempfile.TemporaryDirectory(dir=out.parent, prefix=".build-") as tmp:
        site = Path(tmp) / "site"
        copy_pages(site)
        write_app_manifest(site)
        runtime = stage_pyodide(site / "pyodide")
        wheel = build_engine_wheel(site / "wheels")
        snapshot = stage_snapshot(runtime, wheel)
        write_build_json(site, wheel, snapshot)
        write_service_worker(site)
        if out.exists():
            shutil.rmtree(out)
        site.rename(out)
    return out


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site with its MIME types and, unless ``plain``, the cross-origin
    isolation headers."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    plain = False

    def end_headers(self) -> None:
        """Adds the site headers to every response (only no-cache on a plain host)."""
        for name, value in SERVE_HEADERS.items():
            if not self.plain or name == "Cache-Control":
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        """Logs a request, unless the server was made quiet (tests, benchmarks)."""
        if not self.quiet:
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    """A site handler that does not log requests."""

    quiet = True


def make_server(root: Path, host: str = "127.0.0.1", port: int = 0, *,
                quiet: bool = True, plain: bool = False) -> http.server.ThreadingHTTPServer:
    """Returns an HTTP server for the folder root (port 0: a free port, see server_address);
    ``quiet`` leaves requests unlogged; ``plain`` sends no isolation headers, like a
    plain static host (the service worker then isolates the page itself)."""
    base = QuietSiteHandler if quiet else SiteHandler
    handler = type("Handler", (base,), {"plain": plain})
    return http.server.ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(root)))


def report_size(site: Path) -> None:
    """Prints the site's total size and file count."""
    sizes = [p.stat().st_size for p in site.rglob("*") if p.is_file()]
    print(f"{relative(site)}/: {sum(sizes):,} bytes in {len(sizes)} files")


def command_build() -> int:
    """Builds the site and prints its size."""
    started = time.perf_counter()
    report_size(build_site())
    print(f"built in {time.perf_counter() - started:.1f} s")
    return 0


def command_serve(host: str, port: int) -> int:
    """Builds the site, then serves it until interrupted."""
    command_build()
    server = make_server(DIST, host, port, quiet=False)
    print(f"Open http://{host}:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def run_step(command: list[str]) -> None:
    """Runs an install command, raising a BuildError if it fails."""
    log(" ".join(command))
    if subprocess.run(command, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"}).returncode != 0:
        raise BuildError(f"{' '.join(command)} failed; check network access to the package registries.")


def ensure_chromium() -> None:
    """Installs Debian's chromium for the browser tests when none is on PATH and we are root."""
    if any(shutil.which(name) for name in BROWSERS):
        return
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        log("warning: no Chromium found and cannot apt-get install it; browser tests will fail")
        return
    run_step(["apt-get", "update"])
    run_step(["apt-get", "install", "-y", "chromium"])


def ensure_test_packages() -> None:
    """Installs the project with its test extra when a test package is not importable."""
    if all(importlib.util.find_spec(name) for name in TEST_MODULES):
        return
    run_step([sys.executable, "-m", "pip", "install", "-e", ".[test]"])


#: With no pytest arguments the suite runs as two halves side by side, one a core: these
#: browser test files, and everything else (the other browser tests, then the Python,
#: Pyodide and JavaScript tests), chosen so that both take about as long.
ALONE = ("test_a11y.py", "test_computer.py", "test_controls.py", "test_foundation.py", "test_languages_page.py",
         "test_result_card.py", "test_screens.py", "test_storage_page.py", "test_update.py")


def halves() -> list[tuple[str, list[str]]]:
    """Returns the two pytest command lines of a whole run (see :data:`ALONE`)."""
    alone = [f"tests/browser/{name}" for name in ALONE]
    python = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob("test_*.py"))
    browser = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "browser").glob("test_*.py"))
    # The Python tests first: some look at the whole process (the garbage collector), which
    # the browser tests' Playwright objects would crowd.
    return [("browser", alone), ("the rest", [*python, *(path for path in browser if path not in alone)])]


def command_test(pytest_args: list[str]) -> int:
    """Installs what the tests need, builds the site, and returns pytest's exit status;
    with no arguments, two halves of the suite run side by side (:func:`halves`)."""
    ensure_chromium()
    ensure_test_packages()
    command_build()
    fetch_test_wheels()
    fetch_axe()
    env = {**os.environ, "REVERSI_SITE": str(DIST)}  # the browser tests serve this build
    if not pytest_args:
        return testrun.run_halves(halves(), ROOT, env)
    status = subprocess.run([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT, env=env).returncode
    if status == PYTEST_NO_TESTS:
        print("error: pytest ran no tests", file=sys.stderr)
        return 1
    return status


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Returns the command and its options; all that follows "test" goes to pytest untouched."""
    if argv[:1] == ["test"]:
        return argparse.Namespace(command="test", pytest_args=argv[1:])
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("build", help="build dist/ and print its size")
    serve = commands.add_parser("serve", help="build, then serve dist/ on localhost")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--host", default="127.0.0.1")
    commands.add_parser("test", help="install test needs, build, run pytest with any further args")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    """Runs one command and returns the exit status."""
    args = parse_args(argv)
    try:
        if args.command == "serve":
            return command_serve(args.host, args.port)
        if args.command == "test":
            return command_test(args.pytest_args)
        return command_build()
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
