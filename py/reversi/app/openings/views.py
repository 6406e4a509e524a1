"""What the trainer shows (K3-K5), in words: the choice of what to train with each named
opening's lines to learn and the player's lines learnt and due per opening, and the line
under way with its verdicts.  The openings' room calls it.
"""

from __future__ import annotations

import datetime
import functools
from collections import Counter
from typing import Any

from ...engine import book_lines, openings
from ...engine.board import Board
from ...engine.book import standard_book
from ...engine.notation import format_transcript, square_name
from .. import wording
from ..wording import signed
from .deck import DEPTHS, KINDS, SIDES, Deck
from .trainer import Trainer


@functools.cache
def lines_to_learn(depth: int) -> dict[str, int]:
    """Returns each named opening's lines to learn at ``depth`` plies (K3): its lines of
    good book moves of both sides from its last named move to the depth (its own line,
    when it is as long)."""
    book, memo, out = standard_book(), dict[tuple[int, int], int](), dict[str, int]()
    for moves, title in openings.read():
        board = Board()
        for square in moves:
            board.play(square)
        out[title] = book_lines.count_lines(book, *board.mover_mask(), depth - len(moves), memo=memo)
    return out


def stats(deck: Deck, today: str) -> dict[str, Any]:
    """Returns the player's lines per opening: met, learnt and due (K5)."""
    met, learnt, due = Counter[str](), Counter[str](), Counter[str]()
    for card in deck.cards.values():
        name = card.opening or wording.say("openings.unnamed")
        met[name] += 1
        learnt[name] += card.learnt
        due[name] += card.due <= today
    rows = [{"label": name, "values": [str(learnt[name]), str(due[name]), str(met[name])]}
            for name in sorted(met, key=lambda n: (-due[n], -met[n], n))]
    head = [wording.say(k) for k in ("openings.opening", "openings.learnt", "openings.due", "openings.met")]
    return {"title": wording.say("openings.your_lines"), "head": head, "rows": rows,
            "none": "" if rows else wording.say("openings.no_lines")}


def choice_view(deck: Deck, today: str) -> dict[str, Any]:
    """Returns the trainer's choice of what to train (K4) with the lines to learn (K3)."""
    choice = deck.choice
    counts = lines_to_learn(choice["depth"])
    names = [{"id": title, "label": wording.say("openings.to_learn", counts[title], name=title,
                                                 depth=choice["depth"])} for _, title in openings.read()]
    due = len(deck.due(today))
    return {"phase": "choose", "choice": choice, "openings": names,
            "kinds": [{"id": k, "label": wording.say(f"openings.kind_{k}")} for k in KINDS if k != "due"],
            "depths": [{"id": d, "label": wording.say("openings.plies", d)} for d in DEPTHS],
            "sides": [{"id": s, "label": wording.say(f"color.{s}")} for s in SIDES],
            "due": due, "due_label": wording.say("openings.due_today", due),
            "stats": stats(deck, today), "title": wording.say("openings.trainer"),
            "task": wording.say("openings.choose")}


def days_until(today: str, date: str) -> int:
    """Returns the days from ``today`` to ``date``."""
    return (datetime.date.fromisoformat(date) - datetime.date.fromisoformat(today)).days


def line_view(trainer: Trainer, deck: Deck, today: str) -> dict[str, Any]:
    """Returns the line under way: the task or verdict in words, the transcript so far,
    the move to show after a wrong answer, and the line's end (K4, K5)."""
    drill, moves = trainer.drill, trainer.moves
    assert drill is not None
    side = SIDES[drill.side]
    name = openings.name(moves)
    title = {"opening": lambda: drill.title,
             "moves": lambda: openings.name(drill.prefix) or wording.say("openings.kind_moves"),
             "main": lambda: wording.say("openings.main_title", drill.depth),
             "due": lambda: drill.title or wording.say("openings.due_title")}[drill.kind]()
    line = openings.name(moves) or drill.title or title
    color = wording.say(f"color.{side}")
    task, message, right = wording.say("openings.your_move", color=color), "", None
    if trainer.phase == "reply":
        task = wording.say("openings.reply")
    elif trainer.phase == "wrong" and trainer.tried and trainer.right:
        (tried, value), (best, best_value) = trainer.tried, trainer.right
        right = square_name(best)
        own = drill.kind == "opening" and len(moves) < len(drill.prefix)  # the opening's own move
        named = drill.title if own else openings.name([*moves, best]) or line
        task = wording.say("openings.wrong", move=square_name(tried), value=signed(value), best=right,
                           best_value=signed(best_value) if best_value is not None else "?", line=named)
        message = wording.say("openings.play_right", move=right)
    elif trainer.phase == "done":
        task = wording.say("openings.line_over", name=line)
        card = trainer.card
        if card is not None:
            days = days_until(today, card.due)
            message = wording.say("openings.missed" if trainer.missed else "openings.right_line", days)
    return {"phase": trainer.phase, "side": side, "title": title, "name": name,
            "transcript": format_transcript(moves), "ply": len(moves), "target": trainer.target(),
            "progress": wording.say("openings.progress", ply=len(moves), target=trainer.target()),
            "task": task, "message": message, "right": right, "computer_to_move": trainer.phase == "reply",
            "due": len(deck.due(today)), "due_label": wording.say("openings.due_today", len(deck.due(today)))}
