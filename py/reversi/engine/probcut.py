"""ProbCut's table (Buro 1995, as Edax uses it): from fitted statistics of a shallow
search's value against a deep one's, per depth, the shallow depth, the linear fit and
the margin beyond which the midgame search (:mod:`.search`) cuts a node early."""

from __future__ import annotations

#: Depths at which ProbCut is tried (deeper ones use the deepest fitted
#: statistics of the same parity), and its cut threshold in deviations.
PROBCUT_DEPTHS = (3, 4, 5, 6, 7)
PROBCUT_T = 1.5


def shallow_depth(depth: int) -> int:
    """Returns the depth of ProbCut's shallow search for a ``depth``-ply node
    (Edax's choice: about a quarter, twice, with the same parity)."""
    return depth // 4 * 2 + (depth & 1)


def probcut_table(stats: dict[int, tuple[float, float, float]],
                  top: int = 60) -> dict[int, tuple[int, float, float, float]]:
    """Returns, per depth up to ``top``, ``(shallow depth, a, b, margin)`` for
    ProbCut from fitted ``stats`` (depth -> ``a, b, sigma``); empty without stats."""
    table = {}
    for depth in range(min(PROBCUT_DEPTHS), top + 1):
        fitted = [d for d in stats if d <= depth and d % 2 == depth % 2]
        if fitted:
            a, b, sigma = stats[max(fitted)]
            table[depth] = (shallow_depth(depth), a, b, PROBCUT_T * sigma)
    return table
