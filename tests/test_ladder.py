"""The ladder's pair names (C2's benchmark): levels, frozen engines, and a level at
another node budget (``LEVEL@NODES``), which plays with that budget."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import ladder  # noqa: E402

from reversi.engine.board import Board  # noqa: E402


@pytest.mark.parametrize("pair, players", [
    ("expert-hard", ("expert", "hard")),
    ("hard-1fcb9e8-expert", ("hard", "1fcb9e8-expert")),
    ("hard@36000-1fcb9e8-expert", ("hard@36000", "1fcb9e8-expert")),
    ("expert@200000-hard@36000", ("expert@200000", "hard@36000")),
    ("anti:expert@90000-expert", ("expert@90000", "expert")),
])
def test_pairs_name_their_players(pair, players):
    assert ladder.parse_pair(pair)[:2] == players


@pytest.mark.parametrize("pair", ["hard@-expert", "hard@0-expert", "hard@1e5-expert",
                                  "easy@5000-random", "master@100-hard", "hard@100", "odd:hard-easy"])
def test_unknown_players_are_refused(pair):
    with pytest.raises(ValueError, match="not a pair of players"):
        ladder.parse_pair(pair)


def test_a_level_at_another_budget_searches_that_many_nodes(monkeypatch):
    asked, real = [], ladder.choose_move

    def choose(p, o, level, *, nodes, **_):
        asked.append((level, nodes))
        return real(p, o, level, nodes=nodes)

    board = Board.initial()
    monkeypatch.setattr(ladder, "choose_move", choose)
    square = ladder.move("normal@500", board, 1, False)
    ladder.move("normal", board, 1, False)
    assert asked == [("normal", 500), ("normal", ladder.LEVELS["normal"].nodes)]
    assert square in board.legal_moves()
