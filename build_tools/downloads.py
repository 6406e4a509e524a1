"""Downloads and pins: every file the build fetches, pinned with its checksum, fetched
by the registry's own client into the git-ignored .cache/ and checked there; a
verified file in the cache is used as is, with no network."""

from __future__ import annotations

import base64
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .common import CACHE, BuildError, file_digest, log, relative


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


def is_cached(pin: Pin, directory: Path) -> bool:
    """Checks if the pin's file is in directory with the right checksum; raises if it is wrong."""
    path = directory / pin.file
    if not path.exists():
        return False
    if file_digest(path, pin.algorithm) != pin.digest:
        raise BuildError(
            f"{pin.spec}: the cached file {relative(path)} does not match its {pin.algorithm} "
            f"in build_tools/downloads.py. Delete {relative(path)} and retry."
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
        raise BuildError(f"{pin.spec}: the client saved no {pin.file}; check the pin in build_tools/downloads.py.")
    actual = file_digest(download, pin.algorithm)
    if actual != pin.digest:
        raise BuildError(
            f"{pin.spec}: the downloaded {pin.file} has {pin.algorithm} {actual}, "
            f"not the one pinned in build_tools/downloads.py; it was not kept. Check the pin, then retry."
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
