"""Glossary terms by lemma and German compound head, never letters inside another word."""

import pytest

from rulepress.check import terms

GLOSSARY = terms.parse(
    {
        "four": {"de": "Vier", "en": "four"},
        "tower": {"de": "Turm", "en": "tower"},
        "game": {"de": "Spiel", "en": "game"},
        "end": {"de": "Ende", "en": "end"},
        "field": {"de": "Feld", "en": ["space", "field"]},
        "discard": {"de": "Ablagestapel", "en": "discard pile"},
    },
    "test",
)


@pytest.mark.parametrize(
    "text, lang, found",
    [
        ("Zwei Türme stehen hier.", "de", {"tower"}),  # an inflected form, by its lemma
        ("Die Stürmer greifen an.", "de", set()),  # letters inside another word
        ("Du kannst die Karte aktivieren.", "de", set()),  # 'aktivieren' is no 'Vier'
        ("Am Spielende zählt ihr.", "de", {"end"}),  # the head of a compound, not its first part
        ("Stelle sie auf das Zielfeld.", "de", {"field"}),
        ("Move to the next space.", "en", {"field"}),  # any spelling
        ("Put it on the discard piles.", "en", {"discard"}),  # a term of several words, inflected
        ("Discard a card.", "en", set()),
    ],
)
def test_find(text, lang, found):
    assert GLOSSARY.find(text, lang) == found


def test_a_bad_glossary_is_one_clear_error():
    with pytest.raises(terms.GlossaryError, match="term 'x'"):
        terms.parse({"x": {"de": 3}}, "g.yaml")


def test_lemmas_come_from_simplemma_s_low_memory_dictionaries(monkeypatch):
    """The low-memory dictionaries give the same lemmas without decoding a whole dictionary first."""
    import simplemma

    asked = []
    monkeypatch.setattr(simplemma, "lemmatize", lambda word, lang, **options: asked.append(options) or word)
    terms.lemma.cache_clear()
    try:
        terms.lemma("Würfeln", "de")
    finally:
        terms.lemma.cache_clear()
    assert asked == [{"low_memory": True}]
