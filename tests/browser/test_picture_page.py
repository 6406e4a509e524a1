"""Files a player saves, in a real browser: a game's picture (B9) from the result card and
from a review's frame, a PNG under Python's name; the results as GGF (R8), which read back
as the game played, with the count said in the live region."""

from __future__ import annotations

import struct

from reversi.app import pasted
from reversi.engine.notation import format_transcript
from tests.browser.pages import SHOTS, open_menu, start_local_game, status, tap, wait_until

SHORT = "e6f6g6e3e2f2c3d2e1c2g1b4b2a5"  # Black wipes White out after 14 placements


def png_size(path) -> tuple[int, int]:
    """Returns a PNG file's width and height (its IHDR chunk)."""
    data = open(path, "rb").read(24)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_b9_save_a_picture_of_a_finished_game_and_of_a_reviewed_frame(page):
    start_local_game(page)
    for k in range(0, len(SHORT), 2):
        tap(page, SHORT[k:k + 2])
    page.wait_for_selector("#result:not([hidden])")
    with page.expect_download() as saved:
        page.get_by_role("button", name="Save a picture of this position").first.click()
    assert saved.value.suggested_filename.endswith("-14.png")
    assert png_size(saved.value.path()) == (720, 776)
    SHOTS.mkdir(exist_ok=True)
    saved.value.save_as(SHOTS / "picture-finished-game.png")  # to look at
    page.get_by_role("button", name="Review", exact=True).click()
    page.wait_for_selector("#review-bar:not([hidden])")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    with page.expect_download() as saved:
        page.locator("#review-picture").click()
    assert saved.value.suggested_filename.endswith("-2.png")
    saved.value.save_as(SHOTS / "picture-review-frame.png")

    page.locator("#close-review").click()
    open_menu(page)
    page.locator("#transcripts summary").click()
    with page.expect_download() as saved:
        page.locator("#export-ggf").click()
    assert saved.value.suggested_filename.endswith(".ggf")
    (game,) = pasted.read(open(saved.value.path(), encoding="utf-8").read())
    assert format_transcript(game.moves) == SHORT and (game.black, game.white) == ("Black", "White")
    wait_until(page, "() => document.querySelector('#status').textContent === 'Saved 1 game.'")
    assert status(page) == "Saved 1 game."
