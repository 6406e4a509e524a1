"""Every test starts on the Python engine's root driver classes.

``native.install()`` (run by the tools' ``main``) puts the compiled search and solver
into :mod:`reversi.engine.think` for the whole process.  A test that ran a tool's
``main`` without putting them back once made every later deadline-bound search in
the same pytest process compiled, whose table never drops an entry: the process
grew to 24 GB and was killed.  So they are put back after each test.
"""

from __future__ import annotations

import pytest

from reversi.engine import think


@pytest.fixture(autouse=True)
def python_engine():
    """Puts :mod:`reversi.engine.think`'s Search and Solver back after the test."""
    search, solver = think.Search, think.Solver
    yield
    think.Search, think.Solver = search, solver
