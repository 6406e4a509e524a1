"""The game session: everything the player lives with, changed only by commands.

A :class:`Session` holds the settings, the game in play (:mod:`.play`), the
player's progress: attempt, results and stars (:mod:`.progress`), and the
move clock (:mod:`.clocks`).  Each command appends to :attr:`Session.events`
what it did, as values (:mod:`.events`); words are the app's business.  It is
deterministic given its computer player and clock, so pytest covers every rule
without a browser.

Rules implemented here: C1, C3, U1-U6, A1-A5, S1-S8, P4-P6 of the contract (docs/contract.md).
"""

from __future__ import annotations

import datetime
import random
from typing import Any, Callable

from ..engine import balanced
from ..engine.bitboard import Square
from ..engine.board import Board, Step
from ..engine.notation import format_transcript, parse_square
from ..engine.variants import STANDARD
from . import events as ev
from .clocks import MoveClock, checked_tick
from .computer import ComputerPlayer, default_player, seed_for
from .line import Line, Start
from .play import Game
from .progress import Progress
from .settings import GAME_SETTINGS, SIDES, Settings, is_valid
from .stars import placement_stars


def now_iso() -> str:
    """Returns the current UTC time as an ISO 8601 string (seconds)."""
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat()


class Session:
    """The whole state of the game page, changed only by its command methods."""

    def __init__(self, player: ComputerPlayer = default_player,
                 clock: Callable[[], str] = now_iso) -> None:
        self.player = player
        self.clock = clock
        self.settings = Settings()
        self.progress = Progress(started=clock())
        self.game = Game()
        self.paused = False
        #: The game was paused because a game is being reviewed (resumed when it closes).
        self.review_paused = False
        #: Changes whenever the game changes; stale requests carry an old one (P5).
        self.token = 1
        #: What the command being run did, oldest first.
        self.events: list[ev.Event] = []
        self.move_clock = MoveClock()

    # -- derived facts ------------------------------------------------------
    @property
    def board(self) -> Board:
        """Returns the board of the current game at its cursor."""
        return self.game.board

    @property
    def new_stars(self) -> list[str]:
        """Returns the stars the command being run earned."""
        return [e.star for e in self.events if isinstance(e, ev.StarEarned)]

    def is_over(self) -> bool:
        """Checks if the current game has ended (R5)."""
        return self.board.is_game_over()

    def computer_to_move(self) -> bool:
        """Checks if the computer should move now (C1, C3): its turn, unpaused, not over."""
        g = self.game
        return (g.mode == "computer" and not self.paused and not self.is_over()
                and self.board.turn != g.human)

    def human_to_move(self) -> bool:
        """Checks if a person may place a disc now."""
        return not self.paused and not self.is_over() and self.game.is_human(self.board.turn)

    def clock_running(self) -> bool:
        """Checks if active time counts now (P6; the page adds visibility)."""
        return not self.paused and not self.is_over()

    def can_restart(self) -> bool:
        """Checks if Restart would change anything: the game has left the opening."""
        return bool(self.game.line.moves)

    def move_clock_left(self) -> int | None:
        """Returns the ms left for the person's move, or None when no move clock runs."""
        limit = self.settings.move_clock
        if not limit or self.is_over() or not self.game.is_human(self.board.turn):
            return None
        return self.move_clock.left(limit)

    def may_analyse(self, moves: list[Square], start: Start | None = None, variant: str = "standard") -> bool:
        """Checks if ``moves`` (from ``start``, None: the opening, under ``variant``) may be
        analysed: analysis is assistance, so not while they lead through the unfinished
        game's position."""
        return self.is_over() or not self.game.reached_by(moves, start, variant)

    # -- commands -----------------------------------------------------------
    def begin(self) -> None:
        """Starts a command: clears the previous command's events."""
        self.events = []

    def _changed(self, *events: ev.Event, keep_clock: bool = False) -> None:
        """Invalidates every request made before this change and reports it; the
        move clock starts again unless ``keep_clock`` (pause and resume keep it)."""
        self.token += 1
        self.events.extend(events)
        if not keep_clock:
            self.move_clock.restart()

    def place(self, square: str, token: int | None = None) -> None:
        """Plays the square named ``square`` for the person to move (B2); an illegal
        or untimely tap changes nothing and says why (:class:`~.events.Refused`)."""
        target = parse_square(square)
        refusal = self._refusal(target, token)
        if refusal:
            self.events.append(ev.Refused(refusal, target if refusal == "illegal" else None))
            return
        self._changed()
        step = self._play(target, "human")
        self.events.extend(self.progress.earn(placement_stars(target, step.flips),
                                              limited=self.game.mode == "local"))
        self._after_placement()

    def _refusal(self, square: Square, token: int | None) -> str:
        """Returns why a person may not play ``square`` now, or ``""``."""
        if token is not None and token != self.token:
            return "stale"
        if self.paused:
            return "paused"
        if not self.human_to_move():
            return "over" if self.is_over() else "computer_turn"
        return "" if self.board.is_legal(square) else "illegal"

    def computer_move(self, token: int) -> None:
        """Plays the computer's move for the game as it was at ``token`` (C1, C3).

        A request for a game that was changed, paused or finished meanwhile is
        ignored and changes nothing (P5).
        """
        if token != self.token or not self.computer_to_move():
            return
        p, o = self.board.mover_mask()
        seed = seed_for(self.progress.attempt.id, self.game.line.cursor)
        square = self.player(p, o, self.game.level, seed, self.game.variant)
        self._changed()
        self._play(square, "computer")
        self._after_placement()

    def _play(self, square: Square, by: str) -> Step:
        """Plays ``square`` on the current line and reports it; returns the step."""
        self.game.line.play(square)
        step = self.board.steps[-1]
        self.events.append(ev.Placed(step.color, square, step.flips.bit_count(), by))
        if step.caused_pass:
            self.events.append(ev.Passed(step.color ^ 1))
        return step

    def _after_placement(self) -> None:
        """Reports the end of the game and lets the progress record it (A1, A3)."""
        outcome = self.board.outcome()
        if outcome is not None:
            self.events.append(ev.GameOver(outcome.black, outcome.white, outcome.winner))
            line = self.game.line
            self.events.extend(self.progress.game_ended(
                self.game, outcome, self.clock, format_transcript(line.moves[:line.cursor])))

    def undo(self) -> None:
        """Takes back to the human's previous decision (U1-U4); marks practice (A2)."""
        target = self.game.undo_target()
        if target is None:
            self.events.append(ev.Refused("nothing_to_undo"))
            return
        self._changed(ev.Undone())
        self.game.line.seek(target)
        self.events.extend(self.progress.mark_practice())

    def redo(self) -> None:
        """Replays the undone placements, computer replies included (U5)."""
        target = self.game.redo_target()
        if target is None:
            self.events.append(ev.Refused("nothing_to_redo"))
            return
        self._changed(ev.Redone())
        self.game.line.seek(target)
        self._after_placement()

    def restart(self) -> None:
        """Returns this attempt to the opening; it becomes practice and keeps its
        first result (U6, A2)."""
        self._changed(ev.Restarted())
        self.game.line = Line(start=self.game.line.start, variant=self.game.variant)
        self.events.extend(self.progress.mark_practice())
        self.paused = self.review_paused = False

    def new(self) -> None:
        """Starts a fresh attempt with the current settings (U6, A1); with
        ``swap_sides`` the player takes the other colour after a finished computer game.
        With the balanced opening setting a standard game starts where a balanced
        random opening ends, chosen by the attempt's date and number; it is
        played like a set-up game (E2)."""
        s = self.settings
        if s.swap_sides and self.game.mode == "computer" and s.mode == "computer" and self.is_over():
            s.side = SIDES[1 - SIDES.index(self.game.side)]
        started = self.clock()
        opening = ""
        line = Line(variant=s.variant)
        if s.opening == "balanced" and s.variant == STANDARD:
            opening = format_transcript(balanced.pick(f"{started}/{self.progress.attempt.id + 1}"))
            board = Board.replay(opening)
            line = Line(start=(board.black, board.white, board.turn))
        self._changed(ev.NewGame(s.mode, s.side, s.game_level(), set_up=bool(opening), variant=s.variant,
                                 balanced=bool(opening)))
        self.game = Game(s.mode, s.side, s.game_level(), line, opening)
        self.progress.new_attempt(started)
        self.paused = self.review_paused = False

    def new_from(self, start: Start, mode: str) -> None:
        """Starts a fresh attempt from a set-up position (E2) in ``mode``, with the
        side and level of the settings; such a game is never a challenge.

        :raises ValueError: for an unknown mode or a position where neither side can move.
        """
        if not is_valid("mode", mode):
            raise ValueError(f"unknown mode {mode!r}")
        s = self.settings
        line = Line(start=start, variant=s.variant)
        if line.board.is_game_over():
            raise ValueError("neither side can move in that position")
        self._changed(ev.NewGame(mode, s.side, s.game_level(), set_up=True, variant=s.variant))
        self.game = Game(mode, s.side, s.game_level(), line)
        self.progress.new_attempt(self.clock())
        self.paused = self.review_paused = False

    def use_hints(self) -> None:
        """Notes that hints were shown for the game in play: assistance, so the attempt
        becomes practice (H2)."""
        self.events.extend(self.progress.mark_practice())

    def pause(self, reason: str = "") -> None:
        """Pauses the game: the clock stops and the computer waits (P4).
        ``reason`` is ``""``, ``"hidden"`` or ``"review"`` (see :class:`~.events.Paused`)."""
        if self.paused or self.is_over():
            return
        self._changed(ev.Paused(reason), keep_clock=True)
        self.paused = True

    def resume(self) -> None:
        """Resumes a paused game, keeping the token: pausing changed it already, and a tap
        sent for the paused position just before the resume landed still counts (P5)."""
        self.review_paused = False
        if self.paused:
            self.events.append(ev.Resumed())
            self.paused = False

    def came_back(self, *, paused: bool) -> None:
        """Marks the session as read back from storage: ``paused`` when its game waits for
        Resume (P4), and a request sent for the session before it is stale (P5)."""
        self.paused = paused
        self.token += 1

    def follow(self, old: Session) -> None:
        """Continues after ``old``, the session this tab had, when it adopts a stored game
        (P7): this tab's stars and results are kept, a tab that was paused (hidden) stays
        paused, and requests sent for ``old`` are stale (P5)."""
        self.paused = self.paused or (old.paused and not self.is_over())
        self.progress.merge(old.progress.history.items, old.progress.shelf)
        self.token = old.token + 1

    def open_review(self) -> None:
        """Pauses a running game while another game is reviewed (its clocks stop)."""
        if self.clock_running():
            self.pause("review")
            self.review_paused = True

    def close_review(self) -> None:
        """Resumes the game if reviewing paused it."""
        if self.review_paused:
            self.resume()

    def tick(self, ms: int) -> None:
        """Adds ``ms`` of visible time to the active clock when it runs (P6),
        and runs the move clock: announced in its last seconds, and on expiry it
        plays a random legal move for the person to move.

        :raises ValueError: if ``ms`` is not a whole, non-negative number.
        """
        ms = checked_tick(ms)
        if not self.clock_running():
            return
        self.progress.attempt.active_ms += ms
        if self.move_clock_left() is None:
            return
        warnings, expired = self.move_clock.run(ms, self.settings.move_clock)
        self.events.extend(warnings)
        if expired:
            moves = self.board.legal_moves()
            rng = random.Random(seed_for(self.progress.attempt.id, self.game.line.cursor))
            self._changed()
            self._play(moves[rng.randrange(len(moves))], "clock")
            self._after_placement()

    def set_setting(self, name: str, value: Any) -> None:
        """Changes one setting; mode, side and level start a new game at once when the
        human has not placed a disc yet, else they wait for New.

        :raises ValueError: for an unknown setting or a value it does not allow.
        """
        if not is_valid(name, value):
            raise ValueError(f"unknown setting {name}={value!r}")
        setattr(self.settings, name, value)
        if name not in GAME_SETTINGS:
            if name == "move_clock":
                self.move_clock.restart()
            self.events.append(ev.SettingChanged(name, value))
        elif not self.game.has_human_placement() and self.progress.attempt.first_result is None:
            self.new()
        else:
            self.events.append(ev.SettingChanged(name, value, now=False))

    def clear_history(self) -> None:
        """Empties the results history; stars stay (they are kept forever)."""
        self.events.extend(self.progress.clear_history())
