"""Board patterns: the square groups of the pattern evaluation and their indices (C2).

A pattern's content, read in base 3 (0 empty, 1 the mover's, 2 the opponent's), is its
index into a weight table; 46 instances, the images of Logistello's and Edax's types
under the board's eight symmetries.  :func:`indices` and :func:`make_sum` (from the code
in :data:`SOURCE`, generated at import) serve :mod:`.evaluate`, :mod:`.weights` and the
book and the opening names (:func:`symmetric`).  How the indices are read from whole bytes,
and what it saved: ``docs/engine.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .bitboard import Bitboard, Square

#: Pattern types: name and squares (a1 = 0), in the orientation of the a1 corner.
TYPES: tuple[tuple[str, tuple[Square, ...]], ...] = (
    ("row2", tuple(range(8, 16))),
    ("row3", tuple(range(16, 24))),
    ("row4", tuple(range(24, 32))),
    ("diag8", (0, 9, 18, 27, 36, 45, 54, 63)),
    ("diag7", (1, 10, 19, 28, 37, 46, 55)),
    ("diag6", (2, 11, 20, 29, 38, 47)),
    ("diag5", (3, 12, 21, 30, 39)),
    ("diag4", (4, 13, 22, 31)),
    ("edge_x", (0, 1, 2, 3, 4, 5, 6, 7, 9, 14)),
    ("corner3x3", (0, 1, 2, 8, 9, 10, 16, 17, 18)),
    ("corner2x5", (0, 1, 2, 3, 4, 8, 9, 10, 11, 12)),
)
#: Number of indices (weights) of each type: 3 to the power of its size.
SIZES: tuple[int, ...] = tuple(3 ** len(squares) for _, squares in TYPES)


def _transform(square: Square, symmetry: int) -> Square:
    """Returns the image of ``square`` under symmetry 0-7 (bit 0 mirrors the
    columns, bit 1 the rows, bit 2 swaps rows and columns, applied in that order)."""
    row, col = divmod(square, 8)
    if symmetry & 1:
        col = 7 - col
    if symmetry & 2:
        row = 7 - row
    if symmetry & 4:
        row, col = col, row
    return row * 8 + col


def symmetric(squares: Sequence[Square], symmetry: int) -> tuple[Square, ...]:
    """Returns the image of a square sequence under symmetry 0-7 (see ``_transform``)."""
    return tuple(_transform(s, symmetry) for s in squares)


def _instances() -> tuple[tuple[int, tuple[Square, ...]], ...]:
    """Returns ``(type number, squares)`` of every distinct instance, type by type."""
    found: list[tuple[int, tuple[Square, ...]]] = []
    for number, (_, squares) in enumerate(TYPES):
        seen: set[frozenset[Square]] = set()
        for symmetry in range(8):
            image = symmetric(squares, symmetry)
            if frozenset(image) not in seen:
                seen.add(frozenset(image))
                found.append((number, image))
    return tuple(found)


#: Every instance: its type number in ``TYPES`` and its squares in digit order.
INSTANCES = _instances()


def reference_indices(p: Bitboard, o: Bitboard) -> list[int]:
    """Returns the index of every instance of :data:`INSTANCES`, square by square
    (slow; the definition that :func:`indices` must match)."""
    out = []
    for _, squares in INSTANCES:
        index = 0
        for digit, s in enumerate(squares):
            index += 3 ** digit * (1 if p >> s & 1 else 2 if o >> s & 1 else 0)
        out.append(index)
    return out


# -- the views: board bits to bytes ----------------------------------------

_LANE = (1 << 64) - 1
_LANES = _LANE | _LANE << 64


def _double(mask: int) -> int:
    """Returns ``mask`` in both 64-bit lanes."""
    return mask | mask << 64


def _transpose_steps() -> list[str]:
    """Returns the statements turning both lanes of ``y`` about the a1-h8 diagonal
    (square ``(row, col)`` to ``(col, row)``), by three delta swaps."""
    steps = []
    for mask, n in ((0x0F0F0F0F00000000, 28), (0x3333000033330000, 14), (0x5500550055005500, 7)):
        steps += [f"t = {_double(mask)} & (y ^ y << {n})", f"y ^= t ^ t >> {n}"]
    return steps


def _rotation_steps(masks: tuple[int, int, int]) -> list[str]:
    """Returns the statements pseudo-rotating both lanes of ``y`` by 45 degrees (the
    chess programming wiki's ``pseudoRotate45``): per step, the bits of ``mask``
    take those of ``y`` rotated right lane-wise by ``n``."""
    steps = []
    for mask, n in zip(masks, (8, 16, 32)):
        low = _double((1 << (64 - n)) - 1)
        steps.append(f"y ^= {_double(mask)} & (y ^ (y >> {n} & {low} | y << {64 - n} & "
                     f"{_LANES ^ low}))")
    return steps


#: Per view, the statements computing it in ``y`` from ``y = x = p | o << 64``
#: (run at import only, to tabulate where each bit goes).
_VIEWS: tuple[list[str], ...] = (
    [],
    _transpose_steps(),
    _rotation_steps((0xAAAAAAAAAAAAAAAA, 0xCCCCCCCCCCCCCCCC, 0xF0F0F0F0F0F0F0F0)),
    _rotation_steps((0x5555555555555555, 0x3333333333333333, 0x0F0F0F0F0F0F0F0F)),
)


def _view(steps: list[str]) -> Callable[[int], int]:
    """Returns the function running a view's statements on ``x``."""
    namespace: dict[str, Any] = {}
    body = "".join(f"    {step}\n" for step in steps)
    exec(f"def view(x):\n    y = x\n{body}    return y\n", namespace)  # noqa: S102
    function: Callable[[int], int] = namespace["view"]
    return function


def _where(view: Callable[[int], int]) -> dict[Square, tuple[int, int]]:
    """Returns, per square, the byte and bit it lands on in ``view``."""
    out = {}
    for s in range(64):
        position = view(1 << s).bit_length() - 1
        out[s] = divmod(position, 8)
    return out


_WHERE = tuple(_where(_view(steps)) for steps in _VIEWS)


def _plan(squares: tuple[Square, ...]) -> tuple[int, dict[int, list[tuple[int, int]]]]:
    """Returns the view touching the fewest bytes of an instance, and per byte
    the ``(bit, digit)`` pairs it holds."""
    best: tuple[int, dict[int, list[tuple[int, int]]]] | None = None
    for number, where in enumerate(_WHERE):
        groups: dict[int, list[tuple[int, int]]] = {}
        for digit, s in enumerate(squares):
            byte, bit = where[s]
            groups.setdefault(byte, []).append((bit, digit))
        if best is None or len(groups) < len(best[1]):
            best = number, groups
    assert best is not None
    return best


def _byte_table(worth: list[int]) -> list[int]:
    """Returns, per byte, the sum of ``worth[bit]`` over its set bits."""
    table = [0] * 256
    for byte in range(1, 256):
        low = byte & -byte
        table[byte] = table[byte ^ low] + worth[low.bit_length() - 1]
    return table


def _generate() -> tuple[str, dict[str, list[int]]]:
    """Returns the source of the index expressions and the tables they read."""
    tables: dict[str, list[int]] = {}
    names: dict[tuple[int, ...], str] = {}
    used_views: set[int] = set()
    terms: list[str] = []
    for _, squares in INSTANCES:
        view, groups = _plan(squares)
        used_views.add(view)
        parts = []
        for byte, pairs in sorted(groups.items()):
            for side, value in ((0, 1), (8, 2)):  # 1 for the side to move, 2 for the opponent
                worth = [0] * 8
                for bit, digit in pairs:
                    worth[bit] = value * 3 ** digit
                table = _byte_table(worth)
                name = names.setdefault(tuple(table), f"_t{len(names)}")
                tables[name] = table
                parts.append(f"{name}[v{view}_{byte + side}]")
        terms.append(" + ".join(parts))
    assert used_views == set(range(len(_VIEWS)))
    # Each view moves bits (o's as p's, 64 higher), so a byte's image is the
    # sum of its bits' images: bit ``b`` of x is square ``b % 64`` of one side.
    image = [sum(1 << (64 * (b >> 6) + 8 * byte + bit + 128 * j)
                 for j, (byte, bit) in enumerate(where[b & 63] for where in _WHERE[1:]))
             for b in range(128)]
    for k in range(16):  # byte k of x: p's rows, then o's
        tables[f"_r{k}"] = _byte_table(image[8 * k:8 * k + 8])
    rows = ", ".join(f"v0_{i}" for i in range(16))
    others = ", ".join(f"v{view}_{i}" for view in range(1, len(_VIEWS)) for i in range(16))
    lines = [f"{rows} = (p | o << 64).to_bytes(16, 'little')",
             "y = " + " | ".join(f"_r{k}[v0_{k}]" for k in range(16)),
             f"{others} = y.to_bytes({16 * (len(_VIEWS) - 1)}, 'little')"]
    return "\n".join(lines) + "\n" + "\n".join(
        f"i{n} = {term}" for n, term in enumerate(terms)), tables


#: The generated code: from ``p`` and ``o``, sets ``i0`` .. ``i45``, the indices.
SOURCE, _TABLES = _generate()
_NAMESPACE: dict[str, object] = dict(_TABLES)


def _compile(name: str, parameters: str, result: str, prologue: str = "") -> Callable[..., Any]:
    """Returns a function ``name(parameters)`` running ``prologue`` and :data:`SOURCE`,
    then returning ``result``."""
    body = "\n".join("    " + line for line in (prologue + "\n" + SOURCE).splitlines())
    code = f"def {name}({parameters}):\n{body}\n    return {result}\n"
    namespace = dict(_NAMESPACE)
    exec(compile(code, f"<patterns.{name}>", "exec"), namespace)  # noqa: S102
    function: Callable[..., Any] = namespace[name]  # type: ignore[assignment]
    return function


_indices = _compile("indices", "p, o", "(" + ", ".join(f"i{n}" for n in range(len(INSTANCES))) + ")")


def indices(p: Bitboard, o: Bitboard) -> tuple[int, ...]:
    """Returns the index of every instance of :data:`INSTANCES` for ``p`` to move."""
    return _indices(p, o)


def make_sum() -> Callable[[Bitboard, Bitboard, Sequence[Sequence[int]]], int]:
    """Returns ``pattern_sum(p, o, tables)``: the sum over every instance of its
    type's table (``tables[type]``, indexable by the instance's index) at its index."""
    weights = ", ".join(f"w{t}" for t in range(len(TYPES)))
    total = " + ".join(f"w{t}[i{n}]" for n, (t, _) in enumerate(INSTANCES))
    return _compile("pattern_sum", "p, o, tables", f"{total}", prologue=f"{weights} = tables")
