"""Files a player saves and opens, in a real browser: a game's picture (B9) from the result
card and from a review's frame, a PNG under Python's name; the results as GGF (R8), which
read back as the game played, with the count said in the live region; game files (R9)
chosen in the menu or dropped on the page: a GGF file, a WTHOR pair, and a broken file."""

from __future__ import annotations

import base64
import struct

from reversi.app import pasted, wthor
from reversi.engine.notation import format_transcript
from tests.browser.pages import READY, SHOTS, open_menu, start_local_game, status, tap, wait_until
from tests.sessions import LOSS, WIN, squares_of

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


DROP = """async ([files]) => {
    const transfer = new DataTransfer();
    for (const [name, data] of files) {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], name));
    }
    for (const type of ["dragover", "drop"])
        document.querySelector("#board").dispatchEvent(new DragEvent(type, {dataTransfer: transfer, bubbles: true,
                                                                            cancelable: true}));
}"""


def test_r9_open_a_ggf_file_drop_a_wthor_pair_and_a_broken_file_is_named(page):
    open_menu(page)
    page.locator("#transcripts summary").click()
    page.locator("#open-files").set_input_files(files=[{
        "name": "games.ggf", "mimeType": "text/plain",
        "buffer": b"(;GM[Othello]PB[alice]PW[bob]TY[8]B[f5]W[d6]B[c3];)\n(;GM[Othello]TY[8]B[e6];)"}])
    page.wait_for_selector("#review-bar:not([hidden])")
    assert page.locator("#review-title").inner_text().startswith("alice – bob · game 1 of 2")
    assert page.locator("#review-game-label").inner_text() == "Game 1 of 2"
    assert page.locator("#review-prev-game").is_disabled()
    page.locator("#review-next-game").click()  # the file's other game, in review
    wait_until(page, "() => document.getElementById('review-game-label').textContent === 'Game 2 of 2'")
    assert page.locator("#review-title").inner_text().startswith("Imported game · game 2 of 2")
    page.locator("#close-review").click()
    page.wait_for_selector(READY)
    made = (2026, 12, 7)
    pair = [("WTH_2025.wtb", wthor.write_games([(squares_of(WIN), 0, 1, 0), (squares_of(LOSS), 1, 0, 0)], 2025, made)),
            ("WTHOR.JOU", wthor.write_names(["Tamaki", "Dupré"], "jou", made))]
    page.evaluate(DROP, [[(name, base64.b64encode(data).decode()) for name, data in pair]])
    page.wait_for_selector("#review-bar:not([hidden])")
    wait_until(page, "() => document.getElementById('review-title').textContent.startsWith('Tamaki – Dupré, 2025')")
    assert "game 1 of 2" in page.locator("#review-title").inner_text()
    page.locator("#close-review").click()
    page.wait_for_selector(READY)
    broken = pair[0][1][:100]
    open_menu(page)
    page.locator("#open-files").set_input_files(files=[{"name": "WTH_2025.wtb", "mimeType": "application/octet-stream",
                                                        "buffer": broken}])
    wait_until(page, "() => document.querySelector('#transcript-message').textContent !== ''")
    said = page.locator("#transcript-message").inner_text()
    assert said.startswith("WTH_2025.wtb cannot be opened: game 2 of 2 is cut short at byte 84"), said
    assert page.locator("#review-bar").is_hidden()
