"""Tests of the move notation (R6): square names and game transcripts.

Self-contained (pytest, hypothesis, the standard library and ``reversi`` only)
so that it also runs inside Pyodide.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi.engine.board import BLACK, WHITE, Board
from reversi.engine.notation import (
    SQUARE_NAMES,
    IllegalMoveError,
    NotationError,
    format_transcript,
    parse_square,
    parse_transcript,
    square_name,
)

#: The "Tiger" opening, ten legal placements.
TIGER = "f5d6c3d3c4f4f6f3e6e7"
TIGER_SQUARES = [37, 43, 18, 19, 26, 29, 45, 21, 44, 52]
#: A shortest possible game: White is wiped out after nine placements.
SHORTEST_GAME = "d3c3b3d2e1d6d7e3f4"


class TestSquares:
    def test_r6_a1_is_0_and_h8_is_63(self):
        """R6/R1: a1 = 0, h1 = 7, a8 = 56, h8 = 63; names are lower case."""
        assert [square_name(s) for s in (0, 7, 19, 56, 63)] == ["a1", "h1", "d3", "a8", "h8"]
        assert [parse_square(n) for n in ("a1", "h1", "d3", "a8", "h8")] == [0, 7, 19, 56, 63]

    def test_r6_every_square_name_round_trips_in_either_case(self):
        """R6: each of the 64 names parses back to its square, in lower or upper case."""
        assert len(set(SQUARE_NAMES)) == 64
        for square in range(64):
            name = square_name(square)
            assert len(name) == 2 and name[0] in "abcdefgh" and name[1] in "12345678"
            assert parse_square(name) == parse_square(name.upper()) == square
            assert parse_square(name[0].upper() + name[1]) == square

    def test_r6_square_with_surrounding_whitespace_is_accepted(self):
        """R6: whitespace around a square name is tolerated."""
        assert parse_square("  E6\n") == 44

    @pytest.mark.parametrize("text", ["", "a", "a0", "a9", "i1", "1a", "a10", "d 3", "dd", "-1"])
    def test_r6_malformed_square_raises_notation_error(self, text):
        """R6: anything but ``[a-h][1-8]`` is a NotationError naming the input."""
        with pytest.raises(NotationError) as error:
            parse_square(text)
        assert isinstance(error.value, ValueError)
        assert repr(text) in str(error.value)


class TestTranscripts:
    def test_r6_transcript_is_the_concatenation_of_placements(self):
        """R6: a transcript is the placements' squares, concatenated, lower case."""
        assert format_transcript(TIGER_SQUARES) == TIGER
        assert [s for s, _ in parse_transcript(TIGER)] == TIGER_SQUARES
        assert format_transcript([]) == "" and parse_transcript("") == []

    def test_r6_parse_reports_each_placement_position(self):
        """R6: each parsed placement carries its 1-based character position."""
        assert parse_transcript("f5d6") == [(37, 1), (43, 3)]
        assert parse_transcript(" f5\n D6\t") == [(37, 2), (43, 6)]

    def test_r6_upper_lower_and_whitespace_give_the_same_game(self):
        """R6: case and whitespace (spaces, tabs, newlines) do not change the game."""
        variants = [TIGER, TIGER.upper(), "F5d6 C3d3\nc4 F4\tf6 f3 E6 e7 ",
                    " ".join(TIGER[i:i + 2] for i in range(0, len(TIGER), 2))]
        boards = [Board.replay(text) for text in variants]
        assert {(b.black, b.white, b.turn) for b in boards} == {
            (boards[0].black, boards[0].white, boards[0].turn)}
        assert all(b.placements() == TIGER_SQUARES for b in boards)

    def test_r6_replayed_transcript_round_trips(self):
        """R6: formatting a replayed game's placements gives the transcript back."""
        board = Board.replay(TIGER.upper())
        assert format_transcript(board.placements()) == TIGER
        assert board.turn == BLACK and len(board.steps) == 10

    @pytest.mark.parametrize("text, position", [
        ("x5", 1),
        ("f5d6x3", 5),
        ("f5d6c", 5),
        ("f5 d9", 4),
        ("f5,d6", 3),
        ("f5d6 c3 i4", 9),
        ("f5\n\nd0", 5),
        ("f5d6c3d3c4f4f6f3e6e7z", 21),
    ])
    def test_r6_malformed_transcript_names_the_position(self, text, position):
        """R6: text that is not a list of squares raises NotationError with the 1-based
        position of the first bad character, also in the message."""
        for parse in (parse_transcript, Board.replay):
            with pytest.raises(NotationError) as error:
                parse(text)
            assert error.value.position == position
            assert f"character {position}" in str(error.value)

    @pytest.mark.parametrize("text, index, position, square", [
        ("f5f5", 2, 3, "f5"),       # occupied
        ("f5 a1", 2, 4, "a1"),      # flips nothing
        ("d6", 1, 1, "d6"),         # White's reply played by Black
        ("F5D6C3D3C4F4F6F3E6E7 A8", 11, 22, "a8"),
        ("f5\nd6\nc3\nc3", 4, 10, "c3"),
    ])
    def test_r6_illegal_placement_names_index_and_position(self, text, index, position, square):
        """R6/R3: a well-formed but illegal placement raises IllegalMoveError with its
        1-based number in the transcript, its character position and its square."""
        with pytest.raises(IllegalMoveError) as error:
            Board.replay(text)
        assert (error.value.index, error.value.position) == (index, position)
        assert square_name(error.value.square) == square
        message = str(error.value)
        assert f"move {index}" in message and f"character {position}" in message
        assert square in message

    def test_r5_r6_shortest_game_is_a_13_0_wipe_out_and_nothing_follows_it(self):
        """R5/R6: the shortest game (nine placements, found by a search to depth 9)
        ends 13-0 with 51 empty squares; a tenth placement names the game's end."""
        board = Board.replay(SHORTEST_GAME)
        assert board.is_game_over() and board.outcome()[:2] == (13, 0)
        assert board.outcome().winner == BLACK
        with pytest.raises(IllegalMoveError) as error:
            Board.replay(SHORTEST_GAME + " a1")
        assert (error.value.index, error.value.position) == (10, 20)
        assert "game is over" in str(error.value)

    def test_r6_illegal_move_error_is_not_a_notation_error(self):
        """R6: malformed text and illegal placements are distinct ValueErrors."""
        assert issubclass(IllegalMoveError, ValueError) and issubclass(NotationError, ValueError)
        assert not issubclass(IllegalMoveError, NotationError)
        assert not issubclass(NotationError, IllegalMoveError)

    def test_r6_passes_are_implied(self):
        """R6/R4: a transcript lists placements only; a forced pass shows as the same
        colour placing twice in a row."""
        # Play random legal games until one contains a pass, then replay its transcript.
        rng = random.Random(7)
        for _ in range(200):
            board = Board()
            while not board.is_game_over():
                board.play(rng.choice(board.legal_moves()))
            if any(step.caused_pass for step in board.steps):
                break
        else:
            pytest.fail("no random game with a pass")
        colors = [step.color for step in board.steps]
        assert any(a == b for a, b in zip(colors, colors[1:]))
        replayed = Board.replay(format_transcript(board.placements()))
        assert [step.color for step in replayed.steps] == colors
        assert {BLACK, WHITE} >= set(colors)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 63), max_size=40),
       st.lists(st.sampled_from(["", " ", "\n", "\t", "  "]), min_size=41, max_size=41),
       st.lists(st.booleans(), min_size=40, max_size=40))
def test_r6_any_square_list_round_trips_through_text(squares, gaps, upper):
    """R6: any list of squares, written with any case and whitespace, parses back."""
    parts = []
    for i, square in enumerate(squares):
        name = square_name(square)
        parts.append(gaps[i] + (name.upper() if upper[i] else name))
    text = "".join(parts) + gaps[-1]
    parsed = parse_transcript(text)
    assert [s for s, _ in parsed] == squares
    for (square, position), _ in zip(parsed, squares):
        assert text[position - 1:position + 1].lower() == square_name(square)
    assert format_transcript(squares) == text.lower().replace(" ", "").replace("\n", "") \
        .replace("\t", "")
