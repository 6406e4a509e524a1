"""What every step of the build shares: the repository's folders, the error a step
raises, its progress lines, and file hashes."""

from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"


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
