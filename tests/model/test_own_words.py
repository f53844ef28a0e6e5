"""A game brings its own words for a language Rulepress ships none for: ``locales/<lang>.yaml`` (interface words,
validated, the missing keys named by `check content` and shown in English) and ``lexicons/<lang>.yaml`` (the
translation check then reads that language's negations and number words)."""

from __future__ import annotations

import re

import pytest

from rulepress import i18n
from rulepress.check import translations
from rulepress.errors import ContentErrors
from rulepress.model import load_game
from rulepress.scaffold import new_game

CATALOG = "site:\n  glossary: Woordenlijst\n  search_placeholder: Zoeken in de regels\n"
LEXICON = "language: nl\nnumbers:\n  een: ~1\n  twee: 2\n  drie: 3\n  vier: 4\nsignals:\n  negation:\n    not: [niet, geen, nooit]\n"


@pytest.fixture
def dutch(tmp_path):
    folder = new_game("spel", tmp_path, languages=("en", "nl"), table=False)
    (folder / "locales").mkdir()
    (folder / "locales" / "nl.yaml").write_text(CATALOG, encoding="utf-8")
    (folder / "lexicons").mkdir()
    (folder / "lexicons" / "nl.yaml").write_text(LEXICON, encoding="utf-8")
    return folder


def test_a_games_own_catalog_gives_its_words_and_check_content_names_what_it_lacks(dutch):
    content = load_game(dutch)
    assert i18n.word("nl", "site.glossary") == "Woordenlijst"
    assert i18n.word("nl", "site.rules") == "Rules"  # a key it lacks stays English
    assert "nl" in i18n.catalog_languages() and "nl" not in i18n.shipped_languages()
    [warning] = [w for w in content.warnings if "locales/nl.yaml" in w.path]
    assert warning.line == 1 and re.match(
        r"lacks \d+ keys of en.yaml, shown in English: examples.refused, ", warning.message
    )


def test_a_language_without_any_catalog_is_a_warning_naming_the_file_to_add(tmp_path):
    content = load_game(new_game("spil", tmp_path, languages=("en", "da"), table=False))
    assert any(
        "no interface catalog for 'da'" in w.message and "locales/da.yaml" in w.message for w in content.warnings
    )


def test_a_games_own_lexicon_lets_the_check_read_that_language(dutch):
    rules = dutch / "rules.nl.md"
    text = rules.read_text(encoding="utf-8")
    assert "The goal stops the piece." in text  # a language the template is not written in: English to translate
    rules.write_text(text.replace("The goal stops the piece.", "De finish stopt de pion niet."), encoding="utf-8")
    report = translations.report(load_game(dutch))
    assert report.not_checked == []
    assert [(f.kind, f.words) for f in report.undocumented] == [("negation", "niet")]


def test_a_broken_catalog_or_lexicon_is_an_error_at_its_file(dutch):
    (dutch / "lexicons" / "nl.yaml").write_text("numbers: [een\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        load_game(dutch)
    assert any(p.path.endswith("lexicons/nl.yaml") and p.line for p in caught.value.problems())


def test_an_edit_of_a_games_own_lexicon_is_read_again(tmp_path):
    """Under `serve` one process checks a game again after each edit: the edited lexicon is the one read."""
    folder = new_game("spel", tmp_path, languages=("en", "sv"), table=False)
    (folder / "lexicons").mkdir()
    lexicon = folder / "lexicons" / "sv.yaml"
    lexicon.write_text("language: sv\nsignals:\n  negation:\n    not: [inte]\n", encoding="utf-8")
    rules = folder / "rules.sv.md"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("The goal stops the piece.", "Målet stoppar inte pjäsen."),
        encoding="utf-8",
    )
    first = translations.report(load_game(folder))
    assert [(f.kind, f.words) for f in first.undocumented] == [("negation", "inte")]
    lexicon.write_text("language: sv\nsignals:\n  negation:\n    not: [aldrig]\n", encoding="utf-8")
    again = translations.report(load_game(folder))
    assert [(f.kind, f.words) for f in again.undocumented] == []
