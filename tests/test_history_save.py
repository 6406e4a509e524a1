"""A long history in storage (P9, P8, P7, P3): chunks of 250 records, a game's end
rewrites only the newest, version 2's one-part history migrates, shedding is told once."""

from __future__ import annotations

import json

import pytest

from reversi.app.bridge import KEYS, Bridge
from reversi.app.saving import checks as save_checks
from reversi.app.saving import loading as save_loading
from reversi.app.saving import parts as save_parts
from reversi.game.history import History, decode, encode
from tests.sessions import WIN_SHORT, Book, Clock, Storage, Tab, parts, scripted
from tests.test_history import make


def chunk_text(n: int, items: list, **extra) -> str:
    """Returns the stored text of history chunk ``n`` holding ``items``."""
    return json.dumps({"format": "reversi", "part": f"history.{n}", "version": 3, "records": items, **extra})


def long_history(count: int, *, moves: bool = True) -> dict[str, str]:
    """Returns the stored chunks of a history of ``count`` finished games."""
    return save_parts.history_texts(History.of(make(n, moves=moves) for n in range(1, count + 1)))


def finish_local_game(tab: Tab) -> dict:
    """Plays a short local game to its end in ``tab`` and returns the last reply."""
    tab.call("set_setting", name="mode", value="local")
    tab.call("new")
    return tab.play(*(WIN_SHORT[i:i + 2] for i in range(0, len(WIN_SHORT), 2)))


def test_p9_ten_thousand_games_are_forty_chunks_of_about_80_characters_a_game():
    """P9: 10,000 records are chunks history.0 … history.39, about 80 characters a game."""
    texts = long_history(10_000)
    assert sorted(texts, key=lambda name: int(name[8:])) == [f"history.{n}" for n in range(40)]
    total = sum(map(len, texts.values()))
    assert total / 10_000 <= 100
    session = scripted()
    assert save_loading.load(session, texts) == [] and len(session.progress.history) == 10_000
    assert session.progress.history[0] == make(1) and session.progress.history[-1] == make(10_000)


def test_p9_a_games_end_rewrites_only_the_newest_chunk_and_drops_no_record():
    """P8, P9: with 10,000 games stored, the next game's end stores the newest chunk (and
    the game and stars parts), not the others; the statistics count 10,001 games."""
    storage = Storage(**long_history(10_000))
    tab = Tab(storage)
    tab.load()
    reply = finish_local_game(tab)
    history_parts = {part for part in reply["save"] if part.startswith("history.")}
    assert history_parts == {"history.40"}
    assert reply["history"]["total"] == 10_001 and sum(r["games"] for r in reply["stats"]) == 10_001
    again = Tab(storage).load()
    assert again["history"]["total"] == 10_001 and again["notices"] == []


def test_p9_a_full_chunk_is_sealed_and_a_new_one_begins():
    """P9: the 251st record starts history.1; history.0 keeps its 250."""
    storage = Storage(**long_history(250))
    tab = Tab(storage)
    tab.load()
    reply = finish_local_game(tab)
    assert {p for p in reply["save"] if p.startswith("history.")} == {"history.1"}
    assert len(tab.stored_part("history.0")["records"]) == 250 and len(tab.stored_part("history.1")["records"]) == 1


def test_p3_version_2s_history_part_migrates_into_chunks_and_is_removed():
    """P3, P9: version 2's one-part history of record dicts comes back whole, is stored
    as chunks, and its key is removed in the same reply."""
    records = [make(n) for n in range(1, 301)]
    old = json.dumps({"format": "reversi", "part": "history", "version": 2, "records": records})
    storage = Storage(history=old)
    reply = Tab(storage).load()
    assert reply["notices"] == [] and reply["history"]["total"] == 300
    assert {"history.0", "history.1"} <= set(reply["save"]) and "history" in reply["drop"]
    assert "history" not in storage
    again = Tab(storage).load()
    assert again["history"]["total"] == 300 and [decode(i) for i in json.loads(storage["history.1"])["records"]] \
        == records[250:]


def test_p3_records_in_two_chunks_or_out_of_order_are_read_once_in_date_order():
    """P3, P7: chunks that overlap (two tabs sealed at once) or hold records out of order
    give each record once, oldest first."""
    a, b, c = (encode(make(n)) for n in (1, 2, 3))
    texts = {"history.0": chunk_text(0, [a, c]), "history.1": chunk_text(1, [c, b])}
    session = scripted()
    assert save_loading.load(session, texts) == []
    assert [r["attempt"] for r in session.progress.history] == [1, 2, 3]


def test_p9_over_the_budget_the_oldest_moves_are_shed_and_the_player_told_once(monkeypatch):
    """P9: past the storage budget the oldest records give up their moves; the player is
    told once, in a notice, and the mark is stored in history.0, so a reload is quiet;
    every result stays."""
    texts = long_history(600)
    monkeypatch.setattr(save_parts, "HISTORY_BUDGET", History.of(make(n) for n in range(1, 601)).size() + 10)
    storage = Storage(**texts)
    tab = Tab(storage)
    assert tab.load()["notices"] == []
    reply = finish_local_game(tab)
    assert any("moves of its oldest games" in n for n in reply["notices"])
    chunk0 = tab.stored_part("history.0")
    assert chunk0["shed"] is True and "moves" not in decode(chunk0["records"][0])
    again = Tab(storage)
    reply = again.load()
    assert reply["notices"] == [] and reply["history"]["total"] == 601
    assert not any("oldest games" in n for n in finish_local_game(again)["notices"])


def test_p7_two_tabs_finishing_games_store_the_union_in_the_chunks():
    """P7: each tab's finished game ends up stored once, across the chunk it sealed."""
    storage = Storage(**long_history(249))
    a, b = Tab(storage, "A"), Tab(storage, "B")
    a.load()
    b.load()
    finish_local_game(a)  # history.0 is now full
    b.deliver()
    finish_local_game(b)  # history.1 begins
    a.deliver()
    assert a.snap["history"]["total"] == b.snap["history"]["total"] == 251
    stored = [decode(i) for n in (0, 1) if f"history.{n}" in storage
              for i in json.loads(storage[f"history.{n}"])["records"]]
    assert len(stored) == 251 and len({(r["date"], r["attempt"]) for r in stored}) == 251


def test_p9_clearing_the_history_removes_its_other_chunks():
    """P9: Clear history stores an empty history.0 and removes history.1 on."""
    storage = Storage(**long_history(600))
    tab = Tab(storage)
    tab.load()
    reply = tab.call("clear_history")
    assert set(reply["drop"]) == {"history.1", "history.2"}
    assert set(storage) == set(KEYS[:2]) | {"stars", "history.0"} or "history.1" not in storage
    assert tab.stored_part("history.0")["records"] == [] and "history.2" not in storage


def test_p1_the_parts_of_a_session_reload_to_the_same_parts():
    """P1: with a long history, dump, load and dump give the same texts (nothing to store)."""
    session = scripted()
    save_loading.load(session, long_history(700))
    texts = parts(session)
    again = scripted()
    assert save_loading.load(again, texts) == [] and parts(again) == texts


def test_p3_a_chunk_is_stored_with_its_checksum_and_a_damaged_record_is_still_dropped():
    """P3: each chunk of compact records carries a checksum, so that an intact chunk is
    taken without reading each record again; when a record was damaged after the write,
    the checksum no longer matches, and the damaged record is dropped with a notice while
    the others stay."""
    texts = long_history(300)
    bodies = {name: json.loads(text) for name, text in texts.items()}
    assert all(type(body["check"]) is int for body in bodies.values())
    session = scripted()
    assert save_loading.load(session, texts) == []
    assert len(session.progress.history) == 300
    records = bodies["history.1"]["records"]
    records[7] = "!" + records[7][1:]  # damaged in storage; the checksum is the old one
    texts["history.1"] = json.dumps(bodies["history.1"])
    session = scripted()
    assert save_loading.load(session, texts), "the damaged record is reported"
    assert len(session.progress.history) == 299
    texts["history.1"] = chunk_text(1, records[:7] + records[8:], check="not a number")
    session = scripted()
    assert save_loading.load(session, texts) == [] and len(session.progress.history) == 299


# -- the load in two steps: the game first, then the history chunks ----------
def one_step(storage: Storage) -> dict:
    """Returns the reply of a load of everything stored at once (as after a takeover)."""
    return json.loads(Bridge(Book(), Clock()).call("load", json.dumps({"documents": storage.documents()})))


def damaged_saves() -> dict[str, Storage]:
    """Returns stored saves with a long history: intact; a damaged record; and a game part
    that lost its attempt, which only the history can give back (A1, A3)."""
    storage = Storage(**long_history(600))
    tab = Tab(storage)
    tab.load()
    finish_local_game(tab)
    intact = Storage(**storage)
    damaged = Storage(**storage)
    body = json.loads(damaged["history.1"])
    body["records"][3] = "!" + body["records"][3][1:]
    damaged["history.1"] = json.dumps(body)
    lost = Storage(**storage)
    game = json.loads(lost["game"])
    game["attempt"]["id"] = "lost"
    lost["game"] = json.dumps(game)
    return {"intact": intact, "damaged record": damaged, "attempt lost": lost}


@pytest.mark.parametrize("case", ["intact", "damaged record", "attempt lost"])
def test_p3_a_load_in_two_steps_ends_as_the_load_at_once(case):
    """P3, A1: the page loads every part but the history chunks first (the game
    shows at once), then the chunks; the session then shows, and stores, exactly what one
    load of everything gives: the same history, notices, attempt and parts to store."""
    storage = damaged_saves()[case]
    whole = one_step(Storage(**storage))
    tab = Tab(Storage(**storage))
    split = tab.load()
    assert split["history"]["total"] == whole["history"]["total"] >= 600
    for field in ("notices", "stats", "history", "save", "drop", "token", "paused"):
        assert split[field] == whole[field], field
    assert bool(split["notices"]) == (case != "intact")
    if case == "attempt lost":  # given back by the history: the finished game's own record
        attempt = json.loads(split["save"]["game"]["text"])["attempt"]["id"]
        assert attempt == split["history"]["rows"][0]["attempt"] > 600


def test_p1_nothing_is_stored_before_the_history_chunks_are_read():
    """P1, P3: the first step's reply stores nothing, not even a repair that is
    due, so that no chunk is written from a history not yet read; the chunks' reply does."""
    storage = damaged_saves()["damaged record"]
    bridge = Bridge(Book(), Clock())
    documents = storage.documents()
    rest = {key: text for key, text in documents.items() if not save_checks.is_chunk(key)}
    first = json.loads(bridge.call("load", json.dumps({"documents": rest, "history_follows": True})))
    assert first["save"] == {} and first["drop"] == [] and first["pending"] == {}
    assert first["history"]["total"] == 0 and first["history_loading"] is True
    chunks = {key: text for key, text in documents.items() if save_checks.is_chunk(key)}
    second = json.loads(bridge.call("load_history", json.dumps({"documents": chunks})))
    assert "history.1" in second["save"] and second["notices"] and second["history_loading"] is False


def test_p3_the_history_chunks_without_a_load_before_them_are_refused():
    """``load_history`` belongs to a ``load`` that said the history follows."""
    bridge = Bridge(Book(), Clock())
    with pytest.raises(ValueError, match="load_history"):
        bridge.call("load_history", json.dumps({"documents": long_history(3)}))
    bridge.call("load", json.dumps({"documents": {}}))
    with pytest.raises(ValueError, match="load_history"):
        bridge.call("load_history", json.dumps({"documents": long_history(3)}))


def test_p9_the_page_names_the_chunks_as_python_does():
    """P9: storage.js reads and writes exactly the chunks Python names: one pattern, Python's,
    written into the page's house.js at build time (storage.js has none of its own)."""
    import re
    from pathlib import Path

    from build_tools.house_js import house_module

    storage_js = (Path(__file__).resolve().parents[1] / "web" / "browser" / "storage.js").read_text()
    written = re.search(r'^export const CHUNK_NAME = ("[^"\n]*");$', house_module(), re.M)
    assert written and json.loads(written.group(1)) == save_checks.CHUNK_NAME
    assert "history\\\\." not in storage_js
