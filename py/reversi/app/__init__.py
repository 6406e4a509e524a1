"""The app: what turns a game session into a page and back.

It owns the house (:mod:`.house`: commands, rooms, stored parts), the features it lists
(:mod:`.features`: hints, review and analysis, puzzles, lessons, mistakes, position
setup, pondering), the wording, the snapshot the page draws, statistics, the saved
parts (P1-P3, P7-P10), the worker's bridge and the command line.  It is the top rung: it
may import :mod:`reversi.game` and :mod:`reversi.engine`; nothing imports it.
"""
