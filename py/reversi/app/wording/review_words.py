"""The sentences of looking back: review frames, the analysis in words and hint
mode's progress, in the language of the moment (:mod:`.catalog`)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...engine.board import COLOR_NAMES, Color, Outcome, Step
from ...engine.notation import square_name
from .catalog import say
from .game_words import color_title, result_text


def frame_text(ply: int, step: Step | None, outcome: Outcome | None, turn: Color = 0,
               set_up: bool = False) -> str:
    """Returns what a review frame says: the placement ``ply`` made and any pass it
    caused, or the first position (``ply`` 0: the opening, or a set-up position with
    ``turn`` to move); and the result if the game ended there."""
    if step is None:
        first = say("frame.set_up" if set_up else "frame.opening")
        if outcome:
            return say("frame.first_over", first=first, result=result_text(outcome))
        return say("frame.first", first=first, color=color_title(turn))
    parts = [say("frame.move", step.flips.bit_count(), ply=ply, color=color_title(step.color),
                 square=square_name(step.square))]
    if step.caused_pass:
        parts.append(say("frame.pass", color=color_title(step.color ^ 1)))
    if outcome:
        parts.append(say("frame.over", result=result_text(outcome)))
    return " ".join(parts)


def frame_heading(title: str, ply: int, total: int) -> str:
    """Returns the review bar's line for a frame, e.g. "This game: move 3 of 40"."""
    return say("frame.heading.start", title=title) if ply == 0 else say(
        "frame.heading.move", title=title, ply=ply, total=total)


def signed(value: float) -> str:
    """Returns a disc difference rounded, with its sign: "+6", "0", "-3"."""
    rounded = round(value)
    return f"+{rounded}" if rounded > 0 else str(rounded)


def analysis_lines(plies: Sequence[Mapping[str, Any]], marked: Sequence[Mapping[str, Any]], *,
                   finished: bool, book: int = 0) -> list[str]:
    """Returns an analysis in words: the start value, how long the game followed the
    opening book (its first ``book`` placements, K1), each placement that lost
    ground, and the end value (the graph's text alternative)."""
    kind = {True: say("analysis.exact"), False: say("analysis.estimate")}
    lines = []
    if plies:
        lines.append(say("analysis.start", value=signed(plies[0]["value"]), kind=kind[plies[0]["exact"]]))
    if book:
        lines.append(say("analysis.book", ply=book))
    for m in marked:
        mover = color_title(COLOR_NAMES.index(m["mover"])) if m["mover"] in COLOR_NAMES else m["mover"]
        lines.append(say("analysis.lost", m["loss"], ply=m["ply"] + 1, mover=mover, played=m["played"],
                         kind=kind[m["exact"]], best=m["best"]))
    if finished and plies:
        lines.append(say("analysis.end", value=signed(plies[-1]["value"])))
    if finished and not marked:
        lines.append(say("analysis.none_lost"))
    return lines


def graph_meaning(variant: str) -> str:
    """Returns what the analysis graph shows in ``variant`` (its text under the graph)."""
    return say("graph.anti" if variant == "anti" else "graph.standard")


def hint_progress(final: bool, exact: bool, book: bool = False) -> str:
    """Returns where hint mode stands, e.g. "Hints: exact final disc differences."; with
    values from the opening book (K1), says so."""
    if book:
        return say("hints.book")
    if not final:
        return say("hints.working")
    return say("hints.exact" if exact else "hints.expected")
