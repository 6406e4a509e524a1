"""item 6, and B8: the page at every issue-11 size, light and dark, in play,
at game over (the result card) and with the menu open; a screenshot of each.

At each size and scheme the layout is checked (B8: no horizontal scroll, squares of
at least 40 px, buttons at least 40 px tall, nothing sticking out sideways, nothing
over the board but the menu sheet; axe's colour-contrast rule; at game over the result
card's New game and Review on screen), and what is in the
viewport without scrolling goes into a table per state, printed and written to
test-output/viewport-table-STATE.txt. Screenshots: test-output/screen-STATE-SIZE-SCHEME.png.
The context asks for reduced motion, so that every picture is still (no flip, no pop).
"""

from __future__ import annotations

import pytest

from build_tools.downloads import fetch_axe
from tests.browser.pages import (
    SHOTS,
    SIZES,
    WIPE_OUT,
    choose,
    close_menu,
    in_viewport,
    legal_squares,
    open_game,
    open_menu,
    play,
    screenshot,
    settle,
    tap,
    tool,
    wait_for_human_turn,
    wait_until,
)

SCHEMES = ("light", "dark")
LAYOUT_PROBLEMS = """() => {
    const problems = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > window.innerWidth)
        problems.push(`horizontal scroll: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    for (const cell of document.querySelectorAll('[role=gridcell]')) {
        const r = cell.getBoundingClientRect();
        if (r.width < 40 || r.height < 40) {
            problems.push(`${cell.dataset.square} is ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
            break;
        }
    }
    const board = document.getElementById('board-wrap').getBoundingClientRect();
    const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const parts = 'button, select, summary, .top, .scores, .score, .message, .hint, .celebration, .card, .toolbar, .banner';
    // beside the board, what scrolls past the side column's top fades out: nothing may start there unscrolled
    const dock = document.querySelector('.dock');
    const fade = dock && dock.scrollTop === 0 && getComputedStyle(dock).maskImage.match(/([\\d.]+)px\\)$/);
    const fadeEnd = fade ? dock.getBoundingClientRect().top + parseFloat(fade[1]) : null;
    for (const el of document.querySelectorAll(parts)) {
        if (!visible(el)) continue;
        const r = el.getBoundingClientRect();
        const name = el.id || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 20) || el.className;
        if (el.matches('button, select, summary') && r.height < 40)
            problems.push(`${name} is ${r.height.toFixed(1)} px tall`);
        if (el.matches('button') && el.scrollWidth > el.clientWidth + 0.5)
            problems.push(`${name}'s words are cut: ${el.scrollWidth} px in ${el.clientWidth}`);
        if (fadeEnd !== null && el.closest('.dock') && r.top < fadeEnd - 0.5)
            problems.push(`${name} is under the side column's fade, unscrolled`);
        const scrolled = el.closest('.table-wrap, .moves');  // a table or the move strip: they scroll in their own box
        if (!scrolled && (r.right > vw + 0.5 || r.left < -0.5)) problems.push(`${name} sticks out sideways`);
        const inMenu = el.closest('#menu');  // the sheet is over the page by design
        const overlap = r.right > board.left + 0.5 && board.right > r.left + 0.5
            && r.bottom > board.top + 0.5 && board.bottom > r.top + 0.5;
        if (overlap && !inMenu) problems.push(`${name} overlaps the board`);
    }
    return problems;
}"""

CONTRAST = """async () => {
    const r = await axe.run(document, {runOnly: ['color-contrast'], resultTypes: ['violations']});
    return r.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.any.map((a) => a.message).join('; ')}`));
}"""

#: What the tables report for each state: a name and a locator maker.
BAR = "navigation"
COMMON = {
    "scores": lambda pg: pg.get_by_role("region", name="Score"),
    "turn": lambda pg: pg.locator("#turn"),
    "board": lambda pg: pg.get_by_role("grid", name="Board"),
    **{name: (lambda n: lambda pg: pg.get_by_role(BAR, name="Game controls").get_by_role("button", name=n, exact=True))(name)
       for name in ("Undo", "Redo", "New game", "Hint", "Menu")},
    "Pause": lambda pg: pg.get_by_role("button", name="Pause", exact=True),
    "message": lambda pg: pg.locator("#message"),
}
#: What must be on screen, with no scrolling, at every size: at a game's end, the result card's
#: first actions (a phone on its side hides the move list for them, as a short upright one does).
ON_SCREEN = {"gameover": ("card:New game", "card:Review")}
EXTRA = {
    "play": {},
    "gameover": {
        "card": lambda pg: pg.locator("#result"),
        **{f"card:{name}": (lambda n: lambda pg: pg.locator("#result").get_by_role("button", name=n, exact=True))(name)
           for name in ("New game", "Review", "Analyse", "Copy transcript")},
    },
    "menu": {
        "sheet-head": lambda pg: pg.locator("#menu .sheet-head"),
        "Close": lambda pg: pg.get_by_role("button", name="Close the menu"),
        "Opponent": lambda pg: pg.get_by_role("dialog", name="Menu").get_by_role("group", name="Opponent"),
    },
}


def in_view_table(pg, state: str, size: str) -> str:
    """Returns one table line: in or OUT for each of the state's controls, and the scroll left."""
    controls = {**COMMON, **EXTRA[state]}
    cells = []
    for name, make in controls.items():
        locator = make(pg)
        cells.append(f"{'in' if locator.count() and in_viewport(pg, locator) else 'OUT':<{max(len(name), 3)}}")
    scroll = pg.evaluate("document.documentElement.scrollHeight - innerHeight")
    return f"{size:<10} " + " ".join(cells) + f"  {'none' if scroll <= 0 else f'{scroll} px'}"


def table_head(state: str) -> str:
    controls = {**COMMON, **EXTRA[state]}
    return f"{'size':<10} " + " ".join(f"{name:<3}" for name in controls) + "  scroll"


def shoot_every_size(pg, state: str, axe_source: str, problems: dict[str, list[str]]) -> None:
    """Screenshots the page at every size in light and dark, adds the layout problems of
    each size to ``problems`` and writes the state's in-viewport table."""
    lines = [table_head(state)]
    if not pg.evaluate("typeof window.axe === 'object'"):
        pg.evaluate(axe_source)
    for size, viewport in SIZES.items():
        pg.set_viewport_size(viewport)
        for scheme in SCHEMES:
            pg.emulate_media(color_scheme=scheme)
            pg.evaluate("window.scrollTo(0, 0)")
            settle(pg)
            found = pg.evaluate(LAYOUT_PROBLEMS) + [f"low contrast: {p}" for p in pg.evaluate(CONTRAST)]
            problems[size] += [f"{state} {scheme}: {p}" for p in found]
            problems[size] += [f"{state} {scheme}: {name} off screen" for name in ON_SCREEN.get(state, ())
                               if not in_viewport(pg, EXTRA[state][name](pg))]
            screenshot(pg, f"screen-{state}-{size}-{scheme}")
        lines.append(in_view_table(pg, state, size))
    pg.set_viewport_size(SIZES["360x640"])
    pg.emulate_media(color_scheme="light")
    text = "\n".join(lines)
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / f"viewport-table-{state}.txt").write_text(text + "\n")
    print(f"\nIn the viewport without scrolling, {state}:\n{text}")


@pytest.fixture(scope="module")
def screens(browser, base_url) -> dict[str, list[str]]:
    """Plays once through the three states, shooting every size in each (in a context that
    asks for reduced motion: still pictures); returns the layout problems by size."""
    ctx = browser.new_context(viewport=SIZES["360x640"], reduced_motion="reduce")
    problems: dict[str, list[str]] = {size: [] for size in SIZES}
    try:
        pg = ctx.new_page()
        open_game(pg, base_url)
        axe_source = fetch_axe().read_text()
        tap(pg, "d3")
        wait_for_human_turn(pg)
        tap(pg, legal_squares(pg)[0])
        wait_for_human_turn(pg)
        shoot_every_size(pg, "play", axe_source, problems)
        open_menu(pg)
        shoot_every_size(pg, "menu", axe_source, problems)
        close_menu(pg)
        choose(pg, "Opponent", "Two players")  # applies from the next game
        tool(pg, "New game").click()
        wait_until(pg, "() => document.querySelector('#status').textContent.includes('two players')")
        play(pg, WIPE_OUT)
        pg.get_by_role("region", name="Black wins").wait_for(state="visible")
        shoot_every_size(pg, "gameover", axe_source, problems)
    finally:
        ctx.close()
    return problems


@pytest.mark.parametrize("size", [
    *(s for s in SIZES if s != "640x360"),
    "640x360",
])
def test_b8_screens_in_play_at_game_over_and_with_the_menu(screens, size):
    assert screens[size] == [], "\n".join(screens[size])
