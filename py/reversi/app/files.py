"""Game files opened in the page (R9): GGF and text files, and WTHOR's games with their
players' and tournaments' files, read into games (:mod:`.pasted`, :mod:`.wthor`).

The page sends each file's name and bytes (base64); :func:`games_of` returns the games of
the first file that holds some, named by the WTHOR names files sent with it.  The review's
``import_files`` calls it.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from ..engine.notation import IllegalMoveError, NotationError
from . import pasted, wording, wthor

#: The most bytes a file may have (a WTHOR year is under 1 MB; 16 MB holds 240,000 games).
MOST = 16 << 20


def file_bytes(item: Any) -> tuple[str, bytes]:
    """Returns a sent file's name and bytes.

    :raises ValueError: when it is not a file as the page sends one.
    """
    if not (isinstance(item, dict) and isinstance(item.get("name"), str) and isinstance(item.get("data"), str)):
        raise ValueError("a file is {name, data}")
    try:
        data = base64.b64decode(item["data"], validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("a file's data is base64") from None
    return item["name"][:120], data


def sent_files(files: Any) -> tuple[list[tuple[str, bytes]], dict[str, list[str]]]:
    """Returns the game files among ``files`` (each name and bytes), and the names of the
    WTHOR players' and tournaments' files sent with them, by kind ("jou", "trn"; [] for a
    kind not sent).

    :raises ValueError: with the words that say why: no file, a file too big, a names file
        that cannot be read (named).
    """
    if not isinstance(files, list) or not files:
        raise ValueError(wording.say("file.none"))
    sent = [file_bytes(item) for item in files]
    if any(len(data) > MOST for _, data in sent):
        raise ValueError(wording.say("file.too_big", name=next(n for n, d in sent if len(d) > MOST)))
    games, names = [], {kind: list[str]() for kind in wthor.NAME_SIZES}
    for name, data in sent:
        kind = name.lower().rpartition(".")[2]
        if kind not in wthor.NAME_SIZES:
            games.append((name, data))
        elif not names[kind]:
            try:
                names[kind] = wthor.read_names(data, kind)
            except NotationError as error:
                raise ValueError(wording.say("file.problem", name=name, error=wording.error_text(error))) from None
    return games, names


def games_of(files: Any) -> list[pasted.PastedGame]:
    """Returns the games of the first game file among ``files`` (a WTHOR ``.wtb`` named by
    the ``.JOU`` and ``.TRN`` sent with it; else a GGF or text file).

    :raises ValueError: with the words that name the file and say why it cannot be opened.
    """
    games, names = sent_files(files)
    for name, data in games:
        try:
            if name.lower().endswith(".wtb"):
                return wthor.read_games(data, names["jou"], names["trn"])
            return pasted.read(data.decode("utf-8", errors="replace"))
        except (NotationError, IllegalMoveError) as error:
            raise ValueError(wording.say("file.problem", name=name, error=wording.error_text(error))) from None
    raise ValueError(wording.say("file.no_games"))
