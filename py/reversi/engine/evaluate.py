"""Static evaluation: trained pattern weights, in disc-difference units (R5, C2, V2).

The value of ``(p, o)`` estimates the final disc difference for ``p`` under good play,
so it mixes with exact scores.  :class:`Evaluator` holds one weight file
(:data:`STANDARD`, or a variant's own by :func:`for_variant`); the searches, the solver's
move ordering, the hints and pondering call it.  The patterns, the fit, the tuples and
the memory of known values, with their measurements: ``docs/engine.md``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

from . import variants
from .bitboard import Bitboard
from .patterns import make_sum
from .weights import Weights, load

#: The folder of the engine's data files (weights, opening book).
DATA = Path(__file__).resolve().parent / "data"
#: Scores are clamped to this (a disc difference is at most 64).
LIMIT = 64.0
#: Evaluations remembered, by position, before the memory is emptied (C2): a search
#: meets about a third of its leaves again (the next iterations, transpositions).
KNOWN = 1 << 17

Evaluation = Callable[[Bitboard, Bitboard], float]


def final_score(p: Bitboard, o: Bitboard) -> int:
    """Returns the exact result of a finished game for ``p``: disc difference,
    empty squares counted for nobody (R5)."""
    return p.bit_count() - o.bit_count()


class Evaluator:
    """A pattern evaluation with its weights: :attr:`evaluate` is the function."""

    def __init__(self, weights: Weights) -> None:
        self.weights = weights
        bounds = weights.stages
        #: Per number of empty squares (0-60), its stage.
        self.stage_of: list[int] = [next(s for s, top in enumerate(bounds) if top >= e)
                                    for e in range(61)]
        stage_of = self.stage_of
        #: The variant whose results the weights estimate (V1).
        self.variant: str = variants.check(weights.header.get("variant", variants.STANDARD))
        sign = -1 if self.variant == variants.ANTI else 1
        scale = self.scale = float(weights.header["scale"])
        pattern_sum = make_sum()
        loaded: list[tuple[tuple[tuple[int, ...], ...], tuple[float, float]] | None] = \
            [None] * len(bounds)

        def stage(number: int) -> tuple[tuple[tuple[int, ...], ...], tuple[float, float]]:
            """Returns a stage's tables as tuples, and its constant term (discs) for an
            even and an odd number of discs on the board."""
            tables, _ = weights.stage_numbers(number)
            loaded[number] = found = (tuple(tuple(t) for t in tables), self.constants(number))
            return found

        #: Evaluations remembered by position (``p | o << 64``), emptied at :data:`KNOWN`
        #: entries: pure values, so a search's moves and node counts stay the same.
        self.known: dict[int, float] = {}
        known = self.known
        get = known.get

        def evaluate(p: Bitboard, o: Bitboard) -> float:
            """Returns the estimated final disc difference for ``p`` (``p`` to move),
            clamped to -64..64; exact on a full board or when a side has no disc."""
            key = p | o << 64
            value = get(key)
            if value is not None:
                return value
            n = (p | o).bit_count()
            if n == 64 or not p or not o:
                value = float(sign * (p.bit_count() - o.bit_count()))
            else:
                number = stage_of[64 - n]
                tables, constant = loaded[number] or stage(number)
                value = pattern_sum(p, o, tables) * scale + constant[n & 1]
                value = LIMIT if value > LIMIT else -LIMIT if value < -LIMIT else value  # noqa: FURB136 (no calls: hot path)
            if len(known) >= KNOWN:
                known.clear()
            known[key] = value
            return value

        self.evaluate: Evaluation = evaluate
        #: ProbCut statistics fitted for these weights: depth -> ``(a, b, sigma)``.
        self.probcut: dict[int, tuple[float, float, float]] = {
            int(depth): (a, b, sigma)
            for depth, (a, b, sigma) in weights.header.get("probcut", {}).items()}

    def constants(self, stage: int) -> tuple[float, float]:
        """Returns stage ``stage``'s constant term in discs, for an even and for an odd
        number of discs on the board (its bias, less or plus its parity term)."""
        terms = dict(zip(self.weights.extras, self.weights.stage_numbers(stage)[1]))
        bias, parity = terms.get("bias", 0) * self.scale, terms.get("parity", 0) * self.scale
        return bias - parity, bias + parity

    @classmethod
    def load(cls, path: Path) -> Evaluator:
        """Returns the evaluator of the weight file ``path``."""
        return cls(load(path))


#: The standard game's evaluator (R1-R5).
STANDARD = Evaluator.load(DATA / "standard.weights")
#: The standard evaluation function, ``evaluate(p, o) -> float``.
evaluate = STANDARD.evaluate


@functools.cache
def for_variant(variant: str) -> Evaluator:
    """Returns the evaluator fitted for ``variant``'s results: anti-reversi's own
    (read once), the standard one for the standard game and the free opening.

    :raises ValueError: for an unknown variant.
    """
    if variants.check(variant) == variants.ANTI:
        return Evaluator.load(DATA / "anti.weights")
    return STANDARD
