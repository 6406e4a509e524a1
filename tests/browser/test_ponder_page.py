"""Pondering in a real browser (C4): against Expert, from a set-up midgame position
(E2) out of the book, the page asks for slices while the person thinks; the menu's
"Think during my turn" turns them off and is kept across a reload (P1); a tap during
pondering plays at once; Pause and hiding the page stop the slices (P4, P5).

The page measures a run of slices as "ponder" (its first slice answered) and its end
as "ponder-stop" with the reason (web/control/pondering.js): the signals waited for."""

from __future__ import annotations

from tests.browser.editor import play_from
from tests.browser.pages import (
    caught_up,
    choose,
    close_menu,
    hide_page,
    legal_squares,
    open_game,
    open_menu,
    tap,
    wait_for_human_turn,
    wait_until,
)

#: A midgame position, Black (the person) to move, whose likeliest replies Expert
#: searches (not the book's, not forced, not the solver's: tests/test_pondering.py midgame(1)).
MIDGAME = "-O-X------OX------OOO---O-OOO----OOXO----XOXO---OXXOXX--OX--O--- X"
SWITCH = "Think during my turn"


def runs(pg, name: str = "ponder") -> list[dict]:
    """Returns the details of the page's measures ``name`` (runs of slices, or their ends)."""
    return pg.evaluate("(name) => performance.getEntriesByName(name).map((e) => e.detail)", name)


def wait_for_run(pg, count: int = 1, name: str = "ponder", reason: str | None = None) -> None:
    """Waits until the page has measured ``count`` measures ``name`` (runs of slices
    that go on, or their ends with ``reason``)."""
    wait_until(pg, """([name, count, reason]) => performance.getEntriesByName(name)
        .filter((e) => e.detail.more !== false && (reason === null || e.detail.reason === reason))
        .length >= count""", arg=[name, count, reason], timeout=45_000)  # a page's first slice loads the search


def pause_or_resume(pg, paused: bool) -> None:
    """Presses the toolbar's Pause (Resume) button and waits until the game is ``paused``."""
    pg.locator("#pause").click()
    wait_until(pg, "(paused) => (document.querySelector('#turn').textContent === 'Paused') === paused",
                         arg=paused, timeout=10_000)


def against_expert(pg) -> None:
    """Starts a game against Expert from :data:`MIDGAME` and waits until it ponders."""
    choose(pg, "Level", "Expert")
    play_from(pg, MIDGAME, button="Play the computer")
    wait_for_human_turn(pg)
    wait_for_run(pg)  # (at the opening the book answers: nothing to ponder)


def test_c4_p1_think_during_my_turn_turns_pondering_off_and_is_kept_across_a_reload(page, base_url):
    """C4, P1: the switch is on by default and the page ponders; off, the run stops and
    no slice is asked for, also after a reload; on again, the slices come back."""
    against_expert(page)
    open_menu(page)
    switch = page.locator("#menu").get_by_label(SWITCH)
    assert switch.is_checked()
    switch.uncheck()
    wait_for_run(page, name="ponder-stop", reason="not due")
    close_menu(page)
    open_game(page, base_url)  # reload (a set-up game with no move yet is not paused, P4)
    wait_for_human_turn(page)
    caught_up(page)  # replies came and went with the setting off
    assert runs(page) == []
    open_menu(page)
    assert not switch.is_checked()
    switch.check()
    close_menu(page)
    wait_for_run(page)


def test_c4_a_tap_during_pondering_plays_at_once(page):
    """C4, B2: a tap while slices run is played (the slice under way is interrupted), the
    computer answers, and pondering resumes on the person's next turn."""
    against_expert(page)
    square = legal_squares(page)[0]
    going = len([run for run in runs(page) if run["more"]])
    tap(page, square)
    wait_for_human_turn(page)
    assert page.locator("#transcript-out").input_value().split()[-1].startswith(square)  # E2: board, then moves
    wait_for_run(page, count=going + 1)


def test_c4_p4_pause_stops_the_slices(page):
    """C4, P4: Pause ends the run of slices at once (measured as not due); no slice is
    asked for while paused; Resume starts them again."""
    against_expert(page)
    started, stopped = len(runs(page)), len(runs(page, "ponder-stop"))
    pause_or_resume(page, True)
    wait_for_run(page, count=stopped + 1, name="ponder-stop")
    assert runs(page, "ponder-stop")[-1]["reason"] == "not due"
    caught_up(page)  # every reply since Pause has come
    assert (len(runs(page)), len(runs(page, "ponder-stop"))) == (started, stopped + 1)
    pause_or_resume(page, False)
    wait_for_run(page, count=started + 1 - sum(not run["more"] for run in runs(page)))


def test_c4_p5_hiding_the_page_stops_the_slices(page):
    """C4, P5: hiding the page ends the run of slices at once and pauses the game; no
    slice is asked for while it is hidden."""
    against_expert(page)
    started, stopped = len(runs(page)), len(runs(page, "ponder-stop"))
    hide_page(page)
    wait_for_run(page, count=stopped + 1, name="ponder-stop")
    assert runs(page, "ponder-stop")[-1]["reason"] in ("hidden", "not due")
    wait_until(page, "() => document.querySelector('#turn').textContent === 'Paused'")
    caught_up(page)  # every reply since the page was hidden has come
    assert (len(runs(page)), len(runs(page, "ponder-stop"))) == (started, stopped + 1)
