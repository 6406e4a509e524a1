"""Perft against ``tests/data/perft.txt``: the standard move-generator check (R2-R5).

A pass is a ply of its own and a finished game is a leaf at any depth (the
file's convention).  On a mismatch the failure lists the leaf count below each
first move, like python-chess's perft runner, so the faulty branch can be
followed down.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from reversi.engine.bitboard import Bitboard, flips_mask, moves_mask, squares
from reversi.engine.board import OPENING_BLACK, OPENING_WHITE, Board
from reversi.engine.notation import parse_square, square_name
from reversi.engine.perft import perft

PERFT_FILE = Path(__file__).resolve().parent / "data" / "perft.txt"
MAX_DEPTH = 8


def read_counts(path: Path = PERFT_FILE) -> dict[int, int]:
    """Returns ``{depth: leaves}`` from a perft file (``#`` starts a comment)."""
    counts = {}
    for line in path.read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            depth, leaves = line.split()
            counts[int(depth)] = int(leaves)
    return counts


def _counts() -> dict[int, int]:
    return read_counts()


def split(p: Bitboard, o: Bitboard, depth: int) -> list[tuple[str, int]]:
    """Returns the leaves below each first move (``"pass"`` when there is none)."""
    mv = moves_mask(p, o)
    if not mv:
        return [("pass", perft(o, p, depth - 1, True) if depth > 1 else 1)]
    out = []
    for square in squares(mv):
        f = flips_mask(p, o, square)
        child = perft(o ^ f, p | f | 1 << square, depth - 1) if depth > 1 else 1
        out.append((square_name(square), child))
    return out


def describe_split(p: Bitboard, o: Bitboard, depth: int) -> str:
    """Returns the per-first-move split as text, one ``move: leaves`` a line."""
    rows = split(p, o, depth)
    return "\n".join(f"{name}: {n}" for name, n in rows) + f"\ntotal: {sum(n for _, n in rows)}"


def board_perft(board: Board, depth: int) -> int:
    """Returns the leaves ``depth`` plies below ``board`` using Board.play/unplay.

    Board passes automatically; a pass still takes a ply of its own.
    """
    if depth == 0 or board.is_game_over():
        return 1
    n = 0
    for square in board.legal_moves():
        step = board.play(square)
        if step.caused_pass:
            n += 1 if depth == 1 else board_perft(board, depth - 2)
        else:
            n += board_perft(board, depth - 1)
        board.unplay()
    return n


def test_data_file_lists_depths_one_to_eight():
    """The data file holds the counts these tests check."""
    counts = _counts()
    assert set(range(1, MAX_DEPTH + 1)) <= set(counts)


@pytest.mark.parametrize("depth", range(1, MAX_DEPTH + 1))
def test_r2_r5_perft_from_the_opening(depth):
    """R2-R5: the leaf count from the opening matches tests/data/perft.txt."""
    expected = _counts()[depth]
    leaves = perft(OPENING_BLACK, OPENING_WHITE, depth)
    if leaves != expected:
        pytest.fail(f"perft({depth}) = {leaves}, expected {expected}; split by first move:\n"
                    + describe_split(OPENING_BLACK, OPENING_WHITE, depth))


@pytest.mark.parametrize("depth", range(1, 6))
def test_r4_board_play_unplay_agrees_with_perft(depth):
    """R3-R5: a perft through Board.play/unplay (automatic passes) gives the same counts."""
    expected = _counts()[depth]
    board = Board()
    assert board_perft(board, depth) == expected
    assert (board.black, board.white, board.steps) == (OPENING_BLACK, OPENING_WHITE, [])


def _mask(*names: str) -> Bitboard:
    return sum(1 << parse_square(name) for name in names)


#: Black to move and four corner captures; White never has a move (see test_rules.py).
CORNERS_BLACK = _mask("a1", "h1", "d4", "a8", "h8")
CORNERS_WHITE = _mask("b1", "g1", "a7", "h7")


def test_r4_r5_perft_counts_passes_as_plies_and_ends_finished_games():
    """R4/R5: each forced pass is a ply; the game ends after Black's fourth capture."""
    expected = [4, 4, 12, 12, 24, 24, 24, 24, 24]
    assert [perft(CORNERS_BLACK, CORNERS_WHITE, d) for d in range(1, 10)] == expected
    board = Board(CORNERS_BLACK, CORNERS_WHITE)
    assert [board_perft(board, d) for d in range(1, 10)] == expected
    assert split(CORNERS_WHITE, CORNERS_BLACK, 4) == [("pass", 12)]
    assert perft(CORNERS_WHITE, CORNERS_BLACK, 4) == 12


def test_split_sums_to_the_total():
    """The split printed on a mismatch adds up to the perft count."""
    rows = split(OPENING_BLACK, OPENING_WHITE, 4)
    assert [name for name, _ in rows] == ["d3", "c4", "f5", "e6"]
    assert sum(n for _, n in rows) == perft(OPENING_BLACK, OPENING_WHITE, 4)
    assert describe_split(OPENING_BLACK, OPENING_WHITE, 1).endswith("total: 4")
