"""item 3: the menu, a modal sheet over the page.

The Menu button opens it as a modal dialog over the page; while it is open Tab and
Shift+Tab stay inside it; Escape, its close button, a click on the backdrop and the
browser's Back close it, and each time the focus returns to the Menu button and
the page stays where it is (layers.js keeps one history entry per open layer); the
settings in it still work. C1 (opponent, side and level), B1 and B6 (the
toggles), B3 (keyboard), P1 (settings kept).
(Named test_menu_sheet.py: a tests/test_menu*.py may come.)
"""

from __future__ import annotations

import pytest

from tests.browser.pages import (
    DESKTOP,
    READY,
    choose,
    legal_squares,
    open_game,
    screenshot,
    settle,
    status,
    tap,
    wait_for_human_turn,
    wait_until,
)

INSIDE = "() => document.getElementById('menu').contains(document.activeElement)"
ACTIVE = """() => {
    const el = document.activeElement;
    return el.id || el.getAttribute('aria-label') || `${el.tagName.toLowerCase()}:${(el.name || el.textContent).trim().slice(0, 24)}`;
}"""


def menu(pg):
    return pg.get_by_role("dialog", name="Menu")


def menu_button(pg):
    return pg.get_by_role("navigation", name="Game controls").get_by_role("button", name="Menu", exact=True)


def check_closed(pg, url: str) -> None:
    """Checks the menu is closed, the focus is back on the Menu button and the page stayed.
    (Closing is synchronous to the key, click or popstate: a few seconds are plenty.)"""
    pg.wait_for_selector("#menu:not([open])", state="attached", timeout=5_000)
    assert menu(pg).count() == 0 or not menu(pg).is_visible()
    assert pg.evaluate(ACTIVE) == "menu-open"
    assert menu_button(pg).get_attribute("aria-expanded") == "false"
    assert pg.url == url


def open_it(pg) -> None:
    menu_button(pg).click()
    pg.wait_for_selector("#menu[open]")
    assert menu_button(pg).get_attribute("aria-expanded") == "true"


def test_menu_opens_as_a_modal_dialog_and_traps_the_keyboard(page):
    """The sheet is a modal dialog named Menu over the page (the page behind is inert),
    the focus moves into it, and Tabs and Shift+Tabs never leave it, going round all its
    controls twice (How to play and Lessons among them, N1)."""
    tap(page, "d3")
    wait_for_human_turn(page)
    open_it(page)
    sheet = menu(page)
    assert sheet.is_visible()
    assert sheet.evaluate("d => d.matches(':modal')")
    assert page.evaluate(INSIDE)
    assert page.evaluate(ACTIVE) == "menu-close"
    # The page behind does not take a click: the sheet or its backdrop gets it.
    hit = page.evaluate("""() => {
        const r = document.querySelector('[role=gridcell][aria-label^="d3,"]').getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).closest('#menu') !== null;
    }""")
    assert hit
    settle(page)
    screenshot(page, "menu-open-360x640")
    orders = {}
    for key in ("Tab", "Shift+Tab"):
        visited = orders[key] = []
        while visited.count("menu-close") < 2 and len(visited) < 150:  # round twice
            page.keyboard.press(key)
            assert page.evaluate(INSIDE), f"{key} left the menu for {page.evaluate(ACTIVE)} after {visited}"
            visited.append(page.evaluate(ACTIVE))
        assert visited.count("menu-close") >= 2, visited  # it went round
        for stop in ("menu-new", "legal-dots", "sound", "fullscreen", "review", "summary:Transcripts", "howto-open",
                     "lessons-open"):
            assert stop in visited, (stop, visited)
    forward = orders["Tab"]
    print("Tab order in the menu:", forward[:forward.index("menu-close") + 1])


@pytest.mark.parametrize("way", [
    "close button",
    "backdrop",
    "browser Back",
    "Escape from a field",
    "Escape",
])
def test_menu_closes_and_gives_the_focus_back(page, way):
    """Each way closes the menu, gives the focus back to the Menu button and keeps the page;
    the history stays in step: opened again, the browser's Back closes it again."""
    url = page.url
    open_it(page)
    if way == "close button":
        menu(page).get_by_role("button", name="Close the menu").click()
    elif way == "backdrop":
        box = menu(page).bounding_box()
        assert box["y"] > 20  # a bottom sheet on a phone: the backdrop shows above it
        page.mouse.click(page.viewport_size["width"] / 2, 10)
    elif way == "browser Back":
        page.go_back()
    elif way == "Escape from a field":
        menu(page).get_by_role("group", name="Level").get_by_label("Normal", exact=True).focus()
        page.keyboard.press("Escape")
    else:  # the focus is where opening the menu put it: its close button
        page.keyboard.press("Escape")
    check_closed(page, url)
    open_it(page)
    page.go_back()
    check_closed(page, url)
    assert page.evaluate("history.state") is None


def test_menu_on_a_desktop_is_a_side_sheet_closed_by_its_backdrop(browser, base_url):
    ctx = browser.new_context(viewport=DESKTOP)
    try:
        pg = ctx.new_page()
        open_game(pg, base_url)
        url = pg.url
        open_it(pg)
        settle(pg)
        box = menu(pg).bounding_box()
        assert box["x"] > DESKTOP["width"] / 2 and box["height"] >= DESKTOP["height"] - 1, box
        screenshot(pg, "menu-open-1280x800")
        pg.mouse.click(100, DESKTOP["height"] / 2)  # on the backdrop over the board
        check_closed(pg, url)
    finally:
        ctx.close()


def test_c1_p1_settings_in_the_menu_still_work(page):
    """C1: Two players starts a local game; side and level then do not apply (disabled);
    back to the computer, a level and a move clock are taken and kept over a reload (P1)."""
    choose(page, "Opponent", "Two players")
    assert "two players" in status(page).lower()
    open_it(page)
    sheet = menu(page)
    for group, option in (("Your side", "White"), ("Level", "Hard")):
        assert sheet.get_by_role("group", name=group).get_by_label(option, exact=True).is_disabled(), group
    sheet.get_by_role("button", name="Close the menu").click()
    tap(page, "d3")
    assert "Black plays d3" in status(page)
    choose(page, "Opponent", "Computer")
    choose(page, "Level", "Hard")
    choose(page, "Move clock", "30 s a move")
    assert page.locator("#move-clock").is_visible()  # the top line shows the move clock
    open_it(page)
    assert sheet.get_by_role("group", name="Level").get_by_label("Hard", exact=True).is_checked()
    assert sheet.get_by_role("group", name="Opponent").get_by_label("Computer", exact=True).is_checked()
    assert sheet.get_by_role("combobox", name="Move clock").input_value() == "30"
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    open_it(page)
    assert sheet.get_by_role("group", name="Level").get_by_label("Hard", exact=True).is_checked()
    assert sheet.get_by_role("combobox", name="Move clock").input_value() == "30"


def test_b1_b6_menu_toggles_keep_the_menu_open(page):
    """The Legal moves and Sound toggles act at once and leave the menu open (the player
    sees the change on the board behind the sheet); their pressed state is announced
    by aria-pressed."""
    open_it(page)
    sheet = menu(page)
    dots = sheet.get_by_role("button", name="Legal moves")
    assert dots.get_attribute("aria-pressed") == "true"
    dots.click()
    wait_until(page, "() => document.getElementById('legal-dots').getAttribute('aria-pressed') === 'false'")
    assert sheet.is_visible()
    assert legal_squares(page) == []  # the grid's names, behind the sheet
    dots.click()
    wait_until(page, "() => document.getElementById('legal-dots').getAttribute('aria-pressed') === 'true'")
    assert sorted(legal_squares(page)) == ["c4", "d3", "e6", "f5"]


def test_b7_menu_toggles_have_plain_names(page):
    open_it(page)
    for name in ("Legal moves", "Sound"):
        assert menu(page).get_by_role("button", name=name, exact=True).count() == 1, name
