"""Tests of rulepress.check.numbers: locale-aware numbers and number words in both languages."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulepress.check.numbers import clean, compare, extract, extract_pair, parse_digits, show, word_value


def values(text, lang, weak=False):
    return [n.value for n in extract(text, lang) if n.weak == weak]


@pytest.mark.parametrize(
    "lang, written, value",
    [
        ("de", "1.000", 1000),
        ("en", "1,000", 1000),
        ("de", "1,5", Fraction(3, 2)),
        ("en", "1.5", Fraction(3, 2)),
        ("de", "1.234.567,25", Fraction(123456725, 100)),
        ("en", "1,234,567.25", Fraction(123456725, 100)),
        ("de", "1 000 000", 10**6),
        ("en", "1 000000", 10**6),  # spaced and OCR'd groups
        ("de", "1.5", Fraction(3, 2)),  # the other locale's decimal point is still read as a decimal
    ],
)
def test_digits_follow_the_locale(lang, written, value):
    assert values(f"Es sind {written} Stück", lang) == [value]


def test_same_digits_mean_different_values_per_locale():
    assert parse_digits("1.000", "de") == [1000]
    assert parse_digits("1.000", "en") == [1]
    assert parse_digits("1,000", "en") == [1000]
    assert parse_digits("1,000", "de") == [1]


def test_section_numbers_give_each_part():
    assert parse_digits("2.3.1", "en") == [2, 3, 1]


@pytest.mark.parametrize(
    "de, en, value",
    [
        ("5 Mio. $", "$5 million", 5 * 10**6),
        ("5 Mio $", "$5M", 5 * 10**6),
        ("2 Tsd.", "2 thousand", 2000),
        ("fünf Millionen", "five million", 5 * 10**6),
        ("eine Million", "a million", 10**6),
        ("3 Mrd.", "3 billion", 3 * 10**9),
    ],
)
def test_scale_words_multiply(de, en, value):
    assert values(de, "de") == [value]
    assert values(en, "en") == [value]


@pytest.mark.parametrize(
    "de, en, value",
    [
        ("eins", "one", 1),
        ("zwei", "two", 2),
        ("sieben", "seven", 7),
        ("zwölf", "twelve", 12),
        ("fünfzehn", "fifteen", 15),
        ("zweiundvierzig", "forty-two", 42),
        ("zwanzig", "twenty", 20),
        ("dritte", "third", 3),
        ("zwölften", "twelfth", 12),
        ("Zweite", "second", 2),
        ("doppelte", "double", 2),
        ("Doppelte", "twice", 2),
        ("doppelt", "doubled", 2),
        ("Hälfte", "half", Fraction(1, 2)),
        ("halb", "halves", Fraction(1, 2)),
        ("dreimal", "three times", 3),
        ("Dutzend", "dozen", 12),
    ],
)
def test_number_words(de, en, value):
    assert values(f"Er nimmt {de} davon.", "de") == [value]
    assert values(f"He takes {en} of them.", "en") == [value]


@pytest.mark.parametrize(
    "lang, text",
    [
        ("de", "eine Karte"),
        ("de", "ein Feld"),
        ("de", "noch einmal würfeln"),
        ("de", "beide Würfel"),
        ("en", "a card"),
        ("en", "an army"),
        ("en", "once all are placed"),
        ("en", "both dice"),
        ("en", "the last one stays"),
        ("en", "no one wins"),
    ],
)
def test_article_like_words_are_weak(lang, text):
    found = extract(text, lang)
    assert found and all(n.weak for n in found)


def test_numbers_in_ids_code_and_references_are_ignored():
    text = (
        "Siehe {ref}`trade-in-3` und {term}`Felder <space-2>`, `move(3, 2)`, "
        "[Regel](rules.html#set-7), Karte Z01, W6, ex-trade-7.\n(label-9)=\n% Kommentar 8"
    )
    assert values(text, "de") == []
    assert "Felder" in clean(text)


def test_ordinal_digits_and_suffixes():
    assert values("the 3rd set and the 1st turn", "en") == [3, 1]
    assert values("der 3. Satz, ein 10er-Schein", "de") == [3, 10]


def test_positions_from_the_end_are_negative_numbers():
    assert values("the second with the second-to-last", "en") == [2, -2]
    assert values("der Zweite mit dem Vorletzten, der Dritte mit dem Drittletzten", "de") == [2, -2, 3, -3]


def test_compare_reports_missing_and_extra_as_multisets():
    de = extract("Würfle 3 und 3, zahle 1.000", "de")
    en = extract("roll 3, pay 1,000 and 4", "en")
    assert compare(de, en) == ([3], [4])


def test_weak_numbers_balance_stated_ones_only():
    assert compare(extract("Ziehe eine Karte", "de"), extract("draw one card", "en")) == ([], [])
    assert compare(extract("Ziehe 1 Karte", "de"), extract("draw a card", "en")) == ([], [])
    assert compare(extract("Ziehe eine Karte", "de"), extract("draw cards", "en")) == ([], [])
    assert compare(extract("Ziehe 2 Karten", "de"), extract("draw a card", "en")) == ([2], [])


def test_a_number_word_that_is_a_name_in_both_texts_is_no_number():
    de, en = extract_pair("Die Bombe erreicht Zero.", "de", "The bomb reaches Zero.", "en")
    assert compare(de, en) == ([], [])
    de, en = extract_pair("Die Bombe erreicht das Ende.", "de", "The bomb reaches zero.", "en")
    assert compare(de, en) == ([], [0])


def test_word_value_is_case_insensitive_and_rejects_other_words():
    assert word_value("Zwölf", "de") == (12, False)
    assert word_value("Acht", "de") == (8, False)
    assert word_value("achtzig", "de") == (80, False)
    assert word_value("Einheit", "de") is None
    assert word_value("often", "en") is None
    assert word_value("ein", "en") is None


def test_show():
    assert show(Fraction(1000)) == "1000"
    assert show(Fraction(3, 2)) == "1.5"
    assert show(Fraction(1, 3)) == "1/3"


@given(st.integers(min_value=0, max_value=10**9))
def test_thousands_separators_round_trip(n):
    assert values(f"Preis {n:,} Dollar".replace(",", "."), "de") == [n]
    assert values(f"price {n:,} dollars", "en") == [n]


@given(st.integers(min_value=0, max_value=99999), st.integers(min_value=1, max_value=99))
def test_decimals_round_trip(whole, cents):
    expected = whole + Fraction(cents, 100)
    assert values(f"{whole}.{cents:02d}", "en") == [expected]
    assert values(f"{whole},{cents:02d}", "de") == [expected]
