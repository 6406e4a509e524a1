"""Fits the pattern weights to labelled games: ridge least squares per game stage.

Every position of the games (``bench/lib/selfplay.py``) before a placement is a
row: its 46 pattern indices (:func:`reversi.engine.patterns.indices`), a
constant and the parity of the empty squares, and its label for the side to move
(the exact score from the solved part of the game on, the game's result
before it; both in the game's variant's terms, so that anti-reversi games
fit anti-reversi weights; with ``lead``, the evaluation ``lead`` plies later in
the game instead of the result: :func:`bootstrap`).  Instances of a type
share its table; a table whose pattern maps onto itself under a symmetry of
the board (a row under the mirror, a diagonal or a 3x3 corner under the
diagonal flip) gets the same weight for mirrored contents.

Per stage (``STAGES``), the rows within a window of empty squares around the
stage's range (one of ``WINDOWS``) are fitted by LSQR (scipy), columns scaled:
ridge regression, ``min |Aw - y|^2 + ridge |w|^2`` (:func:`solve_ridge`).  Games whose number is 0
mod 10 are held out; the window, and ``ridge`` unless given, are chosen per
stage on them among ``WINDOWS`` and ``RIDGES``; with ``every_row`` the chosen
pair is then solved once more on every row, the held-out games' too (and the
choice itself can be written beside it, its twin: :func:`fit_data`).
The weights are rounded to int16 units of ``SCALE`` discs.

numpy and scipy are needed here and in ``bench/lib/ridge.py`` (the linear algebra) only,
never by the engine.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator
from pathlib import Path

# One BLAS thread: a fit beside a busy core (the generator) ran three times slower with two,
# and no faster with two on a quiet machine (bench/results/evaluation.md, "One BLAS thread").
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402
from scipy.sparse import csr_matrix  # noqa: E402

from reversi.engine.board import Board  # noqa: E402
from reversi.engine.notation import parse_transcript  # noqa: E402
from reversi.engine.patterns import INSTANCES, TYPES, indices  # noqa: E402
from reversi.engine.variants import STANDARD  # noqa: E402
from reversi.engine.weights import Weights, save  # noqa: E402

from . import selfplay  # noqa: E402
from .ridge import EXTRAS, OFFSETS, design, expand, predict, solve_ridge  # noqa: E402

#: The largest number of empty squares of each stage.
STAGES = [5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60]
#: The windows tried per stage: rows this many empties outside a stage's range also
#: train it (smoothing; wider windows help where the data is thin, as in the solved part).
WINDOWS: tuple[int, ...] = (2,)
#: Discs per int16 unit of the weight file.
SCALE = 1 / 64
#: The ridges tried without a prior, in the same way as :data:`PRIOR_RIDGES`.
RIDGES = (10.0, 30.0, 100.0, 300.0)
#: The ridges tried with a prior (a pull towards it, not towards zero).  A stage's
#: fit tries them in this order and stops at the first that does worse than the
#: one before (the held-out error falls, then rises, as the ridge grows).
PRIOR_RIDGES = (1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0, 3000.0)
#: Held-out games: those whose number is 0 mod this.
HOLD_OUT = 10


def rows(games: list[dict]) -> dict[str, np.ndarray]:
    """Returns the positions of ``games`` as arrays: ``index`` (N x 46),
    ``empties``, ``label``, ``exact`` (label from the solver), ``game`` and
    ``turn`` (0: Black to move).  A position before the solved part is labelled by
    its search (``searched``) when the game has those labels, else by the game's
    result."""
    idx, emp, lab, exact, game, turn = [], [], [], [], [], []
    for number, record in enumerate(games):
        board = Board.initial(record.get("variant", STANDARD))
        for ply, (square, _) in enumerate(parse_transcript(record["moves"])):
            p, o = board.mover_mask()
            solved = ply >= record["solved_from"]
            black = record["exact"][ply - record["solved_from"]] if solved else \
                record["searched"][ply] if "searched" in record else record["result"]
            label = black if board.turn == 0 else -black
            idx.append(indices(p, o))
            emp.append(64 - (p | o).bit_count())
            lab.append(label)
            exact.append(solved)
            game.append(number)
            turn.append(board.turn)
            board.play(square)
    return {"index": np.array(idx, dtype=np.int64).reshape(-1, len(INSTANCES)),
            "empties": np.array(emp),
            "label": np.array(lab, dtype=np.float64), "exact": np.array(exact, dtype=bool),
            "game": np.array(game), "turn": np.array(turn)}


def stage_range(stage: int, stages: list[int] = STAGES) -> tuple[int, int]:
    """Returns the fewest and the most empty squares of ``stage`` of ``stages``."""
    return (stages[stage - 1] + 1 if stage else 0), stages[stage]


def even_stages(count: int) -> list[int]:
    """Returns the bounds of ``count`` stages of (about) equal width over 0-60 empties."""
    return [round(60 * (k + 1) / count) for k in range(count)]


def prior_vector(weights: Weights, low: int, high: int) -> np.ndarray:
    """Returns the full weight vector (discs) of the stage of ``weights`` holding the
    middle of ``low..high`` empties (a fit's prior)."""
    if weights.extras != EXTRAS or list(weights.header["types"]) != [n for n, _ in TYPES]:
        raise ValueError("a prior must have this fit's patterns and extras")
    middle = (low + high + 1) // 2
    stage = next(s for s, top in enumerate(weights.stages) if top >= middle)
    tables, extras = weights.stage_numbers(stage)
    return np.concatenate([*(np.asarray(t, dtype=np.float64) for t in tables),
                           np.asarray(extras, dtype=np.float64)]) * float(weights.header["scale"])


#: Per stage, the windows and the ridges a fit tries (:func:`settings_like`).
Settings = list[tuple[tuple[int, ...], tuple[float, ...]]]
#: A fit on every row's twin: the chosen fit on the training games alone, and its report.
Twin = tuple[np.ndarray, dict] | None


def settings_like(weights: Weights, stages: list[int]) -> Settings:
    """Returns per stage the window ``weights``' fit chose, and its ridge and a third
    of it (more data wants less ridge): a fit on more data then costs two solves a
    stage instead of a search over every window and ridge."""
    if list(weights.header["stages"]) != stages:
        raise ValueError("the settings' weights have other stages")
    return [((int(r["window"]),), (r["ridge"] / 3, r["ridge"])) for r in weights.header["fit"]]


def fit_stage(data: dict[str, np.ndarray], stage: int, ridge: float | None,
              stages: list[int] = STAGES, prior: Weights | None = None,
              settings: Settings | None = None, every_row: bool = False) -> tuple[np.ndarray, dict, Twin]:
    """Returns a stage's full weight vector (discs), its fit report and, with
    ``every_row``, the twin (below; else None).  With a ``prior`` (weights), the fit
    is of the difference from its stage's weights, so the ridge pulls towards those
    instead of towards zero.  ``settings``, when given, are the windows and ridges
    tried (else ``WINDOWS`` and ``ridge`` or the ridge ladder).  With ``every_row``,
    the window and ridge chosen on the held-out games are solved once more on every
    row, those games' too (the report's error stays the choice's, measured before
    they joined); the twin is the choice itself, on the training games alone, with
    its report: the fit whose held-out error can still be measured."""
    low, high = stage_range(stage, stages)
    held = data["game"] % HOLD_OUT == 0
    valid = (data["empties"] >= low) & (data["empties"] <= high) & held
    base = np.zeros(OFFSETS[-1] + len(EXTRAS)) if prior is None else prior_vector(prior, low, high)
    less = None if prior is None else base
    a_valid, y_valid = _problem(data, valid, less)
    windows, ridges = settings[stage] if settings else (
        WINDOWS, [ridge] if ridge is not None else PRIOR_RIDGES if prior else RIDGES)
    if not len(y_valid):  # nothing to choose on: the largest ridge, the strongest pull
        windows, ridges = windows[:1], ridges[-1:]
    best: tuple | None = None
    for window in windows:
        train = (data["empties"] >= low - window) & (data["empties"] <= high + window) & ~held
        a_train, y_train = _problem(data, train, less)
        last = None
        for damp in ridges:
            solution = solve_ridge(a_train, y_train, damp)
            error = float(np.abs(a_valid @ solution - y_valid).mean()) if len(y_valid) else 0.0
            if last is not None and error >= last:
                break
            last = error
            if best is None or error < best[0]:
                best = (error, damp, window, int(train.sum()), solution)
    assert best is not None
    error, damp, window, rows, solution = best
    report = {"stage": stage, "rows": rows, "held_out": int(valid.sum()), "ridge": damp,
              "window": window, "held_out_mae": round(error, 3)}
    if not every_row:
        return base + expand(solution), report, None
    twin = (base + expand(solution), report)
    train = (data["empties"] >= low - window) & (data["empties"] <= high + window)
    every = solve_ridge(*_problem(data, train, less), damp)
    return base + expand(every), {**report, "rows": int(train.sum())}, twin


def _problem(data: dict[str, np.ndarray], select: np.ndarray,
             base: np.ndarray | None) -> tuple[csr_matrix, np.ndarray]:
    """Returns the selected rows' design matrix and labels, less ``base``'s evaluation
    of them when given (a prior's weights: the fit is then of the difference)."""
    y = data["label"][select]
    return design(data, select), y if base is None else y - predict(data, select, base)


def bootstrap(data: dict[str, np.ndarray], value: np.ndarray, lead: int, mix: float) -> None:
    """Relabels every row not solved exactly whose position ``lead`` plies later in
    its game has a ``value`` (not NaN): ``mix`` times the game's result plus the
    rest times that value, turned to the row's side to move."""
    later = np.arange(len(value)) + lead
    ok = later < len(value)
    later = np.where(ok, later, 0)
    ok &= (data["game"][later] == data["game"]) & ~data["exact"] & ~np.isnan(value[later])
    sign = np.where(data["turn"][later] == data["turn"], 1.0, -1.0)
    data["label"] = np.where(ok, mix * data["result"] + (1 - mix) * sign * value[later],
                             data["result"])


def fit_files(files: list[Path], out: Path, *, header: dict, ridge: float | None = None,
              lead: int = 0, mix: float = 1.0, stages: list[int] = STAGES) -> Weights:
    """Fits every stage on the games of ``files`` (all of one variant), writes the
    weight file ``out`` (its header names the variant) and returns its weights.

    With ``lead``, each stage's rows not solved exactly are labelled by
    :func:`bootstrap` from the stages fitted before it (fewer empties), so a
    position learns from the evaluation ``lead`` plies later instead of only
    from the game's result; ``lead`` must exceed a stage's width plus the widest of ``WINDOWS``.
    Games with searched labels (``searched``) keep those (:func:`rows`).
    ``stages`` are the stages' bounds (their largest numbers of empty squares)."""
    games = [g for f in files for g in selfplay.read(f)]
    variants = {g.get("variant", STANDARD) for g in games}
    if len(variants) > 1:
        raise ValueError(f"games of several variants: {sorted(variants)}")
    data = rows(games)
    print(f"{len(games)} games, {len(data['label'])} positions", flush=True)
    header = {**header, "variant": variants.pop() if variants else STANDARD, "games": len(games)}
    return fit_data(data, out, header=header, ridge=ridge, lead=lead, mix=mix, stages=stages)


def fit_data(data: dict[str, np.ndarray], out: Path, *, header: dict, ridge: float | None = None,
             lead: int = 0, mix: float = 1.0, stages: list[int] = STAGES,
             prior: Weights | None = None, settings: Settings | None = None,
             every_row: bool = False, jobs: int = 1, twin: Path | None = None) -> Weights:
    """Fits every stage on the rows ``data`` (:func:`rows`, :func:`record_rows`), writes
    the weight file ``out`` and returns its weights (see :func:`fit_files`; ``prior``,
    ``settings`` and ``every_row``: :func:`fit_stage`).  With ``every_row``, ``twin``
    names a file for the twin fit too (on the training games alone; the same header
    but for ``every_row`` and the reports).  With ``jobs`` above 1 the stages are
    fitted that many at a time, in forked processes that share ``data`` (the same
    file as one job; not with ``lead``, whose stages wait for each other)."""
    if jobs > 1 and lead:
        raise ValueError("a bootstrapped fit (lead) fits its stages one after another")
    if twin and not every_row:
        raise ValueError("a twin is the choice of a fit on every row (every_row)")
    data["result"] = data["label"].copy()
    value = np.where(data["exact"], data["label"], np.nan)
    stage_fits, twins = [], []
    fitted = _fitted(data, ridge, stages, prior, settings, every_row, jobs)
    for stage in range(len(stages)):
        if lead:
            bootstrap(data, value, lead, mix)
        weights, report, twin_fit = next(fitted)
        if lead:  # the values the next stages' labels read
            low, high = stage_range(stage, stages)
            own = (data["empties"] >= low) & (data["empties"] <= high) & ~data["exact"]
            value[own] = predict(data, own, weights)
        stage_fits.append((weights, report))
        twins.append(twin_fit)
        print(report, flush=True)
    header = {"variant": STANDARD, **header,
              "types": [name for name, _ in TYPES], "stages": stages,
              "extras": EXTRAS, "scale": SCALE,
              "bootstrap": {"lead": lead, "mix": mix} if lead else None,
              "positions": int(len(data["label"]))}
    if twin:
        _write(twin, {**header, "every_row": False}, twins)
    return _write(out, {**header, "every_row": every_row}, stage_fits)


def _write(out: Path, header: dict, stage_fits: list) -> Weights:
    """Writes the weight file ``out`` of the stages' ``(weights, report)`` under ``header``
    (the reports added) and returns its weights."""
    from array import array
    numbers = [np.clip(np.rint(w / SCALE), -32768, 32767).astype(np.int16) for w, _ in stage_fits]
    weights = Weights({**header, "fit": [report for _, report in stage_fits]},
                      array("h", np.concatenate(numbers).tobytes()))
    out.parent.mkdir(parents=True, exist_ok=True)
    save(out, weights)
    print(f"wrote {out} ({out.stat().st_size} bytes)", flush=True)
    return weights


#: The arguments of :func:`fit_stage` that the forked jobs of :func:`_fitted` read.
_SHARED: tuple = ()


def _fitted(data: dict[str, np.ndarray], ridge: float | None, stages: list[int],
            prior: Weights | None, settings: Settings | None, every_row: bool,
            jobs: int) -> Iterator[tuple[np.ndarray, dict, Twin]]:
    """Yields :func:`fit_stage`'s results stage by stage, fitted ``jobs`` at a time.
    One job fits each stage when asked, so that it sees the rows as they are then."""
    global _SHARED
    if jobs <= 1:
        for stage in range(len(stages)):
            yield fit_stage(data, stage, ridge, stages, prior, settings, every_row)
        return
    _SHARED = (data, ridge, stages, prior, settings, every_row)
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            yield from pool.imap(_fit_shared, range(len(stages)))
    finally:
        _SHARED = ()


def _fit_shared(stage: int) -> tuple[np.ndarray, dict, Twin]:
    """Fits ``stage`` on the rows of :data:`_SHARED` (a forked job)."""
    data, ridge, stages, prior, settings, every_row = _SHARED
    return fit_stage(data, stage, ridge, stages, prior, settings, every_row)
