"""A large game library of self-play games, written as WTHOR files (R9 at scale).

Each game follows the opening book for 8-20 plies (a random length a game), a good book
move at random each ply (within :data:`reversi.engine.book_lines.GOOD` disc of the best;
fewer plies where the book ends sooner), then a cheap greedy player finishes it: a square's worth (corners
good, X- and C-squares beside an empty corner bad), less twice the opponent's mobility,
plus noise.  Every game is turned to start with f5, as WTHOR stores them; its players (300
made-up names) and tournament (40) are drawn at random.  The same seed, the same files.

Usage::

    python3 bench/make_library.py --games 100000 --seed 1 --out /tmp/library [--check 1000]

writes ``LIB.wtb`` (games, all of one year), ``LIB.JOU`` (players) and ``LIB.TRN``
(tournaments) into ``--out``; ``--check N`` reads the files back and compares the first N.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from pathlib import Path

import lib  # noqa: F401  (puts py/ on the path)

from reversi.app import wthor
from reversi.engine import book_lines, openings
from reversi.engine.bitboard import flips_mask, moves_mask
from reversi.engine.board import OPENING_BLACK, OPENING_WHITE
from reversi.engine.book import Book, standard_book
from reversi.engine.patterns import symmetric

YEAR = 2026
MADE = (2026, 1, 1)
FIRST = 37  # f5
NOISE = 8.0

FIRST_NAMES = ("Anna", "Bruno", "Chen", "Dara", "Emil", "Fumiko", "Goran", "Hana", "Ivo", "Jun",
               "Karin", "Luca", "Mei", "Nils", "Olga", "Pablo", "Rosa", "Sven", "Taro", "Vera")
LAST_NAMES = ("Abe", "Berg", "Costa", "Dubois", "Eriksen", "Fujita", "Garcia", "Huber", "Ito",
              "Janssen", "Kowalski", "Leroy", "Moreau", "Novak", "Okada")
CITIES = ("Paris", "Tokyo", "London", "Berlin", "Milano", "Praha", "Osaka", "Bruxelles",
          "Amsterdam", "Stockholm")
EVENTS = ("Open de {}", "Grand Prix {}", "Championnat {}", "{} Masters")


def names() -> tuple[list[str], list[str]]:
    """Returns the players' names (300) and the tournaments' (40), always the same."""
    players = [f"{last} {first}" for first, last in itertools.product(FIRST_NAMES, LAST_NAMES)]
    random.Random(0).shuffle(players)
    tournaments = [event.format(city) for city in CITIES for event in EVENTS]
    assert all(len(n) <= 19 for n in players) and all(len(n) <= 25 for n in tournaments)
    return players, tournaments


def _worths() -> tuple[list[int], list[int], list[int]]:
    """Returns per square its worth, its penalty while its corner is empty, and that corner."""
    worth, risk, corner = [0] * 64, [0] * 64, [0] * 64
    for s in range(64):
        r, c = divmod(s, 8)
        edge_r, edge_c = r in (0, 7), c in (0, 7)
        worth[s] = 30 if edge_r and edge_c else 3 if edge_r or edge_c else 0
        if r in (0, 1, 6, 7) and c in (0, 1, 6, 7) and not (edge_r and edge_c):
            corner[s] = 1 << ((0 if r < 4 else 56) + (0 if c < 4 else 7))
            risk[s] = 20 if not (edge_r or edge_c) else 8
    return worth, risk, corner


WORTH, RISK, CORNER = _worths()


def finish(p: int, o: int, moves: list[int], rng: random.Random) -> None:
    """Plays the cheap player's moves from ``(p, o)`` (``p`` to move) to the game's end,
    appending them to ``moves``; passes are implicit."""
    worth, risk, corner, noise = WORTH, RISK, CORNER, rng.random
    mine = moves_mask(p, o)
    while True:
        if not mine:
            mine = moves_mask(o, p)
            if not mine:
                return
            p, o = o, p
        empty = ~(p | o)
        top = -1e9
        m = mine
        while m:
            low = m & -m
            m ^= low
            s = low.bit_length() - 1
            f = flips_mask(p, o, s)
            theirs = moves_mask(o ^ f, p | f | low)
            score = worth[s] - 2 * theirs.bit_count() + NOISE * noise()
            if corner[s] & empty:
                score -= risk[s]
            if score > top:
                top, best, best_f, best_theirs = score, s, f | low, theirs
        moves.append(best)
        p, o, mine = o & ~best_f, p | best_f, best_theirs


def make_game(rng: random.Random, cache: dict[tuple[int, int], list[int]], book: Book,
              images: dict[int, tuple[int, ...]]) -> list[int]:
    """Returns one game's moves from the standard start, turned to start with f5."""
    p, o, moves = OPENING_BLACK, OPENING_WHITE, []
    for _ in range(rng.randint(8, 20)):
        good = cache.get((p, o))
        if good is None:
            good = cache[p, o] = sorted(book_lines.good_moves(book, p, o)) if moves_mask(p, o) else []
        if not good:
            break
        s = rng.choice(good)
        moves.append(s)
        p, o = book_lines.child(p, o, s)
    finish(p, o, moves, rng)
    image = images[moves[0]]
    return [image[s] for s in moves]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("/tmp/library"))
    parser.add_argument("--check", type=int, default=0, metavar="N", help="read back and compare the first N games")
    args = parser.parse_args()
    started = time.perf_counter()
    rng, book = random.Random(args.seed), standard_book()
    cache: dict[tuple[int, int], list[int]] = {}
    images = {}  # by first move: the start symmetry taking it to f5, as a square table
    for g in openings.start_symmetries():
        table = symmetric(range(64), g)
        images[table.index(FIRST)] = table
    players, tournaments = names()
    games = []
    for _ in range(args.games):
        moves = make_game(rng, cache, book, images)
        black, white = rng.sample(range(len(players)), 2)
        games.append((moves, black, white, rng.randrange(len(tournaments))))
    played = time.perf_counter() - started
    files = {"LIB.wtb": wthor.write_games(games, YEAR, MADE), "LIB.JOU": wthor.write_names(players, "jou", MADE),
             "LIB.TRN": wthor.write_names(tournaments, "trn", MADE)}
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (args.out / name).write_bytes(data)
    if args.check:
        n = min(args.check, len(games))
        head = list(wthor.HEADER.unpack_from(files["LIB.wtb"]))
        head[4] = n  # the header of a file of the first n games
        back = wthor.read_games(wthor.HEADER.pack(*head) + files["LIB.wtb"][wthor.HEADER.size:][:n * wthor.GAME.size],
                                wthor.read_names(files["LIB.JOU"], "jou"), wthor.read_names(files["LIB.TRN"], "trn"))
        assert len(back) == n
        for read, (moves, black, white, tournament) in zip(back, games):
            assert (read.moves, read.black, read.white, read.event) == \
                (moves, players[black], players[white], tournaments[tournament]), read
    sizes = ", ".join(f"{name} {len(data):,} B" for name, data in files.items())
    print(f"{len(games):,} games written to {args.out} in {time.perf_counter() - started:.1f} s "
          f"(played in {played:.1f} s); {sizes}")


if __name__ == "__main__":
    main()
