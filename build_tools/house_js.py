"""web/house.js: the page's list of stored parts and of the worker's commands, made from
Python's registry at build time (P1, P7), as words.js is made from the word tables."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .common import ROOT


def house_module() -> str:
    """Returns house.js: ``PARTS`` (each stored part of fixed name and its localStorage
    key), ``CHUNK_NAME`` (the history chunks' names, a pattern) and ``COMMANDS`` (each
    method's flags: ``game``, ``passive``, ``slice``, ``opens``, ``cancellable``, ``store``)
    and ``STORES`` (the large stores' names, R10)."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from reversi.app.bridge import COMMANDS, KEYS
        from reversi.app.saving.checks import CHUNK_NAME
        from reversi.app.saving.parts import storage_key
    finally:
        sys.path.remove(str(ROOT / "py"))
    parts = {name: storage_key(name) for name in KEYS}
    commands = {name: {"game": c.game, "passive": c.passive, "slice": c.slice, "opens": c.opens,
                       "cancellable": c.cancellable, "store": c.store} for name, c in COMMANDS.items()}
    stores = sorted({c.store for c in COMMANDS.values() if c.store})
    return ("// Made by build.py from reversi.app.bridge's registry: do not edit.\n"
            f"export const PARTS = {json.dumps(parts)};\n"
            f"export const CHUNK_NAME = {json.dumps(CHUNK_NAME)};\n"
            f"export const COMMANDS = {json.dumps(commands, separators=(',', ':'))};\n"
            f"export const STORES = {json.dumps(stores)};\n")


def write_house(site: Path) -> None:
    """Writes web/house.js into the site."""
    (site / "web" / "house.js").write_text(house_module())
