"""The tab policy (P7, P11): tabs of one browser share the stored parts, and never lose
each other's data.

A tab whose game continues in another is *elsewhere*: its game commands are refused
(``"elsewhere"``), its looks and its looking back still work.  Another tab's parts
merge, or its newer game is adopted by an idle tab; a refused write names the placements
it did not keep (:func:`lost`).  The bridge calls it.  The policy in full:
``docs/saving.md``.
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
