"""``bench/gen.py``'s ``fit`` and ``error`` steps: weights from its data files,
and their held-out error by bands of empties (C2's evaluation).

``fit`` reads one or more data files (:mod:`records`), turns them into rows
(:func:`positions.record_rows`) and fits them (:func:`fit.fit_data`); the
weight file's header records the command, the seed, the games and the
command that makes the data again (:func:`data_command`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from reversi.engine.variants import STANDARD
from reversi.engine.weights import load

from .records import NONE, made_with, read

#: A fit of several files adds this times the file's place to its game numbers.
GAMES_APART = 10_000_000


def data_command(made: dict, games: int) -> str:
    """Returns the command that makes the first ``games`` games of a file made with
    the parameters ``made`` (its ``.json``): the fit's data, reproducibly."""
    options = [f"--seed {made['seed']}", f"--depth {made['depth']}", f"--exact {made['exact']}",
               f"--explore {made['explore']}"]
    if made.get("play") not in (None, made["depth"]):
        options.append(f"--play {made['play']}")
    if made.get("variant", STANDARD) != STANDARD:
        options.append(f"--variant {made['variant']}")
    if made.get("siblings"):
        options.append(f"--siblings {made['siblings']}")
    return f"python3 bench/gen.py {' '.join(options)} games --games {games}"


def cmd_fit(args: argparse.Namespace) -> None:
    """Fits weights on the file's positions."""
    if args.twin and not args.every_row:  # before the rows are read
        raise SystemExit("--twin is the choice of a fit with --every-row")
    from . import fit, positions
    files = [args.file, *(args.data / f"{name}.bin" for name in args.more)]
    parts, commands, variants = [], [], set()
    for number, path in enumerate(files):
        part = read(path)
        if number == 0 and args.games is not None:
            part = part[part["game"] < args.games]
        made = made_with(path)
        variants.add(made["variant"])
        # the generator's --games: one past the last game (a game its opening ended has no records)
        commands.append(data_command(made, int(part["game"].max()) + 1 if len(part) else 0))
        part["game"] += number * GAMES_APART  # the files' games stay apart (and held out alike)
        parts.append(part)
    if len(variants) > 1:
        raise SystemExit(f"{[p.name for p in files]} hold games of several variants")
    records = np.concatenate(parts)
    if args.lines:
        records = records[records["result"] != NONE]
    data = positions.record_rows(records, args.labels)
    variant = variants.pop()
    header = {"command": args.command_line, "seed": args.seed, "labels": args.labels, "variant": variant,
              "window": args.window, "data": " ".join(p.name for p in files), "lines": args.lines,
              "games": int(len(np.unique(records["game"]))), "data_command": " && ".join(commands)}
    fit.WINDOWS = tuple(args.window)
    prior = None
    if args.prior:
        prior = load(args.prior)
        if prior.header.get("variant", STANDARD) != variant:
            raise SystemExit(f"{args.prior} is not a weight file of {variant}")
        header["prior"] = {"file": args.prior.name, "command": prior.header.get("command")}
    stages = fit.even_stages(args.stages) if args.stages else fit.STAGES
    settings = None
    if args.like:
        settings = fit.settings_like(load(args.like), stages)
        header["like"] = args.like.name
    fit.fit_data(data, args.out, header=header, ridge=args.ridge, prior=prior, stages=stages,
                 settings=settings, every_row=args.every_row, jobs=args.jobs, twin=args.twin)


def cmd_error(args: argparse.Namespace) -> None:
    """Prints the held-out error of each weight file by bands of empties."""
    from . import positions
    records = read(args.file)
    if args.held_out:
        from . import fit
        records = records[records["game"] % fit.HOLD_OUT == 0]
    print(positions.error_table(records, args.weights, paired=args.paired))


def label_kind(text: str) -> str:
    """Returns ``text`` if it names a label kind (:func:`positions.result_share`)."""
    from . import positions
    try:
        positions.result_share(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text!r}: not searched, result, mean or a share from 0 to 1") \
            from error
    return text


def add_steps(sub: argparse._SubParsersAction) -> None:
    """Adds the ``fit`` and ``error`` steps to ``gen.py``'s command line."""
    fit_ = sub.add_parser("fit")
    fit_.add_argument("--stages", type=int, default=30, help="stages of equal width (0: fit.STAGES)")
    fit_.add_argument("--labels", default="searched", type=label_kind,
                      help="searched, result, mean or the result's share from 0 to 1")
    fit_.add_argument("--ridge", type=float, default=None)
    fit_.add_argument("--prior", type=Path, help="fit the difference from these weights")
    fit_.add_argument("--window", type=int, nargs="+", default=[2], help="rows this many empties "
                      "outside a stage's range also train it (several: the best per stage)")
    fit_.add_argument("--more", nargs="*", default=[], metavar="NAME",
                      help="more data files (bench/.data/gen/NAME.bin) fitted with --name's")
    fit_.add_argument("--games", type=int, help="only games 0 to GAMES-1 of --name's file (the data "
                      "as it stood then: fits of one file at two sizes)")
    fit_.add_argument("--lines", action="store_true", help="the games' own positions only, "
                      "without the siblings (--siblings)")
    fit_.add_argument("--like", type=Path, help="per stage, the window of this weight file's "
                      "fit, and its ridge and a third of it (instead of --window and --ridge)")
    fit_.add_argument("--every-row", action="store_true", help="solve each stage once more "
                      "on every row, the held-out games' too, with the window and ridge chosen on them")
    fit_.add_argument("--twin", type=Path, metavar="FILE", help="with --every-row, also write "
                      "the choice itself (the training games alone: its held-out error measurable)")
    fit_.add_argument("--jobs", type=int, default=1, help="stages fitted at once, in forked "
                      "processes sharing the rows (the same file as one job)")
    fit_.add_argument("--out", type=Path, required=True)
    fit_.set_defaults(run=cmd_fit)
    error = sub.add_parser("error")
    error.add_argument("weights", type=Path, nargs="+")
    error.add_argument("--paired", action="store_true", help="each file's difference from "
                       "the first, with its standard error")
    error.add_argument("--held-out", action="store_true", help="only the games that fits hold "
                       "out (a training file's: exact labels up to --exact empties, searches above)")
    error.set_defaults(run=cmd_error)
