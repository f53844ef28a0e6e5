"""Tests of rulepress.check.ellipses: names that share a head written once, written out for each part."""

import pytest

from rulepress.check.ellipses import Ellipses

ELLIPSIS_FORMS = {
    "de": [
        "Anwerbungsplättchen",
        "Bedrohungsplättchen",
        "Personenkarte",
        "Zusatzkarte",
        "Armeekarte",
        "Österreichische Armee",
        "Preußische Armee",
    ],
    "en": [
        "person card",
        "extra card",
        "recruit tile",
        "threat tile",
        "unit class",
        "Army",
        "army card",
        "red card",
        "Recruit",
        "Austrian army",
    ],
}


@pytest.mark.parametrize(
    "lang, text, filled",
    [
        (
            "de",
            "von Nächstes Anwerbungs- / Bedrohungsplättchen auf",
            "von Nächstes Anwerbungsplättchen / Bedrohungsplättchen auf",
        ),
        ("de", "zieht 2 Personen- und 2 Zusatzkarten.", "zieht 2 Personenkarten und 2 Zusatzkarten."),
        ("de", "ob es eine Personen- oder eine Zusatzkarte ist", "ob es eine Personenkarte oder eine Zusatzkarte ist"),
        ("de", "einer Armee-, Personen- oder Zusatzkarte", "einer Armeekarte, Personenkarte oder Zusatzkarte"),
        ("de", "einer Armee-, Personen- oder Kroatien-Karte", "einer Armeekarte, Personenkarte oder Kroatien-Karte"),
        ("de", "einer österreichischen oder preußischen Armee", "einer österreichischen Armee oder preußischen Armee"),
        ("de", "Ein- und Ausgang", "Ein- und Ausgang"),  # no spelling completes 'Ein-'
        ("en", "holds 2 person and 2 extra cards", "holds 2 person cards and 2 extra cards"),
        ("en", "(2 person, 2 extra cards, up to 6)", "(2 person cards, 2 extra cards, up to 6)"),
        ("en", "one person and one extra card", "one person card and one extra card"),
        ("en", "Recruit/threat tiles", "Recruit tiles/threat tiles"),  # a slash joins parts, even of a name
        ("en", "an Austrian or Prussian army", "an Austrian army or Prussian army"),
        (
            "en",
            "the last unit, of class A, is recruited",
            "the last unit, of class A, is recruited",
        ),  # no word before the head
        ("en", "Army and red card are halved", "Army and red card are halved"),  # 'Army' is a name by itself
        ("en", "holds a person, and draws a card", "holds a person, and draws a card"),
    ],
)
def test_a_head_written_once_is_written_out_for_each_part(lang, text, filled):
    assert Ellipses(ELLIPSIS_FORMS[lang], lang).fill(text) == filled
