"""The openings' trainer (K4): the computer plays one side of a book line, the player
answers, and each finished line is scheduled again (K5).

:class:`Trainer` drills a :class:`Drill` (a named opening, a move list, the main lines to
a depth, or the lines due, as Black or White): the computer plays the drill's moves, then
the book's good moves (within :data:`~reversi.engine.book_lines.GOOD` of the best), picked
at random; the player must play the drill's move, then a good book move.  The room calls
it; its verdicts and why: ``docs/openings.md``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from ...engine import book_lines, openings
from ...engine.board import Board
from ...engine.book import standard_book
from ...engine.notation import format_transcript
from ...engine.patterns import symmetric
from .deck import Card, Deck, review

#: The first move every line is stored and shown from (the other three are its images).
FIRST = 37  # f5


def oriented(moves: list[int]) -> list[int]:
    """Returns ``moves`` (from the standard start) in the orientation whose first move is f5."""
    if not moves:
        return []
    g = next(g for g in openings.start_symmetries() if symmetric(moves[:1], g)[0] == FIRST)
    return list(symmetric(moves, g))


@dataclass
class Drill:
    """What one line trains: the moves it begins with (``prefix``), the depth it goes to
    in plies, the player's side (0: Black, 1: White), and for a due line the line itself
    (``forced``: the computer plays it while the player follows it)."""

    kind: str
    prefix: list[int]
    depth: int
    side: int
    forced: list[int] | None = None
    #: The named opening trained (its full title), or "".
    title: str = ""


class Trainer:
    """One line under way: its board, the phase, the player's slips, and the verdict."""

    def __init__(self, deck: Deck, rng: random.Random) -> None:
        self.deck, self.rng = deck, rng
        self.drill: Drill | None = None
        self.board = Board()
        #: answer (the player to move), reply (the computer to move), wrong, done.
        self.phase = "answer"
        self.missed = False
        self.all_best = True
        #: After a wrong answer: the move tried and its value, the right move and its value.
        self.tried: tuple[int, float] | None = None
        self.right: tuple[int, int | None] | None = None
        self.card: Card | None = None
        #: The page's date of the request (reviews are dated with it).
        self.today = ""

    @property
    def moves(self) -> list[int]:
        """Returns the line's placements so far."""
        return self.board.placements()

    def start(self, drill: Drill) -> None:
        """Starts a line of ``drill`` from the opening."""
        self.drill, self.board = drill, Board()
        self.missed, self.all_best, self.tried, self.right, self.card = False, True, None, None, None
        self.after_move()

    def target(self) -> int:
        """Returns the ply the line goes to: the drill's depth, or its prefix when longer."""
        assert self.drill is not None
        if self.drill.forced is not None:
            return len(self.drill.forced)
        return max(self.drill.depth, len(self.drill.prefix))

    def expected(self) -> tuple[dict[int, int | None], int | None]:
        """Returns the moves right at the line's end, each with its book value (None: not
        known), and the one to show as the right answer; none: the line is over."""
        assert self.drill is not None
        ply, board = len(self.moves), self.board
        if ply >= self.target() or not board.legal_mask():
            return {}, None
        p, o = board.mover_mask()
        book = standard_book()
        if ply < len(self.drill.prefix):
            square = self.drill.prefix[ply]
            return {square: book.move_values(p, o).get(square)}, square
        good: dict[int, int | None] = dict(book_lines.good_moves(book, p, o))
        forced = self.drill.forced
        if forced is not None and ply < len(forced) and self.moves == forced[:ply] and forced[ply] in good:
            return good, forced[ply]
        best = max(good, key=lambda s: (good[s], -s)) if good else None
        return good, best

    def after_move(self) -> None:
        """Sets the phase after a placement: over, the player's answer, or the reply."""
        good, _ = self.expected()
        if not good:
            self.finish()
        else:
            assert self.drill is not None
            self.phase = "answer" if self.board.turn == self.drill.side else "reply"

    def reply(self) -> None:
        """Plays the computer's move: the drill's, the due line's, else a good book move
        picked at random (K4)."""
        if self.phase != "reply":
            return
        good, chosen = self.expected()
        assert self.drill is not None
        ply = len(self.moves)
        on_line = ply < len(self.drill.prefix) or (self.drill.forced is not None and chosen is not None
                                                   and self.moves == self.drill.forced[:ply])
        square = chosen if on_line and chosen is not None else self.rng.choice(sorted(good))
        self.board.play(square)
        self.after_move()

    def answer(self, square: int, value_of: Callable[[int], float]) -> bool:
        """Judges the player's move (K4): right, it is played; wrong, the phase says so
        with the move's value (``value_of`` estimates it off the book) until the player
        plays a right one.  Returns whether it was right."""
        if self.phase not in ("answer", "wrong") or not self.board.is_legal(square):
            return False
        if not self.moves:
            self.face(square)
        good, shown = self.expected()
        if square not in good:
            p, o = self.board.mover_mask()
            known = standard_book().move_values(p, o).get(square)
            self.tried = (square, known if known is not None else value_of(square))
            assert shown is not None
            self.right, self.phase, self.missed = (shown, good[shown]), "wrong", True
            return False
        known_best = max((v for v in good.values() if v is not None), default=None)
        self.all_best &= good[square] is None or good[square] == known_best
        self.tried = self.right = None
        self.board.play(square)
        self.after_move()
        return True

    def face(self, square: int) -> None:
        """Turns the drill to the player's first move when it is an image of the drill's
        (the four first moves are one, K4)."""
        assert self.drill is not None
        line = self.drill.prefix or self.drill.forced or []
        for g in openings.start_symmetries():
            if line and symmetric(line[:1], g)[0] == square:
                self.drill.prefix = list(symmetric(self.drill.prefix, g))
                if self.drill.forced is not None:
                    self.drill.forced = list(symmetric(self.drill.forced, g))
                return

    def finish(self) -> None:
        """Ends the line: schedules it (SM-2 quality 5 all best, 4 right, 2 missed) and,
        for a due line left by a good move of the player's, the due line with it."""
        assert self.drill is not None
        self.phase = "done"
        today = self.today
        quality = 2 if self.missed else 5 if self.all_best else 4
        side = "black" if self.drill.side == 0 else "white"
        moves = format_transcript(oriented(self.moves))
        opening = self.drill.title or "/".join(openings.aliases(self.moves))
        if moves:
            self.card = self.deck.card(moves, side, opening)
            review(self.card, quality, today)
        forced = self.drill.forced
        if forced is not None and forced != self.moves:
            review(self.deck.card(format_transcript(oriented(forced)), side), quality, today)


def parse_moves(text: str) -> list[int]:
    """Returns the placements of a move list from the standard start.

    :raises NotationError, IllegalMoveError: when it is not a legal transcript.
    """
    board = Board()
    board.play_transcript(text)
    return board.placements()
