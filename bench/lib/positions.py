"""The generated positions (``bench/gen.py``'s records) as fit rows, and their error table.

:func:`record_rows` turns records into :func:`fit.fit_data`'s rows (the
boards: ``ridge.indices_of`` computes a stage's pattern indices with numpy, no
Python loop over positions, so 20 million rows never hold all theirs), with
one of these labels before the solved part: the search's value
(``searched``), the game's result (``result``: the first solved position's
exact score), their mean (``mean``) or a number from 0 to 1, the result's
share of a weighted mean (``mean`` is 0.5); the exact score from the solved
part on.  :func:`error_table` measures weight files on held-out records:
the mean absolute error by bands of empties, against the exact score where
there is one and against the (deeper) search's value elsewhere.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from reversi.engine.patterns import INSTANCES

from .records import NONE, UNIT

#: Bands of empty squares of the error table.
BANDS = ((0, 10), (11, 15), (16, 20), (21, 30), (31, 40), (41, 50))
#: The named label kinds and the result's share in each.
LABELS = {"searched": 0.0, "result": 1.0, "mean": 0.5}


def result_share(kind: str) -> float:
    """Returns the game's result's share in the labels of ``kind`` (a name of
    :data:`LABELS` or a number from 0 to 1); raises ValueError for anything else."""
    share = LABELS[kind] if kind in LABELS else float(kind)
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"a label's share of the result is from 0 to 1, not {kind}")
    return share


def pattern_indices(p: np.ndarray, o: np.ndarray) -> np.ndarray:
    """Returns every instance's index (N x 46, int32) of the positions ``(p, o)``
    (uint64 arrays), as :func:`reversi.engine.patterns.indices` does one."""
    out = np.zeros((len(p), len(INSTANCES)), dtype=np.int32)
    digits = {}
    for n, (_, squares) in enumerate(INSTANCES):
        column = out[:, n]
        for digit, s in enumerate(squares):
            if s not in digits:
                bit = np.uint64(s)
                digits[s] = ((p >> bit) & np.uint64(1)).astype(np.uint8) + \
                    2 * ((o >> bit) & np.uint64(1)).astype(np.uint8)
            column += digits[s].astype(np.int32) * 3 ** digit
    return out


def labels(records: np.ndarray, kind: str = "searched") -> tuple[np.ndarray, np.ndarray]:
    """Returns each record's label for the side to move (discs) and whether it is exact
    (``kind``: :func:`result_share`; a sibling, without a result, keeps its search's
    value for every kind)."""
    share = result_share(kind)
    exact = records["exact"] != NONE
    searched = records["searched"] / UNIT
    result = np.where(records["result"] == NONE, searched, records["result"])
    before = share * result + (1 - share) * searched
    return np.where(exact, records["exact"], before).astype(np.float64), exact


def record_rows(records: np.ndarray, kind: str = "searched") -> dict[str, np.ndarray]:
    """Returns the rows of :func:`fit.rows` for ``records`` labelled by ``kind``, with
    the boards instead of their indices (``ridge.indices_of`` computes a stage's)."""
    label, exact = labels(records, kind)
    return {"p": records["p"], "o": records["o"],
            "empties": records["empties"].astype(np.int64), "label": label, "exact": exact,
            "game": records["game"].astype(np.int64), "turn": records["turn"].astype(np.int64)}


def errors(records: np.ndarray, weights: Path) -> np.ndarray:
    """Returns the absolute error of the weight file's evaluation on each record."""
    import native
    from reversi.engine.evaluate import Evaluator
    evaluator = Evaluator.load(weights)
    positions = list(zip(records["p"].tolist(), records["o"].tolist()))
    if native.AVAILABLE:
        values = np.array(native.evaluation(evaluator).many(positions))
    else:
        values = np.array([evaluator.evaluate(p, o) for p, o in positions])
    reference, _ = labels(records, "searched")
    return np.abs(values - reference)


def error_table(records: np.ndarray, files: list[Path], paired: bool = False) -> str:
    """Returns the markdown table of the mean absolute error of each weight file by
    :data:`BANDS` (the last row: how many positions, and whether exact).  With
    ``paired``, each file after the first also gets a row of its difference from
    the first, with its standard error (400 resamples of the held-out games)."""
    exact = records["exact"] != NONE
    bands = [(f"{low}-{high}", (records["empties"] >= low) & (records["empties"] <= high))
             for low, high in BANDS]
    beyond = exact & (records["empties"] > 20)
    if beyond.any():  # exact scores past 20 empties: the labels' fairest judge there
        bands.append((f"21-{int(records['empties'][beyond].max())} exact", beyond))
    lines = ["| weights | " + " | ".join(name for name, _ in bands) + " |",
             "| --- |" + " --- |" * len(bands)]
    first = None
    for path in files:
        error = errors(records, path)
        cells = [f"{error[chosen].mean():.2f}" if chosen.any() else "-" for _, chosen in bands]
        lines.append(f"| {path.name} | " + " | ".join(cells) + " |")
        if paired and first is not None:
            cells = [_paired(records, error - first, chosen) for _, chosen in bands]
            lines.append(f"| {path.name} - {files[0].name} | " + " | ".join(cells) + " |")
        first = error if first is None else first
    counts = []
    for _, chosen in bands:
        kind = "exact" if exact[chosen].all() else "search" if not exact[chosen].any() else "mixed"
        counts.append(f"{int(chosen.sum())} {kind}")
    lines.append("| positions (label) | " + " | ".join(counts) + " |")
    return "\n".join(lines)


def _paired(records: np.ndarray, difference: np.ndarray, chosen: np.ndarray) -> str:
    """Returns the mean of ``difference`` over ``chosen`` and its standard error by
    resampling whole games (their positions are not independent)."""
    if not chosen.any():
        return "-"
    games, game = np.unique(records["game"][chosen], return_inverse=True)
    rng = np.random.default_rng(0)
    sums = np.bincount(game, weights=difference[chosen], minlength=len(games))
    counts = np.bincount(game, minlength=len(games))
    picks = rng.integers(0, len(games), (400, len(games)))
    means = sums[picks].sum(axis=1) / np.maximum(counts[picks].sum(axis=1), 1)
    return f"{difference[chosen].mean():+.2f} ± {means.std():.2f}"
