"""The sentences around play: position setup, the results history, statistics,
watched games, pasted transcripts and the save's notices."""

from __future__ import annotations

from ...engine.board import Color
from ...engine.notation import IllegalMoveError, NotationError
from ...game.results import Record
from .play import RESULT_WORDS, VARIANT_NAMES, color_title

SOLVE_TOO_LONG = "Solving this position takes too long here; analyse it or play it instead."


def setup_problem(reason: str) -> str:
    """Returns why a board string cannot be used (SPEC E1)."""
    return f"That board cannot be used: {reason}."


def setup_note(chosen: Color, turn: Color, over: bool, empties: int, solvable_up_to: int) -> str:
    """Returns what the editor says of a valid set-up position: whether it can be
    played, who moves first (an automatic pass when the chosen side cannot move),
    and whether it can be solved here."""
    if over:
        return "Neither side can move: the game is over, so this position can only be analysed."
    note = ("" if chosen == turn else
            f"{color_title(chosen)} has no legal move here, so {color_title(turn)} moves first. ")
    if empties > solvable_up_to:
        return note + f"{empties} empty squares: too many to solve here; play it or analyse it."
    return note + f"{empties} empty squares: it can be played, solved exactly or analysed."


def solution(turn: Color, move: str | None, score: int) -> str:
    """Returns the solver's answer for a set-up position, e.g. "Best for Black: d3,
    winning by 4 discs with perfect play."."""
    side = color_title(turn)
    outcome = ("drawing" if score == 0 else f"winning by {score} disc{'s' if score != 1 else ''}" if score > 0
               else f"losing by {-score} disc{'s' if score != -1 else ''}")
    return f"Best for {side}: {move}, {outcome} with perfect play." if move else f"{side} must pass."


def history_words(record: Record) -> dict[str, str]:
    """Returns the words of a results-history line: ``game``, ``result``, ``score``, ``kind``."""
    local = record["mode"] == "local"
    game = "Two players" if local else f"{record['level'].capitalize()}, as {record['side'].capitalize()}"
    if "variant" in record:
        game += f" · {VARIANT_NAMES[record['variant']]}"
    return {
        "game": game,
        "result": RESULT_WORDS[record["result"]],
        "score": f"{record['black']}–{record['white']}",
        "kind": ("Set-up position" if "start" in record else "Local" if local else
                 "Challenge" if record["challenge"] else "Practice" if record["practice"] else "—"),
    }


def history_pager(first: int, last: int, total: int) -> dict[str, str]:
    """Returns the words of a results-history page: where it is, and its buttons'."""
    return {"position": f"Games {first}–{last} of {total:,}, newest first" if total else "",
            "review": "Review", "review_date": "Review the game of {date}"}


def stats_label(level: str, side: str, variant: str = "standard") -> str:
    """Returns the label of a statistics row, e.g. "Hard, as White" or "Two players
    (Black's view) · Anti-reversi"."""
    label = "Two players (Black's view)" if level == "local" else f"{level.capitalize()}, as {side.capitalize()}"
    return label + (f" · {VARIANT_NAMES[variant]}" if variant != "standard" else "")


def watch_title(black: str, white: str) -> str:
    """Returns e.g. "Hard (Black) against Expert (White)"."""
    return f"{black.capitalize()} (Black) against {white.capitalize()} (White)"


def history_title(record: Record) -> str:
    """Returns the review title of a history game, e.g. "Game of 2026-01-31"."""
    return f"Game of {record['date'][:10]}"


def transcript_problem(error: NotationError | IllegalMoveError | None) -> str:
    """Returns why a pasted transcript cannot be opened: the engine's error, which names
    the move and the character, or None for a transcript without moves."""
    return f"That transcript cannot be opened: {error}." if error else "That transcript has no moves."


def storage_failed(reason: str) -> str:
    """Returns the notice that progress is not being saved (SPEC P2)."""
    return ("Progress is not being saved in this browser" + (f" ({reason})" if reason else "")
            + "; you can keep playing.")


def history_shed() -> str:
    """Returns the notice that the oldest records gave up their moves to keep within storage (P9)."""
    return ("Your results history has grown large, so the moves of its oldest games were let go to keep "
            "within this browser's storage. Their results, dates and statistics stay.")


UNREADABLE = "Your saved game could not be read, so a new one was started."
NEWER = "This save comes from a newer version of the game; only the parts this version understands were kept."


#: How a notice names a dropped part of a save, by the reader's code.
DROPPED_WORDS = {
    "settings": "settings", "game": "game", "attempt": "attempt", "stars": "stars",
    "clock": "the active time", "moves": "the game's moves", "start": "the set-up position and its moves",
    "moves_after": "the moves after move {}", "variant": "the game of an unknown variant",
    "cursor": "the undo position", "history": "the results history",
    "history_lines": "{} results-history line(s)", "unknown_stars": "unknown stars",
    "earned": "the stars", "wins": "the count of fresh wins",
    "setting": "setting {}", "game_field": "game {}", "attempt_field": "attempt {}",
}


def dropped(parts: list[tuple[str, object]]) -> str:
    """Returns the notice naming the damaged saved parts that were dropped (SPEC P3)."""
    names = [DROPPED_WORDS[code].format(detail) for code, detail in parts]
    return "Some saved data was damaged and was dropped: " + ", ".join(names) + "."
