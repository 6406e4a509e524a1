"""Learn from your own games (N6, N8, V1): a review opened while the analysis still runs
marks what it found so far and follows it to the end; every variant's mistakes are
retried in their own rules with their own verdicts; a game between two players says
whose each mistake was, in every language."""

from __future__ import annotations

import pytest

from reversi.app import wording
from reversi.app.mistakes.book import position, retry_board
from reversi.app.mistakes.views import listing
from reversi.engine.board import Board
from reversi.engine.endgame import solve_all
from reversi.engine.evaluate import for_variant
from reversi.engine.notation import parse_board, square_name
from reversi.engine.variants import ANTI, CENTRE, FREE
from tests.sessions import Storage, Tab
from tests.test_mistake_views import marked
from tests.test_mistakes import KNOWN, MOVES, START, squares


def play_known_game(tab: Tab, variant: str | None = None) -> dict:
    """Plays the known game between two players from its set-up position (in
    ``variant``, when given), without analysing it."""
    if variant is not None:
        tab.call("set_setting", name="variant", value=variant)
    tab.call("setup_play", board=START, mode="local")
    for square in [MOVES[i:i + 2] for i in range(0, len(MOVES), 2)]:
        tab.call("place", square=square, token=tab.snap["token"])
    assert tab.snap["result_card"] and tab.snap["mistakes"]["due"]
    return tab.snap


def test_a_review_opened_before_the_analysis_ends_marks_what_is_found_and_follows_it():
    """N6: the review shows the mistakes found so far and that the analysis goes on; each
    step sends the open review again, marked anew, until every mistake is marked."""
    tab = Tab(Storage())
    tab.load()
    play_known_game(tab)
    for _ in range(4):  # placements 1-4: the first mistake (move 4) is found
        tab.call("mistakes_step")
    review = tab.call("review", source="current")["review"]
    assert review["record"] and list(marked(review)) == [4]
    assert marked(review)[4] == (8, "3. Black a8, mistake: lost 8")
    listed = review["mistakes"]
    assert listed["progress"] == "Looking for mistakes: 4 of 13 placements"
    assert not listed["accuracy"] and not listed["none"] and not listed["retry_count"]
    reply = tab.call("mistakes_step")  # the analysis goes on while the review is open
    update = reply["review_update"]
    assert update["record"] == review["record"] and sorted(marked(update)) == [4, 5]
    assert marked(update)[4] == (8, "3. Black a8, mistake: lost 8")  # marked once, not twice
    assert update["mistakes"]["progress"] == "Looking for mistakes: 5 of 13 placements"
    while reply["mistakes"]["due"]:
        reply = tab.call("mistakes_step")
    update = reply["review_update"]
    assert sorted(marked(update)) == [n for n, *_ in KNOWN]
    assert update["mistakes"]["accuracy"] and not update["mistakes"]["progress"]
    assert update["mistakes"]["retry_count"] == len(KNOWN)
    assert "review_update" not in tab.call("snapshot")  # nothing new: nothing sent again
    tab.call("close_review")
    assert "review_update" not in tab.call("snapshot")


def variant_losses(variant: str) -> list[tuple[int, str, str, float]]:
    """Returns the known game's placements that lose at least 4 discs in ``variant``, by
    the solver alone: (move number, played, the best moves, discs lost)."""
    board, out = Board(*parse_board(START), variant=variant), []
    for number, square in enumerate(squares(MOVES), 1):
        values = solve_all(*board.mover_mask(), evaluator=for_variant(variant), variant=variant)
        top = max(values.values())
        if top - values[square] >= 4:
            bests = frozenset(square_name(s) for s, v in values.items() if v == top)
            out.append((number, square_name(square), bests, float(top - values[square])))
        board.play(square)
    return out


@pytest.mark.parametrize("variant", [ANTI, FREE])
def test_a_variant_games_mistakes_are_retried_in_its_rules_with_its_verdicts(variant):
    """N8, V1: the retry opens in the game's variant; the move played is wrong and the
    best is right by that variant's values; the tagged retries survive a reload."""
    storage = Storage()
    tab = Tab(storage)
    tab.load()
    play_known_game(tab, variant)
    while tab.snap["mistakes"]["due"]:
        tab.call("mistakes_step")
    expected = variant_losses(variant)
    card = tab.snap["mistakes"]["card"]
    assert [(r["move"], r["played"], r["cost"]) for r in card["rows"]] == [(n, p, c) for n, p, _, c in expected]
    assert all(r["best"] in bests for r, (_, _, bests, _) in zip(card["rows"], expected))
    assert tab.snap["mistakes"]["retry_count"] == len(expected)
    shown = tab.call("mistake_retry", which="next", today="2026-03-01")["puzzle"]
    move, played, _, _ = expected[0]
    best = card["rows"][0]["best"]
    assert shown["mistake"].startswith(f"{variant}:") and str(move) in shown["words"]["title"]
    assert wording.variant_name(variant) in shown["words"]["title"]
    assert tab.bridge.room("puzzles").board.variant == variant
    wrong = tab.call("puzzle_tap", square=played, today="2026-03-01")["puzzle"]
    assert wrong["phase"] == "wrong"
    tab.call("puzzle_retry")
    right = tab.call("puzzle_tap", square=best, today="2026-03-01")["puzzle"]
    assert right["phase"] == "right"
    tab.call("puzzle_close")
    again = Tab(storage, "again")
    assert again.load()["mistakes"]["retry_count"] == len(expected) and not again.snap["notices"]


def test_an_anti_reversi_retry_judges_by_fewer_discs():
    """V1, N8: the same position's best move differs between the rules; the verdict is the
    variant's (a move is right when it loses less than 4 discs against the best)."""
    assert variant_losses(ANTI) != variant_losses("standard")


def test_a_free_opening_position_is_retried_with_the_free_openings_placements():
    """V1: a mistake among the first four placements of a free opening retries on the
    centre squares, which flip nothing."""
    board = "-" * 27 + "X" + "-" * 36 + " O"  # Black on d4: White places on e4, d5 or e5
    retried = retry_board(position(board, FREE))
    assert retried.variant == FREE
    assert sorted(retried.legal_moves()) == [s for s in range(64) if CENTRE >> s & 1 and s != 27]
    assert position(board) == board  # a standard one is the bare board string


def test_a_two_player_games_mistakes_say_whose_they_were_in_every_language():
    """N6: between two players each row names its side (Black, White); against the
    computer they are all the person's and say nothing more."""
    rows = [(4, "black", "a8", "d1", 8.0, True), (5, "white", "b7", "e2", 6.4, False)]
    for code in wording.CODES:
        wording.speaking(code)
        try:
            both = listing("local", rows, "")["rows"]
            alone = listing("computer", rows, "")["rows"]
            assert both[0]["text"].startswith(wording.say("color.black"))
            assert both[1]["text"].startswith(wording.say("color.white"))
            assert [row["text"] for row in alone] == [
                wording.say("mistakes.row", 8, move=4, played="a8", best="d1"),
                wording.say("mistakes.row_estimate", 6, move=5, played="b7", best="e2")]
            assert all(alone_row["text"] in row["text"] for alone_row, row in zip(alone, both))
        finally:
            wording.speaking(wording.DEFAULT)
