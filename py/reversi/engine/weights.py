"""Weight files of the pattern evaluation: their format, reading and writing (C2).

A file is the line ``reversi-weights 2``, a JSON header (pattern types, stages, extras,
scale, how it was made) and zlib-compressed int16 numbers; version 1 is still read.
:mod:`.evaluate` loads them; ``bench/`` fits and saves them.  The format field by field,
and why the numbers are stored entry by entry: ``docs/engine.md``.
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

MAGIC = b"reversi-weights 2\n"
#: The first version's line: numbers in memory order, whole.
MAGIC_1 = b"reversi-weights 1\n"


@dataclass
class Weights:
    """The numbers of a weight file, with its header (its fields: ``docs/engine.md``)."""

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
    """Returns the bytes of a weight file (version 2)."""
    stages = len(weights.header["stages"])
    numbers = array("h", bytes(2 * len(weights.numbers)))
    width = len(numbers) // stages
    for stage in range(stages):  # memory order to entry order
        numbers[stage::stages] = weights.numbers[stage * width:(stage + 1) * width]
    if sys.byteorder == "big":
        numbers.byteswap()
    raw = numbers.tobytes()
    header = json.dumps(weights.header, sort_keys=True).encode()
    return MAGIC + header + b"\n" + zlib.compress(raw[0::2] + raw[1::2], 9)


def decode(data: bytes) -> Weights:
    """Returns the weights of a weight file's bytes (version 2, or 1).

    :raises ValueError: if the bytes are not a weight file for these patterns.
    """
    version = 2 if data.startswith(MAGIC) else 1 if data.startswith(MAGIC_1) else 0
    if not version:
        raise ValueError("not a reversi weight file")
    line, _, body = data[len(MAGIC):].partition(b"\n")
    header = json.loads(line)
    if header.get("types") != [name for name, _ in TYPES]:
        raise ValueError(f"weight file for other patterns: {header.get('types')}")
    raw = zlib.decompress(body)
    stages = len(header["stages"])
    expected = stages * (sum(SIZES) + len(header["extras"]))
    if len(raw) != 2 * expected:
        raise ValueError(f"weight file holds {len(raw) / 2:g} numbers, expected {expected}")
    if version == 2:
        whole = bytearray(len(raw))
        whole[0::2], whole[1::2] = raw[:expected], raw[expected:]
        raw = bytes(whole)
    numbers = array("h")
    numbers.frombytes(raw)
    if sys.byteorder == "big":
        numbers.byteswap()
    if version == 2:
        entries, numbers = numbers, array("h")
        for stage in range(stages):  # entry order to memory order
            numbers.extend(entries[stage::stages])
    return Weights(header, numbers)


def load(path: Path) -> Weights:
    """Returns the weights stored in the file ``path``."""
    return decode(path.read_bytes())


def save(path: Path, weights: Weights) -> None:
    """Writes ``weights`` to the file ``path``."""
    path.write_bytes(encode(weights))
