"""The generator's data files: ``bench/.data/gen/NAME.bin``, fixed-size records (C2).

A record (:data:`RECORD`, 28 bytes) is one position for the side to move
(``p``, ``o``): the game's number, the ply, whose turn (0 Black), the
empties, how many records of its game follow it (``left``), its exact score
(:data:`NONE` before the solved part), the game's *result* for this side
(:data:`NONE` for a sibling, off the game's line) and the search's value (in
1/:data:`UNIT` discs; :data:`NO_SEARCH` in the solved part).  ``NAME.json``
beside the file records the parameters its games were made with
(:data:`PARAMETERS`).  ``bench/gen.py`` writes them, ``bench/packed.py`` keeps
them in git, and the fits read them (``bench/lib/positions.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from reversi.engine.variants import STANDARD

# DATA: bench/.data/, which git ignores (:func:`ignored`).
from . import BENCH, DATA

#: Where the packed chunks live in git, a folder a data file's name (``bench/packed.py``).
PACKED = BENCH / "data" / "gen"
#: One position (see the module docstring).
RECORD = np.dtype([("p", "<u8"), ("o", "<u8"), ("game", "<u4"), ("ply", "u1"), ("turn", "u1"),
                   ("empties", "u1"), ("left", "u1"), ("exact", "i1"), ("result", "i1"),
                   ("searched", "<i2")])
#: No label of that kind (``exact`` and ``result``; ``searched``).
NONE = -128
NO_SEARCH = -32768
#: Search values are stored in units of 1/64 disc.
UNIT = 64
#: The parameters that a file's games share (a rerun must give the same).
PARAMETERS = ("seed", "depth", "play", "exact", "explore", "variant", "siblings")
#: The parameters' values for a file whose ``.json`` predates them.
DEFAULTS = {"variant": STANDARD, "siblings": 0}


def made_with(path: Path) -> dict:
    """Returns the parameters in data file ``path``'s ``.json``, defaults filled in."""
    return {**DEFAULTS, **json.loads(path.with_suffix(".json").read_text())}


def read(path: Path) -> np.ndarray:
    """Returns the whole games' records of ``path``."""
    data = np.fromfile(path, RECORD, count=path.stat().st_size // RECORD.itemsize)
    ends = np.flatnonzero(data["left"] == 0)
    return data[:ends[-1] + 1] if len(ends) else data[:0]


def complete(path: Path) -> int:
    """Returns the number of the first game ``path`` lacks, cutting off a
    half-written record or game that a stopped run left."""
    if not path.exists():
        return 0
    records = read(path)
    keep = len(records) * RECORD.itemsize
    if keep != path.stat().st_size:
        with path.open("r+b") as f:
            f.truncate(keep)
    return int(records[-1]["game"]) + 1 if len(records) else 0


def chunks(name: str, folder: Path = PACKED) -> list[tuple[int, int, Path]]:
    """Returns the packed chunks of ``name`` as (first game, end, path), in order."""
    found = []
    for path in (folder / name).glob("*-*.npz.xz"):
        first, end = path.name.removesuffix(".npz.xz").split("-")
        found.append((int(first), int(end), path))
    return sorted(found)


def ignored() -> None:
    """Makes bench/.data/, which git ignores."""
    DATA.mkdir(exist_ok=True)
    (DATA / ".gitignore").write_text("*\n")
