"""The evaluation's training pipeline end to end on a tiny data set.

Self-play games labelled by the solver, a fit, a weight file that the
engine loads: seconds, never the full training (``bench/train.py run``).
Needs numpy and scipy, as the training tools do (never the engine).
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("scipy", reason="the training tools need numpy and scipy")

import train
from lib import fit, selfplay
from test_search import random_position

from reversi.engine.bitboard import moves_mask
from reversi.engine.evaluate import Evaluator
from reversi.engine.search import Search


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """Six labelled games of the frozen baseline (round 0), solved from 10 empties."""
    path = tmp_path_factory.mktemp("data") / "games-0.jsonl"
    records = selfplay.generate(train.baseline_player, 6, seed=3, exact=10)
    assert selfplay.write(path, records) == 6
    return path


def test_games_are_labelled_exactly_from_the_solved_ply(games):
    """Every solved position's label is the solver's; the result is the first one."""
    for record in selfplay.read(games):
        plies = len(record["moves"]) // 2
        assert len(record["exact"]) == plies - record["solved_from"] + 1
        assert record["result"] == record["exact"][0]
        assert 64 - 4 - record["solved_from"] <= 10 or record["solved_from"] == plies


def test_fit_writes_weights_the_engine_loads(games, tmp_path):
    out = tmp_path / "tiny.weights"
    header = {"command": "python bench/train.py (test)", "seed": 3}
    fit.fit_files([games], out, header=header, ridge=10.0)
    evaluator = Evaluator.load(out)
    assert evaluator.weights.header["games"] == 6 and evaluator.weights.header["seed"] == 3
    p, o = random_position(2, 30)
    assert -64 <= evaluator.evaluate(p, o) <= 64
    assert Search(max_nodes=300, evaluator=evaluator).run(p, o, 3).square is not None


def test_fitted_weights_follow_the_labels(games, tmp_path):
    """Trained on negated scores (as anti-reversi's, V1) the weights change sign,
    and the header names the variant whose results they estimate."""
    negated = tmp_path / "games-anti.jsonl"
    records = [{**r, "exact": [-v for v in r["exact"]], "result": -r["result"],
                "variant": "anti"} for r in selfplay.read(games)]
    negated.write_text("".join(json.dumps(r) + "\n" for r in records))
    plain, anti = tmp_path / "plain.weights", tmp_path / "anti.weights"
    fit.fit_files([games], plain, header={"seed": 3}, ridge=10.0)
    fit.fit_files([negated], anti, header={"seed": 3}, ridge=10.0)
    p, o = random_position(4, 50)
    assert Evaluator.load(plain).evaluate(p, o) == pytest.approx(
        -Evaluator.load(anti).evaluate(p, o), abs=0.05)
    assert Evaluator.load(anti).variant == "anti"
    with pytest.raises(ValueError, match="several variants"):
        fit.fit_files([games, negated], tmp_path / "mixed.weights", header={}, ridge=10.0)


def test_anti_round_zero_plays_by_the_negated_standard_weights():
    """Anti-reversi's first player turns the standard evaluation's sign (V2)."""
    player = train.negated_player()
    p, o = random_position(9, 20)
    square = player(p, o)
    assert square is not None and moves_mask(p, o) >> square & 1


def test_bootstrap_labels_take_the_value_lead_plies_later():
    """A row learns from its game's evaluation ``lead`` plies on, turned to its side
    to move; solved rows, rows without such a value and other games' rows do not."""
    np = pytest.importorskip("numpy")
    data = {"game": np.array([0, 0, 0, 0, 1, 1]), "turn": np.array([0, 1, 0, 0, 1, 0]),
            "exact": np.array([False, False, True, False, False, False]),
            "result": np.array([4.0, -4.0, 4.0, 4.0, 10.0, -10.0])}
    value = np.array([np.nan, np.nan, 6.0, 3.0, 2.0, np.nan])
    fit.bootstrap(data, value, lead=2, mix=0.0)
    # row 0 -> row 2 (same side to move: +6); row 1 -> row 3 (other side: -3);
    # row 2 is exact; row 3's later row is another game's; row 4's is past the end.
    assert data["label"].tolist() == [6.0, -3.0, 4.0, 4.0, 10.0, -10.0]
    fit.bootstrap(data, value, lead=2, mix=0.5)
    assert data["label"].tolist() == [5.0, -3.5, 4.0, 4.0, 10.0, -10.0]


def test_a_bootstrapped_fit_records_how(games, tmp_path):
    out = tmp_path / "boot.weights"
    fit.fit_files([games], out, header={}, ridge=10.0, lead=8, mix=0.0)
    assert Evaluator.load(out).weights.header["bootstrap"] == {"lead": 8, "mix": 0.0}


def test_searched_labels_and_more_stages(tmp_path):
    """A labeller gives every position before the solved part its search value
    (Black's); the fit uses those labels, and fits as many stages as asked, which
    the engine loads."""
    records = list(selfplay.generate(train.baseline_player, 3, seed=5, exact=10,
                                     make_labeller=lambda: train.pattern_labeller(None, 2)))
    for record in records:
        assert len(record["searched"]) == record["solved_from"]
    path = tmp_path / "games-0.jsonl"
    selfplay.write(path, records)
    data = fit.rows(selfplay.read(path))
    first = records[0]
    assert data["label"][0] == first["searched"][0] and data["label"][1] == -first["searched"][1]
    out = tmp_path / "thirty.weights"
    fit.fit_files([path], out, header={"seed": 5}, ridge=10.0, stages=fit.even_stages(30))
    evaluator = Evaluator.load(out)
    assert len(evaluator.weights.stages) == 30 and evaluator.weights.stages[-1] == 60
    p, o = random_position(2, 30)
    assert -64 <= evaluator.evaluate(p, o) <= 64
