"""The compact form of a results-history record (A1, P9): one short string a record.

:func:`encode` and :func:`decode` turn a record (:mod:`.results`, about 340 characters as
JSON) into an item of about 80 characters for a full game, written in the 64 digits of
:data:`DIGITS`, and back; a record that does not fit the form exactly is kept as its
dict, so nothing is lost.  The history (:mod:`.history`) calls it.  The form, field by
field: ``docs/saving.md``.
"""

from __future__ import annotations

import datetime
import re
import zlib
from typing import Any

from ..engine.notation import SQUARE_NAMES, format_board, parse_board
from ..engine.variants import VARIANTS
from .results import RESULTS, Record, is_board, key, valid_record
from .settings import LEVEL_NAMES, MODES, SIDES

#: The 64 digits, in value order: URL-safe, and in ASCII order too, so that fixed-width
#: numbers (the dates) sort as text.
DIGITS = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"
_VALUE = {digit: value for value, digit in enumerate(DIGITS)}
#: Dates count seconds from here (six digits reach the year 4000).
EPOCH = datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc)
#: A compact item: the head (date, flags, score, an attempt of 1 to 7 digits, the first
#: not 0), the duration, up to 64 moves, an optional start.
_COMPACT = re.compile(r"[\w-]{11}\w[\w-]{0,6}\.[\w-]{1,7}\.(?P<moves>[\w-]{0,64})(?:\.(?P<start>[\w-]{22}))?",
                      re.ASCII)
#: A stored item: a compact record, or a record kept as it was.
Item = str | dict[str, Any]
#: Where the fields of a compact item's head stand: the date, the flags, the score, then
#: the attempt, which runs to the first ".".
DATE = slice(0, 6)
FLAG_DIGITS = slice(6, 9)
SCORE = slice(9, 11)
ATTEMPT = 11
#: The flags and the score together, the statistics' head (:func:`head_of`), and where
#: they stand in it.
HEAD = slice(FLAG_DIGITS.start, SCORE.stop)
HEAD_FLAGS = slice(0, FLAG_DIGITS.stop - FLAG_DIGITS.start)
HEAD_SCORE = slice(HEAD_FLAGS.stop, HEAD.stop - HEAD.start)
#: Each level's code in the flags, for ever: the four levels of the first pages first
#: (their two bits), then the ladder's other rungs (the high bits 14-17) in the order they
#: were added, not the ladder's; a new rung takes the next code.
LEVEL_CODES: tuple[str, ...] = ("easy", "normal", "hard", "expert", "beginner", "learner", "casual", "regular",
                                "steady", "decent", "solid", "capable", "good", "skilled", "strong", "sharp",
                                "advanced", "novice")
assert set(LEVEL_CODES) == set(LEVEL_NAMES) and len(LEVEL_CODES) <= 64, "a code for each level, 64 at most"


def _digits(value: int, width: int = 0) -> str:
    """Returns ``value`` (>= 0) in base-64 digits, at least ``width`` of them."""
    out = ""
    while value or len(out) < max(width, 1):
        value, digit = divmod(value, 64)
        out = DIGITS[digit] + out
    return out


def number(text: str) -> int:
    """Returns the value of base-64 digits."""
    value = 0
    for digit in text:
        value = value * 64 + _VALUE[digit]
    return value


def _score_pairs() -> dict[str, tuple[int, int]]:
    """Returns every pair of disc counts (black + white <= 64) by its two digits."""
    pairs = [(black, white) for black in range(65) for white in range(65 - black)]
    return {_digits(index, 2): pair for index, pair in enumerate(pairs)}


#: Two digits -> (black, white); and back.
SCORES = _score_pairs()
_SCORE_DIGITS = {pair: digits for digits, pair in SCORES.items()}


def _flags(mode: str, level: str, side: str, result: str, practice: bool, challenge: bool,
           variant: str, moves: bool, start: int | None, balanced: bool = False) -> str:
    """Returns the three flag digits: ``start`` is the side to move of a set-up start, or None;
    ``balanced``, that the start is a balanced random opening's end."""
    code = LEVEL_CODES.index(level)
    value = (MODES.index(mode) | (code & 3) << 1 | SIDES.index(side) << 3
             | RESULTS[mode].index(result) << 4 | practice << 6 | challenge << 7
             | VARIANTS.index(variant) << 8 | moves << 10 | (start is not None) << 11 | (start or 0) << 12
             | balanced << 13 | (code >> 2) << 14)
    return _digits(value, 3)


def _unflag(digits: str) -> dict[str, Any]:
    """Returns the fields that three flag digits hold (see :func:`_flags`)."""
    value = number(digits)
    mode = MODES[value & 1]
    code = (value >> 1 & 3) | (value >> 14) << 2
    return {"mode": mode, "level": LEVEL_CODES[code] if code < len(LEVEL_CODES) else "", "side": SIDES[value >> 3 & 1],
            "result": RESULTS[mode][value >> 4 & 3], "practice": bool(value >> 6 & 1),
            "challenge": bool(value >> 7 & 1), "variant": VARIANTS[value >> 8 & 3],
            "moves": bool(value >> 10 & 1), "start": value >> 12 & 1 if value >> 11 & 1 else None,
            "balanced": bool(value >> 13 & 1)}


def _valid_flags() -> dict[str, dict[str, Any]]:
    """Returns the fields of every flag value that a valid record can have."""
    table = {}
    for mode in MODES:
        for result in RESULTS[mode]:
            for values in ((lv, sd, pr, ch, vr, mv, st, bl) for lv in LEVEL_NAMES for sd in SIDES
                           for pr in (False, True) for ch in (False, True) for vr in VARIANTS
                           for mv in (False, True) for st in (None, 0, 1) for bl in (False, True)):
                level, side, practice, challenge, variant, moves, start, balanced = values
                if balanced and start is None:
                    continue
                if challenge and (mode != "computer" or result != "win" or practice or start is not None
                                  or variant != VARIANTS[0]):
                    continue
                digits = _flags(mode, level, side, result, practice, challenge, variant, moves, start, balanced)
                table[digits] = _unflag(digits)
    return table


#: Flag digits -> their fields, for every valid combination.
FLAGS = _valid_flags()


def _date(seconds: int) -> str:
    """Returns the ISO text of a date given in seconds since :data:`EPOCH`."""
    return (EPOCH + datetime.timedelta(seconds=seconds)).isoformat()


def _seconds(date: str) -> int | None:
    """Returns the seconds since :data:`EPOCH` of an ISO date that :func:`_date` writes back
    exactly, else None."""
    try:
        moment = datetime.datetime.fromisoformat(date)
    except ValueError:
        return None
    if moment.tzinfo is None:
        return None
    seconds = int((moment - EPOCH).total_seconds())
    return seconds if 0 <= seconds < 64 ** 6 and _date(seconds) == date else None


def _pack_board(board: str) -> tuple[str, int]:
    """Returns a board string's squares as 22 digits, and its side to move."""
    black, white, turn = parse_board(board)
    value = sum((1 if black >> s & 1 else 2 if white >> s & 1 else 0) << 2 * s for s in range(64))
    return _digits(value, 22), turn


def _unpack_board(digits: str, turn: int) -> str:
    """Returns the board string of 22 digits and a side to move."""
    value = number(digits)
    black = sum(1 << s for s in range(64) if value >> 2 * s & 3 == 1)
    white = sum(1 << s for s in range(64) if value >> 2 * s & 3 == 2)
    return format_board(black, white, turn)


def encode(record: Record) -> Item:
    """Returns the compact text of a valid record, or the record itself when its date or
    start is not in the form the compact text writes back exactly."""
    seconds = _seconds(record["date"])
    start, turn = None, None
    if "start" in record:
        if not is_board(record["start"]):
            return dict(record)
        start, turn = _pack_board(record["start"])
        if _unpack_board(start, turn) != record["start"]:
            return dict(record)
    if seconds is None:
        return dict(record)
    flags = _flags(record["mode"], record["level"], record["side"], record["result"], record["practice"],
                   record["challenge"], record.get("variant", VARIANTS[0]), "moves" in record, turn,
                   record.get("balanced", False))
    moves = "".join(DIGITS[SQUARE_NAMES.index(record["moves"][i:i + 2])]
                    for i in range(0, len(record.get("moves", "")), 2))
    text = (f"{_digits(seconds, 6)}{flags}{_SCORE_DIGITS[record['black'], record['white']]}"
            f"{_digits(record['attempt'])}.{_digits(record['duration_ms'])}.{moves}")
    return f"{text}.{start}" if start else text


def decode(item: Item) -> Record:
    """Returns the record of a stored item (see :func:`is_item`)."""
    if isinstance(item, dict):
        return dict(item)
    head, duration, moves, *start = item.split(".")
    fields = FLAGS[head[FLAG_DIGITS]]
    black, white = SCORES[head[SCORE]]
    record: Record = {"attempt": number(head[ATTEMPT:]), "date": _date(number(head[DATE])), "mode": fields["mode"],
                      "level": fields["level"], "side": fields["side"], "result": fields["result"],
                      "black": black, "white": white, "practice": fields["practice"],
                      "challenge": fields["challenge"], "duration_ms": number(duration)}
    if fields["moves"]:
        record["moves"] = "".join(SQUARE_NAMES[_VALUE[d]] for d in moves)
    if start:
        record["start"] = _unpack_board(start[0], fields["start"])
        if fields["balanced"]:
            record["balanced"] = True
    if fields["variant"] != VARIANTS[0]:
        record["variant"] = fields["variant"]
    return record


def is_item(item: Any) -> bool:
    """Checks if ``item`` is a stored record: a compact text whose fields are valid, or a
    valid record dict (P3)."""
    return bool(valid_items([item]))


def valid_items(items: list[Any]) -> list[Item]:
    """Returns the stored records among ``items`` (see :func:`is_item`), in order: one
    loop with no call per item but the pattern's, since a returning player's 10,000
    records are checked while the page waits for its first reply."""
    match, flags, scores = _COMPACT.fullmatch, FLAGS, SCORES
    good: list[Item] = []
    for item in items:
        if type(item) is str:
            found = match(item)
            fields = flags.get(item[FLAG_DIGITS]) if found else None
            if (found and fields and item[SCORE] in scores and (found["start"] is None) == (fields["start"] is None)
                    and (fields["moves"] or not found["moves"])):
                good.append(item)
        elif isinstance(item, dict) and valid_record(item):
            good.append(item)
    return good


def check_of(items: list[Any]) -> int | None:
    """Returns the checksum stored with a chunk of compact items (a CRC-32 of their
    lines), or None when an item is not a text (a record kept as a dict)."""
    try:
        return zlib.crc32("\n".join(items).encode())
    except TypeError:
        return None


def checked_items(items: list[Any], check: Any) -> list[Item]:
    """Returns the stored records among ``items``: all of them, unread, when ``check`` is
    the checksum that :func:`check_of` wrote with them (an intact chunk of items that were
    valid when written), else those :func:`valid_items` accepts."""
    if type(check) is int and check_of(items) == check:
        return items
    return valid_items(items)


def identity(item: Item) -> str:
    """Returns what tells records apart across tabs (:func:`reversi.game.results.key`:
    the date and the attempt), cheaply for a compact item."""
    if isinstance(item, str):
        return f"{item[DATE]}#{item[ATTEMPT:item.index('.')]}"
    seconds = _seconds(item["date"])
    return f"{_digits(seconds, 6)}#{_digits(item['attempt'])}" if seconds is not None else key(item)


def identities(items: list[Item]) -> list[str]:
    """Returns the :func:`identity` of each item, with no call for a compact one (every
    stored record is read at load)."""
    return [f"{item[DATE]}#{item[ATTEMPT:item.index('.')]}" if type(item) is str else identity(item) for item in items]


def orders(items: list[Item]) -> list[str]:
    """Returns the :func:`order` of each item, with no call for a compact one."""
    return [item[DATE] if type(item) is str else order(item) for item in items]


def order(item: Item) -> str:
    """Returns an item's date as six digits that sort as text ("" when it has no such form)."""
    if isinstance(item, str):
        return item[DATE]
    seconds = _seconds(item["date"])
    return "" if seconds is None else _digits(seconds, 6)


def without_moves(item: Item) -> Item:
    """Returns the item without its moves (the rest of the record stays)."""
    if isinstance(item, dict):
        return {k: v for k, v in item.items() if k != "moves"}
    head, duration, _, *start = item.split(".")
    fields = FLAGS[head[FLAG_DIGITS]]
    flags = _flags(fields["mode"], fields["level"], fields["side"], fields["result"], fields["practice"],
                   fields["challenge"], fields["variant"], False, fields["start"], fields["balanced"])
    return ".".join([head[DATE] + flags + head[SCORE.start:], duration, "", *start])


def attempt_of(item: Item) -> int:
    """Returns an item's attempt id."""
    return item["attempt"] if isinstance(item, dict) else number(item[ATTEMPT:item.index(".")])


def has_moves(item: Item) -> bool:
    """Checks if an item still holds its moves."""
    return "moves" in item if isinstance(item, dict) else FLAGS[item[FLAG_DIGITS]]["moves"]


def day_before(date: str) -> str:
    """Returns the :func:`order` of the moment a day before the ISO ``date`` ("" when
    ``date`` has no such form)."""
    seconds = _seconds(date)
    return "" if seconds is None else _digits(max(seconds - 86_400, 0), 6)


def head_of(item: Item) -> str:
    """Returns an item's flags-and-score head, the fields the statistics read; a record
    kept as a dict gets the head its compact form would have."""
    if isinstance(item, str):
        return item[HEAD]
    variant = item.get("variant", VARIANTS[0])
    return _flags(item["mode"], item["level"], item["side"], item["result"], False, False,
                  variant, False, None) + _SCORE_DIGITS[item["black"], item["white"]]


def head_fields(head: str) -> dict[str, Any]:
    """Returns the mode, level, side, result, variant and disc counts of a head of :meth:`.history.History.groups`."""
    fields = FLAGS[head[HEAD_FLAGS]]
    black, white = SCORES[head[HEAD_SCORE]]
    return {**fields, "black": black, "white": white}
