"""The library of imported games, as a feature (R10-R13): a room where games are added from
files or text (a batch at a time, cancellable), searched, opened in review and deleted,
and the table of what people played in the position on the board.

Its games live in the browser's database for large data, one record an import (the house's
large store ``library``: the worker reads it before the first command that needs it and
writes what :meth:`Room.store_writes` returns).  Commands and reply fields: :data:`FEATURE`;
the words: :mod:`.views`.  Why it is built so, and its figures: ``docs/library.md``.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar, TypedDict

from ...engine.board import Board
from ...engine.variants import ANTI, STANDARD
from ...game.line import Line
from .. import page_events as app_ev
from .. import wording
from ..export import FORMATS, ggf_record
from ..game_text import game_text, parse_game
from ..house import Command, Feature, Host
from ..review.frames import review_of
from . import search, views
from .importing import Importing
from .positions import entries, table, walk
from .shelf import Import

NAME = "library"
#: The games a page of the search's results lists.
PAGE = 20


class LibraryFields(TypedDict):
    """The reply fields: ``library`` (None while the room is closed, else its imports, the
    import under way, the search and a page of its results: :func:`.views.library_view`)
    and ``people`` (None while the table is not asked for, else what people played in its
    position: :func:`.views.people_view`)."""

    library: dict[str, Any] | None
    people: dict[str, Any] | None


class Room:
    """The library: its imports, the import under way, the search, and the table."""

    name: ClassVar[str] = NAME
    opens_over: ClassVar[tuple[str, ...]] = ()
    store: ClassVar[str] = NAME
    busy: ClassVar[bool] = False

    def __init__(self, host: Host) -> None:
        self.host = host
        self.imports: dict[str, Import] = {}
        self.is_open = False
        self.importing: Importing | None = None
        self.fields = search.query()
        self.page = 0
        self.news = ""
        #: Imports to write (by key) and to delete from the store.
        self.dirty: set[str] = set()
        self.gone: set[str] = set()
        #: The table's position as asked (source, game, ply), and its last board and rows.
        self.people_at: tuple[str, str, int | None] | None = None
        self.people_cache: tuple[tuple[int, int, int, str], dict[str, Any]] | None = None
        #: The search's results, with the search and the library's revision they are of.
        self.revision = 0
        self.found: tuple[tuple[Any, ...], list[tuple[Import, int]]] | None = None

    @property
    def open(self) -> bool:
        """Checks if the library is shown."""
        return self.is_open

    def leave(self) -> None:
        """``library_close`` {}: closes the library; an import under way stops, keeping
        what it read."""
        self.cancel()
        self.is_open = False

    # -- the large store (the house's protocol) --------------------------------------------
    def load_store(self, records: list[bytes]) -> None:
        """Reads the stored imports (the worker, before the first command that needs them);
        a damaged one is dropped and named."""
        self.imports = {}
        self.changed()
        for data in records:
            try:
                shelf = Import.from_bytes(data)
            except ValueError:
                self.news = wording.say("library.damaged")
                continue
            self.imports[shelf.key] = shelf

    def changed(self) -> None:
        """Forgets the table and the search's results: the library's games changed."""
        self.people_cache, self.revision = None, self.revision + 1

    def store_writes(self) -> list[tuple[str, bytes | None]]:
        """Returns the records to write (an import's bytes, or None to delete it), once."""
        writes: list[tuple[str, bytes | None]] = [(k, None) for k in sorted(self.gone)]
        writes += [(k, self.imports[k].to_bytes()) for k in sorted(self.dirty) if k in self.imports]
        self.dirty, self.gone = set(), set()
        return writes

    def store_failed(self, reason: Any = "") -> None:
        """``library_store_failed`` {"reason"}: the browser did not store the library."""
        self.news = wording.say("library.not_stored", reason=str(reason)[:200])

    # -- the room --------------------------------------------------------------------------
    def show(self) -> None:
        """``library_open`` {}: opens the library."""
        self.is_open = True

    def add(self, files: Any = None) -> None:
        """``library_add`` {"files": [{"name", "data": base64}]}: starts adding the games of
        files (GGF, text, WTHOR with its names) or of a pasted text sent as a file.

        :raises ValueError: with words, when no file holds games (nothing changes).
        """
        self.cancel()
        self.is_open = True
        names = [f.get("name", "") for f in files if isinstance(f, dict)] if isinstance(files, list) else []
        shelf = Import(f"{self.host.today}-{time.time_ns()}", ", ".join(n for n in names if n)[:120], self.host.today)
        self.importing = Importing(files, shelf)
        self.step()

    def step(self) -> None:
        """``library_step`` {}: reads the next batch of the import under way."""
        job = self.importing
        if job is None:
            return
        job.step()
        if job.finished:
            self.keep(job)

    def cancel(self) -> None:
        """``library_cancel`` {}: stops the import under way, keeping what it read."""
        if self.importing is not None:
            self.keep(self.importing)

    def keep(self, job: Importing) -> None:
        """Ends an import: its games join the library and are stored."""
        shelf, self.importing = job.shelf, None
        self.news = views.added_news(shelf, job.finished)
        if len(shelf):
            self.imports[shelf.key] = shelf
            self.dirty.add(shelf.key)
            self.changed()
        self.page = 0

    def find(self, player: Any = "", year: Any = "", event: Any = "", opening: Any = "", result: Any = "",
             page: Any = 0) -> None:
        """``library_search`` {"player", "year", "event", "opening", "result", "page"}."""
        self.fields = search.query(player, year, event, opening, result)
        self.page = page if type(page) is int and page >= 0 else 0
        self.is_open = True

    def game_of(self, key: Any, number: Any) -> Import:
        """Returns the import holding game ``number``.

        :raises ValueError: when there is no such game.
        """
        shelf = self.imports.get(key) if isinstance(key, str) else None
        if shelf is None or type(number) is not int or not 0 <= number < len(shelf) or shelf.deleted(number):
            raise ValueError(f"there is no game {key!r} {number!r} in the library")
        return shelf

    def review(self, key: Any = None, number: Any = None, side: Any = "") -> None:
        """``library_review`` {"key", "number", "side": black | white | ""}: opens a game in
        review; its mistakes are found for ``side`` (R12: retried as one's own)."""
        shelf = self.game_of(key, number)
        game = shelf.game(number)
        variant = ANTI if game.anti else STANDARD
        human = side if side in ("black", "white") else None
        title = wording.imported_title(False, game.black, game.white, game.date, 1)
        shown = review_of(game.moves, title, "import", human, game.start, variant)
        if human is not None:
            record = f"{self.host.today}#library {key} {number}"
            shown["record"] = record
            self.host.room("mistakes").learn(record, game.moves, game.start, variant, human)
        self.host.room("review").show(shown)
        self.host.events.append(app_ev.Imported(len(game.moves)))

    def delete(self, key: Any = None, number: Any = None) -> None:
        """``library_delete`` {"key", "number"}: deletes a game (R11)."""
        shelf = self.game_of(key, number)
        game = shelf.game(number)
        if game.diff is not None and not game.anti:
            shelf.index.remove(entries(walk(game.moves, game.start), game.diff))
        shelf.delete(number)
        self.dirty.add(shelf.key)
        self.changed()
        self.news = wording.say("library.deleted_game", black=game.black or "?", white=game.white or "?")

    def delete_import(self, key: Any = None) -> None:
        """``library_delete_import`` {"key"}: deletes an import and its games (R11)."""
        shelf = self.imports.pop(key, None) if isinstance(key, str) else None
        if shelf is None:
            raise ValueError(f"there is no import {key!r} in the library")
        self.gone.add(shelf.key)
        self.dirty.discard(shelf.key)
        self.changed()
        self.news = wording.say("library.deleted_import", shelf.kept(), title=shelf.title)

    def export(self, form: Any = "ggf") -> None:
        """``library_export`` {"form": ggf | text}: the games the search finds, as a file
        (the reply field ``export``, saved as the history's are, R8)."""
        if form not in FORMATS:
            raise ValueError(f"there is no export format {form!r}")
        lines = []
        for shelf, number in self.results()[1]:
            game = shelf.game(number)
            variant = ANTI if game.anti else STANDARD
            lines.append(ggf_record(game.moves, game.start, variant, game.black, game.white, game.date)
                         if form == "ggf" else game_text(game.moves, game.start, variant))
        self.host.extra["export"] = {"text": "\n".join(lines) + "\n" if lines else "", "count": len(lines),
                                     "file": f"reversi-library-{self.host.today}.{FORMATS[form]}",
                                     "said": wording.say("export.saved", len(lines))}

    # -- what people played (R13) ------------------------------------------------------------
    def people(self, source: Any = "play", game: Any = None, ply: Any = None) -> None:
        """``people_table`` {"source": play | review | explorer, "game": a game's text, "ply"}:
        shows what people played in that position, following it; ``people_close`` {}: hides it."""
        if source not in ("play", "review", "explorer"):
            raise ValueError(f"there is no position {source!r} for the table")
        self.people_at = (source, game if isinstance(game, str) else "", ply if type(ply) is int else None)

    def people_close(self) -> None:
        """``people_close`` {}: hides the table."""
        self.people_at = None

    def people_board(self) -> Board:
        """Returns the board the table is about: the explorer's while it shows, else the
        review's frame asked for, else the game in play's."""
        assert self.people_at is not None
        source, text, ply = self.people_at
        explorer = self.host.room("openings")
        if explorer.open and explorer.mode == "explore":  # the explorer's board is the one shown
            return explorer.explorer.board
        if source == "review" and text:
            played = parse_game(text)
            moves = played.moves[:ply] if ply is not None and 0 <= ply <= len(played.moves) else played.moves
            return Line(moves, start=played.start, variant=played.variant).board
        return self.host.session.board

    # -- the reply ---------------------------------------------------------------------------
    def report(self) -> LibraryFields:
        """Returns the reply fields (:class:`LibraryFields`)."""
        news, self.news = self.news, ""
        library = views.library_view(self.imports, self.importing, self.results(), self.page, PAGE, news) \
            if self.is_open else None
        return {"library": library, "people": self.people_report() if self.people_at else None}

    def results(self) -> tuple[dict[str, str], list[tuple[Import, int]]]:
        """Returns the search and its results (searched again only after either changed)."""
        at = (self.revision, *self.fields.values())
        if self.found is None or self.found[0] != at:
            shelves = sorted(self.imports.values(), key=lambda s: s.key)
            self.found = (at, list(search.matches(shelves, self.fields)))
        return self.fields, self.found[1]

    def people_report(self) -> dict[str, Any]:
        """Returns the table of the asked position (computed again only when it changes)."""
        board = self.people_board()
        if board.variant != STANDARD:
            return views.people_view(None, [], self.imports)
        at = (board.black, board.white, board.turn, wording.language())
        if self.people_cache is None or self.people_cache[0] != at:
            rows = table([shelf.index for shelf in self.imports.values()], *at[:3])
            self.people_cache = (at, views.people_view(board, rows, self.imports))
        return self.people_cache[1]


FEATURE = Feature(NAME, Room, (
    Command("library_open", Room.show, NAME, opens=NAME, store=NAME),
    Command("library_add", Room.add, NAME, opens=NAME, store=NAME),
    Command("library_step", Room.step, NAME, passive=True, store=NAME),
    Command("library_cancel", Room.cancel, NAME, store=NAME),
    Command("library_search", Room.find, NAME, opens=NAME, store=NAME),
    Command("library_review", Room.review, NAME, opens="review", store=NAME),
    Command("library_delete", Room.delete, NAME, store=NAME),
    Command("library_delete_import", Room.delete_import, NAME, store=NAME),
    Command("library_store_failed", Room.store_failed, NAME, passive=True),
    Command("library_export", Room.export, NAME, passive=True, store=NAME),
    Command("library_close", Room.leave, NAME),
    Command("people_table", Room.people, NAME, passive=True, store=NAME),
    Command("people_close", Room.people_close, NAME, passive=True),
))
