"""The position generator and the many-stage fit end to end on tiny data (C2's evaluation).

A few games searched 2 plies deep and solved from 8 empties, a run stopped
half-way through a game and resumed, a fit of 30 stages (LSQR's iterations
capped), a weight file the engine loads and the error table by bands of
empties: seconds, never the real generation (``bench/gen.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("scipy", reason="the training tools need numpy and scipy")

import gen  # noqa: E402
from lib import fit, positions, ridge  # noqa: E402
from lib.records import NO_SEARCH, NONE, RECORD, UNIT, complete, read  # noqa: E402

from reversi.engine.evaluate import Evaluator  # noqa: E402
from reversi.engine.patterns import indices  # noqa: E402

TINY = {"seed": 5, "jobs": 1, "depth": 2, "play": 2, "exact": 8, "explore": 0.1}


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    """Six games of the tiny generator."""
    path = tmp_path_factory.mktemp("gen") / "tiny.bin"
    assert gen.generate(path, 6, **TINY) == 6
    return path


def test_records_are_labelled_exactly_from_the_solved_part(data):
    records = read(data)
    assert sorted(set(records["game"].tolist())) == list(range(6))
    solved = records["exact"] != NONE
    assert (solved == (records["empties"] <= 8)).all()
    assert (records["searched"][solved] == NO_SEARCH).all()
    assert (records["searched"][~solved] != NO_SEARCH).all()
    for game in range(6):
        mine = records[records["game"] == game]
        assert mine["left"].tolist() == list(range(len(mine)))[::-1]
        first = mine[mine["exact"] != NONE][0]
        assert first["result"] == first["exact"]  # the result is the first solved score
        assert (np.abs(mine["result"]) == abs(int(first["result"]))).all()


def test_a_stopped_run_resumes_to_the_same_file(data, tmp_path):
    whole = data.read_bytes()
    cut = tmp_path / "tiny.bin"
    cut.write_bytes(whole[:len(whole) // 2 + 5])  # in the middle of a game and a record
    assert complete(cut) < 6
    gen.generate(cut, 6, **TINY)
    assert cut.read_bytes() == whole
    with pytest.raises(SystemExit, match="was made with"):
        gen.generate(cut, 7, **{**TINY, "depth": 3})


def test_numpy_indices_are_the_engines(data):
    records = read(data)[:40]
    found = positions.pattern_indices(records["p"], records["o"])
    assert found.tolist() == [list(indices(int(p), int(o))) for p, o in
                              zip(records["p"], records["o"])]


def test_labels_before_the_solved_part(data):
    records = read(data)
    searched, exact = positions.labels(records, "searched")
    result, _ = positions.labels(records, "result")
    mean, _ = positions.labels(records, "mean")
    assert (searched[exact] == result[exact]).all()
    assert np.allclose(mean, (searched + result) / 2)
    assert np.allclose(searched[~exact], records["searched"][~exact] / UNIT)
    quarter, _ = positions.labels(records, "0.25")
    assert np.allclose(quarter, 0.75 * searched + 0.25 * result)
    assert not np.allclose(quarter, mean)


@pytest.mark.parametrize("kind", ["median", "1.5", "-0.1", ""])
def test_unknown_label_kinds_are_refused(kind, monkeypatch):
    monkeypatch.setattr(gen.native, "install", lambda: False)  # main runs the Python engine here
    with pytest.raises(ValueError):
        positions.result_share(kind)
    with pytest.raises(SystemExit):
        gen.main(["fit", "--labels", kind, "--out", "unused.weights"])


def test_thirty_stages_fit_and_measure(data, tmp_path, monkeypatch):
    monkeypatch.setattr(ridge, "ITERATIONS", 10)
    out = tmp_path / "tiny.weights"
    records = read(data)
    header = {"command": "python3 bench/gen.py (test)", "seed": 5}
    fit.fit_data(positions.record_rows(records, "searched"), out, header=header, ridge=10.0,
                 stages=fit.even_stages(30))
    evaluator = Evaluator.load(out)
    header = evaluator.weights.header
    assert len(header["stages"]) == 30 and header["stages"][0] == 2
    assert header["positions"] == len(records) and header["seed"] == 5 and header["command"]
    from reversi.engine.evaluate import DATA
    table = positions.error_table(records, [DATA / "standard.weights", out], paired=True)
    assert "| 16-20 |" in table and "| tiny.weights - standard.weights |" in table


def test_a_fit_of_the_first_games_is_the_data_as_it_stood_then(data, tmp_path, monkeypatch):
    """``fit --games 4``: games 0-3 of the file only (a fit at a smaller size, to see whether
    more data still helps, C2); its header's data command makes exactly those games."""
    monkeypatch.setattr(ridge, "ITERATIONS", 10)
    monkeypatch.setattr(gen.native, "install", lambda: False)  # main runs the Python engine here
    out = tmp_path / "first.weights"
    gen.main(["--data", str(data.parent), "--name", data.stem, "fit", "--games", "4", "--stages", "30",
              "--ridge", "10", "--out", str(out)])
    header = Evaluator.load(out).weights.header
    records = read(data)
    assert header["games"] == 4 and header["positions"] == int((records["game"] < 4).sum())
    assert header["data_command"].endswith("games --games 4")


def test_stages_fitted_two_at_a_time_give_the_same_weights(data, monkeypatch):
    """``fit --jobs 2`` (forked processes sharing the rows) changes the time, not the
    weights: each stage's and its twin's as one job's, with a prior, two windows and
    every row (the command line's ``--jobs``: the siblings' test)."""
    monkeypatch.setattr(ridge, "ITERATIONS", 10)
    monkeypatch.setattr(fit, "WINDOWS", (2, 6))
    from reversi.engine.evaluate import DATA
    from reversi.engine.weights import load
    rows = positions.record_rows(read(data))
    args = (rows, 10.0, fit.even_stages(10), load(DATA / "standard.weights"), None, True)
    one, two = list(fit._fitted(*args, jobs=1)), list(fit._fitted(*args, jobs=2))
    assert [(report, twin[1]) for _, report, twin in one] == [(report, twin[1]) for _, report, twin in two]
    assert all(np.array_equal(a, b) and np.array_equal(a_twin[0], b_twin[0])
               for (a, _, a_twin), (b, _, b_twin) in zip(one, two, strict=True))
    with pytest.raises(ValueError, match="one after another"):
        fit.fit_data(rows, Path("unused.weights"), header={}, lead=20, jobs=2)


def test_a_fit_with_a_prior_stays_near_it_under_a_strong_ridge(data, tmp_path, monkeypatch):
    """Fitting the difference from given weights: a huge ridge keeps those weights."""
    monkeypatch.setattr(ridge, "ITERATIONS", 10)
    from reversi.engine.evaluate import DATA
    from reversi.engine.weights import load
    prior = load(DATA / "standard.weights")
    out = tmp_path / "prior.weights"
    fitted = fit.fit_data(positions.record_rows(read(data)), out, header={"seed": 5},
                          ridge=1e12, stages=fit.even_stages(30), prior=prior)
    stage = 7  # 15-16 empties: the prior's stage of 16 (its 16-20)
    expected = fit.prior_vector(prior, 15, 16) / fit.SCALE
    tables, extras = fitted.stage_numbers(stage)
    found = np.concatenate([*(np.asarray(t) for t in tables), np.asarray(extras)])
    assert np.abs(found - expected).max() <= 1


def test_anti_reversi_games_are_played_and_labelled_in_its_terms(tmp_path, monkeypatch):
    """V2: ``--variant anti`` plays anti-reversi and scores it so (fewer discs win); the
    file remembers the variant, a rerun for the other refuses, and the fit names it."""
    monkeypatch.setattr(ridge, "ITERATIONS", 10)
    from reversi.engine import variants
    from reversi.engine.endgame import Solver
    from reversi.engine.evaluate import for_variant
    path = tmp_path / "anti.bin"
    assert gen.generate(path, 3, **{**TINY, "variant": variants.ANTI}) == 3
    records = read(path)
    solved = records[records["exact"] != NONE]
    anti = Solver(evaluator=for_variant(variants.ANTI), variant=variants.ANTI)
    scores = [(int(r["exact"]), anti.solve(int(r["p"]), int(r["o"]))[0],
               Solver().solve(int(r["p"]), int(r["o"]))[0]) for r in solved[::3]]
    assert all(label == exact for label, exact, _ in scores)  # the Python solver agrees
    assert any(label != standard for label, _, standard in scores)  # not the standard game's
    with pytest.raises(SystemExit, match="was made with"):
        gen.generate(path, 4, **TINY)
    out = tmp_path / "anti.weights"
    monkeypatch.setattr(gen.native, "install", lambda: False)  # main runs the Python engine here
    gen.main(["--data", str(tmp_path), "--name", "anti", "fit", "--stages", "30", "--ridge", "10",
              "--out", str(out)])
    evaluator = Evaluator.load(out)
    assert evaluator.variant == variants.ANTI
    assert evaluator.weights.header["data_command"] == \
        "python3 bench/gen.py --seed 5 --depth 2 --exact 8 --explore 0.1 --variant anti games --games 3"


def test_siblings_are_searched_off_the_line_and_fitted_with_another_file(data, tmp_path, monkeypatch):
    """C2's data: ``--siblings 2`` adds up to two positions after other legal moves
    beside each searched one, labelled by the same search and without a result;
    a fit of two files keeps their games apart and records both commands."""
    import shutil

    from reversi.engine.search import Search
    path = tmp_path / "sib.bin"
    assert gen.generate(path, 2, **{**TINY, "siblings": 2}) == 2
    records = read(path)
    off = records["result"] == NONE
    assert off.sum() > 20 and (records["exact"][off] == NONE).all()
    assert (records["empties"][off] >= TINY["exact"]).all()  # beside the searched part only
    line = records[~off]
    for r in records[off][:6]:  # a sibling's label is its own 2-ply search's value
        assert round(Search().run(int(r["p"]), int(r["o"]), 2).score * UNIT) == int(r["searched"])
        after = line[(line["game"] == r["game"]) & (line["ply"] == r["ply"])]
        assert len(after) <= 1 and all((int(a["p"]), int(a["o"])) != (int(r["p"]), int(r["o"])) for a in after)
    result, _ = positions.labels(records, "result")
    assert np.allclose(result[off], records["searched"][off] / UNIT)
    with pytest.raises(SystemExit, match="was made with"):
        gen.generate(path, 3, **TINY)
    for suffix in (".bin", ".json"):
        shutil.copy(data.with_suffix(suffix), tmp_path / f"tiny{suffix}")
    monkeypatch.setattr(ridge, "ITERATIONS", 10)
    monkeypatch.setattr(gen.native, "install", lambda: False)  # main runs the Python engine here
    out = tmp_path / "two.weights"
    gen.main(["--data", str(tmp_path), "--name", "sib", "fit", "--more", "tiny", "--stages", "30",
              "--ridge", "10", "--window", "2", "6", "--jobs", "2", "--out", str(out)])
    header = Evaluator.load(out).weights.header
    assert header["window"] == [2, 6] and {r["window"] for r in header["fit"]} <= {2, 6}
    assert header["positions"] == len(records) + len(read(data))
    assert header["games"] == 2 + 6
    assert header["data_command"] == ("python3 bench/gen.py --seed 5 --depth 2 --exact 8 --explore 0.1 "
                                      "--siblings 2 games --games 2 && python3 bench/gen.py --seed 5 "
                                      "--depth 2 --exact 8 --explore 0.1 games --games 6")
    like = tmp_path / "like.weights"  # a refit on more data tries the first fit's choices only (C2)
    gen.main(["--data", str(tmp_path), "--name", "sib", "fit", "--more", "tiny", "--stages", "30",
              "--like", str(out), "--out", str(like)])
    for first, again in zip(header["fit"], Evaluator.load(like).weights.header["fit"], strict=True):
        assert again["window"] == first["window"] and again["ridge"] in (first["ridge"] / 3, first["ridge"])
        if not again["held_out"]:  # nothing to choose on: the larger ridge, not a third each round
            assert again["ridge"] == first["ridge"]
    assert not all(r["held_out"] for r in header["fit"])
    with pytest.raises(ValueError, match="other stages"):
        fit.settings_like(Evaluator.load(out).weights, fit.even_stages(12))
    every = tmp_path / "every.weights"  # the same choices, then solved on the held-out games' rows too
    twin = tmp_path / "twin.weights"  # and the choice itself, from the same run: the like fit
    gen.main(["--data", str(tmp_path), "--name", "sib", "fit", "--more", "tiny", "--stages", "30",
              "--like", str(out), "--every-row", "--twin", str(twin), "--out", str(every)])
    chosen, again = Evaluator.load(like).weights, Evaluator.load(every).weights
    assert again.header["every_row"] and not chosen.header["every_row"]
    same = Evaluator.load(twin).weights
    assert same.numbers == chosen.numbers and same.header["fit"] == chosen.header["fit"]
    assert not same.header["every_row"] and same.header["positions"] == again.header["positions"]
    with pytest.raises(SystemExit, match="--every-row"):
        gen.main(["--data", str(tmp_path), "--name", "sib", "fit", "--twin", str(twin), "--out", str(every)])
    pairs = list(zip(chosen.header["fit"], again.header["fit"], strict=True))
    assert all((a["window"], a["ridge"], a["held_out_mae"]) == (b["window"], b["ridge"], b["held_out_mae"])
               and b["rows"] >= a["rows"] for a, b in pairs)
    assert any(b["rows"] > a["rows"] for a, b in pairs) and again.numbers != chosen.numbers
    lines = tmp_path / "lines.weights"  # the games' own positions only: the siblings left out
    gen.main(["--data", str(tmp_path), "--name", "sib", "fit", "--lines", "--stages", "30", "--ridge", "10",
              "--out", str(lines)])
    assert Evaluator.load(lines).weights.header["positions"] == int((~off).sum())


@pytest.mark.parametrize("damp", [0.5, 30.0])
def test_the_scaled_ridge_solve_is_the_ridge_regression(damp, monkeypatch):
    """The column scaling changes LSQR's path, not its answer: the closed form
    ``(A'A + ridge I)^-1 A'y``, with 0 for a column no row uses (C2)."""
    from scipy.sparse import csr_matrix
    rng = np.random.default_rng(3)
    dense = (rng.random((300, 40)) < 0.1) * rng.choice([1.0, 2.0, -1.0], (300, 40))
    dense[:, 7] = 0.0
    y = rng.normal(size=300)
    monkeypatch.setattr(ridge, "ITERATIONS", 500)
    found = ridge.solve_ridge(csr_matrix(dense), y, damp)
    halves = csr_matrix(dense / 2)  # each entry twice, as two instances sharing a column
    twice = csr_matrix((np.repeat(halves.data, 2), np.repeat(halves.indices, 2),
                        halves.indptr * 2), shape=dense.shape)
    assert np.allclose(ridge.solve_ridge(twice, y, damp), found)
    exact = np.linalg.solve(dense.T @ dense + damp * np.eye(40), dense.T @ y)
    assert np.allclose(found, exact, atol=1e-5) and found[7] == 0.0


def test_the_design_matrix_times_weights_is_the_evaluation(data):
    """A row of the fit's design matrix times a weight vector is the stage's evaluation
    of its position, instances that share a column counted each (C2)."""
    records = read(data)
    rows_ = positions.record_rows(records)
    select = np.arange(len(records)) % 3 == 0
    solution = np.random.default_rng(5).normal(size=ridge.OFFSETS[-1] + len(ridge.EXTRAS))
    found = ridge.design(rows_, select) @ solution
    assert np.allclose(found, ridge.predict(rows_, select, ridge.expand(solution)))


def test_the_error_table_of_the_games_fits_hold_out(data, capsys, monkeypatch):
    """``error --held-out``: only games 0 mod HOLD_OUT, which no fit trains on (C2)."""
    monkeypatch.setattr(gen.native, "install", lambda: False)  # main runs the Python engine here
    from reversi.engine.evaluate import DATA
    shipped = str(DATA / "standard.weights")
    gen.main(["--data", str(data.parent), "--name", data.stem, "error", "--held-out", "--paired",
              shipped, shipped])
    records = read(data)
    held = records[records["game"] % fit.HOLD_OUT == 0]
    assert 0 < len(held) < len(records)
    low = int(((held["empties"] >= 0) & (held["empties"] <= 10)).sum())
    out = capsys.readouterr().out
    assert f"| positions (label) | {low} mixed |" in out  # exact from 8 empties (TINY), searched above
    assert "| standard.weights - standard.weights | +0.00 ± 0.00 |" in out


def test_the_paired_standard_error_resamples_whole_games():
    """``_paired``'s bootstrap of games, against its definition written as a loop."""
    rng = np.random.default_rng(3)
    records = np.zeros(300, dtype=RECORD)
    records["game"] = np.sort(rng.integers(0, 40, 300))
    difference, chosen = rng.normal(size=300), rng.random(300) < 0.7
    games = np.unique(records["game"][chosen])
    sums = np.array([difference[chosen & (records["game"] == g)].sum() for g in games])
    counts = np.array([(chosen & (records["game"] == g)).sum() for g in games])
    picks = np.random.default_rng(0).integers(0, len(games), (400, len(games)))
    means = sums[picks].sum(axis=1) / counts[picks].sum(axis=1)
    assert positions._paired(records, difference, chosen) == \
        f"{difference[chosen].mean():+.2f} ± {means.std():.2f}"


def test_probcut_samples_the_first_games_of_a_file_that_grows(data, tmp_path):
    """``probcut.py --records F --games N`` reads F's first N games, and its header names
    N, so the shipped statistics come again from the generator's file after it grew."""
    import shutil

    import probcut
    grown = tmp_path / "grown.bin"
    shutil.copy(data, grown)
    shutil.copy(data.with_suffix(".json"), grown.with_suffix(".json"))
    assert gen.generate(grown, 8, **TINY) == 2
    first, used = probcut.sample_records(data, 20, 1)
    assert used == 6 and probcut.sample_records(grown, 20, 1, games=6) == (first, 6)
    assert probcut.sample_records(grown, 20, 1)[1] == 8 and probcut.sample_records(grown, 20, 1, 99)[1] == 8
    assert probcut._without(["--seed", "1", "--games", "5", "--games=6", "--records", "r"], "--games") == \
        ["--seed", "1", "--records", "r"]


def test_probcut_samples_only_the_games_lines(tmp_path):
    """C2: ProbCut's statistics come from positions the games played, never from
    siblings (positions after a move the game did not play), which widen sigma."""
    import probcut
    path = tmp_path / "siblings.bin"
    assert gen.generate(path, 3, **{**TINY, "siblings": 2}) == 3
    records = read(path)
    line = records[records["result"] != NONE]
    assert (records["result"] == NONE).any()
    sampled, _ = probcut.sample_records(path, 40, 1)
    assert set(sampled) <= {(int(r["p"]), int(r["o"])) for r in line}
    assert all(24 <= 64 - (p | o).bit_count() <= 50 for p, o in sampled)
