"""The worker's door into Python: JSON requests in, JSON replies out.

The worker makes one :class:`Bridge` and calls :meth:`Bridge.call` with a
method name and its parameters as a JSON string; it gets back a JSON string:
the snapshot (:mod:`.snapshot`), plus ``save`` (the parts to store now, by
name, each ``{"text", "base"}``: stored only if ``base`` is still what is stored,
:mod:`.saving`), ``pending`` (parts to store in the same way only if the page
is hidden or closed first: the active time between its 15 s writes, SPEC P8)
and ``drop`` (stored keys to remove).  A request that fails raises; the worker
turns the exception into a message.

Methods and parameters:

- ``load`` {"documents": {part: text | null}, "language": code}: starts from what is
  stored (parts ``settings``, ``game``, ``clock``, ``stars``, the history chunks, or an
  older ``legacy`` document); ``language`` is the browser's, as the page matched it to
  the languages there are (SPEC L2): the page speaks it until the player chooses one.
  ``"history_follows": true``: the history chunks are left out and come in the next
  request, ``load_history``; nothing is stored until they are read.
- ``load_history`` {"documents": {chunk: text | null}}: the history chunks of the save
  ``load`` read the rest of (issue 19: a long history costs the start nothing); the
  page sends it right after ``load``'s reply, before anything else.
- ``snapshot`` {}: the current state.
- ``place`` {"square": "d3", "token": n}: a person's placement.
- ``computer_move`` {"token": n}: the computer's move for the game at ``token``.
- ``undo``, ``redo``, ``restart``, ``new``, ``resume`` {}.
- ``pause`` {"reason": "" | "hidden"}: pause, e.g. because the page was hidden.
- ``tick`` {"ms": n}: visible time that passed.
- ``set_setting`` {"name": str, "value": ...}.
- ``hint_step`` {"token": n}: the next step of the hints for the game at ``token``
  (while ``hints_due``, SPEC H1-H3).
- ``flush`` {}: the page is being hidden: store the active time now.
- ``storage_failed`` {"reason": str}: the page could not store (SPEC P2): the
  player is told, and nothing more is offered to store.
- ``external`` {"part": name, "documents": {part: text | null}, "refused": bool}:
  another tab stored ``part`` (SPEC P7), and ``refused`` when that is why this
  tab's own write of it was not made; ``documents`` is everything stored now.
- ``takeover`` {"documents": {...}}: the player takes the game over in this tab.
- ``review`` {"source": "current" | "history", "index": n}: a game's frames; the
  game in play pauses meanwhile.  ``close_review`` {}: back to the game.
- ``import_transcript`` {"text": str}: a pasted game (an optional board string,
  then a transcript), checked, as frames to review.
- ``open_link`` {"fragment": str}: the game of a link (``#moves=…``, issue 22), checked,
  opened in review; the game in play is not touched.
- ``analysis_start`` {"moves": text, "title": str, "human": colour | null},
  ``analysis_step``, ``analysis_stop`` {}: analyse a finished or past game one
  position at a time (``moves`` may begin with a board string).
- ``clear_history`` {}: empties the results history (stars stay).
- ``history_page`` {"page": n}: page ``n`` of the results history, 0 the newest (reply
  field ``history_page``, :func:`reversi.app.snapshot.history_page`).
- ``watch`` {"moves": game text, "black": level, "white": level, "seed": n}: the
  next placement of a game between two levels, as a review; ``moves`` is the
  last reply's ``transcript`` (its tag keeps the variant), "" for a new game
  of the chosen rules.
- ``setup_check`` {"board": board string}: the editor's position checked (reply
  field ``setup``, :func:`reversi.app.setup.check`; SPEC E1).
- ``setup_play`` {"board", "mode"}: a new game from that position (E2).
- ``setup_solve`` {"board"}: its exact best move and score (reply field ``solution``).
- ``setup_analyse`` {"board"}: opens it in review and starts its analysis.
- Puzzles (issue 23, :mod:`.puzzles`; each may carry ``today``, the page's local date,
  YYYY-MM-DD): ``puzzle_open`` {"which": "next" | "daily" | number}, ``puzzle_tap``
  {"square"}, ``puzzle_retry``, ``puzzle_answer``, ``puzzle_play_out``,
  ``puzzle_computer`` (the computer's move when a puzzle is played out),
  ``puzzle_close`` {}.  Every reply carries ``puzzle``: None, or the puzzle shown
  (:meth:`reversi.app.puzzles.Room.report`); the progress is the saved part ``puzzles``.
- Learning (SPEC N1-N5, :func:`reversi.app.learn.commands`): ``learn_rules``, ``learn_open``
  {"which": "next" | number}, ``learn_tap`` {"square"}, ``learn_retry``, ``learn_computer``,
  ``learn_close``, ``learn_dismiss`` {}.  Every reply carries ``learn``; the progress is the saved part ``learn``.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from ..game.computer import ComputerPlayer, default_player
from ..game.events import Event, Refused
from ..game.session import Session, now_iso
from . import events as app_ev
from . import learn, puzzles, save, setup, wording  # learn: Learning (SPEC N1-N5), wired here only
from .game_text import Played
from .hints import Hints
from .review import chosen_game, review_of
from .reviews import Reviews
from .saving import Saving
from .snapshot import history_page, session_snapshot

#: Settings that change only how the page looks or sounds.
DISPLAY_SETTINGS = ("legal_dots", "sound", "language")
#: Commands that change the game in play: refused while it continues in another tab.
GAME_COMMANDS = ("place", "computer_move", "undo", "redo", "restart", "new", "pause", "resume",
                 "tick", "set_setting", "hint_step", "setup_play")


def _display_setting(method: str, args: dict[str, Any]) -> bool:
    """Checks if a request changes only how the page looks or sounds (it has its own
    part, so a tab whose game continues elsewhere may still make it)."""
    return method == "set_setting" and args.get("name") in DISPLAY_SETTINGS


class Bridge:
    """One page's Python side: the session, and the app state around it (notices,
    the review and its analysis, the hints, what was saved)."""

    def __init__(self, player: ComputerPlayer = default_player,
                 clock: Callable[[], str] = now_iso) -> None:
        self.player, self.clock = player, clock
        self.session = Session(player, clock)
        #: The browser's language, matched by the page (SPEC L2).
        self.browser_language = wording.DEFAULT
        self.notices: list[str] = []
        #: The notice that progress is not being saved (SPEC P2), once the page reported it.
        self.storage_note = ""
        self.saving = Saving()
        self.reviews = Reviews()
        self.hints = Hints()
        self.puzzles = puzzles.Room()
        #: The save being read, while ``load_history`` is awaited.
        self.loading: save.Loading | None = None
        #: The page's local date of the request being run (the daily puzzle's).
        self.today = puzzles.day(None)
        #: What the command being run did beyond the session's own events.
        self.events: list[Event] = []
        #: Extra reply fields of the command being run (``setup``, ``solution``).
        self.extra: dict[str, Any] = {}
        session = self.session_command
        self.commands: dict[str, Callable[..., None]] = {
            "load": self.load, "load_history": self.load_history, "snapshot": lambda: None, "place": session("place"),
            "computer_move": session("computer_move"), "undo": session("undo"), "redo": session("redo"),
            "restart": session("restart"), "new": session("new"), "pause": session("pause"),
            "resume": session("resume"), "tick": session("tick"), "set_setting": session("set_setting"),
            "hint_step": self.hint_step,
            "flush": lambda: None, "storage_failed": self.storage_failed,
            "external": self.external, "takeover": self.takeover,
            "review": lambda source, index=None: self.reviews.show(
                self.session, chosen_game(self.session, source, index)),
            "close_review": lambda: self.events.extend(self.reviews.close(self.session)),
            "import_transcript": lambda text: self.events.extend(self.reviews.import_game(self.session, text)),
            "open_link": lambda fragment: self.events.extend(
                self.reviews.import_game(self.session, fragment, link=True)),
            "analysis_start": lambda moves, title="Game", human=None: self.events.extend(
                self.reviews.start_analysis(self.session, moves, title, human)),
            "analysis_step": lambda: self.events.extend(self.reviews.step()),
            "analysis_stop": lambda: setattr(self.reviews, "analysis", None),
            "clear_history": lambda: self.session.clear_history(),
            "history_page": lambda page: self.extra.update(history_page=history_page(self.session, page)),
            "watch": lambda moves, black, white, seed=0: self.reviews.watch(self.session, moves, black, white, seed),
            "setup_check": lambda board: self.extra.update(setup=setup.check(board)),
            "setup_play": self.setup_play,
            "setup_solve": lambda board: self.extra.update(solution=setup.solve(board)),
            "setup_analyse": self.setup_analyse,
            "puzzle_open": self.puzzle_open,
            "puzzle_tap": lambda square: self.puzzles.tap(square, self.today),
            "puzzle_retry": lambda: self.puzzles.retry(),
            "puzzle_answer": lambda: self.puzzles.show_answer(self.today),
            "puzzle_play_out": lambda: self.puzzles.play_out(),
            "puzzle_computer": lambda: self.puzzles.computer_move(),
            "puzzle_close": self.puzzle_close,
        }
        self.learn = learn.Room()  # Learning (N1-N5)
        self.commands.update(learn.commands(self))  # Learning (N1-N5)

    def session_command(self, name: str) -> Callable[..., None]:
        """Returns the command that runs the session's method ``name``."""
        return lambda **params: getattr(self.session, name)(**params)

    def call(self, method: str, params: str = "{}") -> str:
        """Runs ``method`` with the JSON object ``params`` and returns the JSON reply.

        :raises ValueError: for an unknown method or bad parameters.
        """
        if method not in self.commands:
            raise ValueError(f"unknown method {method!r}")
        args = json.loads(params)
        if not isinstance(args, dict):
            raise ValueError("parameters must be a JSON object")
        self.session.begin()
        self.events, self.extra, self.reviews.payload = [], {}, None
        if method == "load" and args.get("language") in wording.CODES:
            self.browser_language = args["language"]
        self.today = puzzles.day(args.pop("today", None))
        self.speak()
        try:
            if self.saving.elsewhere and method in GAME_COMMANDS and not _display_setting(method, args):
                if method == "place":
                    self.events.append(Refused("elsewhere"))
            else:
                self.commands[method](**args)
        except TypeError as error:
            raise ValueError(f"bad parameters for {method}: {error}") from None
        self.keep_history_in_budget()
        self.speak()  # a new language speaks at once
        return json.dumps(self.reply(method))

    def language(self) -> str:
        """Returns the language the page speaks: the player's choice, else the browser's (SPEC L2)."""
        return self.session.settings.language or self.browser_language

    def speak(self) -> None:
        """Makes the page's language the one every sentence is worded in."""
        wording.speaking(self.language())

    def reply(self, method: str) -> dict[str, Any]:
        """Returns the snapshot with the review, the hints and the parts to store."""
        session = self.session
        reply = session_snapshot(
            session, session.events + self.events,
            always_announce=method in ("load", "close_review", "takeover"),
            notices=(*self.notices, self.storage_note) if self.storage_note else tuple(self.notices),
            reviewing=self.reviews.open, analysis=self.reviews.report(),
            elsewhere=self.saving.elsewhere, hints=self.hint_state())
        reply["history_loading"] = self.loading is not None
        reply["language"] = self.language()
        reply["languages"] = wording.languages()
        if self.reviews.payload is not None:
            reply["review"] = self.reviews.payload
        reply.update(self.extra)
        reply["puzzle"] = self.puzzles.report(self.today)
        progress = self.puzzles.progress
        extra = {puzzles.PART: progress.text()} if progress.rated or puzzles.PART in self.saving.known else {}
        reply["learn"] = self.learn.report(method)  # Learning (N1-N5)
        extra.update(self.learn.due(self.saving.known))  # Learning (N4)
        # Nothing is stored before the history chunks are read (load_history).
        reply.update(self.saving.due(session, reply, flush=method in ("flush", "pause"), extra=extra,
                                     hold=self.loading is not None))
        return reply

    # -- hints (SPEC H1-H3) ---------------------------------------------------
    def hints_wanted(self) -> bool:
        """Checks if hints should show now: hint mode on, a person to move, no review."""
        session = self.session
        return session.settings.hints and session.human_to_move() and not self.reviews.open

    def hint_state(self) -> dict[str, Any]:
        """Returns the snapshot's hint fields: ``hints`` and ``hints_due``."""
        wanted = self.hints_wanted()
        board = self.session.board
        return {"hints": self.hints.report(board) if wanted else None,
                "hints_due": wanted and not self.saving.elsewhere and self.hints.due(board)}

    def hint_step(self, token: int) -> None:
        """Works out the next step of the hints for the game at ``token``; showing them
        is assistance, so the attempt becomes practice (H2)."""
        if token == self.session.token and self.hints_wanted():
            self.hints.step(self.session.board)
            self.session.use_hints()

    # -- position setup (SPEC E1, E2) ----------------------------------------------
    def setup_play(self, board: str, mode: str) -> None:
        """Starts a new game from a set-up position."""
        start = setup.read(board)
        self.events.extend(self.reviews.close(self.session))
        try:
            self.session.new_from(start, mode)
        except ValueError:
            raise ValueError(setup.check(board)["note"]) from None

    def setup_analyse(self, board: str) -> None:
        """Opens a set-up position in review and starts its analysis."""
        game = Played([], setup.read(board), self.session.settings.variant)
        title = wording.review_title("setup")
        self.reviews.show(self.session, review_of(game.moves, title, "setup", None, game.start, game.variant))
        self.events.extend(self.reviews.analyse(self.session, game, title, None))

    # -- puzzles (issue 23) ----------------------------------------------------
    def puzzle_open(self, which: Any = "next") -> None:
        """Shows a puzzle; the game in play waits, paused, as in a review."""
        self.puzzles.show(which, self.today)
        if not self.reviews.open:
            self.session.open_review()

    def puzzle_close(self) -> None:
        """Leaves the Puzzles mode; the game in play resumes if the puzzles paused it."""
        if self.puzzles.open and not self.reviews.open:
            self.session.close_review()
        self.puzzles.close()

    # -- storage ------------------------------------------------------------
    def keep_history_in_budget(self) -> None:
        """Sheds the moves of the oldest records when the history outgrows its storage
        budget, and tells the player the first time (SPEC P9)."""
        history = self.session.progress.history
        shed = history.shed(save.HISTORY_BUDGET)
        if shed and not history.told:
            history.told = True
            self.notices.append(wording.history_shed())

    def load(self, documents: Any = None, language: Any = None, history_follows: Any = False) -> None:
        """Starts a new session from the stored documents (SPEC P1, P3, P4); with
        ``history_follows``, all but the history chunks, which ``load_history`` reads."""
        texts = self.saving.texts(documents)
        self.session = Session(self.player, self.clock)
        self.loading = save.Loading(self.session, texts, chunks_follow=history_follows is True)
        if history_follows is True:
            self.notices = self.loading.said()
        else:
            self.notices = self.loading.finish(texts)
            self.loading = None
        self.puzzles = puzzles.Room()
        progress, readable = puzzles.Progress.read(texts.get(puzzles.PART))
        self.puzzles.progress = progress
        if not readable:
            self.notices.append(wording.say("save.puzzles_unreadable"))
        self.learn.load(texts, self.notices)  # Learning (N3, N4)
        self.saving.loaded(self.session, texts, damaged=bool(self.notices), chunks_follow=self.loading is not None)

    def load_history(self, documents: Any = None) -> None:
        """Reads the history chunks of the save that ``load`` began (issue 19), then
        stores what is due again.

        :raises ValueError: when no ``load`` with ``history_follows`` came before.
        """
        if self.loading is None:
            raise ValueError("load_history follows a load with history_follows")
        texts = self.saving.texts(documents)
        before = self.loading.said()
        after = self.loading.finish(texts)
        self.notices = [*after, *self.notices[len(before):]]  # the load's own, then the rest (puzzles)
        self.loading = None
        self.saving.history_read(texts, damaged=after != before)

    def storage_failed(self, reason: str = "") -> None:
        """Tells the player that progress is not being saved, and stops offering parts
        to store: the game goes on in memory (SPEC P2)."""
        self.storage_note = self.storage_note or wording.storage_failed(reason)
        self.saving.off = True

    def busy(self) -> bool:
        """Checks if this tab is in the middle of something: reviewing, analysing, or
        the computer to move (SPEC P7)."""
        return self.reviews.open or self.reviews.analysis is not None or self.session.computer_to_move()

    def external(self, part: str, documents: Any = None, refused: bool = False) -> None:
        """Takes in what another tab stored (SPEC P7): settings are taken; stars, results
        and time merge; a newer game is adopted by an idle tab, and a busy one (or one whose own game
        could not be stored) waits for the player to take it over."""
        texts = self.saving.texts(documents)
        if part in ("settings", "stars", "clock") or save.is_chunk(part):
            self.saving.merge(self.session, part, texts.get(part), refused=refused)
        elif part == puzzles.PART and texts.get(part) is not None:
            self.puzzles.progress.merge(puzzles.Progress.read(texts[part])[0])
            self.saving.known[part] = texts[part]  # type: ignore[assignment]
        elif part == learn.PART:  # Learning (N4)
            self.learn.external(texts.get(part), self.saving.known)
        elif part == "game" and not self.saving.elsewhere and texts.get("game") != self.saving.known.get("game"):
            if refused or self.busy():
                self.saving.elsewhere = True
                self.events.append(app_ev.Elsewhere())
            else:
                self.adopt(texts)
                self.events.append(app_ev.Adopted())

    def takeover(self, documents: Any = None) -> None:
        """Continues here the game another tab stored, and resumes it (SPEC P7)."""
        self.adopt(self.saving.texts(documents))
        self.session.resume()
        self.events.append(app_ev.TakenOver())

    def adopt(self, texts: dict[str, str | None]) -> None:
        """Replaces the session with the stored one, keeping this tab's stars and results.
        Like a reloaded one, an unfinished computer game waits for Resume (SPEC P4: two
        tabs never both play the computer's move), and a tab that was paused (hidden)
        stays paused, so a background tab is never busy with the computer's turn."""
        old = self.session
        self.session = Session(self.player, self.clock)
        self.loading = None
        self.notices = save.load(self.session, texts)
        self.session.paused = self.session.paused or (old.paused and not self.session.is_over())
        self.session.progress.merge(old.progress.history.items, old.progress.shelf)
        self.session.token = old.token + 1
        self.saving.loaded(self.session, texts, damaged=bool(self.notices))
        self.reviews.drop()
