"""The worker's door into Python: JSON requests in, JSON replies out.

The worker calls :func:`call` with a method name and its parameters as a JSON
string, and gets back a JSON string.  A request that fails raises; the worker
turns the exception into an error message for the page.

Methods: ``snapshot`` (no params), ``new``, ``place`` ({"square": "d3"}),
``set_option`` ({"name": ..., "value": ...}).  Each returns the snapshot
documented in :mod:`reversi.snapshot`.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from .session import Session

_session = Session()


def _snapshot() -> dict[str, Any]:
    return _session.snapshot()


def _new() -> dict[str, Any]:
    _session.new()
    return _session.snapshot()


def _place(square: str) -> dict[str, Any]:
    _session.place(square)
    return _session.snapshot()


def _set_option(name: str, value: Any) -> dict[str, Any]:
    _session.set_option(name, value)
    return _session.snapshot()


METHODS: dict[str, Callable[..., dict[str, Any]]] = {
    "snapshot": _snapshot, "new": _new, "place": _place, "set_option": _set_option,
}


def call(method: str, params: str = "{}") -> str:
    """Runs ``method`` with the JSON object ``params`` and returns the JSON reply.

    :raises ValueError: for an unknown method or bad parameters.
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}")
    args = json.loads(params)
    if not isinstance(args, dict):
        raise ValueError("parameters must be a JSON object")
    try:
        result = METHODS[method](**args)
    except TypeError as error:
        raise ValueError(f"bad parameters for {method}: {error}") from None
    return json.dumps(result)
