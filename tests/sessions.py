"""Helpers for the session, save, star and bridge tests: fake computer players, a
fixed clock, game transcripts with known properties, a driver that plays them,
and a fake page (:class:`Tab`) that stores a bridge's replies in a shared fake
``localStorage`` (:class:`Storage`) the way ``web/control/controller.js`` does.

Not a test module (no ``test_`` prefix), so pytest does not collect it.  The
transcripts were found by random play with the engine's rules; every test
re-checks the property it relies on (so a wrong comment here fails loudly).
"""

from __future__ import annotations

import json
from typing import Any

from reversi.app import wording
from reversi.app.bridge import KEYS, Bridge
from reversi.app.saving import checks as save_checks
from reversi.app.saving import loading as save_loading
from reversi.app.saving import parts as save_parts
from reversi.app.snapshot import session_snapshot
from reversi.engine.bitboard import Bitboard, Square, squares
from reversi.engine.board import Board
from reversi.engine.notation import parse_transcript, square_name
from reversi.engine.variants import legal_mask
from reversi.game.session import Session

# -- transcripts (R6) ------------------------------------------------------
#: Black wipes White out 17-0 on the 13th placement, a Black one.
WIN_SHORT = "e6d6c7f5g6d7c6e7f7c5c4b5a5"
#: Black wins 43-21; the last placement is Black's.
WIN = ("e6f6g6c5c4e3d3g7f4c3b4e7b6g5f7c6d2b2d6a5f3f8g4e1f5a6c1c2g8h5c7d7a4h7d8b5"
       "e8h3b1e2a3b3a2a1g3c8b8b7a8h2a7h4d1h8g2g1h6f1f2h1")
#: White wins; the last placement is White's.
LOSS = ("f5f4f3f6d3f2g6c3b3b2g4g3b1d2c4c5f1g2g1g5c6a1h6a2b5c7f7d6c2h5b8e7d1a4a3g7"
        "h4e3e6h1d8e1e8b4f8h2c1h8a6b6h3g8a5h7b7c8d7a7a8e2")
#: Shares LOSS's first BRANCH_AT placements, then Black deviates (e3, not c6) and wins 34-30.
LOSS_THEN_WIN = ("f5f4f3f6d3f2g6c3b3b2g4g3b1d2c4c5f1g2g1g5e3h7f7a1d1e1c1e8h4h1d6g7h2c7b8"
                 "c6e6c8h6c2d8a4a3a2b5b6h8h5b7g8f8a5b4a8d7a7a6h3e7e2")
BRANCH_AT = 20
#: A 32-32 draw.
DRAW = ("c4e3f2c3c5b5e6d3b4f6b3d6e7d7g5g6a6b6g7b2a7f3d8f8f4c8f7g3c2g8f5d2d1h6h8e1"
        "a2c6b1b7h2a1g4c1f1h7h5e8a5g1b8a3a4g2c7a8h4h3e2h1")
#: Placement 55 (index 54) is Black's; White then places 3 times in a row (Black
#: passes twice) and Black moves again at index 58.
DOUBLE_PASS_BLACK = ("c4e3f3c3c2b2f5d2d3g3g2d6c6f4d1h1b3b4a2e1f6f7g5a3b5h4h3g4c7a5h6h2g7d7"
                     "d8c1e7g6h7b7h5g8a1b6e6e2f2c8a4c5e8a6a7h8b8f8a8b1f1")
DOUBLE_PASS_BLACK_AT = 54
#: Index 53 is White's; Black then places 3 times in a row and White moves again at 57.
DOUBLE_PASS_WHITE = ("e6f6c4c5g7f3d6e7b5b4f5a5c3g5c6h8a6a7g2e3a3h1h5d3f2d2f7b7f4h4c7g6a4g4"
                     "e1h6e2g8g3d7e8f1h2c1g1d1h3c2b6f8c8b8d8b3a8h7b1b2a2a1")
DOUBLE_PASS_WHITE_AT = 53
#: Black's last placement flips exactly 5; no earlier Black corner or 6-flip.
FIVE_FLIPS = "f5d6c5b6c3e3b5e6e7d7d3b2f2e2a7c4c2b4c6g4f7g7a5d2d8b3h7g2e1f4h3g8g1f1f3c7b7"
#: Black's last placement flips exactly 6; no earlier Black corner or 6-flip.
SIX_FLIPS = ("e6d6c4f4f6g6c7c6g3e3f3c3e2c8b8a8b7g4c5f2g5b3g1d1b2d7g7b4e1a7c1h2a5h6b6h8"
             "h4a3b5h5d3a4a6f1g2a1f5")
#: Black's last placement is the corner a1; no earlier Black corner or 6-flip.
BLACK_CORNER = "c4c5e6c3b5f7d6f6e3e2f5c6e7f8f4d3b7b6a6c7g6f3d8h5c2d7g5b2h6a4a1"
#: White's last placement is the corner h8; Black has no corner and no 6-flip.
WHITE_CORNER = "f5d6c5f6e3c3d3e2f4b6c7d7a5e6c4b8g7g5e7g6h5f3d2h8"
#: White's last placement flips 6 or more; Black has no corner and no 6-flip.
WHITE_SIX = "e6f4f3f2g2d6c4c3c6h2g3c5b4c7"


def squares_of(transcript: str) -> list[Square]:
    """Returns the squares of ``transcript`` in order."""
    return [square for square, _ in parse_transcript(transcript)]


def replay(transcript: str, upto: int | None = None) -> Board:
    """Returns the board after the first ``upto`` placements of ``transcript``."""
    board = Board()
    for square in squares_of(transcript)[:upto]:
        board.play(square)
    return board


def lowest_legal(p: Bitboard, o: Bitboard, variant: str = "standard") -> Square:
    """Returns the lowest legal square of the mover ``p`` in ``variant``."""
    return next(squares(legal_mask(p, o, variant)))


# -- fake computer players ----------------------------------------------------
class Book:
    """A computer player that answers from transcripts: the placement that followed
    the position in the first transcript that reached it, else the lowest legal
    square.  ``calls`` lists every request (p, o, level, seed)."""

    def __init__(self, *transcripts: str) -> None:
        self.replies: dict[tuple[Bitboard, Bitboard], Square] = {}
        for transcript in transcripts:
            board = Board()
            for square in squares_of(transcript):
                self.replies.setdefault(board.mover_mask(), square)
                board.play(square)
        self.calls: list[tuple[Bitboard, Bitboard, str, int]] = []

    def __call__(self, p: Bitboard, o: Bitboard, level: str, seed: int, variant: str = "standard") -> Square:
        self.calls.append((p, o, level, seed))
        return self.replies.get((p, o), lowest_legal(p, o, variant))


class Fickle:
    """A computer player that never answers the same way twice when it has a
    choice: call n plays the n-th legal square (cyclically).  A second search
    for the same position would therefore show."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, p: Bitboard, o: Bitboard, level: str, seed: int, variant: str = "standard") -> Square:
        legal = list(squares(legal_mask(p, o, variant)))
        self.calls += 1
        return legal[self.calls % len(legal)]


class Seeded:
    """A computer player that picks among the legal squares by the seed it is given."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, p: Bitboard, o: Bitboard, level: str, seed: int, variant: str = "standard") -> Square:
        legal = list(squares(legal_mask(p, o, variant)))
        self.calls += 1
        return legal[seed % len(legal)]


class Clock:
    """A fake clock: ISO 8601 times one second apart from a fixed start (``hour`` o'clock
    on 2026-01-01, so that two tabs' clocks can tell their times apart)."""

    def __init__(self, hour: int = 0) -> None:
        self.calls = 0
        self.hour = hour

    def __call__(self) -> str:
        self.calls += 1
        minutes, seconds = divmod(self.calls, 60)
        return f"2026-01-01T{(self.hour + minutes // 60) % 24:02d}:{minutes % 60:02d}:{seconds:02d}+00:00"


# -- sessions -------------------------------------------------------------------
def make(player: Any = None, *, mode: str = "computer", side: str = "black",
         level: str = "normal") -> Session:
    """Returns a session whose current game has ``mode``, ``side`` and ``level``
    (set through the settings, as the page does) and a Book player by default."""
    session = Session(player if player is not None else Book(), clock=Clock())
    for name, value in (("mode", mode), ("side", side), ("level", level)):
        if getattr(session.settings, name) != value:
            session.set_setting(name, value)
    assert (session.game.mode, session.game.side, session.game.level) == (mode, side, level)
    return session


def scripted(*transcripts: str, mode: str = "computer", side: str = "black",
             level: str = "normal") -> Session:
    """Returns a fresh session whose computer answers from ``transcripts``."""
    return make(Book(*transcripts), mode=mode, side=side, level=level)


def step(session: Session) -> None:
    """Makes one placement by whoever is to move: the person plays the lowest
    legal square, the computer is asked with the current token."""
    if session.human_to_move():
        session.place(square_name(session.board.legal_moves()[0]))
    elif session.computer_to_move():
        session.computer_move(session.token)
    else:
        raise AssertionError("nobody can move (paused or over)")


def advance(session: Session, transcript: str, upto: int | None = None) -> None:
    """Plays ``transcript`` from the session's cursor up to ``upto`` placements
    (default: all): the person's by :meth:`Session.place`, the computer's by
    :meth:`Session.computer_move`, whose player must answer from the same
    transcript.  Checks that every placement lands as scripted."""
    moves = squares_of(transcript)
    upto = len(moves) if upto is None else upto
    while session.game.line.cursor < upto:
        cursor = session.game.line.cursor
        assert session.game.line.moves[:cursor] == moves[:cursor], "the session left the script"
        if session.human_to_move():
            session.place(square_name(moves[cursor]))
        elif session.computer_to_move():
            session.computer_move(session.token)
        else:
            raise AssertionError(f"nobody can move at placement {cursor + 1}")
        assert session.game.line.cursor == cursor + 1, f"placement {cursor + 1} was not played"
        assert session.game.line.moves[cursor] == moves[cursor], \
            f"placement {cursor + 1} is {square_name(session.game.line.moves[cursor])}, " \
            f"not {square_name(moves[cursor])}"


def finish(session: Session) -> None:
    """Plays the current game to its end (lowest legal squares, computer asked)."""
    while not session.is_over():
        step(session)


def placed(session: Session) -> str:
    """Returns the transcript of the current game up to the cursor."""
    return "".join(square_name(s) for s in session.game.line.moves[:session.game.line.cursor])


# -- saving ---------------------------------------------------------------------------
def parts(session: Session) -> dict[str, str]:
    """Returns the saved parts of ``session`` (settings, game, clock, stars, history chunks), with the
    painted view taken from its snapshot as the bridge does."""
    return save_parts.dump(session, session_snapshot(session))


def reloaded(session: Session, player: Any = None) -> tuple[Session, list[str]]:
    """Returns a new page's session loaded from ``session``'s saved parts, and the notices."""
    fresh = Session(player if player is not None else Book(), clock=Clock())
    return fresh, save_loading.load(fresh, parts(session))


# -- a fake page and its storage (P1, P7, P8) ---------------------------------------
class Storage(dict):
    """One browser's ``localStorage`` shared by its tabs: stored key -> text.

    ``writes`` lists every write that changed what is stored, as (tab name, key).
    """

    def __init__(self, **texts: str) -> None:
        super().__init__(texts)
        self.tabs: list[Tab] = []
        self.writes: list[tuple[str, str]] = []

    def documents(self) -> dict[str, str | None]:
        """Returns what a page reads before calling the bridge: every key of fixed name
        (None when absent) and every history chunk stored, as web/browser/storage.js reads them."""
        return {**{key: self.get(key) for key in KEYS}, **{key: self[key] for key in save_parts.chunk_names(self)}}

    def write(self, tab: Tab, key: str, text: str, base: str | None) -> bool:
        """Stores ``text`` under ``key`` if what is stored is still ``base`` (or already
        ``text``), as web/browser/storage.js does; returns False on a conflict.  Every other tab
        gets a storage event for a write that changed the stored text."""
        stored = self.get(key)
        if stored != base and stored != text:
            return False
        if stored != text:
            self[key] = text
            self.writes.append((tab.name, key))
            for other in self.tabs:
                if other is not tab:
                    other.inbox.append(key)
        return True

    def remove(self, key: str) -> None:
        """Removes ``key`` (the page drops the legacy document once the parts are stored)."""
        self.pop(key, None)


class Tab:
    """One page over its own :class:`~reversi.app.bridge.Bridge`, driven only through
    ``Bridge.call`` (JSON in, JSON out), doing with each reply what web/control/controller.js
    does: it stores the parts of ``reply["save"]`` whose base is still stored and hands
    a refused one back as ``external`` with ``refused``; removes ``reply["drop"]``;
    keeps ``reply["pending"]`` until the page is hidden or left.  Other tabs' writes
    queue in :attr:`inbox` until :meth:`deliver` (browsers fire storage events later);
    like the page's store it remembers what it last read or wrote under each key
    (:attr:`seen`), and after a start hands over what it missed (:meth:`catch_up`, P11)."""

    def __init__(self, storage: Storage, name: str = "tab", player: Any = None, clock: Any = None) -> None:
        self.storage = storage
        self.name = name
        self.bridge = Bridge(player if player is not None else Book(), clock if clock is not None else Clock())
        self.inbox: list[str] = []
        #: Key -> the text this tab last read or wrote there (web/browser/storage.js's ``seen``).
        self.seen: dict[str, str | None] = {}
        self.pending: dict[str, dict[str, Any]] = {}
        #: The latest reply of any call: what the page shows.
        self.snap: dict[str, Any] = {}
        #: The parts this tab's page stored (changing what was stored), in order, as (key, text).
        self.stored: list[tuple[str, str]] = []
        storage.tabs.append(self)

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Calls the bridge, handles the reply as the page does, and returns the reply."""
        reply = json.loads(self.bridge.call(method, json.dumps(params)))
        self.snap = reply
        self.persist(reply)
        return reply

    def persist(self, reply: dict[str, Any]) -> None:
        """Stores what ``reply`` says to store now; a refused part goes back to Python."""
        refused = []
        for key, part in reply["save"].items():
            if not self.write(key, part):
                refused.append(key)
        for key in reply["drop"]:
            self.storage.remove(key)
            self.seen[key] = None
        self.pending = reply["pending"]
        for key in refused:
            self.call("external", part=key, documents=self.read(), refused=True)

    def write(self, key: str, part: dict[str, Any]) -> bool:
        """Stores one ``{"text", "base"}`` part; logs it in :attr:`stored` when the stored
        text changed; returns False on a conflict."""
        changed = self.storage.get(key) != part["text"]
        if not self.storage.write(self, key, part["text"], part["base"]):
            return False
        self.seen[key] = part["text"]
        if changed:
            self.stored.append((key, part["text"]))
        return True

    def read(self) -> dict[str, str | None]:
        """Returns what is stored, as the page's store reads it, noting it as seen."""
        documents = self.storage.documents()
        self.seen.update({key: None for key in self.seen}, **documents)
        return documents

    def load(self, documents: dict[str, str | None] | None = None, *, catch_up: bool = True) -> dict[str, Any]:
        """Starts the page from what is stored, as the page does: every part but the
        history chunks, then the chunks (``load_history``), then what other tabs stored
        since ``documents`` were read (default: now), whose storage events a starting page
        never hears (P11); returns the last reply."""
        self.inbox.clear()
        documents = self.read() if documents is None else documents
        chunks = {key: text for key, text in documents.items() if save_checks.is_chunk(key)}
        if not chunks:
            reply = self.call("load", documents=documents)
        else:
            rest = {key: text for key, text in documents.items() if key not in chunks}
            self.call("load", documents=rest, history_follows=True)
            reply = self.call("load_history", documents=chunks)
        return (self.catch_up() or [reply])[-1] if catch_up else reply

    def missed(self) -> list[str]:
        """Returns the keys other tabs stored, changed or removed since this tab last read or
        wrote them (web/browser/storage.js's ``missed``)."""
        now = self.storage.documents()
        names = [*now, *(key for key in self.seen if key not in now)]
        return [key for key in names if key not in ("legacy", "history") and now.get(key) != self.seen.get(key)]

    def catch_up(self) -> list[dict[str, Any]]:
        """Hands the bridge every part this tab missed, as web/control/controller.js's ``catchUp``."""
        missed = self.missed()
        documents = self.read() if missed else {}
        return [self.call("external", part=key, documents=documents) for key in missed]

    def deliver(self) -> list[dict[str, Any]]:
        """Hands the queued storage events of other tabs' writes to the bridge, oldest first."""
        replies = []
        while self.inbox:
            key = self.inbox.pop(0)
            replies.append(self.call("external", part=key, documents=self.read()))
        return replies

    def store_pending(self) -> None:
        """Stores the parts that wait for the page to go away (the active time, P8)."""
        for key, part in self.pending.items():
            self.write(key, part)
        self.pending = {}

    def hide(self) -> dict[str, Any]:
        """The page is hidden: it stores what waits, then pauses (P4, P8)."""
        self.store_pending()
        return self.call("pause", reason="hidden")

    def play(self, *names: str) -> dict[str, Any]:
        """Places each square with the current token (as the page's taps do)."""
        reply = self.snap
        for name in names:
            reply = self.call("place", square=name, token=self.snap["token"])
            assert reply["last"] == name, f"{self.name}: {name} was not played ({reply['announce']})"
        return reply

    def stored_part(self, key: str) -> dict[str, Any] | None:
        """Returns the stored part ``key`` as data (None when absent)."""
        text = self.storage.get(key)
        return None if text is None else json.loads(text)


# -- sessions read back from saves (P1, P3) ------------------------------------------
def fresh() -> Session:
    """Returns a new page's session (a computer that answers from WIN and LOSS, a fake clock)."""
    return Session(Book(WIN, LOSS), clock=Clock())


def assert_playable(session: Session) -> None:
    """Checks that the session works: the snapshot builds, its parts reload cleanly,
    and after Resume (and the computer's turn) a person can place a legal disc."""
    json.dumps(session_snapshot(session))
    again = fresh()
    assert save_loading.load(again, parts(session)) == [], "what was kept should load without complaint"
    if session.is_over():
        session.new()
    session.resume()
    while session.computer_to_move():
        session.computer_move(session.token)
    assert session.human_to_move()
    cursor = session.game.line.cursor
    session.place(square_name(session.board.legal_moves()[0]))
    assert session.game.line.cursor == cursor + 1


def leaf_paths(value, prefix=()):
    """Yields the path of every value inside ``value`` (dict keys and list indexes)."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaf_paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaf_paths(item, (*prefix, index))


# -- the saved parts' tests (test_save.py, test_save_legacy.py) ------------------------------
def rich_session() -> Session:
    """Returns a session with a bit of everything: a challenge win (attempt 1), a
    loss (attempt 2), and an unfinished attempt 3 with Undo used (a redo sequence),
    active time, changed display settings and six stars."""
    session = scripted(WIN, LOSS)
    advance(session, WIN)
    session.new()
    advance(session, LOSS)
    session.new()
    advance(session, WIN, 21)
    session.tick(4321)
    session.undo()
    session.set_setting("legal_dots", False)
    session.set_setting("level", "hard")  # waits for New
    assert [r["attempt"] for r in session.progress.history] == [1, 2] and session.progress.attempt.id == 3
    assert session.game.line.cursor == 20 and len(session.game.line.moves) == 21
    return session


def set_path(path: str, value):
    """Returns a change that sets ``doc[a][b]`` for ``path`` "a.b" (or deletes it for ...)."""
    def change(doc):
        *parents, name = path.split(".")
        target = doc
        for step in parents:
            target = target[step]
        if value is ...:
            del target[name]
        else:
            target[name] = value
    return change


def keeps_moves(base_moves: str, count: int, cursor: int | None = None):
    """Returns a check: the game kept ``base_moves``' first ``count`` placements (cursor at ``cursor``)."""
    def check(s):
        return (s.game.line.moves == squares_of(base_moves)[:count]
                and s.game.line.cursor == (count if cursor is None else cursor))
    return check


#: The notices of an unreadable save and of one from a newer version (P3).
UNREADABLE = wording.unreadable()
NEWER = "This save comes from a newer version of the game"


def assert_damage_handled(session: Session, notices: list[str], notice: str | None, kept: tuple[str, ...],
                          check: Any, kept_checks: dict[str, Any]) -> None:
    """The damage tables' rule (P3): a damaged save never raises; what is dropped is named
    in a notice (``notice``, None: no notice), each part of ``kept`` passes its check in
    ``kept_checks``, ``check`` (if any) holds, and the game is playable."""
    if notice is None:
        assert notices == []
    else:
        assert len(notices) >= 1 and any(notice in n for n in notices), notices
    for part in kept:
        assert kept_checks[part](session), f"{part} was not kept"
    if check is not None:
        assert check(session)
    assert_playable(session)


def play_on(tab: Tab) -> tuple[dict, str]:
    """Resumes the reloaded game in ``tab``, lets the computer move, and places the first
    legal square; returns the placement's reply and its square."""
    reply = tab.call("resume")
    while reply["computer_to_move"]:
        reply = tab.call("computer_move", token=reply["token"])
    square = reply["legal"][0]
    return tab.call("place", square=square, token=reply["token"]), square


def assert_earned_as_no_challenge(session: Session) -> dict:
    """Checks the finished game's record is no challenge and it earned completion but none
    of S5-S8 (S9); returns the record."""
    record = session.progress.history[-1]
    assert record["challenge"] is False
    assert not {"first-win", "strong-win", "clean-win", "fresh-wins"} & set(session.progress.shelf.earned)
    assert "completion" in session.progress.shelf.earned
    return record
