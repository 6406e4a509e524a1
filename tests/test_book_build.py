"""The opening book's builder (``bench/book.py`` over ``bench/lib/book_tree.py``) end to end on a tiny book.

It grows best-first and resumably (a rerun searches no position twice), backs
values up by negamax, counts symmetric positions once, rescores with other
weights keeping the exact scores, and writes a book the engine reads (C2).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import book as builder
import pytest
from lib import book_tree

from reversi.engine.book import canonical, load
from reversi.engine.evaluate import DATA

SCRIPT = Path(builder.__file__)


def run(progress: Path, *args: str) -> str:
    """Runs the builder on ``progress`` and returns what it printed."""
    done = subprocess.run([sys.executable, str(SCRIPT), "--progress", str(progress), *args],
                          capture_output=True, text=True, check=True)
    return done.stdout


@pytest.fixture(scope="module")
def progress(tmp_path_factory) -> Path:
    """A 90-position book of 4-ply searches, built in two runs."""
    path = tmp_path_factory.mktemp("book") / "tiny.progress"
    run(path, "build", "--positions", "40", "--depth", "4", "--plies", "8", "--exact", "50")
    first = book_tree.read(path)
    run(path, "build", "--positions", "90")
    assert book_tree.read(path).items() >= first.items()  # nothing searched again
    return path


def test_the_build_resumes_and_keeps_its_settings(progress):
    """A rerun goes on with the first run's settings and adds to the same file."""
    settings = (progress.with_suffix(".json")).read_text()
    assert '"depth": 4' in settings and settings.count("bench/book.py") == 2
    scored = book_tree.read(progress)
    assert 90 <= len(scored) < 130
    assert all(depth == 4 for _, depth in scored.values())


def test_values_back_up_by_negamax_and_symmetry_counts_once(progress):
    """Every expanded position's value is the best of its moves' (negamax); every key
    is canonical, so the images of a position are one entry."""
    tree = book_tree.Tree(book_tree.read(progress))
    tree.back_up()
    expanded = [key for key in tree.scored if tree.expanded(key)]
    assert len(expanded) >= 8
    for key in expanded:
        assert tree.values[key] == max(-tree.values[k] for k in tree.kids(key))
    assert all(canonical(*book_tree.position(key)) == key for key in tree.scored)
    assert tree.main_line(8)[0] >= 4


def test_write_gives_a_book_with_its_header(progress, tmp_path):
    """The book file holds every expanded position and all its moves, and says how."""
    out = tmp_path / "book.bin"
    run(progress, "write", "--out", str(out))
    book = load(out)
    assert book.header["depth"] == 4 and book.header["scored"] == len(book_tree.read(progress))
    assert book.header["commands"][0].startswith("python3 bench/book.py")
    tree = book_tree.Tree(book_tree.read(progress))
    tree.back_up()
    assert book.values == {k: round(v) for k, v in tree.values.items() if k in book.values}
    assert tree.root in book.values


def test_rescore_searches_again_and_keeps_exact_scores(progress, tmp_path):
    """Rescoring with other weights searches every inexact position again at its
    depth; exact scores (none here but the ones planted) stay as they were."""
    copy = tmp_path / "copy.progress"
    copy.write_bytes(progress.read_bytes())
    copy.with_suffix(".json").write_text(progress.with_suffix(".json").read_text())
    scored = book_tree.read(copy)
    planted = next(iter(scored))
    book_tree.append(copy, {planted: (17.0, book_tree.EXACT)})
    run(copy, "rescore", str(DATA / "anti.weights"))
    again = book_tree.read(copy)
    assert again.keys() == scored.keys()
    assert again[planted] == (17.0, book_tree.EXACT)
    assert sum(again[k] != scored[k] for k in scored if k != planted) > len(scored) // 2
