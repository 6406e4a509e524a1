"""How the browser tests use the position editor (E1, E2): through the menu, the
board-string field and the editor's buttons, as a player does."""

from __future__ import annotations

from tests.browser.pages import menu_button, status, wait_until


def open_editor(pg) -> None:
    """Opens the position setup from the menu."""
    menu_button(pg, "Set up a position")
    pg.wait_for_selector("#editor:not([hidden])")


def empties_note(board: str) -> str:
    """What the editor's note says of a valid board: its own count of empty squares (not
    the note of the board shown before, which a test must not take for this one's)."""
    return f"{board[:64].count('-')} empty squares"


def use_board(pg, text: str, says: str = "") -> None:
    """Pastes a board string into the editor and waits until Python's verdict ``says``
    what it should (by default, a valid board's note: :func:`empties_note`)."""
    says = says or empties_note(text)
    pg.locator("#editor-board").fill(text)
    pg.get_by_role("button", name="Use it").click()
    wait_until(pg, "(w) => document.querySelector('#editor-note').textContent.includes(w)", arg=says)


def play_from(pg, board: str, button: str = "Two players") -> None:
    """Starts a game from ``board`` through the editor (``button``: "Two players" or
    "Play the computer") and waits until the editor has closed on it."""
    open_editor(pg)
    use_board(pg, board)
    before = status(pg)
    pg.get_by_role("button", name=button).click()
    wait_until(pg, "(s) => document.querySelector('#status').textContent !== s", arg=before)
    pg.wait_for_selector("#editor", state="hidden")
