"""The ladder's pair names (C2's benchmark): levels, frozen engines, and a level at
another node budget (``LEVEL@NODES``), which plays with that budget."""


import ladder
import pytest

from reversi.engine.board import Board


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


class Serial:
    """A pool that plays its games one after another, in this process."""
    imap = staticmethod(map)


def test_a_record_file_resumes_a_match_where_it_stopped(tmp_path, monkeypatch):
    """C2's matches outlive a machine: a rerun with the same record file plays only the
    games it lacks, and counts the others as recorded; a game of other weights is new."""
    record = tmp_path / "games.tsv"
    tasks = [("random", "random", "standard", opening, colour, 1 + i, False, (None, None))
             for i, opening in enumerate(ladder.openings(2, 1, "standard")) for colour in (True, False)]
    keys = [ladder.key_of("random-random", task, ("a" * 12, "b" * 12)) for task in tasks]
    uninterrupted = [ladder.one_game(task) for task in tasks]
    assert ladder.play_pair(Serial, "random-random", tasks[:3], keys[:3], record) == uninterrupted[:3]
    played, real = [], ladder.one_game
    monkeypatch.setattr(ladder, "one_game", lambda task: played.append(task) or real(task))
    assert ladder.play_pair(Serial, "random-random", tasks, keys, record) == uninterrupted
    assert played == tasks[3:]
    other = [ladder.key_of("random-random", task, ("a" * 12, "c" * 12)) for task in tasks]
    assert ladder.play_pair(Serial, "random-random", tasks[:1], other[:1], record) == uninterrupted[:1]
    assert played == [*tasks[3:], tasks[0]]
    assert len(record.read_text().splitlines()) == 5


def test_a_record_file_keeps_the_runs_of_several_seeds_apart(tmp_path, monkeypatch):
    """``--seed 2``'s first game has the game seed of ``--seed 1``'s second opening, but
    another opening: one record file holds both runs, and the second run plays its own."""
    record = tmp_path / "games.tsv"
    runs = {seed: [("random", "random", "standard", opening, True, seed + i, False, (None, None))
                   for i, opening in enumerate(ladder.openings(2, seed, "standard"))] for seed in (1, 2)}
    assert runs[1][1][5] == runs[2][0][5] and runs[1][1][3] != runs[2][0][3]
    keys = {seed: [ladder.key_of("random-random", task, ("a" * 12,) * 2) for task in tasks]
            for seed, tasks in runs.items()}
    ladder.play_pair(Serial, "random-random", runs[1], keys[1], record)
    played, real = [], ladder.one_game
    monkeypatch.setattr(ladder, "one_game", lambda task: played.append(task) or real(task))
    results = ladder.play_pair(Serial, "random-random", runs[2], keys[2], record)
    assert played == runs[2]
    assert [r[3][:len(t[3]) * 2] for r, t in zip(results, runs[2])] == [ladder.format_transcript(list(t[3]))
                                                                        for t in runs[2]]


def test_the_engine_s_own_weights_are_named_by_their_digest():
    """A record names the weight files its games were played with, the engine's own too."""
    import hashlib

    from reversi.engine.evaluate import DATA
    standard = hashlib.sha256((DATA / "standard.weights").read_bytes()).hexdigest()[:12]
    assert ladder.digest(None, "standard") == ladder.digest(str(DATA / "standard.weights"), "standard") == standard
    assert ladder.digest(None, "anti") != standard
