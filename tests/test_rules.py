"""Tests of the rules R1-R5 on hand-drawn boards, and properties of the move generator.

Self-contained (pytest, hypothesis, the standard library and ``reversi`` only,
no data files) so that it also runs inside Pyodide.  Boards are drawn as eight
lines, rows 1 to 8 top to bottom, columns a to h left to right (R1): ``X``
black, ``O`` white, ``.`` empty; spaces are ignored.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi.engine.bitboard import CORNERS, FULL, count, flips_mask, moves_mask, moves_masks, squares
from reversi.engine.board import BLACK, OPENING_BLACK, OPENING_WHITE, WHITE, Board, Color, Outcome
from reversi.engine.notation import IllegalMoveError, format_transcript, parse_square, square_name

# -- helpers ---------------------------------------------------------------

def masks_from(diagram: str) -> tuple[int, int]:
    """Returns ``(black, white)`` bitboards of an eight-line diagram (a1 top-left)."""
    rows = [line.replace(" ", "") for line in diagram.strip().splitlines()]
    assert len(rows) == 8 and all(len(row) == 8 for row in rows), diagram
    black = white = 0
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            assert cell in "XO.", f"bad cell {cell!r} in {diagram}"
            if cell == "X":
                black |= 1 << (r * 8 + c)
            elif cell == "O":
                white |= 1 << (r * 8 + c)
    return black, white


def board_from(diagram: str, turn: Color = BLACK) -> Board:
    """Returns the Board drawn in ``diagram`` with ``turn`` to move (passing if it must)."""
    return Board(*masks_from(diagram), turn=turn)


def names(mask: int) -> set[str]:
    """Returns the names of the squares set in ``mask``."""
    return {square_name(s) for s in squares(mask)}


def sq(name: str) -> int:
    """Returns the square called ``name``."""
    return parse_square(name)


def snapshot(board: Board) -> tuple:
    """Returns everything that defines a position and its history."""
    return board.black, board.white, board.turn, list(board.steps)


DIRECTIONS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def reference_flips(grid: list[list[str]], row: int, col: int, me: str) -> set[tuple[int, int]]:
    """Returns the (row, col) cells a placement by ``me`` flips, the slow way.

    Walks each of the eight directions square by square on a plain 8x8 list:
    a run of opposing discs counts when a disc of ``me`` closes it (R3).
    """
    if grid[row][col] != ".":
        return set()
    them = "O" if me == "X" else "X"
    flipped: set[tuple[int, int]] = set()
    for dr, dc in DIRECTIONS:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and grid[r][c] == them:
            run.append((r, c))
            r, c = r + dr, c + dc
        if run and 0 <= r < 8 and 0 <= c < 8 and grid[r][c] == me:
            flipped.update(run)
    return flipped


def grid_of(p: int, o: int) -> list[list[str]]:
    """Returns the 8x8 list of ``X`` (``p``), ``O`` (``o``) and ``.``."""
    return [["X" if p >> (r * 8 + c) & 1 else "O" if o >> (r * 8 + c) & 1 else "."
             for c in range(8)] for r in range(8)]


def to_mask(cells: set[tuple[int, int]]) -> int:
    """Returns the bitboard of a set of (row, col) cells."""
    return sum(1 << (r * 8 + c) for r, c in cells)


# -- R1 board and squares --------------------------------------------------

def test_r1_a1_is_top_left_and_h8_bottom_right():
    """R1: columns a-h run left to right, rows 1-8 top to bottom, a1 = 0 and h8 = 63."""
    board = board_from("""
        X......O
        ........
        ........
        ........
        ........
        ........
        ........
        O......X
    """)
    assert board.color_at(sq("a1")) == BLACK and sq("a1") == 0
    assert board.color_at(sq("h1")) == WHITE and sq("h1") == 7
    assert board.color_at(sq("a8")) == WHITE and sq("a8") == 56
    assert board.color_at(sq("h8")) == BLACK and sq("h8") == 63
    assert CORNERS == (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)
    assert board.cells()[:8] == "X------O"


# -- R2 opening ------------------------------------------------------------

OPENING = """
    ........
    ........
    ........
    ...OX...
    ...XO...
    ........
    ........
    ........
"""


def test_r2_opening_position_and_black_moves_first():
    """R2: White on d4 and e5, Black on e4 and d5; Black moves first."""
    board = Board()
    assert (board.black, board.white) == masks_from(OPENING) == (OPENING_BLACK, OPENING_WHITE)
    assert names(board.black) == {"e4", "d5"} and names(board.white) == {"d4", "e5"}
    assert board.turn == BLACK
    assert {square_name(s) for s in board.legal_moves()} == {"d3", "c4", "f5", "e6"}
    assert board.counts() == (2, 2) and board.outcome() is None


def test_r2_first_move_hands_the_turn_to_white():
    """R2/R4: after Black's first move White, who has moves, is to move."""
    board = Board()
    step = board.play(sq("f5"))
    assert (step.color, names(step.flips), step.caused_pass) == (BLACK, {"e5"}, False)
    assert board.turn == WHITE
    assert {square_name(s) for s in board.legal_moves()} == {"d6", "f6", "f4"}


# -- R3 placements and flips -----------------------------------------------

def test_r3_every_bracketed_direction_flips_at_once():
    """R3: a placement flips the bracketed runs of all eight directions together."""
    board = board_from("""
        X.X.X...
        .OOO....
        XO.OX...
        .OOO....
        X.X.X...
        ........
        ........
        .......O
    """)
    step = board.play(sq("c3"))
    assert names(step.flips) == {"b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"}
    assert board.counts() == (8 + 1 + 8, 1)


def test_r3_only_bracketed_runs_flip_in_a_mixed_position():
    """R3: beside a closed run that flips, a run stopped by an empty square and a run
    reaching the edge without a disc of the mover's colour flip nothing."""
    board = board_from("""
        ........
        ........
        ........
        X.OO.OX.
        ........
        ........
        ........
        ........
    """)
    # e4 placed: right f4 (O) then g4 (X) closes; left d4, c4 (O) then b4 empty.
    assert names(flips_mask(board.black, board.white, sq("e4"))) == {"f4"}
    board = board_from("""
        .OOOOOOO
        O.......
        X.......
        ........
        ........
        ........
        ........
        ........
    """)
    # a1 placed: the row of White runs to the edge with no Black disc; the column closes at a3.
    assert names(flips_mask(board.black, board.white, sq("a1"))) == {"a2"}


def test_r3_run_reaching_the_edge_without_own_disc_is_no_move():
    """R3: a run of opposing discs that ends at the board's edge brackets nothing."""
    board = board_from("""
        ........
        ........
        ........
        .OOOOOOO
        ........
        ........
        ........
        ......X.
    """)
    assert flips_mask(board.black, board.white, sq("a4")) == 0
    assert not board.is_legal(sq("a4"))


def test_r3_run_stopped_by_an_empty_square_is_no_move():
    """R3: the run must be unbroken: an empty square ends it without a bracket."""
    board = board_from("""
        .O.X....
        ........
        ........
        ........
        ........
        ........
        ........
        ........
    """)
    assert flips_mask(board.black, board.white, sq("a1")) == 0
    assert not board.is_legal(sq("a1"))


def test_r3_flipped_discs_cause_no_chain_reaction():
    """R3: only runs starting at the placed disc count; a newly flipped disc flips nothing."""
    board = board_from("""
        .OX.....
        ..O.....
        ...X....
        ........
        ........
        ........
        ........
        ........
    """)
    step = board.play(sq("a1"))
    # b1 turned black and now brackets c2 against d3, but c2 stays white.
    assert names(step.flips) == {"b1"}
    assert board.color_at(sq("c2")) == WHITE
    assert names(board.black) == {"a1", "b1", "c1", "d3"}


@pytest.mark.parametrize("square", ["d3", "e4", "c3", "a8", "e5", "e3"])
def test_r3_a_placement_that_flips_nothing_is_illegal(square):
    """R3: occupied squares and empty squares that flip nothing (next to own discs only,
    isolated, or next to an unbracketed opponent) are illegal; trying changes nothing."""
    board = board_from("""
        ........
        ........
        ...X....
        ...XO...
        ........
        ........
        ........
        ........
    """)
    before = snapshot(board)
    assert not board.is_legal(sq(square))
    assert not moves_mask(board.black, board.white) >> sq(square) & 1
    with pytest.raises(IllegalMoveError) as error:
        board.play(sq(square))
    assert error.value.square == sq(square)
    assert snapshot(board) == before


def test_r3_only_bracketing_squares_are_legal():
    """R3: the legal squares are exactly those that bracket a run."""
    board = board_from("""
        ........
        ........
        ...X....
        ...XO...
        ........
        ........
        ........
        ........
    """)
    assert names(board.legal_mask()) == {"f4", "f5"}
    assert names(flips_mask(board.black, board.white, sq("f4"))) == {"e4"}
    assert names(flips_mask(board.black, board.white, sq("f5"))) == {"e4"}


def test_r3_squares_outside_the_board_are_illegal():
    """R3: a placement must be on the board."""
    board = Board()
    for square in (-1, 64):
        assert not board.is_legal(square)
        with pytest.raises(IllegalMoveError):
            board.play(square)


# -- R4 passes -------------------------------------------------------------

#: Black to move with four corner captures; White never has a move (R4, R5).
CORNER_CAPTURES = """
    XO....OX
    ........
    ........
    ...X....
    ........
    ........
    O......O
    X......X
"""


def test_r4_forced_pass_keeps_the_turn_and_the_same_player_moves_again():
    """R4: a player with no legal move passes automatically; Black moves four times in a row."""
    board = board_from(CORNER_CAPTURES)
    assert board.turn == BLACK
    for square in ("c1", "f1", "a6"):
        assert moves_mask(board.white, board.black) == 0, "White must have no move"
        step = board.play(sq(square))
        assert step.color == BLACK and step.caused_pass
        assert board.turn == BLACK and board.legal_moves()
    board.play(sq("h6"))
    assert board.is_game_over()
    assert [s.caused_pass for s in board.steps] == [True, True, True, False]


def test_r4_unplay_rewinds_the_pass_it_caused():
    """R4: taking back a placement that caused a pass gives the turn back to its player."""
    board = board_from(CORNER_CAPTURES)
    before = snapshot(board)
    board.play(sq("c1"))
    board.play(sq("f1"))
    board.unplay()
    board.unplay()
    assert snapshot(board) == before


def test_r4_turn_passes_at_construction_only_when_forced():
    """R4: a side with a legal move keeps its turn; a side with none passes."""
    # White to move with a legal move (f4 against c4): no pass.
    diagram = """
        ........
        ........
        ........
        ..OXX...
        ........
        ........
        ........
        ........
    """
    assert board_from(diagram, turn=WHITE).turn == WHITE
    assert board_from(diagram, turn=BLACK).turn == BLACK
    # White to move without a move but Black has one: White passes.
    assert board_from(CORNER_CAPTURES, turn=WHITE).turn == BLACK


def test_r4_nobody_passes_while_holding_a_move():
    """R4: after a placement the opponent moves whenever it has a legal move."""
    board = Board.replay("f5d6c3d3c4f4f6f3e6e7")
    for step in board.steps:
        assert step.caused_pass is False
    assert [s.color for s in board.steps] == [BLACK, WHITE] * 5
    assert board.turn == BLACK and board.legal_moves()


# -- R5 end of game and score ----------------------------------------------

def test_r5_wipe_out_ends_early_and_keeps_the_real_counts():
    """R5: the game ends when neither side can move; empties go to nobody (13-0 stays 13-0)."""
    board = board_from(CORNER_CAPTURES)
    for square in ("c1", "f1", "a6", "h6"):
        assert board.outcome() is None  # A5: no result before the end
        board.play(sq(square))
    assert board.is_game_over() and board.legal_mask() == 0
    outcome = board.outcome()
    assert outcome == Outcome(13, 0) and outcome.winner == BLACK
    assert count(~(board.black | board.white) & FULL) == 51
    with pytest.raises(IllegalMoveError):
        board.play(sq("e5"))


def test_r5_game_ends_with_empty_squares_when_neither_can_move():
    """R5: both colours on the board, empties left, no move for either: the game is over."""
    board = board_from("""
        XX......
        XX......
        ........
        ........
        ........
        ........
        .......O
        ......OO
    """)
    assert board.is_game_over() and board.legal_moves() == []
    assert board.outcome() == Outcome(4, 3) and board.outcome().winner == BLACK


@pytest.mark.parametrize("diagram", [
    """
        X.......
        ........
        ........
        ........
        ........
        ........
        ........
        .......O
    """,
    "\n".join(["XXXXXXXX", "OOOOOOOO"] * 4),
])
def test_r5_equal_counts_are_a_draw(diagram):
    """R5: equal disc counts at the end are a draw, on a full board or not."""
    outcome = board_from(diagram).outcome()
    assert outcome is not None and outcome.black == outcome.white
    assert outcome.winner is None


def test_r5_white_win_is_reported_for_white():
    """R5: the side with more discs wins, whichever colour it is."""
    outcome = board_from("\n".join(["OOOOOOOO", "OOOOOOOO", "XXXXXXXX", "OOOOOOOO"] * 2)).outcome()
    assert outcome == Outcome(16, 48) and outcome.winner == WHITE


# -- properties of the generator (R3-R5) -----------------------------------

boards = st.lists(st.sampled_from("XO."), min_size=64, max_size=64).map(
    lambda cells: (sum(1 << i for i, c in enumerate(cells) if c == "X"),
                   sum(1 << i for i, c in enumerate(cells) if c == "O")))
dense_boards = st.lists(st.sampled_from("XXOO."), min_size=64, max_size=64).map(
    lambda cells: (sum(1 << i for i, c in enumerate(cells) if c == "X"),
                   sum(1 << i for i, c in enumerate(cells) if c == "O")))


@settings(max_examples=300, deadline=None)
@given(st.one_of(boards, dense_boards))
def test_r3_moves_mask_is_the_set_of_squares_that_flip(position):
    """R3: moves_mask holds exactly the empty squares where the slow reference flips something."""
    p, o = position
    grid = grid_of(p, o)
    expected = {r * 8 + c for r in range(8) for c in range(8)
                if reference_flips(grid, r, c, "X")}
    assert set(squares(moves_mask(p, o))) == expected


#: Boards from two 64-bit draws, cheap enough for lists of many (squares by the two bits:
#: half empty, a quarter each side; or, dense, half the mover's, a quarter empty).
bits = st.integers(0, (1 << 64) - 1)
quick_boards = st.one_of(st.tuples(bits, bits).map(lambda t: (t[0] & ~t[1], t[1] & ~t[0])),
                         st.tuples(bits, bits).map(lambda t: (t[0], t[1] & ~t[0])))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 64).flatmap(lambda n: st.lists(quick_boards, min_size=n, max_size=n)))
def test_r3_moves_masks_equals_moves_mask_of_each(positions):
    """R3: moves_masks, every position at once in one wide int, gives each one's moves_mask
    (any number of positions its table covers, 0-64)."""
    assert moves_masks(positions) == [moves_mask(p, o) for p, o in positions]


@settings(max_examples=300, deadline=None)
@given(st.one_of(boards, dense_boards), st.integers(0, 63))
def test_r3_flips_mask_equals_the_bracketed_runs(position, square):
    """R3: flips_mask equals the runs a square-by-square walk finds, on any empty square."""
    p, o = position
    p &= ~(1 << square)
    o &= ~(1 << square)
    expected = to_mask(reference_flips(grid_of(p, o), square // 8, square % 8, "X"))
    assert flips_mask(p, o, square) == expected


def test_r3_every_straight_run_on_the_board_is_found():
    """R3: for every empty square, direction and run length, a lone run of opposing
    discs closed by a mover's disc is a move flipping exactly that run; without the
    closing disc (or with an empty square in its place) it is none."""
    checked = 0
    for square in range(64):
        row, col = divmod(square, 8)
        for dr, dc in DIRECTIONS:
            line = []
            r, c = row + dr, col + dc
            while 0 <= r < 8 and 0 <= c < 8:
                line.append(1 << (r * 8 + c))
                r, c = r + dr, c + dc
            for length in range(1, len(line)):
                run = sum(line[:length])
                closer = line[length]
                assert moves_mask(closer, run) == 1 << square, (square, dr, dc, length)
                assert flips_mask(closer, run, square) == run
                assert moves_mask(0, run) == 0 and flips_mask(0, run, square) == 0
                # The run reaching the edge, or beyond the closer, brackets nothing.
                assert flips_mask(0, sum(line), square) == 0
                checked += 1
    assert checked == 1036


@st.composite
def games(draw, max_plies: int = 60) -> Board:
    """Returns a board after a random legal game of up to ``max_plies`` placements."""
    board = Board()
    plies = draw(st.integers(0, max_plies))
    while len(board.steps) < plies and not board.is_game_over():
        board.play(draw(st.sampled_from(board.legal_moves())))
    return board


@settings(max_examples=60, deadline=None)
@given(games())
def test_r6_random_game_replays_from_its_transcript(board):
    """R6: a random legal game's transcript replays to the same position and history."""
    replayed = Board.replay(format_transcript(board.placements()))
    assert snapshot(replayed) == snapshot(board)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_r3_each_placement_adds_one_disc_and_flips_what_changed_colour(data):
    """R3/R4: each placement adds one disc, its flips are exactly the discs that changed
    colour (the reference's runs), unplay restores the exact board, and the turn only
    stays with the mover when the opponent has no move."""
    board = Board()
    while not board.is_game_over():
        assert board.legal_moves(), "the side to move always has a move (R4)"
        p, o = board.mover_mask()
        square = data.draw(st.sampled_from(board.legal_moves()))
        grid = grid_of(p, o)
        before = snapshot(board)
        total = sum(board.counts())
        step = board.play(square)
        changed = (board.black ^ before[0]) | (board.white ^ before[1])
        assert sum(board.counts()) == total + 1
        assert step.flips == to_mask(reference_flips(grid, square // 8, square % 8, "X"))
        assert changed == step.flips | 1 << square
        assert count(step.flips) == count(changed) - 1
        opponent_moves = moves_mask(board.discs(step.color ^ 1), board.discs(step.color))
        if opponent_moves:
            assert board.turn == step.color ^ 1 and not step.caused_pass
        elif board.is_game_over():
            assert not step.caused_pass
        else:
            assert board.turn == step.color and step.caused_pass
        board.unplay()
        assert snapshot(board) == before
        board.play(square)
    assert board.outcome() == Outcome(*board.counts())


def test_squares_and_count_agree():
    """The bitboard helpers list and count the set squares, lowest first."""
    mask = (1 << 0) | (1 << 9) | (1 << 63)
    assert list(squares(mask)) == [0, 9, 63] and count(mask) == 3
    assert list(squares(0)) == [] and count(FULL) == 64
