"""Tests of rulepress.check.translations against fixture games with one deliberate mistake each.

tests/data/translations/ is a content folder: every game in it is the scaffold
game (`rulepress new`) with one wrong translation, named after the mistake;
`clean` has none.
"""

import json
import shutil
from pathlib import Path

import pytest
import yaml

from rulepress.check import translations
from rulepress.check.names import mentions, names_of
from rulepress.check.pairs import Paragraph, split_paragraphs
from rulepress.check.translations import report
from rulepress.cli import main
from rulepress.model import load_game

DATA = Path(__file__).parent.parent / "data" / "translations"


def findings(game):
    return report(load_game(DATA / game)).findings


def only(game):
    """The single undocumented finding of a fixture game."""
    found = [f for f in findings(game) if not f.documented]
    assert len(found) == 1, [str(f) for f in found]
    return found[0]


def test_clean_translation_has_no_findings():
    result = report(load_game(DATA / "clean"))
    assert result.findings == []
    assert (result.sections, result.paragraphs, result.examples) == (2, 24, 2)  # 24: one pair of example labels


def test_changed_number_is_caught_with_both_locations():
    f = only("changed-number")
    assert f.kind == "number"
    assert f.location.endswith("changed-number/rules.de.md:11")
    assert f.other.endswith("changed-number/rules.en.md:11")
    assert "numbers differ: 3 ('3') only in German" in f.message  # English says 2 twice (the card too)
    assert f.ids == ["moving"]


def test_number_word_is_caught():
    f = only("number-word")
    assert f.kind == "number"
    assert f.location.endswith("number-word/rules.en.md:4")
    assert "numbers differ: 3 ('drei') only in German; 2 ('two') only in English" in f.message


def test_dropped_example_is_caught():
    f = only("dropped-example")
    assert (f.kind, f.ids) == ("example-missing", ["ex-move-to-goal"])
    assert f.location.endswith("dropped-example/rules.de.md:13")
    assert "rules.en.md" in f.message


def test_renamed_card_is_caught():
    f = only("renamed-card")
    assert f.kind == "name"
    assert f.ids == ["moving", "cards.two"]
    assert f.location.endswith("renamed-card/rules.de.md:11")
    assert "'Sprung'" in f.message and "'Jump'" in f.message


def test_wrong_glossary_term_is_caught():
    f = only("wrong-term")
    assert (f.kind, f.ids) == ("term", ["moving", "space"])
    assert f.other.endswith("wrong-term/rules.en.md:11")


def test_missing_section_is_caught():
    f = only("missing-section")
    assert (f.kind, f.ids) == ("section-missing", ["goal"])
    assert f.location.endswith("missing-section/rules.de.md:2")


def test_examples_with_different_results_are_caught_statement_by_statement():
    f = only("example-result")
    assert f.kind == "example-result"
    assert f.location.endswith("example-result/rules.de.md:14")  # the '>>>' line
    assert f.other.endswith("example-result/rules.en.md:14")
    assert "'4' for 'move(3, 2)' in German but '3' for 'move(1, 2)' in English" in f.message


def test_documented_edition_variant_is_listed_not_an_error():
    found = findings("documented-variant")
    assert found and all(f.documented for f in found)
    kinds = sorted(f.kind for f in found)
    assert kinds == ["edition-variant", "number"]
    number = next(f for f in found if f.kind == "number")
    assert "start-space" in number.ids and "edition variant 'start-space'" in number.message


def test_expected_output_differing_with_equal_results(tmp_path):
    game = tmp_path / "clean"
    shutil.copytree(DATA / "clean", game)
    path = game / "rules.en.md"
    path.write_text(path.read_text().replace(">>> move(3, 2)\n4", ">>> move(3, 2)\n5"))
    f = [f for f in report(load_game(game)).findings]
    assert [x.kind for x in f] == ["example-expected"]
    assert "expects '4' in German but '5' in English" in f[0].message


def test_variant_marks_must_name_known_sections_of_edition_variants(tmp_path):
    game = tmp_path / "documented-variant"
    shutil.copytree(DATA / "documented-variant", game)
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("sections: [moving]", "sections: [moving, nowhere]"))
    bad = [f for f in report(load_game(game)).findings if not f.documented]
    assert [(f.kind, f.ids) for f in bad] == [("variant-mark", ["start-space", "nowhere"])]
    path.write_text(path.read_text().replace("edition_variant: true", "edition_variant: false"))
    kinds = sorted(f.kind for f in report(load_game(game)).findings if not f.documented)
    assert kinds == ["number", "variant-mark", "variant-mark"]


def test_sections_are_compared_as_a_whole_and_findings_point_at_the_paragraph(tmp_path):
    game = tmp_path / "clean"
    shutil.copytree(DATA / "clean", game)
    path = game / "rules.en.md"
    text = path.read_text().replace(" The goal stops the piece.", "\n\nThe goal stops the piece on space 5.")
    path.write_text(text)
    f = [f for f in report(load_game(game)).findings]
    assert [x.kind for x in f] == ["number", "term"]  # the new English sentence also names the space
    assert f[0].message.startswith("numbers differ: 5 ('5') only in English")
    assert f[0].location.endswith("rules.en.md:11")  # the new paragraph holding the 5


def test_split_keeps_prose_directives_and_drops_code_labels_comments():
    lines = [
        "First line",
        "goes on.",
        "",
        "```{doctest} ex-1",
        ">>> f(2)",
        "3",
        "```",
        "% variant note 7",
        "```{note}",
        ":class: tip",
        "Note with 4.",
        "```",
        "(next)=",
    ]
    assert split_paragraphs(lines, 10) == [Paragraph(10, "First line\ngoes on."), Paragraph(20, "Note with 4.")]


def test_names_are_found_inflected_in_compounds_and_by_keywords(tmp_path):
    content = load_game(DATA / "clean")
    space = next(n for n in names_of(content) if n.id == "space")
    assert mentions(space, "Zwei Felder vor", "de")
    assert mentions(space, "das Zielfeld", "de")  # compound head
    assert mentions(space, "two spaces", "en")
    assert not mentions(space, "two squares", "en")
    ids = {n.id for n in names_of(content)}
    assert "cards.one" not in ids  # number-word card titles are left to the number check
    assert "board" not in ids  # everyday component names are not checked


def test_cli_text_output_and_exit_codes(capsys):
    assert main(["check", "translations", "clean", "documented-variant", "--content", str(DATA)]) == 0
    out = capsys.readouterr().out
    assert "documented-variant/rules.de.md:11: number (documented): numbers differ" in out
    assert "clean: 2 sections, 24 text pairs, 2 examples compared; 0 differences, 0 documented" in out
    assert main(["check", "translations", "changed-number", "--content", str(DATA)]) == 1
    line = capsys.readouterr().out.splitlines()[0]
    assert "changed-number/rules.de.md:11: number: numbers differ: 3 ('3') only in German" in line


def test_cli_json_output_is_a_list_of_findings(capsys):
    assert main(["check", "translations", "--content", str(DATA), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, list)
    games = {d["game"] for d in data}
    assert games == {
        "changed-number",
        "number-word",
        "dropped-example",
        "renamed-card",
        "missing-section",
        "example-result",
        "wrong-term",
        "documented-variant",
    }
    assert all({"kind", "location", "ids", "message", "documented"} <= set(d) for d in data)


def test_report_to_dict_for_the_website():
    data = report(load_game(DATA / "documented-variant")).to_dict()
    assert data["game"] == "documented-variant"
    assert (data["undocumented"], data["documented"]) == (0, 2)
    json.dumps(data)


@pytest.mark.parametrize("game", ["anti-monopoly-3", "revolution-1848", "risk", "xidit"])
def test_bundled_content_has_no_undocumented_difference(game):
    from rulepress import paths

    folder = paths.BUNDLED_CONTENT / game
    if not (folder / "rules.de.md").exists():
        pytest.fail(f"bundled game {game} has no rules yet")
    result = translations.report(load_game(folder))
    assert [str(f) for f in result.undocumented] == []
    assert result.paragraphs > 20 and result.examples >= 10


# --- one mistake of every kind in every text kind (tests/data/translations/mistakes.yaml) ----------

MISTAKES = yaml.safe_load((DATA / "mistakes.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("mistake", MISTAKES, ids=[m["id"] for m in MISTAKES])
def test_every_kind_of_mistake_in_every_text_kind_is_found_exactly(tmp_path, mistake):
    game = tmp_path / "clean"
    shutil.copytree(DATA / "clean", game)
    path = game / mistake["file"]
    text = path.read_text(encoding="utf-8")
    assert mistake["old"] in text
    path.write_text(text.replace(mistake["old"], mistake["new"], 1), encoding="utf-8")
    found = report(load_game(game)).undocumented
    assert sorted(f.kind for f in found) == sorted([mistake["kind"]] + mistake.get("also", []))
    f = next(f for f in found if f.kind == mistake["kind"])
    assert f.location == str(game / mistake["at"])
    assert f.other == str(game / mistake["other"])
    assert f.message.replace(f"{game}/", "") == mistake["message"]


def test_mistakes_cover_every_kind_and_text_kind():
    kinds = {m["kind"] for m in MISTAKES}
    assert {
        "number",
        "term",
        "name",
        "negation",
        "emphasis",
        "sentence",
        "dropped-sentence",
        "prose-example",
        "example-missing",
        "example-result",
        "example-expected",
        "example-source",
    } <= kinds
    text_kinds = {m["message"].split(" text ")[0] if " text '" in m["message"] else m["file"] for m in MISTAKES}
    assert {"card", "glossary", "ambiguity", "board", "layout", "quickref"} <= text_kinds


def test_issue_false_alarms_short_alias_in_a_heading_and_inclusive_german(tmp_path):
    game = tmp_path / "clean"
    shutil.copytree(DATA / "clean", game)
    yaml_file = game / "game.yaml"
    yaml_file.write_text(
        yaml_file.read_text(encoding="utf-8").replace(
            "glossary:\n",
            (
                "glossary:\n  - id: goal-space\n    de: Zielfeld\n    en: goal space\n"
                "    definition: {de: Das letzte Feld., en: The last space.}\n    aliases: {de: [Ziel]}\n"
            ),
        ),
        encoding="utf-8",
    )
    for lang, old, new in (
        ("de", "Wer zuerst das Ziel erreicht, gewinnt.", "Erste oder Erster am Ziel gewinnt."),
        ("en", "The first to reach the goal wins.", "The first at the goal wins."),
    ):
        path = game / f"rules.{lang}.md"
        path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    result = report(load_game(game))
    assert [
        str(f) for f in result.findings
    ] == []  # 'Ziel des Spiels' / 'Goal of the game'; 'Erste oder Erster' / 'first'


def test_scaffold_has_no_finding(tmp_path):
    from rulepress.scaffold import new_game

    result = report(load_game(new_game("demo", tmp_path, table=False)))
    assert [str(f) for f in result.findings] == []
    assert result.paragraphs >= 15


# --- counting names per paired unit: what it finds and what it tolerates ---------------------------


def _edited(tmp_path, edits, glossary=""):
    """The clean game with `edits` ((file, old, new), ...) and extra glossary entries; its undocumented findings."""
    game = tmp_path / "clean"
    shutil.copytree(DATA / "clean", game)
    if glossary:
        edits = list(edits) + [("game.yaml", "glossary:\n", "glossary:\n" + glossary)]
    for file, old, new in edits:
        path = game / file
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return game, report(load_game(game)).undocumented


def test_a_stand_in_that_has_an_antecedent_is_tolerated(tmp_path):
    de = ("rules.de.md", "Das Ziel hält die Figur an.", "Das Ziel ist ein Feld wie jedes andere Feld.")
    _, found = _edited(
        tmp_path / "one", [de, ("rules.en.md", "The goal stops the piece.", "The goal is a space like any other one.")]
    )
    assert found == []  # 'one' stands in for the second 'Feld'
    game, found = _edited(
        tmp_path / "none", [de, ("rules.en.md", "The goal stops the piece.", "The goal is a space like any other.")]
    )
    assert [(f.kind, f.location, f.other) for f in found] == [
        ("term", str(game / "rules.de.md:9"), str(game / "rules.en.md:9"))
    ]
    assert "uses the glossary term 'Feld' (space) 2 times but its English counterpart" in found[0].message


def test_a_spelling_of_several_words_and_its_alias_are_one_use(tmp_path):
    glossary = (
        "  - {id: piece, de: Spielfigur, en: playing piece, definition: {de: Ein Stein., en: A pawn.},\n"
        "     aliases: {de: [Figur], en: [piece]}}\n"
    )
    _, found = _edited(
        tmp_path, [("rules.en.md", "The goal stops the piece.", "The goal stops the playing piece.")], glossary
    )
    assert found == []  # 'playing piece' once, not also 'piece'


def test_keywords_answering_keywords_do_not_translate_the_term(tmp_path):
    glossary = (
        "  - {id: turn, de: Zug, en: turn, definition: {de: Ein Zug., en: A turn.},\n"
        "     keywords: {de: [Runde], en: [round]}}\n"
    )
    sentences = [
        (
            "rules.de.md",
            "Das Ziel hält die Figur an.",
            "Das Ziel hält die Figur an. In jeder Runde macht jeder einen Zug.",
        ),
        (
            "rules.en.md",
            "The goal stops the piece.",
            "The goal stops the piece. In every round everybody takes a turn.",
        ),
    ]
    _, found = _edited(tmp_path / "ok", sentences, glossary)
    assert found == []
    wrong = [sentences[0][:2] + (sentences[0][2].replace("einen Zug", "etwas"),), sentences[1]]
    game, found = _edited(tmp_path / "wrong", wrong, glossary)
    assert [(f.kind, f.location, f.other) for f in found] == [
        ("term", str(game / "rules.en.md:9"), str(game / "rules.de.md:9"))
    ]
    assert (
        "'turn' (turn) 1 time but its German counterpart 'In jeder Runde macht jeder etwas.' uses 'Zug' only 0 "
        "times" in found[0].message
    )


GOAL_SPACE = (
    "  - {id: goal-space, de: Zielfeld, en: goal space, definition: {de: Das letzte Feld., en: The last space.}}\n"
)


def test_a_term_of_several_words_is_one_unit_even_where_its_words_stand_apart(tmp_path):
    de = ("rules.de.md", "Das Ziel hält die Figur an.", "Das Zielfeld hält die Figur an, auch im Ziel.")
    _, found = _edited(
        tmp_path / "ok",
        [de, ("rules.en.md", "The goal stops the piece.", "The goal space stops the piece, also at the goal.")],
        GOAL_SPACE,
    )
    assert found == []
    # its head replaced: 'space ... goal' still stand in the sentence, but not as the unit 'goal space'
    game, found = _edited(
        tmp_path / "wrong",
        [de, ("rules.en.md", "The goal stops the piece.", "The end space stops the piece, also at the goal.")],
        GOAL_SPACE,
    )
    assert [(f.kind, f.location, f.other) for f in found] == [
        ("term", str(game / "rules.de.md:9"), str(game / "rules.en.md:9"))
    ]
    assert found[0].message == (
        "section uses the glossary term 'Zielfeld' (goal-space) but its English counterpart 'The end space stops the "
        f"piece, also at the goal.' does not use 'goal space' (vs {game}/rules.en.md:9)"
    )


RECRUIT = (
    "  - {id: recruit, de: anwerben, en: to recruit, definition: {de: Eine Figur nehmen., en: Take a piece.},\n"
    "     aliases: {de: [angeworben, wirbt], en: [recruits, recruited]}}\n"
)
RECRUIT_CARD = (
    "        values: {value: 2}\n      - id: recruit\n        qty: 0\n        title: {de: Anwerbung, en: Recruit}\n"
    '        text: {de: "Nimm eine Figur.", en: "Take a piece."}\n'
)


def test_a_verb_declared_in_the_glossary_is_not_the_card_title_it_spells(tmp_path):
    card = ("game.yaml", "        values: {value: 2}\n", RECRUIT_CARD)
    de = (
        "rules.de.md",
        "Das Ziel hält die Figur an.",
        "Das Ziel hält die Figur an. Wer eine Anwerbung spielt, wirbt eine Figur an.",
    )
    en = ("rules.en.md", "The goal stops the piece.", "The goal stops the piece. Who plays a Recruit recruits a piece.")
    _, found = _edited(tmp_path / "ok", [card, de, en], RECRUIT)
    assert found == []  # 'recruits' is the verb (as 'wirbt'), not a second 'Recruit'
    game, found = _edited(
        tmp_path / "wrong", [card, de, (en[0], en[1], en[2].replace(" recruits ", " takes "))], RECRUIT
    )
    assert [(f.kind, f.location, f.other) for f in found] == [
        ("term", str(game / "rules.de.md:9"), str(game / "rules.en.md:9"))
    ]
    assert (
        "uses the glossary term 'wirbt' (recruit) 1 time but its English counterpart 'Who plays a Recruit takes a "
        "piece.' uses 'to recruit' / 'recruits' / 'recruited' only 0 times" in found[0].message
    )


def test_a_proper_name_paraphrased_in_english_wants_the_name_itself(tmp_path):
    card = (
        "game.yaml",
        "        values: {value: 2}\n",
        RECRUIT_CARD.replace("Anwerbung", "Anklage").replace("Recruit", "Accusation"),
    )
    en = ("rules.en.md", "The goal stops the piece.", "The goal stops the piece. Accuse at the accusation spot.")
    spot = "  - {id: spot, de: Anklagepunkt, en: accusation spot, definition: {de: Ein Punkt., en: A spot.}}\n"
    _, found = _edited(
        tmp_path / "ok",
        [
            card,
            en,
            (
                "rules.de.md",
                "Das Ziel hält die Figur an.",
                "Das Ziel hält die Figur an. Erhebe Anklage am Anklagepunkt.",
            ),
        ],
        spot,
    )
    assert found == []
    # the German says only 'Anklagepunkt', a compound naming something else (a glossary term)
    game, found = _edited(
        tmp_path / "wrong",
        [
            card,
            en,
            ("rules.de.md", "Das Ziel hält die Figur an.", "Das Ziel hält die Figur an. Ziehe zum Anklagepunkt."),
        ],
        spot,
    )
    assert [(f.kind, f.location, f.other) for f in found] == [
        ("name", str(game / "rules.en.md:9"), str(game / "rules.de.md:9"))
    ]
    assert (
        "uses the name 'Accusation' (cards.recruit) 1 time but its German counterpart 'Ziehe zum Anklagepunkt.' "
        "uses 'Anklage' only 0 times" in found[0].message
    )


def test_expletives_and_determiners_are_no_stand_ins(tmp_path):
    # 'es gibt' and 'welche Felder' stand in for nothing: a second 'Feld' replaced is found
    de = ("rules.de.md", "Das Ziel hält die Figur an.", "Es gibt Dinge; welche Felder frei sind, zeigt kein Feld.")
    en = ("rules.en.md", "The goal stops the piece.", "There are things; no space shows which spaces are free.")
    _, found = _edited(
        tmp_path / "ok",
        [(de[0], de[1], de[2].replace("Dinge", "Felder")), (en[0], en[1], en[2].replace("things", "spaces"))],
    )
    assert found == []
    game, found = _edited(tmp_path / "wrong", [de, (en[0], en[1], en[2].replace("things", "spaces"))])
    assert [(f.kind, f.location, f.other) for f in found] == [
        ("term", str(game / "rules.en.md:9"), str(game / "rules.de.md:9"))
    ]
    assert "uses the glossary term 'spaces' (space) 3 times but its German counterpart" in found[0].message


def test_a_terms_own_definition_counts_it_but_may_say_it_fewer_times(tmp_path):
    old = "A place on the track. A space never holds more than 4 pieces."
    _, found = _edited(
        tmp_path / "ok",
        [("game.yaml", old, "A place on the track. A space never holds more than 4 pieces, like every other space.")],
    )
    assert found == []  # 'Feld' once, 'space' twice: a definition may say its term in other words
    game, found = _edited(
        tmp_path / "wrong", [("game.yaml", old, "A place on the track. It never holds more than 4 pieces.")]
    )
    assert [(f.kind, f.location, f.other) for f in found] == [
        ("term", str(game / "game.yaml:63"), str(game / "game.yaml:63"))
    ]
    assert (
        "glossary text 'glossary.space.definition' uses the glossary term 'Feld' (space) 1 time but its English "
        "counterpart" in found[0].message
    )


def test_a_negation_inside_a_quotation_counts_where_both_sides_quote(tmp_path):
    de = ("rules.de.md", "Das Ziel hält die Figur an.", "Die Regel sagt: „Das Ziel hält die Figur an.“")
    en = ("rules.en.md", "The goal stops the piece.", "The rules say: “The goal stops the piece.”")
    _, found = _edited(tmp_path / "ok", [de, en])
    assert found == []
    game, found = _edited(tmp_path / "wrong", [de, (en[0], en[1], en[2].replace("stops", "does not stop"))])
    assert [(f.kind, f.location, f.other) for f in found] == [
        ("negation", str(game / "rules.en.md:9"), str(game / "rules.de.md:9"))
    ]
    assert found[0].message == (
        "negation only in English: 'not' (not): English 'The rules say: “The goal does not stop the piece.”' vs "
        f"German 'Die Regel sagt: „Das Ziel hält die Figur an.“' (vs {game}/rules.de.md:9)"
    )
    # a quotation on one side only (a quoted card name) is left out, negation and all
    _, found = _edited(
        tmp_path / "one-side",
        [
            (de[0], de[1], "Das Ziel hält die Figur an, wie „Nie zurück“ sagt."),
            (en[0], en[1], "The goal stops the piece, as the card says."),
        ],
    )
    assert found == []


def test_a_short_form_is_no_partial_use_where_the_other_language_declares_its_own(tmp_path):
    glossary = (
        "  - {id: goal-space, de: Zielfeld, en: goal space, definition: {de: Das letzte Feld., en: The last "
        "space.},\n     aliases: {de: [Ziel], en: [goal]}}\n"
    )
    de = ("rules.de.md", "Das Ziel hält die Figur an.", "Das Ziel hält die Figur an; kein Feld nach dem Ziel zählt.")
    _, found = _edited(
        tmp_path / "ok",
        [de, ("rules.en.md", "The goal stops the piece.", "The goal stops the piece; no space after the goal counts.")],
        glossary,
    )
    assert found == []
    # 'space' is no short use of 'goal space' here: English has its own short form 'goal'
    game, found = _edited(
        tmp_path / "wrong",
        [de, ("rules.en.md", "The goal stops the piece.", "The end stops the piece; no space after the goal counts.")],
        glossary,
    )
    assert [(f.kind, f.location, f.other) for f in found] == [
        ("term", str(game / "rules.de.md:9"), str(game / "rules.en.md:9"))
    ]
    assert (
        "uses the glossary term 'Ziel' (goal-space) 2 times but its English counterpart 'The end stops the piece; "
        "no space after the goal counts.' uses 'goal space' / 'goal' only 1 time" in found[0].message
    )


def test_an_english_possessive_is_no_stand_in(tmp_path):
    de = ("rules.de.md", "Das Ziel hält die Figur an.", "Das Ziel hält die Figur an, ihr Feld ist das letzte Feld.")
    game, found = _edited(
        tmp_path,
        [de, ("rules.en.md", "The goal stops the piece.", "The goal stops the piece, its space is the last one.")],
    )
    assert found == []  # 'one' stands in for the second 'Feld'
    game, found = _edited(
        tmp_path / "wrong",
        [de, ("rules.en.md", "The goal stops the piece.", "The goal stops the piece, its space is the last.")],
    )
    assert [(f.kind, f.location, f.other) for f in found] == [
        ("term", str(game / "rules.de.md:9"), str(game / "rules.en.md:9"))
    ]


def test_a_single_letter_of_a_keyword_must_stand_as_written(tmp_path):
    glossary = (
        "  - {id: extra, de: Zusatzkarte, en: extra card, definition: {de: Eine Karte Z1 bis Z9., en: A card Z1 "
        "to Z9.},\n     keywords: {en: [Z card]}}\n"
    )
    de = (
        "rules.de.md",
        "Das Ziel hält die Figur an.",
        "Das Ziel hält die Figur an. Ziehe eine Zusatzkarte oder eine Karte.",
    )
    _, found = _edited(
        tmp_path / "ok",
        [de, ("rules.en.md", "The goal stops the piece.", "The goal stops the piece. Draw a Z card or a card.")],
        glossary,
    )
    assert found == []  # the keyword 'Z card' translates 'Zusatzkarte'
    game, found = _edited(
        tmp_path / "wrong",
        [de, ("rules.en.md", "The goal stops the piece.", "The goal stops the piece. Draw a thing or a card.")],
        glossary,
    )
    assert [(f.kind, f.location, f.other) for f in found] == [
        ("term", str(game / "rules.de.md:9"), str(game / "rules.en.md:9"))
    ]
    assert found[0].message == (
        "section uses the glossary term 'Zusatzkarte' (extra) but the English section does not "
        f"use 'extra card' (vs {game}/rules.en.md:9)"
    )


# --- how a word says a name: numerals, inflection, hyphens, word classes -----------------------------------------
# Each case: extra glossary or card entries, the German and English sentence that agree, the one side changed so that
# it no longer says the name, and the finding expected (kind, where, its counterpart, the spelling named).
RED = (
    "  - {id: red, de: Rot, en: red, definition: {de: Eine Farbe., en: A colour.},\n"
    "     aliases: {de: [rote Steine], en: [red stones]}}\n"
)
CLEAR_TRACK = (
    "  - {id: clear-track, de: freie Bahn, en: clear track, definition: {de: Nichts steht im Weg., "
    "en: Nothing is in the way.}}\n"
)
RECRUIT_VERB = (
    "  - {id: recruit, de: anwerben, en: to recruit, definition: {de: Eine Figur nehmen., en: Take a "
    "piece.},\n     aliases: {de: [angeworben], en: [recruited]}}\n"
)
RED_SYMBOL = "  - {id: red-symbol, de: Symbol „Rot“, en: Red symbol, definition: {de: Ein Symbol., en: A symbol.}}\n"
WORD_CASES = {
    # 'one' before 'more' stands in for the second 'Feld'; 'one thing' stands in for nothing
    "numeral-one": (
        "",
        "Das Ziel liegt ein Feld und noch ein Feld weiter.",
        "The goal lies one space and one more beyond.",
        None,
        "The goal lies one space and one thing beyond.",
        ("term", "de", "Feld"),
    ),
    "german-adjective-inflected": (
        CLEAR_TRACK,
        "Bei freier Bahn hält das Ziel die Figur an.",
        "On a clear track the goal stops the piece.",
        None,
        "On an open road the goal stops the piece.",
        ("term", "de", "freier Bahn"),
    ),
    # 'rot' of 'schwarz-rot-goldene' and 'red' of 'black-red-gold' are colours, not the term
    "hyphenated-colour": (
        RED,
        "Das schwarz-rot-goldene Ziel hält die Figur an, rote Steine nicht.",
        "The black-red-gold goal stops the piece; red stones do not.",
        "Das schwarz-rot-goldene Ziel hält die Figur an, Steine nicht.",
        None,
        ("term", "en", "red stones"),
    ),
    "hyphenated-spelling": (
        GOAL_SPACE,
        "Die Zielfeld-Regel hält die Figur an.",
        "The goal-space rule stops the piece.",
        "Die Regel hält die Figur an.",
        None,
        ("term", "en", "goal-space"),
    ),
    "german-verb-not-in-noun": (
        RECRUIT_VERB,
        "Das Ziel mit der Anwerbungsseite nach oben sagt, wer angeworben wird.",
        "The goal with its recruit side up says who is recruited.",
        "Das Ziel mit der Anwerbungsseite nach oben sagt, wer kommt.",
        None,
        ("term", "en", "recruited"),
    ),
    "short-word-of-a-spelling": (
        RED_SYMBOL,
        "Das Ziel mit dem Symbol „Rot“ hält die Figur an.",
        "The goal with the Red symbol stops the piece.",
        "Das Ziel mit dem Symbol hält die Figur an.",
        None,
        ("term", "en", "Red symbol"),
    ),
    # 'banknotes' is a compound written as one word, not a form of 'bank'
    "english-compound-in-one-word": (
        "  - {id: bank, de: Kasse, en: bank, definition: {de: Das Geld., en: The money.}}\n",
        "Die Geldscheine in der Kasse halten die Figur an.",
        "The banknotes in the bank stop the piece.",
        None,
        "The banknotes in the box stop the piece.",
        ("term", "de", "Kasse"),
    ),
    # 'Grün 1' answers 'Green 1' (a keyword of any length answers a keyword): it does not translate 'green lane'
    "short-keyword-answers-keyword": (
        "  - {id: green-lane, de: grüne Bahn, en: green lane, definition: {de: Die "
        "letzte Bahn., en: The last lane.},\n     keywords: {de: [Grün], en: [green]}}\n",
        "Die Figur auf der grünen Bahn zieht nach Grün 1.",
        "The piece on the green lane moves to Green 1.",
        None,
        "The piece on the road moves to Green 1.",
        ("term", "de", "grünen Bahn"),
    ),
    # 'Nachbarfeld' is a 'Feld' (its head); 'Feldrand' is not
    "german-compound-head": (
        "",
        "Die Figur zieht auf ein Nachbarfeld.",
        "The piece moves to a neighbouring space.",
        None,
        "The piece moves to a neighbouring square.",
        ("term", "de", "Feld"),
    ),
    # 'accuser' names a player, not the card 'Accusation'
    "who-does-it": (
        "card:Anklage/Accusation",
        "Eine Anklage hilft dem Kläger.",
        "An Accusation helps the accuser.",
        None,
        "A thing helps the accuser.",
        ("name", "de", "Anklage"),
    ),
}


@pytest.mark.parametrize("case", WORD_CASES, ids=list(WORD_CASES))
def test_which_words_say_a_name(tmp_path, case):
    extra, de, en, de_wrong, en_wrong, (kind, at_lang, spelled) = WORD_CASES[case]
    edits, glossary = [], extra
    if extra.startswith("card:"):
        german, english = extra[5:].split("/")
        edits.append(
            (
                "game.yaml",
                "        values: {value: 2}\n",
                RECRUIT_CARD.replace("Anwerbung", german).replace("Recruit", english),
            )
        )
        glossary = ""

    def sentences(de_text, en_text):
        return edits + [
            ("rules.de.md", "Das Ziel hält die Figur an.", de_text),
            ("rules.en.md", "The goal stops the piece.", en_text),
        ]

    _, found = _edited(tmp_path / "ok", sentences(de, en), glossary)
    assert found == []
    game, found = _edited(tmp_path / "wrong", sentences(de_wrong or de, en_wrong or en), glossary)
    other_lang = "en" if at_lang == "de" else "de"
    # a term that holds a colour word ('red stones') dropped is also a colour said in one language only
    colours = [f for f in found if f.kind == "colour"]
    assert all(f.location == str(game / f"rules.{at_lang}.md:9") for f in colours)
    found = [f for f in found if f.kind != "colour"]
    assert [(f.kind, f.location, f.other) for f in found] == [
        (kind, str(game / f"rules.{at_lang}.md:9"), str(game / f"rules.{other_lang}.md:9"))
    ]
    assert f"uses the {'glossary term' if kind == 'term' else 'name'} {spelled!r}" in found[0].message


# --- rules sections aligned sentence by sentence (rulepress.check.align / aligned) ---------------------------


def test_a_sentence_split_in_two_is_aligned_and_its_signals_compared(tmp_path):
    # the German splits the first sentence of 'moving' in two: no finding (the old check counted sentences)
    split = (
        "rules.de.md",
        "Spiele eine Karte und ziehe so viele {term}`Felder <space>` vor, wie sie zeigt.",
        "Spiele eine Karte. Ziehe dann so viele {term}`Felder <space>` vor, wie sie zeigt.",
    )
    _, found = _edited(tmp_path / "split", [split])
    assert found == []
    # the same split text with a bound only in English: found at the aligned pair, both lines, both sentences
    bound = (
        "rules.en.md",
        "move as many {term}`spaces <space>` forward",
        "move at most as many {term}`spaces <space>` forward",
    )
    game, found = _edited(tmp_path / "bound", [split, bound])
    assert [(f.kind, f.location, f.other, f.severity) for f in found] == [
        ("bound", str(game / "rules.en.md:9"), str(game / "rules.de.md:9"), "error")
    ]
    assert found[0].text.startswith("Play a card and move at most as many spaces forward")
    assert found[0].other_text == "Spiele eine Karte. Ziehe dann so viele Felder vor, wie sie zeigt."
    assert "'at most' (max)" in found[0].message and "vs German 'Spiele eine Karte." in found[0].message


def test_a_verb_first_german_condition_answers_if(tmp_path):
    edits = [
        ("rules.de.md", "Das Ziel hält die Figur an.", "Erreicht die Figur das Ziel, hält sie an."),
        ("rules.en.md", "The goal stops the piece.", "If the piece reaches the goal, it stops."),
    ]
    _, found = _edited(tmp_path / "ok", edits)
    assert found == []
    edits[1] = ("rules.en.md", "The goal stops the piece.", "The piece reaches the goal and stops.")
    game, found = _edited(tmp_path / "dropped", edits)
    assert [(f.kind, f.location) for f in found] == [("condition", str(game / "rules.de.md:9"))]
    assert "'Erreicht' (if)" in found[0].message
