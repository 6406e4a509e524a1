"""Pondering in the page (C4, ``reversi.app.pondering``) at the bridge: the setting is
saved with the others (P1); a ``ponder`` slice does nothing unless the person is to
move against Hard or Expert with the setting on (P4, P5); after pondering, the
computer's move is legal and goes on with the pondered search; with pondering off
the moves are exactly those of the plain player.  Only Bridge.call is used."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

from reversi.app.bridge import Bridge
from reversi.app.pondering import BUDGET_MOVES, SLICE_NODES, Pondering, searched
from reversi.engine.bitboard import flips_mask
from reversi.engine.board import Board
from reversi.engine.levels import LEVELS
from reversi.engine.notation import format_board, parse_square
from reversi.engine.players import choose_move
from reversi.engine.ponder import finished
from reversi.engine.search import Search
from tests.sessions import Storage, Tab

#: The node budget of the test players (reproducible moves, C2).
NODES = 2_000


def plain(p: int, o: int, level: str, seed: int, variant: str) -> int:
    """The computer player of a node budget."""
    square = choose_move(p, o, level, seed=seed, variant=variant, nodes=NODES).square
    assert square is not None
    return square


class GoOn:
    """Goes on with a pondered search at the same node budget; records each search."""

    def __init__(self) -> None:
        self.prepared: list[tuple[int, int, int]] = []  # (nodes pondered, depth reached, nodes after)

    def __call__(self, p: int, o: int, level: str, seed: int, variant: str, prepared: Search) -> int:
        before = prepared.nodes
        depth = prepared.reached[1] if prepared.reached else 0
        choice = choose_move(p, o, level, seed=seed, variant=variant, nodes=NODES, prepared=prepared)
        assert choice.square is not None
        self.prepared.append((before, depth, prepared.nodes))
        return choice.square


def midgame(seed: int) -> str:
    """Returns the board string of a midgame position, Black (the person) to move, out of
    the book, whose likeliest replies the computer searches."""
    rng = random.Random(seed)
    while True:
        board = Board()
        for _ in range(24):
            board.play(rng.choice(board.legal_moves()))
        if board.turn == 0 and len(board.legal_moves()) >= 4:
            return format_board(board.black, board.white, 0)


def ponder(tab: Tab, token: int | None = None) -> Any:
    """Asks for one slice, as web/control/pondering.js does; returns whether more is useful."""
    reply = json.loads(tab.bridge.call("ponder", json.dumps({"token": tab.snap["token"] if token is None else token})))
    assert set(reply) == {"ponder"}  # no snapshot, nothing to store
    return reply["ponder"]


def expert_tab(go_on: GoOn | None = None, level: str = "expert", seed: int = 1) -> Tab:
    """A page playing Black against ``level`` from a midgame position."""
    tab = Tab(Storage(), player=plain)
    if go_on is not None:
        tab.bridge.room("pondering").go_on = go_on
    tab.load()
    tab.call("set_setting", name="level", value=level)
    tab.call("setup_play", board=midgame(seed), mode="computer")
    assert tab.snap["human_to_move"] and tab.snap["level"] == level
    return tab


def test_c4_p1_the_setting_is_on_by_default_saved_and_read_back():
    """C4, P1: "Think during my turn" is on by default, saved with the settings and read
    back; a save from before it has it on."""
    storage = Storage()
    tab = Tab(storage, player=plain)
    assert tab.load()["options"]["ponder"] is True
    reply = tab.call("set_setting", name="ponder", value=False)
    assert reply["options"]["ponder"] is False and reply["announce"].startswith("Think during my turn off.")
    again = Tab(storage, player=plain)
    assert again.load()["options"]["ponder"] is False
    settings = json.loads(storage.get("settings"))
    del settings["settings"]["ponder"]
    older = Storage()
    older["settings"] = json.dumps(settings)
    assert Tab(older, player=plain).load()["options"]["ponder"] is True
    assert Tab(storage, player=plain).call("set_setting", name="ponder", value=True)["options"]["ponder"] is True


def test_c4_pondering_is_due_only_on_the_persons_turn_against_hard_or_expert():
    """C4: due against Hard and Expert on the person's turn; not against Normal, not
    between two players, not with the setting off, not paused (P4), not once over."""
    tab = expert_tab()
    assert tab.snap["ponder_due"] is True
    assert expert_tab(level="hard").snap["ponder_due"] is True
    assert expert_tab(level="normal").snap["ponder_due"] is False
    assert tab.call("pause")["ponder_due"] is False
    assert tab.call("resume")["ponder_due"] is True
    assert tab.call("set_setting", name="ponder", value=False)["ponder_due"] is False
    local = Tab(Storage(), player=plain)
    local.load()
    local.call("set_setting", name="mode", value="local")
    assert local.snap["ponder_due"] is False


def test_c4_p5_a_slice_does_nothing_when_off_paused_stale_or_not_the_persons_turn():
    """C4, P4, P5: a slice for a paused game, a stale token, the setting off or the
    computer's turn ponders nothing and says no more is useful."""
    tab = expert_tab()
    pondering = tab.bridge.room("pondering")
    token = tab.snap["token"]
    tab.call("pause")
    assert ponder(tab) is False and ponder(tab, token) is False
    tab.call("resume")
    assert ponder(tab, token - 1) is False
    tab.call("set_setting", name="ponder", value=False)
    assert ponder(tab) is False
    assert pondering.slices == 0 and pondering.ponder is None
    tab.call("set_setting", name="ponder", value=True)
    tab.call("place", square=tab.snap["legal"][0], token=tab.snap["token"])
    assert tab.snap["computer_to_move"] and ponder(tab) is False and pondering.slices == 0


def test_c4_the_computers_move_after_pondering_is_legal_and_goes_on_with_the_pondered_search():
    """C4: slices ponder the likeliest replies; when the person plays the likeliest, the
    computer's move is legal and goes on with that search (its nodes and depth)."""
    go_on = GoOn()
    tab = expert_tab(go_on)
    pondering = tab.bridge.room("pondering")
    assert ponder(tab) is True  # the first slice ranks the replies
    replies = list(pondering.ponder.replies)
    assert replies and all(searched(reply, "expert", "standard") for reply in replies)
    for _ in range(20):
        assert ponder(tab) is True
    assert pondering.ponder.nodes >= 20 * SLICE_NODES * 0.9
    likeliest = next(square for square in tab.snap["legal"] if after(tab, square) == replies[0])
    tab.call("place", square=likeliest, token=tab.snap["token"])
    moved = tab.call("computer_move", token=tab.snap["token"])
    assert pondering.used == 1 and len(go_on.prepared) == 1
    before, depth, nodes = go_on.prepared[0]
    assert before > 0 and depth >= 1 and nodes > before
    assert moved["placed"] is not None and moved["human_to_move"]  # a legal move, the person's turn again
    assert pondering.ponder is None  # the memory goes with the move



def test_c4_the_next_pondering_goes_on_with_the_table_of_the_computers_move():
    """C4: the computer's move after pondering, even after a reply not pondered, keeps its
    search; the next pondering shares that table, but not after Undo."""
    for undo in (False, True):
        go_on = GoOn()
        tab = expert_tab(go_on, seed=3)
        pondering = tab.bridge.room("pondering")
        for _ in range(5):
            assert ponder(tab) is True
        pondered = list(pondering.ponder.replies)
        unlikely = next(square for square in tab.snap["legal"] if after(tab, square) not in pondered)
        tab.call("place", square=unlikely, token=tab.snap["token"])
        tab.call("computer_move", token=tab.snap["token"])
        assert pondering.used == 0 and len(go_on.prepared) == 1 and pondering.known is not None
        search = pondering.known[0]
        if undo:
            tab.call("undo")
        assert ponder(tab) is True and pondering.known is None
        assert (pondering.ponder.predictor.table is search.table) is not undo

def after(tab: Tab, square: str) -> tuple[int, int]:
    """Returns the position (the computer to move) after the person, Black, plays ``square``."""
    cells = tab.snap["cells"]
    p = sum(1 << i for i, cell in enumerate(cells) if cell == "X")
    o = sum(1 << i for i, cell in enumerate(cells) if cell == "O")
    s = parse_square(square)
    f = flips_mask(p, o, s)
    return o ^ f, p | f | 1 << s


def play_on(tab: Tab, *, slices: int, rounds: int = 8) -> str:
    """Plays ``rounds`` of the person's moves (before the solver's endgame), the person
    always taking the first legal square, with ``slices`` ponder slices asked for on
    each of their turns; returns the moves."""
    while tab.snap["result"] is None and rounds:
        if tab.snap["computer_to_move"]:
            tab.call("computer_move", token=tab.snap["token"])
            continue
        for _ in range(slices):
            ponder(tab)
        tab.call("place", square=tab.snap["legal"][0], token=tab.snap["token"])
        rounds -= 1
    return tab.snap["moves"]


def test_c4_with_pondering_off_the_moves_are_exactly_the_plain_players():
    """C4: with the setting off, slices asked for change nothing: the same moves as a
    page that never ponders, for the same node budget and seeds; with it on, the game
    goes on with pondered searches (the session takes legal moves only)."""
    never = expert_tab(seed=2)
    off = expert_tab(seed=2)
    off.call("set_setting", name="ponder", value=False)
    assert play_on(off, slices=3) == play_on(never, slices=0)
    assert off.bridge.room("pondering").slices == 0 and off.bridge.room("pondering").used == 0
    on = expert_tab(seed=2)
    play_on(on, slices=3)
    assert on.bridge.room("pondering").slices > 0 and on.snap["result"] is None


def test_c4_pondering_stops_once_every_reply_reached_its_depth_cap():
    """C4: when the replies' searches have completed their last depth, going on would
    spend nothing: Python says no more is useful, long before the node budget."""
    tab = expert_tab(level="hard")
    pondering = tab.bridge.room("pondering")
    assert ponder(tab) is True
    pondering.ponder.config = replace(LEVELS["hard"], max_depth=3)
    slices = 1
    while ponder(tab):
        slices += 1
        assert slices < 50
    assert all(finished(pondering.ponder.take(*r), r, 3) for r in pondering.ponder.replies)
    assert pondering.ponder.nodes < BUDGET_MOVES * LEVELS["hard"].nodes
    assert ponder(tab) is False


def test_c4_a_pondered_search_is_not_used_once_the_setting_is_off():
    """C4: turning the setting off between pondering and the move gives the plain move."""
    go_on = GoOn()
    tab = expert_tab(go_on)
    for _ in range(5):
        ponder(tab)
    replies = list(tab.bridge.room("pondering").ponder.replies)
    tab.call("set_setting", name="ponder", value=False)
    likeliest = next(square for square in tab.snap["legal"] if after(tab, square) == replies[0])
    tab.call("place", square=likeliest, token=tab.snap["token"])
    tab.call("computer_move", token=tab.snap["token"])
    assert go_on.prepared == [] and tab.bridge.room("pondering").used == 0


def test_c4_the_bridges_player_is_the_pondering_one():
    """C4: every session the bridge makes (load, adopt) plays through the pondering player."""
    bridge = Bridge(plain)
    assert isinstance(bridge.room("pondering"), Pondering) and bridge.session.player == bridge.room("pondering").player
    bridge.call("load", json.dumps({"documents": {}}))
    assert bridge.session.player == bridge.room("pondering").player
