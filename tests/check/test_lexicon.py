"""The lexicons (templates/lexicons/*.yaml) find what decides a rule, and not what only looks like it."""

from fractions import Fraction

import pytest

from rulepress.check import lexicon


def said(text: str, lang: str) -> list[tuple[str, object, bool]]:
    return [(s.category, s.value, s.weak) for s in lexicon.signals(text, lang)]


@pytest.mark.parametrize("lang", ["de", "en", "fr"])
def test_every_lexicon_file_reads(lang):
    assert lexicon.load(lang) is not None


@pytest.mark.parametrize(
    "text, lang, wanted",
    [
        ("Du darfst höchstens 3 Karten ziehen.", "de", ("bound", "max")),
        ("nicht mehr als zwei", "de", ("bound", "max")),
        ("You may draw no more than 2 cards.", "en", ("bound", "max")),
        ("at least one", "en", ("bound", "min")),
        ("Jeder Spieler zieht", "de", ("quantifier", "each")),
        ("im Uhrzeigersinn", "de", ("direction", "clockwise")),
        ("gegen den Uhrzeigersinn", "de", ("direction", "counterclockwise")),
        ("counter-clockwise", "en", ("direction", "counterclockwise")),
        ("bevor du ziehst", "de", ("time", "before")),
        ("Wenn du keine Karte hast", "de", ("condition", "if")),
        ("es sei denn, du passt", "de", ("condition", "unless")),
        ("a red card", "en", ("colour", "red")),
        ("You must pass", "en", ("modality", "must")),
        ("Der Läufer muß zurück", "de", ("modality", "must")),  # the spelling before 1996
        ("Nur wer eine Münze hat, darf kaufen", "de", ("condition", "only_if")),
    ],
)
def test_finds_the_signal(text, lang, wanted):
    assert wanted in [(c, v) for c, v, weak in said(text, lang) if not weak]


@pytest.mark.parametrize("text, wanted", [("Zieh 1 Feld nach oben", "above"), ("und 2 nach unten", "below")])
def test_nach_oben_is_a_direction_not_a_time_word(text, wanted):
    found = said(text, "de")
    assert ("direction", wanted, True) in found and not any(c == "time" for c, _v, _w in found)


def test_longest_phrase_uses_its_words_up():
    # 'no more than' is a bound, not a negation; 'nicht mehr als' likewise
    assert [c for c, _, _ in said("no more than 2", "en")] == ["bound", "number"]
    assert "negation" not in [c for c, _, _ in said("nicht mehr als zwei", "de")]


@pytest.mark.parametrize(
    "text, lang",
    [
        ("regardless of colour", "en"),
        ("No", "en"),
        ("Nein", "de"),
        ("unabhängig davon", "de"),
    ],
)
def test_no_negation(text, lang):
    assert "negation" not in [c for c, _, _ in said(text, lang)]


def test_german_ordinals_need_a_determiner():
    assert ("number", Fraction(8), False) not in said("Achte darauf, dass du ziehst.", "de")
    assert ("number", Fraction(8), False) in said("die achte Karte", "de")


def test_card_plurals_halves_and_multiplicatives():
    assert ("number", Fraction(2), False) in said("alle Zweien", "de")
    assert ("number", Fraction(1, 2), False) in said("die Hälfte", "de")
    assert ("number", Fraction(2), False) in said("doppelt so viele", "de")
    assert ("number", Fraction(3), False) in said("triple the points", "en")


def test_german_article_ein_is_weak_and_a_pronoun_one_too():
    assert ("number", Fraction(1), True) in said("Ziehe eine Karte.", "de")
    assert ("number", Fraction(1), True) in said("If you have one, play it.", "en")
    assert ("number", Fraction(1), False) in said("Draw one card.", "en")


def test_english_articles_say_one_weakly_as_german_ein_does():
    assert said("Draw a card and an extra token.", "en") == [("number", Fraction(1), True)] * 2
    assert ("number", Fraction(1, 3), False) in said("a third of the cards", "en")  # the longer phrase wins


@pytest.mark.parametrize(
    "text, lang", [("pass without bidding", "en"), ("passen, ohne zu bieten", "de"), ("passer sans enchérir", "fr")]
)
def test_without_is_a_negation_of_its_own(text, lang):
    """'without' negates what follows it, never a verb's 'may': it is told apart from 'not'."""
    assert [(c, v) for c, v, _ in said(text, lang) if c == "negation"] == [("negation", "without")]


@pytest.mark.parametrize("text, lang", [("with an empty hand", "en"), ("mit leerer Hand", "de")])
def test_empty_says_no_weakly(text, lang):
    assert ("negation", "not", True) in said(text, lang)


@pytest.mark.parametrize(
    "text, lang, alone",
    [
        ("with an empty hand", "en", True),
        ("instead of growing", "en", True),
        ("an unofficial edition", "en", False),
        ("statt zu ziehen", "de", True),
        ("mit leerer Hand", "de", True),
        ("das unbesetzte Feld", "de", False),
        ("au lieu de piocher", "fr", True),
        ("Ne combinez que deux variantes", "fr", False),
    ],
)
def test_a_weak_negation_that_negates_alone(text, lang, alone):
    """``negates_alone`` (every lexicon): the weak negations that negate on their own, not an affix or a particle."""
    weak = [s for s in lexicon.signals(text, lang) if s.category == "negation" and s.weak]
    assert weak and any(lexicon.negates_alone(s, lang) for s in weak) == alone


def test_negates_alone_of_a_lexicon_is_checked():
    with pytest.raises(lexicon.LexiconError, match="negates_alone"):
        lexicon.parse({"negates_alone": ["(statt"]}, "xx")
    assert lexicon.parse({"negates_alone": ["instead of"]}, "xx").negates_alone[0].fullmatch("Instead  of")


def test_phrases_do_not_cross_punctuation():
    assert ("condition", "only_if") not in [(c, v) for c, v, _ in said("(4-player games only): if you win", "en")]


def test_a_bad_lexicon_is_an_error():
    with pytest.raises(lexicon.LexiconError):
        lexicon.parse({"signals": {"negation": {"not": [False]}}}, "xx")


def test_roles_of_a_lexicon_are_lists_of_phrases():
    with pytest.raises(lexicon.LexiconError, match="roles.governs.from"):
        lexicon.parse({"roles": {"governs": {"from": "von"}}}, "xx")
    with pytest.raises(lexicon.LexiconError, match="roles.determiners"):
        lexicon.parse({"roles": {"determiners": ["(der"]}}, "xx")
    assert lexicon.parse({"roles": {"governs": {"from": ["von"]}}}, "xx").roles == {"governs": {"from": ["von"]}}


@pytest.mark.parametrize("lang", ["de", "en", "fr"])
def test_each_lexicon_names_clause_openers_and_the_words_saying_one(lang):
    """`roles.clause_openers` (if- and when-clauses) and `roles.one` (a determiner saying one) in every lexicon."""
    data = lexicon.load(lang).roles
    assert set(data["clause_openers"]) == {"if", "when"}
    assert all(isinstance(p, str) and p for phrases in data["clause_openers"].values() for p in phrases)
    assert data["one"]


def test_clause_openers_and_one_of_a_lexicon_are_checked():
    with pytest.raises(lexicon.LexiconError, match="roles.clause_openers.if"):
        lexicon.parse({"roles": {"clause_openers": {"if": "wenn"}}}, "xx")
    with pytest.raises(lexicon.LexiconError, match="roles.one"):
        lexicon.parse({"roles": {"one": ["(ein"]}}, "xx")


def test_silent_names_the_phrases_that_say_nothing():
    """What the benchmark leaves alone: 'any longer' says no 'any', 'nicht nur' no negation."""
    assert lexicon.silent("They cannot stay any longer, and each other player waits.", "en") == [
        "any longer",
        "each other",
    ]
    assert lexicon.silent("Nicht nur der Geber zieht.", "de") == ["Nicht nur"]
    assert [s.category for s in lexicon.signals("They cannot stay any longer.", "en")] == ["negation", "modality"]


@pytest.mark.parametrize(
    "text, lang", [("All Fascists who are NOT Hitler open their eyes", "en"), ("Du darfst NICHT passen.", "de")]
)
def test_a_word_in_capitals_inside_a_sentence_is_emphasis_not_a_name(text, lang):
    """``capitalised_inside_no_signal`` reads a capitalised word inside a sentence as a name ('Adjacent Revival',
    'die Rechten'); a word written all in capitals ('NOT', 'NICHT') is emphasis and says what it says."""
    assert ("negation", "not", False) in said(text, lang)
    assert said("Play the Adjacent Revival variant.", "en") == [] and said("die Rechten", "de") == []


@pytest.mark.parametrize("text, lang", [("Lo importante es ganar, ¿no?", "es"), ("You pass, no?", "en")])
def test_a_question_tag_is_no_negation(text, lang):
    assert "negation" not in [c for c, _, _ in said(text, lang)]
    assert ("negation", "not", False) in said("Si no puedes jugar, pasa.", "es")  # a 'no' inside its clause


def test_spanish_ningun_negates_and_a_negated_puede_forbids():
    found = said("Ningún jugador puede ser investigado dos veces.", "es")
    assert ("negation", "not", False) in found and ("modality", "forbidden", False) in found
    assert ("modality", "may", False) in said("Cualquier jugador puede ser investigado dos veces.", "es")


@pytest.mark.parametrize("text", ["an invalid clue", "an illegal move", "It is impossible.", "To avoid receiving cues"])
def test_english_negative_adjectives_and_avoid_say_no_weakly(text):
    """'una pista no válida' / 'an invalid clue', 'para no recibir' / 'to avoid receiving': a weak negation."""
    assert [(c, v, weak) for c, v, weak in said(text, "en") if c == "negation"] == [("negation", "not", True)]


def test_spanish_unico_says_only_weakly():
    assert ("bound", "only", True) in said("Es el único momento en que debes decir la verdad.", "es")
