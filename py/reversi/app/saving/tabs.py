"""The tab policy (P7): tabs of one browser share the stored parts, and never lose
each other's data.

- While this tab's game continues in another tab (it is *elsewhere*), a command
  that changes the game in play is refused, with the reason ``"elsewhere"``; a
  setting that changes only how the page looks or sounds still applies (it has
  its own part), and looking back (review, analysis, history) still works.
- When another tab stores a part: settings, stars, results and time merge
  (:meth:`reversi.app.saving.timing.Saving.merge`), so do the features' parts
  (:class:`reversi.app.house.StoredPart`, by the bridge); a newer game
  is adopted by an idle tab, while a busy one (reviewing, analysing, the computer
  to move, or one whose own write of the game was refused) waits for the player
  to take the game over.
- A tab that adopts or takes over a stored game keeps its own stars and results,
  and an unfinished computer game waits for Resume, as after a reload (P4: two
  tabs never both play the computer's move).
- When this tab's own write of the game is refused (another tab moved on first), the
  placements it did not keep are named (:func:`lost`, P11).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ...engine.notation import square_name
from ...game.computer import ComputerPlayer
from ...game.session import Session
from ..house import Command
from . import checks, loading

#: Settings that change only how the page looks or sounds.
DISPLAY_SETTINGS = ("legal_dots", "sound", "language")
#: The reason a game command is refused while the game continues in another tab.
ELSEWHERE = "elsewhere"
#: Parts another tab stores that merge into this tab's.
MERGED = ("settings", "stars", "clock")


def refusal(elsewhere: bool, command: Command, args: Mapping[str, Any]) -> str | None:
    """Returns why ``command`` (with ``args``) is refused in a tab whose game is
    ``elsewhere``, or None: a command that changes the game (``Command.game``) is, but a
    setting of how the page looks or sounds is not."""
    display = command.name == "set_setting" and args.get("name") in DISPLAY_SETTINGS
    return ELSEWHERE if elsewhere and command.game and not display else None


def busy(session: Session, reviewing: bool) -> bool:
    """Checks if a tab is in the middle of something: a review or analysis open, or the
    computer to move."""
    return reviewing or session.computer_to_move()


def on_stored(part: str, texts: Mapping[str, str | None], *, known_game: str | None, elsewhere: bool,
              refused: bool, busy: bool) -> str:
    """Returns what a tab does when another tab stored ``part`` (``texts``: all that is
    stored now) that is not a feature's: ``"merge"``, ``"adopt"`` the game, show it
    ``"elsewhere"``, or ``""`` (nothing: the game is the one this tab knows)."""
    if part in MERGED or checks.is_chunk(part):
        return "merge"
    if part == "game" and not elsewhere and texts.get("game") != known_game:
        return "elsewhere" if refused or busy else "adopt"
    return ""


def adopted(old: Session, texts: dict[str, str | None], player: ComputerPlayer,
            clock: Callable[[], str]) -> tuple[Session, list[str]]:
    """Returns the stored session, continuing after ``old`` (:meth:`Session.follow`),
    and the notices its reading gave."""
    session = Session(player, clock)
    notices = loading.load(session, texts)
    session.follow(old)
    return session, notices


def lost(session: Session, stored: str | None) -> tuple[str, ...]:
    """Returns the placements of ``session`` that the game part ``stored`` (the text its
    refused write would have replaced) lacks: a new attempt's every placement, else
    those after the placements both share (P11)."""
    mine = session.game.line.moves[:session.game.line.cursor]
    before = Session()
    loading.load(before, {"game": stored})
    same = before.progress.attempt.id == session.progress.attempt.id
    theirs = before.game.line.moves[:before.game.line.cursor] if same else []
    shared = next((n for n, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))
    return tuple(square_name(square) for square in mine[shared:])
