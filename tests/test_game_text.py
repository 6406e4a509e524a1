"""A game's text is one form everywhere (V3, R6, E2): the field, every Copy,
the history's games and the command line give the same tagged text, and that text opens
as the same game: same final board, same variant, same result."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi.app.cli import main as cli
from reversi.app.game_text import Played, game_link, game_text, parse_game, parse_link
from reversi.engine.board import Board
from reversi.engine.notation import format_board, parse_board
from reversi.engine.variants import VARIANTS
from reversi.game.line import Line
from tests.sessions import Storage, Tab

#: A position to set up (E1): a game's after 13 placements, but Black to move; 47 squares empty.
_BOARD = Board.replay("f5d6c3d3c4f4f6f3e6e7d7c6b5")
SET_UP = format_board(_BOARD.discs(0), _BOARD.discs(1), 0)


def played_to_the_end(tab: Tab, seed: int) -> dict:
    """Plays the game in ``tab`` between two people to its end with random legal moves."""
    rng = random.Random(seed)
    reply = tab.snap
    while reply["result"] is None:
        reply = tab.play(rng.choice(reply["legal"]))
    return reply


def new_game(kind: str) -> Tab:
    """Returns a tab whose new two-player game is standard, anti-reversi, free-opening or set up."""
    tab = Tab(Storage())
    tab.load()
    tab.call("set_setting", name="mode", value="local")
    if kind == "set-up":
        tab.call("setup_play", board=SET_UP, mode="local")
    else:
        tab.call("set_setting", name="variant", value=kind)
        tab.call("new")
    return tab


@pytest.mark.parametrize("kind", ["standard", "anti", "free", "set-up"])
def test_v3_every_place_gives_the_same_text_and_it_opens_as_the_same_game(kind):
    """V3, E2: mid-game and finished, the field (snapshot transcript), the review's Copy
    and the history's game give the same text; opened again it is the same game."""
    tab = new_game(kind)
    for _ in range(5):
        tab.play(tab.snap["legal"][0])
    middle = tab.snap["transcript"]
    assert tab.call("review", source="current")["review"]["transcript"] == middle
    tab.call("close_review")
    end = played_to_the_end(tab, 7)
    text = end["transcript"]
    assert text.startswith(middle)
    tag = {"standard": "", "anti": "anti:", "free": "free:", "set-up": SET_UP + " "}[kind]
    assert text.startswith(tag) and (tag or text[0] in "abcdefgh")
    assert tab.call("review", source="current")["review"]["transcript"] == text
    tab.call("close_review")
    history = end["history"]["rows"][0]
    assert tab.call("review", source="history", index=history["index"])["review"]["transcript"] == text
    tab.call("close_review")
    opened = tab.call("import_transcript", text=text)["review"]
    assert opened["transcript"] == text and opened["variant"] == (kind if kind in VARIANTS else "standard")
    assert opened["frames"][-1]["cells"] == end["cells"] and opened["frames"][-1]["turn"] is None
    assert opened["frames"][-1]["counts"] == end["counts"]


@st.composite
def games(draw) -> Played:
    """Returns a random legal game of any variant, from the opening or a set-up start."""
    variant = draw(st.sampled_from(VARIANTS))
    start = None
    if variant == "standard" and draw(st.booleans()):
        start = parse_board(SET_UP)
    line = Line(start=start, variant=variant)
    rng = random.Random(draw(st.integers(0, 10 ** 6)))
    for _ in range(draw(st.integers(0, 60))):
        board = line.board
        if board.is_game_over():
            break
        line.play(rng.choice(board.legal_moves()))
    return Played(line.moves, start, variant)


@settings(max_examples=150, deadline=None)
@given(game=games())
def test_v3_the_text_of_any_game_reads_back_as_that_game(game):
    """R6, E2, V3: parse_game(game_text(game)) is the game, tag and start included."""
    assert parse_game(game_text(*game)) == game


def test_v3_the_command_line_prints_each_match_game_as_text_that_opens_the_same_game(capsys):
    """V3: `match` prints each game's tagged text; it reads back to the printed score."""
    assert cli(["match", "easy", "easy", "--games", "2", "--variant", "anti"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("game ")]
    assert len(lines) == 2
    for line in lines:
        score, text = line.split(")  ")[0].split("(black) ")[1].split()[0], line.split("  ")[-1]
        game = parse_game(text)
        assert game.variant == "anti" and text.startswith("anti:")
        board = Line(variant="anti")
        for square in game.moves:
            board.play(square)
        assert board.board.is_game_over() and "-".join(map(str, board.board.counts())) == score


@settings(max_examples=100, deadline=None)
@given(game=games())
def test_a_links_fragment_reads_back_as_its_game(game):
    """V3, E2: parse_link(game_link(game)) is the game, variant and start included;
    the fragment needs no escaping in a URL."""
    fragment = game_link(*game)
    assert parse_link("#" + fragment) == game
    assert re.fullmatch(r"[A-Za-z0-9=&_.~-]*", fragment)


@pytest.mark.parametrize("fragment, says", [
    ("#moves=f5f5", "cannot be played"), ("#moves=z9", "is not a square"), ("#colour=red", "not part of a link"),
    ("#moves=f5&variant=chess", "is not a variant"), ("#moves=f5&start=XXX", "a board string has 64 squares"),
    ("#moves=f5&moves=d6", "not part of a link"), ("#" + "moves=" + "f5" * 300, "not part of a link")])
def test_a_bad_link_is_refused_with_its_reason_and_the_game_in_play_stays(fragment, says):
    """P3: a link that is not a legal game says why, and changes nothing."""
    tab = Tab(Storage())
    tab.load()
    tab.play("d3")
    before = tab.snap["cells"], tab.snap["moves"]
    with pytest.raises(ValueError, match="That link cannot be opened") as refused:
        tab.call("open_link", fragment=fragment)
    assert says in str(refused.value)
    after = tab.call("snapshot")
    assert (after["cells"], after["moves"]) == before and not after["reviewing"]


def test_the_snapshot_and_the_review_carry_the_link_of_their_game():
    """the live game's link and its review's are the same, and open that game."""
    tab = new_game("anti")
    tab.play(tab.snap["legal"][0])
    link = tab.snap["link"]
    assert link.startswith("moves=") and link.endswith("&variant=anti")
    assert tab.call("review", source="current")["review"]["link"] == link
    tab.call("close_review")
    opened = tab.call("open_link", fragment="#" + link)["review"]
    assert opened["variant"] == "anti" and opened["title"] == "Shared game"
