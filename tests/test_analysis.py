"""Analysis of finished games: exact values near the end agree with the
endgame solver, losses are never negative, and only finished or past games can
be analysed.

Kept fast: random games are analysed only in their last plies (at most
``SOLVED`` empty squares, where the solver takes a fraction of a second), and
the whole-game analysis runs on a game that ends early.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from reversi.app.game_text import Played
from reversi.app.review.analysis import GameAnalysis, analyse_ply, losses, position
from reversi.engine.bitboard import flips_mask
from reversi.engine.board import Board
from reversi.engine.endgame import solve
from reversi.engine.notation import parse_square, square_name
from reversi.engine.players import random_opening
from reversi.engine.valuing import VALUING
from tests.sessions import WIN_SHORT, Seeded, Storage, Tab, advance, make, squares_of

EXACT_EMPTIES = VALUING["analysis"].exact_empties

#: The brief's bound: every position with this many empties or fewer is checked against the solver.
SOLVED = 12
#: A local game of 14 placements with a pass, won early 18-0 by Black.
SHORT = "e6f6g6e3e2f2c3d2e1c2g1b4b2a5"


def random_game(seed: int) -> list[int]:
    """Returns the placements of a random legal game played to its end."""
    return random_opening(random.Random(seed), 60)


def empties(board: Board) -> int:
    return 64 - (board.black | board.white).bit_count()


def after(p: int, o: int, square: int) -> int:
    """Returns the exact score for ``p`` of playing ``square`` (the solver on the reply position)."""
    f = flips_mask(p, o, square)
    return -solve(o ^ f, p | f | 1 << square)[0]


def late_plies(moves: list[int], most: int = SOLVED) -> list[int]:
    """Returns the plies (0-based, the final position included) with at most ``most`` empties."""
    return [ply for ply in range(len(moves) + 1) if empties(position(moves, ply)) <= most]


def test_exact_threshold_covers_the_checked_positions():
    """The positions these tests check against the solver are the ones analysis solves
    exactly."""
    assert EXACT_EMPTIES >= SOLVED


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_every_value_at_12_or_fewer_empties_is_the_solvers(seed):
    """Each analysed position with <= 12 empties is marked exact and its values are
    the solver's: ``best_score`` for the mover, ``value`` Black minus White, and the
    named best move really scores ``best_score``."""
    moves = random_game(seed)
    assume(empties(position(moves, len(moves))) <= SOLVED)  # not a game won early by a wipe-out
    plies = late_plies(moves)
    assert plies and plies[-1] == len(moves)
    for ply in plies:
        board = position(moves, ply)
        result = analyse_ply(moves, ply)
        assert result["ply"] == ply and result["exact"] is True
        assert result["empties"] == empties(board)
        if board.is_game_over():
            assert result["mover"] is None and result["best"] is None
            assert result["value"] == board.black.bit_count() - board.white.bit_count()
            continue
        p, o = board.mover_mask()
        score, _ = solve(p, o)
        black_view = score if board.turn == 0 else -score
        assert result["mover"] == ("white" if board.turn else "black")
        assert result["best_score"] == score, f"ply {ply}"
        assert result["value"] == black_view, f"ply {ply}"
        assert after(p, o, parse_square(result["best"])) == score


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_losses_are_never_negative_and_exact_losses_are_the_solvers(seed):
    """losses(): >= 0; when exact, the loss is best minus the played move's exact
    score, so the best move (and any move as good) loses 0."""
    moves = random_game(seed)
    plies = late_plies(moves)
    report = [analyse_ply(moves, ply) for ply in plies]
    lost = losses(moves, report)
    assert [m["ply"] for m in lost] == plies[:-1]
    for m in lost:
        board = position(moves, m["ply"])
        p, o = board.mover_mask()
        played = moves[m["ply"]]
        assert m["loss"] >= 0 and m["exact"] is True
        assert m["played"] == square_name(played)
        assert m["loss"] == solve(p, o)[0] - after(p, o, played)
        if m["played"] == m["best"]:
            assert m["loss"] == 0 and not m["lost_ground"]
        assert m["lost_ground"] == (m["loss"] >= 1)


def test_a_loss_is_measured_for_the_mover_when_the_next_side_passes():
    """After a placement that makes the opponent pass, the next position has the same
    mover: the loss must still compare the mover's scores (sign by the mover, not by
    alternation).  The first random game with such a pass at <= 12 empties is used."""
    for seed in range(500):
        moves = random_game(seed)
        board = Board()
        passes = []
        for ply, square in enumerate(moves):
            if board.play(square).caused_pass and empties(board) < SOLVED and not board.is_game_over():
                passes.append(ply)
        if passes:
            break
    else:
        pytest.fail("no random game with a late pass")
    ply = passes[0]
    report = [analyse_ply(moves, ply), analyse_ply(moves, ply + 1)]
    assert report[0]["mover"] == report[1]["mover"]
    (m,) = losses(moves, report)
    p, o = position(moves, ply).mover_mask()
    assert m["exact"] and m["loss"] == solve(p, o)[0] - after(p, o, moves[ply]) >= 0


def page() -> Tab:
    """Returns a fresh page (a bridge with a fake computer player) over its own storage."""
    tab = Tab(Storage(), player=Seeded())
    tab.load()
    return tab


def test_whole_short_game_analysis_reports_every_position():
    """A game that ends early (14 placements, 18-0) analysed through the bridge one
    position per step: progress, every value, the exact final value, the end reported
    once; a step after the end does nothing."""
    moves = squares_of(SHORT)
    game = GameAnalysis(Played(moves), "Imported game")
    assert not game.done and game.report()["done"] == 0
    tab = page()
    reply = tab.call("analysis_start", moves=SHORT, title="Imported game")
    assert reply["analysis"]["title"] == "Imported game" and reply["analysis"]["done"] == 0
    assert [e["kind"] for e in reply["events"]] == ["analysis_started"]
    steps = 0
    while not reply["analysis"]["finished"]:
        reply = tab.call("analysis_step")
        steps += 1
        report = reply["analysis"]
        assert report["done"] == steps and report["total"] == len(moves) + 1
        assert ([e["kind"] for e in reply["events"]] == ["analysis_finished"]) == report["finished"]
    again = tab.call("analysis_step")  # a step after the end does nothing
    assert again["analysis"] == report and again["events"] == []
    assert steps == len(moves) + 1 == report["done"] and report["finished"]
    assert [p["ply"] for p in report["plies"]] == list(range(len(moves) + 1))
    assert report["plies"][-1]["value"] == 18 and report["plies"][-1]["exact"]
    assert report["plies"][0]["mover"] == "black" and report["plies"][-1]["mover"] is None
    assert len(report["losses"]) == len(moves)
    assert all(m["loss"] >= 0 for m in report["losses"])
    assert all(isinstance(p["value"], (int, float)) and -64 <= p["value"] <= 64 for p in report["plies"])
    assert report["progress_text"] == f"{len(moves) + 1} of {len(moves) + 1} positions"
    assert report["lines"][0].startswith("Start: expected") and "End: +18 for Black." in report["lines"]


def test_the_game_in_progress_cannot_be_analysed_but_a_finished_one_can():
    """Analysis is assistance: the unfinished game in play, or any start of it, is
    refused; once it is finished it can be analysed, and stopped."""
    tab = page()
    tab.play("d3")
    tab.call("computer_move", token=tab.snap["token"])
    live = tab.snap["moves"]
    for moves in (live, live[:2], ""):
        with pytest.raises(ValueError, match="once this game is finished"):
            tab.call("analysis_start", moves=moves, title="This game")
    assert tab.call("snapshot")["analysis"] is None
    while not tab.snap["result"]:
        if tab.snap["human_to_move"]:
            tab.play(tab.snap["legal"][0])
        else:
            tab.call("computer_move", token=tab.snap["token"])
    done = tab.snap["moves"]
    reply = tab.call("analysis_start", moves=done, title="This game")
    assert reply["analysis"] is not None and reply["analysis"]["total"] == len(done) // 2 + 1
    assert tab.call("analysis_stop")["analysis"] is None


def test_a_past_game_can_be_analysed_while_a_new_one_is_in_progress():
    """A game of the results history can be analysed while a new game is played."""
    tab = page()
    tab.call("set_setting", name="mode", value="local")
    tab.play(*(WIN_SHORT[i:i + 2] for i in range(0, len(WIN_SHORT), 2)))
    past = tab.call("review", source="history", index=0)["review"]["moves"]
    assert past == WIN_SHORT
    tab.call("close_review")
    tab.call("new")
    tab.play("d3")
    reply = tab.call("analysis_start", moves=past, title="Game of the day")
    assert reply["analysis"] is not None
    reply = tab.call("analysis_step")
    assert reply["analysis"]["done"] == 1
    tab.call("analysis_stop")


def test_the_game_in_progress_extended_by_a_move_cannot_be_analysed():
    """A game that passes through the unfinished live position is refused too."""
    session = make(mode="local")
    advance(session, "f5d6c3d3c4")
    live = session.game.line.moves[:session.game.line.cursor]
    extended = live + [session.board.legal_moves()[0]]
    assert not session.may_analyse(extended) and not session.may_analyse(live[:3])
    assert session.may_analyse(squares_of("e6f6"))  # another game
    tab = page()
    tab.call("set_setting", name="mode", value="local")
    tab.play("f5", "d6", "c3", "d3", "c4")
    with pytest.raises(ValueError, match="once this game is finished"):
        tab.call("analysis_start", moves="f5d6c3d3c4" + square_name(extended[-1]), title="Imported game")


@pytest.mark.parametrize("seed", [1, 2])
def test_v2_an_anti_position_is_solved_in_anti_reversis_terms(seed):
    """V2, A5: near the end of an anti-reversi game the analysis is the exact result
    of that game (fewer discs win), Black's view: the solver's, asked in anti terms."""
    moves = random_opening(random.Random(seed), 48, "anti")
    board = position(moves, len(moves), variant="anti")
    assert not board.is_game_over() and 64 - (board.black | board.white).bit_count() <= EXACT_EMPTIES
    ply = analyse_ply(moves, len(moves), variant="anti")
    score, _ = solve(*board.mover_mask(), variant="anti")
    assert ply["exact"] and ply["best_score"] == score
    assert ply["value"] == (score if ply["mover"] == "black" else -score)


def test_k1_the_analysis_says_how_long_the_game_followed_the_book():
    """K1: the analysis marks the book's moves and says in words how far the game
    followed the book."""
    game = GameAnalysis(Played([parse_square(s) for s in ("f5", "d6", "c3", "d3", "c4")]), "A game")
    report = game.report()
    assert report["book"] == [1, 2, 3, 4, 5]
    assert any("opening book" in line and "5" in line for line in report["lines"])
