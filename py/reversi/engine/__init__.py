"""The engine: the rules of Reversi and the computer players, with no notion of a page.

It owns the board as bitboards and its move generator (R1-R5), square and
transcript notation (R6), perft, the pattern evaluation with its weight files
and the opening book (``data/``, made by ``bench/``), time budgets, the
midgame search, the exact endgame solver, the hint scores (H1) and the four
computer levels (C2).
It is the bottom rung of the ladder: it imports nothing from ``reversi.game``
or ``reversi.app``, so it can be used alone (``from reversi import Board``).
"""
