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
        "meld": {"de": ["Meldung", "melden"], "en": "meld"},
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
        ("Lege sie auf die Zielfeldern.", "de", {"field"}),  # an inflected compound simplemma does not know
        ("Das Melden kostet nichts.", "de", {"meld"}),  # the word as written ('Melden': simplemma's noun 'Melde')
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


BOARD = terms.parse(
    {
        "discard": {"de": "Ablagestapel", "en": "discard pile"},
        "pile": {"de": "Stapel", "en": "pile"},
        "board": {"de": "Spielfeld", "en": "board"},
        "space": {"de": "Feld", "en": "space"},
        "two": {"de": "Zieh 2", "en": "draw 2"},
        "skip": {"de": "Aussetzen", "en": "Skip"},
        "trick": {"de": "Stich", "en": "trick"},
    },
    "test",
)


@pytest.mark.parametrize(
    "text, lang, counted",
    [
        # a word says one term: the longest match (a term of more words, a whole word before a compound's head)
        ("Lege die Münze auf den Ablagestapel.", "de", {"discard": 1}),
        ("Put the coin on the discard pile, then on the pile.", "en", {"discard": 1, "pile": 1}),
        ("Das Spielfeld hat 9 Felder.", "de", {"board": 1, "space": 1}),
        # a number is a word of a term: 'drawn' is no 'draw 2'
        ("Play a draw 2 card; the cards to be drawn are added.", "en", {"two": 1}),
        # a capitalised spelling is a name: the card Skip, not the verb
        ("Skip lets you skip the next player.", "en", {"skip": 1}),
        ("Du kannst aussetzen oder Aussetzen spielen.", "de", {"skip": 1}),
        # where a link goes is no text
        ("See [the rules](./index.md#skip) and <https://example.org/skip>.", "en", {}),
    ],
)
def test_count(text, lang, counted):
    assert BOARD.count(text, lang) == counted


def test_a_compound_s_first_part_names_a_term_as_a_modifier_only():
    """'Stichpunkte' (trick points) names the trick as the first part of a compound: `modifiers`, not `find`."""
    assert BOARD.find("Zähle deine Stichpunkte.", "de") == set()
    assert BOARD.modifiers("Zähle deine Stichpunkte.", "de") == {"trick"}
    assert BOARD.modifiers("Count your trick points.", "en") == set()  # English writes the word alone: `find`
