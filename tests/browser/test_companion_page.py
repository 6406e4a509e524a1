"""The player's companion in a real browser: the move list follows play, undo,
redo and review; a link opens a game in review, offline too, and a bad link is refused
without touching the game in play; a balanced-opening game is saved and resumed."""

from __future__ import annotations

import pytest

from tests.browser.pages import (
    READY,
    board_text,
    close_menu,
    legal_squares,
    open_menu,
    play,
    screenshot,
    start_local_game,
    status,
    tap,
    wait_until,
)

LINE = "f5d6c3d3c4f4"


def move_list(pg) -> list[str]:
    """Returns the move list as a player reads it: each pair's numbers and moves."""
    return pg.locator("#move-list li").evaluate_all(
        "items => items.map(li => li.textContent.replace(/\\s+/g, ' ').trim())")


def current_move(pg) -> str:
    """Returns the marked move's accessible name ('' when none is marked)."""
    marked = pg.locator("#move-list [aria-current]")
    return marked.get_attribute("aria-label") if marked.count() else ""


def test_the_move_list_follows_play_undo_redo_and_review(page):
    """the moves in numbered pairs with the current one marked; after Undo the
    undone move stays, dimmed, until Redo; a tap on a move opens the review there."""
    start_local_game(page)
    play(page, LINE)
    assert move_list(page) == ["1.f5d6", "2.c3d3", "3.c4f4"]
    assert current_move(page) == "3. White f4"
    page.get_by_role("button", name="Undo").click()
    wait_until(page, "() => document.querySelector('#move-list [aria-current]').textContent === 'c4'")
    assert page.locator("#move-list button[disabled]").all_inner_texts() == ["f4"]
    page.get_by_role("button", name="Redo").click()
    wait_until(page, "() => document.querySelector('#move-list [aria-current]').textContent === 'f4'")
    screenshot(page, "movelist-phone")
    page.get_by_role("button", name="2. White d3").click()
    page.wait_for_selector("#review-bar:not([hidden])")
    assert current_move(page) == "2. White d3, book move"  # the review marks the book's moves (K1)
    assert "move 4 of 6" in page.locator("#review-title").inner_text()
    page.keyboard.press("ArrowRight")
    assert current_move(page) == "3. Black c4, book move"


def test_the_move_list_is_one_tab_stop_walked_by_the_arrow_keys(page):
    """keyboard users reach the list once and move along it with the arrows."""
    start_local_game(page)
    play(page, LINE)
    page.locator("#move-list [aria-current]").focus()
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "3. Black c4"
    tabbable = page.locator("#move-list button[tabindex='0']").count()
    assert tabbable == 1


def test_a_link_opens_its_game_in_review_without_touching_the_game_in_play(page, base_url):
    """V3: a game's link opens it in review (its tag and its moves), the game in
    play stays; the link round-trips through Share (copied where the browser has no share sheet)."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    tap(page, "d3")
    page.wait_for_selector(READY)
    mine = board_text(page)
    page.goto(base_url + "#moves=d4d5e4e5c6&variant=free")
    page.wait_for_selector("#review-bar:not([hidden])", timeout=60_000)
    assert "d4d5e4e5c6" not in page.url
    assert page.locator("#move-list li").count() == 3
    page.evaluate("navigator.share = undefined")
    page.get_by_role("button", name="Share this game").click()
    wait_until(page, "async () => (await navigator.clipboard.readText()).includes('#moves=')")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.endswith("#moves=d4d5e4e5c6&variant=free")
    page.get_by_role("button", name="Back to the game").click()
    page.wait_for_selector(READY)
    assert board_text(page) == mine


def test_a_bad_link_is_refused_with_its_reason_and_changes_nothing(page, base_url):
    """P3: a link whose moves are illegal says why and opens nothing."""
    tap(page, "d3")
    page.wait_for_selector(READY)
    mine = board_text(page)
    page.goto(base_url + "#moves=f5f5")
    page.wait_for_selector("#alert:not([hidden])", timeout=60_000)
    assert "That link cannot be opened" in page.locator("#alert").inner_text()
    # The message stays until dismissed: the next snapshot (here the Legal moves key's) keeps it.
    page.keyboard.press("l")
    page.wait_for_selector('#legal-dots[aria-pressed="false"]', state="attached")
    assert page.locator("#alert").is_visible(), "a later snapshot took the message away"
    assert "That link cannot be opened" in page.locator("#alert").inner_text()
    assert page.locator("#review-bar").is_hidden() and board_text(page) == mine
    assert "Paused" in status(page) or "Your move" in status(page)


@pytest.mark.offline
def test_a_link_opens_offline(context, base_url):
    """O1: once the page works offline, a link still opens its game."""
    page = context.new_page()
    page.goto(base_url)
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_selector("#offline-note:not([hidden])", timeout=60_000)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    context.set_offline(True)
    fresh = context.new_page()  # a link followed from elsewhere: a new load of the page
    fresh.goto(base_url + "#moves=" + LINE)
    fresh.wait_for_selector("#review-bar:not([hidden])", timeout=60_000)
    assert fresh.locator("#move-list li").count() == 3
    screenshot(fresh, "link-offline-phone")
    context.set_offline(False)


def test_a_balanced_opening_game_starts_there_is_labelled_and_is_saved_and_resumed(page):
    """E2: the Opening choice starts the next game from a balanced random
    opening (10-14 discs on the board), says so in the game line, and a reload resumes it."""
    start_local_game(page)
    open_menu(page)
    page.locator("#menu").get_by_role("group", name="Opening").get_by_label("Balanced random").check()
    wait_until(page, "() => document.getElementById('game-line').textContent.includes('balanced opening')")
    close_menu(page)
    discs = sum(c != "-" for c in board_text(page))
    assert 10 <= discs <= 14, board_text(page)
    assert "balanced opening" in page.locator("#game-line").inner_text()
    tap(page, legal_squares(page)[0])
    board = board_text(page)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    assert board_text(page) == board
    assert "balanced opening" in page.locator("#game-line").inner_text()
    screenshot(page, "balanced-opening-phone")
