"""Opening names: the table, its symmetries, and where a game shows its name."""

from __future__ import annotations

import pytest

from reversi.app import wording
from reversi.app.review.frames import review_of
from reversi.engine import openings
from reversi.engine.board import Board
from reversi.engine.notation import format_transcript, parse_transcript
from reversi.engine.patterns import symmetric
from tests.sessions import Storage, Tab

LINES = openings.read()


def squares(text: str) -> list[int]:
    return [s for s, _ in parse_transcript(text)]


def test_the_table_names_its_source_and_holds_at_least_70_openings():
    header = openings.DATA_FILE.read_text(encoding="utf-8").splitlines()[:6]
    assert header[0] == "# reversi-openings 1"
    assert any("Gatliff" in line for line in header)
    assert openings.count() >= 70
    assert len({moves for moves, _ in LINES}) == len(LINES), "a line is listed twice"


@pytest.mark.parametrize("moves, title", LINES, ids=[t for _, t in LINES])
def test_every_line_is_legal_from_the_standard_opening_and_named_in_each_symmetry(moves, title):
    """R2, R3: the line is a game; each of its four images (the symmetries that keep the
    start) is a game too and has the same name; a colour-swapping image is not a game."""
    assert openings.start_symmetries() == (0, 3, 4, 7)
    for g in range(8):
        image = list(symmetric(moves, g))
        if g in openings.start_symmetries():
            Board.replay(format_transcript(image))  # raises if a placement is illegal
            assert openings.aliases(image) == title.split("/")
        else:
            with pytest.raises(ValueError):
                Board.replay(format_transcript(image))


def test_a_game_keeps_the_last_name_reached_and_none_before_the_first():
    assert openings.name([]) == ""
    assert openings.name(squares("f5")) == ""
    assert openings.name(squares("f5d6")) == "Perpendicular Opening"
    assert openings.name(squares("f5d6c3d3c4")) == "Tiger"
    tiger_on = "f5d6c3d3c4f4f6f3e6e7d7g6"  # leaves the listed lines after the Tiger's Brightwell
    assert openings.name(squares(tiger_on)) == openings.name(squares(tiger_on[:16]))
    assert openings.name(squares("e6f4c3c4d3")) == "Tiger"  # the same line, turned
    assert openings.name(squares("f5f6e6f4")) == "Diagonal Opening"
    assert openings.aliases(squares("f5f6e6f4g5")) == ["Heath", "Tobidashi"]


def test_a_set_up_or_variant_game_has_no_opening_name():
    moves = squares("f5d6c3d3c4")
    assert wording.opening_name(moves) == "Tiger"
    assert wording.opening_name(moves, set_up=True) == ""
    assert wording.opening_name(moves, variant="anti") == ""


def test_the_game_line_the_history_and_the_review_name_the_opening():
    """The game line as the game follows it; the history line and the review title after."""
    tab = Tab(Storage())
    tab.load()
    tab.call("set_setting", name="mode", value="local")
    tab.call("new")
    reply = tab.play("f5", "d6")
    assert reply["game_line"].endswith(" · Perpendicular Opening")
    reply = tab.play("c3", "d3", "c4")
    assert reply["game_line"].endswith(" · Tiger")
    review = tab.call("review", source="current")["review"]
    assert review["title"].endswith(" · Tiger")
    assert review["frames"][3]["heading"].startswith(review["title"])
    assert " · Tiger" in wording.history_words({
        "attempt": 1, "date": "2026-01-31T10:00:00+00:00", "mode": "local", "level": "normal", "side": "black",
        "result": "black", "black": 40, "white": 24, "practice": False, "challenge": False, "duration_ms": 0,
        "moves": "f5d6c3d3c4"})["game"]
    assert " · " not in review_of(squares("f5"), "This game", "current", None)["title"]
