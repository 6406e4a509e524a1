"""Training games: self-play from randomised openings, labelled by the exact solver.

Each game starts with ``0..opening`` random placements, then both sides play
the given player's moves, a random legal move instead with probability
``explore`` (so the positions are varied) while more than ``calm`` squares
are empty (fewer random moves late in the game make its result a better label).  From the first position with at
most ``exact`` empty squares on, every position is solved exactly
(:class:`reversi.engine.endgame.Solver`, one table for the game) and the game
goes on with the solver's move, or a random one with probability
``explore``.  The exact score of that first solved position is the game's
*result*: the outcome under perfect play from there, the label of the earlier
positions (Logistello's game-result labels).

A game is one JSON line: ``moves`` (transcript, R6), ``solved_from``
(the ply of the first solved position, or the game's length if it ended
first), ``exact`` (Black's exact scores of the positions from that ply on)
and ``result`` (Black's).  Scores are the variant's results
(:func:`reversi.engine.variants.final_score`: Black minus White discs,
R5; negated in anti-reversi, where the solver minimises Black's discs), and
a game of a variant names it (``variant``).
"""

from __future__ import annotations

import json
import multiprocessing
import random
import sys
from pathlib import Path
from typing import Callable, Iterator

import native
from reversi.engine.board import Board
from reversi.engine.endgame import Solver
from reversi.engine.notation import format_transcript
from reversi.engine.variants import STANDARD, final_score

#: A player: ``(p, o) -> square`` for the side to move ``p`` (which has a move).
Player = Callable[[int, int], int]
#: A labeller: ``(p, o) -> value`` for the side to move ``p``, backed by a search.
Labeller = Callable[[int, int], float]


def play_labelled(player: Player, rng: random.Random, *, opening: int, explore: float,
                  exact: int, calm: int = 0, variant: str = STANDARD,
                  labeller: Labeller | None = None) -> dict:
    """Returns one labelled game of ``variant`` (see the module docstring); with a
    ``labeller``, each position before the solved part also gets its value
    (Black's, in ``searched``)."""
    board = Board.initial(variant)
    searched: list[float] = []

    def label(p: int, o: int) -> None:
        """Appends the labeller's value of the position (Black's), if there is a labeller."""
        if labeller is not None:
            value = labeller(p, o)
            searched.append(round(value if board.turn == 0 else -value, 2))

    for _ in range(rng.randint(0, opening)):
        if board.is_game_over():
            break
        label(*board.mover_mask())
        board.play(rng.choice(board.legal_moves()))
    solver: Solver | None = None
    scores: list[int] = []
    solved_from = 0
    while not board.is_game_over():
        p, o = board.mover_mask()
        if 64 - (p | o).bit_count() <= exact:
            if solver is None:
                solver = native.SOLVER() if variant == STANDARD else native.SOLVER(variant=variant)
                solved_from = len(board.steps)
            score, best = solver.solve(p, o)
            scores.append(score if board.turn == 0 else -score)
            square = best if best is not None and rng.random() >= explore \
                else rng.choice(board.legal_moves())
        else:
            label(p, o)
            if 64 - (p | o).bit_count() > calm and rng.random() < explore:
                square = rng.choice(board.legal_moves())
            else:
                square = player(p, o)
        board.play(square)
    if solver is None:
        solved_from = len(board.steps)
    scores.append(final_score(board.black, board.white, variant))  # the final position
    record = {"moves": format_transcript(board.placements()), "solved_from": solved_from,
              "exact": scores, "result": scores[0], **({"searched": searched} if labeller else {})}
    return record if variant == STANDARD else {**record, "variant": variant}


Task = tuple[Callable[[], Player], int, int, float, int, int, str, Callable[[], Labeller] | None]


def _one(task: Task) -> dict:
    """Plays the game of one seed (a pool task)."""
    make_player, seed, opening, explore, exact, calm, variant, make_labeller = task
    return play_labelled(make_player(), random.Random(seed), opening=opening,
                         explore=explore, exact=exact, calm=calm, variant=variant,
                         labeller=make_labeller() if make_labeller else None)


def generate(make_player: Callable[[], Player], games: int, *, seed: int, opening: int = 8,
             explore: float = 0.1, exact: int = 14, calm: int = 0, jobs: int = 1,
             variant: str = STANDARD, start: int = 0,
             make_labeller: Callable[[], Labeller] | None = None) -> Iterator[dict]:
    """Yields labelled games ``start`` to ``games - 1`` of ``variant``, game ``i``
    from seed ``seed * 1_000_003 + i`` (so a resumed file gets the games it lacks).

    ``make_player`` (and ``make_labeller``, which labels the positions before the
    solved part by a search) must be picklable (module-level functions, or partials
    of them) when ``jobs > 1``.
    """
    tasks: list[Task] = [(make_player, seed * 1_000_003 + i, opening, explore, exact, calm, variant,
                          make_labeller) for i in range(start, games)]
    if jobs == 1:
        yield from map(_one, tasks)
        return
    with multiprocessing.Pool(jobs) as pool:
        yield from pool.imap(_one, tasks, chunksize=4)


def write(path: Path, records: Iterator[dict], *, progress: bool = False) -> int:
    """Appends the records to ``path``, one JSON line each; returns how many."""
    n = 0
    with path.open("a") as out:
        for record in records:
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
            out.flush()
            n += 1
            if progress and n % 100 == 0:
                print(f"  {n} games", file=sys.stderr, flush=True)
    return n


def complete(path: Path) -> int:
    """Returns how many whole games the file ``path`` holds (0 if it is missing),
    cutting off a last line that a stopped run left half written."""
    if not path.exists():
        return 0
    data = path.read_bytes()
    whole = data[:data.rfind(b"\n") + 1]
    if len(whole) < len(data):
        path.write_bytes(whole)
    return whole.count(b"\n")


def read(path: Path) -> list[dict]:
    """Returns the games of a file written by :func:`write` (whole lines only)."""
    text = path.read_text()
    return [json.loads(line) for line in text[:text.rfind("\n") + 1].splitlines()
            if line.strip()]
