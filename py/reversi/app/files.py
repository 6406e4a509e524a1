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


def games_of(files: Any) -> list[pasted.PastedGame]:
    """Returns the games of the first game file among ``files`` (a WTHOR ``.wtb`` named by
    the ``.JOU`` and ``.TRN`` sent with it; else a GGF or text file).

    :raises ValueError: with the words that name the file and say why it cannot be opened.
    """
    if not isinstance(files, list) or not files:
        raise ValueError(wording.say("file.none"))
    sent = [file_bytes(item) for item in files]
    if any(len(data) > MOST for _, data in sent):
        raise ValueError(wording.say("file.too_big", name=next(n for n, d in sent if len(d) > MOST)))
    names = {kind: next((data for name, data in sent if name.lower().endswith(f".{kind}")), None)
             for kind in wthor.NAME_SIZES}
    for name, data in sent:
        kind = name.lower().rpartition(".")[2]
        if kind in wthor.NAME_SIZES:
            continue
        try:
            if kind == "wtb":
                lists = {k: wthor.read_names(d, k) if d is not None else [] for k, d in names.items()}
                return wthor.read_games(data, lists["jou"], lists["trn"])
            return pasted.read(data.decode("utf-8", errors="replace"))
        except (NotationError, IllegalMoveError) as error:
            raise ValueError(wording.say("file.problem", name=name, error=wording.error_text(error))) from None
    raise ValueError(wording.say("file.no_games"))
