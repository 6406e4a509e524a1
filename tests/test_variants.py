"""The variants of the rules (V1-V3): anti-reversi's winner and draws,
the free opening's placements, perft from the four free-opening starts against a slow
reference written here, the session's rules in both variants, and transcripts, saves,
history and statistics that know a game's variant.

Self-contained for the rules part (no data files), as tests/test_rules.py is.
"""

from __future__ import annotations

import itertools

import pytest

from reversi.app import stats
from reversi.app.game_text import game_text, parse_game
from reversi.app.saving import loading as save_loading
from reversi.engine.bitboard import flips_mask, moves_mask, squares
from reversi.engine.board import BLACK, WHITE, Board, Outcome
from reversi.engine.notation import IllegalMoveError, NotationError, parse_square, square_name
from reversi.engine.perft import perft
from reversi.engine.variants import ANTI, CENTRE, FREE, STANDARD, final_score, legal_mask, winner
from reversi.game import events as ev
from reversi.game.history import History
from tests.sessions import Book, Seeded, assert_earned_as_no_challenge, finish, make, parts

CENTRE_NAMES = ("d4", "e4", "d5", "e5")


def squares_named(*names: str) -> list[int]:
    return [parse_square(name) for name in names]


# -- anti-reversi: the winner (V1) -------------------------------------------------------
@pytest.mark.parametrize("black, white, standard, anti", [
    (40, 24, BLACK, WHITE), (24, 40, WHITE, BLACK), (32, 32, None, None), (13, 0, BLACK, WHITE),
    (0, 13, WHITE, BLACK), (30, 30, None, None),
])
def test_v1_anti_reversi_gives_the_game_to_fewer_discs_and_draws_stay_draws(black, white, standard, anti):
    """V1: fewer discs win anti-reversi, equal counts draw, and the counts are the real ones."""
    assert winner(black, white, STANDARD) == Outcome(black, white).winner == standard
    assert winner(black, white, ANTI) == Outcome(black, white, ANTI).winner == anti
    assert Outcome(black, white, ANTI)[:2] == (black, white)


def test_v1_anti_reversi_plays_the_standard_moves_and_scores_fewer_discs_as_better():
    """V1: the moves are the standard game's; a finished game's score for a side is the
    real difference, negated (used by the searches to minimise their discs)."""
    standard, anti = Board.initial(STANDARD), Board.initial(ANTI)
    assert (standard.black, standard.white, standard.legal_moves()) == (anti.black, anti.white, anti.legal_moves())
    game = "e6d6c7f5g6d7c6e7f7c5c4b5a5"  # a 17-0 wipe-out by Black
    board = Board.replay(game, ANTI)
    assert board.outcome() == Outcome(17, 0, ANTI) and board.outcome().winner == WHITE
    assert final_score(board.black, board.white, ANTI) == -17 and final_score(board.black, board.white) == 17


# -- the free opening (V1) ------------------------------------------------------------------
def test_v1_the_free_opening_starts_empty_and_offers_the_four_centre_squares():
    """V1: the board starts empty, Black first, and only d4, e4, d5, e5 can be played."""
    board = Board.initial(FREE)
    assert (board.black, board.white, board.turn) == (0, 0, BLACK)
    assert board.legal_moves() == squares_named(*CENTRE_NAMES) and not board.is_game_over()
    assert legal_mask(0, 0, FREE) == CENTRE and legal_mask(0, 0, STANDARD) == 0


@pytest.mark.parametrize("order", list(itertools.permutations(CENTRE_NAMES)))
def test_v1_the_first_four_placements_alternate_flip_nothing_and_never_pass(order):
    """V1, R4: any order of the centre squares: Black, White, Black, White, no flips,
    no pass; then the fifth placement is Black's under R3."""
    board = Board.initial(FREE)
    for index, name in enumerate(order):
        assert board.turn == index % 2
        step = board.play(parse_square(name))
        assert step.flips == 0 and not step.caused_pass and step.color == index % 2
    assert board.turn == BLACK and board.opening_squares() is None
    p, o = board.mover_mask()
    assert board.legal_mask() == moves_mask(p, o) and board.legal_moves()
    assert all(flips_mask(p, o, s) for s in board.legal_moves())  # the fifth placement flips (R3)


def test_v1_the_free_opening_refuses_a_square_outside_the_centre_and_a_capture():
    """V1: during the free opening a square outside the centre is refused, even one
    that would capture, and so is a second disc on a filled centre square."""
    board = Board.initial(FREE)
    for name in ("d4", "e5", "e4"):
        board.play(parse_square(name))
    # Under R3 White's e3 would capture e4 (between e3 and e5): still only d5 is allowed.
    for name in ("e3", "c3", "f5", "d4", "a1"):
        with pytest.raises(IllegalMoveError):
            board.play(parse_square(name))
    assert board.legal_moves() == squares_named("d5")
    step = board.play(parse_square("d5"))
    assert step.flips == 0 and board.counts() == (2, 2)


def test_v1_a_free_opening_game_undoes_and_replays_like_any_other():
    """V1, U4: unplaying the free opening's placements restores the empty board."""
    board = Board.replay("d4e4d5e5", FREE)
    for _ in range(4):
        board.unplay()
    assert (board.black, board.white, board.turn) == (0, 0, BLACK)


def reference_leaves(board: Board, depth: int) -> int:
    """Counts the leaves ``depth`` plies below ``board`` the slow way: by playing every
    legal square on a copy (a pass is a ply; a finished game is a leaf at any depth)."""
    if depth == 0 or board.is_game_over():
        return 1
    legal = board.legal_moves()
    total = 0
    for square in legal:
        child = board.copy()
        step = child.play(square)
        if step.caused_pass:  # the pass is a ply of its own
            total += 1 if depth == 1 else reference_leaves(child, depth - 2)
        else:
            total += reference_leaves(child, depth - 1)
    return total


@pytest.mark.parametrize("start", ["e4d4d5e5", "d4e4e5d5", "d4d5e4e5", "d4e4d5e5"],
                         ids=["diagonal-as-R2", "diagonal-mirrored", "side-by-side-row", "side-by-side-column"])
def test_v1_perft_from_the_four_free_opening_starts_matches_a_slow_reference(start):
    """V1: from each kind of start the free opening can reach (the standard diagonal,
    and side by side), perft's leaf counts equal a slow reference's for 1-4 plies."""
    board = Board.replay(start, FREE)
    p, o = board.mover_mask()
    counts = [perft(p, o, depth) for depth in range(1, 5)]
    assert counts == [reference_leaves(board, depth) for depth in range(1, 5)], start
    if board.cells() == Board().cells():
        assert counts == [4, 12, 56, 244]  # tests/data/perft.txt: the reference itself is right


def test_v1_the_diagonal_free_start_is_the_standard_opening_or_its_mirror():
    """V1: placed diagonally the four discs give R2's opening (or its colour mirror)."""
    standard = Board()
    assert Board.replay("e4d4d5e5", FREE).cells() == standard.cells()


# -- the session in both variants (V1, U1-U6, A1-A4, S) --------------------------------------
def test_v1_the_variant_applies_from_the_next_game_and_is_fixed_for_the_game():
    """V1, C1: choosing a variant starts it at once before the person's first placement,
    else it waits for New; the game keeps its variant."""
    session = make(Book())
    session.set_setting("variant", ANTI)
    assert session.game.variant == ANTI and isinstance(session.events[-1], ev.NewGame)
    session.place("d3")
    session.set_setting("variant", FREE)
    assert session.game.variant == ANTI and session.events[-1] == ev.SettingChanged("variant", FREE, now=False)
    session.new()
    assert session.game.variant == FREE and session.board.cells() == "-" * 64


def test_u3_the_computers_first_free_placement_is_undone_only_with_the_persons_next():
    """U3, V1: the person plays White in the free opening: the computer places first;
    Undo is unavailable until the person has placed, then takes both back."""
    session = make(Seeded(), side="white")
    session.set_setting("variant", FREE)
    session.computer_move(session.token)
    assert session.game.undo_target() is None and session.board.counts() == (1, 0)
    session.place(square_name(session.board.legal_moves()[0]))
    session.computer_move(session.token)
    session.undo()
    assert session.board.counts() == (1, 0) and session.game.line.cursor == 1


def test_a4_s_variant_games_are_never_challenges_and_earn_s1_to_s4_only():
    """A4, S5-S8, V3: a won anti-reversi game against the computer is recorded with its
    variant, is no challenge win, and earns no S5-S8."""
    session = make(Book(), mode="computer")
    session.set_setting("variant", ANTI)
    finish(session)
    assert assert_earned_as_no_challenge(session)["variant"] == ANTI


# -- transcripts, saves, statistics (V3) --------------------------------------------------------
def test_v3_transcripts_carry_their_variant_tag_and_the_import_reads_it():
    """V3: a non-standard game exports as ``anti:…``/``free:…``; untagged means standard;
    an unknown tag is refused with its name."""
    moves = squares_named("d4", "e4", "d5", "e5")
    assert game_text(moves, None, FREE) == "free:d4e4d5e5"
    assert game_text(squares_named("f5"), None, ANTI) == "anti:f5"
    assert game_text(squares_named("f5")) == "f5"
    assert parse_game("free:d4e4d5e5") == (moves, None, FREE)
    assert parse_game("ANTI: f5 d6") == (squares_named("f5", "d6"), None, ANTI)
    assert parse_game("standard:f5") == (squares_named("f5"), None, STANDARD)
    with pytest.raises(NotationError, match="'chess' is not a variant"):
        parse_game("chess:f5")
    with pytest.raises(IllegalMoveError):
        parse_game("free:f5")


def test_v3_the_save_keeps_the_games_variant_and_an_untagged_one_is_standard():
    """V3, P1, P3: the game part names a non-standard variant; a save without one is
    standard; an unknown one drops the game with a notice."""
    session = make(Book())
    session.set_setting("variant", FREE)
    session.place("d4")
    texts = parts(session)
    fresh = make(Book())
    assert save_loading.load(fresh, texts) == [] and fresh.game.variant == FREE and fresh.board.counts() == (1, 0)
    standard = make(Book())
    standard.place("d3")
    assert '"variant"' not in parts(standard)["game"]
    texts["game"] = texts["game"].replace('"variant":"free"', '"variant":"chess"')
    damaged = make(Book())
    notices = save_loading.load(damaged, texts)
    assert any("unknown variant" in n for n in notices) and damaged.game.line.moves == []


def test_v3_statistics_are_kept_per_variant():
    """V3: the statistics have one row per variant, level and side."""
    base = {"attempt": 1, "date": "2026-01-01T00:00:00+00:00", "mode": "computer", "level": "easy",
            "side": "black", "result": "win", "black": 40, "white": 24, "practice": False,
            "challenge": False, "duration_ms": 0}
    rows = stats.statistics(History.of([base, {**base, "attempt": 2, "variant": ANTI, "result": "loss"}]))
    assert [r["label"] for r in rows] == ["Easy, as Black", "Easy, as Black · Anti-reversi"]
    assert [(r["wins"], r["losses"]) for r in rows] == [(1, 0), (0, 1)]


def test_c2_the_computer_plays_the_free_opening_on_the_centre():
    """C2, V2: every level's first placements in the free opening are centre squares."""
    from reversi.engine.players import choose_move

    for level in ("easy", "normal", "hard", "expert"):
        for seed in range(4):
            square = choose_move(0, 0, level, seed=seed, variant=FREE).square
            assert square is not None and 1 << square & CENTRE
    black = 1 << parse_square("d4")
    assert choose_move(0, black, "expert", variant=FREE).square in squares(CENTRE & ~black)


def test_v3_the_words_of_an_anti_reversi_ending_name_the_winner_by_fewer_discs():
    """V3, B7: the end of an anti-reversi game is announced with the real counts, the
    side with fewer discs as the winner, and the person's verdict to match."""
    from reversi.app.wording import Words, result_text

    session = make(Book())
    session.set_setting("variant", ANTI)
    words = Words(session.game)
    assert words.sentence(ev.GameOver(18, 46, BLACK)) == "Game over. Black wins 18–46 (fewer discs wins). You win."
    assert result_text(Outcome(18, 46, ANTI)) == "Black wins 18–46 (fewer discs wins)."
    assert result_text(Outcome(32, 32, ANTI)) == "Draw, 32–32."
