"""The word tables (L1, L3): every language has every key, with the same placeholders,
its own plural forms, and numbers and lists written its own way."""

from __future__ import annotations

import re
import string

import pytest

from reversi.app import wording
from reversi.app.wording.catalog import CATEGORIES, CODES, number, plural, say, speaking, table
from reversi.engine.board import Outcome
from reversi.engine.ladder import RUNG_NAMES

ENGLISH = table("en")


def placeholders(text: str) -> set[str]:
    """Returns the names of a sentence's placeholders."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def forms(entry) -> list[str]:
    """Returns the sentences of an entry (one, or one per plural form)."""
    return list(entry.values()) if isinstance(entry, dict) else [entry]


@pytest.mark.parametrize("code", CODES)
def test_l3_every_language_has_every_key_with_the_same_placeholders(code):
    """L3: the same keys as English; each form of each entry has English's placeholders."""
    words = table(code)
    assert set(words) == set(ENGLISH), (sorted(set(ENGLISH) - set(words)), sorted(set(words) - set(ENGLISH)))
    for key, entry in words.items():
        want = set().union(*(placeholders(text) for text in forms(ENGLISH[key])))
        for text in forms(entry):
            assert text.strip(), key
            got = placeholders(text)
            assert got <= want and (got == want or isinstance(ENGLISH[key], dict) and got >= want - {"n"}), \
                (code, key, text)


@pytest.mark.parametrize("code", CODES)
def test_l1_c7_each_rung_of_the_ladder_has_a_name_of_its_own_in_every_language(code):
    """C7, L1: the level chooser lists the rungs by name, so no two may read alike."""
    words = table(code)
    names = [words[f"level.{rung}"] for rung in RUNG_NAMES]
    assert len(set(names)) == len(names), (code, [n for n in names if names.count(n) > 1])


@pytest.mark.parametrize("code", CODES)
def test_l3_a_counted_sentence_has_the_plural_forms_of_its_language(code):
    """L3: where English counts (one / other), the language gives its own categories."""
    for key, entry in table(code).items():
        if isinstance(ENGLISH[key], dict):
            assert isinstance(entry, dict) and set(entry) == set(CATEGORIES[code]), (code, key)
        else:
            assert isinstance(entry, str), (code, key)


def test_l3_plural_categories_follow_cldr():
    """L3: one form in Japanese, Chinese and Korean; 1 alone in English, German, Spanish;
    0 and 1 in French."""
    assert [plural(n, "en") for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural(n, "fr") for n in (0, 1, 2)] == ["one", "one", "other"]
    assert {plural(n, "ja") for n in (0, 1, 2)} == {"other"}


@pytest.mark.parametrize("code, value, text", [
    ("en", 12345, "12,345"), ("de", 12345, "12.345"), ("fr", 12345, "12\u202f345"), ("es", 1234, "1234"),
    ("es", 12345, "12.345"), ("ja", 12345, "12,345"), ("de", 3.5, "3,5"), ("en", -3.5, "-3.5"), ("en", 7, "7")])
def test_l3_numbers_are_written_the_languages_way(code, value, text):
    """L3: digit groups and decimal signs by language."""
    assert number(value, code) == text


@pytest.mark.parametrize("code", CODES)
def test_l1_every_language_says_a_move_and_its_result_in_its_own_words(code):
    """L1: a placement and a final result, said in each language (not English but in English)."""
    speaking(code)
    try:
        said = say("event.placed.you", 3, square="d3")
        result = wording.result_text(Outcome(40, 24))
    finally:
        speaking("en")
    assert "d3" in said and "40" in result and "24" in result
    if code != "en":
        assert said != say("event.placed.you", 3, square="d3")


def test_l3_square_names_and_board_strings_stay_universal():
    """L3: no table changes a square's name: every sentence that names a square names it
    through a placeholder."""
    for code in CODES:
        for key, entry in table(code).items():
            for text in forms(entry):
                assert not re.search(r"\b[a-h][1-8]\b", text) or "f5d6c3d3c4" in text or key.startswith("error."), \
                    (code, key, text)


def test_l4_a_range_of_columns_or_rows_never_breaks_across_lines():
    """L4: "a–h", "1–8" and "8×8" keep together on a narrow screen (a line ended "a–" and
    the next began "h" in Japanese at 360 px): each table joins them with word joiners
    (U+2060), which nothing shows or reads."""
    for code in CODES:
        for key, entry in table(code).items():
            for text in forms(entry):
                assert not re.search(r"(?<![A-Za-z0-9\u2060])[a18][-–〜~×](?!\u2060)", text), (code, key, text)
                assert not re.search(r"(?<!\u2060)[-–〜~×][h8](?![A-Za-z0-9])", text), (code, key, text)
