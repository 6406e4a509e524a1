"""The engine: the rules of Reversi and the computer players, with no notion of a page.

It owns the board as bitboards and its move generator (R1-R5), notation (R6), perft, the
pattern evaluation and the opening book (``data/``, made by ``bench/``), time budgets,
the midgame search, the exact solver, pondering (C4), the valuing of moves (H1, N6), the
four computer levels (C2) and the ladder of rungs (C7).  It is the bottom rung: it imports
nothing from ``reversi.game`` or ``reversi.app`` (``from reversi import Board``).  How it
works, and what was measured: ``docs/engine.md``, ``docs/endgame.md``.
"""
