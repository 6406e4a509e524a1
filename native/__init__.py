"""The compiled engine for the offline tools: the engine's hot loops in C, through cffi.

The product never uses it: the page, the wheel and the start-up snapshot stay
pure Python.  The tools in ``bench/`` (self-play, labelling, the book, puzzles,
balanced openings, the ladder and the duels) run on it when it is built, and
otherwise on the Python engine, after a one-line notice (:func:`install`).

The C files mirror the Python engine step for step (``engine.h`` says which), so
the answers are the same: the same legal moves, flips and perft counts, the
same evaluation to the last unit, the same midgame search (values, moves and
node counts, so a node budget plays the same moves on either engine) and the
same exact scores (the solver with its own table and orderings, so not the
same node counts).  ``tests/test_native.py`` checks all of it.

- :func:`build` compiles them with the system's C compiler into
  ``.cache/native/`` (``python3 build.py native``); the file's name holds a
  hash of the source and the flags, so a stale build is never loaded.
- :data:`lib` is the loaded library, or None when it is not built.
- :class:`Search` and :class:`Solver` are the Python engine's classes with
  their recursive search replaced by the C one: the root drivers (iterative
  deepening, MTD(f), the free opening's placements) stay Python.
- :func:`install` makes :func:`reversi.engine.think.think` (so the computer
  players, hints and analysis) use them; the tools call it first, and build
  their own searches from :data:`SEARCH` and :data:`SOLVER`.
- ``REVERSI_NATIVE=0`` in the environment runs the tools on the Python engine
  although the compiled one is built (to time the same work on both).
"""

from __future__ import annotations

import os
import sys
import weakref
from typing import Any

from .library import ROOT, build, library_path, load

__all__ = ["AVAILABLE", "SEARCH", "SOLVER", "Evaluation", "Search", "Solver", "build", "cut_arrays", "evaluation",
           "install", "library_path", "perft", "solve_all"]

sys.path.insert(0, str(ROOT / "py"))

from reversi.engine import endgame, probcut, search, think  # noqa: E402
from reversi.engine.bitboard import Bitboard, Square, flips_mask, moves_mask, squares  # noqa: E402
from reversi.engine.budget import Deadline, SearchTimeout  # noqa: E402
from reversi.engine.evaluate import STANDARD as STANDARD_EVALUATOR  # noqa: E402
from reversi.engine.evaluate import Evaluator, for_variant  # noqa: E402
from reversi.engine.first_guess import GUESS_EMPTIES  # noqa: E402
from reversi.engine.patterns import INSTANCES, SIZES  # noqa: E402
from reversi.engine.variants import ANTI, STANDARD  # noqa: E402

#: Set to 0, the tools run on the Python engine even when the compiled one is built
#: (to time the same work on both).
SWITCH = "REVERSI_NATIVE"
#: Discs taken off the midgame search's first guess (at 20 empties it is 1.3 too high
#: on average, median 2, on 600 self-play positions, and a test above the score costs
#: more than one below it; 200 positions: 2: 6 % fewer nodes, 4: 5.7 %).
GUESS_BIAS = 2
ffi: Any
lib: Any
ffi, lib = load() if os.environ.get(SWITCH) != "0" else (None, None)
#: Whether the compiled engine is built and loaded.
AVAILABLE = lib is not None


def _int_array(kind: str, values: list[int] | list[float]) -> Any:
    """Returns a new C array of ``kind`` holding ``values``."""
    return ffi.new(f"{kind}[]", values)


def _digits(squares_: tuple[Square, ...]) -> list[int]:
    """Returns, for each set of an instance's squares (as the bits ``pext`` gathers,
    lowest square first), its index: 3 to the power of each square's digit."""
    ordered = sorted(squares_)
    powers = [3 ** squares_.index(s) for s in ordered]
    table = [0] * (1 << len(ordered))
    for bits in range(1, len(table)):
        low = bits & -bits
        table[bits] = table[bits ^ low] + powers[low.bit_length() - 1]
    return table


class Evaluation:
    """An evaluator's weights handed to C: :meth:`__call__` is its ``evaluate``."""

    def __init__(self, evaluator: Evaluator) -> None:
        weights = evaluator.weights
        stages = len(weights.stages)
        offsets = [sum(SIZES[:t]) for t in range(len(SIZES))]
        digits: list[int] = []
        starts = []
        for _, squares_ in INSTANCES:
            starts.append(len(digits))
            digits += _digits(squares_)
        constants = [c for stage in range(stages) for c in evaluator.constants(stage)]
        # Kept referenced: C reads them for as long as this object lives.
        self._keep = (
            ffi.from_buffer("int16_t[]", weights.numbers), _int_array("int", evaluator.stage_of),
            _int_array("double", constants),
            _int_array("uint64_t", [sum(1 << s for s in sq) for _, sq in INSTANCES]),
            _int_array("int", [offsets[t] for t, _ in INSTANCES]),
            _int_array("uint16_t", digits), _int_array("int", starts))
        numbers, stage_of, constant, mask, offset, digit_table, digits_at = self._keep
        width = sum(SIZES) + len(weights.extras)
        sign = -1 if evaluator.variant == ANTI else 1
        #: ``Search.probcut``'s table for these weights, and the same as C arrays.
        self.probcut = (probcut.probcut_table(evaluator.probcut), *_cut_arrays(evaluator))
        self.pointer = ffi.gc(lib.rn_eval_new(
            numbers, stage_of, width, constant, stages, evaluator.scale, sign, len(INSTANCES),
            mask, offset, digit_table, digits_at), lib.rn_eval_free)

    def __call__(self, p: Bitboard, o: Bitboard) -> float:
        """Returns the evaluation of ``(p, o)``, as :meth:`Evaluator.evaluate` does."""
        return float(lib.rn_evaluate(self.pointer, p, o))

    def many(self, positions: list[tuple[Bitboard, Bitboard]], repeat: int = 1) -> list[float]:
        """Returns the evaluation of each position, evaluating them all ``repeat`` times
        in one call into C (to time the evaluation alone)."""
        count = len(positions)
        out = ffi.new("double[]", count)
        mover = _int_array("uint64_t", [p for p, _ in positions])
        other = _int_array("uint64_t", [o for _, o in positions])
        for _ in range(repeat):
            lib.rn_evaluate_many(self.pointer, mover, other, out, count)
        return list(out)


def _cut_arrays(evaluator: Evaluator | None) -> tuple[Any, Any]:
    """Returns ProbCut's table for ``evaluator`` (None: no ProbCut) as :func:`cut_arrays`."""
    return cut_arrays(probcut.probcut_table(evaluator.probcut) if evaluator else {})


def cut_arrays(table: dict[int, tuple[int, float, float, float]]) -> tuple[Any, Any]:
    """Returns a ProbCut table (depth: shallow depth, slope, offset, margin) as the C
    search's arrays indexed by depth: whether to try it, and those four numbers."""
    has = [0] * 61
    cut = [0.0] * (61 * 4)
    for depth, (shallow, slope, offset, margin) in table.items():
        has[depth] = 1
        cut[4 * depth:4 * depth + 4] = [shallow, slope, offset, margin]
    return _int_array("int", has), _int_array("double", cut)


_NO_CUTS = _cut_arrays(None) if AVAILABLE else (None, None)


_EVALUATIONS: weakref.WeakKeyDictionary[Evaluator, Evaluation] = weakref.WeakKeyDictionary()


def evaluation(evaluator: Evaluator) -> Evaluation:
    """Returns the compiled form of ``evaluator`` (made once, and kept while it lives)."""
    found = _EVALUATIONS.get(evaluator)
    if found is None:
        found = _EVALUATIONS[evaluator] = Evaluation(evaluator)
    return found


def perft(p: Bitboard, o: Bitboard, depth: int) -> int:
    """Returns :func:`reversi.engine.perft.perft`'s count, computed in C."""
    return int(lib.rn_perft(p, o, depth, 0))


class _Nodes:
    """The ``nodes`` attribute of a compiled search or solver: the count kept in C
    (0 and not stored before its C context exists)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __get__(self, owner: Any, kind: Any = None) -> int:
        context = getattr(owner, "_context", None)
        return 0 if context is None else int(getattr(lib, f"rn_{self.kind}_nodes")(context))

    def __set__(self, owner: Any, value: int) -> None:
        if owner._context is not None:
            getattr(lib, f"rn_{self.kind}_set_nodes")(owner._context, value)


class Search(search.Search):
    """:class:`reversi.engine.search.Search` with its recursive search (``_pvs``, the
    frontier, ordering, table, history and ProbCut) in C; the same results and nodes."""

    def __init__(self, deadline: Deadline | None = None, max_nodes: int | None = None, *,
                 variant: str = STANDARD, evaluator: Evaluator | None = None,
                 selective: bool = True) -> None:
        evaluator = evaluator or for_variant(variant)
        self._context: Any = None
        super().__init__(deadline, max_nodes, variant=variant, evaluator=evaluator,
                         selective=False)
        self._evaluation = evaluation(evaluator)
        self.evaluate = self._evaluation  # the root's ordering and lines: the same values
        self.probcut, has, cut = self._evaluation.probcut if selective else ({}, *_NO_CUTS)
        self._context = ffi.gc(lib.rn_search_new(
            self._evaluation.pointer, -1 if self.variant == ANTI else 1, has, cut),
            lib.rn_search_free)
        self.limit(max_nodes, self.deadline)
        self.table = _SearchTable(self._context)  # type: ignore[assignment]
        self._out = ffi.new("double *")

    nodes = _Nodes("search")

    def limit(self, max_nodes: int | None, deadline: Deadline | None = None) -> None:
        """Sets ``Search.limit``'s node cap and deadline, in C too."""
        super().limit(max_nodes, deadline)
        at = self.deadline.at
        lib.rn_search_limits(self._context, -1 if max_nodes is None else max_nodes,
                             -1.0 if at is None else at)

    def share(self, other: search.Search) -> None:
        """``Search.share``: the C table of ``other`` (a compiled search), kept alive here."""
        assert isinstance(other, Search)
        lib.rn_search_share(self._context, other._context)
        self._sharing = other

    def forget_before(self, discs: int) -> None:
        """``Search.forget_before``: the C table keeps them (a tool's game fits in memory)."""

    def _pvs(self, p: Bitboard, o: Bitboard, depth: int, alpha: float, beta: float) -> float:
        """Returns ``Search._pvs``'s value, searched in C.

        :raises SearchTimeout: past the deadline or the node cap.
        """
        out = self._out
        if lib.rn_pvs(self._context, p, o, depth, alpha, beta, out):
            raise SearchTimeout
        return float(out[0])

    def principal_variation(self, p: Bitboard, o: Bitboard, first: Square,
                            depth: int) -> list[Square]:
        """Returns ``Search.principal_variation``'s line, followed in C after its first move."""
        if (p | o).bit_count() < 4:  # the free opening's placements: Python's own walk
            return super().principal_variation(p, o, first, depth)
        f = flips_mask(p, o, first)
        p, o = o ^ f, p | f | 1 << first
        line = ffi.new("int[]", 64)
        return [first, *line[0:lib.rn_search_pv(self._context, p, o, depth, line)]]


class _SearchTable:
    """The C search's table, read as ``Search.table`` is: ``get((p, o))``."""

    def __init__(self, context: Any) -> None:
        self._context = context

    def get(self, key: tuple[Bitboard, Bitboard]) -> tuple[int, int, float, Square] | None:
        """Returns ``(depth, bound, value, move)`` of the position ``key``, or None."""
        out = ffi.new("int[3]")
        value = ffi.new("double *")
        if not lib.rn_search_entry(self._context, key[0], key[1], out, out + 1, value, out + 2):
            return None
        return out[0], out[1], float(value[0]), out[2]

    def __len__(self) -> int:
        return int(lib.rn_search_size(self._context))


class Solver(endgame.Solver):
    """:class:`reversi.engine.endgame.Solver` with its null-window searches in C; the
    root's MTD(f) (its first guess by the compiled :class:`Search`) stays Python.
    The same scores, and moves of the same scores; fewer nodes (native/solver.c)."""

    search_class = Search
    seeds = False  # the C search's table cannot seed the C solver's: no guess below 20 empties

    def __init__(self, deadline: Deadline | None = None, *,
                 evaluator: Evaluator = STANDARD_EVALUATOR, variant: str = STANDARD) -> None:
        self._context: Any = None
        super().__init__(deadline, evaluator=evaluator, variant=variant)
        self._evaluation = evaluation(evaluator)
        self._context = ffi.gc(lib.rn_solver_new(self._evaluation.pointer, self.sign,
                                                 int(getattr(endgame, "STABILITY", False))),
                               lib.rn_solver_free)
        at = self.deadline.at
        lib.rn_solver_limits(self._context, -1.0 if at is None else at)

    nodes = _Nodes("solver")

    def _guess(self, p: Bitboard, o: Bitboard, empties: int) -> int:
        """Returns ``Solver._guess``'s first test, lowered by ``GUESS_BIAS`` when it is the
        midgame search's, and kept within the table's bounds on the score when a solve
        before (of an earlier position of the same game) left them: the score itself
        when they meet."""
        bounds = ffi.new("int[2]")
        lo, hi = -64, 64
        if lib.rn_solver_bounds(self._context, p, o, bounds, bounds + 1):
            lo, hi = max(lo, int(bounds[0])), min(hi, int(bounds[1]))
            if lo == hi:
                return lo
        guess = super()._guess(p, o, empties)
        if empties >= GUESS_EMPTIES:
            guess -= GUESS_BIAS
        return max(lo, min(hi, guess))

    def _value(self, p: Bitboard, o: Bitboard, alpha: int, n: int) -> int:
        """Returns ``Solver._value``'s null-window score, searched in C.

        :raises SearchTimeout: past the deadline.
        """
        out = ffi.new("int *")
        if lib.rn_solver_value(self._context, p, o, alpha, n, out):
            raise SearchTimeout
        return int(out[0])


def solve_all(p: Bitboard, o: Bitboard, *, evaluator: Evaluator = STANDARD_EVALUATOR,
              variant: str = STANDARD) -> dict[Square, int]:
    """Returns :func:`reversi.engine.endgame.solve_all`'s scores, on :data:`SOLVER`."""
    solver = SOLVER(evaluator=evaluator, variant=variant)
    return {s: -solver.solve(o ^ f, p | f | 1 << s)[0]
            for s in squares(moves_mask(p, o)) for f in (flips_mask(p, o, s),)}


#: The classes the tools construct: the compiled ones when built, else Python's.
SEARCH: type[search.Search] = Search if AVAILABLE else search.Search
SOLVER: type[endgame.Solver] = Solver if AVAILABLE else endgame.Solver


def install(quiet: bool = False) -> bool:
    """Makes :func:`reversi.engine.think.think` use the compiled :class:`Search` and
    :class:`Solver` when they are built, and says so in one line on standard error
    when they are not (the tools then run on the Python engine).  Returns whether
    the compiled engine is in use."""
    if not AVAILABLE:
        if not quiet:
            why = f"{SWITCH}=0" if os.environ.get(SWITCH) == "0" else \
                "the compiled engine is not built (python3 build.py native)"
            print(f"note: {why}: running on the Python engine", file=sys.stderr)
        return False
    think.Search = Search  # type: ignore[misc]
    think.Solver = Solver  # type: ignore[misc]
    return True
