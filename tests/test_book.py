"""Tests of the opening book and of the levels that play from it (C2)."""

from __future__ import annotations

import functools
import random

import pytest
from test_search import random_position

from reversi.engine.bitboard import flips_mask, moves_mask
from reversi.engine.board import Board
from reversi.engine.book import DATA_FILE, Book, canonical, decode, encode, standard_book, transform
from reversi.engine.patterns import symmetric
from reversi.engine.players import LEVELS, choose_move


def test_transform_moves_squares_like_the_patterns_symmetries():
    for g in range(8):
        for s in (0, 9, 27, 38, 63):
            assert transform(1 << s, g) == 1 << symmetric([s], g)[0]


def test_symmetric_positions_share_a_key():
    p, o = random_position(3, 14)
    keys = {canonical(transform(p, g), transform(o, g)) for g in range(8)}
    assert len(keys) == 1 and canonical(p, o) != canonical(o, p)


def test_file_round_trip_and_refusal():
    book = Book({canonical(*random_position(s, 8)): s - 3 for s in range(6)}, {"seed": 1})
    assert decode(encode(book)) == book
    with pytest.raises(ValueError):
        decode(b"x" + encode(book))


def small_book() -> tuple[Book, int, int]:
    """Returns a book holding three moves of a position, worth +1, +0 and -5 to its mover."""
    board = Board.replay("f5d6c3d3c4")
    p, o = board.mover_mask()
    values = {}
    for square, worth in zip(board.legal_moves()[:3], (1, 0, -5)):
        board.play(square)
        values[canonical(*board.mover_mask())] = -worth
        board.unplay()
    assert len(values) == 3
    return Book(values), p, o


def test_choose_keeps_moves_within_the_margin_and_follows_the_seed():
    book, p, o = small_book()
    picks = {book.choose(p, o, 2.0, random.Random(seed))[1] for seed in range(30)}
    assert picks == {1, 0}
    assert {book.choose(p, o, 0.0, random.Random(seed))[1] for seed in range(10)} == {1}
    assert book.choose(p, o, 2.0, random.Random(4)) == book.choose(p, o, 2.0, random.Random(4))
    assert Book().choose(p, o, 2.0, random.Random(1)) is None


def test_k1_standard_book_is_small_says_how_it_was_made_and_covers_24_plies():
    """K1: at most 1 MB; its header names the commands, seed, leaf depth and weights that
    made it; its main lines (within 1 disc of the best) reach 24 plies."""
    assert DATA_FILE.stat().st_size <= 1_000_000
    book = standard_book()
    assert book.header["commands"] and all(c.startswith("python3 bench/book.py ") for c in book.header["commands"])
    assert book.header["depth"] >= 14 and book.header["seed"] == 0 and book.header["weights"]
    assert book.header["positions"] == len(book.values)

    @functools.cache  # the lines meet again: each position and length once
    def reaches(p: int, o: int, plies: int) -> bool:
        """Says whether a book line from ``(p, o)`` through best moves (to the disc) is
        ``plies`` long."""
        known = book.move_values(p, o)
        if plies == 0 or not known:
            return plies == 0
        best = max(known.values())
        return any(reaches(o ^ flips_mask(p, o, s), p | flips_mask(p, o, s) | 1 << s, plies - 1)
                   for s, v in known.items() if v >= best - 1)

    assert reaches(*Board().mover_mask(), 24)


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_c2_hard_and_expert_vary_their_openings_with_the_seed(level):
    p, o = Board().mover_mask()
    choices = [choose_move(p, o, level, seed=seed, nodes=LEVELS[level].nodes)
               for seed in range(12)]
    assert len({c.square for c in choices}) > 1
    assert all(moves_mask(p, o) >> c.square & 1 and c.nodes == 0 for c in choices)


def test_k1_a_level_plays_from_the_book_it_is_given():
    """K1: ``book`` replaces the engine's book (to compare two books): from an empty one
    Expert searches the opening; from a one-position book it plays one of its moves within its margin."""
    p, o = Board.replay("f5d6c3d3c4").mover_mask()
    nodes = LEVELS["expert"].nodes // 20
    assert choose_move(p, o, "expert", seed=1, nodes=nodes, book=Book()).nodes > 0
    book, _, _ = small_book()  # this very position's three moves: +1, 0, -5
    choice = choose_move(p, o, "expert", seed=1, nodes=nodes, book=book)
    assert choice.nodes == 0 and choice.score in (0, 1)  # within Expert's margin of 1 disc


def test_c2_normal_searches_instead_of_reading_the_book():
    p, o = Board.replay("f5d6").mover_mask()
    assert choose_move(p, o, "normal", seed=1, nodes=LEVELS["normal"].nodes).nodes > 0


def test_k1_book_values_agree_with_negamax_up_the_tree_and_keys_are_canonical():
    """K1: every key is the least of its position's eight images, and a book position
    whose moves are in the book holds the best of their values (negamax); on a fixed
    quarter of the book's positions (the whole book took 19 s of the test run)."""
    book = standard_book()
    checked = 0
    for key, value in random.Random(1).sample(sorted(book.values.items()), len(book.values) // 4):
        p, o = key >> 64, key & ((1 << 64) - 1)
        assert canonical(p, o) == key
        known = book.move_values(p, o)
        if known and len(known) == moves_mask(p, o).bit_count():
            assert value == max(known.values())
            checked += 1
    assert checked >= 20
