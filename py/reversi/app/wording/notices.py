"""The sentences around play: position setup, the results history, statistics,
watched games, pasted transcripts, the engine's errors and the save's notices, in the
language of the moment (:mod:`.catalog`)."""

from __future__ import annotations

from ...engine.board import Board, Color
from ...engine.notation import IllegalMoveError, NotationError, parse_transcript, square_name
from ...engine.puzzle_set import LEVELS, Puzzle
from ...game.results import Record
from .catalog import join, number, say
from .game_words import color_title, level_name, opening_name, result_text, side_name, variant_name, with_opening


def setup_problem(error: NotationError | None) -> str:
    """Returns why a board string cannot be used (E1); None: it is not text at all."""
    return say("setup.problem", reason=error_text(error) if error else say("error.board_side"))


def setup_note(chosen: Color, turn: Color, over: bool, empties: int, solvable_up_to: int) -> str:
    """Returns what the editor says of a valid set-up position: whether it can be
    played, who moves first (an automatic pass when the chosen side cannot move),
    and whether it can be solved here."""
    if over:
        return say("setup.over")
    note = "" if chosen == turn else say("setup.first_mover", chosen=color_title(chosen),
                                         turn=color_title(turn)) + " "
    return note + say("setup.too_many" if empties > solvable_up_to else "setup.playable", empties)


def solve_too_long() -> str:
    """Returns why a set-up position is not solved here."""
    return say("setup.too_long")


def solution(turn: Color, move: str | None, score: int) -> str:
    """Returns the solver's answer for a set-up position, e.g. "Best for Black: d3,
    winning by 4 discs with perfect play."."""
    side = color_title(turn)
    if not move:
        return say("solution.pass", side=side)
    if score == 0:
        return say("solution.draws", side=side, move=move)
    return say("solution.wins" if score > 0 else "solution.loses", abs(score), side=side, move=move)


def history_words(record: Record) -> dict[str, str]:
    """Returns the words of a results-history line: ``game``, ``result``, ``score``, ``kind``."""
    local = record["mode"] == "local"
    game = say("history.game.local") if local else say(
        "history.game.computer", level=level_name(record["level"]), side=side_name(record["side"]))
    if "variant" in record:
        game = say("history.game.rules", game=game, rules=variant_name(record["variant"]))
    if "moves" in record:
        moves = [s for s, _ in parse_transcript(record["moves"])]
        game = with_opening(game, opening_name(moves, "start" in record, record.get("variant", "standard")))
    kind = ("balanced" if "balanced" in record else "set_up" if "start" in record else "local" if local else
            "challenge" if record["challenge"] else "practice" if record["practice"] else "none")
    return {"game": game, "result": say(f"result.{record['result']}"),
            "score": f"{record['black']}–{record['white']}", "kind": say(f"history.kind.{kind}")}


def history_pager(first: int, last: int, total: int) -> dict[str, str]:
    """Returns the words of a results-history page: where it is, and its buttons'."""
    return {"position": say("history.position", first=first, last=last, total=total) if total else "",
            "review": say("history.review"), "review_date": say("history.review_date", date="{date}")}


def history_shed() -> str:
    """Returns the notice that the oldest records gave up their moves to keep within storage (P9)."""
    return say("history.shed")


def stats_label(level: str, side: str, variant: str = "standard") -> str:
    """Returns the label of a statistics row, e.g. "Hard, as White" or "Two players
    (Black's view) · Anti-reversi"."""
    label = say("stats.local") if level == "local" else say(
        "stats.computer", level=level_name(level), side=side_name(side))
    return say("stats.rules", label=label, rules=variant_name(variant)) if variant != "standard" else label


def watch_title(black: str, white: str) -> str:
    """Returns e.g. "Hard (Black) against Expert (White)"."""
    return say("title.watch", black=level_name(black), white=level_name(white))


def history_title(record: Record) -> str:
    """Returns the review title of a history game, e.g. "Game of 2026-01-31"."""
    return say("title.history", date=record["date"][:10])


def review_title(source: str) -> str:
    """Returns the review title of the game in play, an imported game or a set-up position."""
    return say({"current": "title.this_game", "import": "title.imported", "setup": "title.set_up",
                "link": "title.link"}[source])


def imported_title(link: bool, black: str, white: str, date: str, games: int, number: int = 1) -> str:
    """Returns the review title of a pasted or opened game (its players and date when its
    text names them, R7; "· game k of n" when the text holds more, R9) or of a link."""
    if link or not (black or white):
        title = review_title("link" if link else "import")
    else:
        black, white = black or "?", white or "?"
        title = say("title.players_date", black=black, white=white, date=date) if date else \
            say("title.players", black=black, white=white)
    return say("title.game_of", title=title, k=number, n=games) if games > 1 else title


def error_text(error: NotationError | IllegalMoveError) -> str:
    """Returns what is wrong with a pasted transcript, board string or GGF record, from the
    error's data (its English message is the fallback for a kind not worded here)."""
    if isinstance(error, NotationError) and error.kind == "in_game":  # a GGF record's illegal move
        cause = error.detail["cause"]
        assert isinstance(cause, IllegalMoveError)
        return say("error.in_game", game=error.detail["game"], error=error_text(cause))
    if isinstance(error, IllegalMoveError):
        color = color_title(error.color)
        if not error.index:
            return say("error.not_legal", square=square_name(error.square), color=color)
        key = "error.over" if error.over else "error.illegal"
        return say(key, move=error.index, position=error.position, square=square_name(error.square), color=color)
    detail = error.detail
    if error.kind == "board_size":
        return say("error.board_size", int(str(detail["count"])))
    if error.kind == "board_side":
        return say("error.board_side.wrong", side=detail["side"]) if detail.get("side") else say("error.board_side")
    if error.kind in ("square", "transcript", "board_char", "variant", "link", "ggf_board", "ggf_type", "ggf_move",
                      "ggf_none", "wthor_header", "wthor_size", "wthor_move", "wthor_illegal"):
        return say(f"error.{error.kind}", None, position=error.position, **detail)
    return str(error)


def transcript_problem(error: NotationError | IllegalMoveError | None, *, link: bool = False) -> str:
    """Returns why a pasted transcript (or a link, ``link``) cannot be opened: the
    engine's error, which names the move and the character, or None for no moves."""
    if link:
        return say("link.problem", error=error_text(error)) if error else say("link.empty")
    return say("transcript.problem", error=error_text(error)) if error else say("transcript.empty")


def storage_failed(reason: str) -> str:
    """Returns the notice that progress is not being saved (P2); ``reason`` is the
    page's code: "full", "refused", "unavailable" or ""."""
    return say(f"storage.failed.{reason}" if reason in ("full", "refused", "unavailable") else "storage.failed")


def unreadable() -> str:
    """Returns the notice that the saved game could not be read (P3)."""
    return say("save.unreadable")


def newer() -> str:
    """Returns the notice that the save comes from a newer version (P3)."""
    return say("save.newer")


def dropped(parts: list[tuple[str, object]]) -> str:
    """Returns the notice naming the damaged saved parts that were dropped (P3)."""
    names = [say(f"dropped.{code}", detail=number(detail) if type(detail) is int else detail)
             for code, detail in parts]
    return say("save.dropped", parts=join(names))


def puzzle_result(value: int) -> str:
    """Returns an exact result for the side to move in words, e.g. "a win by 6 discs"."""
    if value == 0:
        return say("puzzle.result.draw")
    return say("puzzle.result.win" if value > 0 else "puzzle.result.loss", abs(value))


def puzzle_words(puzzle: Puzzle, phase: str, tried: tuple[str, int] | None, board: Board,
                 daily: bool) -> dict[str, str]:
    """Returns the words of a shown puzzle: ``title``, ``task`` and the
    ``message`` of its phase (solving, right, wrong, shown, playing, over)."""
    side = color_title(puzzle.turn)
    title = say("puzzle.title_daily" if daily else "puzzle.title", number=puzzle.number, level=puzzle.level,
                levels=LEVELS)
    answer = puzzle_result(puzzle.value)
    outcome = board.outcome()
    message = {
        "solving": "",
        "right": say("puzzle.right", move=puzzle.answer, result=answer),
        "wrong": say("puzzle.wrong", move=tried[0], result=puzzle_result(tried[1])) if tried else "",
        "shown": say("puzzle.shown", move=puzzle.answer, result=answer),
        "playing": say("puzzle.playing"),
        "over": result_text(outcome) if outcome else "",
    }[phase]
    return {"title": title, "task": say(f"puzzle.task.{puzzle.kind}", side=side), "message": message}


def puzzle_progress(rating: int, solved: int, total: int, streak: int, best: int, daily_done: bool) -> dict[str, str]:
    """Returns the words of the puzzle progress: ``rating``, ``solved``, ``streak``, ``daily``."""
    return {"rating": say("puzzle.progress.rating", rating=rating),
            "solved": say("puzzle.progress.solved", solved=solved, total=total),
            "streak": say("puzzle.progress.streak", streak=streak, best=best),
            "daily": say("puzzle.progress.daily_done" if daily_done else "puzzle.progress.daily_open")}
