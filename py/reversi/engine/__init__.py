"""The engine: the rules of Reversi and the computer players, with no notion of a page.

It owns the board as bitboards and its move generator (SPEC R1-R5), square and
transcript notation (R6), perft, the static evaluation, time budgets, the
midgame search, the exact endgame solver and the four computer levels (C2).
It is the bottom rung of the ladder: it imports nothing from ``reversi.game``
or ``reversi.app``, so it can be used alone (``from reversi import Board``).
"""
