"""bench/gen.py's records packed small enough for git, a run of whole games at a time (C2).

A record takes 28 bytes (``records.RECORD``); packed, about two.  Every position
of a game but its first is a position of the game's line plus one placement:
the line's next position, or a sibling (``--siblings``).  So a chunk keeps,
per record, that square, whether it is a sibling and its one label (the
exact score in the solved part, the search's value before it); per game, its
number, its opening's squares and its result.  Unpacking replays the
placements on a :class:`Board`, so the ply, turn and empties come back as the
generator wrote them, and checks the SHA-256 of the records that were packed:
a chunk gives back exactly those bytes, or an error.

Chunks are ``bench/data/gen/NAME/FIRST-END.npz.xz`` (games FIRST to END-1,
lzma over numpy's ``.npz``, no pickles), written once and never rewritten,
so that git keeps each once.  So the generator's data outlives the machine
that made it (from the repository root)::

    python3 bench/packed.py pack train4      # the games bench/data/gen/train4/ lacks
    python3 bench/packed.py pack train4 --whole    # only whole chunks of 5,000 games
    python3 bench/packed.py unpack train4    # bench/.data/gen/train4.bin and .json again

after which ``gen.py --name train4 ... games`` goes on from the next game.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import lzma
import sys
from collections.abc import Callable
from pathlib import Path

import gen
import numpy as np
from lib.records import DATA, DEFAULTS, NO_SEARCH, NONE, PACKED, RECORD, chunks, complete, ignored, made_with, read

from reversi.engine.board import Board, IllegalMoveError
from reversi.engine.variants import STANDARD

#: The square of a game's first record (none: the opening ends there).
START = 255


def pack(records: np.ndarray, params: dict, opening: Callable[[int], list[int]]) -> bytes:
    """Returns whole games' ``records`` (made with ``params``) packed;
    ``opening(game)`` gives the squares of that game's opening."""
    games, firsts = np.unique(records["game"], return_index=True)
    line = records["result"] != NONE
    index = np.arange(len(records))
    parent = np.maximum.accumulate(np.where(line, index, -1))  # the last line record so far
    parent = np.r_[-1, parent[:-1]]
    parent[firsts] = -1
    placed = (records["p"] | records["o"]) & ~(records["p"][parent] | records["o"][parent])
    placed[parent < 0] = 1
    square = np.where(parent < 0, START, np.log2(placed.astype(np.float64)).astype(np.int64))
    if (placed & (placed - np.uint64(1))).any():
        raise ValueError("a record is not its line's position plus one placement")
    openings = [opening(int(game)) for game in games]
    label = np.where(records["exact"] != NONE, records["exact"].astype(np.int16), records["searched"])
    arrays = {
        "games": games.astype(np.uint32),
        "count": np.diff(np.r_[firsts, len(records)]).astype(np.uint16),
        "result": records["result"][firsts],
        "opening_length": np.array([len(o) for o in openings], np.uint8),
        "opening": np.array([s for o in openings for s in o], np.uint8),
        "square": square.astype(np.uint8),
        "sibling": (~line).astype(np.uint8),
        "label": label.astype("<i2"),
        "meta": np.frombuffer(json.dumps({"params": params, "records": len(records),
                                          "sha256": hashlib.sha256(records.tobytes()).hexdigest()})
                              .encode(), np.uint8),
    }
    out = io.BytesIO()
    np.savez(out, **arrays)
    blob = lzma.compress(out.getvalue(), preset=9 | lzma.PRESET_EXTREME)
    try:
        same = unpack(blob)[0].tobytes() == records.tobytes()
    except ValueError:  # a placement that is not legal, or another digest
        same = False
    if not same:
        raise ValueError("the packed games do not unpack to the same records")
    return blob


def unpack(blob: bytes) -> tuple[np.ndarray, dict]:
    """Returns the records of a packed chunk and the generator's parameters."""
    with np.load(io.BytesIO(lzma.decompress(blob)), allow_pickle=False) as arrays:
        a = {key: arrays[key] for key in arrays.files}
    meta = json.loads(a["meta"].tobytes())
    params = meta["params"]
    out = np.zeros(meta["records"], RECORD)
    columns: dict[str, list[int]] = {name: [] for name in ("p", "o", "ply", "turn", "empties")}
    try:
        _replay(a, params.get("variant", STANDARD), columns)
    except IllegalMoveError as error:
        raise ValueError(f"a packed chunk does not unpack: {error}") from error
    for name, values in columns.items():
        out[name] = values
    counts = a["count"].astype(np.int64)
    out["game"] = np.repeat(a["games"], counts)
    ends = np.cumsum(counts)
    out["left"] = np.repeat(ends, counts) - 1 - np.arange(len(out))
    sibling = a["sibling"].astype(bool)
    solved = ~sibling & (out["empties"] <= params["exact"])
    out["exact"] = np.where(solved, a["label"], NONE)
    out["searched"] = np.where(solved, NO_SEARCH, a["label"])
    first = np.repeat(a["result"] * np.where(out["turn"][ends - counts] == 0, 1, -1), counts)
    out["result"] = np.where(sibling, NONE, np.where(out["turn"] == 0, first, -first))
    if hashlib.sha256(out.tobytes()).hexdigest() != meta["sha256"]:
        raise ValueError("a packed chunk does not unpack to the records it was packed from")
    return out, params


def _replay(a: dict[str, np.ndarray], variant: str, columns: dict[str, list[int]]) -> None:
    """Appends each record's position, ply, turn and empties to ``columns``, replaying
    a chunk's openings and placements."""
    starts = np.r_[0, np.cumsum(a["opening_length"].astype(np.int64))]
    for g, count in enumerate(a["count"].tolist()):
        line = Board.initial(variant)
        for square in a["opening"][starts[g]:starts[g + 1]].tolist():
            line.play(square)
        base = len(columns["p"])
        for square, sibling in zip(a["square"][base:base + count].tolist(),
                                   a["sibling"][base:base + count].tolist()):
            board = line
            if sibling:
                board = line.copy()
                board.play(square)
            elif square != START:
                line.play(square)
            p, o = board.mover_mask()
            for name, value in zip(columns, (p, o, len(board.steps), board.turn, 64 - (p | o).bit_count())):
                columns[name].append(value)


def cmd_pack(args: argparse.Namespace) -> None:
    """Packs the games that the data file's chunks lack, ``--games`` a chunk at most."""
    made = json.loads(args.file.with_suffix(".json").read_text())
    done = chunks(args.name, args.chunks)
    records = read(args.file)
    start = done[-1][1] if done else 0  # a chunk's range starts where the last ended:
    records = records[records["game"] >= start]  # a game its opening ended has no records
    games = np.unique(records["game"])
    if args.whole:
        games = games[:len(games) // args.games * args.games]
    for first in range(0, len(games), args.games):
        end = int(games[min(first + args.games, len(games)) - 1]) + 1
        part = records[(records["game"] >= start) & (records["game"] < end)]
        path = args.chunks / args.name / f"{start:07d}-{end:07d}.npz.xz"
        start = end
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pack(part, made, lambda n: gen.opening_squares(n, made)))
        print(f"{path}: {len(part):,} positions, {path.stat().st_size:,} bytes", flush=True)


def cmd_unpack(args: argparse.Namespace) -> None:
    """Rebuilds the data file and its ``.json`` from its chunks, from the first game it lacks."""
    have, found = complete(args.file), chunks(args.name, args.chunks)
    if not found:
        raise SystemExit(f"no chunks of {args.name} in {args.chunks}")
    for first, end, path in found:
        if first > have:
            raise SystemExit(f"{path.name}: games {have} to {first - 1} are in no chunk")
        if end <= have:
            continue
        records, made = unpack(path.read_bytes())
        meta = args.file.with_suffix(".json")
        if meta.exists() and made_with(args.file) != {**DEFAULTS, **made}:
            raise SystemExit(f"{path} was made with {made}, {args.file} with {meta.read_text()}")
        ignored()
        args.file.parent.mkdir(parents=True, exist_ok=True)
        meta.write_text(json.dumps(made) + "\n")
        with args.file.open("ab") as out:
            out.write(records[records["game"] >= have].tobytes())
        have = end
        print(f"{args.file}: games to {end - 1} from {path.name}", flush=True)


def main(argv: list[str] | None = None) -> None:
    """Parses the command line and packs or unpacks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA / "gen", help="the data files' folder")
    parser.add_argument("--chunks", type=Path, default=PACKED, help="the chunks' folder")
    sub = parser.add_subparsers(dest="step", required=True)
    pack_ = sub.add_parser("pack")
    pack_.add_argument("name", help="the data file bench/.data/gen/NAME.bin")
    pack_.add_argument("--games", type=int, default=5000, help="games a chunk at most")
    pack_.add_argument("--whole", action="store_true", help="only chunks of --games games: the "
                       "rest waits (while the generator runs)")
    pack_.set_defaults(run=cmd_pack)
    unpack_ = sub.add_parser("unpack")
    unpack_.add_argument("name")
    unpack_.set_defaults(run=cmd_unpack)
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    args.file = args.data / f"{args.name}.bin"
    args.run(args)


if __name__ == "__main__":
    main()
