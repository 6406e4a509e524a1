"""The word tables: one JSON file a language, every sentence under a stable key (L1-L4).

The catalog merges ``lang/<code>.json`` with each feature's own tables (no key in two),
and :func:`say` words a key, with CLDR plural forms, in the language of the moment
(:func:`speaking`, set per request by the bridge); the wording modules call it, and the
build copies the page's own ``page.`` keys into the site (O3).  The layout, the plural
rule and why it is not an i18n library: ``docs/wording.md``.
"""

from __future__ import annotations

import contextvars
import functools
import json
from importlib import resources
from typing import Any

from ...game.settings import LANGUAGES as SETTING_CODES

#: The languages, in the menu's order: code and its own name.
LANGUAGES: tuple[tuple[str, str], ...] = (
    ("en", "English"), ("ja", "日本語"), ("zh-Hans", "简体中文"), ("zh-Hant", "繁體中文"),
    ("ko", "한국어"), ("fr", "Français"), ("es", "Español"), ("de", "Deutsch"),
)
CODES = tuple(code for code, _ in LANGUAGES)
assert set(CODES) == set(SETTING_CODES) - {""}, "the settings offer every language there is a table for"
DEFAULT = "en"
#: The package whose feature folders may keep their own words.
FEATURES = "reversi.app"
#: Each language's plural categories (CLDR, cardinal numbers).
CATEGORIES = {"en": ("one", "other"), "de": ("one", "other"), "es": ("one", "other"), "fr": ("one", "other"),
              "ja": ("other",), "zh-Hans": ("other",), "zh-Hant": ("other",), "ko": ("other",)}
#: How lists are joined, and how digits are grouped, by language.
LIST_SEPARATORS = {"ja": "、", "zh-Hans": "、", "zh-Hant": "、"}
GROUPS = {"de": ".", "es": ".", "fr": "\u202f"}
COMMA_DECIMALS = ("de", "es", "fr")

_language: contextvars.ContextVar[str] = contextvars.ContextVar("language", default=DEFAULT)


@functools.cache
def table(code: str) -> dict[str, Any]:
    """Returns the word table of a language (loaded once): this package's and each
    feature's own, merged.

    :raises ValueError: when two tables name one key.
    """
    words: dict[str, Any] = json.loads(resources.files(__package__).joinpath(f"lang/{code}.json").read_text("utf-8"))
    for folder in sorted(resources.files(FEATURES).iterdir(), key=lambda folder: folder.name):
        own = folder.joinpath(f"lang/{code}.json")
        if folder.name != "wording" and own.is_file():
            extra = json.loads(own.read_text("utf-8"))
            if words.keys() & extra.keys():
                raise ValueError(f"{folder.name}'s words repeat keys: {sorted(words.keys() & extra.keys())[:3]}")
            words.update(extra)
    return words


def language() -> str:
    """Returns the language of the moment."""
    return _language.get()


def speaking(code: str) -> contextvars.Token[str]:
    """Makes ``code`` the language of the moment (English for a code there is no table for)."""
    return _language.set(code if code in CODES else DEFAULT)


def plural(count: float, code: str | None = None) -> str:
    """Returns the plural category of ``count`` in a language: "one" or "other"."""
    code = code or language()
    if CATEGORIES[code] == ("other",):
        return "other"
    if code == "fr":
        return "one" if count in (0, 1) else "other"
    return "one" if count == 1 else "other"


def number(value: float, code: str | None = None) -> str:
    """Returns a number as the language writes it: digits grouped (12,345, 12.345,
    12 345; Spanish groups only from five digits), a fraction after its own decimal
    sign (3.5, 3,5)."""
    code = code or language()
    if value != int(value):
        whole, fraction = f"{abs(value):.1f}".split(".")
        return ("-" if value < 0 else "") + number(int(whole), code) + ("," if code in COMMA_DECIMALS else ".") \
            + fraction
    value = int(value)
    sign, digits = ("-", str(-value)) if value < 0 else ("", str(value))
    if code == "es" and len(digits) <= 4:
        return sign + digits
    groups: list[str] = []
    while digits:
        digits, groups = digits[:-3], [digits[-3:], *groups]
    return sign + GROUPS.get(code, ",").join(groups)


def join(items: list[str], code: str | None = None) -> str:
    """Returns a list of names joined as the language joins them ("a, b" or "a、b")."""
    return LIST_SEPARATORS.get(code or language(), ", ").join(items)


def say(key: str, count: float | None = None, **values: Any) -> str:
    """Returns the sentence of ``key`` in the language of the moment, its placeholders
    filled (numbers in the language's own form); ``count`` picks the plural form and
    fills ``{n}``.  A key a language lacks falls back to English.

    :raises KeyError: for a key that is in no table.
    """
    code = language()
    entry = table(code).get(key)
    if entry is None:
        code, entry = DEFAULT, table(DEFAULT)[key]
    if isinstance(entry, dict):
        entry = entry[plural(count, code) if count is not None and count == int(count) else "other"]
    if count is not None:
        values["n"] = number(count, code)
    return entry.format(**{k: number(v, code) if type(v) in (int, float) else v for k, v in values.items()})
