"""The frozen baseline: today's engine (commit 9cc7dfa, issue 10's "today's Expert")
as a player for the ladder, extracted from git history rather than copied.

:func:`load` writes the engine modules of that commit (``py/reversi/*.py``,
then a flat package) into the git-ignored folder ``bench/.baseline/`` with
``git archive`` and imports them as the package ``reversi_9cc7dfa``, beside
the current ``reversi``.  The modules import each other relatively, so the
two engines never mix.  It needs the repository's git history (any clone).
"""

from __future__ import annotations

import importlib
import io
import subprocess
import sys
import tarfile
from pathlib import Path
from types import ModuleType

#: The commit before issue 10, whose Expert is the baseline.
COMMIT = "9cc7dfa"
PACKAGE = f"reversi_{COMMIT}"
ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(__file__).resolve().parent / ".baseline"
#: The engine modules of that commit (the rest of the package is the page's).
MODULES = ("__init__", "bitboard", "board", "budget", "endgame", "evaluate", "notation",
           "players", "search")


def extract(cache: Path = CACHE) -> Path:
    """Returns the folder holding the baseline package, extracting it from git if needed."""
    target = cache / PACKAGE
    if all((target / f"{name}.py").exists() for name in MODULES):
        return cache
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", COMMIT,
         *[f"py/reversi/{name}.py" for name in MODULES]],
        check=True, capture_output=True).stdout
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            source = tar.extractfile(member)
            if source is not None:
                (target / Path(member.name).name).write_bytes(source.read())
    (cache / ".gitignore").write_text("*\n")
    return cache


def module(name: str) -> ModuleType:
    """Returns the baseline's module ``name`` (``players``, ``search``, ``evaluate`` ...)."""
    folder = str(extract())
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module(f"{PACKAGE}.{name}")


def load() -> ModuleType:
    """Returns the baseline's ``players`` module (``choose_move``, ``LEVELS``)."""
    return module("players")


def choose(p: int, o: int, level: str = "expert", seed: int = 0) -> int | None:
    """Returns the baseline ``level``'s move for ``p`` at its node budget (reproducible)."""
    players = load()
    return players.choose_move(p, o, level, seed=seed, nodes=players.LEVELS[level].nodes).square


if __name__ == "__main__":
    print(f"baseline {COMMIT} extracted to {extract() / PACKAGE}")
