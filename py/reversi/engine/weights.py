"""Weight files of the pattern evaluation: their format, reading and writing.

A weight file is a text line ``reversi-weights 1``, a JSON header line, and
zlib-compressed little-endian int16 numbers.  The header says how to read
them and how they were made:

- ``types``: the pattern type names, which must be those of
  :data:`reversi.engine.patterns.TYPES`, in that order;
- ``stages``: the largest number of empty squares of each game stage, in
  increasing order (stage ``s`` covers ``stages[s-1] + 1 .. stages[s]``);
- ``extras``: the names of the global terms after the pattern tables of a stage;
- ``scale``: discs per unit (a weight ``w`` is worth ``w * scale`` discs);
- ``command`` and ``seed``: how the file was made (``bench/train.py``), and any
  other facts the trainer recorded (data sizes, errors).

The numbers are, stage by stage, every type's table (``3 ** size`` entries,
see :data:`reversi.engine.patterns.SIZES`) then one number per extra.
"""

from __future__ import annotations

import json
import sys
import zlib
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .patterns import SIZES, TYPES

MAGIC = b"reversi-weights 1\n"


@dataclass
class Weights:
    """The numbers of a weight file, with its header (see the module docstring)."""

    header: dict[str, Any]
    numbers: array

    @property
    def stages(self) -> list[int]:
        """Returns the largest number of empty squares of each stage."""
        return list(self.header["stages"])

    @property
    def extras(self) -> list[str]:
        """Returns the names of the global terms of each stage."""
        return list(self.header["extras"])

    def stage_numbers(self, stage: int) -> tuple[list[array], array]:
        """Returns stage ``stage``'s tables, one per pattern type, and its extras."""
        width = sum(SIZES) + len(self.extras)
        start = stage * width
        tables = []
        for size in SIZES:
            tables.append(self.numbers[start:start + size])
            start += size
        return tables, self.numbers[start:start + len(self.extras)]


def encode(weights: Weights) -> bytes:
    """Returns the bytes of a weight file."""
    numbers = array("h", weights.numbers)
    if sys.byteorder == "big":
        numbers.byteswap()
    header = json.dumps(weights.header, sort_keys=True).encode()
    return MAGIC + header + b"\n" + zlib.compress(numbers.tobytes(), 9)


def decode(data: bytes) -> Weights:
    """Returns the weights of a weight file's bytes.

    :raises ValueError: if the bytes are not a weight file for these patterns.
    """
    if not data.startswith(MAGIC):
        raise ValueError("not a reversi weight file")
    line, _, body = data[len(MAGIC):].partition(b"\n")
    header = json.loads(line)
    if header.get("types") != [name for name, _ in TYPES]:
        raise ValueError(f"weight file for other patterns: {header.get('types')}")
    numbers = array("h")
    numbers.frombytes(zlib.decompress(body))
    if sys.byteorder == "big":
        numbers.byteswap()
    expected = len(header["stages"]) * (sum(SIZES) + len(header["extras"]))
    if len(numbers) != expected:
        raise ValueError(f"weight file holds {len(numbers)} numbers, expected {expected}")
    return Weights(header, numbers)


def load(path: Path) -> Weights:
    """Returns the weights stored in the file ``path``."""
    return decode(path.read_bytes())


def save(path: Path, weights: Weights) -> None:
    """Writes ``weights`` to the file ``path``."""
    path.write_bytes(encode(weights))
