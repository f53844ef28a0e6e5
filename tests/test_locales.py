"""The message catalogs (templates/locales/<lang>.yaml, read by rulepress.i18n): complete, and looked up right."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulepress import i18n


def _keys(data, prefix: str = "") -> set[str]:
    """Dotted keys of every word of a catalog (lists such as plural forms are one word)."""
    if not isinstance(data, dict):
        return {prefix}
    found: set[str] = set()
    for key, value in data.items():
        found |= _keys(value, f"{prefix}.{key}" if prefix else str(key))
    return found


def test_german_english_and_french_ship():
    assert {"de", "en", "fr"} <= set(i18n.catalog_languages())


@pytest.mark.parametrize("lang", i18n.catalog_languages())
def test_every_catalog_has_every_key_of_the_english_one(lang):
    reference = _keys(i18n.catalog("en")) - {"site.theme_gettext", "site.theme_js", "site.theme_literals"}
    missing = sorted(reference - _keys(i18n.catalog(lang)))
    assert missing == [], f"{lang}.yaml lacks {missing}"


@pytest.mark.parametrize("lang", i18n.catalog_languages())
def test_every_catalog_keeps_the_placeholders_of_the_english_one(lang):
    import string

    def fields(text) -> set[str]:
        texts = text if isinstance(text, list) else [text]
        return {f for t in texts for _, f, _, _ in string.Formatter().parse(str(t)) if f}

    english = i18n.catalog("en")
    for key in sorted(_keys(english)):
        if key.startswith("site.theme_"):
            continue
        assert fields(_lookup(i18n.catalog(lang), key)) == fields(_lookup(english, key)), (lang, key)


def _lookup(data, key: str):
    for step in key.split("."):
        data = data[step]
    return data


def test_a_language_without_a_catalog_reads_the_english_words():
    assert i18n.word("eo", "print.face.unknown") == i18n.word("en", "print.face.unknown") == "unknown"
    assert i18n.word("fr", "print.face.unknown") == "inconnu"


def test_example_keywords_of_every_catalog_are_known():
    assert i18n.every_form("examples.result")[:2] == ("Result", "Ergebnis")
    assert "Résultat" in i18n.every_form("examples.result") and "Refusé" in i18n.every_form("examples.refused")


@pytest.mark.parametrize("lang, shown", [("de", "12,5\u00a0%"), ("en", "12.5%"), ("fr", "12,5\u00a0%")])
def test_percentages_follow_the_language(lang, shown):
    assert i18n.percent(Fraction(1, 8), lang) == shown


def test_language_names_come_from_babel():
    assert i18n.language_name("fr") == "français"
    assert i18n.language_name("de", "en") == "German"
