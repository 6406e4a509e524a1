"""The worker's requests: each method, its parameters, and what runs it.

Methods and parameters:

- ``load`` {"documents": {part: text | null}, "language": code}: starts from what is
  stored (parts ``settings``, ``game``, ``clock``, ``stars``, the history chunks, or an
  older ``legacy`` document); ``language`` is the browser's, as the page matched it to
  the languages there are (L2): the page speaks it until the player chooses one.
  ``"history_follows": true``: the history chunks are left out and come in the next
  request, ``load_history``; nothing is stored until they are read.
- ``load_history`` {"documents": {chunk: text | null}}: the history chunks of the save
  ``load`` read the rest of (a long history costs the start nothing); the
  page sends it right after ``load``'s reply, before anything else.
- ``snapshot`` {}: the current state.
- ``place`` {"square": "d3", "token": n}: a person's placement.
- ``computer_move`` {"token": n}: the computer's move for the game at ``token``.
- ``undo``, ``redo``, ``restart``, ``new``, ``resume`` {}.
- ``pause`` {"reason": "" | "hidden"}: pause, e.g. because the page was hidden.
- ``tick`` {"ms": n}: visible time that passed.
- ``set_setting`` {"name": str, "value": ...}.
- ``ponder`` {"token": n}: one slice of pondering for the game at ``token``
  (while ``ponder_due``, C4, :mod:`.pondering`); the reply is only
  ``{"ponder": more}``, whether another slice is useful: no snapshot, nothing stored.
- ``hint_step`` {"token": n}: the next step of the hints for the game at ``token``
  (while ``hints_due``, H1-H3).
- ``flush`` {}: the page is being hidden: store the active time now.
- ``storage_failed`` {"reason": str}: the page could not store (P2): the
  player is told, and nothing more is offered to store.
- ``external`` {"part": name, "documents": {part: text | null}, "refused": bool}:
  another tab stored ``part`` (P7), and ``refused`` when that is why this
  tab's own write of it was not made; ``documents`` is everything stored now.
- ``takeover`` {"documents": {...}}: the player takes the game over in this tab.
- ``review`` {"source": "current" | "history", "index": n}: a game's frames; the
  game in play pauses meanwhile.  ``close_review`` {}: back to the game.
- ``import_transcript`` {"text": str}: a pasted game (an optional board string,
  then a transcript), checked, as frames to review.
- ``open_link`` {"fragment": str}: the game of a link (``#moves=…``), checked,
  opened in review; the game in play is not touched.
- ``analysis_start`` {"moves": text, "title": str, "human": colour | null},
  ``analysis_step``, ``analysis_stop`` {}: analyse a finished or past game one
  position at a time (``moves`` may begin with a board string).
- ``clear_history`` {}: empties the results history (stars stay).
- ``history_page`` {"page": n}: page ``n`` of the results history, 0 the newest (reply
  field ``history_page``, :func:`reversi.app.snapshot.history_page`).
- ``watch`` {"moves": game text, "black": level, "white": level, "seed": n}: the
  next placement of a game between two levels, as a review; ``moves`` is the
  last reply's ``transcript`` (its tag keeps the variant), "" for a new game
  of the chosen rules.
- ``setup_check`` {"board": board string}: the editor's position checked (reply
  field ``setup``, :func:`reversi.app.position_setup.check`; E1).
- ``setup_play`` {"board", "mode"}: a new game from that position (E2).
- ``setup_solve`` {"board"}: its exact best move and score (reply field ``solution``).
- ``setup_analyse`` {"board"}: opens it in review and starts its analysis.
- Puzzles (:mod:`.puzzle_mode`; each may carry ``today``, the page's local date,
  YYYY-MM-DD): ``puzzle_open`` {"which": "next" | "daily" | number}, ``puzzle_tap``
  {"square"}, ``puzzle_retry``, ``puzzle_answer``, ``puzzle_play_out``,
  ``puzzle_computer`` (the computer's move when a puzzle is played out),
  ``puzzle_close`` {}.  Every reply carries ``puzzle``: None, or the puzzle shown
  (:meth:`reversi.app.puzzle_mode.Room.report`); the progress is the saved part ``puzzles``.
- Learning (N1-N5, :func:`reversi.app.learning.room.commands`): ``learn_rules``, ``learn_open``
  {"which": "next" | number}, ``learn_tap`` {"square"}, ``learn_retry``, ``learn_computer``,
  ``learn_close``, ``learn_dismiss`` {}.  Every reply carries ``learn``; the progress is the saved part ``learn``.
- Learn from your own games (N6-N8, :func:`reversi.app.mistakes.room.commands`):
  ``mistakes_step`` {} (one placement of the analysis, while ``mistakes.due``),
  ``mistakes_list`` {}, ``mistake_retry`` {"which": position | "next"} (then the puzzle
  commands).  Every reply carries ``mistakes``; the games analysed and the retries are the
  saved part ``mistakes``.
"""

from __future__ import annotations

from typing import Any, Callable

from ..game.events import Event
from . import position_setup
from .review.frames import chosen_game
from .snapshot import history_page

#: The methods whose reply is only their own fields (``extra``), not a snapshot.
SLICES = frozenset({"ponder"})


def table(bridge: Any) -> dict[str, Callable[..., None]]:
    """Returns the commands of a :class:`reversi.app.bridge.Bridge`, by method name."""
    def session(name: str) -> Callable[..., None]:
        return lambda **params: getattr(bridge.session, name)(**params)

    def tell(command: Callable[..., list[Event]]) -> Callable[..., None]:
        return lambda *args, **params: bridge.events.extend(command(*args, **params))

    return {
        "load": bridge.load, "load_history": bridge.load_history, "snapshot": lambda: None,
        **{name: session(name) for name in ("place", "computer_move", "undo", "redo", "restart", "new",
                                            "pause", "resume", "tick", "set_setting")},
        "ponder": lambda token: bridge.extra.update(ponder=bridge.pondering.slice(
            token, reviewing=bridge.reviews.open, elsewhere=bridge.saving.elsewhere)),
        "hint_step": lambda token: bridge.hints.step(bridge.session, token, reviewing=bridge.reviews.open),
        "flush": lambda: None, "storage_failed": bridge.storage_failed,
        "external": bridge.external, "takeover": bridge.takeover,
        "review": lambda source, index=None: bridge.reviews.show(
            bridge.session, chosen_game(bridge.session, source, index)),
        "close_review": tell(lambda: bridge.reviews.close(bridge.session)),
        "import_transcript": tell(lambda text: bridge.reviews.import_game(bridge.session, text)),
        "open_link": tell(lambda fragment: bridge.reviews.import_game(bridge.session, fragment, link=True)),
        "analysis_start": tell(lambda moves, title="Game", human=None: bridge.reviews.start_analysis(
            bridge.session, moves, title, human)),
        "analysis_step": tell(lambda: bridge.reviews.step()),
        "analysis_stop": lambda: bridge.reviews.stop_analysis(),
        "clear_history": lambda: bridge.session.clear_history(),
        "history_page": lambda page: bridge.extra.update(history_page=history_page(bridge.session, page)),
        "watch": lambda moves, black, white, seed=0: bridge.reviews.watch(bridge.session, moves, black, white, seed),
        "setup_check": lambda board: bridge.extra.update(setup=position_setup.check(board)),
        "setup_play": tell(lambda board, mode: position_setup.play(bridge.session, bridge.reviews, board, mode)),
        "setup_solve": lambda board: bridge.extra.update(solution=position_setup.solve(board)),
        "setup_analyse": tell(lambda board: position_setup.analyse(bridge.session, bridge.reviews, board)),
        "puzzle_open": lambda which="next": bridge.puzzles.enter(which, bridge.today, bridge.session,
                                                               reviewing=bridge.reviews.open),
        "puzzle_tap": lambda square: bridge.puzzles.tap(square, bridge.today),
        "puzzle_retry": lambda: bridge.puzzles.retry(),
        "puzzle_answer": lambda: bridge.puzzles.show_answer(bridge.today),
        "puzzle_play_out": lambda: bridge.puzzles.play_out(),
        "puzzle_computer": lambda: bridge.puzzles.computer_move(),
        "puzzle_close": lambda: bridge.puzzles.leave(bridge.session, reviewing=bridge.reviews.open),
}
