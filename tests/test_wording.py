"""The words the page shows (B7, B9, P2, P3): every sentence comes from
reversi.app.wording, so the rules are tested on event values elsewhere and the
English is tested here, once per event kind, for each way a game names its players
("You" and "Computer" against the computer, the colours in a local game).

The expected sentences are the ones the page showed before the words moved to Python (the session
then wrote them itself); the wording was kept identical.
"""

from __future__ import annotations

import inspect
import json

import pytest

from reversi.app import page_events as app_ev
from reversi.app import wording
from reversi.app.wording import Words
from reversi.app.wording.catalog import table
from reversi.engine.board import BLACK, WHITE, Board, Outcome
from reversi.engine.notation import IllegalMoveError, NotationError, parse_square
from reversi.game import events as ev
from reversi.game.play import Game
from reversi.game.stars import STAR_IDS
from tests.sessions import WIN_SHORT, Seeded, Storage, Tab, replay

D3, A1 = parse_square("d3"), parse_square("a1")
AS_BLACK = Words(Game("computer", "black", "normal"))
AS_WHITE = Words(Game("computer", "white", "hard"))
LOCAL = Words(Game("local"))


def every_event_class() -> list[type]:
    """Returns every event class the game and the app define."""
    found = []
    for module in (ev, app_ev):
        found += [c for _, c in inspect.getmembers(module, inspect.isclass)
                  if issubclass(c, ev.Event) and c is not ev.Event and c.__module__ == module.__name__]
    return found


#: One example of each event kind and what the page says for it, against the
#: computer as Black, against it as White, and in a local game.
SENTENCES = [
    (ev.Placed(BLACK, D3, 1, "human"), "You play d3, flipping 1 disc.", "Computer plays d3, flipping 1 disc.",
     "Black plays d3, flipping 1 disc."),
    (ev.Placed(WHITE, D3, 3, "computer"), "Computer plays d3, flipping 3 discs.",
     "You play d3, flipping 3 discs.", "White plays d3, flipping 3 discs."),
    (ev.Placed(BLACK, D3, 2, "clock"), "Time is up: a random move is played. You play d3, flipping 2 discs.",
     "Time is up: a random move is played. Computer plays d3, flipping 2 discs.",
     "Time is up: a random move is played. Black plays d3, flipping 2 discs."),
    (ev.Passed(BLACK), "You have no legal move and pass.", "Computer has no legal move and passes.",
     "Black has no legal move and passes."),
    (ev.Passed(WHITE), "Computer has no legal move and passes.", "You have no legal move and pass.",
     "White has no legal move and passes."),
    (ev.GameOver(40, 24, BLACK), "Game over. Black wins 40–24. You win.", "Game over. Black wins 40–24. You lose.",
     "Game over. Black wins 40–24."),
    (ev.GameOver(13, 0, BLACK), "Game over. Black wins 13–0. You win.", "Game over. Black wins 13–0. You lose.",
     "Game over. Black wins 13–0."),
    (ev.GameOver(20, 44, WHITE), "Game over. White wins 20–44. You lose.",
     "Game over. White wins 20–44. You win.", "Game over. White wins 20–44."),
    (ev.GameOver(32, 32, None), "Game over. Draw, 32–32.", "Game over. Draw, 32–32.", "Game over. Draw, 32–32."),
    (ev.StarEarned("opening"), "Star earned: Opening!", "Star earned: Opening!", "Star earned: Opening!"),
    (ev.StarEarned("fresh-wins"),) + ("Star earned: Three fresh wins!",) * 3,
    (ev.PracticeMarked(), "", "", ""),  # Undo and Restart say it
    (ev.Refused("stale"),) + ("That tap was for an earlier position; nothing changed.",) * 3,
    (ev.Refused("paused"),) + ("The game is paused. Resume to play.",) * 3,
    (ev.Refused("over"),) + ("Game over.",) * 3,
    (ev.Refused("computer_turn"),) + ("Wait for the computer's move.",) * 3,
    (ev.Refused("illegal", A1),) + ("a1 is not a legal move.",) * 3,
    (ev.Refused("nothing_to_undo"),) + ("Nothing to undo.",) * 3,
    (ev.Refused("nothing_to_redo"),) + ("Nothing to redo.",) * 3,
    (ev.Refused("elsewhere"),) + ("This game continues in another tab. Take it over to play here.",) * 3,
    (ev.Undone(), "Move taken back. This attempt is now practice.",
     "Move taken back. This attempt is now practice.", "Move taken back."),
    (ev.Redone(),) + ("Move replayed.",) * 3,
    (ev.Restarted(),) + ("Restarted from the opening. This attempt is now practice.",) * 3,
    (ev.NewGame("computer", "white", "hard"),) + ("New game: you play White against Hard.",) * 3,
    (ev.NewGame("local", "black", "normal"),) + ("New game: two players on this screen.",) * 3,
    (ev.Paused(""),) + ("Paused.",) * 3,
    (ev.Paused("hidden"),) + ("Paused. The page was hidden.",) * 3,
    (ev.Paused("review"),) + ("Paused. Reviewing a game.",) * 3,
    (ev.Resumed(),) + ("Resumed.",) * 3,
    (ev.SettingChanged("legal_dots", False),) + ("Legal move dots off.",) * 3,
    (ev.SettingChanged("legal_dots", True),) + ("Legal move dots on.",) * 3,
    (ev.SettingChanged("sound", True),) + ("Sound on.",) * 3,
    (ev.SettingChanged("swap_sides", True),) + ("Swap sides after each game on.",) * 3,
    (ev.SettingChanged("move_clock", 30),) + ("Move clock: 30 seconds per move.",) * 3,
    (ev.SettingChanged("move_clock", 0),) + ("Move clock off.",) * 3,
    (ev.SettingChanged("level", "hard", now=False),) + ("Level: Hard. It applies from the next new game.",) * 3,
    (ev.SettingChanged("side", "white", now=False),) + ("Side: White. It applies from the next new game.",) * 3,
    (ev.SettingChanged("mode", "local", now=False),)
    + ("Opponent: Two players. It applies from the next new game.",) * 3,
    (ev.ClockWarning(10),) + ("10 seconds left to move.",) * 3,
    (ev.ClockWarning(5),) + ("5 seconds left to move.",) * 3,
    (ev.HistoryCleared(),) + ("Results history cleared. Your stars are kept.",) * 3,
    (app_ev.Imported(14),) + ("Imported a game of 14 moves; it opens in review.",) * 3,
    (app_ev.ReviewClosed(),) + ("Back to the game.",) * 3,
    (app_ev.AnalysisStarted("This game"),) + ("Analysing: This game…",) * 3,
    (app_ev.AnalysisFinished(),) + ("Analysis finished.",) * 3,
    (app_ev.Adopted(),) + ("This game was continued in another tab; it is shown here as it stands.",) * 3,
    (app_ev.Elsewhere(),) + ("This game continues in another tab.",) * 3,
    (app_ev.TakenOver(),) + ("You took the game over in this tab.",) * 3,
]


@pytest.mark.parametrize("event, as_black, as_white, local", SENTENCES,
                         ids=[f"{type(row[0]).__name__}-{n}" for n, row in enumerate(SENTENCES)])
def test_b7_each_event_is_said_from_the_players_side(event, as_black, as_white, local):
    """B7: the sentence of each event kind, as the person playing Black or White against
    the computer and in a local game."""
    assert AS_BLACK.sentence(event) == as_black
    assert AS_WHITE.sentence(event) == as_white
    assert LOCAL.sentence(event) == local


def test_b7_every_event_kind_has_its_sentence_here():
    """B7: the table above covers every event class of the game and the app, and only
    the practice mark is silent (Undo and Restart already say it)."""
    covered = {type(row[0]) for row in SENTENCES}
    assert covered == set(every_event_class())
    assert {type(row[0]) for row in SENTENCES if not row[1]} == {ev.PracticeMarked}


def test_b7_every_refusal_reason_and_star_has_words():
    """B7, S: every reason a command is refused for and every star has words."""
    reasons = {e.reason for e, *_ in SENTENCES if isinstance(e, ev.Refused)}
    assert reasons == {key.split(".")[1] for key in table("en") if key.startswith("refusal.")}
    for star in STAR_IDS:
        name, how = wording.star_name(star), wording.star_how(star)
        assert AS_BLACK.sentence(ev.StarEarned(star)) == f"Star earned: {name}!" and how.endswith(".")


@pytest.mark.parametrize("flips, text", [(1, "flipping 1 disc."), (2, "flipping 2 discs."),
                                         (18, "flipping 18 discs.")])
def test_flips_are_counted_in_words(flips, text):
    """B7: one disc, several discs."""
    assert AS_BLACK.sentence(ev.Placed(BLACK, D3, flips, "human")).endswith(text)


# -- the live region and the status line ------------------------------------------------
def test_b7_an_announcement_is_its_events_then_the_status_line():
    """B7: the live region says what the command did, then whose move it is; nothing
    for a command that did nothing; a finished game ends with its result, not the
    status line, unless the status is asked for (load, back to the game)."""
    placed = [ev.Placed(BLACK, D3, 1, "human"), ev.StarEarned("opening")]
    assert wording.announcement(AS_BLACK, placed, "Computer is thinking…") == \
        "You play d3, flipping 1 disc. Star earned: Opening! Computer is thinking…"
    assert wording.announcement(AS_BLACK, [], "Your move") == ""
    assert wording.announcement(AS_BLACK, [ev.PracticeMarked()], "Your move") == ""
    assert wording.announcement(AS_BLACK, [], "Your move", always=True) == "Your move"
    over = [ev.Placed(BLACK, D3, 5, "human"), ev.GameOver(17, 0, BLACK)]
    assert wording.announcement(AS_BLACK, over, "Game over. Black wins 17–0.") == \
        "You play d3, flipping 5 discs. Game over. Black wins 17–0. You win."
    assert wording.announcement(LOCAL, [ev.Placed(WHITE, D3, 1, "human"), ev.Passed(BLACK)], "White to move") == \
        "White plays d3, flipping 1 disc. Black has no legal move and passes. White to move"


@pytest.mark.parametrize("game, moves, paused, human, status", [
    (Game("computer"), "", False, True, "Your move"),
    (Game("computer"), "", False, False, "Computer is thinking…"),
    (Game("computer"), "", True, False, "Paused"),
    (Game("local"), "", False, True, "Black to move"),
    (Game("local"), "f5", False, True, "White to move"),
    (Game("local"), "f5", True, False, "Paused"),
    (Game("computer"), WIN_SHORT, True, False, "Game over. Black wins 17–0."),
])
def test_b7_the_status_line(game, moves, paused, human, status):
    """B7: whose move it is, paused, or the result (which wins over paused)."""
    for square in replay(moves).placements():
        game.line.play(square)
    assert wording.status_line(game, paused=paused, human_to_move=human) == status


def test_b7_the_bridge_announces_in_these_words():
    """B7: what the page's live region gets from the bridge is these sentences: a
    placement with its star and the status line; a refusal; the load's status."""
    tab = Tab(Storage(), player=Seeded())
    assert tab.load()["announce"] == "Your move"
    reply = tab.call("place", square="d3", token=tab.snap["token"])
    assert reply["announce"] == "You play d3, flipping 1 disc. Star earned: Opening! Computer is thinking…"
    reply = tab.call("place", square="a1", token=reply["token"])
    assert reply["announce"] == "Wait for the computer's move. Computer is thinking…"
    reply = tab.call("pause", reason="hidden")
    assert reply["announce"] == "Paused. The page was hidden."  # the status line would say it again
    assert tab.call("tick", ms=1000)["announce"] == ""


# -- review, history, statistics, analysis ---------------------------------------------------
def test_b7_review_frames_say_each_placement_and_pass():
    """B7: a review frame says the placement it shows, any pass it caused and the end."""
    board = Board()
    assert wording.frame_text(0, None, None) == "Opening position. Black to move."
    short = "e6f6g6e3e2f2c3d2e1c2g1b4b2a5"  # White passes after b2; a5 ends it 18-0
    texts = []
    for ply, square in enumerate(replay(short).placements(), 1):
        board.play(square)
        texts.append(wording.frame_text(ply, board.steps[-1], board.outcome()))
    assert texts[0] == "Move 1: Black plays e6, flipping 1 disc."
    flips = board.steps[12].flips.bit_count()
    assert texts[12] == (f"Move 13: Black plays b2, flipping {flips} disc{'s' if flips != 1 else ''}. "
                         "White has no legal move and passes.")
    assert texts[13].startswith("Move 14: Black plays a5, ") and texts[13].endswith(
        " Game over. Black wins 18–0.")


RECORD = {"attempt": 1, "date": "2026-01-31T10:00:00+00:00", "mode": "computer", "level": "normal",
          "side": "white", "result": "win", "black": 21, "white": 43, "practice": False, "challenge": True,
          "duration_ms": 0}


@pytest.mark.parametrize("changes, words", [
    ({}, {"game": "Normal, as White", "result": "Win", "score": "21–43", "kind": "Challenge"}),
    ({"challenge": False, "practice": True}, {"game": "Normal, as White", "result": "Win", "score": "21–43",
                                              "kind": "Practice"}),
    ({"result": "loss", "challenge": False, "level": "expert", "side": "black"},
     {"game": "Expert, as Black", "result": "Loss", "score": "21–43", "kind": "—"}),
    ({"result": "draw", "challenge": False, "black": 32, "white": 32},
     {"game": "Normal, as White", "result": "Draw", "score": "32–32", "kind": "—"}),
    ({"mode": "local", "result": "white", "challenge": False},
     {"game": "Two players", "result": "White won", "score": "21–43", "kind": "Local"}),
    ({"mode": "local", "result": "black", "challenge": False, "black": 40, "white": 24},
     {"game": "Two players", "result": "Black won", "score": "40–24", "kind": "Local"}),
])
def test_b9_a_results_history_line_in_words(changes, words):
    """B9, A4: a history line names the game, the result, the score and its kind."""
    assert wording.history_words({**RECORD, **changes}) == words


def test_titles_and_labels():
    """The titles of reviews and statistics rows, and the game a New announces."""
    assert wording.history_title(RECORD) == "Game of 2026-01-31"
    assert wording.watch_title("hard", "expert") == "Hard (Black) against Expert (White)"
    assert wording.stats_label("easy", "white") == "Easy, as White"
    assert wording.stats_label("local", "") == "Two players (Black's view)"
    assert wording.describe_game("computer", "black", "easy") == "you play Black against Easy"
    assert wording.describe_game("local", "white", "hard") == "two players on this screen"
    assert wording.result_text(Outcome(30, 30)) == "Draw, 30–30."


def test_analysis_in_words():
    """The analysis's text alternative: the start and end values, each placement that
    lost ground with the best move, or that none did."""
    plies = [{"value": 0.4, "exact": False}, {"value": -2.0, "exact": True}, {"value": -6.0, "exact": True}]
    marked = [{"ply": 1, "mover": "white", "played": "c4", "loss": 1, "exact": True, "best": "e3"},
              {"ply": 0, "mover": "black", "played": "f5", "loss": 3.5, "exact": False, "best": "d3"}]
    assert wording.analysis_lines(plies, marked, finished=True) == [
        "Start: expected 0 for Black (estimate).",
        "Move 2, White c4: lost 1 disc (exact); best was e3.",
        "Move 1, Black f5: lost 3.5 discs (estimate); best was d3.",
        "End: -6 for Black."]
    assert wording.analysis_lines(plies[:1], [], finished=False) == ["Start: expected 0 for Black (estimate)."]
    assert wording.analysis_lines([{"value": 18, "exact": True}], [], finished=True) == [
        "Start: expected +18 for Black (exact).", "End: +18 for Black.", "No placement lost ground."]
    assert [wording.signed(v) for v in (6.4, 0.2, -0.4, -3)] == ["+6", "0", "0", "-3"]


# -- notices (P2, P3) ----------------------------------------------------------------------
def test_p2_the_storage_notice_gives_the_reason_when_known():
    """P2: the notice that progress is not saved names the reason when the page knows it."""
    assert wording.storage_failed("full") == \
        "Progress is not being saved in this browser (storage is full); you can keep playing."
    assert wording.storage_failed("") == "Progress is not being saved in this browser; you can keep playing."


def test_p3_the_damage_notice_names_every_dropped_part():
    """P3: each reader code has words, and the notice lists the dropped parts in order."""
    assert wording.dropped([("moves_after", 5), ("setting", "level"), ("history_lines", 13), ("clock", None)]) == (
        "Some saved data was damaged and was dropped: the moves after move 5, setting level, "
        "13 results-history line(s), the active time.")
    for key, text in table("en").items():
        if key.startswith("dropped."):
            said = wording.dropped([(key.split(".", 1)[1], "x")])
            assert said.startswith("Some saved data was damaged and was dropped: ") and said.endswith(".")
            assert text.replace("{detail}", "x") in said
    assert wording.unreadable() == "Your saved game could not be read, so a new one was started."
    assert wording.newer().startswith("This save comes from a newer version of the game")


def test_r6_a_pasted_transcript_that_cannot_be_opened_says_why():
    """R6: the engine's error (naming the move and the character) in a sentence."""
    with pytest.raises(NotationError) as bad:
        Board.replay("e6z9")
    assert wording.transcript_problem(bad.value) == \
        "That transcript cannot be opened: move 2 at character 3: “z9” is not a square (a1-h8)."
    with pytest.raises(IllegalMoveError) as illegal:
        Board.replay("e6a1")
    assert "move 2 at character 3" in wording.transcript_problem(illegal.value)
    assert wording.transcript_problem(None) == "That transcript has no moves."


def test_b9_the_result_card_and_the_announcement_use_the_same_words():
    """B9, B7: a finished game's result card, status line and announcement say the
    result in the same words (and against the computer, whether the person won)."""
    tab = Tab(Storage(), player=Seeded())
    tab.load()
    tab.call("set_setting", name="mode", value="local")
    *_, last = (WIN_SHORT[i:i + 2] for i in range(0, len(WIN_SHORT), 2))
    tab.play(*(WIN_SHORT[i:i + 2] for i in range(0, len(WIN_SHORT) - 2, 2)))
    reply = tab.play(last)
    assert reply["result"] == {"winner": "black", "black": 17, "white": 0, "text": "Black wins 17–0."}
    assert reply["status"] == "Game over. Black wins 17–0."
    assert reply["announce"].startswith(f"Black plays {last}, flipping ")
    assert reply["announce"].endswith("Game over. Black wins 17–0. Star earned: Completion!")
    json.dumps(reply)
