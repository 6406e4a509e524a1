"""The lessons (N2): each a position, a goal in one sentence, and a judge.

:data:`LESSONS` lists them in order; a tap is judged from engine facts about the tapped
square (:func:`facts`, the solver's scores near the end) against the lesson's
:attr:`Lesson.test`, never from an answer list.  The learning room calls it;
``tests/test_learn.py`` proves each goal reachable and each verdict right.  The facts and
how the positions were picked: ``docs/features.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.bitboard import count, flips_mask, moves_mask, squares
from ...engine.board import Board
from ...engine.notation import parse_board, square_name

Bitboard = int
CORNERS: Bitboard = 1 << 0 | 1 << 7 | 1 << 56 | 1 << 63
#: The four axes through a square (a line of discs runs along one of them).
AXES = ((1, 0), (0, 1), (1, 1), (1, -1))
DIRECTIONS = (*AXES, *((-dc, -dr) for dc, dr in AXES))


@dataclass(frozen=True)
class Lesson:
    """A lesson: ``id`` (its words are ``learn.<id>.*``), the position as a board
    string (E1, Black to move), and ``test``: the fact a tap is judged by."""

    id: str
    board: str
    test: str

    def start(self) -> Board:
        """Returns the lesson's first position."""
        return Board(*parse_board(self.board))


OPENING = "---------------------------OX------XO--------------------------- X"
#: The lessons in their order (N2).
LESSONS: tuple[Lesson, ...] = (
    Lesson("first_flip", OPENING, "legal"),
    Lesson("two_ways", "---------------------X-----OXO-----XO-------XO------------------ X", "two_ways"),
    Lesson("most_flips", "-X-O----XXXO-------XO----OOOO------OOX-----OOO------------------ X", "most_flips"),
    Lesson("three_ways", "---O------OO-X----XOX-----OOO------OXO----O--XO----------------- X", "three_ways"),
    Lesson("pass", "---------------X--OOOOOX--OOXOOX--OOOO-O----OOO------O---------- X", "pass"),
    Lesson("corner", "-OOOXX----OOX-X---XXOOOO-XXXOOO--OXXXO----XXXXO--X---X-O-------- X", "corner"),
    Lesson("no_corner", "------X-----XX--O-O-X----OXOXX---XXXX------OXO-----OO-------XO-- X", "no_corner"),
    Lesson("stable", "XO-OX---XXO-X---OOOOXOO---OXO-----OOXO----O--X------------------ X", "stable"),
    Lesson("mobility", "---------------------O-----OO------OXX-----XXO----X------------- X", "mobility"),
    Lesson("parity", "XXXXXXXOOXXXXXOXOXOXOOOOOOXXOOOOOOOOOXXO--OOOXXO-OOOOOO-O-OOOOOO X", "parity"),
    Lesson("wipe_out", "--------------------O-----XXO-----XXO----XXXXXX----X------------ X", "wipe_out"),
    Lesson("finish", "OOXXXXXXXXXXOXXOXXOXXXOOXXOXXOOOXOOXOX--XXOOOOOOX-OXXOX--O-X---- X", "finish"),
)
IDS = tuple(lesson.id for lesson in LESSONS)
#: The level that answers in the lesson played to the end.
OPPONENT = "easy"


def _ray(square: int, dc: int, dr: int) -> Bitboard:
    """Returns the squares from ``square`` (not included) towards ``(dc, dr)`` to the edge."""
    mask, c, r = 0, square % 8 + dc, square // 8 + dr
    while 0 <= c < 8 and 0 <= r < 8:
        mask |= 1 << (r * 8 + c)
        c, r = c + dc, r + dr
    return mask


def _next(square: int, dc: int, dr: int) -> int | None:
    c, r = square % 8 + dc, square // 8 + dr
    return r * 8 + c if 0 <= c < 8 and 0 <= r < 8 else None


def stable(p: Bitboard, o: Bitboard) -> Bitboard:
    """Returns ``p``'s discs that can never be flipped again: along each of the four
    axes the disc has the edge or a stable disc of its own beside it, or its whole
    line is full (a safe under-count: every disc it names is stable)."""
    full, found = p | o, 0
    while True:
        grown = found
        for s in squares(p & ~found):
            if all(not (_ray(s, dc, dr) | _ray(s, -dc, -dr)) & ~full
                   or any(n is None or grown >> n & 1 for n in (_next(s, dc, dr), _next(s, -dc, -dr)))
                   for dc, dr in AXES):
                grown |= 1 << s
        if grown == found:
            return found
        found = grown


@dataclass(frozen=True)
class Facts:
    """What one placement does (all from the engine): the discs it flips, in how many
    directions, the opponent's moves after it, whether they must pass, the corners it
    offers them, the mover's stable discs after it, and whether the game ends."""

    flips: tuple[str, ...]
    directions: int
    replies: int
    passes: bool
    corners: tuple[str, ...]
    stable: int
    wipe_out: bool
    ends: bool


def facts(board: Board, square: int) -> Facts:
    """Returns the facts of the legal placement ``square`` on ``board``."""
    p, o = board.mover_mask()
    flips = flips_mask(p, o, square)
    p2, o2 = p | flips | 1 << square, o ^ flips
    replies = moves_mask(o2, p2)
    return Facts(tuple(square_name(s) for s in squares(flips)),
                 sum(1 for dc, dr in DIRECTIONS if flips & _ray(square, dc, dr)),
                 count(replies), not replies and bool(moves_mask(p2, o2)),
                 tuple(square_name(s) for s in squares(replies & CORNERS)),
                 count(stable(p2, o2)), not o2, not replies and not moves_mask(p2, o2))


@dataclass(frozen=True)
class Verdict:
    """A tap judged: ``right``, and the words' key and values."""

    right: bool
    key: str
    values: dict[str, Any]


def judge(lesson: Lesson, board: Board, square: int) -> Verdict:
    """Judges the tap on ``square`` in ``lesson`` at ``board`` (N2)."""
    name = square_name(square)
    if board.color_at(square) is not None:
        return Verdict(False, "learn.why.taken", {"square": name})
    if not board.is_legal(square):
        return Verdict(False, "learn.why.no_flip", {"square": name})
    legal = board.legal_moves()
    mine = facts(board, square)
    every = {s: facts(board, s) for s in legal}
    test = lesson.test
    values: dict[str, Any] = {"square": name, "flips": mine.flips, "count": len(mine.flips)}
    if test == "legal":
        right = True
    elif test in ("two_ways", "three_ways"):
        right = mine.directions >= (2 if test == "two_ways" else 3)
        values["directions"] = mine.directions
    elif test == "most_flips":
        best = max(len(f.flips) for f in every.values())
        right, values["best"] = len(mine.flips) == best, best
    elif test == "pass":
        right, values["replies"] = mine.passes, mine.replies
    elif test == "corner":
        right = bool(CORNERS >> square & 1)
        values["corners"] = [square_name(s) for s in legal if CORNERS >> s & 1]
    elif test == "no_corner":
        right, values["corners"] = not mine.corners, list(mine.corners)
    elif test == "stable":
        best = max(f.stable for f in every.values())
        right, values["stable"], values["best"] = mine.stable == best, mine.stable, best
    elif test == "mobility":
        fewest = min(f.replies for f in every.values())
        right, values["replies"], values["best"] = mine.replies == fewest, mine.replies, fewest
    elif test == "wipe_out":
        right = mine.wipe_out
        values["left"] = board.discs(board.turn ^ 1).bit_count() - len(mine.flips)
    elif test in ("parity", "finish"):
        from ...engine.endgame import solve_all

        p, o = board.mover_mask()
        scores = solve_all(p, o)
        best = max(scores.values())
        values["score"], values["best"] = scores[square], best
        right = scores[square] == best if test == "parity" else scores[square] > 0
    else:  # pragma: no cover - every lesson's test is above
        raise ValueError(f"unknown lesson test {test!r}")
    return Verdict(right, f"learn.{lesson.id}.{'right' if right else 'wrong'}", values)
