"""The evaluation's first training pipeline: self-play games, exact labels, a fit, a weight file.

Superseded by ``bench/gen.py`` (its games, labels and fits at scale); kept because
the shipped files' chains of priors go back to its files (``anti.weights``' header
names its command), and ``tests/test_train.py`` keeps it working.

Rounds.  Round 0's games are played by the frozen baseline engine
(``bench/lib/baseline.py``: today's linear evaluation, 2-ply searches); round
``k``'s by 3-ply searches over round ``k - 1``'s pattern weights, so each
round's evaluation picks the positions (and labels, through the game
results) of the next; from round 1 on no random move is played once
``--calm`` squares or fewer are empty.  Every round's games are labelled exactly by the
solver from ``--exact`` empty squares on (``bench/lib/selfplay.py``), and the fit
(``bench/lib/fit.py``) uses all the games so far.

Usage (from the repository root; ``bench/.data/`` is git-ignored)::

    nice python bench/train.py --seed 1 run --rounds 2 --games 6048 1500 --jobs 2
    python bench/train.py --seed 1 games --round 0 --games 100
    python bench/train.py --seed 1 fit --out py/reversi/engine/data/standard.weights

``run`` does everything and writes ``py/reversi/engine/data/standard.weights``,
whose header records the command and seed; then ``bench/probcut.py`` adds
the ProbCut statistics to it.

``--variant anti`` trains anti-reversi's evaluation (V1, V2: fewer
discs win) the same way into ``anti.weights``, with its own games in
``bench/.data/anti/``: played and solved under anti-reversi's result, round
0 by 2-ply searches over the standard weights negated (a disc difference's
sign turned: what is good for the standard result is bad for this one).

``--exact`` may give one number per round, like ``--games``; so may
``--lead``, which labels the positions before the solved ones by the
evaluation fitted for fewer empties, ``--lead`` plies later in the same game
(``fit.bootstrap``), instead of by the game's result alone.
"""

from __future__ import annotations

import argparse
import functools
import shlex
import sys
import time
from array import array
from pathlib import Path

from lib import DATA, ROOT, baseline, selfplay

import native
from reversi.engine.variants import ANTI, STANDARD

WEIGHTS_DIR = ROOT / "py" / "reversi" / "engine" / "data"


def baseline_player() -> selfplay.Player:
    """Returns round 0's player: the baseline engine's 2-ply search."""
    baseline.load()
    from reversi_9cc7dfa.search import Search  # type: ignore[import-not-found]
    return lambda p, o: Search().run(p, o, 2).square


def _move(square: int | None) -> int:
    """Returns a search's move: a player is asked only while the game goes on, so it has one."""
    assert square is not None
    return square


def negated_player() -> selfplay.Player:
    """Returns anti-reversi's round 0 player: a 2-ply search over the standard
    weights negated (an evaluation of anti-reversi's result by the sign alone)."""
    from reversi.engine.evaluate import DATA, Evaluator
    from reversi.engine.weights import load
    weights = load(DATA / "standard.weights")
    weights.numbers = array("h", (min(32767, -n) for n in weights.numbers))
    weights.header = {**weights.header, "variant": ANTI, "probcut": {}}
    evaluator = Evaluator(weights)
    return lambda p, o: _move(native.SEARCH(variant=ANTI, evaluator=evaluator,
                                            selective=False).run(p, o, 2).square)


def pattern_player(weights: Path) -> selfplay.Player:
    """Returns a later round's player: a 3-ply search over the weights in ``weights``
    (in the variant they were fitted for)."""
    from reversi.engine.evaluate import Evaluator
    evaluator = Evaluator.load(weights)
    return lambda p, o: _move(native.SEARCH(variant=evaluator.variant, evaluator=evaluator,
                                            selective=False).run(p, o, 3).square)


def pattern_labeller(weights: Path | None, depth: int) -> selfplay.Labeller:
    """Returns a labeller: the value of a ``depth``-ply search (ProbCut on) over the
    weights in ``weights`` (None: the engine's own)."""
    from reversi.engine.evaluate import Evaluator, for_variant
    evaluator = Evaluator.load(weights) if weights else for_variant(STANDARD)
    return lambda p, o: native.SEARCH(variant=evaluator.variant, evaluator=evaluator).run(
        p, o, depth).score


def games_file(data: Path, round_: int) -> Path:
    """Returns the file holding round ``round_``'s games."""
    return data / f"games-{round_}.jsonl"


def round_weights(data: Path, round_: int) -> Path:
    """Returns the weight file fitted after round ``round_``."""
    return data / f"weights-{round_}.weights"


def round_games(args: argparse.Namespace) -> int:
    """Returns how many games round ``args.round`` has (``args.games``: per round,
    the last number for later rounds)."""
    return args.games[min(args.round, len(args.games) - 1)]


def cmd_games(args: argparse.Namespace) -> None:
    """Plays and labels the games round ``args.round`` still lacks, appending them
    to its file (a stopped run resumes with the next game)."""
    args.data.mkdir(parents=True, exist_ok=True)
    (args.data / ".gitignore").write_text("*\n")
    if args.round == 0:
        make = negated_player if args.variant == ANTI else baseline_player
    else:
        make = functools.partial(pattern_player, round_weights(args.data, args.round - 1))
    start = time.perf_counter()
    path = games_file(args.data, args.round)
    done = selfplay.complete(path)
    exact = args.exact[min(args.round, len(args.exact) - 1)]
    labeller = None
    if args.searched:
        weights = round_weights(args.data, args.round - 1) if args.round else None
        labeller = functools.partial(pattern_labeller, weights, args.searched)
    n = selfplay.write(path, selfplay.generate(
        make, round_games(args), seed=args.seed * 100 + args.round, exact=exact,
        explore=args.explore, calm=args.calm if args.round else 0, jobs=args.jobs,
        variant=args.variant, start=done, make_labeller=labeller), progress=True)
    print(f"round {args.round}: {n} games in {time.perf_counter() - start:.0f} s", flush=True)


def cmd_fit(args: argparse.Namespace) -> None:
    """Fits weights on the games of every round so far (in ``run``: up to the
    current one, so that a resumed run refits as the first one did) and writes
    the weight file."""
    from lib import fit
    rounds = getattr(args, "round", None)
    files = sorted(args.data.glob("games-*.jsonl")) if rounds is None else \
        [games_file(args.data, r) for r in range(rounds + 1)]
    header = {"command": args.command_line, "seed": args.seed}
    lead = args.lead[min(getattr(args, "round", len(args.lead)), len(args.lead) - 1)]
    stages = fit.even_stages(args.stages) if args.stages else fit.STAGES
    fit.fit_files(files, args.out, header=header, ridge=args.ridge, lead=lead, mix=args.mix,
                  stages=stages)


def cmd_run(args: argparse.Namespace) -> None:
    """Runs every round: games, then a fit, the last one into the engine's data
    folder (games and fits already in ``--data`` are kept, so a run resumes, also
    in the middle of a round)."""
    start = time.perf_counter()
    for round_ in range(args.rounds):
        args.round = round_
        if selfplay.complete(games_file(args.data, round_)) < round_games(args):
            cmd_games(args)
        last = round_ == args.rounds - 1
        args.out = args.final if last else round_weights(args.data, round_)
        if last or not args.out.exists():
            cmd_fit(args)
    print(f"pipeline: {(time.perf_counter() - start) / 60:.1f} minutes", flush=True)


def main(argv: list[str] | None = None) -> None:
    """Parses the command line and runs the chosen step."""
    native.install()
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, help="games and fits (default bench/.data, "
                        "for anti-reversi bench/.data/anti)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", choices=(STANDARD, ANTI), default=STANDARD)
    parser.add_argument("--ridge", type=float, default=None, help="ridge strength (default: chosen)")
    parser.add_argument("--lead", type=int, nargs="+", default=[0],
                        help="label unsolved positions by the evaluation this many plies "
                        "later (0: by the game's result); per round's fit, like --games")
    parser.add_argument("--mix", type=float, default=1.0,
                        help="with --lead, the game result's share of a label")
    parser.add_argument("--stages", type=int, default=0,
                        help="fit this many stages of equal width (default: the 12 of fit.STAGES)")
    sub = parser.add_subparsers(dest="step", required=True)
    for name, run in (("games", cmd_games), ("fit", cmd_fit), ("run", cmd_run)):
        p = sub.add_parser(name)
        p.set_defaults(run=run)
        if name in ("games", "run"):
            p.add_argument("--games", type=int, nargs="+", default=[6000],
                           help="games of each round (the last number for later rounds)")
            p.add_argument("--jobs", type=int, default=2)
            p.add_argument("--exact", type=int, nargs="+", default=[14],
                           help="solved from this many empties (per round, like --games)")
            p.add_argument("--explore", type=float, default=0.1)
            p.add_argument("--calm", type=int, default=36)
            p.add_argument("--searched", type=int, default=0, metavar="DEPTH",
                           help="label the positions before the solved part by a DEPTH-ply "
                                "search (the last round's weights) instead of the result")
        if name == "games":
            p.add_argument("--round", type=int, default=0)
        if name == "run":
            p.add_argument("--rounds", type=int, default=3)
        if name in ("fit", "run"):
            p.add_argument("--out" if name == "fit" else "--final", type=Path,
                           help="weight file (default: the engine's of the variant)")
    args = parser.parse_args(argv)
    args.data = args.data or (DATA / ANTI if args.variant == ANTI else DATA)
    target = WEIGHTS_DIR / f"{args.variant}.weights"
    for name in ("out", "final"):
        if hasattr(args, name) and getattr(args, name) is None:
            setattr(args, name, target)
    args.command_line = "python bench/train.py " + shlex.join(argv)
    args.run(args)


if __name__ == "__main__":
    main()
