"""How to play (N1): the rules in the contract's order (R1-R6, C3, V1), each with a
small position the page draws with its own board code; the discs flipped, the pass
and the final score in the words are the engine's, never written by hand.  The
learning room (:mod:`.room`) replies with it to ``learn_rules``.
"""

from __future__ import annotations

from typing import Any

from ...engine.bitboard import squares
from ...engine.board import Board
from ...engine.notation import parse_square, square_name
from .. import wording
from . import lessons
from .lessons import LESSONS


def _picture(board: Board, *, placed: int | None = None, cross: str | None = None,
             legal: bool = False) -> dict[str, Any]:
    """Returns a picture: the cells, the placed disc and what it flipped, a crossed
    square, and the legal squares when asked for."""
    flipped = board.steps[-1].flips if board.steps and placed is not None else 0
    return {"cells": board.cells(), "last": square_name(placed) if placed is not None else None,
            "flipped": [square_name(s) for s in squares(flipped)], "cross": cross,
            "legal": [square_name(s) for s in board.legal_moves()] if legal else []}


def rules() -> list[dict[str, Any]]:
    """Returns How to play: the rules in the contract's order (R1-R6, C3, V1), each
    ``{"id", "title", "text", "picture"}``, every fact in the words the engine's."""
    say = wording.say
    out = []

    def add(rule_id: str, picture: dict[str, Any], **values: Any) -> None:
        out.append({"id": rule_id, "title": say(f"learn.rule.{rule_id}.title"),
                    "text": say(f"learn.rule.{rule_id}.text", **values), "picture": picture})

    start = Board()
    add("board", _picture(start, legal=True),
        white=wording.join([square_name(s) for s in squares(start.white)]),
        black=wording.join([square_name(s) for s in squares(start.black)]))
    move = Board()
    step = move.play(parse_square("d3"))
    add("move", _picture(move, placed=step.square), square="d3",
        flips=wording.join([square_name(s) for s in squares(step.flips)]))
    two = lessons.LESSONS[1].start()
    step = two.play(parse_square("f5"))
    add("two_ways", _picture(two, placed=step.square), square="f5",
        flips=wording.join([square_name(s) for s in squares(step.flips)]))
    illegal = Board()
    add("illegal", {**_picture(illegal, legal=True), "cross": "c3"}, square="c3")
    passing = next(lesson for lesson in LESSONS if lesson.id == "pass").start()
    step = passing.play(parse_square("h6"))
    assert passing.turn == 0 and not passing.is_game_over(), "h6 makes White pass"
    add("pass", _picture(passing, placed=step.square), square="h6")
    ending = next(lesson for lesson in LESSONS if lesson.id == "wipe_out").start()
    step = ending.play(parse_square("e2"))
    black, white = ending.counts()
    add("end", _picture(ending, placed=step.square), square="e2", black=black, white=white,
        empty=64 - black - white)
    written = Board.replay("f5d6c3")
    add("notation", _picture(written, placed=written.steps[-1].square), moves="f5d6c3", corner="a1")
    add("computer", _picture(passing, placed=parse_square("h6")))
    free = Board.initial("free")
    add("variants", _picture(free), centre=wording.join([square_name(s) for s in squares(free.opening_squares() or 0)]))
    return out
