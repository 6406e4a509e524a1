"""Learning in a real browser (N1-N5): the first-visit invitation shows once and
never blocks play; a lesson failed then passed by taps, one passed by keyboard alone,
the progress kept after a reload; How to play at phone size in two languages with no
sideways overflow; screenshots at phone and desktop size, light and dark.

The right squares are never written here: they are the ones the engine's judge
(:func:`reversi.app.learning.lessons.judge`) accepts in the lesson's position."""

from __future__ import annotations

from reversi.app.learning.lessons import LESSONS, judge
from reversi.engine.notation import square_name
from tests.browser.pages import (
    DESKTOP,
    PHONE,
    READY,
    board_text,
    open_menu,
    screenshot,
    settle,
    status,
    tap,
    wait_until,
)
from tests.browser.test_controls import arrows_to, tab_into_board


def right_and_wrong(number: int) -> tuple[str, str | None]:
    """Returns a square the engine judges right in lesson ``number`` and a legal one it
    judges wrong (None when every legal move is right)."""
    lesson = LESSONS[number - 1]
    board = lesson.start()
    verdicts = {square_name(s): judge(lesson, board, s).right for s in board.legal_moves()}
    return (next(s for s, ok in verdicts.items() if ok), next((s for s, ok in verdicts.items() if not ok), None))


def message(pg, before: str) -> str:
    """Waits for the lesson's message to change from ``before`` and returns it."""
    wait_until(pg, "(b) => document.getElementById('lesson-message').textContent !== b", arg=before)
    return pg.locator("#lesson-message").inner_text()


def shown_lesson(pg, number: int) -> None:
    """Waits until lesson ``number``'s card shows its board."""
    pg.wait_for_selector("#lesson:not([hidden])")
    wait_until(pg, "(n) => document.getElementById('lesson-title').textContent.startsWith(`Lesson ${n} `)",
                         arg=number)
    assert board_text(pg) == LESSONS[number - 1].board[:64]


def no_sideways_overflow(pg) -> bool:
    return pg.evaluate("""() => document.documentElement.scrollWidth <= innerWidth
        && [...document.querySelectorAll('#howto, #howto *')].every((el) => el.scrollWidth <= el.clientWidth + 1
            || getComputedStyle(el).overflowX !== 'visible' || el.getBoundingClientRect().right <= innerWidth + 0.5)""")


def test_n3_the_invitation_shows_once_and_never_blocks_play(page):
    invite = page.locator("#invite")
    assert invite.is_visible()
    assert page.get_by_role("button", name="Learn to play").is_visible()
    screenshot(page, "learn-invite-phone-light")
    page.emulate_media(color_scheme="dark")
    settle(page)
    screenshot(page, "learn-invite-phone-dark")
    page.emulate_media(color_scheme="light")
    tap(page, "d3")  # play goes on under it: the invitation blocks nothing
    assert board_text(page)[19] == "X"
    page.wait_for_selector("#invite", state="hidden")
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    settle(page)
    assert invite.is_hidden()


def test_n2_n4_a_lesson_failed_then_passed_by_taps_and_the_progress_after_a_reload(page):
    game = board_text(page)
    page.get_by_role("button", name="Learn to play").click()
    shown_lesson(page, 1)
    assert "Place a black disc" in status(page)  # the goal is announced (N5)
    screenshot(page, "learn-lesson-phone-light")
    tap(page, "c3")  # illegal in the opening: flips nothing
    said = message(page, "")
    assert said.startswith("c3 flips nothing") and status(page) == said
    assert board_text(page) == LESSONS[0].board[:64]
    screenshot(page, "learn-wrong-phone-light")
    right, _ = right_and_wrong(1)
    tap(page, right)
    said = message(page, said)
    assert said.startswith(f"Right: {right} flips") and said.endswith("Lesson done.")
    assert page.locator("#lesson-progress").inner_text() == "Lessons done: 1 of 12"
    page.emulate_media(color_scheme="dark")
    settle(page)
    screenshot(page, "learn-right-phone-dark")
    page.emulate_media(color_scheme="light")
    page.get_by_role("button", name="Next lesson").click()
    shown_lesson(page, 2)
    right, wrong = right_and_wrong(2)
    tap(page, wrong)
    said = message(page, "")
    assert said.startswith(f"{wrong} flips") and "one line only" in said
    tap(page, right)
    assert message(page, said).startswith(f"Right: {right}")
    page.get_by_role("button", name="Close the lessons").click()
    page.wait_for_selector("#lesson", state="hidden")
    assert board_text(page) == game  # the game in play was not touched
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    open_menu(page)
    page.locator("#lessons-open").click()
    shown_lesson(page, 3)  # the first lesson not done
    assert page.locator("#lesson-progress").inner_text() == "Lessons done: 2 of 12"
    page.locator("#lesson summary").click()
    assert page.locator("#lesson-list button").nth(0).inner_text().endswith("done")


def test_n5_a_lesson_by_keyboard_alone(page):
    page.get_by_role("button", name="Menu").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#menu[open]")
    for _ in range(60):  # Tab to the menu's Lessons button, as a keyboard player would
        if page.evaluate("document.activeElement.id") == "lessons-open":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    shown_lesson(page, 1)
    page.locator("#lesson summary").focus()
    page.keyboard.press("Enter")  # opens the list of lessons
    page.locator("#lesson-list button").nth(5).focus()
    page.keyboard.press("Enter")  # lesson 6: take a corner
    shown_lesson(page, 6)
    assert "Take a corner" in status(page)
    page.locator("#lesson-close").focus()
    tab_into_board(page, backwards=True)
    right, wrong = right_and_wrong(6)
    arrows_to(page, wrong)
    page.keyboard.press("Enter")
    said = message(page, "")
    assert said.startswith(f"{wrong} is not a corner") and status(page) == said
    arrows_to(page, right)
    page.keyboard.press("Enter")
    said = message(page, said)
    assert said.startswith(f"Right: {right} is a corner") and status(page) == said


def test_n1_how_to_play_at_phone_size_in_two_languages(page):
    page.set_viewport_size(PHONE)
    for code, title in (("en", "How to play"), ("ja", "遊び方")):
        if code != "en":
            open_menu(page)
            page.locator("#language-setting").select_option(code)
            wait_until(page, "(c) => document.documentElement.lang === c", arg=code)
            page.locator("#menu-close").click()
        page.locator("#menu-open").click()  # in any language
        page.wait_for_selector("#menu[open]")
        page.locator("#howto-open").click()
        page.wait_for_selector("#howto[open]")
        wait_until(page, "() => document.querySelectorAll('#howto-list li').length === 9")
        settle(page)
        assert page.locator("#howto-title").inner_text() == title
        rules = page.locator("#howto-list h3").all_inner_texts()
        assert len(rules) == 9 and all(rules)
        assert no_sideways_overflow(page), code
        drawn = page.evaluate("""() => [...document.querySelectorAll('#howto-list canvas')].every((c) => {
            const d = c.getContext('2d').getImageData(c.width / 2, c.height / 2, 1, 1).data; return d[3] > 0; })""")
        assert drawn
        small = page.evaluate("""() => [...document.querySelectorAll('#howto button')].filter((b) => {
            const r = b.getBoundingClientRect(); return r.width < 44 || r.height < 44; }).map((b) => b.id)""")
        assert small == []
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            settle(page)
            screenshot(page, f"learn-howto-phone-{code}-{scheme}")
        page.emulate_media(color_scheme="light")
        page.locator("#howto-close").click()
        page.wait_for_selector("#howto:not([open])", state="attached")


def test_n5_desktop_screenshots_light_and_dark(page):
    page.set_viewport_size(DESKTOP)
    page.get_by_role("button", name="Learn to play").click()
    shown_lesson(page, 1)
    tap(page, "c3")
    message(page, "")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        settle(page)
        screenshot(page, f"learn-lesson-desktop-{scheme}")
    page.locator("#lesson-howto").click()
    page.wait_for_selector("#howto[open]")
    wait_until(page, "() => document.querySelectorAll('#howto-list li').length === 9")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        settle(page)
        screenshot(page, f"learn-howto-desktop-{scheme}")


def test_n5_axe_finds_no_violations_in_a_lesson_and_in_how_to_play(page):
    import build  # the repo's build.py: axe-core from the verified cache, as test_a11y.py uses it
    from tests.browser.test_a11y import scan

    axe_source = build.fetch_axe().read_text()
    found = []
    page.get_by_role("button", name="Learn to play").click()
    shown_lesson(page, 1)
    tap(page, "c3")
    message(page, "")
    page.locator("#lesson summary").click()
    for state in ("lesson", "howto"):
        if state == "howto":
            page.locator("#lesson-howto").click()
            wait_until(page, "() => document.querySelectorAll('#howto-list li').length === 9")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            settle(page)
            result = scan(page, axe_source)
            found += [f"{state}/{scheme}: {v['id']} ({v['impact']}) {v['help']}: {v['targets']}"
                      for v in result["violations"]]
    assert found == [], "\n".join(found)


#: A lesson's parts that a player reads or taps after a move: all on screen at once (N5).
IN_VIEW = ("#lesson-goal", "#lesson-message", "#lesson-next")


def test_n5_a_lesson_fits_every_screen_size_with_no_layout_problem(page):
    """B8 at the phone and desktop sizes of the screen tests: no sideways scroll, 40 px squares, 40 px controls, nothing
    over the board, with a lesson open (its verdict shown) and with the invitation; the goal, the verdict
    and the next-lesson button on screen together, a phone on its side included."""
    from tests.browser.pages import SIZES
    from tests.browser.test_screens import LAYOUT_PROBLEMS

    problems = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        settle(page)
        problems += [f"invite {size}: {p}" for p in page.evaluate(LAYOUT_PROBLEMS)]
    page.get_by_role("button", name="Learn to play").click()
    shown_lesson(page, 1)
    tap(page, "c3")
    message(page, "")
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        settle(page)
        problems += [f"lesson {size}: {p}" for p in page.evaluate(LAYOUT_PROBLEMS)]
        problems += [f"lesson {size}: {part} off screen" for part in page.evaluate(
            """(parts) => parts.filter((s) => { const r = document.querySelector(s).getBoundingClientRect();
                return r.top < 0 || r.bottom > innerHeight || r.height === 0; })""", list(IN_VIEW))]
        if size == "640x360":
            screenshot(page, "learn-lesson-640x360-light")
    assert problems == [], "\n".join(problems)


def test_n2_the_last_lesson_is_played_to_a_win_against_easy_with_the_solver_judging(page):
    from reversi.engine.board import Board
    from reversi.engine.notation import parse_board, parse_square
    from tests.browser.pages import legal_squares

    lesson = LESSONS[-1]
    page.get_by_role("button", name="Learn to play").click()
    shown_lesson(page, 1)
    page.locator("#lesson summary").click()
    page.locator("#lesson-list button").nth(len(LESSONS) - 1).click()
    shown_lesson(page, len(LESSONS))
    _, wrong = right_and_wrong(len(LESSONS))
    tap(page, wrong)
    said = message(page, "")
    assert said.startswith(f"{wrong} would let the win slip")
    for _ in range(12):
        wait_until(page, """() => document.getElementById('lesson-message').className.includes('done')
            || [...document.querySelectorAll('[role=gridcell]')].some((c) => c.getAttribute('aria-label').includes('legal move'))""",
                               timeout=30_000)
        if "done" in page.locator("#lesson-message").get_attribute("class"):
            break
        board = Board(*parse_board(board_text(page) + " X"))
        right = next(s for s in legal_squares(page) if judge(lesson, board, parse_square(s)).right)
        tap(page, right)
    said = page.locator("#lesson-message").inner_text()
    assert "You won" in said and said.endswith("Lesson done."), said
