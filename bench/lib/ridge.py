"""The fit's linear algebra (``bench/lib/fit.py``): a stage's rows as a sparse design
matrix over the pattern tables, ridge least squares by LSQR, and a weight
vector's evaluation of rows.

A row is a position: its 46 pattern indices, a constant and the parity of the
empty squares (:data:`EXTRAS`).  Instances of a type share its table; a table
whose pattern maps onto itself under a symmetry of the board (a row under the
mirror, a diagonal or a 3x3 corner under the diagonal flip) has one column for
mirrored contents (:func:`mirror_tables`), and :func:`expand` gives the full
vector back.
"""

from __future__ import annotations

import functools

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.linalg import LinearOperator, lsqr

from reversi.engine.patterns import INSTANCES, SIZES, TYPES, symmetric

#: The columns after the patterns': a constant and the parity (:func:`parity`).
EXTRAS = ["bias", "parity"]
#: LSQR's iteration cap per fit (the tests lower it to run in seconds).  With the columns
#: scaled (:func:`solve_ridge`), 20 fit as well as 100 unscaled (held-out error at 29-30
#: empties 3.3407 against 3.3415, at 15-16 5.9492 against 5.9492; 785,956 positions),
#: and unscaled 100 as well as 400.
ITERATIONS = 20
#: Where each pattern type's table starts among the columns.
OFFSETS = np.cumsum([0, *SIZES])


@functools.cache
def mirror_tables() -> list[np.ndarray]:
    """Returns per type the index of each content's mirror image (itself if none); made
    once (every stage's design matrices read them)."""
    out = []
    for (_, squares), size in zip(TYPES, SIZES):
        digits = np.arange(size)
        powers = 3 ** np.arange(len(squares))
        image = digits.copy()
        for g in range(1, 8):
            mapped = symmetric(squares, g)
            if set(mapped) == set(squares) and mapped != squares:
                perm = [squares.index(s) for s in mapped]
                d = (digits[:, None] // powers) % 3
                image = (d[:, perm] * powers).sum(axis=1)
                break
        out.append(image)
    return out


def parity(empties: np.ndarray) -> np.ndarray:
    """Returns the parity term: +1 for an odd number of empty squares, else -1."""
    return np.where(empties % 2 == 1, 1.0, -1.0)


def indices_of(data: dict[str, np.ndarray], select: np.ndarray) -> np.ndarray:
    """Returns the pattern indices of the selected rows: stored (``index``), or computed
    from the boards (``p``, ``o``) for these rows only, so that a stage's rows, not all
    of them, hold their 46 indices at once."""
    if "index" in data:
        return data["index"][select]
    from . import positions
    return positions.pattern_indices(data["p"][select], data["o"][select])


def design(data: dict[str, np.ndarray], select: np.ndarray) -> csr_matrix:
    """Returns the sparse design matrix of the selected rows (mirrored contents merged),
    built in CSR form at once (every row has the same number of entries, two instances
    with one column two entries), so that a stage of millions of rows holds its column
    numbers (int32) and values once."""
    mirrors = mirror_tables()
    index = indices_of(data, select)
    count, width = index.shape[0], index.shape[1] + len(EXTRAS)
    columns = np.empty((count, width), dtype=np.int32)
    for n, (t, _) in enumerate(INSTANCES):
        i = index[:, n]
        columns[:, n] = OFFSETS[t] + np.minimum(i, mirrors[t][i])
    del index
    columns[:, -2], columns[:, -1] = OFFSETS[-1], OFFSETS[-1] + 1
    values = np.ones((count, width))
    values[:, -1] = parity(data["empties"][select])
    return csr_matrix((values.ravel(), columns.ravel(), np.arange(0, count * width + 1, width)),
                      shape=(count, OFFSETS[-1] + len(EXTRAS)))


def expand(solution: np.ndarray) -> np.ndarray:
    """Returns the full weight vector (every index of every type, then the extras)."""
    mirrors = mirror_tables()
    parts = []
    for t, size in enumerate(SIZES):
        i = np.arange(size)
        parts.append(solution[OFFSETS[t] + np.minimum(i, mirrors[t])])
    return np.concatenate([*parts, solution[OFFSETS[-1]:]])


def solve_ridge(a: csr_matrix, y: np.ndarray, ridge: float) -> np.ndarray:
    """Returns ``argmin |a w - y|^2 + ridge |w|^2`` by LSQR, its columns scaled by
    ``1 / sqrt(|column|^2 + ridge)`` (a diagonal preconditioner: the ridge becomes rows
    of the scaled problem, so the objective is the same and LSQR needs a fifth of the
    iterations; a column no row uses gets 0).  The scaled matrix shares ``a``'s column
    numbers and the ridge's rows are an operator, so only ``a``'s values are copied
    (its duplicate entries are first summed, in place)."""
    a.sum_duplicates()
    norms = np.bincount(a.indices, weights=a.data ** 2, minlength=a.shape[1]) + ridge
    scale = np.where(norms > 0, 1 / np.sqrt(np.where(norms > 0, norms, 1)), 0.0)
    scaled = csr_matrix((a.data * scale[a.indices], a.indices, a.indptr), shape=a.shape)
    count, root = a.shape[0], np.sqrt(ridge) * scale
    stacked = LinearOperator((count + a.shape[1], a.shape[1]), dtype=np.float64,
                             matvec=lambda z: np.concatenate([scaled @ z, root * z]),
                             rmatvec=lambda u: scaled.T @ u[:count] + root * u[count:])
    z = lsqr(stacked, np.concatenate([y, np.zeros(a.shape[1])]), atol=1e-6, btol=1e-6,
             iter_lim=ITERATIONS)[0]
    return scale * z


def predict(data: dict[str, np.ndarray], select: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Returns a stage's full weight vector's evaluation of the selected rows."""
    types = np.array([t for t, _ in INSTANCES])
    index = indices_of(data, select)
    total = weights[OFFSETS[types] + index].sum(axis=1)
    return total + weights[OFFSETS[-1]] + parity(data["empties"][select]) * weights[OFFSETS[-1] + 1]
