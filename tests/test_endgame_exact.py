"""Every move's exact score against a plain reference solver (R4, R5, V2).

The reference is a plain alpha-beta negamax over :func:`moves_mask` and
:func:`flips_mask`: no table, no move ordering, no stability, no guess.  A
window ``(v - 1, v + 1)`` around the solver's value ``v`` proves ``v`` exact
(the search returns a value strictly inside it only if it is the score), and
costs far less than the full window.  Positions come from seeded random
self-play games, 40 of them at 8-14 empty squares: at 8-11 the plain search
proves every move's score; at 12-14 (where it would take minutes) every
move's score is checked against the solver with its newer cuts and
orderings turned off (fastest-first, the table, MTD(f) from 0: the solver
as it was before them), a different search of the same tree.  Also: a search stopped by
its deadline and run again, with the same solver and table, gives the same
answer as a fresh one.
"""

from __future__ import annotations

import random

import pytest

from reversi.engine import endgame, first_guess
from reversi.engine.bitboard import Bitboard, flips_mask, moves_mask
from reversi.engine.board import Board
from reversi.engine.budget import Deadline, SearchTimeout
from reversi.engine.endgame import Solver, solve, solve_all
from reversi.engine.stability import stable_discs, stable_edges
from tests.test_endgame import Countdown


def plain(p: Bitboard, o: Bitboard, alpha: int, beta: int, sign: int = 1) -> int:
    """Returns the fail-hard alpha-beta score for ``p`` to move (R4 passes, R5
    real counts; ``sign`` -1 for anti-reversi, V2)."""
    moves = moves_mask(p, o)
    if not moves:
        if not moves_mask(o, p):
            return sign * (p.bit_count() - o.bit_count())
        return -plain(o, p, -beta, -alpha, sign)
    while moves:
        b = moves & -moves
        moves ^= b
        f = flips_mask(p, o, b.bit_length() - 1)
        s = -plain(o ^ f, p | f | b, -beta, -alpha, sign)
        if s >= beta:
            return beta
        if s > alpha:
            alpha = s
    return alpha


def proven(p: Bitboard, o: Bitboard, value: int, sign: int = 1) -> bool:
    """True when the plain search proves ``value`` the exact score of ``p`` to move."""
    return plain(p, o, value - 1, value + 1, sign) == value


def self_play(seed: int, empties: int) -> tuple[Bitboard, Bitboard]:
    """Returns a position with ``empties`` empty squares and a legal move for the
    side to move, from a random game (seeded)."""
    rng = random.Random(seed)
    while True:
        board = Board()
        while not board.is_game_over() and 64 - sum(board.counts()) > empties:
            board.play(rng.choice(board.legal_moves()))
        if 64 - sum(board.counts()) == empties and board.legal_moves():
            return board.mover_mask()


#: 40 positions: seven at each of 8-11 empty squares, four at each of 12-14.
POSITIONS = [self_play(1000 * e + i, e) for e in range(8, 15) for i in range(7 if e <= 11 else 4)]
SMALL = [index for index, (p, o) in enumerate(POSITIONS) if 64 - (p | o).bit_count() <= 11]
LARGE = [index for index in range(len(POSITIONS)) if index not in SMALL]


@pytest.mark.parametrize("index", SMALL)
def test_every_move_is_exact(index):
    """R4, R5: the solver's score of every legal move, proven by the plain search."""
    p, o = POSITIONS[index]
    scores = solve_all(p, o)
    assert scores
    for square, score in scores.items():
        f = flips_mask(p, o, square)
        assert proven(o ^ f, p | f | 1 << square, -score), square
    best, move = solve(p, o)
    assert best == max(scores.values()) and scores[move] == best


@pytest.mark.parametrize("index", LARGE)
def test_every_move_matches_the_solver_without_its_cuts(index, monkeypatch):
    """R4, R5: at 12-14 empties, every move's score equals that of the solver
    without the stability cutoff, the first guess and the evaluation order."""
    p, o = POSITIONS[index]
    monkeypatch.setattr(first_guess, "GUESS_EMPTIES", 8)  # the first guess, as from 20 empties
    scores = solve_all(p, o)
    best, move = solve(p, o)
    assert best == max(scores.values()) and scores[move] == best
    monkeypatch.setattr(endgame, "STABILITY", False)
    monkeypatch.setattr(first_guess, "GUESS_EMPTIES", 64)
    monkeypatch.setattr(endgame, "EVAL_ORDER", 64)
    assert solve_all(p, o) == scores


@pytest.mark.parametrize("index", SMALL[::3])
def test_anti_every_move_is_exact(index):
    """V2: the same in anti-reversi (fewer discs is better), where stability
    bounds the mover's own discs."""
    p, o = POSITIONS[index]
    scores = solve_all(p, o, variant="anti")
    for square, score in scores.items():
        f = flips_mask(p, o, square)
        assert proven(o ^ f, p | f | 1 << square, -score, -1), square


def test_last_square_scores_match_the_placements():
    """R4, R5: the last empty square's score, read from the line tables, equals
    that of placing the disc with :func:`flips_mask`, whoever can place it; the
    two-empties search after a placement (``_after``) is its negation."""
    rng = random.Random(11)
    solver = Solver()
    anti = Solver(variant="anti")
    full = (1 << 64) - 1
    for trial in range(4000):
        x = rng.randrange(64)
        density = rng.choice((0.05, 0.5, 0.95))
        p = sum(1 << s for s in range(64) if s != x and rng.random() < density)
        o = full ^ p ^ 1 << x
        f, g = flips_mask(p, o, x), flips_mask(o, p, x)
        if f:
            want = 2 * (p | f).bit_count() + 2 - 64
        elif g:
            want = 2 * (p ^ g).bit_count() - 64
        else:
            want = 2 * p.bit_count() - 63
        assert solver.last(p, x) == want == -anti.last(p, x), trial
        assert solver._after(o, x) == -want == -anti._after(o, x), trial


def test_stable_discs_are_never_flipped():
    """R5: the stable discs of random positions (edges, then inner ones from full
    lines) stay in place to the end of random games from them, and include the
    stable edge discs."""
    rng = random.Random(7)
    checked = inner = 0
    for _ in range(300):
        board = Board()
        for _ in range(rng.randint(20, 58)):
            if board.is_game_over():
                break
            board.play(rng.choice(board.legal_moves()))
        black, white = board.black, board.white
        stable_b, stable_w = stable_discs(black, white), stable_discs(white, black)
        assert stable_b & ~black == 0 and stable_w & ~white == 0
        edges = stable_edges(black, white) | stable_edges(white, black)
        assert (stable_b | stable_w) & edges == edges
        while not board.is_game_over():
            board.play(rng.choice(board.legal_moves()))
            assert board.black & stable_b == stable_b and board.white & stable_w == stable_w
        checked += (stable_b | stable_w).bit_count()
        inner += ((stable_b | stable_w) & ~edges).bit_count()
    assert checked > 300 and inner > 100


def test_seeds_are_the_guess_searchs_telling_moves():
    """The guess search's moves seed the table only from positions it searched
    ``SEED_DEPTH`` plies or more, with ``shallow`` empties left after the move, and
    a value short of the evaluation's clamp (at +-64 every move reaching it ties)."""
    seven, eight = (1 << 57) - 1, (1 << 56) - 1  # 57 and 56 discs: 6 and 7 empties after a move
    deep = first_guess.SEED_DEPTH
    found = {(seven, 0): (deep, 0, 10.0, 60), (eight, 0): (deep, 0, 10.0, 60),
             (eight << 1, 0): (deep - 1, 0, 10.0, 60), (eight >> 1, 0): (deep, 0, -64.0, 60),
             (eight >> 2, 0): (deep, 0, 63.5, 61), (eight >> 3, 0): (deep, 0, -2.0, 62),
             (eight >> 4, 0): (deep, 0, 64.0, 62)}
    table = {(eight >> 3, 0): (-1, 1, 59, 8)}
    first_guess.seed(table, found, 7)
    assert table == {(eight, 0): (-endgame.INF, endgame.INF, 60, 7),
                     (eight >> 2, 0): (-endgame.INF, endgame.INF, 61, 9),
                     (eight >> 3, 0): (-1, 1, 59, 8)}


@pytest.mark.parametrize("checks", [5, 50, 300])
def test_stopped_search_run_again_gives_the_same_answer(checks, monkeypatch):
    """A search stopped by its deadline, then run again on the same solver (its
    table keeps what the stopped one stored), gives the fresh search's answer."""
    monkeypatch.setattr(first_guess, "GUESS_EMPTIES", 8)  # stopped in the guess's search too
    p, o = POSITIONS[-1]
    fresh = solve(p, o)
    solver = Solver(Countdown(checks))
    with pytest.raises(SearchTimeout):
        solver.solve(p, o)
    solver.deadline = Deadline(None)
    assert solver.solve(p, o)[0] == fresh[0]
    for variant in ("anti",):
        stopped = Solver(Countdown(checks), variant=variant)
        with pytest.raises(SearchTimeout):
            stopped.solve(p, o)
        stopped.deadline = Deadline(None)
        assert stopped.solve(p, o)[0] == solve(p, o, variant=variant)[0]
