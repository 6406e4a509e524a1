"""C8 on the page: the player's rating in the menu's statistics and Play at my level beside
the levels (B7, B8, L1, L4).

A rated game (the computer, the usual start, no Undo or hints) moves the rating from "No
rated game yet" to a number, provisional, with its history as a graph whose accessible name
says it; a reload keeps it. "My level" says which rung it plays and that rung's rating, and
the next new game is played there (the game line names it). Every level lists each rung with
its rating. Two tabs each finishing one rated game both count the two games once each. The
rating is read from the menu's words and the graph's accessible name, never from storage.
Screenshots of the level chooser and the rating graph at phone and desktop size, light and
dark, land in test-output/.
"""

from __future__ import annotations

import re

from reversi.app.rating.ledger import Game, Ledger
from reversi.engine.ladder import RATINGS, RUNG_NAMES
from tests.browser.pages import (
    DESKTOP,
    PHONE,
    READY,
    close_menu,
    legal_squares,
    open_game,
    open_menu,
    screenshot,
    settle,
    status,
    tap,
    tool,
    wait_for_human_turn,
    wait_until,
)

NONE_YET = "No rated game yet"
#: The rung the rated games are played against: any rung rates, and Easy's one-ply replies are the quickest.
QUICK = "Easy"
#: A rating in words: the value and its deviation, the language's digit groups (English here).
NUMBER = r"-?\d{1,3}(?:,\d{3})*"


def rating_text(pg) -> str:
    """Returns the rating as the menu's statistics say it (the menu is opened to read it)."""
    open_menu(pg)
    text = pg.locator("#rating-text").inner_text()
    close_menu(pg)
    return text


def rating_says(pg, pattern: str, timeout: float = 30_000) -> str:
    """Waits until the rating's words match ``pattern`` (a regular expression) and returns them."""
    wait_until(pg, "(p) => new RegExp(p).test(document.getElementById('rating-text').textContent)", arg=pattern,
               timeout=timeout)
    return pg.locator("#rating-text").text_content() or ""


def graph(pg):
    """Returns the rating's graph as a player's assistive technology finds it: an image."""
    return pg.locator("#menu").get_by_role("img", name=re.compile("^Your rating over"))


def rungs_listed(pg) -> list[str]:
    """Returns the Every level list's entries ("Beginner · 0" …), weakest first."""
    return pg.locator("#menu").get_by_role("combobox", name="Every level", exact=True).locator("option").all_inner_texts()


def pick_rung(pg, name: str) -> None:
    """Chooses the rung ``name`` in the menu's Every level list and waits until the game
    line names it (no move is made yet: the level applies to this game at once)."""
    open_menu(pg)
    listed = pg.locator("#menu").get_by_role("combobox", name="Every level", exact=True)
    entry = next(text for text in rungs_listed(pg) if text.startswith(f"{name} · "))
    listed.select_option(label=entry)
    wait_until(pg, "(n) => document.getElementById('game-line').textContent.startsWith(n + ' ·')", arg=name)
    close_menu(pg)


def play_to_the_end(pg) -> None:
    """Taps the first legal square at each of the player's turns until the result card shows."""
    while "Game over" not in status(pg):
        wait_for_human_turn(pg, timeout=60_000)
        if "Game over" in status(pg):
            break
        tap(pg, legal_squares(pg)[0])
    pg.locator("#result").wait_for(state="visible")


def test_c8_a_rated_game_moves_the_rating_and_a_reload_keeps_it(page):
    """C8, B7: no rated game at first (no graph); a game against Easy from the usual
    start with no Undo or hint makes the rating a number with its deviation, provisional after 1
    of 10, and the graph an image named in words; a reload shows the same."""
    open_menu(page)
    assert page.locator("#rating-title").inner_text() == "Your rating"
    assert page.locator("#rating-text").inner_text().startswith(NONE_YET)
    assert graph(page).count() == 0 and page.locator("#rating-graph").is_hidden()
    close_menu(page)
    pick_rung(page, QUICK)
    play_to_the_end(page)
    text = rating_says(page, f"^{NUMBER} ± {NUMBER}, provisional: 1 rated game of 10$")
    open_menu(page)
    named = graph(page)
    named.wait_for(state="visible")
    label = named.get_attribute("aria-label")
    assert re.fullmatch(f"Your rating over your last rated game, from {NUMBER} to {NUMBER}", label), label
    assert label.endswith(f"to {text.split(' ±')[0]}"), (label, text)  # the graph ends at the rating
    close_menu(page)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    open_menu(page)
    assert rating_says(page, "provisional") == text
    assert graph(page).get_attribute("aria-label") == label


def test_c8_every_level_lists_each_rung_and_follows_the_level(page):
    """C7, C8: every rung of the ladder, weakest first, as "name · rating", the four named
    levels among them; the list shows the level chosen by a radio, and a rung chosen in the
    list is the level (a named one checks its radio); disabled with the radios, in a game
    between two players."""
    open_menu(page)
    listed = rungs_listed(page)
    assert [text.split(" · ")[0] for text in listed][:1] == ["Beginner"], listed
    assert len(listed) == len(RUNG_NAMES) and all(re.fullmatch(f"\\S.* · {NUMBER}", t) for t in listed), listed
    assert {"Easy", "Normal", "Hard", "Expert"} <= {t.split(" · ")[0] for t in listed}
    chooser = page.locator("#menu").get_by_role("combobox", name="Every level", exact=True)
    levels = page.locator("#menu").get_by_role("group", name="Level")
    assert chooser.locator("option:checked").inner_text().startswith("Normal · ")
    levels.get_by_label("Hard", exact=True).check()
    wait_until(page, "() => document.getElementById('game-line').textContent.startsWith('Hard ·')")
    assert chooser.locator("option:checked").inner_text().startswith("Hard · ")
    chooser.select_option(label=next(t for t in listed if t.startswith("Easy · ")))
    wait_until(page, "() => document.getElementById('game-line').textContent.startsWith('Easy ·')")
    assert levels.get_by_label("Easy", exact=True).is_checked()
    page.locator("#mode input[value=local]").check()
    wait_until(page, "() => document.getElementById('game-line').textContent.startsWith('Two players')")
    assert chooser.is_disabled() and levels.get_by_label("My level", exact=True).is_disabled()
    page.locator("#mode input[value=computer]").check()
    wait_until(page, "() => !document.getElementById('every-level').disabled")


def test_c8_my_level_says_its_rung_and_the_next_game_plays_it(page):
    """C8: "My level" says which rung it plays and its rating (Normal before any rated game,
    at Normal's rating as Every level lists it); chosen during a game at another rung, the
    game goes on there and the next new game is played at that rung; the list then shows no
    rung; another level hides the line again."""
    pick_rung(page, "Beginner")
    tap(page, "d3")
    wait_for_human_turn(page)
    open_menu(page)
    note = page.locator("#my-level")
    assert note.is_hidden()
    page.locator("#menu").get_by_role("group", name="Level").get_by_label("My level", exact=True).check()
    note.wait_for(state="visible")
    normal = next(t for t in rungs_listed(page) if t.startswith("Normal · ")).split(" · ")[1]
    assert note.inner_text() == f"At your level: Normal ({normal})"
    assert page.locator("#every-level").input_value() == ""  # My level is no rung of the list
    assert page.locator("#game-line").text_content().startswith("Beginner ·")  # this game goes on
    page.locator("#menu").get_by_role("button", name="New game", exact=True).click()
    wait_until(page, "() => document.getElementById('game-line').textContent.startsWith('Normal ·')")
    assert "New game" in status(page)
    open_menu(page)
    assert page.locator("#menu").get_by_role("group", name="Level").get_by_label("My level", exact=True).is_checked()
    assert note.inner_text() == f"At your level: Normal ({normal})"
    page.locator("#menu").get_by_role("group", name="Level").get_by_label("Expert", exact=True).check()
    note.wait_for(state="hidden")


def test_c8_p7_two_tabs_each_finishing_a_rated_game_count_both_once(context, base_url):
    """C8, P7: tab A finishes a rated game, tab B (which took that game up) starts and finishes
    the next one; once both settle, each says 2 rated games, with the same rating: neither
    game counted twice, neither lost."""
    a = context.new_page()
    open_game(a, base_url)
    b = context.new_page()
    open_game(b, base_url)
    a.bring_to_front()  # the player plays in the window in front (a hidden tab's animations wait)
    pick_rung(a, QUICK)
    play_to_the_end(a)
    rating_says(a, "provisional: 1 rated game of 10")
    rating_says(b, "provisional: 1 rated game of 10")  # B took A's game in, once
    b.bring_to_front()
    tool(b, "New game").click()
    wait_until(b, f"() => document.getElementById('game-line').textContent.startsWith('{QUICK} ·')")
    b.locator("#result").wait_for(state="hidden")
    play_to_the_end(b)
    settled = "provisional: 2 rated games of 10$"
    texts = [rating_says(pg, settled) for pg in (a, b)]
    for pg in (a, b):
        wait_for_human_turn(pg)
    assert [rating_text(pg) for pg in (a, b)] == texts
    assert texts[0] == texts[1], texts
    for pg in (a, b):
        pg.reload()
        pg.wait_for_selector(READY, timeout=60_000)
    assert [rating_text(pg) for pg in (a, b)] == texts


def stored_rating(games: int) -> str:
    """Returns a stored rating part of ``games`` rated games against the ladder's rungs, won
    and lost in a pattern (the part's format: docs/rating.md)."""
    ledger = Ledger()
    for n in range(games):
        rung = RUNG_NAMES[min(len(RUNG_NAMES) - 1, n // 3)]
        ledger.add(Game(f"2026-01-{n + 1:02d}T10:00:00Z#{n + 1}", rung, RATINGS[rung], (1, 1, 0.5, 0, 1)[n % 5]))
    return ledger.text()


def test_b8_l4_the_level_chooser_and_the_rating_graph_fit_and_are_pictured(page):
    """B8, L4: with 14 rated games kept, the menu's level chooser (five choices, My level's
    line, Every level) and the rating with its graph fit a phone and a desktop with no
    sideways scroll and 44 px targets, the graph filling the width; screenshots of both, light
    and dark."""
    page.evaluate("(text) => localStorage.setItem('reversi.rating', text)", stored_rating(14))
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    open_menu(page)
    page.locator("#menu").get_by_role("group", name="Level").get_by_label("My level", exact=True).check()
    page.locator("#my-level").wait_for(state="visible")
    rating_says(page, f"^{NUMBER} ± {NUMBER}$")  # 14 games: no longer provisional
    assert graph(page).get_attribute("aria-label").startswith("Your rating over your last 14 rated games, from ")
    assert page.locator("#rating-graph circle").count() == 16  # a dot a point (the start and 14 games), the last ringed
    for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        settle(page)
        problems = page.evaluate("""() => {
            const out = [];
            const menu = document.getElementById('menu').getBoundingClientRect();
            for (const el of document.querySelectorAll('#level label, #every-level, #rating-graph, #my-level, #rating-text')) {
                const r = el.getBoundingClientRect();
                if (r.left < menu.left - 0.5 || r.right > menu.right + 0.5) out.push(`${el.id || el.textContent} sticks out`);
                if (el.matches('label, select') && (r.height < 43.5 || r.width < 43.5)) out.push(`${el.id || el.textContent} is small`);
                if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.id || el.textContent} is cut`);
            }
            if (document.documentElement.scrollWidth > window.innerWidth) out.push('the page scrolls sideways');
            return out;
        }""")
        assert problems == [], (name, problems)
        graph_box = page.locator("#rating-graph").bounding_box()
        text_box = page.locator("#rating-text").bounding_box()
        assert graph_box["width"] >= min(text_box["width"], 480) - 1 and graph_box["height"] > 80, graph_box
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            for part, element in (("levels", "#level"), ("graph", "#rating")):
                page.locator(element).evaluate("(el) => el.scrollIntoView({block: 'center'})")
                settle(page)
                screenshot(page, f"rating-{part}-{name}-{scheme}")
        page.emulate_media(color_scheme="light")
    # a rung of the list that no radio names: the list shows it, no radio is checked
    page.set_viewport_size(PHONE)
    listed = page.locator("#menu").get_by_role("combobox", name="Every level", exact=True)
    listed.select_option(label=rungs_listed(page)[2])
    page.locator("#my-level").wait_for(state="hidden")
    assert page.locator("#level input:checked").count() == 0
    page.locator("#level").evaluate("(el) => el.scrollIntoView({block: 'center'})")
    settle(page)
    screenshot(page, "rating-levels-rung-phone-light")
