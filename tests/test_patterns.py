"""Tests of the pattern indices and the weight files of the evaluation (C2)."""

from __future__ import annotations

import gc
import json
import random
import sys
import zlib
from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_search import random_position

from reversi.engine.evaluate import DATA, STANDARD, Evaluator, evaluate
from reversi.engine.patterns import INSTANCES, SIZES, TYPES, indices, make_sum, reference_indices, symmetric
from reversi.engine.weights import MAGIC, MAGIC_1, Weights, decode, encode


def board_symmetry(mask: int, symmetry: int) -> int:
    """Returns ``mask`` with every square moved by board symmetry 0-7."""
    return sum(1 << s for s, t in enumerate(symmetric(range(64), symmetry)) if mask >> s & 1)


class TestPatterns:
    def test_46_instances_of_11_types(self):
        """Logistello's set: 4 rows/columns each of 2-4, 2+4*4 diagonals, 4 edges,
        4 3x3 corners and 8 2x5 corners; instances are symmetric images of their type."""
        counts = [sum(t == n for t, _ in INSTANCES) for n in range(len(TYPES))]
        assert counts == [4, 4, 4, 2, 4, 4, 4, 4, 4, 4, 8]
        for t, squares in INSTANCES:
            assert any(symmetric(TYPES[t][1], g) == squares for g in range(8))

    @settings(max_examples=300, deadline=None)
    @given(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1))
    def test_fast_indices_match_the_definition(self, a, b):
        p, o = a & ~b, b & ~a
        assert list(indices(p, o)) == reference_indices(p, o)

    def test_pattern_sum_adds_each_instances_weight(self):
        rng = random.Random(1)
        tables = [[rng.randint(-99, 99) for _ in range(size)] for size in SIZES]
        pattern_sum = make_sum()
        for seed in range(20):
            p, o = random_position(seed, 30)
            expected = sum(tables[t][i] for (t, _), i in zip(INSTANCES, reference_indices(p, o)))
            assert pattern_sum(p, o, tables) == expected


class TestWeights:
    def test_file_round_trip(self):
        header = {"types": [name for name, _ in TYPES], "stages": [30, 60], "extras": ["bias"],
                  "scale": 0.5, "command": "test", "seed": 3}
        numbers = array("h", (i % 60000 - 30000 for i in range(2 * (sum(SIZES) + 1))))
        back = decode(encode(Weights(header, numbers)))
        assert back.header == header and back.numbers == numbers
        tables, extras = back.stage_numbers(1)
        assert [len(t) for t in tables] == list(SIZES) and list(extras) == [numbers[-1]]

    def test_first_version_files_are_still_read(self):
        """Version 1 kept the numbers in memory order, whole: the fits and baselines of
        earlier sessions load as they were written."""
        header = {"types": [name for name, _ in TYPES], "stages": [20, 40, 60], "extras": ["bias"],
                  "scale": 0.5}
        numbers = array("h", (i % 601 - 300 for i in range(3 * (sum(SIZES) + 1))))
        if sys.byteorder == "big":
            numbers.byteswap()
        old = MAGIC_1 + json.dumps(header).encode() + b"\n" + zlib.compress(numbers.tobytes())
        if sys.byteorder == "big":
            numbers.byteswap()
        back = decode(old)
        assert back.numbers == numbers and decode(encode(back)).numbers == numbers
        assert encode(back) != old and encode(back).startswith(MAGIC)

    @pytest.mark.parametrize("change", ["magic", "types", "size"])
    def test_bad_file_is_refused(self, change):
        header = {"types": [name for name, _ in TYPES], "stages": [60], "extras": [],
                  "scale": 1.0}
        if change == "types":
            header["types"] = header["types"][::-1]
        numbers = array("h", bytes(2 * (sum(SIZES) + (change == "size"))))
        data = encode(Weights(header, numbers))
        with pytest.raises(ValueError):
            decode(data[1:] if change == "magic" else data)

    def test_standard_file_is_small_and_says_how_it_was_made(self):
        """C2: at most 3 MB in the wheel, with the commands that made it and its data, its
        seed and its number of positions."""
        assert (DATA / "standard.weights").stat().st_size <= 3_000_000
        header = STANDARD.weights.header
        assert "bench/gen.py" in header["command"] and "bench/gen.py" in header["data_command"]
        assert isinstance(header["seed"], int) and header["positions"] > 400_000


class TestEvaluate:
    def test_symmetric_positions_evaluate_alike(self):
        """Instances share weights and mirrored contents are merged: the eight
        symmetric images of a position have the same value."""
        for seed in range(10):
            p, o = random_position(seed, 10 + 4 * seed)
            values = {round(evaluate(board_symmetry(p, g), board_symmetry(o, g)), 9)
                      for g in range(8)}
            assert len(values) == 1

    def test_r5_full_board_and_wipe_out_are_exact(self):
        p = sum(1 << s for s in range(64) if s % 3)
        assert evaluate(p, ((1 << 64) - 1) ^ p) == p.bit_count() - (64 - p.bit_count())
        assert evaluate(0b111, 0) == 3 and evaluate(0, 0b11) == -2

    def test_zero_weights_and_clamp(self):
        header = {"types": [name for name, _ in TYPES], "stages": [60], "extras": ["bias"],
                  "scale": 1.0}
        zero = array("h", bytes(2 * (sum(SIZES) + 1)))
        assert Evaluator(Weights(header, zero)).evaluate(*random_position(1, 20)) == 0.0
        big = array("h", [100] * (sum(SIZES) + 1))
        assert Evaluator(Weights(header, big)).evaluate(*random_position(1, 20)) == 64.0

    def test_loaded_tables_are_not_walked_by_the_garbage_collector(self):
        """Every stage's tables, once loaded, are left out of the collector's full
        collections (a full collection walking them paused Easy's moves)."""
        for empties in range(0, 60, 5):
            evaluate(*random_position(empties, 60 - empties))
        gc.collect()
        # Big sequences of numbers only: other modules keep big lists of their own (the
        # line cache holds a source file's lines once a traceback has shown them).
        assert not [x for x in gc.get_objects()
                    if isinstance(x, (list, tuple)) and len(x) > 5000 and isinstance(x[0], (int, float))]

    def test_values_stay_in_range(self):
        for seed in range(30):
            assert -64 <= evaluate(*random_position(seed, seed * 2)) <= 64

    def test_remembered_values_are_the_computed_ones_and_stay_bounded(self, monkeypatch):
        """C2: the evaluator remembers its values by position, at most ``KNOWN`` of them;
        a remembered value is the one a fresh evaluator computes, and a search gives the
        same move, score and node count with its memory full or empty."""
        from reversi.engine import evaluate as module
        from reversi.engine.search import Search
        monkeypatch.setattr(module, "KNOWN", 50)
        warm, fresh = Evaluator(STANDARD.weights), Evaluator(STANDARD.weights)
        positions = [random_position(seed, seed % 50 + 4) for seed in range(120)]
        positions = [pair for p, o in positions for pair in ((p, o), (o, p))]  # either side to move
        for p, o in positions + positions[::-1]:
            fresh.known.clear()
            assert warm.evaluate(p, o) == fresh.evaluate(p, o)
            assert 0 < len(warm.known) <= 50
        monkeypatch.setattr(module, "KNOWN", 1 << 17)
        p, o = random_position(7, 24)
        found = []
        for _ in range(2):  # the second search meets the first one's leaves remembered
            result = Search(max_nodes=20_000, evaluator=warm).run(p, o, 20)
            found.append((result.square, result.score, result.nodes, result.depth))
        warm.known.clear()
        result = Search(max_nodes=20_000, evaluator=warm).run(p, o, 20)
        assert found[0] == found[1] == (result.square, result.score, result.nodes, result.depth)
