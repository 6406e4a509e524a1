"""item 4: the result card of a game that ends (B9).

A played-out game shows a card below the board (beside it in the landscape layouts),
never over it: win, loss or draw with the score, the stars earned, the first result
or practice (A1-A4); New game, Review, Analyse and Copy transcript work; it is
announced in the live region (B7), takes the keyboard focus, and is gone after New
game and after Undo. The local game is test_foundation.py's 18-0 wipe-out; a whole
game against Easy with its first-result card is test_computer.py's
test_c1_b9_full_game_against_easy_to_the_end, and one made practice by an Undo is here.
"""

from __future__ import annotations

from reversi.engine.board import Board
from tests.browser.pages import (
    SIZES,
    WIPE_OUT,
    board_text,
    caught_up,
    check_card,
    choose,
    history_rows,
    intersects,
    legal_squares,
    play,
    screenshot,
    start_local_game,
    status,
    tap,
    tool,
    wait_for_human_turn,
    wait_until,
)

TITLE = "Black wins"
SCORE = "18–0"

def card(pg):
    return pg.get_by_role("region", name=TITLE)


def end_local_game(pg) -> dict:
    """Plays the 18-0 wipe-out as two players and checks its card; returns its words."""
    start_local_game(pg)
    play(pg, WIPE_OUT)
    words = check_card(pg, TITLE, SCORE)
    assert words["detail"] == "Two players on this screen. Stars earned: Opening, Completion.", words
    return words


def test_b9_card_of_a_local_game_below_the_board_at_every_size(page):
    end_local_game(page)
    assert "Game over. Black wins 18–0." in status(page)
    screenshot(page, "result-card-360x640")
    # The same card at every issue-11 size: never over the board, below or beside it.
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        box, board = card(page).bounding_box(), page.locator("#board-wrap").bounding_box()
        assert not intersects(box, board), (size, box, board)
        if viewport["width"] < viewport["height"]:
            assert box["y"] >= board["y"] + board["height"] - 0.5, (size, box, board)
        else:
            assert box["x"] >= board["x"] + board["width"] - 0.5, (size, box, board)


def test_b9_card_is_reached_by_keyboard_and_its_new_game_works(page):
    end_local_game(page)
    # The card has the focus; Tab goes through its four buttons in order (their names:
    # the label when there is one, else the text).
    names = []
    for _ in range(4):
        page.keyboard.press("Tab")
        names.append(page.evaluate(
            "() => document.activeElement.getAttribute('aria-label') || document.activeElement.textContent.trim()"))
    assert names == ["New game", "Review", "Analyse", "Copy transcript"], names
    for _ in range(3):
        page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") == "result-new"
    page.keyboard.press("Enter")
    page.wait_for_selector("#result", state="hidden")
    assert "New game" in status(page)
    assert board_text(page) == Board().cells()
    assert card(page).count() == 0


def test_b9_card_review_and_back(page):
    end_local_game(page)
    final = board_text(page)
    card(page).get_by_role("button", name="Review", exact=True).click()
    bar = page.get_by_role("region", name="Review")
    bar.wait_for(state="visible")
    assert page.locator("#review-title").inner_text() == "This game · Diagonal Opening: move 14 of 14"
    assert page.locator("#result").is_hidden()  # the card makes room for the review
    page.keyboard.press("Home")
    wait_until(page, "() => document.querySelector('#review-title').textContent === 'This game · Diagonal Opening: start'")
    bar.get_by_role("button", name="Back to the game").click()
    card(page).wait_for(state="visible")  # the game is still over: its card is back
    assert board_text(page) == final
    assert page.evaluate("document.activeElement.id") == "result"


def test_b9_card_analyse_opens_the_review_and_analyses(page):
    end_local_game(page)
    card(page).get_by_role("button", name="Analyse").click()
    page.get_by_role("region", name="Review").wait_for(state="visible")
    analysis = page.get_by_role("region", name="Analysis")
    analysis.wait_for(state="visible")
    assert "This game" in page.locator("#analysis-title").inner_text()
    wait_until(page, "() => document.querySelector('#analysis-progress').value > 0", timeout=60_000)
    page.get_by_role("button", name="Cancel analysis").click()
    analysis.wait_for(state="hidden")
    page.get_by_role("button", name="Back to the game").click()
    card(page).wait_for(state="visible")


def test_b9_card_copy_transcript(page):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    end_local_game(page)
    card(page).get_by_role("button", name="Copy transcript").click()
    wait_until(page, "async (want) => (await navigator.clipboard.readText()) === want", arg=WIPE_OUT)


def test_b9_card_copy_transcript_says_it_copied(page):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    end_local_game(page)
    said = status(page)
    card(page).get_by_role("button", name="Copy transcript").click()
    wait_until(page, "async (want) => (await navigator.clipboard.readText()) === want", arg=WIPE_OUT)
    wait_until(page, "() => document.getElementById('transcript-message').textContent !== ''")
    seen = page.get_by_text("Transcript copied.").filter(visible=True).count() > 0
    assert seen or status(page) != said, "the copy was neither shown nor announced"


def test_b9_u4_card_gone_after_undo_and_back_after_redo(page):
    end_local_game(page)
    final = board_text(page)
    tool(page, "Undo").click()
    page.wait_for_selector("#result", state="hidden")
    assert board_text(page) == Board.replay(WIPE_OUT[:-2]).cells()
    assert "Game over" not in page.locator("#turn").inner_text()
    tool(page, "Redo").click()
    card(page).wait_for(state="visible")
    assert board_text(page) == final
    assert page.evaluate("document.activeElement.id") == "result"
    assert len(history_rows(page)) == 1  # A3: the first result is recorded once


def test_b9_a2_card_of_a_practice_game_against_easy(page):
    """A game against Easy with one Undo along the way ends as practice: the card says so
    (and no challenge win), and the history row is practice too."""
    choose(page, "Level", "Easy")
    tap(page, "d3")
    wait_for_human_turn(page)
    tool(page, "Undo").click()
    wait_until(page, "() => document.querySelector('[aria-label^=\"d3,\"]').getAttribute('aria-label').startsWith('d3, empty')")
    caught_up(page)
    while "Game over" not in status(page):
        wait_for_human_turn(page)
        if "Game over" in status(page):
            break
        tap(page, legal_squares(page)[0])
    black = int(page.locator("#count-black").inner_text())
    white = int(page.locator("#count-white").inner_text())
    title = "You win!" if black > white else "You lose" if white > black else "Draw"
    words = check_card(page, title, f"{black}–{white}")
    assert words["detail"].startswith("Practice: this attempt used Undo, Restart or hints."), words
    screenshot(page, "result-card-practice-360x640")
    rows = history_rows(page)
    assert len(rows) == 1 and "ractice" in rows[0][4], rows
    tool(page, "New game").click()
    page.wait_for_selector("#result", state="hidden")
