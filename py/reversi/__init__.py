"""Reversi (Othello): rules, computer players and game sessions in pure Python.

The same code runs on CPython and inside Pyodide in the browser's worker.
"""

__version__ = "0.1.0"
