"""The translator's check of two bare files: findings per aligned pair, baseline, formats, exit codes."""

import json
import shutil
from pathlib import Path

import pytest

from rulepress.cli import main

CORPUS = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "translation-corpus"
DE = """# Spielregeln

Jeder Spieler erhält 5 Karten. Der Startspieler wird ausgelost.

## Ablauf

Der Spieler links vom Startspieler beginnt. Das Spiel geht im Uhrzeigersinn weiter.
Du darfst höchstens 2 Karten ablegen, bevor du ziehst. Wenn du keine Karte ablegen kannst, ziehst du eine.

- Lege eine rote Karte ab.
- Nimm zwei Münzen.
"""
EN = """# Rules

Each player receives 5 cards. The starting player is drawn by lot.

## Play

The player to the left of the starting player begins. Play continues clockwise. You may discard at most 2 cards before you draw.
If you cannot discard a card, you draw one.

- Discard a red card.
- Take two coins.
"""


@pytest.fixture
def texts(tmp_path):
    (tmp_path / "rules.de.md").write_text(DE, encoding="utf-8")
    (tmp_path / "rules.en.md").write_text(EN, encoding="utf-8")
    return tmp_path


def check(folder, *extra, capsys):
    code = main(["check", "translations", "--pair", str(folder / "rules.de.md"), str(folder / "rules.en.md"), *extra])
    return code, capsys.readouterr().out


def test_a_faithful_translation_has_no_finding(texts, capsys):
    code, out = check(texts, capsys=capsys)
    assert code == 0, out
    assert "0 findings" in out


@pytest.mark.parametrize(
    "old, new, kind, words",
    [
        ("at most 2", "at least 2", "bound", "'at least'"),
        ("to the left", "to the right", "direction", "'to the right'"),
        ("before you draw", "after you draw", "time", "'after'"),
        ("Each player", "One player", "quantifier", "'Jeder'"),
        ("If you cannot discard a card, you draw one.", "You draw one card.", "condition", "'Wenn'"),
        ("5 cards", "6 cards", "number", "6"),
        ("a red card", "a blue card", "colour", "'blue'"),
    ],
)
def test_an_injected_mistake_is_named_with_both_sentences(texts, capsys, old, new, kind, words):
    path = texts / "rules.en.md"
    path.write_text(EN.replace(old, new), encoding="utf-8")
    code, out = check(texts, "--format", "json", capsys=capsys)
    assert code == 1
    findings = json.loads(out)["findings"]
    hit = [f for f in findings if f["kind"] == kind and words in f["message"]]
    assert hit, findings
    assert hit[0]["text"] and hit[0]["other_text"] and hit[0]["line"] and hit[0]["other"]
    # the message quotes the sentence of the language it is about first
    about = "German" if hit[0]["lang"] == "de" else "English"
    assert f"{about} {hit[0]['text'][:20]!r}"[:-1] in hit[0]["message"]


def test_a_dropped_list_item_is_said_in_one_language_only(texts, capsys):
    (texts / "rules.en.md").write_text(EN.replace("- Take two coins.\n", ""), encoding="utf-8")
    code, out = check(texts, "--format", "json", capsys=capsys)
    assert code == 1
    findings = json.loads(out)["findings"]
    assert [(f["kind"], f["line"], f["text"]) for f in findings] == [("dropped-item", 11, "Nimm zwei Münzen.")]
    assert "item only in German, English says nothing for it: German 'Nimm zwei Münzen.'" in findings[0]["message"]


def test_accepted_findings_stay_accepted_until_a_sentence_changes(texts, capsys):
    (texts / "rules.en.md").write_text(EN.replace("at most 2", "at least 2"), encoding="utf-8")
    assert check(texts, capsys=capsys)[0] == 1
    assert check(texts, "--accept", capsys=capsys)[0] == 0
    assert (texts / "translations-accepted.yaml").is_file()
    code, out = check(texts, capsys=capsys)
    assert code == 0 and "(accepted)" in out
    # moving the sentence keeps it accepted; changing the other one brings it back
    (texts / "rules.en.md").write_text("\n" + EN.replace("at most 2", "at least 2"), encoding="utf-8")
    assert check(texts, capsys=capsys)[0] == 0
    (texts / "rules.de.md").write_text(DE.replace("bevor du ziehst", "bevor du eine Karte ziehst"), encoding="utf-8")
    assert check(texts, capsys=capsys)[0] == 1


def test_sarif_output(texts, capsys):
    (texts / "rules.en.md").write_text(EN.replace("clockwise", "counterclockwise"), encoding="utf-8")
    code, out = check(texts, "--format", "sarif", capsys=capsys)
    log = json.loads(out)
    assert code == 1 and log["version"] == "2.1.0"
    run = log["runs"][0]
    rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
    result = run["results"][0]
    assert result["ruleId"] in rules and rules[result["ruleIndex"]] == result["ruleId"]
    assert result["locations"][0]["physicalLocation"]["region"]["startLine"] >= 1
    assert result["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith(".md")


@pytest.mark.parametrize(
    "args, message",
    [
        (["missing.de.md", "missing.en.md"], "no such file"),
        (["rules", "rules.en.md"], "cannot tell its language"),
    ],
)
def test_bad_input_is_exit_2_with_one_line(texts, capsys, monkeypatch, args, message):
    monkeypatch.chdir(texts)
    shutil.copy(texts / "rules.de.md", texts / "rules")
    code = main(["check", "translations", "--pair", *args])
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err


def test_a_real_translation_stays_nearly_silent(capsys):
    folder = CORPUS / "binokel"
    code = main(
        [
            "check",
            "translations",
            "--pair",
            str(folder / "rules.de.md"),
            str(folder / "rules.en.md"),
            "--format",
            "json",
            "--baseline",
            str(folder / "none.yaml"),
        ]
    )
    data = json.loads(capsys.readouterr().out)
    assert data["pairs"] > 100
    assert len(data["findings"]) <= 0.03 * data["pairs"]
    assert code in (0, 1)


def test_glossary_terms_swapped(texts, capsys):
    (texts / "translations-glossary.yaml").write_text(
        "coin: {de: Münze, en: coin}\ncard: {de: Karte, en: card}\n", encoding="utf-8"
    )
    assert check(texts, capsys=capsys)[0] == 0
    (texts / "rules.en.md").write_text(EN.replace("Take two coins.", "Take two cards."), encoding="utf-8")
    code, out = check(texts, capsys=capsys)
    assert code == 1 and "term: terms differ: 'card' in English where German says 'Münze'" in out


def _findings(de: str, en: str, langs: tuple[str, str] = ("de", "en")) -> list:
    """The findings on two one-paragraph texts, German (or `langs`) and English taken as equally long (a whole
    text's ratio)."""
    from rulepress.check import align, aligned
    from rulepress.check.pairs import Paragraph

    sides = [
        aligned.Side(lang, f"rules.{lang}.md", align.units([Paragraph(1, t)], lang)) for lang, t in zip(langs, (de, en))
    ]
    return [f for pair in aligned.compare(*sides, ratio=1.0) for f in pair.findings]


def test_a_swap_is_seen_where_the_same_word_stays_elsewhere_in_the_sentence():
    """'after' said twice against 'nach ... vor': one of them was 'before' (weak words counted)."""
    de = "Anstatt des Spielers nach dir, kann der Spieler vor dir wieder spielen."
    assert _findings(de, "Instead of the player after you, the player before you will be able to play again.") == []
    found = _findings(de, "Instead of the player after you, the player after you will be able to play again.")
    assert [(f.kind, f.words, f.other_words) for f in found] == [("time", "after", "vor")]


def test_a_swap_of_two_weak_time_words_is_seen_but_a_phrase_s_second_signal_is_no_time_word():
    de = "Einmal pro Partie darf jeder Spieler eine bereits danach kollabierte Karte wieder aktivieren."
    found = _findings(de, "Once per game, each player may revive a previously collapsed card.")
    assert [(f.kind, f.words, f.other_words) for f in found] == [("time", "previously", "danach")]
    assert _findings("Danach beginnt die erste Runde.", "Then the first round begins.") == []  # 'first': before, too


def test_a_name_written_alike_holds_a_list_together_when_an_item_is_dropped():
    from rulepress.check import align
    from rulepress.check.pairs import Paragraph

    de = align.units(
        [Paragraph(1, "1. Den Dabb aufnehmen\n2. Die Trumpffarbe bestimmen\n3. Vier Karten abdrücken")], "de"
    )
    en = align.units([Paragraph(1, "1. Take the Dabb\n3. Lay four cards away")], "en")
    assert align.align(de, en) == [([0], [0]), ([1], []), ([2], [1])]


def test_a_sentence_that_lost_its_clause_is_much_shorter_than_its_counterpart():
    de = "Wer mehrere Spielsteine auf der Laufbahn stehen hat, kann sich aussuchen, mit welchem Stein er weiterzieht."
    found = _findings(de, "You can choose which piece to move next.")
    assert [(f.kind, f.lang, f.text) for f in found] == [("dropped-sentence", "de", de)]
    full = "If you have several playing pieces on the board, you can choose which piece to move next."
    assert _findings(de, full) == []


def test_one_sentence_saying_much_more_than_the_two_joined_against_it_lost_a_clause():
    """A condition said without a condition word ('Eine über den Rand hinausgeschobene Karte') and dropped from
    the two sentences of the other side: the one sentence is much longer than both together."""
    de = (
        "Eine über den äußeren Rand des Spielfelds hinausgeschobene Karte bleibt an ihrer neuen Position im "
        "Spiel, überschreitet den Rand nicht erneut und verlässt das Spiel nicht."
    )
    en = "It remains in play in its new position. It does not wrap around or leave the game."
    whole = "If a card is pushed beyond the outer edge of the board, " + en[0].lower() + en[1:]
    assert "dropped-sentence" not in [f.kind for f in _findings(de, whole)]
    found = _findings(de, en)
    assert [(f.kind, f.lang, f.text) for f in found] == [("dropped-sentence", "de", de)]


def test_each_said_as_one_is_seen_where_a_weak_each_stays_in_the_sentence():
    """'pro' / 'per' still say each, but one side says each once more, firmly, and the other 'one' once more
    (English 'a' counts as one, as German 'ein' does)."""
    de = "Das Spiel hat ein Blatt mit zwei Exemplaren jeder Karte (8 verschiedene Karten pro Farbe)."
    en = "The game has a deck with two copies of each card (8 unique cards per suit)."
    assert _findings(de, en) == []
    found = _findings(de, en.replace("each card", "one card"))
    assert [(f.kind, f.lang, f.words, f.other_words) for f in found] == [("quantifier", "en", "one", "jeder")]
    found = _findings(de.replace("jeder Karte", "einer Karte"), en)
    assert [(f.kind, f.lang, f.words, f.other_words) for f in found] == [("quantifier", "de", "einer", "each")]


def test_each_against_one_is_no_finding_where_the_other_side_says_each_weakly_as_often_or_says_any():
    assert _findings("Spielplan, jeweils 4 Figuren in einer Farbe", "Game board, 4 pieces in each colour") == []
    de = "Dürfte man in jedem späteren Zug erneut vorschlagen, solange die Bombe dort steht:"
    assert _findings(de, "If a proposal could be made again on any later turn while the bomb stays there:") == []


def test_a_negation_dropped_where_a_without_stays_is_seen():
    """'nicht' against 'cannot ... without': a 'without' answers a 'nicht' of the other side, but not where
    that side says a modal verb too ('can pass without bidding' lost the negation of 'darf nicht passen')."""
    de = "Der erste Bieter muss bieten (er darf nicht passen, ohne zuvor zu bieten)."
    en = "The first bidder must bid (they cannot pass without bidding first)."
    assert _findings(de, en) == []
    found = _findings(de, en.replace("cannot", "can"))
    assert ("negation", "de", "nicht") in [(f.kind, f.lang, f.words) for f in found]  # and 'darf nicht' / 'can'
    assert "modality" in [f.kind for f in found]
    assert _findings("Ziehe, ohne zu würfeln.", "Draw, but do not roll the die.") == []
    assert _findings("Ziehe, aber würfle nicht.", "Draw without rolling the die.") == []


def test_an_empty_hand_says_no_cards():
    de = "Wer keine Karten mehr auf der Hand hat, gewinnt."
    assert _findings(de, "Whoever has an empty hand wins.") == []


def test_a_weak_negation_alone_against_no_negation_at_all_is_a_warning():
    """A weak word that negates alone (lexicon ``negates_alone``: 'empty', 'instead of') answers a firm
    negation, but where the other side says no negation at all the negation was lost: a finding of low
    severity. An affix ('unofficial' / 'inoffizielle') never is one."""
    de = "Wer keine Karten mehr auf der Hand hat, gewinnt."
    found = _findings(de.replace("keine", "eine"), "Whoever has an empty hand wins.")
    assert [(f.kind, f.lang, f.words, f.severity) for f in found] == [("negation", "en", "empty", "warning")]
    de = "In Runde 9 wird dein Rivale nicht mehr stärker, sondern erhält 1 Siegpunkt."
    en = "In Round 9, instead of growing stronger, your Rival gains 1 victory point."
    assert _findings(de, en) == []
    found = _findings(de.replace("nicht ", ""), en)
    assert [(f.kind, f.lang, f.words, f.severity) for f in found] == [("negation", "en", "instead of", "warning")]
    assert _findings("Diese inoffizielle Edition zeigt den Aufbau.", "This unofficial edition shows the setup.") == []


def test_a_weak_negation_answers_one_negation_not_two():
    """'statt' answers 'instead of'; it does not also answer the 'doesn't' beside it."""
    de = "Glaubt der Spieler, sein Gebot nicht zu erreichen, darf er abgehen statt abzulegen."
    en = "If the player doesn't think they can make their bid, they can go out instead of laying away."
    assert [f.kind for f in _findings(de, en)] == []
    found = _findings(de.replace("nicht ", ""), en)
    assert [(f.kind, f.lang, f.words) for f in found] == [("negation", "en", "doesn't")]


def test_a_negated_modal_verb_forbids_or_does_not_oblige():
    """'darf nicht' / 'cannot' forbid, 'muss nicht' / 'need not' do not oblige: the translator's false friend
    'muss nicht' for 'must not' is a finding; 'must not' and 'darf nicht' agree."""
    assert _findings("Du darfst nicht passen.", "You must not pass.") == []
    assert _findings("Du musst nicht passen.", "You do not have to pass.") == []
    found = _findings("Du musst nicht passen.", "You cannot pass.")
    assert [f.kind for f in found] == ["modality"]
    found = _findings(
        "Sobald ein Spieler keinen Zug mehr ausführen muss, endet die Partie.",
        "The game ends as soon as a player cannot make a move.",
    )
    assert [f.kind for f in found] == ["modality"]
    assert (
        _findings(
            "Nach dem Einsetzen darf man angreifen, muss aber nicht.",
            "After placing you may attack, but you do not have to.",
        )
        == []
    )
    assert (
        _findings(
            "Bewegt werden dürfen nur Armeen, die nicht am Kampf beteiligt waren.",
            "Only armies that took no part in a battle may be moved.",
        )
        == []
    )
    assert (
        _findings(
            "Auf den Zielfeldern dürfen keine Steine übersprungen werden.",
            "No pieces may be skipped on the destination squares.",
        )
        == []
    )


def test_all_and_any_disagree_but_each_answers_both():
    assert _findings("Wirf alle deine Karten ab.", "Discard all your cards.") == []
    found = _findings("Wirf alle deine Karten ab.", "Discard any your cards.")
    assert [f.kind for f in found] == ["quantifier"]
    found = _findings("Spieler 1 mischt beliebige 16 Karten.", "Player 1 shuffles all 16 cards.")
    assert [f.kind for f in found] == ["quantifier"]
    assert _findings("Jeder Spieler darf die Karte nutzen.", "Any player may use the card.") == []
    assert _findings("Die Karte darf von allen Spielern genutzt werden.", "Any player may use the card.") == []


def test_a_dropped_only_is_a_finding_where_it_restricts_a_modal_verb_or_a_number():
    found = _findings("Pro Zug kann nur eine Aktionskarte eingesetzt werden.", "One action card can be used per turn.")
    assert [f.kind for f in found] == ["bound"]
    assert (
        _findings(
            "Die Verhandlung war nur Schein, der Vertrag erlaubt mehr Waffen.",
            "The negotiations were a sham, and the treaty allows more weapons.",
        )
        == []
    )
    assert _findings("Du darfst nur dann ziehen, wenn du eine 6 hast.", "You may move only if you have a 6.") == []
    assert _findings("Der Joker darf ausschließlich das letzte Feld sein.", "The Joker must be the final space.") == []


def _term_findings(de: str, en: str, glossary: dict) -> list:
    from rulepress.check import align, aligned, terms
    from rulepress.check.pairs import Paragraph

    sides = [
        aligned.Side(lang, f"rules.{lang}.md", align.units([Paragraph(1, t)], lang))
        for lang, t in (("de", de), ("en", en))
    ]
    found = aligned.compare(*sides, ratio=1.0, glossary=terms.parse(glossary, "test"))
    return [(f.kind, f.words, f.other_words) for pair in found for f in pair.findings]


PIECES = {
    "pawn": {"de": "Läufer", "en": "pawn"},
    "tile": {"de": "Plättchen", "en": "tile"},
    "trick": {"de": "Stich", "en": "trick"},
}


def test_terms_are_compared_by_how_often_each_side_says_them():
    de = "Stelle den Läufer auf ein Plättchen neben einem anderen Läufer."
    assert _term_findings(de, "Put the pawn on a tile next to another pawn.", PIECES) == []
    # a term written where the text says another one, also one the sentence says elsewhere
    found = _term_findings(de, "Put the tile on a tile next to another pawn.", PIECES)
    assert found == [("term", "tile", "Läufer")]
    assert _term_findings(de, "Put the pawn on a pawn next to another pawn.", PIECES) == [("term", "pawn", "Plättchen")]


def test_a_term_left_out_alone_and_a_compound_s_first_part_are_no_finding():
    """A pronoun or a paraphrase in place of a term is no mistake; 'Stichwert' names the trick too."""
    de = "Stelle den Läufer auf ein Plättchen und lass ihn dort stehen."
    assert _term_findings(de, "Put the pawn on a tile and leave it there.", PIECES) == []
    assert _term_findings(de, "Put it on a tile and leave it there.", PIECES) == []
    assert _term_findings("Addiere den Stichwert.", "Add the trick value.", PIECES) == []


def test_only_if_is_not_answered_by_a_bare_if():
    """'Nur wer ..., darf' says only if; an English 'If ...' lost the 'only'; 'nur dann, wenn' keeps it."""
    de = "Nur wer keine Münze mehr hat, darf eine Karte kaufen."
    assert _findings(de, "Only if you have no coin left may you buy a card.") == []
    found = _findings(de, "If you have no coin left, you may buy a card.")
    assert [(f.kind, f.lang, f.words) for f in found] == [("condition", "de", "Nur wer")]
    assert _findings("Du darfst nur dann kaufen, wenn du zahlst.", "You may buy only if you pay.") == []


def test_a_must_of_its_own_does_not_say_the_only_of_the_other_side():
    """'must' says the 'only' of 'darf nur' where it translates it ('The tile must be the last space'), not where
    the other side says its own 'muss' too and the 'nur' of another clause was dropped."""
    assert (
        _findings("Das Plättchen darf ausschließlich das letzte Feld sein.", "The tile must be the last space.") == []
    )
    de = "Der Spieler muss dann weiterziehen, da auf jedem Feld nur ein Läufer stehen darf."
    assert _findings(de, "The player must then move on, as only one pawn may stand on each space.") == []
    found = _findings(de, "The player must then move on, as one pawn may stand on each space.")
    assert [(f.kind, f.lang, f.words) for f in found] == [("bound", "de", "nur")]


def test_a_dropped_only_that_counts_the_noun_after_it_is_seen():
    """'nur noch ein Gegner': 'nur' counts, though its clause has no modal verb; a particle still does not."""
    de = "Wenn nur noch ein Gegner übrig ist, gewinnst du die Runde."
    assert _findings(de, "If only one opponent is left, you win the round.") == []
    found = _findings(de, "If one opponent is left, you win the round.")
    assert [(f.kind, f.lang, f.words) for f in found] == [("bound", "de", "nur")]
    assert _findings("Die Reise war nur kurz, der Rest folgt.", "The trip was short, the rest follows.") == []


def test_a_before_swapped_in_where_the_other_side_says_then_is_seen():
    """'danach' / 'then': 'davor' in its place says the opposite ('then' counts as after in a swap); 'nach oben'
    is a direction, no time word 'nach' that would keep the German saying after."""
    en = "Move down 2, left 1, then up 1, and finally right 3 and down 1 more;"
    de = "2 Felder nach unten, 1 Feld nach links und danach 1 Feld nach oben, zuletzt 3 nach rechts und 1 nach unten ziehen;"
    assert _findings(de, en) == []
    found = _findings(de.replace("danach", "davor"), en)
    assert [(f.kind, f.words, f.other_words) for f in found] == [("time", "then", "davor")]


def test_a_dropped_only_restricting_what_follows_is_seen_without_a_modal_verb():
    """'nur zum Tauschen' / 'only used for trading': the word after it opens what it restricts (a preposition,
    a participle); an 'only' before an adjective or a bare noun is a particle ('nur Schein', 'nur kurz')."""
    de = "Die graue Münze ist danach zunächst nur zum Tauschen im Spiel."
    en = "The grey coin is then at first only used for trading."
    assert _findings(de, en) == []
    found = _findings(de, en.replace("only ", ""))
    assert [(f.kind, f.lang, f.words) for f in found] == [("bound", "de", "nur")]
    found = _findings(de.replace("nur ", ""), en)
    assert [(f.kind, f.lang, f.words) for f in found] == [("bound", "en", "only")]
    assert _findings("Der Handel war nur Schein, die Münze bleibt.", "The trade was a sham, the coin stays.") == []


KEEP = {
    "coin": {"de": "Münze", "en": "coin"},
    "well": {"de": "Brunnen", "en": "well"},
    "tower": {"de": "Turm", "en": "tower"},
}


def test_two_terms_whose_roles_cross_are_a_finding_naming_both_but_another_order_is_none():
    de = "Trage die Münze vom Brunnen zum Turm."
    assert _term_findings(de, "Carry the coin from the well to the tower.", KEEP) == []
    assert (
        _term_findings("Zum Turm trägst du die Münze vom Brunnen.", "Carry the coin from the well to the tower.", KEEP)
        == []
    )
    found = _term_findings(de, "Carry the coin from the tower to the well.", KEEP)
    assert found == [("term", "well, tower", "Turm, Brunnen")]  # English "well" has the role of German "Turm"


def test_terms_whose_clauses_cross_are_a_finding():
    de = "Wenn du den Brunnen erreichst, nimm eine Münze."
    assert _term_findings(de, "If you reach the well, take a coin.", KEEP) == []
    found = _term_findings(de, "If you reach the coin, take a well.", KEEP)
    assert found == [("term", "well, coin", "Münze, Brunnen")]


def test_a_term_counted_each_on_one_side_and_one_on_the_other_is_a_quantifier_finding():
    de = "Nimm je eine Münze aus jedem Turm."
    assert _term_findings(de, "Take one coin from each tower.", KEEP) == []
    found = _term_findings(de.replace("jedem", "einem"), "Take one coin from each tower.", KEEP)
    assert found == [("quantifier", "each tower", "one Turm")]


def test_spanish_negations_read_as_the_english_says_them_and_a_dropped_one_is_seen():
    """'Ningún jugador puede' / 'No player can' (and the modal verb it forbids), 'NO son' / 'are NOT' (capitals:
    emphasis), 'una pista no válida' / 'an invalid clue', 'para no recibir' / 'to avoid receiving', the tag
    '¿no?' / 'right?': no finding. A negation taken out of the Spanish is still one."""
    said = [
        ("Ningún jugador puede ser investigado dos veces.", "No player can be investigated twice."),
        ("Todos los Fascistas que NO son Hitler abren los ojos.", "All Fascists who are NOT Hitler open their eyes."),
        ("Si un Jefe da una pista no válida, el turno acaba.", "If a Spymaster gives an invalid clue, the turn ends."),
        ("Evitad el contacto visual para no recibir pistas.", "Avoid eye contact to avoid receiving cues."),
        ("Lo importante es ganar, ¿no?", "Winning is what matters, right?"),
    ]
    for es, en in said:
        assert _findings(es, en, ("es", "en")) == [], es
    found = _findings("Todos los Fascistas que son Hitler abren los ojos.", said[1][1], ("es", "en"))
    assert [(f.kind, f.lang, f.words) for f in found] == [("negation", "en", "NOT")]
    found = _findings("Cualquier jugador puede ser investigado dos veces.", said[0][1], ("es", "en"))
    assert "negation" in [f.kind for f in found]
