"""The sentences of play: stars, refusals, the status line, moves, results and the
announcements, in the language of the moment (:mod:`.catalog`)."""

from __future__ import annotations

from typing import Any, Callable

from ...engine import openings
from ...engine.bitboard import Square
from ...engine.board import COLOR_NAMES, Color, Outcome
from ...engine.notation import square_name
from ...game import events as ev
from ...game.play import Game
from ...game.results import Attempt
from .. import page_events as app_ev
from .catalog import CODES, LANGUAGES, join, say

#: The star ids, in their order (S1-S8).
STARS = ("opening", "corner", "capture", "completion", "first-win", "strong-win", "clean-win", "fresh-wins")
#: The settings a sentence names as switches (on or off).
SWITCHES = ("legal_dots", "sound", "swap_sides", "hints", "ponder")


def star_name(star: str) -> str:
    """Returns a star's name, e.g. "Corner"."""
    return say(f"star.{star}.name")


def star_how(star: str) -> str:
    """Returns how a star is earned."""
    return say(f"star.{star}.how")


def color_title(color: Color) -> str:
    """Returns "Black" or "White"."""
    return say(f"color.{COLOR_NAMES[color]}")


def level_name(level: str) -> str:
    """Returns a level's name, e.g. "Hard"."""
    return say(f"level.{level}")


def side_name(side: str) -> str:
    """Returns a side's name ("black" -> "Black")."""
    return say(f"color.{side}")


def variant_name(variant: str) -> str:
    """Returns how the page names a variant (V1)."""
    return say(f"variant.{variant}")


def variant_note(variant: str, placements: int) -> str:
    """Returns the line that reminds the player of a variant's rule ("" for the standard
    game; the free opening's only while its first four placements are being made)."""
    if variant == "standard" or (variant == "free" and placements >= 4):
        return ""
    return say(f"variant.{variant}.note")


def opening_name(moves: list[Square], set_up: bool = False, variant: str = "standard") -> str:
    """Returns the name of the opening a standard game from the four-disc start follows
    (:mod:`reversi.engine.openings`); "" for none, a set-up start or a variant.
    Opening names are the players' own and the same in every language."""
    return openings.name(moves) if variant == "standard" and not set_up else ""


def with_opening(words: str, name: str) -> str:
    """Returns ``words`` with an opening's name after them, when there is one."""
    return f"{words} · {name}" if name else words


def game_line(game: Game) -> str:
    """Returns the short line that says which game this is, e.g. "Normal · you are Black"
    or "Two players · Anti-reversi: fewer discs wins."."""
    parts = [say("line.local") if game.mode == "local" else
             say("line.computer", level=level_name(game.level), side=side_name(game.side))]
    if game.set_up:
        parts.append(say("line.balanced" if game.balanced_line else "line.set_up"))
    if game.variant != "standard":
        parts.append(variant_note(game.variant, len(game.line.moves)) or variant_name(game.variant))
    return with_opening(" · ".join(parts), opening_name(game.line.moves[:game.line.cursor], game.set_up,
                                                        game.variant))


def result_text(outcome: Outcome) -> str:
    """Returns the sentence announcing a final result, e.g. "Black wins 40–24."."""
    if outcome.winner is None:
        return say("result.drawn_score", black=outcome.black, white=outcome.white)
    key = "result.wins_fewer" if outcome.variant == "anti" else "result.wins_score"
    return say(key, color=color_title(outcome.winner), black=outcome.black, white=outcome.white)


def describe_game(mode: str, side: str, level: str, variant: str = "standard") -> str:
    """Returns e.g. "you play Black against Normal" or "two players on this screen",
    with the variant when it is not the standard game."""
    game = say("describe.local") if mode == "local" else say(
        "describe.computer", side=side_name(side), level=level_name(level))
    return say("describe.with_rules", game=game, rules=say(f"variant.{variant}.inline")) \
        if variant != "standard" else game


class Words:
    """Says the events of one game from its person's side ("You", "Computer", or colours)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def is_you(self, color: Color) -> bool:
        """Checks if ``color`` is the person playing the computer."""
        return self.game.mode == "computer" and color == self.game.human

    def who(self, color: Color) -> str:
        """Returns how sentences name ``color`` when it is not "you"."""
        return color_title(color) if self.game.mode == "local" else say("mode.computer")

    def sentence(self, event: ev.Event) -> str:
        """Returns the sentence announcing ``event`` ("" for one that says nothing)."""
        words = _SENTENCES.get(type(event))
        return words(self, event) if words else ""

    def placed(self, e: ev.Placed) -> str:
        timed = say("event.time_up") + " " if e.by == "clock" else ""
        if self.is_you(e.color):
            return timed + say("event.placed.you", e.flips, square=square_name(e.square))
        return timed + say("event.placed.other", e.flips, who=self.who(e.color), square=square_name(e.square))

    def passed(self, e: ev.Passed) -> str:
        return say("event.passed.you") if self.is_you(e.color) else say("event.passed.other", who=self.who(e.color))

    def game_over(self, e: ev.GameOver) -> str:
        result = result_text(Outcome(e.black, e.white, self.game.variant))
        if self.game.mode == "computer" and e.winner is not None:
            return say("event.game_over.win" if e.winner == self.game.human else "event.game_over.loss",
                       result=result)
        return say("event.game_over", result=result)

    def undone(self, _: ev.Undone) -> str:
        return say("event.undone.practice" if self.game.mode == "computer" else "event.undone")

    def setting(self, e: ev.SettingChanged) -> str:
        if e.name in SWITCHES:
            return say("event.switch_on" if e.value else "event.switch_off", name=say(f"switch.{e.name}"))
        if e.name == "move_clock":
            return say("event.move_clock", e.value) if e.value else say("event.move_clock_off")
        if e.name == "language":
            return say("event.language")
        return say("event.setting", name=say(f"setting.{e.name}"), value=setting_value(e.name, e.value))


def setting_value(name: str, value: Any) -> str:
    """Returns how a game setting's value is named: a mode, side, level, variant or opening."""
    return say({"mode": "mode", "side": "color", "level": "level", "my_rung": "level", "variant": "variant",
                "opening": "opening"}[name] + f".{value}")


def _refusal(e: ev.Refused) -> str:
    if e.reason == "illegal" and e.square is not None:
        return say("refusal.illegal", square=square_name(e.square))
    return say(f"refusal.{e.reason}")


def _new_game(e: ev.NewGame) -> str:
    key = "event.new_game.balanced" if e.balanced else "event.new_game.set_up" if e.set_up else "event.new_game"
    return say(key,
               game=describe_game(e.mode, e.side, e.level, e.variant))


_SENTENCES: dict[type, Callable[[Words, Any], str]] = {
    ev.Placed: Words.placed,
    ev.Passed: Words.passed,
    ev.GameOver: Words.game_over,
    ev.StarEarned: lambda _, e: say("event.star", name=star_name(e.star)),
    ev.Refused: lambda _, e: _refusal(e),
    ev.Undone: Words.undone,
    ev.Redone: lambda _, e: say("event.redone"),
    ev.Restarted: lambda _, e: say("event.restarted"),
    ev.NewGame: lambda _, e: _new_game(e),
    ev.Paused: lambda _, e: say(f"event.paused.{e.reason}" if e.reason else "event.paused"),
    ev.Resumed: lambda _, e: say("event.resumed"),
    ev.SettingChanged: Words.setting,
    ev.ClockWarning: lambda _, e: say("event.clock_warning", e.seconds),
    ev.HistoryCleared: lambda _, e: say("event.history_cleared"),
    app_ev.Imported: lambda _, e: say("event.imported", e.moves),
    app_ev.ReviewClosed: lambda _, e: say("event.review_closed"),
    app_ev.AnalysisStarted: lambda _, e: say("event.analysis_started", title=e.title),
    app_ev.AnalysisFinished: lambda _, e: say("event.analysis_finished"),
    app_ev.Adopted: lambda _, e: say("event.adopted"),
    app_ev.Elsewhere: lambda _, e: elsewhere_text(e.lost),
    app_ev.TakenOver: lambda _, e: say("event.taken_over"),
}


def elsewhere_text(lost: tuple[str, ...]) -> str:
    """Returns what the page says while the game continues in another tab (P7), naming
    this tab's placements that were not stored (P11)."""
    told = say("event.elsewhere")
    return f"{told} {say('event.elsewhere_lost', len(lost), moves=join(list(lost)))}" if lost else told


def tap_note(*, reviewing: bool, computer: bool) -> str:
    """Returns what the page says at once to a tap on the board that cannot play:
    while reviewing, or while the computer is to move; else ""."""
    if reviewing:
        return say("tap.reviewing")
    return say("tap.computer") if computer else ""


def status_line(game: Game, *, paused: bool, human_to_move: bool) -> str:
    """Returns the status-bar line: whose move it is, paused, or the result."""
    outcome = game.board.outcome()
    if outcome:
        return say("status.over", result=result_text(outcome))
    if paused:
        return say("status.paused")
    if game.mode == "local":
        return say("status.to_move", color=color_title(game.board.turn))
    return say("status.your_move" if human_to_move else "status.thinking")


def message(words: Words, events: list[ev.Event]) -> str:
    """Returns the events of a command in words, for the line under the board."""
    return " ".join(s for s in map(words.sentence, events) if s)


def result_card(game: Game, outcome: Outcome, attempt: Attempt) -> dict[str, str]:
    """Returns the words of the card shown when a game ends (B9): ``title`` (win,
    loss or draw), ``score``, ``detail`` (the first result or practice, A1-A4) and
    ``stars`` (those earned in the attempt)."""
    if outcome.winner is None:
        title = say("card.draw")
    elif game.mode == "computer":
        title = say("card.win" if outcome.winner == game.human else "card.loss")
    else:
        title = say("card.wins", color=color_title(outcome.winner))
    first = attempt.first_result
    same = first is not None and (first["black"], first["white"]) == (outcome.black, outcome.white)
    details = []
    if first is not None and not same:
        details.append(say("card.first_stays", result=say(f"result.{first['result']}.inline"),
                           black=first["black"], white=first["white"]))
    if game.set_up:
        details.append(say("card.set_up"))
    elif game.mode == "local":
        details.append(say("card.local"))
    if attempt.practice and game.mode == "computer":
        details.append(say("card.practice"))
    elif same and first is not None and first["challenge"]:
        details.append(say("card.challenge"))
    elif not details:
        details.append(say("card.first"))
    names = [star_name(s) for s in attempt.stars]
    return {"title": title, "score": f"{outcome.black}–{outcome.white}", "detail": " ".join(details),
            "stars": say("card.stars", names=join(names)) if names else ""}


def announcement(words: Words, events: list[ev.Event], status: str, *, always: bool = False) -> str:
    """Returns what the live region says after a command: its events, then the status
    line unless an event ended the game or already said it (with ``always``, the
    status line in any case)."""
    said = [s for s in map(words.sentence, events) if s]
    ended = any(isinstance(e, ev.GameOver) for e in events)
    repeated = bool(said) and said[-1].startswith(status)
    if always or (said and not ended and not repeated):
        said.append(status)
    return " ".join(said)


def languages() -> list[dict[str, str]]:
    """Returns the language choices: each language's code and its own name."""
    return [{"code": code, "name": name} for code, name in LANGUAGES if code in CODES]
