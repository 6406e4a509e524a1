"""The browser tests' reused profile (``conftest.ReusedProfile``): the page a test gets
there is as fresh as a new profile's. The last test's game, choices, tab state, size and
colour scheme are gone, and its page is closed."""

from __future__ import annotations

from tests.browser.pages import DESKTOP, PHONE, board_text, choose, open_game, tap, wait_for_human_turn

#: What a page shows and keeps beside the board, in the same terms for any profile.
STATE = """() => [Object.keys(localStorage).sort(), sessionStorage.length, history.length, history.state,
    matchMedia('(prefers-color-scheme: dark)').matches, document.getElementById('game-line').textContent]"""


def test_the_next_page_of_the_reused_profile_forgets_the_last_tests_page(request, base_url, reused_profile,
                                                                         context):
    first = reused_profile.take(request, base_url)
    opening = board_text(first)
    choose(first, "Level", "Easy")
    tap(first, "d3")
    wait_for_human_turn(first)
    first.evaluate("() => { sessionStorage.setItem('left', '1'); history.pushState({left: 1}, ''); }")
    first.set_viewport_size(DESKTOP)
    first.emulate_media(color_scheme="dark")
    assert board_text(first) != opening

    second = reused_profile.take(request, base_url)
    assert first.is_closed() and second.context.pages == [second]
    fresh = context.new_page()  # a new profile's page, to compare with
    open_game(fresh, base_url)
    assert board_text(second) == board_text(fresh) == opening
    assert second.evaluate(STATE) == fresh.evaluate(STATE)
    assert "Normal" in second.locator("#game-line").inner_text()  # not the last test's Easy
    assert second.viewport_size == PHONE
