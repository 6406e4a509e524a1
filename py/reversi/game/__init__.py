"""The game: the rules a player lives with around the board, as plain state and commands.

It owns the settings with their one validator, the undo/redo line (U1-U6),
attempts and first results (A1-A5), the stars (S1-S8), active time and the
move clock (P6), and the session's commands, which report what happened as
event values (:mod:`reversi.game.events`), never as sentences.  It builds on
:mod:`reversi.engine` and knows nothing of wording, snapshots or saving.
"""
