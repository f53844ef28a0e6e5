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
            {"knight": {"subject"}, "tower": {"object"}, "round": set()},
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
