"""Pondering (C2, ``reversi.engine.ponder``): while the person thinks, the positions
after their likeliest replies are searched, and the computer's move goes on
with that search; without pondering nothing changes."""

from __future__ import annotations

import random

from reversi.engine import ponder as ponder_module
from reversi.engine.bitboard import flips_mask, moves_mask, squares
from reversi.engine.board import Board
from reversi.engine.players import choose_move
from reversi.engine.ponder import LEAST_RUN, PREDICT_NODES, SHARES, Ponder
from reversi.engine.search import Search


def person_to_move(seed: int, plies: int = 20) -> tuple[int, int]:
    """Returns a midgame position (the person to move) with several legal moves."""
    rng = random.Random(seed)
    while True:
        board = Board()
        for _ in range(plies):
            board.play(rng.choice(board.legal_moves()))
        if len(board.legal_moves()) >= 4:
            return board.mover_mask()


def after(p: int, o: int, square: int) -> tuple[int, int]:
    """Returns the position after ``p`` places on ``square``."""
    f = flips_mask(p, o, square)
    return o ^ f, p | f | 1 << square


def test_c2_the_likeliest_reply_is_pondered_first_and_most():
    """C2: the person's likeliest move (a short search's best) comes first, and each
    call's nodes are shared out, most on it; the search for the likeliest move goes on
    with its share, and the order follows what it finds."""
    p, o = person_to_move(3)
    ponder = Ponder("expert")
    ponder.start(p, o)
    likeliest = Search(None, PREDICT_NODES).run(p, o, 20).square
    assert likeliest is not None and ponder.replies[0] == after(p, o, likeliest)
    assert len(ponder.replies) == len(SHARES)
    ponder.work(40_000)
    spent = [ponder.take(*position).nodes for position in ponder.replies]
    assert spent[0] > spent[1] > 0 and spent[0] >= 0.6 * 40_000
    predicted = ponder.predictor.nodes
    assert predicted >= PREDICT_NODES + 0.05 * 40_000
    assert ponder.nodes == sum(spent) + predicted <= PREDICT_NODES + 40_000 + 64 * (len(SHARES) + 1)
    assert ponder.replies[0] == after(p, o, ponder.predictor.reached[3].square)


def test_c2_a_short_call_goes_on_with_one_search_not_a_sliver_of_each(monkeypatch):
    """C2: the page's slices are short: each one runs the search owed most, so that every
    reply's search gets runs long enough to go deeper, and the shares hold over many.
    The prediction is held (no share), so the replies' order, and with it their shares,
    stays that of the start: a change of mind reorders them (the test above)."""
    monkeypatch.setattr(ponder_module, "PREDICT_SHARE", 0.0)
    p, o = person_to_move(4)
    ponder = Ponder("expert")
    ponder.start(p, o)
    first = ponder.predictor.nodes
    for _ in range(60):
        before = {position: ponder.take(*position).nodes if ponder.take(*position) else 0
                  for position in ponder.replies}
        predicted = ponder.predictor.nodes
        ponder.work(LEAST_RUN * 3 // 2)
        grown = [position for position in ponder.replies if ponder.take(*position).nodes > before.get(position, 0)]
        assert len(grown) + (ponder.predictor.nodes > predicted) == 1
    spent = [ponder.take(*position).nodes for position in ponder.replies]
    assert spent[0] > spent[1] > spent[2] > LEAST_RUN and ponder.predictor.nodes == first


def test_c2_a_pondered_search_goes_on_deeper_than_a_fresh_one():
    """C2: the computer's move goes on with the pondered search (its table, its best
    move, its depth): with the same budget on top, it reaches at least as deep."""
    p, o = person_to_move(5)
    ponder = Ponder("expert")
    ponder.start(p, o)
    ponder.work(60_000)
    position = ponder.replies[0]
    prepared = ponder.take(*position)
    pondered = prepared.nodes
    fresh = choose_move(*position, "expert", nodes=20_000)
    again = choose_move(*position, "expert", nodes=20_000, prepared=prepared)
    assert again.nodes > pondered and again.depth >= fresh.depth


def test_c2_an_unpondered_position_gives_nothing_and_a_new_start_forgets():
    """C2: a reply that was not pondered has no search; a new position drops the old."""
    p, o = person_to_move(7)
    ponder = Ponder("hard")
    ponder.start(p, o)
    ponder.work(3_000)
    pondered = set(ponder.replies)
    others = [after(p, o, s) for s in squares(moves_mask(p, o))]
    missing = [position for position in others if position not in pondered]
    assert missing and all(ponder.take(*position) is None for position in missing)
    ponder.start(*person_to_move(8))
    assert all(ponder.take(*position) is None for position in pondered)


def test_c2_pondering_goes_on_with_the_table_of_the_computers_last_search():
    """C2: the pondered searches, and the computer's move after any reply, share the
    table of the computer's search before, which first drops the positions the game has
    passed; dropping them changes no search's result."""
    for seed in range(9, 30):  # a search whose line reaches the person's next turn
        p, o = person_to_move(seed, plies=19)  # the computer to move
        known = Search(None, 20_000)
        line = known.run(p, o, 20).pv
        if len(line) >= 3:
            break
    assert len(line) >= 3
    person = after(*after(*after(p, o, line[0]), line[1]), line[2])  # two moves on, the person's turn
    discs = (person[0] | person[1]).bit_count()
    whole = dict(known.table)
    assert any((a | b).bit_count() < discs for a, b in whole)
    ponder = Ponder("expert")
    ponder.start(*person, known=known)
    assert ponder.predictor.table is known.table
    assert all((a | b).bit_count() >= discs for a, b in known.table)
    ponder.work(6_000)
    assert all(ponder.take(*position).table is known.table for position in ponder.replies)
    missing = next(after(*person, s) for s in squares(moves_mask(*person))
                   if after(*person, s) not in ponder.replies)
    assert ponder.take(*missing) is None and ponder.search_for(*missing).table is known.table
    pruned, kept = Search(None, 8_000), Search(None, 8_000)
    pruned.table, kept.table = {k: v for k, v in whole.items() if (k[0] | k[1]).bit_count() >= discs}, whole
    a, b = pruned.run(*person), kept.run(*person)
    assert (a.square, a.score, a.depth, a.nodes, a.pv) == (b.square, b.score, b.depth, b.nodes, b.pv)
