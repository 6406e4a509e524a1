"""The sentences of play: stars, refusals, the status line, moves, results, the
announcements, review frames, analysis and hints."""

from __future__ import annotations

from typing import Any, Callable

from ...engine.board import COLOR_NAMES, Color, Outcome, Step
from ...engine.notation import square_name
from ...game import events as ev
from ...game.play import Game
from ...game.results import Attempt
from .. import events as app_ev

#: Star id -> (name, how to earn it) (SPEC S1-S8).
STAR_TEXT: dict[str, tuple[str, str]] = {
    "opening": ("Opening", "Make your first legal placement."),
    "corner": ("Corner", "Place a disc on a corner."),
    "capture": ("Capture", "Flip at least six discs with one placement."),
    "completion": ("Completion", "Finish a game: reach the first result of an attempt."),
    "first-win": ("First computer win", "Win a standard game against the computer."),
    "strong-win": ("Strong win", "Beat Hard or Expert without Undo or Restart."),
    "clean-win": ("Clean win", "Beat the computer at any level without Undo or Restart, in a standard game."),
    "fresh-wins": ("Three fresh wins",
                   "Win three different attempts against the computer without Undo or Restart."),
}
REFUSALS = {
    "stale": "That tap was for an earlier position; nothing changed.",
    "paused": "The game is paused. Resume to play.",
    "over": "Game over.",
    "computer_turn": "Wait for the computer's move.",
    "nothing_to_undo": "Nothing to undo.",
    "nothing_to_redo": "Nothing to redo.",
    "elsewhere": "This game continues in another tab. Take it over to play here.",
}
PAUSE_REASONS = {"": "", "hidden": " The page was hidden.", "review": " Reviewing a game."}
SWITCHES = {"legal_dots": "Legal move dots", "sound": "Sound", "swap_sides": "Swap sides after each game",
            "hints": "Hints"}
RESULT_WORDS = {"win": "Win", "loss": "Loss", "draw": "Draw", "black": "Black won", "white": "White won"}
SETUP_WAITS = "Your new choices apply from the next new game."
ANALYSIS_REFUSED = "Analysis is available once this game is finished."
ELSEWHERE = "This game continues in another tab."


def color_title(color: Color) -> str:
    """Returns "Black" or "White"."""
    return COLOR_NAMES[color].capitalize()


def flips_text(n: int) -> str:
    """Returns e.g. "flipping 3 discs"."""
    return f"flipping {n} disc{'s' if n != 1 else ''}"


#: How the page names each variant (SPEC V1).
VARIANT_NAMES = {"standard": "Standard", "anti": "Anti-reversi", "free": "Free opening"}
#: What the page says of a variant's rules beside the score.
VARIANT_NOTES = {"standard": "", "anti": "Anti-reversi: fewer discs wins.",
                 "free": "Free opening: the first four discs go on the centre squares."}


def variant_note(variant: str, placements: int) -> str:
    """Returns the line that reminds the player of a variant's rule ("" for the standard
    game; the free opening's only while its first four placements are being made)."""
    if variant == "free" and placements >= 4:
        return ""
    return VARIANT_NOTES[variant]


def game_line(game: Game) -> str:
    """Returns the short line that says which game this is, e.g. "Normal · you are Black"
    or "Two players · Anti-reversi: fewer discs wins."."""
    who = "Two players" if game.mode == "local" else f"{game.level.capitalize()} · you are {game.side.capitalize()}"
    if game.set_up:
        who += " · set-up position"
    note = variant_note(game.variant, len(game.line.moves))
    if game.variant != "standard":
        who += " · " + (note or VARIANT_NAMES[game.variant])
    return who


def result_text(outcome: Outcome) -> str:
    """Returns the sentence announcing a final result, e.g. "Black wins 40–24."."""
    if outcome.winner is None:
        return f"Draw, {outcome.black}–{outcome.white}."
    fewer = " (fewer discs wins)" if outcome.variant == "anti" else ""
    return f"{color_title(outcome.winner)} wins {outcome.black}–{outcome.white}{fewer}."


def describe_game(mode: str, side: str, level: str, variant: str = "standard") -> str:
    """Returns e.g. "you play Black against Normal" or "two players on this screen",
    with the variant when it is not the standard game."""
    rules = f", {VARIANT_NAMES[variant].lower()}" if variant != "standard" else ""
    if mode == "local":
        return "two players on this screen" + rules
    return f"you play {side.capitalize()} against {level.capitalize()}{rules}"


class Words:
    """Says the events of one game from its person's side ("You", "Computer", or colours)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def who(self, color: Color) -> str:
        """Returns how sentences name ``color``."""
        if self.game.mode == "local":
            return color_title(color)
        return "You" if color == self.game.human else "Computer"

    def sentence(self, event: ev.Event) -> str:
        """Returns the sentence announcing ``event`` ("" for one that says nothing)."""
        say = _SENTENCES.get(type(event))
        return say(self, event) if say else ""

    def placed(self, e: ev.Placed) -> str:
        who = self.who(e.color)
        verb = "play" if who == "You" else "plays"
        timed = "Time is up: a random move is played. " if e.by == "clock" else ""
        return f"{timed}{who} {verb} {square_name(e.square)}, {flips_text(e.flips)}."

    def passed(self, e: ev.Passed) -> str:
        who = self.who(e.color)
        return "You have no legal move and pass." if who == "You" else f"{who} has no legal move and passes."

    def game_over(self, e: ev.GameOver) -> str:
        verdict = ""
        if self.game.mode == "computer" and e.winner is not None:
            verdict = " You win." if e.winner == self.game.human else " You lose."
        return "Game over. " + result_text(Outcome(e.black, e.white, self.game.variant)) + verdict

    def undone(self, _: ev.Undone) -> str:
        return ("Move taken back. This attempt is now practice." if self.game.mode == "computer"
                else "Move taken back.")

    def setting(self, e: ev.SettingChanged) -> str:
        if e.name in SWITCHES:
            return f"{SWITCHES[e.name]} {'on' if e.value else 'off'}."
        if e.name == "move_clock":
            return f"Move clock: {e.value} seconds per move." if e.value else "Move clock off."
        value = VARIANT_NAMES[e.value] if e.name == "variant" else e.value
        return f"{e.name.capitalize()}: {value}. It applies from the next new game."


_SENTENCES: dict[type, Callable[[Words, Any], str]] = {
    ev.Placed: Words.placed,
    ev.Passed: Words.passed,
    ev.GameOver: Words.game_over,
    ev.StarEarned: lambda _, e: f"Star earned: {STAR_TEXT[e.star][0]}!",
    ev.Refused: lambda _, e: (f"{square_name(e.square)} is not a legal move." if e.reason == "illegal"
                              else REFUSALS[e.reason]),
    ev.Undone: Words.undone,
    ev.Redone: lambda _, e: "Move replayed.",
    ev.Restarted: lambda _, e: "Restarted from the opening. This attempt is now practice.",
    ev.NewGame: lambda _, e: ("New game from a set-up position: " if e.set_up else "New game: ")
    + describe_game(e.mode, e.side, e.level, e.variant) + ".",
    ev.Paused: lambda _, e: "Paused." + PAUSE_REASONS[e.reason],
    ev.Resumed: lambda _, e: "Resumed.",
    ev.SettingChanged: Words.setting,
    ev.ClockWarning: lambda _, e: f"{e.seconds} seconds left to move.",
    ev.HistoryCleared: lambda _, e: "Results history cleared. Your stars are kept.",
    app_ev.Imported: lambda _, e: f"Imported a game of {e.moves} moves; it opens in review.",
    app_ev.ReviewClosed: lambda _, e: "Back to the game.",
    app_ev.AnalysisStarted: lambda _, e: f"Analysing {e.title.lower()}…",
    app_ev.AnalysisFinished: lambda _, e: "Analysis finished.",
    app_ev.Adopted: lambda _, e: "This game was continued in another tab; it is shown here as it stands.",
    app_ev.Elsewhere: lambda _, e: ELSEWHERE,
    app_ev.TakenOver: lambda _, e: "You took the game over in this tab.",
}


def tap_note(*, reviewing: bool, computer: bool) -> str:
    """Returns what the page says at once to a tap on the board that cannot play:
    while reviewing, or while the computer is to move; else ""."""
    if reviewing:
        return "You are reviewing: choose “Back to the game” to play."
    return "Wait for the computer's move." if computer else ""


def status_line(game: Game, *, paused: bool, human_to_move: bool) -> str:
    """Returns the status-bar line: whose move it is, paused, or the result."""
    outcome = game.board.outcome()
    if outcome:
        return "Game over. " + result_text(outcome)
    if paused:
        return "Paused"
    if game.mode == "local":
        return f"{color_title(game.board.turn)} to move"
    return "Your move" if human_to_move else "Computer is thinking…"


def message(words: Words, events: list[ev.Event]) -> str:
    """Returns the events of a command in words, for the line under the board."""
    return " ".join(s for s in map(words.sentence, events) if s)


def result_card(game: Game, outcome: Outcome, attempt: Attempt) -> dict[str, str]:
    """Returns the words of the card shown when a game ends (SPEC B9): ``title`` (win,
    loss or draw), ``score``, ``detail`` (the first result or practice, A1-A4) and
    ``stars`` (those earned in the attempt)."""
    if game.mode == "computer":
        title = ("Draw" if outcome.winner is None else
                 "You win!" if outcome.winner == game.human else "You lose")
    else:
        title = "Draw" if outcome.winner is None else f"{color_title(outcome.winner)} wins"
    first = attempt.first_result
    same = first is not None and (first["black"], first["white"]) == (outcome.black, outcome.white)
    details = []
    if first is not None and not same:
        details.append(f"This attempt's first result stays: {RESULT_WORDS[first['result']].lower()}, "
                       f"{first['black']}–{first['white']}.")
    if game.set_up:
        details.append("A game from a set-up position: not a challenge.")
    elif game.mode == "local":
        details.append("Two players on this screen.")
    if attempt.practice and game.mode == "computer":
        details.append("Practice: this attempt used Undo, Restart or hints.")
    elif same and first is not None and first["challenge"]:
        details.append("A challenge win: no Undo, Restart or hints.")
    elif not details:
        details.append("First result of this attempt.")
    detail = " ".join(details)
    names = [STAR_TEXT[s][0] for s in attempt.stars]
    return {"title": title, "score": f"{outcome.black}–{outcome.white}", "detail": detail,
            "stars": ("Stars earned: " + ", ".join(names) + ".") if names else ""}


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


def frame_text(ply: int, step: Step | None, outcome: Outcome | None, turn: Color = 0,
               set_up: bool = False) -> str:
    """Returns what a review frame says: the placement ``ply`` made and any pass it
    caused, or the first position (``ply`` 0: the opening, or a set-up position with
    ``turn`` to move); and the result if the game ended there."""
    if step is None:
        first = "Set-up position" if set_up else "Opening position"
        if outcome:
            return f"{first}. Game over. " + result_text(outcome)
        return f"{first}. {color_title(turn)} to move."
    text = (f"Move {ply}: {color_title(step.color)} plays {square_name(step.square)}, "
            f"{flips_text(step.flips.bit_count())}.")
    if step.caused_pass:
        text += f" {color_title(step.color ^ 1)} has no legal move and passes."
    if outcome:
        text += " Game over. " + result_text(outcome)
    return text


def signed(value: float) -> str:
    """Returns a disc difference rounded, with its sign: "+6", "0", "-3"."""
    rounded = round(value)
    return f"+{rounded}" if rounded > 0 else str(rounded)


def analysis_lines(plies: list[dict[str, Any]], marked: list[dict[str, Any]], *,
                   finished: bool) -> list[str]:
    """Returns an analysis in words: the start and end values, then each placement that
    lost ground (the graph's text alternative)."""
    lines = []
    if plies:
        first = plies[0]
        lines.append(f"Start: expected {signed(first['value'])} for Black "
                     f"({'exact' if first['exact'] else 'estimate'}).")
    for m in marked:
        lines.append(f"Move {m['ply'] + 1}, {m['mover']} {m['played']}: lost {m['loss']} "
                     f"disc{'' if m['loss'] == 1 else 's'} ({'exact' if m['exact'] else 'estimate'}); "
                     f"best was {m['best']}.")
    if finished and plies:
        lines.append(f"End: {signed(plies[-1]['value'])} for Black.")
    if finished and not marked:
        lines.append("No placement lost ground.")
    return lines


def graph_meaning(variant: str) -> str:
    """Returns what the analysis graph shows in ``variant`` (its text under the graph)."""
    if variant == "anti":
        return ("Expected result for Black before each move, in discs: above the line Black is ahead, "
                "which in anti-reversi means Black ends with fewer discs. Solid dots are exact; "
                "hollow ones are estimates.")
    return ("Expected final disc difference, Black minus White, before each move. Solid dots are exact "
            "(solved to the end); hollow ones are estimates.")


def hint_progress(final: bool, exact: bool) -> str:
    """Returns where hint mode stands, e.g. "Hints: exact final disc differences."."""
    if not final:
        return "Hints: first estimates, working on better ones…"
    return ("Hints: exact final disc differences." if exact else
            "Hints: expected final disc differences.")
