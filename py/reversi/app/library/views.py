"""The library's words (R10-R13): its card (imports, the import under way, a page of the
search's results) and the table of what people played, with the book's value beside each
move.  The room (:mod:`.room`) calls them.
"""

from __future__ import annotations

from itertools import islice
from typing import Any

from ...engine.board import Board
from ...engine.book import standard_book
from ...engine.notation import square_name
from .. import wording
from .importing import Importing
from .positions import Row
from .shelf import Import


def result_words(diff: int | None) -> str:
    """Returns a game's result in words (Black's final disc difference)."""
    if diff is None:
        return wording.say("library.no_result")
    if diff == 0:
        return wording.say("library.draw")
    return wording.say("library.black_won" if diff > 0 else "library.white_won", abs(diff))


def added_news(shelf: Import, finished: bool) -> str:
    """Returns what the live region says when an import ends (or is stopped)."""
    said = wording.say("library.added" if finished else "library.stopped", len(shelf), title=shelf.title or "?")
    if shelf.refused:
        said += " " + wording.say("library.refused_count", shelf.refused, first=shelf.problems[0])
    return said


def _row(shelf: Import, number: int) -> dict[str, Any]:
    """Returns one result's row: its game's words and what opens or deletes it."""
    game = shelf.game(number)
    black, white = game.black or "?", game.white or "?"
    words = wording.say("library.row", black=black, white=white, date=game.date or "?", event=game.event or "–",
                        result=result_words(game.diff), opening=game.opening or wording.say("library.unnamed"))
    return {"key": shelf.key, "number": number, "black": black, "white": white, "text": words,
            "open_word": wording.say("library.open"), "delete_word": wording.say("library.delete"),
            "open_label": wording.say("library.open_label", game=f"{black} – {white}"),
            "delete_label": wording.say("library.delete_label", game=f"{black} – {white}")}


def library_view(imports: dict[str, Import], job: Importing | None,
                 searched: tuple[dict[str, str], list[tuple[Import, int]]], page: int, size: int,
                 news: str) -> dict[str, Any]:
    """Returns the reply field ``library``: ``imports`` (each with its words and delete
    label), ``importing`` (done, total and its words; None when none is under way),
    ``search`` (the fields), ``results`` (``count``, ``page``, ``pages``, ``rows``,
    ``range``) and ``news`` (said once)."""
    shelves = sorted(imports.values(), key=lambda s: s.key)
    listed = [{"key": s.key, "text": wording.say("library.import_row", s.kept(), title=s.title or "?", added=s.added),
               "problems": s.problems[:3], "delete_word": wording.say("library.delete_import"),
               "delete_label": wording.say("library.delete_import_label", title=s.title or "?")} for s in shelves]
    fields, found = searched
    pages = max(1, -(-len(found) // size))
    page = min(page, pages - 1)
    rows = [_row(shelf, number) for shelf, number in islice(found, page * size, (page + 1) * size)]
    importing = None if job is None else {
        "done": job.done, "total": max(job.total, job.done),
        "text": wording.say("library.importing", done=wording.number(job.done),
                            total=wording.number(max(job.total, job.done)))}
    span = wording.say("library.range", first=page * size + 1, last=page * size + len(rows),
                       n=wording.number(len(found))) if rows else ""
    return {"imports": listed, "importing": importing, "search": fields, "news": news,
            "empty": wording.say("library.empty") if not shelves else "",
            "results": {"count": len(found), "page": page, "pages": pages, "rows": rows, "range": span,
                        "found": wording.say("library.found", len(found), n=wording.number(len(found)))}}


def _percent(part: int, whole: int) -> str:
    return wording.say("people.percent", n=round(100 * part / whole)) if whole else ""


def people_view(board: Board | None, rows: list[Row], imports: dict[str, Import]) -> dict[str, Any]:
    """Returns the reply field ``people``: ``rows`` (each move's square, games, shares won,
    drawn and lost for the side to move, mean disc difference, the book's value, and the
    row's words), ``total`` and ``note`` (why there are no rows)."""
    if board is None:
        return {"rows": [], "total": "", "note": wording.say("people.other_rules")}
    if not any(len(s) for s in imports.values()):
        return {"rows": [], "total": "", "note": wording.say("people.empty")}
    p, o = board.mover_mask()
    book = standard_book().move_values(p, o) or {}
    out = []
    for row in rows:
        move = square_name(row.move)
        value = book.get(row.move)
        valued = wording.signed(value) if value is not None else "–"
        cells = {"move": move, "games": wording.number(row.games), "won": _percent(row.wins, row.games),
                 "drawn": _percent(row.draws, row.games), "lost": _percent(row.losses, row.games),
                 "mean": wording.signed(round(row.mean, 1)), "book": valued}
        out.append({**cells, "square": move, "label": wording.say("people.row_label", row.games, **cells)})
    total = sum(row.games for row in rows)
    return {"rows": out, "total": wording.say("people.total", total, n=wording.number(total)) if rows else "",
            "note": "" if rows else wording.say("people.none")}
