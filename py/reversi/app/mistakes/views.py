"""What the review, the history and the statistics show of the analysed games (N6-N8).

:func:`mark_review` marks a recorded game's mistakes in its review, and :class:`Trend`
counts the accuracy trend (N7) from the mistakes part alone, never from the history.
The mistakes' room calls them.  What each shows, and why the trend costs nothing:
``docs/features.md``.
"""

from __future__ import annotations

from typing import Any

from ...engine.variants import STANDARD, VARIANTS
from ...game.settings import LEVEL_NAMES
from .. import wording
from ..review.frames import Review
from .book import Book
from .finding import accuracy

#: The trend's windows: the last 10 games, the last 50, all of them (N7).
WINDOWS = (10, 50, 0)


def listing(mode: str, rows: list[tuple[Any, ...]], accuracy_words: str, progress: str = "") -> dict[str, Any]:
    """Returns a game's mistakes as the result card and the review list them: ``rows`` of
    ``(move, side, played, best, cost, exact)``; a game between two players says whose
    each one was (Black, White); ``progress``: the analysis's, while it goes on (N6)."""
    out = []
    for move, side, played, best, cost, exact in rows:
        text = wording.say("mistakes.row" if exact else "mistakes.row_estimate", round(cost), move=move,
                           played=played, best=best)
        if mode != "computer":
            text = wording.say("mistakes.row_side", side=wording.say(f"color.{side}"), row=text)
        out.append({"move": move, "side": side, "played": played, "best": best, "cost": cost, "exact": exact,
                    "text": text})
    title = wording.say("mistakes.title" if mode == "computer" else "mistakes.review_title")  # not only "yours"
    return {"title": title, "rows": out, "accuracy": accuracy_words,
            "none": wording.say("mistakes.none") if not out and not progress else "", "progress": progress}


def mark_review(review: Review, card: dict[str, Any], retry: int, game: str) -> None:
    """Adds to a review its game's ``mistakes`` (the result card's list, titled for the
    review, with the retries left of that game) and marks them in its move list."""
    cost = {row["move"]: round(row["cost"]) for row in card["rows"]}
    for row in review["move_list"]:
        for entry in (row["black"], row["white"]):
            if entry is not None and not entry["pass"] and entry["ply"] in cost:
                entry["mistake"] = cost[entry["ply"]]
                entry["label"] = wording.say("mistakes.mark", cost[entry["ply"]], entry=entry["label"])
    review["mistakes"] = {**card, "title": wording.say("mistakes.review_title"), "game": game, "retry_count": retry,
                          "retry_label": wording.say("mistakes.retry", retry) if retry else ""}


def game_accuracy(entry: dict[str, Any]) -> float | None:
    """Returns an analysed game's accuracy: the person's, or the mean of both players'."""
    scores = [accuracy(loss) for loss in entry["loss"].values()]
    return sum(scores) / len(scores) if scores else None


class Trend:
    """The accuracy trend of a part's games (N7), counted again only after they change."""

    def __init__(self) -> None:
        self._seen: tuple[int, int] | None = None
        #: Per group (None: all games; else (level, variant)): the games' accuracies, oldest first.
        self._groups: dict[tuple[str, str] | None, list[float]] = {}

    def groups(self, book: Book) -> dict[tuple[str, str] | None, list[float]]:
        """Returns each group's accuracies, oldest game first."""
        if self._seen != (id(book), book.revision):
            groups: dict[tuple[str, str] | None, list[float]] = {}
            for game in sorted(book.games):  # a record key begins with its date: oldest first
                entry = book.games[game]
                score = game_accuracy(entry)
                if score is None or entry.get("level") == "import":  # another's game (R12)
                    continue
                groups.setdefault(None, []).append(score)
                if "level" in entry:
                    groups.setdefault((entry["level"], entry.get("variant", STANDARD)), []).append(score)
            self._seen, self._groups = (id(book), book.revision), groups
        return self._groups

    def report(self, book: Book) -> dict[str, Any] | None:
        """Returns the statistics panel's trend: ``{"title", "head", "rows"}``, each row
        ``{"label", "values"}`` (the averages over :data:`WINDOWS`, then the number of
        games), or None before any game is analysed."""
        groups = self.groups(book)
        if not groups:
            return None
        order: list[tuple[str, str] | None] = [None, *((level, variant) for variant in VARIANTS
                                                       for level in (*LEVEL_NAMES, "local"))]
        rows = [{"label": _label(group), "values": [*(_average(groups[group], n) for n in WINDOWS),
                                                    str(len(groups[group]))]}
                for group in order if group in groups]
        head = [wording.say(k) for k in ("trend.kind", "trend.last10", "trend.last50", "trend.all", "trend.games")]
        return {"title": wording.say("trend.title"), "head": head, "rows": rows}


def _average(scores: list[float], last: int) -> str:
    shown = scores[-last:] if last else scores
    return str(round(sum(shown) / len(shown)))


def _label(group: tuple[str, str] | None) -> str:
    if group is None:
        return wording.say("trend.overall")
    level, variant = group
    label = wording.say("trend.local") if level == "local" else wording.level_name(level)
    if variant == STANDARD:
        return label
    return wording.say("stats.rules", label=label, rules=wording.variant_name(variant))
