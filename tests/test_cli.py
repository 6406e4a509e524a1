"""Tests of the command line (``python -m reversi``); bad input exits with status 2."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from reversi.app.cli import main, parse_position
from reversi.engine.bitboard import flips_mask, moves_mask, squares
from reversi.engine.board import Board
from reversi.engine.players import LEVELS

ROOT = Path(__file__).resolve().parent.parent
#: FFO endgame #1 (14 empties, Black to move): G8 wins by 18.
ENDGAME = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;"


@pytest.fixture
def small_obf(tmp_path):
    """An OBF file of one position with few empties."""
    path = tmp_path / "small.obf"
    rng = random.Random(5)
    board = Board()
    while len(board.steps) < 52 and not board.is_game_over():
        board.play(rng.choice(board.legal_moves()))
    path.write_text(board.cells() + " " + "XO"[board.turn] + ";\n")
    return path


def test_parse_board_line_and_transcript_agree():
    board = Board.replay("f5d6c3")
    line = board.cells() + " " + "XO"[board.turn] + "; trailing text is ignored"
    assert parse_position(line) == parse_position("F5D6C3") == board.mover_mask()


def test_solve_prints_move_and_exact_score(capsys):
    assert main(["solve", ENDGAME]) == 0
    move, score = capsys.readouterr().out.split()[:2]
    assert (move, score) == ("g8", "+18")


def test_k1_book_lists_a_positions_moves_best_first(capsys):
    """K1: ``book`` prints each book move with its value, best first, as the book has it."""
    from reversi.engine.book import standard_book

    assert main(["book", "f5d6"]) == 0
    lines = [line.split() for line in capsys.readouterr().out.splitlines()]
    p, o = parse_position("f5d6")
    expected = standard_book().move_values(p, o)
    assert len(lines) == len(expected) > 1
    values = [int(value) for _, value in lines]
    assert values == sorted(values, reverse=True)
    assert {parse_position(f"f5d6{move}") for move, _ in lines} == {
        (o ^ f, p | f | 1 << s) for s in expected for f in (flips_mask(p, o, s),)}
    assert main(["book"]) == 0  # the opening: every first move is in the book
    assert len(capsys.readouterr().out.splitlines()) == 4


def test_k1_book_says_when_a_position_is_not_in_it(capsys):
    """K1: a position outside the book is said to be so."""
    assert main(["book", ENDGAME]) == 0
    assert capsys.readouterr().out.strip() == "not in the book"


def test_best_prints_search_info(capsys):
    assert main(["best", "--level", "hard", "--nodes", "500", "f5d6c3"]) == 0
    out = capsys.readouterr().out
    for word in ("move", "score", "depth", "nodes", "time", "pv"):
        assert word in out


def test_c2_best_nodes_alone_plays_at_the_levels_budget(capsys):
    """``--nodes`` with no number reproduces the level's browser budget exactly."""
    assert main(["best", "f5d6c3d3", "--level", "normal", "--nodes"]) == 0
    alone = capsys.readouterr().out
    nodes = LEVELS["normal"].nodes
    assert main(["best", "f5d6c3d3", "--level", "normal", "--nodes", str(nodes)]) == 0
    explicit = capsys.readouterr().out
    assert alone.split("time")[0] == explicit.split("time")[0]
    assert main(["best", "f5d6c3d3", "--level", "normal", "--nodes", "40"]) == 0
    assert capsys.readouterr().out.split("time")[0] != alone.split("time")[0]


def test_best_accepts_board_line(capsys):
    assert main(["best", "--level", "normal", ENDGAME]) == 0
    assert capsys.readouterr().out.startswith("move ")


def test_match_prints_totals(capsys):
    assert main(["match", "easy", "normal", "--games", "2", "--nodes"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert "wins" in last and "draws" in last and "losses" in last and "discs" in last


def test_v1_solve_variant_anti_minimises_the_discs(capsys, small_obf):
    """The same position solved for the standard result and for anti-reversi's."""
    line = small_obf.read_text().strip()
    p, o = parse_position(line)
    for variant, sign in (("standard", 1), ("anti", -1)):
        assert main(["solve", "--variant", variant, line]) == 0
        move, score = capsys.readouterr().out.split()[:2]
        assert int(score) == plain_final(p, o, sign)


def plain_final(p: int, o: int, sign: int) -> int:
    """Returns the exact result for ``p`` by plain minimax, ``sign`` times the disc difference."""
    moves = moves_mask(p, o)
    if not moves:
        if not moves_mask(o, p):
            return sign * (p.bit_count() - o.bit_count())
        return -plain_final(o, p, sign)
    return max(-plain_final(o ^ f, p | f | 1 << s, sign)
               for s in squares(moves) for f in (flips_mask(p, o, s),))


def test_v1_best_variant_free_places_on_the_centre(capsys):
    """From the free opening's empty board (an empty transcript) and after d4."""
    for transcript, allowed in (("", {"d4", "e4", "d5", "e5"}), ("d4", {"e4", "d5", "e5"})):
        assert main(["best", "--variant", "free", "--level", "hard", "--nodes", "2000",
                     transcript]) == 0
        assert capsys.readouterr().out.split()[1] in allowed


def test_v1_match_variant_anti_counts_fewer_discs_as_wins(capsys):
    assert main(["match", "easy", "easy", "--games", "2", "--nodes", "--variant", "anti"]) == 0
    lines = capsys.readouterr().out.splitlines()
    wins = 0
    for line in lines[:2]:
        b, w = map(int, line.split("(black) ")[1].split()[0].split("-"))
        first_black = line.startswith("game 1")
        wins += (b < w) == first_black and b != w
    assert f"{wins} wins" in lines[-1]


def test_bench_prints_tables(capsys, small_obf):
    assert main(["bench", "--perft", "3", "--ffo", str(small_obf), "--games", "1",
                 "--levels", "easy"]) == 0
    out = capsys.readouterr().out
    assert "leaves" in out and "total" in out and "p95 ms" in out


@pytest.mark.parametrize("argv", [
    ["solve", "not a position"],
    ["solve", "X" * 64 + " Z"],
    ["best", "f5f5"],
    ["best", "--level", "grandmaster", "f5"],
    ["match", "easy", "nobody"],
    ["bench", "--ffo", "/nonexistent/ffo.obf", "--perft", "0", "--games", "0"],
    ["perft", "99"],
    ["best", "--variant", "giveaway", "f5"],
    ["solve", "--variant", "free", "d4d4"],
    [],
])
def test_bad_input_exits_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and err.startswith("error:")


def test_module_runs_as_a_program():
    """``python -m reversi`` exits 2 with one error line and no traceback."""
    result = subprocess.run([sys.executable, "-m", "reversi", "best", "zz"], cwd=ROOT / "py",
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
