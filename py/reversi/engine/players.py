"""Computer players: the four levels of C2 as named configurations, and every rung
of the ladder (C7, :mod:`reversi.engine.ladder`) by its name.

- ``easy``: one ply.  Takes a corner when it can; otherwise picks the move
  whose evaluation, plus seeded Gaussian noise, is highest, so it varies and
  blunders like a beginner.
- ``normal``: a short search (3 plies) with the pattern evaluation.
- ``hard``: plays from the opening book, then iterative deepening (ProbCut
  on) within 0.5 s, and exact from as many empty squares as that allows
  (at most 14).
- ``expert``: plays from the opening book, then iterative deepening to 20
  plies within 2.4 s, and the exact endgame solver from as many empty
  squares as its budget allows (see ``think.exact_threshold``).

A forced move (the only legal one) is played at once by every level that
searches: no search can change it.

From the book (:mod:`reversi.engine.book`), Hard and Expert pick, with the
seed, among the book moves within ``Level.book_margin`` discs of the best, so
their games differ; Easy and Normal do not use it, so they stay beatable.

Variants (V1, V2): every level plays each variant with that variant's
rules, result and evaluation (:mod:`reversi.engine.search`).  Anti-reversi
has no book, and Easy there takes no corner on purpose (a corner's discs
stay, which is bad when fewer discs win).  The free opening's placements are
searched like moves; among equally good ones (the symmetric images of one
position) the seed picks.  The standard book serves the free opening too once
its position is in the book: from the fifth placement on the rules are the same.

A weakened rung (``Level.weakening``, C7) plays from the book when it has one and a
forced move at once, like the levels; otherwise it chooses with the seed among its
root moves' values (:mod:`reversi.engine.weakening`), at its node budget or in its
seconds like them (no time management, no proof before the count).

Budgets and reproducibility: by default a level thinks for ``Level.seconds``
of wall time (set so that Pyodide, about three times slower than CPython,
stays inside the thinking-time goals); the caller may pass its own ``budget``.
Wall time makes the search depth vary with machine load, so a ``nodes`` budget
replaces it for tests and the ladder: the search then stops after that many
nodes (Expert manages them, ``Level.timing``: less on easy moves, up to twice as
many on hard ones; its seconds as well, :mod:`reversi.engine.timing`, C5), the exact solver runs at
the level's fixed threshold, and the same position, level and seed always give
the same move.  ``Level.nodes`` is about
what Pyodide searches in ``Level.seconds``.  Easy's noise and the book
choices of Hard and Expert use the seed; the searches are deterministic for
a given node or depth budget.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from . import variants
from .bitboard import CORNERS, Bitboard, Square, flips_mask, moves_mask, squares
from .board import Board
from .book import Book, canonical, standard_book
from .budget import Deadline
from .evaluate import Evaluator, for_variant
from .ladder import RUNG_LEVELS
from .levels import LEVELS as LEVELS
from .search import Search
from .think import PYODIDE_SLOWDOWN, SLOWDOWN, exact_threshold, proof_threshold, think
from .variants import ANTI, STANDARD
from .weakening import choose as choose_weakened


@dataclass
class MoveChoice:
    """A computer move and what the search knew about it.

    ``square`` is None only when ``p`` has no legal move.  ``score`` is the
    expected final disc difference for ``p`` (exact when ``exact``).
    """

    square: Square | None
    score: float
    depth: int
    nodes: int
    seconds: float
    exact: bool
    pv: list[Square] = field(default_factory=list)


def choose_move(p: Bitboard, o: Bitboard, level: str, *, seed: int = 0,
                budget: float | None = None, nodes: int | None = None,
                variant: str = STANDARD, evaluator: Evaluator | None = None,
                prepared: Search | None = None, book: Book | None = None,
                timing: bool | None = None) -> MoveChoice:
    """Returns ``level``'s move for ``p`` (``p`` to move, ``o`` the opponent) in ``variant``;
    ``level`` names a level or any rung of the ladder (C7).

    ``budget`` is the thinking time in seconds (default ``Level.seconds``);
    ``nodes`` a node budget instead of wall time, for reproducible play;
    ``evaluator`` an evaluation of ``variant``'s results instead of its own
    (to compare weight files, ``bench/ladder.py``); ``prepared`` a search of
    this position already under way (:mod:`reversi.engine.ponder`), which the
    midgame search goes on with; ``book`` an opening book instead of the engine's
    (to compare books, ``bench/book_match.py``); ``timing`` turns the time management
    on or off (:mod:`reversi.engine.timing`; by default ``Level.timing``).

    :raises ValueError: for an unknown level or variant name.
    """
    if level not in RUNG_LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(RUNG_LEVELS)}")
    config = RUNG_LEVELS[level]
    start = time.perf_counter()
    evaluator = evaluator or for_variant(variant)
    moves = variants.legal_mask(p, o, variant)
    if not moves:
        over = not moves_mask(o, p)
        score = variants.final_score(p, o, variant) if over else evaluator.evaluate(p, o)
        return MoveChoice(None, float(score), 0, 0, time.perf_counter() - start, over)
    rng = random.Random(seed)
    if not config.max_depth or not p | o:
        # Easy: greedy, any free-opening placement alike; every level: the free opening's
        # first placement, whose four centre squares are alike by symmetry, needs no search
        if variants.opening_squares(variant, p, o) is not None:
            square, score = rng.choice(list(squares(moves))), 0.0
        else:
            square, score = _noisy_greedy(p, o, moves, rng, config.noise, variant, evaluator)
        return MoveChoice(square, score, 1, moves.bit_count(), time.perf_counter() - start,
                          False, [square])
    if config.book_margin is not None and variant != ANTI:
        found = (standard_book() if book is None else book).choose(p, o, config.book_margin, rng)
        if found:
            return MoveChoice(found[0], float(found[1]), 0, 0, time.perf_counter() - start,
                              False, [found[0]])
    if moves.bit_count() == 1:  # a forced move: played at once, valued by the evaluation
        square = moves.bit_length() - 1
        return MoveChoice(square, -evaluator.evaluate(*_after(p, o, square)), 0, 0,
                          time.perf_counter() - start, False, [square])
    if nodes is not None and budget is None:
        deadline, seconds, slowdown = None, config.seconds, PYODIDE_SLOWDOWN
    else:
        seconds = config.seconds if budget is None else budget
        deadline, slowdown = Deadline(seconds), SLOWDOWN
    if config.weakening is not None:
        square, score, spread = choose_weakened(
            p, o, config, rng, deadline=deadline, max_nodes=nodes,
            exact_empties=exact_threshold(seconds, config.exact_empties, slowdown),
            variant=variant, evaluator=evaluator)
        square = _among_images(p, o, moves, square, rng)
        return MoveChoice(square, score, spread.depth, spread.nodes, time.perf_counter() - start,
                          spread.exact, [square])
    result = think(p, o, max_depth=config.max_depth, deadline=deadline, max_nodes=nodes,
                   exact_empties=exact_threshold(seconds, config.exact_empties, slowdown),
                   wld_empties=proof_threshold(seconds, config.wld_empties, slowdown),
                   variant=variant, evaluator=evaluator, search=prepared,
                   timing=config.timing if timing is None else timing)
    assert result.square is not None  # p has a legal move
    square = _among_images(p, o, moves, result.square, rng)
    return MoveChoice(square, result.score, result.depth, result.nodes,
                      time.perf_counter() - start, result.exact,
                      result.pv if square == result.square else [square])


def _among_images(p: Bitboard, o: Bitboard, moves: Bitboard, square: Square,
                  rng: random.Random) -> Square:
    """Returns ``square`` or, picked with ``rng``, one of ``moves`` leading to a
    symmetric image of the same position (as good, so games vary at no cost)."""
    key = canonical(*_after(p, o, square))
    return rng.choice([s for s in squares(moves) if canonical(*_after(p, o, s)) == key])


def _after(p: Bitboard, o: Bitboard, square: Square) -> tuple[Bitboard, Bitboard]:
    """Returns the position after ``p`` places on ``square`` (the opponent to move),
    flipping what R3 flips (nothing on the free opening's centre squares, which
    no three of which are in a line)."""
    f = flips_mask(p, o, square)
    return o ^ f, p | f | 1 << square


def _noisy_greedy(p: Bitboard, o: Bitboard, moves: Bitboard, rng: random.Random,
                  noise: float, variant: str, evaluator: Evaluator) -> tuple[Square, float]:
    """Returns the move with the best one-ply score by ``evaluator`` plus Gaussian
    noise of deviation ``noise``, and its noiseless score; a corner if any (C2),
    except in anti-reversi."""
    candidates = moves if variant == ANTI else moves & CORNERS or moves
    evaluate = evaluator.evaluate
    scored = []
    for s in squares(candidates):
        score = -evaluate(*_after(p, o, s))
        scored.append((score + rng.gauss(0.0, noise), s, score))
    _, square, score = max(scored)
    return square, score


def random_opening(rng: random.Random, plies: int, variant: str = STANDARD) -> list[Square]:
    """Returns ``plies`` random legal placements from ``variant``'s first position
    (fewer if the game ends)."""
    board = Board.initial(variant)
    for _ in range(plies):
        if board.is_game_over():
            break
        board.play(rng.choice(board.legal_moves()))
    return board.placements()


def play_game(black: str, white: str, opening: Sequence[Square] = (), *, seed: int = 0,
              nodes: bool = False, on_move: Callable[[Board, MoveChoice], None] | None = None,
              variant: str = STANDARD) -> Board:
    """Plays ``black`` against ``white`` (level or rung names) after ``opening`` in ``variant``;
    returns the finished board.  ``nodes`` plays each level at its node budget
    (reproducible) instead of its time budget; ``on_move`` sees every computer move."""
    board = Board.initial(variant)
    for square in opening:
        board.play(square)
    while not board.is_game_over():
        level = white if board.turn else black
        p, o = board.mover_mask()
        choice = choose_move(p, o, level, seed=seed + len(board.steps),
                             nodes=RUNG_LEVELS[level].nodes if nodes else None, variant=variant)
        if on_move:
            on_move(board, choice)
        assert choice.square is not None  # the game is not over: the mover has a move
        board.play(choice.square)
    return board
