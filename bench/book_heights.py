"""Writes ``engine/data/book_heights.bin``: how far the opening book goes below each of
its positions (K2), for the openings' explorer.

Run it after the book changes: ``python3 bench/book_heights.py`` (about 10 s; no seed,
the heights follow from the book alone).  ``--lines 12`` prints instead each named
opening's lines to learn at 12 plies (K3).  The file's format: ``docs/openings.md``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from reversi.engine import book, book_lines  # noqa: E402


def main() -> None:
    """Computes the heights and writes the file, or prints the lines to learn."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, metavar="PLIES", help="print each opening's lines to learn")
    plies = parser.parse_args().lines
    if plies:
        from reversi.app.openings.views import lines_to_learn

        for name, count in lines_to_learn(plies).items():
            print(f"{count:6d}  {name}")
        return
    started = time.perf_counter()
    data = book.DATA_FILE.read_bytes()
    standard = book.decode(data)
    heights = book_lines.compute_heights(standard)
    book_lines.DATA_FILE.write_bytes(book_lines.encode(standard, heights, data))
    print(f"book_heights: {len(heights)} positions, the start's height {max(heights.values())}, "
          f"{book_lines.DATA_FILE.stat().st_size} bytes, {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
