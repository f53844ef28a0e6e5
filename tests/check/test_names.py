"""Tests of rulepress.check.names: which words say a name, at each level of `occurrences`."""

import shutil
from pathlib import Path

from rulepress.check.names import Name, NameFinder, names_of, occurrences
from rulepress.model import load_game

DATA = Path(__file__).parent.parent / "data" / "translations"

RECRUIT = Name("name", "tiles.recruit", {"de": ("Anwerbung",), "en": ("Recruit",)})
ACCUSATION = Name("name", "chips.accusation", {"de": ("Anklage",), "en": ("Accusation",)})
LAND = Name("term", "territory", {"de": ("Land", "Länder"), "en": ("territory", "territories")})
DISCARD = Name("term", "discard-pile", {"de": ("Abwurfstapel",), "en": ("discard pile",)})
LEADER = Name("term", "game-leader", {"de": ("Spielleiter",), "en": ("game leader", "leader")})
TURN = Name("term", "turn", {"de": ("Zug",), "en": ("turn",)}, {"de": ("Runde",), "en": ("round",)})


def test_firm_counts_a_name_inside_a_german_compound_of_five_letters_or_more():
    assert occurrences(RECRUIT, "Der leere Anwerbungsstapel entsteht neu.", "de", level="firm") == 1
    assert occurrences(LAND, "Landgrenzen sind gezeichnet.", "de", level="firm") == 0  # 'Land' is too short
    assert occurrences(RECRUIT, "recruited", "en", level="firm") == 0  # English: the words themselves


def test_counting_leaves_out_english_verb_forms_of_a_proper_name():
    text = "it shows which units can be recruited in its city"
    assert occurrences(RECRUIT, text, "en", level="lenient") == 1  # mentions: any form
    assert occurrences(RECRUIT, text, "en", level="counting") == 0
    trade = Name("term", "trade-in", {"de": ("eintauschen",), "en": ("trade in",)})
    assert occurrences(trade, "cards traded in", "en", level="counting") == 1  # a term may be a verb


def test_a_compound_head_stands_in_only_for_a_shortened_name():
    text = "sobald der andere Stapel ein Plättchen erhält"
    assert occurrences(DISCARD, text, "de", level="lenient") == 1
    assert occurrences(DISCARD, text, "de", level="counting") == 0
    assert occurrences(DISCARD, text, "de", partial=True, level="counting") == 1


def test_stems_find_an_english_paraphrase_of_a_name_only():
    assert occurrences(ACCUSATION, "Accuse instead of moving.", "en", level="stems") == 1
    assert occurrences(ACCUSATION, "Accuse instead of moving.", "en", level="firm") == 0
    assert occurrences(ACCUSATION, "Anklagepunkte", "de", level="stems") == 0


def test_a_spelling_of_several_words_counts_once_per_run():
    assert occurrences(LEADER, "The game leader moves the bomb.", "en", level="firm") == 1
    assert occurrences(LEADER, "The game leader asks the leader.", "en", level="firm") == 2
    assert occurrences(LEADER, "The game is led by the leader.", "en", level="firm") == 1


def test_keywords_level_counts_only_words_that_no_spelling_finds():
    assert occurrences(TURN, "In every round everybody takes a turn.", "en", level="keywords") == 1
    assert occurrences(TURN, "In every round everybody takes a turn.", "en", level="counting") == 2


def test_a_keyword_shared_by_two_terms_or_spelling_another_name_is_not_specific(tmp_path):
    game = tmp_path / "clean"
    shutil.copytree(DATA / "clean", game)
    path = game / "game.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            "glossary:\n",
            (
                "glossary:\n"
                "  - {id: start, de: Startfeld, en: start space, definition: {de: Der Anfang., en: The start.},\n"
                "     keywords: {de: [Platz, Beginn, Zahlenkarten], en: [place, beginning]}}\n"
                "  - {id: finish, de: Zielfeld, en: finish space, definition: {de: Das Ende., en: The end.},\n"
                "     keywords: {de: [Platz], en: [place]}}\n"
            ),
        ),
        encoding="utf-8",
    )
    names = {n.id: n for n in names_of(load_game(game))}
    assert names["start"].synonyms == {"de": ("Beginn",), "en": ("beginning",)}  # 'Zahlenkarten' names the deck
    assert names["finish"].synonyms == {"de": (), "en": ()}


def test_counted_and_inside():
    names = names_of(load_game(DATA / "clean"))
    finder = NameFinder(names, "de")
    counted = finder.counted("Ziehe 2 Felder vor, Feld für Feld.")
    assert counted["space"][1:] == ("Felder", 3)
    assert set(finder.inside("Der Zahlenkartenstapel")) == {"cards"}


COOP = Name("term", "cooperation-card", {"de": ("Kooperationskarte",), "en": ("cooperation card", "cooperation cards")})


def test_a_spelling_of_several_words_counts_together_or_near_in_order_only():
    assert occurrences(COOP, "his cooperation cards", "en", level="counting") == 1
    assert occurrences(COOP, "the cooperation and trade cards", "en", level="counting") == 1  # near, in order
    # its words elsewhere in the sentence, out of order: no use
    assert occurrences(COOP, "his thing cards with the 5 cards on the cooperation field", "en", level="counting") == 0
    # far apart in order: no use either
    assert occurrences(COOP, "cooperation is the aim of the game, so play your cards", "en", level="counting") == 0


def test_a_word_before_the_head_is_no_verb_form():
    tile = Name("term", "recruit-tile", {"de": ("Anwerbungsplättchen",), "en": ("recruit tile",)})
    assert occurrences(tile, "no recruit tile waits", "en", level="counting") == 1
    assert occurrences(tile, "the last unit recruited, a thing tile waits", "en", level="counting") == 0


def test_a_short_form_is_partial_only_where_the_other_language_has_none():
    from rulepress.check.names import shortened

    goal = Name("term", "goal-space", {"de": ("Zielfeld", "Ziel"), "en": ("goal space",)})
    assert shortened(goal, "Ziel", "de")
    both = Name("term", "goal-space", {"de": ("Zielfeld", "Ziel"), "en": ("goal space", "goal")})
    assert not shortened(both, "Ziel", "de")


def test_a_term_spelled_to_something_is_a_verb():
    assert Name("term", "recruit", {"de": ("anwerben",), "en": ("to recruit", "recruits")}).verb
    assert not LEADER.verb and not RECRUIT.verb


def test_a_german_compound_ellipsis_says_both_terms():
    recruit = Name("term", "recruit-tile", {"de": ("Anwerbungsplättchen",), "en": ("recruit tile",)})
    threat = Name("term", "threat-tile", {"de": ("Bedrohungsplättchen",), "en": ("threat tile",)})
    finder = NameFinder([recruit, threat], "de")
    assert set(finder.used("Plättchen vom Feld Nächstes Anwerbungs- / Bedrohungsplättchen")) == {
        "recruit-tile",
        "threat-tile",
    }
    assert set(NameFinder([recruit, threat], "en").used("the next recruit/threat tile")) == {
        "recruit-tile",
        "threat-tile",
    }
