"""The game session: everything the player lives with, driven by commands.

A :class:`Session` holds the settings, the current game (its placements and
undo/redo cursor, see :mod:`reversi.line`), the attempt (id, practice mark,
first result, active time), the results history and the stars.  The page
sends commands (place, undo, redo, restart, new, pause, resume, computer move,
settings, clock ticks) and draws the snapshot that comes back
(:mod:`reversi.snapshot`).  It is deterministic given its computer player and
clock inputs, so pytest covers every rule without a browser.

Rules implemented here: C1, C3, U1-U6, A1-A5, S1-S8, P4-P6 of SPEC.md.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from ..app.analysis import GameAnalysis
from ..engine.bitboard import Bitboard, Square
from ..engine.board import COLOR_NAMES, Board
from .line import Line
from ..engine.notation import format_transcript, parse_square, parse_transcript, square_name
from ..app.snapshot import color_title, result_text
from .stars import STAR_IDS, STARS, placement_stars, result_stars

MODES = ("computer", "local")
SIDES = ("black", "white")
LEVELS = ("easy", "normal", "hard", "expert")
#: Longest clock tick taken at face value (ms); a longer gap (a sleeping laptop) counts this much.
MAX_TICK_MS = 5_000
MOVE_CLOCKS = (0, 30, 40, 60)
#: Seconds left at which the move clock is announced.
CLOCK_WARNINGS = (10, 5)

#: Chooses the computer's move: (p, o, level, seed) -> square.
ComputerPlayer = Callable[[Bitboard, Bitboard, str, int], Square]


def default_player(p: Bitboard, o: Bitboard, level: str, seed: int) -> Square:
    """Returns the move of the built-in computer player at ``level``."""
    from ..engine.players import choose_move  # the search stack loads only when the computer plays

    choice = choose_move(p, o, level, seed=seed)
    if choice.square is None:
        raise ValueError("the computer has no legal move")
    return choice.square


@dataclass
class Settings:
    """The player's choices (SPEC P1): they apply to the next new game, except the
    display ones (legal dots, sound) which apply at once."""

    mode: str = "computer"
    side: str = "black"
    level: str = "normal"
    legal_dots: bool = True
    sound: bool = False
    #: After each finished computer game, the player takes the other colour.
    swap_sides: bool = False
    #: Seconds per human move (0 = no clock); on expiry a random legal move is played.
    move_clock: int = 0


@dataclass
class Attempt:
    """One attempt (SPEC A1): begun by New, kept across Restart."""

    id: int = 1
    practice: bool = False
    first_result: dict[str, Any] | None = None
    active_ms: int = 0
    started: str = ""


@dataclass
class Game:
    """The current game: its fixed mode, side and level, and its placements."""

    mode: str = "computer"
    side: str = "black"
    level: str = "normal"
    line: Line = field(default_factory=Line)

    @property
    def human(self) -> int | None:
        """Returns the human's colour in a computer game, None in a local game."""
        return SIDES.index(self.side) if self.mode == "computer" else None

    def is_human(self, color: int) -> bool:
        """Checks if ``color`` is played by a person (both are in a local game)."""
        return self.mode == "local" or color == self.human


def now_iso() -> str:
    """Returns the current UTC time as an ISO 8601 string (seconds)."""
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat()


class Session:
    """The whole state of the game page, changed only by its command methods."""

    def __init__(self, player: ComputerPlayer = default_player, clock: Callable[[], str] = now_iso) -> None:
        self.player = player
        self.clock = clock
        self.settings = Settings()
        self.attempt = Attempt(started=clock())
        self.game = Game()
        self.history: list[dict[str, Any]] = []
        self.stars: list[str] = []
        self.challenge_wins = 0
        self.paused = False
        #: Changes whenever the game changes; stale requests carry an old one (SPEC P5).
        self.token = 1
        self.events: list[str] = []
        self.new_stars: list[str] = []
        self.notices: list[str] = []
        #: Time left for the current human move (ms), None when the clock is off or not started.
        self.move_left_ms: int | None = None
        self.analysis: GameAnalysis | None = None

    # -- derived facts ------------------------------------------------------
    @property
    def board(self):
        """Returns the board of the current game at its cursor."""
        return self.game.line.board

    def is_over(self) -> bool:
        """Checks if the current game has ended (SPEC R5)."""
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
        """Checks if active time counts now (SPEC P6; the page adds visibility)."""
        return not self.paused and not self.is_over()

    def undo_target(self) -> int | None:
        """Returns the cursor Undo goes back to, or None when Undo is unavailable (U1-U4)."""
        line = self.game.line
        if self.game.mode == "local":
            return line.cursor - 1 if line.cursor else None
        for index in range(line.cursor - 1, -1, -1):
            if line.color_of(index) == self.game.human:
                return index
        return None  # U3: nothing of the human's to take back

    def redo_target(self) -> int | None:
        """Returns the cursor Redo goes forward to, or None when nothing was undone (U5).

        Against the computer it replays the human's placement and every computer
        reply that followed it, up to the human's next decision.
        """
        line = self.game.line
        if line.cursor == len(line.moves):
            return None
        if self.game.mode == "local":
            return line.cursor + 1
        target = line.cursor + 1
        while target < len(line.moves) and line.color_of(target) != self.game.human:
            target += 1
        return target

    # -- commands -----------------------------------------------------------
    def begin(self) -> None:
        """Starts a command: clears the previous command's report."""
        self.events = []
        self.new_stars = []

    def _changed(self, *events: str, keep_clock: bool = False) -> None:
        """Invalidates every request made before this change and reports it; the
        move clock starts again unless ``keep_clock`` (pause and resume keep it)."""
        self.token += 1
        self.events.extend(events)
        if not keep_clock:
            self.move_left_ms = None

    def move_clock_left(self) -> int | None:
        """Returns the ms left for the human's move, or None when no move clock runs."""
        if not self.settings.move_clock or self.is_over() or not self.game.is_human(self.board.turn):
            return None
        return self.settings.move_clock * 1000 if self.move_left_ms is None else self.move_left_ms

    def place(self, name: str, token: int | None = None) -> None:
        """Plays square ``name`` for the person to move (SPEC B2); an illegal
        or untimely tap changes nothing and says why."""
        square = parse_square(name)
        if token is not None and token != self.token:
            self.events.append("That tap was for an earlier position; nothing changed.")
            return
        if self.paused:
            self.events.append("The game is paused. Resume to play.")
            return
        if not self.human_to_move():
            self.events.append("Game over." if self.is_over() else "Wait for the computer's move.")
            return
        if not self.board.is_legal(square):
            self.events.append(f"{name} is not a legal move.")
            return
        self._changed()
        step = self._play(square)
        self._earn(placement_stars(square, step.flips))
        self._after_placement()

    def computer_move(self, token: int) -> None:
        """Plays the computer's move for the game as it was at ``token`` (SPEC C1, C3).

        A request for a game that was changed, paused or finished meanwhile is
        rejected and changes nothing (SPEC P5).
        """
        if token != self.token or not self.computer_to_move():
            return
        p, o = self.board.mover_mask()
        seed = self.attempt.id * 1000 + self.game.line.cursor
        square = self.player(p, o, self.game.level, seed)
        self._changed()
        self._play(square)
        self._after_placement()

    def _play(self, square: Square):
        """Plays ``square`` on the current line and reports it; returns the step."""
        line = self.game.line
        line.play(square)
        step = line.board.steps[-1]
        flips = step.flips.bit_count()
        who, you = self._who(step.color), self._who(step.color) == "You"
        self.events.append(f"{who} {'play' if you else 'plays'} {square_name(square)}, "
                           f"flipping {flips} disc{'s' if flips != 1 else ''}.")
        if step.caused_pass:
            other = self._who(step.color ^ 1)
            self.events.append(f"{other} has no legal move and passes." if other != "You"
                               else "You have no legal move and pass.")
        return step

    def _who(self, color: int) -> str:
        """Returns how announcements name ``color``: "You", "Computer", "Black" or "White"."""
        if self.game.mode == "local":
            return color_title(color)
        return "You" if color == self.game.human else "Computer"

    def _after_placement(self) -> None:
        """Records the attempt's first result when the game has just ended (A1, A3)."""
        outcome = self.board.outcome()
        if outcome is None:
            return
        self.events.append("Game over. " + result_text(outcome) + self._verdict(outcome))
        if self.attempt.first_result is not None:
            return
        g = self.game
        if g.mode == "computer":
            winner = outcome.winner
            result = "draw" if winner is None else ("win" if winner == g.human else "loss")
        else:
            result = "draw" if outcome.winner is None else COLOR_NAMES[outcome.winner]
        challenge = g.mode == "computer" and result == "win" and not self.attempt.practice
        record = {
            "attempt": self.attempt.id, "date": self.clock(), "mode": g.mode, "level": g.level,
            "side": g.side, "result": result, "black": outcome.black, "white": outcome.white,
            "practice": self.attempt.practice, "challenge": challenge,
            "duration_ms": self.attempt.active_ms, "moves": format_transcript(self.game.line.moves[:self.game.line.cursor]),
        }
        self.attempt.first_result = record
        self.history.append(record)
        if challenge:
            self.challenge_wins += 1
        self._earn(result_stars(computer=g.mode == "computer", won=result == "win", challenge=challenge,
                                level=g.level, challenge_wins=self.challenge_wins))

    def _verdict(self, outcome) -> str:
        """Returns " You win." / " You lose." / "" for the human in a computer game."""
        if self.game.mode != "computer" or outcome.winner is None:
            return ""
        return " You win." if outcome.winner == self.game.human else " You lose."

    def _earn(self, stars: list[str]) -> None:
        """Adds the stars not yet earned and announces them (SPEC S1-S8).

        Local games earn S1-S4 only; the callers pass only human placements.
        """
        allowed = STAR_IDS[:4] if self.game.mode == "local" else STAR_IDS
        for star in STARS:
            if star.id in stars and star.id in allowed and star.id not in self.stars:
                self.stars.append(star.id)
                self.new_stars.append(star.id)
                self.events.append(f"Star earned: {star.name}!")

    def undo(self) -> None:
        """Takes back to the human's previous decision (U1-U4); marks practice (A2)."""
        target = self.undo_target()
        if target is None:
            self.events.append("Nothing to undo.")
            return
        self._changed()
        self.game.line.seek(target)
        self.attempt.practice = True
        self.events.append("Move taken back. This attempt is now practice."
                           if self.game.mode == "computer" else "Move taken back.")

    def redo(self) -> None:
        """Replays the undone placements, computer replies included (U5)."""
        target = self.redo_target()
        if target is None:
            self.events.append("Nothing to redo.")
            return
        self._changed("Move replayed.")
        self.game.line.seek(target)
        self._after_placement()

    def restart(self) -> None:
        """Returns this attempt to the opening; it becomes practice and keeps its first result (U6, A2)."""
        self._changed("Restarted from the opening. This attempt is now practice.")
        self.game.line = Line()
        self.attempt.practice = True
        self.paused = False

    def new(self) -> None:
        """Starts a fresh attempt with the current settings (U6, A1); with
        ``swap_sides`` the player takes the other colour after a finished computer game."""
        s = self.settings
        if s.swap_sides and self.game.mode == "computer" and s.mode == "computer" and self.is_over():
            s.side = "white" if self.game.side == "black" else "black"
        self._changed(f"New game: {self._describe(s.mode, s.side, s.level)}.")
        self.game = Game(s.mode, s.side, s.level)
        self.attempt = Attempt(id=self.attempt.id + 1, started=self.clock())
        self.paused = False

    @staticmethod
    def _describe(mode: str, side: str, level: str) -> str:
        """Returns e.g. "you play Black against Normal" or "two players"."""
        if mode == "local":
            return "two players on this screen"
        return f"you play {side.capitalize()} against {level.capitalize()}"

    def pause(self, reason: str = "") -> None:
        """Pauses the game: the clock stops and the computer waits (SPEC P4)."""
        if self.paused or self.is_over():
            return
        self._changed("Paused." + (f" {reason}" if reason else ""), keep_clock=True)
        self.paused = True

    def resume(self) -> None:
        """Resumes a paused game. The token stays: the position is the one the page
        showed while paused, so a tap sent just before the resume landed still counts
        (pausing already changed the token, which keeps older requests out)."""
        if not self.paused:
            return
        self.events.append("Resumed.")
        self.paused = False

    def tick(self, ms: int) -> None:
        """Adds ``ms`` of visible time to the active clock when it runs (SPEC P6),
        and runs the move clock: announced in its last seconds, and on expiry it
        plays a random legal move for the person to move."""
        if not isinstance(ms, int) or isinstance(ms, bool) or ms < 0:
            raise ValueError("tick needs a whole, non-negative number of milliseconds")
        if not self.clock_running():
            return
        ms = min(ms, MAX_TICK_MS)
        self.attempt.active_ms += ms
        left = self.move_clock_left()
        if left is None:
            return
        self.move_left_ms = left - ms
        for warning in CLOCK_WARNINGS:
            if self.move_left_ms <= warning * 1000 < left and self.move_left_ms > 0:
                self.events.append(f"{warning} seconds left to move.")
        if self.move_left_ms <= 0:
            self._timeout_move()

    def _timeout_move(self) -> None:
        """Plays a random legal move for the person whose move clock ran out."""
        moves = self.board.legal_moves()
        square = moves[random.Random(self.attempt.id * 1000 + self.game.line.cursor).randrange(len(moves))]
        self._changed("Time is up: a random move is played.")
        self._play(square)
        self._after_placement()

    def set_setting(self, name: str, value: Any) -> None:
        """Changes one setting; mode, side and level start a new game at once when the
        human has not placed a disc yet, else they wait for New."""
        choices = {"mode": MODES, "side": SIDES, "level": LEVELS}
        switches = {"legal_dots": "Legal move dots", "sound": "Sound", "swap_sides": "Swap sides after each game"}
        if name in switches:
            if not isinstance(value, bool):
                raise ValueError(f"{name} must be true or false")
            setattr(self.settings, name, value)
            self.events.append(f"{switches[name]} {'on' if value else 'off'}.")
            return
        if name == "move_clock":
            if value not in MOVE_CLOCKS or isinstance(value, bool):
                raise ValueError(f"move_clock must be one of {MOVE_CLOCKS}")
            self.settings.move_clock = value
            self.move_left_ms = None
            self.events.append(f"Move clock: {value} seconds per move." if value else "Move clock off.")
            return
        if name not in choices or value not in choices[name]:
            raise ValueError(f"unknown setting {name}={value!r}")
        setattr(self.settings, name, value)
        line = self.game.line
        untouched = not any(self.game.is_human(line.color_of(i)) for i in range(len(line.moves)))
        if untouched and self.attempt.first_result is None:
            self.new()
        else:
            self.events.append(f"{name.capitalize()}: {value}. It applies from the next new game.")

    # -- looking back (review, analysis, history) ---------------------------
    def game_moves(self, source: str, index: int | None = None) -> tuple[list[Square], str, str | None]:
        """Returns the placements, a title and the person's colour (None: both or
        unknown) of the current game (``"current"``) or of results-history line
        ``index`` (``"history"``).

        :raises ValueError: for an unknown source or index, or a line without moves.
        """
        if source == "current":
            line = self.game.line
            human = self.game.side if self.game.mode == "computer" else None
            return line.moves[:line.cursor], "This game", human
        if source == "history" and type(index) is int and 0 <= index < len(self.history):
            record = self.history[index]
            if "moves" in record:
                human = record["side"] if record["mode"] == "computer" else None
                return [s for s, _ in parse_transcript(record["moves"])], f"Game of {record['date'][:10]}", human
        raise ValueError("that game cannot be reviewed")

    def start_analysis(self, moves: list[Square], title: str) -> None:
        """Starts analysing a game, unless it is part of the game in progress or passes
        through its position (analysis is assistance: only for finished or past games)."""
        line = self.game.line
        live = line.moves[:line.cursor]
        if not self.is_over() and (moves == live[:len(moves)] or (live and self._passes_live(moves))):
            raise ValueError("Analysis is available once this game is finished.")
        self.analysis = GameAnalysis(moves, title)
        self.events.append(f"Analysing {title.lower()}…")

    def _passes_live(self, moves: list[Square]) -> bool:
        """Checks if playing ``moves`` from the opening reaches the live position."""
        live, board = self.board, Board()
        for square in moves:
            board.play(square)
            if (board.black, board.white, board.turn) == (live.black, live.white, live.turn):
                return True
        return False

    def analysis_step(self) -> None:
        """Analyses the next position of the running analysis, if any."""
        if self.analysis is not None:
            self.analysis.step()
            if self.analysis.done:
                self.events.append("Analysis finished.")

    def stop_analysis(self) -> None:
        """Drops the analysis (cancelled or closed)."""
        self.analysis = None

    def clear_history(self) -> None:
        """Empties the results history; stars stay (they are kept forever)."""
        self.history = []
        self.events.append("Results history cleared. Your stars are kept.")
