"""The app: what turns a game session into a page and back.

It owns the wording (every sentence the page shows), the snapshot the page
draws, review frames, game analysis, watching two levels, statistics, the
saved documents with their validation and migration (P1-P3, P7, P8), the
worker's bridge, and the command line.  It is the top rung: it may import
:mod:`reversi.game` and :mod:`reversi.engine`; nothing imports it.
"""
