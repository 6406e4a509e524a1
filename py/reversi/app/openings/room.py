"""Openings, as a feature (K2-K6): the explorer of the book and the trainer of its lines,
one room (shown over the review), with the stored part ``openings``
(:class:`~reversi.app.openings.deck.Deck`, given up after the mistakes part, P9).

Its commands and reply field are declared in :data:`FEATURE`; the explorer
(:mod:`.explorer`), the trainer (:mod:`.trainer`) and the schedule (:mod:`.deck`) do the
work, :mod:`.views` words the trainer.  What it shows and why: ``docs/openings.md``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, TypedDict

from ...engine import openings
from ...engine.board import Board
from ...engine.notation import IllegalMoveError, NotationError, parse_square, square_name
from .. import wording
from ..game_text import parse_game
from ..house import Command, Feature, Host
from .deck import DEPTHS, KINDS, PART, SIDES, Deck
from .explorer import Explorer
from .trainer import Drill, Trainer, oriented, parse_moves
from .views import choice_view, line_view

#: The off-book value of a wrong answer: the hints' search budget, in nodes.
WRONG_NODES = 6_000


class OpeningsFields(TypedDict):
    """The reply field ``openings``: None while the room is closed; else ``mode``
    (explore, train), ``board`` (the room's board: cells, counts, last, legal, turn) and
    the explorer's or the trainer's own fields (``explore``, ``train``)."""

    openings: dict[str, Any] | None


def board_view(board: Board, legal: bool = True, marks: dict[str, tuple[float, bool, bool]] | None = None
               ) -> dict[str, Any]:
    """Returns a board as the page draws it; ``marks``: values shown on squares as the hints
    show theirs, each (value, best, the book's)."""
    black, white = board.counts()
    values = {square: {"value": v, "text": wording.signed(v), "exact": False, "best": best, "book": book}
              for square, (v, best, book) in (marks or {}).items()}
    return {"cells": board.cells(), "counts": {"black": black, "white": white}, "turn": board.turn,
            "last": square_name(board.steps[-1].square) if board.steps else None,
            "legal": [square_name(s) for s in board.legal_moves()] if legal else [],
            "hints": {"values": values} if values else None}


class Room:
    """The openings' room: the explorer, the trainer and the saved deck of lines."""

    name: ClassVar[str] = "openings"
    opens_over: ClassVar[tuple[str, ...]] = ("review",)
    part: ClassVar[str] = PART
    shed_rank: ClassVar[int] = 2
    busy: ClassVar[bool] = False

    def __init__(self, host: Host) -> None:
        self.host = host
        self.deck = Deck()
        self.mode: str | None = None
        self.explorer = Explorer()
        self.trainer = Trainer(self.deck, random.Random())
        #: The trainer's choice being drilled, and how many lines it has played.
        self.drilled: dict[str, Any] | None = None

    @property
    def open(self) -> bool:
        """Checks if the explorer or the trainer is shown."""
        return self.mode is not None

    def leave(self) -> None:
        """``openings_close`` {}: closes the room."""
        self.mode = None

    # -- the explorer (K2) ---------------------------------------------------------------
    def explore(self, game: Any = None, ply: Any = None) -> None:
        """``openings_explore`` {"game": a game's text (optional: the game in play), "ply":
        its placements to take (optional: all)}: opens the explorer at that position."""
        if isinstance(game, str):
            played = parse_game(game)
            moves, start, variant = played.moves, played.start, played.variant
        else:
            line = self.host.session.game.line
            moves, start, variant = line.moves[:line.cursor], line.start, line.variant
        if type(ply) is int and 0 <= ply <= len(moves):
            moves = moves[:ply]
        self.explorer.open(moves, start, variant)
        self.mode = "explore"

    def explore_play(self, square: str) -> None:
        """``openings_play`` {"square"}: plays a move on the explorer's board."""
        if self.mode == "explore":
            self.explorer.play(parse_square(square))

    def explore_back(self, to: Any = None) -> None:
        """``openings_back`` {"to": placements to keep (optional: one fewer)}: goes up."""
        if self.mode == "explore":
            self.explorer.back(to if type(to) is int else None)

    def explore_forward(self, end: Any = False) -> None:
        """``openings_forward`` {"end": bool}: plays again what Back took off (one, or all)."""
        if self.mode == "explore":
            self.explorer.forward(end is True)

    def explore_values(self) -> None:
        """``openings_values`` {}: the hints' values of the moves off the book (K2)."""
        if self.mode == "explore":
            self.explorer.ask_values()

    # -- the trainer (K4, K5) --------------------------------------------------------------
    def train(self) -> None:
        """``trainer_open`` {}: opens the trainer at the choice of what to train."""
        self.mode, self.drilled = "train", None
        self.trainer.phase = "choose"

    def train_start(self, kind: Any = "main", name: Any = "", moves: Any = "", depth: Any = 12,
                    side: Any = "black") -> None:
        """``trainer_start`` {"kind": opening | moves | main | due, "name", "moves", "depth",
        "side"}: starts the first line of a choice (it is kept in the part)."""
        if kind not in KINDS or depth not in DEPTHS or side not in SIDES:
            raise ValueError(f"there is no training {kind!r} {depth!r} {side!r}")
        if kind == "opening" and name not in dict((t, m) for m, t in openings.read()):
            raise ValueError(f"there is no opening {name!r}")
        if kind == "moves":  # a bad list is named before anything changes
            try:
                if not parse_moves(moves):
                    raise ValueError(wording.transcript_problem(None))
            except (NotationError, IllegalMoveError) as error:
                raise ValueError(wording.transcript_problem(error)) from None
        self.deck.choice = {"kind": kind, "name": name if kind == "opening" else "",
                            "moves": moves if kind == "moves" else "", "depth": depth, "side": side}
        self.mode, self.drilled = "train", dict(self.deck.choice)
        self.next_line()

    def train_choose(self, kind: Any = "main", name: Any = "", moves: Any = "", depth: Any = 12,
                     side: Any = "black") -> None:
        """``trainer_choose`` {the choice's fields}: keeps the choice shown (its lines to
        learn are counted at its depth, K3); nothing starts."""
        if kind not in KINDS or depth not in DEPTHS or side not in SIDES or not isinstance(name, str) \
                or not isinstance(moves, str):
            raise ValueError(f"there is no training {kind!r} {depth!r} {side!r}")
        self.deck.choice = {"kind": kind, "name": name[:80], "moves": moves[:200], "depth": depth, "side": side}

    def next_line(self) -> None:
        """``trainer_next`` {}: the next line of the choice (the next due line, when due)."""
        choice = self.drilled
        if choice is None:
            raise ValueError("nothing is being trained")
        self.trainer.today = self.host.today
        side = SIDES.index(choice["side"])
        if choice["kind"] == "due":
            due = self.deck.due(self.host.today)
            if not due:
                self.trainer.phase, self.drilled = "choose", None
                return
            card = due[0]
            line = parse_moves(card.moves)
            drill = Drill("due", [], len(line), SIDES.index(card.side), forced=line, title=card.opening)
        else:
            prefix = {"opening": lambda: next(m for m, t in openings.read() if t == choice["name"]),
                      "moves": lambda: parse_moves(choice["moves"]), "main": lambda: []}[choice["kind"]]()
            drill = Drill(choice["kind"], oriented(list(prefix)), choice["depth"], side,
                          title=choice["name"] if choice["kind"] == "opening" else "")
        self.trainer.start(drill)

    def train_tap(self, square: str) -> None:
        """``trainer_tap`` {"square"}: the player's answer (K4)."""
        if self.mode != "train":
            return
        self.trainer.today = self.host.today
        self.trainer.answer(parse_square(square), self.value_of)

    def train_reply(self) -> None:
        """``trainer_reply`` {}: the computer's move of the line (the page asks after a pause)."""
        if self.mode == "train":
            self.trainer.today = self.host.today
            self.trainer.reply()

    def value_of(self, square: int) -> float:
        """Returns a move's value off the book, by a short search of the hints."""
        from ...engine.hints import score_moves

        p, o = self.trainer.board.mover_mask()
        return score_moves(p, o, max_nodes=WRONG_NODES).get(square, (0.0, False))[0]

    # -- the saved part (P1, P3, P7, P9) ---------------------------------------------------
    def load(self, text: str | None) -> list[str]:
        """Reads the part; a damaged one is named (P3)."""
        self.deck, whole = Deck.read(text)
        self.trainer.deck, self.mode = self.deck, None
        return [] if whole else [wording.say("save.openings_unreadable")]

    def merge(self, text: str | None) -> None:
        """Takes in another tab's lines (P7)."""
        if text is not None:
            self.deck.merge(Deck.read(text)[0])

    def stored(self, known: bool) -> str | None:
        """Returns the part to store once a line was met (or it is stored)."""
        return self.deck.text() if self.deck.cards or known else None

    def shed(self, room: int) -> int:
        """Gives up the lines reviewed longest ago while the part takes more than ``room``."""
        self.deck.shed(room)
        return len(self.deck.text())

    # -- the reply ---------------------------------------------------------------------------
    def report(self) -> OpeningsFields:
        """Returns the reply field (:class:`OpeningsFields`)."""
        if self.mode is None:
            return {"openings": None}
        if self.mode == "explore":
            explore = self.explorer.report()
            marks = {m["square"]: (m["value"], m["best"], True) for m in explore["moves"]}
            top = max((v["value"] for v in explore["values"] or []), default=0)
            marks.update((v["square"], (v["value"], v["value"] == top, False)) for v in explore["values"] or [])
            return {"openings": {"mode": "explore", "board": board_view(self.explorer.board, marks=marks),
                                 "explore": explore, "train": None}}
        trainer = self.trainer
        if trainer.phase == "choose":
            view = choice_view(self.deck, self.host.today)
            board = board_view(Board(), legal=False)
        else:
            view = line_view(trainer, self.deck, self.host.today)
            right = trainer.right if trainer.phase == "wrong" else None
            shown = {square_name(right[0]): (float(right[1] or 0), True, right[1] is not None)} if right else None
            board = board_view(trainer.board, legal=trainer.phase in ("answer", "wrong"), marks=shown)
        return {"openings": {"mode": "train", "board": board, "explore": None, "train": view}}


FEATURE = Feature("openings", Room, (
    Command("openings_explore", Room.explore, "openings", opens="openings"),
    Command("openings_play", Room.explore_play, "openings"),
    Command("openings_back", Room.explore_back, "openings"),
    Command("openings_forward", Room.explore_forward, "openings"),
    Command("openings_values", Room.explore_values, "openings"),
    Command("trainer_open", Room.train, "openings", opens="openings"),
    Command("trainer_start", Room.train_start, "openings", opens="openings"),
    Command("trainer_choose", Room.train_choose, "openings"),
    Command("trainer_next", Room.next_line, "openings"),
    Command("trainer_tap", Room.train_tap, "openings"),
    Command("trainer_reply", Room.train_reply, "openings"),
    Command("openings_close", Room.leave, "openings"),
))
