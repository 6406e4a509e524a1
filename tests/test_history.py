"""The compact results history (P9, A1, P7): every record kept in about 80 characters,
read back exactly, merged as a union, shed oldest first, counted for the statistics."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversi.app.stats import statistics
from reversi.engine.board import Board
from reversi.engine.notation import format_board, format_transcript
from reversi.game.history import History, decode, encode, is_item
from reversi.game.history_codec import DIGITS
from reversi.game.results import RESULTS, key, valid_record
from reversi.game.settings import LEVEL_NAMES, SIDES


@functools.lru_cache(maxsize=None)
def game_moves(seed: int, length: int) -> str:
    """Returns the transcript of a random legal game of at most ``length`` placements."""
    rng, board = random.Random(seed), Board()
    while not board.is_game_over() and len(board.placements()) < length:
        board.play(rng.choice(board.legal_moves()))
    return format_transcript(board.placements())


@st.composite
def records(draw) -> dict:
    """Returns a valid results-history record, optional fields included."""
    mode = draw(st.sampled_from(["computer", "local"]))
    result = draw(st.sampled_from(RESULTS[mode]))
    practice = draw(st.booleans())
    variant = draw(st.sampled_from(["standard", "anti", "free"]))
    start = draw(st.none() | st.builds(lambda cells, turn: format_board(*cells, turn),
                                       st.integers(0, 2 ** 64 - 1).map(lambda b: (b, 0)), st.integers(0, 1)))
    challenge = (mode == "computer" and result == "win" and not practice and start is None and variant == "standard"
                 and draw(st.booleans()))
    black = draw(st.integers(0, 64))
    seconds = draw(st.integers(0, 64 ** 6 - 1))
    record = {"attempt": draw(st.integers(1, 10 ** 12)),
              "date": f"{2000 + seconds // 31_600_000:04d}-01-01T00:00:00+00:00" if draw(st.booleans()) else
              "2026-12-02T07:00:00+00:00",
              "mode": mode, "level": draw(st.sampled_from(LEVEL_NAMES)), "side": draw(st.sampled_from(SIDES)),
              "result": result, "black": black, "white": draw(st.integers(0, 64 - black)), "practice": practice,
              "challenge": challenge, "duration_ms": draw(st.integers(0, 10 ** 12))}
    if draw(st.booleans()):
        record["moves"] = draw(st.text("abcdefgh", max_size=64).map(lambda t: "".join(c + "4" for c in t)))
    if start is not None:
        record["start"] = start
    if variant != "standard":
        record["variant"] = variant
    assert valid_record(record), record
    return record


@settings(max_examples=300, deadline=None)
@given(record=records())
def test_p9_every_valid_record_is_read_back_exactly(record):
    """P9, P3: encode then decode gives the same record, and the item passes the load check."""
    item = encode(record)
    assert decode(item) == record and is_item(item)


def test_p9_a_full_game_takes_under_100_characters():
    """P9: a 60-placement game's record is about 80 characters (the issue asks at most 100)."""
    moves = game_moves(1, 64)
    record = {"attempt": 12345, "date": "2029-06-30T21:14:09+00:00", "mode": "computer", "level": "expert",
              "side": "white", "result": "loss", "black": 40, "white": 24, "practice": True, "challenge": False,
              "duration_ms": 1_234_567, "moves": moves}
    item = encode(record)
    assert len(moves) >= 116 and isinstance(item, str) and History.size_of(item) <= 85
    assert set(item) <= set(DIGITS + ".") and decode(item) == record


def test_p9_a_record_whose_date_has_no_compact_form_is_kept_as_it_was():
    """P9: a date that is not whole UTC seconds (an older save's, say) keeps its record whole."""
    for date in ("2026-12-02T07:00:00.250000+00:00", "2026-12-02T08:00:00+01:00", "yesterday",
                 "1999-12-31T23:59:59+00:00"):
        record = {"attempt": 1, "date": date, "mode": "local", "level": "easy", "side": "black", "result": "draw",
                  "black": 32, "white": 32, "practice": False, "challenge": False, "duration_ms": 5}
        item = encode(record)
        assert item == record and decode(item) == record and is_item(item)


@pytest.mark.parametrize("damage", [
    lambda s: s[:8], lambda s: s.replace(".", ":", 1), lambda s: s[:6] + "___" + s[9:],
    lambda s: s + ".", lambda s: s + "." + "A" * 22, lambda s: s.split(".")[0] + "..", lambda s: "",
    lambda s: s[:11] + "-" + s[12:], lambda s: s[:9] + "zz" + s[11:]])
def test_p3_a_damaged_compact_record_is_refused(damage):
    """P3: cut heads, wrong separators, impossible flags or scores, stray starts, attempt 0."""
    item = encode({"attempt": 1, "date": "2026-12-02T07:00:00+00:00", "mode": "computer", "level": "hard",
                   "side": "black", "result": "win", "black": 40, "white": 24, "practice": False,
                   "challenge": True, "duration_ms": 100, "moves": "f5d6"})
    assert is_item(item) and not is_item(damage(item))


def make(n: int, *, date: int = 0, moves: bool = True) -> dict:
    """Returns record ``n``: attempt n, n seconds after a fixed time (plus ``date`` days)."""
    day, second = divmod(n, 86_400)
    record = {"attempt": n, "date": f"2024-{1 + (day + date) // 28:02d}-{1 + (day + date) % 28:02d}T"
              f"{second // 3600:02d}:{second // 60 % 60:02d}:{second % 60:02d}+00:00",
              "mode": "computer", "level": LEVEL_NAMES[n % 4], "side": SIDES[n % 2],
              "result": ("win", "loss", "draw")[n % 3], "black": 30 + n % 5, "white": 30 - n % 7,
              "practice": n % 3 != 0, "challenge": False, "duration_ms": 60_000 + n}
    if moves:
        record["moves"] = game_moves(n % 64, 60)
    return record


def test_p7_merge_is_a_union_by_date_and_attempt_in_date_order():
    """P7: merging adds what is not there yet, each record once, oldest first."""
    mine = History.of([make(1), make(3), make(5)])
    assert mine.merge([encode(make(2)), encode(make(3)), encode(make(6)), encode(make(2))])
    assert [r["attempt"] for r in mine] == [1, 2, 3, 5, 6]
    assert not mine.merge([encode(make(5))])


def test_p7_a_record_shed_in_one_tab_stays_shed_after_a_merge():
    """P7, P9: the union keeps the shed form of a record, so one tab's shedding holds."""
    mine = History.of([make(1), make(2)])
    shed = {k: v for k, v in make(1).items() if k != "moves"}
    assert mine.merge([encode(shed)]) and mine[0] == shed
    assert not mine.merge([encode(make(1))]) and mine[0] == shed


def test_p9_shedding_drops_the_oldest_moves_first_and_keeps_every_result():
    """P9: over budget, the oldest records lose their moves, down to 90 % of the budget;
    every record and every statistic stays; under budget nothing happens."""
    history = History.of(make(n) for n in range(1, 501))
    size, rows = history.size(), statistics(history)
    assert history.shed(size) == 0
    shed = history.shed(size // 2)
    assert 0 < shed < 500 and history.size() <= size // 2 * 0.9
    assert [("moves" in r) for r in history] == [False] * shed + [True] * (500 - shed)
    assert [key(r) for r in history] == [key(make(n)) for n in range(1, 501)]
    assert statistics(history) == rows
    assert history.shed(10) > 0 and history.shed(10) == 0  # all shed: nothing more to do


def test_p9_pages_run_newest_first_with_each_record_index():
    """P9: page 0 holds the newest records; each row names its index for review."""
    history = History.of(make(n) for n in range(1, 46))
    assert [i for i, _ in history.page(0, 20)] == list(range(44, 24, -1))
    assert [r["attempt"] for _, r in history.page(2, 20)] == [5, 4, 3, 2, 1]
    assert history.page(3, 20) == []


def naive_statistics(records: list[dict]) -> list[tuple]:
    """Returns (label parts, games, wins, draws, losses, best, average) per group, counted plainly."""
    groups: dict = {}
    for r in records:
        group = ("local", "", r.get("variant", "standard")) if r["mode"] == "local" else (
            r["level"], r["side"], r.get("variant", "standard"))
        margin = (r["white"] - r["black"] if r["mode"] == "computer" and r["side"] == "white"
                  else r["black"] - r["white"])
        groups.setdefault(group, []).append((r["result"], margin))
    out = []
    for results in groups.values():
        wins = sum(res in ("win", "black") for res, _ in results)
        losses = sum(res in ("loss", "white") for res, _ in results)
        margins = [m for _, m in results]
        out.append((len(results), wins, len(results) - wins - losses, losses, max(margins),
                    round(sum(margins) / len(margins), 1)))
    return sorted(out)


@settings(max_examples=30, deadline=None)
@given(recs=st.lists(records(), max_size=60))
def test_p9_the_statistics_count_every_record_like_a_plain_count(recs):
    """P9: the statistics counted from the compact heads equal a plain count of the records."""
    unique = list({key(r): r for r in recs}.values())
    rows = statistics(History.of(unique))
    assert sorted((r["games"], r["wins"], r["draws"], r["losses"], r["best"], r["average"]) for r in rows) == \
        naive_statistics(unique)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 64 ** 7 - 1), min_size=1, max_size=12, unique=True),
       st.lists(st.booleans(), min_size=12, max_size=12), st.randoms(use_true_random=False))
def test_a1_the_last_attempt_is_the_highest_id_and_a_merge_keeps_date_order(attempts, as_dicts, rng):
    """A1, P7: the next attempt id follows the highest one stored, whatever the number of
    its digits and whether the record is compact or kept as a dict; merging in any order
    gives the same history, sorted by date."""
    records = [make(i) | {"attempt": n} for i, n in enumerate(attempts)]
    items = [record if as_dict else encode(record) for record, as_dict in zip(records, as_dicts)]
    shuffled = rng.sample(items, len(items))
    one, other = History(items), History(shuffled[:3])
    other.merge(shuffled[3:])
    assert one.last_attempt() == other.last_attempt() == max(attempts)
    assert [r["attempt"] for r in one] == [r["attempt"] for r in other]
    assert [r["date"] for r in one] == sorted(r["date"] for r in records)
