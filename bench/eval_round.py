"""An evaluation round (C2): candidate fits of one data file, each given ProbCut's
statistics and played against a reference weight file at node budgets, resumably.

Each ``--candidate NAME OPTIONS`` is fitted by ``bench/gen.py --name DATA fit OPTIONS``
into ``bench/.data/fits/TAG-NAME.weights`` (unless that file is there), given ProbCut's
statistics by ``bench/probcut.py`` on the games it was fitted on (unless it has them:
a file without them plays without ProbCut, far weaker), then plays ``--pair``
(Expert against Expert) against ``--against`` (the shipped file) for each of
``--seeds``, ``--openings`` openings twice, every game kept in the record file
``bench/data/matches/TAG.tsv`` (``bench/ladder.py --record``: a rerun plays only the
games it lacks).  Each step runs as its own process and prints its command.  At the
end it prints each candidate's score over all its recorded games, with one standard
error.  So a round started with ``nohup`` goes on where it stopped, on any machine
that has the data file, the fits and the record file (from the repository root)::

    nohup nice python3 bench/eval_round.py --name train4 --tag r20 --jobs 2 \\
        --candidate window "--stages 30 --labels mean --window 2 --prior py/reversi/engine/data/standard.weights" \\
        --candidate plain "--stages 30 --labels mean --window 2" > round.log 2>&1 &
"""

from __future__ import annotations

import argparse
import math
import shlex
import subprocess
import sys
import zlib
from pathlib import Path

from lib import BENCH, ROOT
from lib.records import DATA

from reversi.engine.weights import load

SHIPPED = ROOT / "py" / "reversi" / "engine" / "data" / "standard.weights"


def step(command: list[str]) -> None:
    """Runs one step of the round from the repository root, raising SystemExit if it fails."""
    print("round:", shlex.join(command), flush=True)
    if subprocess.run(command, cwd=ROOT).returncode:
        raise SystemExit(f"round: {shlex.join(command)} failed")


def readable(path: Path) -> bool:
    """Tells whether ``path`` is a whole weight file (a fit stopped while writing is not)."""
    try:
        load(path)
    except (OSError, ValueError, zlib.error):
        return False
    return True


def prepare(name: str, options: str, args: argparse.Namespace) -> Path:
    """Returns candidate ``name``'s weight file, fitted and given ProbCut's statistics."""
    weights = args.fits / f"{args.tag}-{name}.weights"
    records = args.data / f"{args.name}.bin"
    if not readable(weights):
        weights.parent.mkdir(parents=True, exist_ok=True)
        step([sys.executable, "bench/gen.py", "--data", str(args.data), "--name", args.name, "fit",
              *shlex.split(options), "--jobs", str(args.jobs), "--out", str(weights)])
    header = load(weights).header
    if not header.get("probcut"):
        step([sys.executable, "bench/probcut.py", "--positions", str(args.probcut_positions), "--seed", "1",
              "--weights", str(weights), "--records", str(records), "--games", str(header["games"])])
    return weights


def score(record: Path, pair: str, weights: Path, against: Path) -> tuple[int, float]:
    """Returns the games of ``pair`` that ``record`` holds between the two weight files
    and the first one's points in them (:mod:`ladder`'s record lines)."""
    import ladder
    first, second = ladder.digest(str(weights), "standard"), ladder.digest(str(against), "standard")
    games, points = 0, 0.0
    for line in record.read_text().splitlines() if record.exists() else ():
        fields = line.split("\t")
        if len(fields) == 10 and fields[0] == pair and fields[7:9] == [first, second]:
            games, points = games + 1, points + float(fields[3])
    return games, points


def main(argv: list[str] | None = None) -> None:
    """Runs the round's steps that are not done yet, then prints the candidates' scores."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--name", required=True, help="the data file bench/.data/gen/NAME.bin")
    parser.add_argument("--data", type=Path, default=DATA / "gen")
    parser.add_argument("--tag", required=True, help="names the round's fits and its record file")
    parser.add_argument("--candidate", nargs=2, action="append", required=True, metavar=("NAME", "OPTIONS"),
                        help="a fit: its name and bench/gen.py fit's options, as one argument")
    parser.add_argument("--against", type=Path, default=SHIPPED, help="the reference weight file")
    parser.add_argument("--pair", default="expert-expert")
    parser.add_argument("--openings", type=int, default=100)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--probcut-positions", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--fits", type=Path, default=DATA / "fits")
    parser.add_argument("--matches", type=Path, default=BENCH / "data" / "matches")
    args = parser.parse_args(argv)
    record = args.matches / f"{args.tag}.tsv"
    record.parent.mkdir(parents=True, exist_ok=True)
    prepared = {name: prepare(name, options, args) for name, options in args.candidate}
    for weights in prepared.values():
        for seed in args.seeds:
            step([sys.executable, "bench/ladder.py", "--pairs", args.pair, "--weights", str(weights),
                  "--second-weights", str(args.against), "--openings", str(args.openings), "--seed", str(seed),
                  "--jobs", str(args.jobs), "--record", str(record)])
    print(f"\n{'candidate':>12} {'games':>6} {'score':>7} {'± 1 s.e.':>9}  against {args.against.name}")
    for name, weights in prepared.items():
        games, points = score(record, args.pair, weights, args.against)
        share = points / games if games else math.nan
        error = math.sqrt(share * (1 - share) / games) if games else math.nan
        print(f"{name:>12} {games:>6} {share:>7.1%} {error:>9.1%}", flush=True)


if __name__ == "__main__":
    main()
