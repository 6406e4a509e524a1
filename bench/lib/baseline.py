"""Frozen engines from git history, as players for the ladder, rather than copies.

- :data:`BASELINE`: commit 9cc7dfa, the engine before the trained evaluation (its "today's
  Expert"): the modules ``py/reversi/*.py`` of that commit as a flat package.
- :data:`TODAY`: commit 1fcb9e8, the engine before the last speed work (its "today's
  Expert"): the folder ``py/reversi/engine`` of that commit with its data
  files (weights, book).

:meth:`Frozen.extract` writes a commit's files with ``git archive`` into the
git-ignored folder ``bench/.baseline/`` as the package ``reversi_COMMIT``,
beside the current ``reversi``, on the first use of one of its modules (the
tools that play them extract them before they start their workers).  Their modules
import each other relatively and find their data beside them, so the engines never
mix; :meth:`Frozen.module` puts that folder on ``sys.path`` to import them.  It needs
the repository's git history (any clone).  The module-level functions are
:data:`BASELINE`'s, as before.
"""

from __future__ import annotations

import importlib
import io
import subprocess
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from . import BENCH, ROOT

CACHE = BENCH / ".baseline"


@dataclass(frozen=True)
class Frozen:
    """An engine package of one commit: the files under ``folder`` (only
    ``modules``, as ``NAME.py``, when given; else every file, data included)."""

    commit: str
    folder: str
    modules: tuple[str, ...] = ()

    @property
    def package(self) -> str:
        """Returns the name the frozen package is imported under."""
        return f"reversi_{self.commit}"

    def extract(self, cache: Path = CACHE) -> Path:
        """Returns the folder holding the package, extracting it from git if needed."""
        target = cache / self.package
        done = target / ".complete"
        if done.exists() or self.modules and all(
                (target / f"{name}.py").exists() for name in self.modules):
            return cache
        paths = [f"{self.folder}/{name}.py" for name in self.modules] or [self.folder]
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar",
                                  self.commit, *paths], check=True, capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            for member in tar.getmembers():
                source = tar.extractfile(member)
                if source is not None:
                    path = target / Path(member.name).relative_to(self.folder)
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(source.read())
        (cache / ".gitignore").write_text("*\n")
        done.write_text(self.commit + "\n")
        return cache

    def module(self, name: str) -> ModuleType:
        """Returns the frozen module ``name`` (``players``, ``search``, ``evaluate`` ...)."""
        folder = str(self.extract())
        if folder not in sys.path:
            sys.path.insert(0, folder)
        return importlib.import_module(f"{self.package}.{name}")

    def choose(self, p: int, o: int, level: str = "expert", seed: int = 0) -> int | None:
        """Returns the frozen ``level``'s move for ``p`` at its node budget (reproducible)."""
        players = self.module("players")
        return players.choose_move(p, o, level, seed=seed,
                                   nodes=players.LEVELS[level].nodes).square


#: The engine before the trained evaluation (the ladder's ``baseline-LEVEL`` players).
BASELINE = Frozen("9cc7dfa", "py/reversi", ("__init__", "bitboard", "board", "budget",
                                             "endgame", "evaluate", "notation", "players",
                                             "search"))
#: The engine before the last speed work (the ladder's ``1fcb9e8-LEVEL`` players).
TODAY = Frozen("1fcb9e8", "py/reversi/engine")
#: The frozen engines by the name their ladder players carry.
FROZEN = {"baseline": BASELINE, TODAY.commit: TODAY}

COMMIT, PACKAGE = BASELINE.commit, BASELINE.package
extract, module, choose = BASELINE.extract, BASELINE.module, BASELINE.choose


def load() -> ModuleType:
    """Returns the baseline's ``players`` module (``choose_move``, ``LEVELS``)."""
    return module("players")

