"""The page's words and opening position, from Python's own tables and code (L3, O3):
index.html with its English words and the opening filled in, and web/words.js with
each language's words the page needs before Python is ready."""

from __future__ import annotations

import html
import json
import re
import shutil
import sys
from pathlib import Path

from .common import ROOT, BuildError

WEB = ROOT / "web"
SW_TEMPLATE = "sw.js"
PAGES = ("index.html",)

#: Where index.html receives the opening position as JSON (see opening_json).
OPENING_PLACEHOLDER = "<!--OPENING-->"


def opening_json() -> str:
    """Returns the opening position as the page paints it before Python is ready
    (O3), made by the engine's own code, as JSON safe inside a script element."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from reversi.app.snapshot import opening_view
    finally:
        sys.path.remove(str(ROOT / "py"))
    return json.dumps(opening_view(), separators=(",", ":")).replace("</", "<\\/")

def word_tables() -> tuple[list[tuple[str, str]], dict[str, dict]]:
    """Returns the languages (code, own name) and their word tables, as Python has them."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from reversi.app.wording.catalog import LANGUAGES, table
    finally:
        sys.path.remove(str(ROOT / "py"))
    return list(LANGUAGES), {code: table(code) for code, _ in LANGUAGES}

#: A template element whose text is a word (``data-i18n``), or whose attributes are
#: (``data-i18n-attr="aria-label=key;placeholder=key"``).
I18N_TEXT = re.compile(r'(<(\w+)\b[^>]*?\sdata-i18n="([^"]+)"[^>]*>)(</\2>)')

I18N_ATTRS = re.compile(r'(\sdata-i18n-attr="([^"]+)")')


def page_words(template: str, tables: dict[str, dict]) -> tuple[str, dict[str, dict[str, str]]]:
    """Returns the page with its English words filled in (L3, O3), and every
    language's words the page uses before Python is ready: the template's keys and
    every ``page.`` key (the page's own words in web/)."""
    english = tables["en"]
    keys = set(I18N_TEXT.findall(template) and [m[2] for m in I18N_TEXT.findall(template)])
    for _, pairs in I18N_ATTRS.findall(template):
        keys |= {pair.split("=", 1)[1] for pair in pairs.split(";")}
    missing = sorted(keys - set(english))
    if missing:
        raise BuildError(f"index.html names words that en.json lacks: {', '.join(missing)}")
    keys |= {key for key in english if key.startswith("page.")}
    filled = I18N_TEXT.sub(lambda m: m[1] + html.escape(english[m[3]], quote=False) + m[4], template)
    filled = I18N_ATTRS.sub(lambda m: "".join(
        f' {attr}="{html.escape(english[key])}"' for attr, key in (p.split("=", 1) for p in m[2].split(";"))) + m[1],
        filled)
    return filled, {code: {key: words[key] for key in sorted(keys) if isinstance(words.get(key), str)}
                    for code, words in tables.items()}

def copy_pages(site: Path) -> None:
    """Copies index.html (with the opening position and the English words filled in)
    and web/ (but the service worker template and the package.json that tells node
    the modules are ES modules) into the site, as far as they exist, and writes
    web/words.js: each language's own name and the words the page needs before Python
    is ready (L3, O3), taken from Python's word tables."""
    site.mkdir(parents=True, exist_ok=True)
    languages, tables = word_tables()
    words: dict[str, dict[str, str]] = {}
    for name in PAGES:
        if (ROOT / name).exists():
            page, words = page_words((ROOT / name).read_text(), tables)
            (site / name).write_text(page.replace(OPENING_PLACEHOLDER, opening_json()))
    if WEB.is_dir():
        shutil.copytree(
            WEB, site / "web",
            ignore=lambda folder, names: [SW_TEMPLATE, "package.json"] if Path(folder) == WEB else [],
        )
        module = ("// Made by build.py from py/reversi/app/wording/lang/*.json: do not edit.\n"
                  f"export const LANGUAGES = {json.dumps([{'code': c, 'name': n} for c, n in languages])};\n"
                  f"export const WORDS = {json.dumps(words, ensure_ascii=False, separators=(',', ':'))};\n")
        (site / "web" / "words.js").write_text(module)
