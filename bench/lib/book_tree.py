"""The opening book's build state: the progress file's records and the tree over them.

A progress record is one scored position (its canonical key, value and depth);
:class:`Tree` backs the values up by negamax and picks the next position to
expand (``bench/book.py`` holds the commands).
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path

from reversi.engine.bitboard import flips_mask, moves_mask, squares
from reversi.engine.board import OPENING_BLACK, OPENING_WHITE
from reversi.engine.book import canonical

from . import BENCH

PROGRESS = BENCH / "data" / "book.progress"
#: A progress record: the canonical key (16 bytes), the value for the side to
#: move (discs) and the depth searched (:data:`EXACT` for the solver's score).
RECORD = struct.Struct("<16sfB")
EXACT = 255
#: Discs of loss one earlier visit is worth when a walk picks a move: the main
#: line is extended first, a move 2 discs worse gets its turn after 8 visits.
DROP_OUT = 0.25

Scored = dict[int, tuple[float, int]]


def position(key: int) -> tuple[int, int]:
    """Returns the position ``(p, o)`` of a canonical key."""
    return key >> 64, key & ((1 << 64) - 1)


def children(p: int, o: int) -> list[tuple[int, int]]:
    """Returns the positions after each move of ``p`` (after a forced pass, the
    position itself with the sides swapped, so that the line goes on)."""
    moves = moves_mask(p, o)
    if not moves:
        return [(o, p)] if moves_mask(o, p) else []
    return [(o ^ f, p | f | 1 << s) for s in squares(moves) for f in (flips_mask(p, o, s),)]


def read(path: Path = PROGRESS, records: int | None = None) -> Scored:
    """Returns the scored positions of a progress file (a cut last record is left out);
    with ``records``, of its first records only: the file is written in order, so that
    is the build as it stood then."""
    data = path.read_bytes() if path.exists() else b""
    data = data if records is None else data[:records * RECORD.size]
    scored = {}
    for offset in range(0, len(data) - RECORD.size + 1, RECORD.size):
        key, value, depth = RECORD.unpack_from(data, offset)
        scored[int.from_bytes(key, "little")] = (value, depth)
    return scored


def append(path: Path, found: Scored) -> None:
    """Appends records to a progress file, whole records only."""
    path.parent.mkdir(parents=True, exist_ok=True)
    size = path.stat().st_size if path.exists() else 0
    with path.open("r+b" if size else "wb") as out:
        out.truncate(size - size % RECORD.size)
        out.seek(0, 2)
        out.write(b"".join(RECORD.pack(key.to_bytes(16, "little"), value, depth)
                           for key, (value, depth) in found.items()))


class Tree:
    """The book's tree over the scored positions: the moves of each position,
    its backed-up value and the visits of the walks."""

    def __init__(self, scored: Scored) -> None:
        self.scored = scored
        self.moves: dict[int, list[int]] = {}
        self.visits: dict[int, int] = {}
        self.root = canonical(OPENING_BLACK, OPENING_WHITE)
        self.values: dict[int, float] = {}

    def kids(self, key: int) -> list[int]:
        """Returns the canonical keys of a position's moves (made once)."""
        found = self.moves.get(key)
        if found is None:
            found = self.moves[key] = sorted({canonical(*c) for c in children(*position(key))})
        return found

    def expanded(self, key: int) -> bool:
        """Checks if every move of a position is scored (and it has moves)."""
        kids = self.kids(key)
        return bool(kids) and all(k in self.scored for k in kids)

    def back_up(self) -> None:
        """Computes every reachable position's negamax value over the tree."""
        self.values = {}

        def value(key: int) -> float:
            known = self.values.get(key)
            if known is None:
                if self.expanded(key):
                    known = max(-value(k) for k in self.kids(key))
                else:
                    known = self.scored[key][0]
                self.values[key] = known
            return known

        value(self.root)

    def main_line(self, plies: int) -> tuple[int, int | None]:
        """Returns the main line's length (best moves from the opening) and, when it
        is shorter than ``plies`` and can go on, the position at its end."""
        key, length = self.root, 0
        while self.expanded(key):
            key = max(self.kids(key), key=lambda k: (-self.values[k], k))
            length += 1
        return length, key if length < plies and self.kids(key) else None

    def next_leaf(self, margin: float, plies: int) -> int | None:
        """Returns the next position to expand by a drop-out walk (module docstring);
        None when the walks keep ending on lines that already reach ``plies``."""
        for _ in range(64):
            key, ply, path = self.root, 0, [self.root]
            while ply < plies and self.expanded(key):
                backed = {k: -self.values[k] for k in self.kids(key)}
                best = max(backed.values())
                near = [k for k in backed if backed[k] >= best - margin]
                key = min(near, key=lambda k: (best - backed[k] + DROP_OUT * self.visits.get(k, 0), k))
                path.append(key)
                ply += 1
            for k in path:
                self.visits[k] = self.visits.get(k, 0) + 1
            if ply < plies and self.kids(key):
                return key
        return None

    def book(self) -> dict[int, int]:
        """Returns the book: every expanded position reachable from the opening through
        expanded positions, and every move's position of each, with their backed-up
        values rounded to discs (so a book position shows every move's value)."""
        out: dict[int, int] = {}
        todo, seen = [self.root], set()
        while todo:
            key = todo.pop()
            if key in seen or not self.expanded(key):
                continue
            seen.add(key)
            out[key] = round(self.values[key])
            for k in self.kids(key):
                out.setdefault(k, round(self.values[k]))
                todo.append(k)
        return out

    def depths(self, margin: float) -> Iterator[int]:
        """Yields the length of every line within ``margin`` of the best at each
        step (the book's main lines), from the opening to its end."""
        stack = [(self.root, 0)]
        seen: set[tuple[int, int]] = set()
        while stack:
            key, ply = stack.pop()
            if (key, ply) in seen:
                continue
            seen.add((key, ply))
            if not self.expanded(key):
                yield ply
                continue
            best = self.values[key]
            for k in self.kids(key):
                if -self.values[k] >= best - margin:
                    stack.append((k, ply + 1))
