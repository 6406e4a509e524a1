"""The variants in a real browser (V1-V3): an anti-reversi game against
Easy played to the end by taps, its winner announced by fewer discs and recorded with
its variant; the free opening's first placements on the centre squares."""

from __future__ import annotations

import re

from tests.browser.pages import (
    board_text,
    choose,
    history_rows,
    legal_squares,
    open_menu,
    status,
    tap,
    wait_for_human_turn,
    wait_until,
)


def test_v1_v3_an_anti_reversi_game_against_easy_is_won_by_fewer_discs(page):
    """V1, V3, B9: fewer discs win; the result names the real counts, is announced and
    shown on the card, and the history records the variant."""
    choose(page, "Rules", "Anti-reversi")
    choose(page, "Level", "Easy")
    assert "Anti-reversi" in page.locator("#game-line").inner_text()
    said = []
    while page.locator("#result").is_hidden():
        wait_for_human_turn(page)
        if page.locator("#result").is_visible():
            break
        tap(page, legal_squares(page)[0])
        said.append(status(page))
    wait_until(page, "() => /Game over/.test(document.querySelector('#status').textContent)")
    cells = board_text(page)
    black, white = cells.count("X"), cells.count("O")
    final = status(page)
    match = re.search(r"(Black|White) wins (\d+)–(\d+) \(fewer discs wins\)|Draw, (\d+)–(\d+)", final)
    assert match, final
    if match[1]:
        assert (int(match[2]), int(match[3])) == (black, white)
        assert match[1] == ("Black" if black < white else "White")
        card = page.locator("#result").inner_text()
        assert ("You win!" if black < white else "You lose") in card  # the person plays Black
    rows = history_rows(page)
    assert rows and "Anti-reversi" in rows[0][1] and rows[0][3] == f"{black}–{white}"


def test_v1_the_free_opening_starts_on_the_empty_board_with_the_centre(page):
    """V1: the free opening starts empty; the legal squares are the four centre ones and
    a placement there flips nothing."""
    choose(page, "Opponent", "Two players")
    choose(page, "Rules", "Free opening")
    assert board_text(page) == "-" * 64
    assert sorted(legal_squares(page)) == ["d4", "d5", "e4", "e5"]
    tap(page, "d5")
    assert "Black plays d5, flipping 0 discs" in status(page)
    assert sorted(legal_squares(page)) == ["d4", "e4", "e5"]


def test_v3_the_field_and_the_clipboard_give_the_same_tagged_text_and_it_opens_the_same_game(page):
    """V3: a free-opening game's "This game" field shows its tag as Copy does;
    the field's text, pasted into "Open a game", opens the same game in review."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    choose(page, "Opponent", "Two players")
    choose(page, "Rules", "Free opening")
    for square in ("d4", "d5", "e4", "e5", "c6"):
        tap(page, square)
    board = board_text(page)
    open_menu(page)
    page.get_by_text("Transcripts").click()
    field = page.get_by_role("textbox", name="This game").input_value()
    assert field == "free:d4d5e4e5c6"
    page.locator("#transcripts").get_by_role("button", name="Copy", exact=True).click()
    wait_until(page, "async (want) => (await navigator.clipboard.readText()) === want", arg=field)
    page.get_by_label("Open a game").fill(field)
    page.get_by_role("button", name="Open in review").click()
    page.wait_for_selector("#review-bar:not([hidden])")
    page.keyboard.press("End")
    assert board_text(page) == board
