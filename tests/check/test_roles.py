"""The part a glossary term plays in its sentence, and two terms whose roles cross between the languages."""

import pytest

from rulepress.check import roles, terms

GLOSSARY = terms.parse(
    {
        "coin": {"de": "Münze", "en": "coin"},
        "well": {"de": "Brunnen", "en": "well"},
        "tower": {"de": "Turm", "en": "tower"},
        "knight": {"de": "Ritter", "en": "knight"},
        "shield": {"de": "Schild", "en": "shield"},
        "leader": {"de": "Anführer", "en": "leader"},
        "round": {"de": "Runde", "en": "round"},
        "bag": {"de": "Beutel", "en": "bag"},
    },
    "test",
)


@pytest.mark.parametrize(
    "text, lang, expected",
    [
        # a preposition before the noun phrase, over articles, possessives and adjectives
        (
            "You carry the coin from the old well to your own tower.",
            "en",
            {"coin": {"object"}, "well": {"from"}, "tower": {"to"}},
        ),
        (
            "Trage die Münze vom alten Brunnen zu deinem Turm.",
            "de",
            {"coin": set(), "well": {"from", "of"}, "tower": {"to"}},
        ),
        # the sentence's subject; German case: 'den' is an object wherever it stands, 'des' an owner
        (
            "Der Ritter trägt den Schild des Anführers.",
            "de",
            {"knight": {"subject"}, "shield": {"object"}, "leader": {"of"}},
        ),
        ("Den Schild trägt der Ritter.", "de", {"shield": {"object"}, "knight": set()}),
        # 'den' before a plural is a dative: no object
        ("Der Ritter gibt den Türmen eine Münze.", "de", {"knight": {"subject"}, "tower": set(), "coin": set()}),
        # English: the possessive 's makes an owner; after a verb a noun phrase is an object, after 'is' a complement
        # (the owner is no part of the rest of the phrase: the coin is the complement, not the leader)
        (
            "The knight's shield is the leader's coin.",
            "en",
            {"knight": {"of"}, "shield": {"subject"}, "leader": {"of"}, "coin": {"complement"}},
        ),
        ("The first knight is Player 2's leader.", "en", {"knight": {"subject"}, "leader": {"complement"}}),
        # marks give a role and let the reading go on; 'per' / 'pro' govern
        ("Der Anführer wechselt jede Runde.", "de", {"leader": {"subject"}, "round": {"each", "object"}}),
        ("Only one coin may be paid per round.", "en", {"coin": {"subject", "only"}, "round": {"each"}}),
        ("Pro Runde darf nur eine Münze gezahlt werden.", "de", {"round": {"each"}, "coin": {"only"}}),
        # the noun phrase opening a clause after a conjunction is its subject
        (
            "Sobald der Ritter den Turm erreicht, endet die Runde.",
            "de",
            {"knight": {"subject", "when-clause"}, "tower": {"object", "when-clause"}, "round": {"main-clause"}},
        ),
        (
            "Once the knight reaches the tower, the round ends.",
            "en",
            {"knight": {"subject"}, "tower": {"object"}, "round": set()},
        ),
        # after a verb, a German phrase is an object where the sentence opens with its subject; 'und' is no verb
        (
            "Jeder Ritter sieht den Turm und die Münze.",
            "de",
            {"knight": {"each", "subject"}, "tower": {"object"}, "coin": set()},
        ),
        ("Jeder Ritter legt seine Münze ab.", "de", {"knight": {"each", "subject"}, "coin": {"object"}}),
        ("Dann legt seine Münze der Ritter ab.", "de", {"coin": set(), "knight": set()}),
        # a punctuation mark ends the reading: no role from across a comma
        ("From the tower, the knight walks.", "en", {"tower": {"from"}, "knight": set()}),
        # an infinitive 'to' is no preposition: 'the' stands between the verb and the noun
        ("You have to roll the coin.", "en", {"coin": {"object"}}),
    ],
)
def test_roles(text, lang, expected):
    assert {t: set(r) for t, r in roles.roles(text, lang, GLOSSARY).items()} == expected


def test_a_language_without_roles_in_its_lexicon_gives_none():
    glossary = terms.parse({"well": {"it": "pozzo"}, "tower": {"it": "torre"}}, "test")
    assert roles.roles("Dal pozzo alla torre.", "it", glossary) == {"well": frozenset(), "tower": frozenset()}
    assert roles.exchanged("Dal pozzo alla torre.", "it", "Dalla torre al pozzo.", "it", glossary) is None


def test_french_roles():
    glossary = terms.parse(
        {
            "coin": {"fr": "pièce", "en": "coin"},
            "well": {"fr": "puits", "en": "well"},
            "tower": {"fr": "tour", "en": "tower"},
        },
        "test",
    )
    fr = "Le chevalier porte la pièce depuis le puits vers la tour."
    assert {t: set(r) for t, r in roles.roles(fr, "fr", glossary).items()} == {
        "coin": {"object"},
        "well": {"from"},
        "tower": {"to"},
    }
    assert roles.exchanged(fr, "fr", "The knight carries the coin from the well to the tower.", "en", glossary) is None
    found = roles.exchanged(fr, "fr", "The knight carries the coin from the tower to the well.", "en", glossary)
    assert found == ("tower", "well", "to", "from")
    # 'de' before a measure says no 'from' (nor 'of'): 'se déplacer d'exactement 1 case'
    found = roles.roles("Il quitte la tour et se déplace d'exactement 1 puits.", "fr", glossary)
    assert found["well"].isdisjoint({"from", "of"})


@pytest.mark.parametrize(
    "de, en, expected",
    [
        # two prepositions cross
        (
            "Trage die Münze vom Brunnen zum Turm.",
            "Carry the coin from the tower to the well.",
            ("tower", "well", "to", "from"),
        ),
        # subject and object cross (German case marks the object)
        ("Der Ritter trägt den Schild.", "The shield carries the knight.", ("knight", "shield", "subject", "object")),
        # subject and complement of 'is' / 'ist'
        (
            "Der erste Ritter ist der Anführer von Spieler 1.",
            "The first leader is Player 1's knight.",
            ("knight", "leader", "subject", "complement"),
        ),
        # a mark crosses a subject: 'jede Runde' / 'each leader'
        ("Der Anführer wechselt jede Runde.", "The round changes each leader.", ("leader", "round", "subject", "each")),
        # a preposition's role goes from one term to the other, both having roles on both sides
        (
            "Du zahlst mit dem Schild auf dem Turm.",
            "You pay with the tower from the shield.",
            ("shield", "tower", "with", "with"),
        ),
    ],
)
def test_exchanged_terms(de, en, expected):
    assert roles.exchanged(de, "de", en, "en", GLOSSARY) == expected


@pytest.mark.parametrize(
    "de, en",
    [
        # the same roles in another order: no finding (German and English order terms differently)
        ("Vom Brunnen trägst du die Münze zum Turm.", "Carry the coin from the well to the tower."),
        ("Zum Turm trägst du die Münze vom Brunnen.", "Carry the coin from the well to the tower."),
        # an object put first, the subject after the verb
        ("Den Schild trägt der Ritter.", "The knight carries the shield."),
        # a term with a role on one side only is no crossing
        ("Der Ritter legt die Münze in den Beutel.", "The knight's coin goes into the bag."),
        # a distributive 'each' moves between the terms of a faithful translation: a mark is no preposition
        ("Jeder Ritter hat jeweils 4 Münzen in einem Beutel.", "Each knight has 4 coins in each bag."),
    ],
)
def test_no_exchange(de, en):
    assert roles.exchanged(de, "de", en, "en", GLOSSARY) is None


def _clause_roles(text: str, lang: str, glossary=GLOSSARY) -> dict[str, set[str]]:
    return {t: {r for r in found if r.endswith("-clause")} for t, found in roles.roles(text, lang, glossary).items()}


FRENCH = terms.parse(
    {
        "coin": {"fr": "pièce", "en": "coin"},
        "well": {"fr": "puits", "en": "well"},
        "tower": {"fr": "tour", "en": "tower"},
    },
    "test",
)


@pytest.mark.parametrize(
    "text, lang, expected",
    [
        # the clause runs from its opener to the comma closing it; the other terms stand in the main clause
        ("If the knight reaches the tower, take a coin.", "en", {"knight": {"if"}, "tower": {"if"}, "coin": {"main"}}),
        (
            "Take a coin when the knight reaches the tower.",
            "en",
            {"coin": {"main"}, "knight": {"when"}, "tower": {"when"}},
        ),
        # parentheses are skipped: their comma closes nothing
        (
            "Unless the knight (or the leader, once) has a coin, roll.",
            "en",
            {"knight": {"if"}, "leader": {"if"}, "coin": {"if"}},
        ),
        # German: 'wenn' says if and when; the comma closing the clause follows its final verb, not a noun of a list
        (
            "Wenn der Ritter, der Turm und der Brunnen frei sind, nimm eine Münze.",
            "de",
            {"knight": {"if", "when"}, "tower": {"if", "when"}, "well": {"if", "when"}, "coin": {"main"}},
        ),
        (
            "Nimm eine Münze, sobald der Ritter den Turm erreicht.",
            "de",
            {"coin": {"main"}, "knight": {"when"}, "tower": {"when"}},
        ),
        # a sentence with no such clause gives no clause roles
        ("The knight takes a coin from the tower.", "en", {"knight": set(), "coin": set(), "tower": set()}),
    ],
)
def test_clause_roles(text, lang, expected):
    assert _clause_roles(text, lang) == {t: {f"{k}-clause" for k in kinds} for t, kinds in expected.items()}


def test_french_clause_roles():
    assert _clause_roles("S'il a une pièce, le puits reste dans la tour.", "fr", FRENCH) == {
        "coin": {"if-clause"},
        "well": {"main-clause"},
        "tower": {"main-clause"},
    }
    assert _clause_roles("Prends une pièce lorsque le puits est vide.", "fr", FRENCH) == {
        "coin": {"main-clause"},
        "well": {"when-clause"},
    }


@pytest.mark.parametrize(
    "de, en, expected",
    [
        # a term in the if-clause on one side and in the main clause on the other, the other term the other way
        (
            "Wenn du eine Münze nimmst, erreiche den Turm.",
            "If you reach the tower, take a coin.",
            ("coin", "tower", "if-clause", "main-clause"),
        ),
        (
            "Falls du den Schild (und den Beutel) hast, nimm eine Münze.",
            "If you have a coin, take the shield.",
            ("coin", "shield", "main-clause", "if-clause"),
        ),
        # a term said twice: its use that moved is counted, not hidden behind the other ('In Runde 9 ... in der
        # letzten Runde')
        (
            "In Anführer 9 wird deine Runde stärker (wie in der letzten Runde).",
            "In round 9, your leader grows stronger (as in the last round).",
            ("leader", "round", "in", "in"),
        ),
    ],
)
def test_exchanged_clauses_and_uses(de, en, expected):
    assert roles.exchanged(de, "de", en, "en", GLOSSARY) == expected


@pytest.mark.parametrize(
    "de, en",
    [
        ("Wenn du den Turm erreichst, nimm eine Münze.", "If you reach the tower, take a coin."),
        ("Nimm eine Münze, wenn du den Turm erreichst.", "If you reach the tower, take a coin."),
        (
            "In Runde 9 wird dein Anführer stärker (wie in der letzten Runde).",
            "In round 9, your leader grows stronger (as in the last round).",
        ),
    ],
)
def test_no_exchange_of_clauses(de, en):
    assert roles.exchanged(de, "de", en, "en", GLOSSARY) is None


def test_uses_give_the_roles_of_each_use():
    found = roles.uses("In Runde 9 zählt die letzte Runde.", "de", GLOSSARY)
    assert [(t, set(r)) for t, r in found] == [("round", {"in"}), ("round", set())]


@pytest.mark.parametrize(
    "text_a, lang_a, text_b, lang_b, expected",
    [
        # a term counted each on one side and one on the other, a distributive 'je' elsewhere answers nothing
        ("Take one coin from each tower.", "en", "Nimm je eine Münze aus einem Turm.", "de", ("tower", "each", "one")),
        ("Nimm je eine Münze aus einem Turm.", "de", "Take one coin from each tower.", "en", ("tower", "one", "each")),
        ("Prends une pièce de chaque tour.", "fr", "Take a coin from one tower.", "en", ("tower", "each", "one")),
        # the same count on both sides
        ("Take one coin from each tower.", "en", "Nimm je eine Münze aus jedem Turm.", "de", None),
        ("Prends une pièce de chaque tour.", "fr", "Take a coin from each tower.", "en", None),
        # 'a' is no 'one' in English; a term said twice on a side is not compared
        ("Take a coin from each tower.", "en", "Nimm eine Münze aus jedem Turm.", "de", None),
        ("Each tower gives one tower.", "en", "Jeder Turm gibt einen Turm.", "de", None),
    ],
)
def test_quantified(text_a, lang_a, text_b, lang_b, expected):
    glossary = terms.parse(
        {"coin": {"de": "Münze", "en": "coin", "fr": "pièce"}, "tower": {"de": "Turm", "en": "tower", "fr": "tour"}},
        "test",
    )
    assert roles.quantified(text_a, lang_a, text_b, lang_b, glossary) == expected


def _part_roles(text: str, lang: str) -> dict[str, set[str]]:
    return {t: {r for r in found if r.startswith("and-")} for t, found in roles.roles(text, lang, GLOSSARY).items()}


@pytest.mark.parametrize(
    "text, lang, expected",
    [
        # two main clauses, each with a verb: an imperative before an article or a pronoun, a German final verb
        (
            "Take the coin from the well and put it in the tower.",
            "en",
            {"coin": {"1/2"}, "well": {"1/2"}, "tower": {"2/2"}},
        ),
        (
            "Die Münze des Brunnens nehmen und in den Turm legen.",
            "de",
            {"coin": {"1/2"}, "well": {"1/2"}, "tower": {"2/2"}},
        ),
        ("Nimm die Münze und lege sie in den Turm.", "de", {"coin": {"1/2"}, "tower": {"2/2"}}),
        # a coordination of nouns or of phrases without a verb each (up to a comma) is one clause
        ("Take the coin and the shield.", "en", {"coin": set(), "shield": set()}),
        ("Nimm die Münze aus Brunnen und Turm.", "de", {"coin": set(), "well": set(), "tower": set()}),
        (
            "After taking the coin and declaring the round, the knight moves.",
            "en",
            {"coin": set(), "round": set(), "knight": set()},
        ),
    ],
)
def test_coordinated_main_clauses(text, lang, expected):
    assert _part_roles(text, lang) == {t: {f"and-{p}" for p in parts} for t, parts in expected.items()}


def test_terms_that_change_their_coordinated_main_clause_are_exchanged():
    en = "Take the coin from the well and put it in the tower."
    de = "Die Münze des Brunnens nehmen und in den Turm legen."
    assert roles.exchanged(de, "de", en, "en", GLOSSARY) is None
    found = roles.exchanged(de, "de", "Take the coin from the tower and put it in the well.", "en", GLOSSARY)
    assert found is not None and {found[0], found[1]} == {"tower", "well"}


def test_clause_roles_do_not_give_a_term_the_roles_a_preposition_move_needs():
    # 'to' moves from one term to the other only where both have word roles on both sides; the German 'Gebot'
    # has none ('going out' reads an infinitive 'to': 'choose to go out')
    glossary = terms.parse({"bid": {"de": "Gebot", "en": "bid"}, "tower": {"de": "Turm", "en": "tower"}}, "test")
    de = "Gehe zum Turm, wenn Gebot steht."
    en = "If you choose to bid, the tower stands."
    assert roles.exchanged(de, "de", en, "en", glossary) is None
