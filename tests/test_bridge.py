"""The worker's bridge as a protocol (the contract's shape: Python in a worker, a thin page):
JSON in, JSON out, every method the module documents, every snapshot field that
docs/snapshot.md documents, bad requests refused with a ValueError the worker
reports, and the storage notice of P2.  Only Bridge.call is used.
"""

from __future__ import annotations

import json
import re
import typing
from pathlib import Path

import pytest

from reversi.app import bridge, features, game_commands
from reversi.app.bridge import COMMANDS, Bridge
from reversi.app.house import SESSION
from reversi.app.snapshot import SessionFields
from tests.sessions import Clock, Seeded, Storage, Tab

#: The reply's fields, documented once.
SNAPSHOT_FIELDS = Path(__file__).resolve().parents[1] / "docs" / "snapshot.md"


def documented(text: str) -> set[str]:
    """Returns the names written as ``name`` in a docstring, or as `name` in Markdown."""
    return set(re.findall(r"`{1,2}([a-z_]+)`{1,2}", text))


def call(b: Bridge, method: str, **params) -> dict:
    return json.loads(b.call(method, json.dumps(params)))


def test_every_documented_method_answers_and_every_method_is_documented():
    """Every method the registry declares answers, and is documented with its parameters
    where it is declared: its handler's docstring, or the game commands' module."""
    methods = set(re.findall(r"^- ``([a-z_]+)``", game_commands.__doc__, re.M))
    undocumented = [name for name, command in COMMANDS.items()
                    if f"``{name}``" not in (game_commands.__doc__ if command.target == SESSION else
                                             command.run.__doc__ or "")]
    assert not undocumented, undocumented
    assert methods <= set(COMMANDS), sorted(methods - set(COMMANDS))
    for name in COMMANDS:  # each answers (or refuses its missing parameters in words)
        try:
            Bridge(Seeded(), Clock()).call(name, "{}")
        except ValueError:
            pass


def test_every_reply_field_is_documented():
    """Each field of a reply is typed and documented where it is made: the session's in
    reversi.app.snapshot.SessionFields, the bridge's in docs/snapshot.md, a feature's in its
    report TypedDict (reversi.app.features.fields, the index), and what to store in
    reversi.app.bridge, so the page never relies on an undocumented one."""
    tab = Tab(Storage(), player=Seeded())
    replies = [tab.load(), tab.play("d3"), tab.call("review", source="current")]
    fields = set().union(*replies)
    known = (set(typing.get_type_hints(SessionFields)) | documented(SNAPSHOT_FIELDS.read_text())
             | {"save", "pending", "drop"} | set(features.fields()))
    assert fields <= known, sorted(fields - known)
    assert {"save", "pending", "drop"} <= documented(bridge.__doc__)
    assert "review" in replies[-1] and "review" not in replies[0]


@pytest.mark.parametrize("method, params, message", [
    ("fly", "{}", "unknown method"),
    ("place", "[]", "must be a JSON object"),
    ("place", '"d3"', "must be a JSON object"),
    ("place", '{"square": "d3", "colour": "black"}', "bad parameters for place"),
    ("tick", "{}", "bad parameters for tick"),
    ("tick", '{"ms": -5}', "whole, non-negative"),
    ("set_setting", '{"name": "level", "value": "godlike"}', "unknown setting"),
    ("review", '{"source": "history", "index": 4}', "cannot be reviewed"),
])
def test_a_bad_request_raises_a_value_error_and_changes_nothing(method, params, message):
    """A request that cannot be served raises ValueError (the worker turns it into a
    message) and leaves the game as it was."""
    b = Bridge(Seeded(), Clock())
    call(b, "load", documents={})
    call(b, "place", square="d3", token=call(b, "snapshot")["token"])
    before = call(b, "snapshot")
    with pytest.raises(ValueError, match=message):
        b.call(method, params)
    after = call(b, "snapshot")
    assert {k: v for k, v in after.items() if k not in ("events", "announce")} == \
        {k: v for k, v in before.items() if k not in ("events", "announce")}


def test_a_reply_is_json_and_says_what_the_command_did():
    """A reply is a JSON text: the snapshot with the command's events and words."""
    b = Bridge(Seeded(), Clock())
    text = b.call("load", json.dumps({"documents": {}}))
    assert isinstance(text, str) and json.loads(text)["cells"] == "-" * 27 + "OX------XO" + "-" * 27
    reply = json.loads(b.call("place", json.dumps({"square": "D3", "token": json.loads(text)["token"]})))
    assert reply["last"] == "d3" and reply["placed"] == {"square": "d3", "flips": 1}
    assert reply["events"][0] == {"kind": "placed", "color": "black", "square": "d3", "flips": 1, "by": "human"}
    assert reply["computer_to_move"] and not reply["human_to_move"] and reply["legal"] == []


def test_p2_when_storage_fails_the_player_is_told_once_and_the_game_goes_on_in_memory():
    """P2: once the page reports that it cannot store, every reply carries the notice
    (once), nothing more is offered to store, and play goes on."""
    tab = Tab(Storage(), player=Seeded())
    tab.load()
    reply = tab.call("storage_failed", reason="full")
    notice = "Progress is not being saved in this browser (storage is full); you can keep playing."
    assert reply["notices"] == [notice]
    assert tab.call("storage_failed", reason="storage refused the save")["notices"] == [notice]
    reply = tab.play("d3")
    assert reply["notices"] == [notice] and reply["save"] == {} and reply["pending"] == {}
    reply = tab.call("computer_move", token=reply["token"])
    assert len(reply["moves"]) == 4 and reply["save"] == {}


def test_p5_a_late_computer_move_for_a_replaced_game_changes_nothing():
    """P5: the page's computer request carries the token it was made for; after New the
    old request is ignored, a fresh one is served."""
    b = Bridge(Seeded(), Clock())
    call(b, "load", documents={})
    reply = call(b, "place", square="d3", token=call(b, "snapshot")["token"])
    old = reply["token"]
    reply = call(b, "new")
    reply = call(b, "place", square="f5", token=reply["token"])
    late = call(b, "computer_move", token=old)
    assert late["moves"] == "f5" and late["events"] == [] and late["save"] == {}
    assert len(call(b, "computer_move", token=late["token"])["moves"]) == 4
