"""An evaluation round end to end on tiny data (``bench/eval_round.py``, C2).

Twelve tiny games; one candidate fitted, given ProbCut's statistics and played
(Easy against Easy, one opening) against the shipped file; a rerun
that fits nothing and plays nothing again; a fit cut off while it was written
is not taken for done.
"""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
pytest.importorskip("scipy", reason="the training tools need numpy and scipy")

import eval_round
import gen

from reversi.engine.weights import load


def test_a_round_fits_measures_and_resumes(tmp_path, capfd):
    gen.generate(tmp_path / "data" / "tiny.bin", 12, seed=7, jobs=1, depth=2, play=2, exact=8, explore=0.2,
                 siblings=2)
    argv = ["--name", "tiny", "--data", str(tmp_path / "data"), "--tag", "t", "--fits", str(tmp_path / "fits"),
            "--matches", str(tmp_path / "m"), "--pair", "easy-easy", "--openings", "1", "--seeds", "1",
            "--probcut-positions", "20", "--jobs", "1", "--candidate", "a", "--stages 30 --ridge 10 --labels mean"]
    eval_round.main(argv)
    out, progress = capfd.readouterr()
    weights = tmp_path / "fits" / "t-a.weights"
    header = load(weights).header
    assert header["probcut"] and header["games"] == 12  # ProbCut's statistics from the fit's games
    assert "probcut.py" in out and out.count("ladder.py") == 1 and "game 1 of" in progress
    lines = (tmp_path / "m" / "t.tsv").read_text().splitlines()
    assert len(lines) == 2  # an opening twice, colours swapped
    points = sum(float(line.split("\t")[3]) for line in lines)
    assert out.splitlines()[-1].split()[:3] == ["a", "2", f"{points / 2:.1%}"]

    eval_round.main(argv)  # done: no fit, no ProbCut, no game again
    out, progress = capfd.readouterr()
    assert "gen.py" not in out and "probcut.py" not in out and "game 1 of" not in progress
    assert (tmp_path / "m" / "t.tsv").read_text().splitlines() == lines

    assert eval_round.readable(weights)
    weights.write_bytes(weights.read_bytes()[:-100])  # a fit stopped while writing its file: fitted again
    assert not eval_round.readable(weights) and not eval_round.readable(tmp_path / "none.weights")
