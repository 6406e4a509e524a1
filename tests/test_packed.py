"""The generator's records packed for git and rebuilt from the packs (C2's data, bench/packed.py).

Tiny games (2-ply searches, solved from 8 empties, two siblings a searched
position) packed in chunks, unpacked byte for byte, a generator that goes on
after an unpack exactly as if it had never stopped, and packs that are
damaged, missing or of other parameters refused.
"""

from __future__ import annotations

import io
import json
import lzma
import shutil
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import gen  # noqa: E402
import packed  # noqa: E402
from lib.records import NONE, PACKED, read  # noqa: E402

from reversi.engine import variants  # noqa: E402

TINY = {"seed": 7, "jobs": 1, "depth": 2, "play": 2, "exact": 8, "explore": 0.2, "siblings": 2}


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    """Seven tiny games with siblings, in a folder of their own."""
    path = tmp_path_factory.mktemp("whole") / "sib.bin"
    assert gen.generate(path, 7, **TINY) == 7
    return path


def run(data: Path, chunks: Path, step: str, *options: str) -> None:
    packed.main(["--data", str(data), "--chunks", str(chunks), step, "sib", *options])


def test_chunks_unpack_to_the_same_bytes_and_the_generator_goes_on(whole, tmp_path):
    """A file packed three games a chunk, rebuilt from the chunks on a machine
    without it, then grown by the generator: the same bytes as one run."""
    first = tmp_path / "first"
    first.mkdir()
    for suffix in (".bin", ".json"):
        shutil.copy(whole.with_suffix(suffix), first / f"sib{suffix}")
    cut = read(whole)
    (first / "sib.bin").write_bytes(cut[cut["game"] < 5].tobytes())  # five games so far
    chunks = tmp_path / "chunks"
    run(first, chunks, "pack", "--games", "3")
    assert [(a, b) for a, b, _ in packed.chunks("sib", chunks)] == [(0, 3), (3, 5)]
    again = tmp_path / "again"
    run(again, chunks, "unpack")
    assert (again / "sib.bin").read_bytes() == (first / "sib.bin").read_bytes()
    assert json.loads((again / "sib.json").read_text()) == json.loads(whole.with_suffix(".json").read_text())
    run(again, chunks, "unpack")  # nothing new: nothing added
    assert (again / "sib.bin").stat().st_size == (first / "sib.bin").stat().st_size
    assert gen.generate(again / "sib.bin", 7, **TINY) == 2
    assert (again / "sib.bin").read_bytes() == whole.read_bytes()
    run(again, chunks, "pack", "--games", "3", "--whole")  # two new games: no whole chunk yet
    assert [(a, b) for a, b, _ in packed.chunks("sib", chunks)] == [(0, 3), (3, 5)]
    run(again, chunks, "pack", "--games", "3")  # only the new games: the old chunks stay
    assert [(a, b) for a, b, _ in packed.chunks("sib", chunks)] == [(0, 3), (3, 5), (5, 7)]


def test_the_generator_waits_for_an_unpack_of_the_games_git_holds(whole, tmp_path, monkeypatch):
    """On a fresh clone the chunks in git hold games the data file lacks: ``games`` refuses
    to make them again (hours of the same games) and names the unpack; after it, it goes on."""
    monkeypatch.setattr(gen.native, "install", lambda: False)  # main runs the Python engine here
    chunks = tmp_path / "chunks"
    run(whole.parent, chunks, "pack", "--games", "3")
    fresh = tmp_path / "fresh"
    tiny = ["--data", str(fresh), "--name", "sib", "--seed", "7", "--depth", "2", "--exact", "8", "--explore", "0.2",
            "--siblings", "2", "games", "--games", "9", "--chunks", str(chunks)]
    with pytest.raises(SystemExit, match="holds games 0 to 6, .*sib.bin none: run python3 bench/packed.py unpack sib"):
        gen.main(tiny)
    assert not (fresh / "sib.bin").exists()
    run(fresh, chunks, "unpack")
    gen.main(tiny)
    assert set(read(fresh / "sib.bin")["game"]) == set(range(9))
    assert (fresh / "sib.bin").read_bytes().startswith(whole.read_bytes())


def test_a_game_without_records_at_a_chunks_edge_leaves_no_gap(whole, tmp_path):
    """A game that its opening ended has no records (train4's game 7,346): the next chunk's
    range still starts where the last one ended, and unpacking finds every game."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(whole.with_suffix(".json"), data / "sib.json")
    records = read(whole)
    (data / "sib.bin").write_bytes(records[records["game"] != 3].tobytes())
    chunks = tmp_path / "chunks"
    run(data, chunks, "pack", "--games", "3")
    assert [(a, b) for a, b, _ in packed.chunks("sib", chunks)] == [(0, 3), (3, 7)]
    run(tmp_path / "again", chunks, "unpack")
    assert (tmp_path / "again" / "sib.bin").read_bytes() == (data / "sib.bin").read_bytes()


def test_a_pack_keeps_every_kind_of_record_in_about_two_bytes(whole):
    records = read(whole)
    made = json.loads(whole.with_suffix(".json").read_text())
    blob = packed.pack(records, made, lambda n: gen.opening_squares(n, made))
    back, params = packed.unpack(blob)
    assert back.tobytes() == records.tobytes() and params == made
    assert (back["result"] == NONE).sum() > 20 and (back["exact"] != NONE).sum() > 20
    assert len(blob) < 6 * len(records)  # 28 bytes a record unpacked; tiny games compress less


def test_anti_reversi_games_pack_too(tmp_path):
    path = tmp_path / "anti.bin"
    gen.generate(path, 2, **{**TINY, "variant": variants.ANTI})
    records, made = read(path), json.loads(path.with_suffix(".json").read_text())
    back, _ = packed.unpack(packed.pack(records, made, lambda n: gen.opening_squares(n, made)))
    assert back.tobytes() == records.tobytes()


def test_damaged_missing_or_foreign_chunks_are_refused(whole, tmp_path):
    records = read(whole)
    made = json.loads(whole.with_suffix(".json").read_text())
    with pytest.raises(ValueError, match="same records"):  # a wrong opening: refused before writing
        packed.pack(records, made, lambda n: gen.opening_squares(n + 1, made))
    chunks = tmp_path / "chunks"
    run(whole.parent, chunks, "pack", "--games", "3")
    paths = [path for _, _, path in packed.chunks("sib", chunks)]
    with np.load(io.BytesIO(lzma.decompress(paths[1].read_bytes()))) as arrays:
        damaged = {key: arrays[key] for key in arrays.files}
    damaged["label"][-1] += 1
    out = io.BytesIO()
    np.savez(out, **damaged)
    with pytest.raises(ValueError, match="does not unpack"):
        packed.unpack(lzma.compress(out.getvalue()))
    saved = paths[1].read_bytes()
    paths[1].unlink()
    with pytest.raises(SystemExit, match="games 3 to 5 are in no chunk"):
        run(tmp_path / "new", chunks, "unpack")
    paths[1].write_bytes(saved)
    other = tmp_path / "other"
    other.mkdir()
    (other / "sib.json").write_text(json.dumps({**made, "seed": 8}) + "\n")
    with pytest.raises(SystemExit, match="was made with"):
        run(other, chunks, "unpack")
    with pytest.raises(SystemExit, match="no chunks of sib"):
        run(other, tmp_path / "none", "unpack")


def test_the_committed_chunks_are_whole_runs_of_games_of_one_file():
    """bench/data/gen/NAME/: each chunk holds the games of its name's range, the ranges from
    game 0 on without a gap (a game that its opening ended has no records: game 7,346 of
    train4), all of one generator's parameters (unpacking each is the tools' work)."""
    folders = [path for path in PACKED.iterdir() if path.is_dir()]
    assert folders
    for folder in folders:
        have, made = 0, None
        for first, end, path in packed.chunks(folder.name):
            with np.load(io.BytesIO(lzma.decompress(path.read_bytes())), allow_pickle=False) as arrays:
                games, count, meta = arrays["games"], arrays["count"], json.loads(arrays["meta"].tobytes())
            assert (first, end) == (have, int(games[-1]) + 1) and first <= games[0] and (np.diff(games) > 0).all()
            assert meta["records"] == int(count.sum()) and made in (None, meta["params"])
            have, made = end, meta["params"]
