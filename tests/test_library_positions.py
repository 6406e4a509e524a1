"""The library's positions (reversi.app.library.positions): walking a game record, its
entries, the index of sorted runs and the table of what people played, checked against a
count made the slow way (Board, and canonical forms as the least of the eight images).

Contract: R13 (what people played)
"""

from __future__ import annotations

import random
from array import array
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi.app.library.positions import DEPTH, Index, ReplayError, Row, entries, table, walk
from reversi.engine.bitboard import moves_mask
from reversi.engine.board import Board
from reversi.engine.patterns import symmetric
from reversi.engine.variants import OPENING_BLACK, OPENING_WHITE

SYM = [symmetric(range(64), g) for g in range(8)]
PLIES = 12
Position = tuple[int, int, int]


def image(discs: int, g: int) -> int:
    """Returns the bitboard's image under symmetry ``g``."""
    out = 0
    for s in range(64):
        if discs >> s & 1:
            out |= 1 << SYM[g][s]
    return out


def image_of(position: Position, g: int) -> Position:
    """Returns the position's image under symmetry ``g``."""
    return image(position[0], g), image(position[1], g), position[2]


def canonical(position: Position) -> Position:
    """Returns the least of the position's eight images."""
    return min(image_of(position, g) for g in range(8))


#: The symmetries that map the standard start to itself.
START_SYMMETRIES = [g for g in range(8) if image_of((OPENING_BLACK, OPENING_WHITE, 0), g)[:2]
                    == (OPENING_BLACK, OPENING_WHITE)]


def final_diff(board: Board) -> int:
    """Returns Black's final disc difference, by the real count (R5: empties go to nobody)."""
    black, white = board.counts()
    return black - white


def random_game(rng: random.Random, stop: float = 0.0) -> list[int]:
    """Returns a random legal game, cut short with probability ``stop`` at a random ply."""
    board = Board()
    cut = rng.randrange(1, 60) if rng.random() < stop else 60
    while not board.is_game_over() and len(board.steps) < cut:
        board.play(rng.choice(board.legal_moves()))
    return board.placements()


def positions_of(moves: list[int], plies: int) -> list[tuple[Position, int]]:
    """Returns, for each of the first ``plies`` moves, the position before it and the move."""
    board = Board()
    out = []
    for k, square in enumerate(moves):
        if k < plies:
            out.append(((board.black, board.white, board.turn), square))
        board.play(square)
    return out


def result_of(moves: list[int]) -> int:
    """Returns a game's Black result as indexed: the final difference, or the current one."""
    board = Board()
    for square in moves:
        board.play(square)
    black, white = board.counts()
    return final_diff(board) if board.is_game_over() else black - white


def orbit_key(position: Position, square: int) -> int:
    """Returns the least square that the position's own symmetries map ``square`` to."""
    return min(SYM[g][square] for g in range(8) if image_of(position, g) == position)


def slow_count(games: list[list[int]], plies: int = PLIES) -> dict[Position, list[tuple[Position, int, int]]]:
    """Returns, per canonical position, each visit: the position, the move, the result for the mover."""
    visits: dict[Position, list[tuple[Position, int, int]]] = defaultdict(list)
    for moves in games:
        diff = result_of(moves)
        for position, square in positions_of(moves, plies):
            visits[canonical(position)].append((position, square, -diff if position[2] else diff))
    return visits


def slow_table(visits: dict[Position, list[tuple[Position, int, int]]], query: Position) -> dict[int, tuple]:
    """Returns the query's table by orbit of move: games, wins, draws, losses, mean."""
    rows: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    for position, square, diff in visits.get(canonical(query), []):
        g = next(g for g in range(8) if image_of(position, g) == query)
        row = rows[orbit_key(query, SYM[g][square])]
        row[0] += 1
        row[1 + (diff <= 0) + (diff < 0)] += 1
        row[4] += diff
    return {move: (n, w, d, lost, pytest.approx(total / n)) for move, (n, w, d, lost, total) in rows.items()}


def fast_table(rows: list[Row], query: Position) -> dict[int, tuple]:
    """Returns :func:`table`'s rows in :func:`slow_table`'s form."""
    out = {orbit_key(query, row.move): (row.games, row.wins, row.draws, row.losses, row.mean) for row in rows}
    assert len(out) == len(rows)
    return out


def index_of(games: list[list[int]], depth: int = DEPTH) -> Index:
    """Returns the index of the games, a run per ten games."""
    index = Index()
    for at in range(0, len(games), 10):
        batch = array("Q")
        for moves in games[at:at + 10]:
            batch += entries(walk(moves, depth=depth), result_of(moves))
        index.add(batch)
    return index


def mapped(moves: list[int], g: int) -> list[int]:
    """Returns the game's image under symmetry ``g``."""
    return [SYM[g][s] for s in moves]


@pytest.fixture(scope="module")
def games() -> list[list[int]]:
    """About 300 random games, some cut short, with the four images of the first 40."""
    rng = random.Random(12)
    played = [random_game(rng, stop=0.3) for _ in range(260)]
    return played + [mapped(moves, g) for moves in played[:40] for g in START_SYMMETRIES if g]


def test_tables_match_the_slow_count(games):
    """Every position of the first 12 plies, queried in a random frame, has the slow count's table."""
    index = index_of(games)
    visits = slow_count(games)
    rng = random.Random(3)
    for seen in visits.values():
        query = image_of(seen[0][0], rng.randrange(8))
        rows = table([index], *query)
        assert fast_table(rows, query) == slow_table(visits, query)
        board = Board(*query)
        assert all(board.is_legal(row.move) for row in rows)
        assert [(-row.games, row.move) for row in rows] == sorted((-row.games, row.move) for row in rows)
    frames = sum(len({position for position, _, _ in seen}) > 1 for seen in visits.values())
    lines: dict[Position, set[tuple[int, ...]]] = defaultdict(set)
    for moves in games:
        for k, (position, _) in enumerate(positions_of(moves, PLIES)):
            lines[position].add(tuple(moves[:k]))
    transposed = sum(len(orders) > 1 for orders in lines.values())
    assert frames > 100 and transposed > 10, (frames, transposed)


def test_transpositions_count_together():
    """The four first moves' lines count together, and so do two move orders to one position."""
    lines = [[37, 29], [37, 45]]  # f5 f4 and f5 f6, each with its images d3 e3, c4 c3, ...
    index = index_of(lines + [mapped(line, g) for line in lines for g in START_SYMMETRIES if g])
    board = Board()
    board.play(37)
    rows = table([index], board.black, board.white, board.turn)
    assert sorted((row.move, row.games) for row in rows) == [(29, 4), (45, 4)]
    first, second = Board(), Board()
    for a, b in zip([19, 18, 26], [26, 18, 19]):  # d3 c3 c4 and c4 c3 d3
        first.play(a)
        second.play(b)
    assert (first.black, first.white, first.turn) == (second.black, second.white, second.turn)
    reply = first.legal_moves()[0]
    rows = table([index_of([[19, 18, 26, reply], [26, 18, 19, reply]])], first.black, first.white, first.turn)
    assert [row[:2] for row in rows] == [(reply, 2)]


def test_the_start_has_one_row_with_every_game(games):
    """The start's four first moves are one move: one row, every game, a legal first move."""
    rows = table([index_of(games)], OPENING_BLACK, OPENING_WHITE, 0)
    assert len(rows) == 1 and rows[0].games == len(games)
    assert rows[0].move in (19, 26, 37, 44)


def test_a_game_and_its_images_give_the_same_tables(games):
    """Each start symmetry's images of the games give the mapped tables."""
    original = index_of(games[:100])
    for g in START_SYMMETRIES:
        images = index_of([mapped(moves, g) for moves in games[:100]])
        for moves in games[:30]:
            for position, _ in positions_of(moves, PLIES):
                query = image_of(position, g)
                expected = {orbit_key(query, SYM[g][row.move]): row[1:]
                            for row in table([original], *position)}
                assert fast_table(table([images], *query), query) == expected


def test_walk_rejects_a_bad_move_by_its_index_and_kind():
    """A non-square, an occupied or non-flipping square, a move out of turn, a move after the end."""
    for bad, kind in ((64, "move"), (-1, "move"), (27, "illegal"), (0, "illegal"), (29, "illegal")):
        with pytest.raises(ReplayError) as caught:
            walk([37, 43, bad, 99])
        assert (caught.value.index, caught.value.code, caught.value.kind) == (2, bad, kind)
    white_only = next(s for s in range(64) if moves_mask(OPENING_WHITE, OPENING_BLACK) >> s & 1)
    with pytest.raises(ReplayError) as caught:
        walk([white_only])
    assert (caught.value.index, caught.value.kind) == (0, "illegal")
    moves = random_game(random.Random(5))
    with pytest.raises(ReplayError) as caught:
        walk([*moves, 0])
    assert (caught.value.index, caught.value.kind) == (len(moves), "illegal")


def passing_games(count: int) -> list[list[int]]:
    """Returns random finished games with at least one pass."""
    rng = random.Random(8)
    found = []
    while len(found) < count:
        board = Board()
        while not board.is_game_over():
            board.play(rng.choice(board.legal_moves()))
        if any(step.caused_pass for step in board.steps[:-1]):
            found.append(board.placements())
    return found


def test_walk_plays_passes_and_reads_the_result():
    """Games with passes replay whole; the tables after a pass match the slow count, also
    when queried with the passing side to move."""
    games = passing_games(12)
    index = index_of(games, depth=60)
    visits = slow_count(games, 60)
    for moves in games:
        walked = walk(moves, depth=60)
        board = Board()
        for k, square in enumerate(moves):
            if k and board.steps[-1].caused_pass:
                query = (board.black, board.white, board.turn)
                assert fast_table(table([index], *query), query) == slow_table(visits, query)
                assert table([index], board.black, board.white, board.turn ^ 1) == table([index], *query)
            board.play(square)
        assert walked.moves == len(moves) and len(walked.positions) == len(moves)
        assert walked.black_diff == final_diff(board)
        assert [x & 1 for x in walked.positions] == [turn for (_, _, turn), _ in positions_of(moves, 60)]


def test_walk_reads_results_and_starts(games):
    """The result only of finished games, by the real count (R5); a start part-way matches."""
    for moves in games[:60]:
        board = Board()
        for square in moves:
            board.play(square)
        walked = walk(moves)
        assert walked.black_diff == (final_diff(board) if board.is_game_over() else None)
        assert len(walked.positions) == min(DEPTH, len(moves)) and walked.moves == len(moves)
        for k in (0, 5, 17):
            if k < len(moves):
                position, _ = positions_of(moves, k + 1)[k]
                rest = walk(moves[k:], start=position, depth=60)
                assert rest.positions == walk(moves, depth=60).positions[k:]
                assert rest.black_diff == walked.black_diff
    assert walk([], start=(0x1FFF, 0, 1)).black_diff == 13  # a wipe-out 13-0 stays 13-0 (R5)
    assert walk([], start=(1 | 2, 1 << 63, 0)).black_diff == 1
    assert walk([], start=(1, 1 << 63, 1)).black_diff == 0


def test_entries_and_keys_are_stable():
    """An entry packs the key, the move and the mover's clamped result; keys never change
    (stored indexes depend on them)."""
    walked = walk([37, 43])
    assert walked.positions[0] >> 16 == 0x3C1C66BF351E
    black, white = entries(walked, 70)
    assert black & 0xFFFF == walked.positions[0] & 0xFF00 | 128
    assert white & 0xFFFF == walked.positions[1] & 0xFF00 | 0
    assert black >> 16 == walked.positions[0] >> 16 and white >> 16 == walked.positions[1] >> 16
    assert list(entries(walked, -3)) == [walked.positions[0] & ~0xFF | 61, walked.positions[1] & ~0xFF | 67]


def test_index_stores_and_removes(games):
    """Round trip through bytes, removal of one game and of half the games, two indexes read
    together, and refusal of damaged bytes."""
    index = index_of(games)
    size = len(index)
    assert size == sum(min(DEPTH, len(moves)) for moves in games) and len(index.runs) > 1
    again = Index.from_bytes(index.to_bytes())
    assert again.runs == index.runs
    gone = games[7]
    position, _ = positions_of(gone, 9)[8]
    before = table([index], *position)
    index.remove(entries(walk(gone), result_of(gone)))
    index.remove(array("Q", [5, 1 << 40]))
    assert len(index) == size - min(DEPTH, len(gone))
    assert table([index], *position) == table([index_of(games[:7] + games[8:])], *position) != before
    assert all(list(run) == sorted(run) for run in index.runs)
    half = array("Q")
    for moves in games[::2]:
        half += entries(walk(moves), result_of(moves))
    thinned = index_of(games)
    thinned.remove(half)
    assert sorted(x for run in thinned.runs for x in run) == sorted(
        x for run in index_of(games[1::2]).runs for x in run)
    assert table([index, Index()], OPENING_BLACK, OPENING_WHITE, 0)[0].games == len(games) - 1
    data = index.to_bytes()
    damaged = bytearray(data)
    damaged[-3] ^= 1
    for bad in (b"", b"RPX1", b"nonsense and more nonsense", data[:-8], data + b"\0" * 8, bytes(damaged)):
        with pytest.raises(ValueError):
            Index.from_bytes(bad)
    assert len(Index.from_bytes(Index().to_bytes())) == 0


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 2 ** 32), min_size=1, max_size=6), st.integers(0, PLIES - 1))
def test_games_through_a_position_are_its_games(seeds, ply):
    """A position's rows add up to the games that pass through it (in any frame)."""
    games = [random_game(random.Random(seed), stop=0.2) for seed in seeds]
    index = index_of(games)
    for moves in games:
        if ply < len(moves):
            position, _ = positions_of(moves, ply + 1)[ply]
            through = sum(any(canonical(p) == canonical(position) for p, _ in positions_of(other, PLIES))
                          for other in games)
            assert sum(row.games for row in table([index], *position)) == through
