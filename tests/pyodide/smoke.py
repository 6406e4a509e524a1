"""A small engine check run inside Pyodide until the engine's own test modules exist.

Named so that the host's pytest does not collect it; tests/test_pyodide.py names it.
"""

from hypothesis import given, strategies as st

from reversi.board import OPENING_BLACK, OPENING_WHITE, Board
from reversi.perft import perft

#: Leaf counts from the opening, depths 1 to 5 (shared/data/perft.txt).
PERFT = [4, 12, 56, 244, 1396]


def test_perft_to_depth_5():
    """Perft from the opening matches the published counts (R2-R4)."""
    assert [perft(OPENING_BLACK, OPENING_WHITE, d) for d in range(1, 6)] == PERFT


@given(st.randoms(use_true_random=False))
def test_random_game_ends_and_unplays_to_the_opening(rng):
    """A random game ends with at most 64 discs and unplays back to the opening (R5)."""
    board = Board()
    while not board.is_game_over():
        board.play(rng.choice(board.legal_moves()))
    assert sum(board.outcome()) <= 64
    while board.steps:
        board.unplay()
    assert (board.black, board.white) == (OPENING_BLACK, OPENING_WHITE)
