"""bench/'s library: the modules that the tools beside this folder share, none of them a command.

Importing ``lib``, or any module of it, puts the repository's root (``native``,
``build_tools``, ``tests``) and ``py/`` (``reversi``) at the front of ``sys.path``, once.
A tool run as ``python3 bench/NAME.py``, from any folder, has ``bench/`` as
``sys.path[0]``, so its ``from lib import records`` (or a bare ``import lib`` when it needs
none of the modules) finds this package and, through it, the project: no tool edits the
path itself.  The tests find ``bench/`` through pytest's ``pythonpath`` (pyproject.toml),
mypy through its ``mypy_path``.  ``bench/README.md`` lists the tools and these modules.
"""

from __future__ import annotations

import sys
from pathlib import Path

#: The repository's root.
ROOT = Path(__file__).resolve().parents[2]
#: The tools' folder.
BENCH = ROOT / "bench"
#: The tools' working data, which git ignores (``bench/.data/``).
DATA = BENCH / ".data"

sys.path[:0] = [folder for folder in (str(ROOT), str(ROOT / "py")) if folder not in sys.path]
