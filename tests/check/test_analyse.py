"""The analysis of a game: the glossary terms each section uses (the glossary's "used in" lists on the
website), computed once and read by the site as data."""

from __future__ import annotations

from rulepress.check.analyse import terms_used
from rulepress.model import load_game
from rulepress.scaffold import new_game


def test_a_section_uses_the_terms_it_refers_to_or_names_in_words_not_in_code(tmp_path):
    folder = new_game("demo", tmp_path, table=False)
    rules = folder / "rules.de.md"
    rules.write_text(
        rules.read_text(encoding="utf-8")
        .replace(
            "Wer zuerst das Ziel erreicht, gewinnt.",
            "Wer zuerst das Ziel erreicht, gewinnt; dazu zählt man die Felder.\n\n```{doctest} ex-x\n>>> 1\n1\n```",
        )
        .replace("# Ziehen", "# Ziehen\n\n```{doctest} ex-y\n>>> 'Feld'\n'Feld'\n```"),
        encoding="utf-8",
    )
    en = folder / "rules.en.md"
    en.write_text(
        en.read_text(encoding="utf-8").replace("{term}`spaces <space>`", "{term}`steps <space>`"), encoding="utf-8"
    )
    content = load_game(folder)
    de = terms_used(content, "de")
    assert de["goal"] == ["space"]  # 'Felder', inflected, in words only
    en_used = terms_used(content, "en")
    assert en_used == {"goal": [], "moving": ["space"]}  # a reference shown as other words still counts
    text = rules.read_text(encoding="utf-8").replace("dazu zählt man die Felder.", "fertig.")
    text = text.replace("{term}`Felder <space>`", "Schritte").replace("Von Feld 3", "Von Platz 3")
    rules.write_text(text, encoding="utf-8")
    content = load_game(folder)
    assert terms_used(content, "de") == {
        "goal": [],
        "moving": [],
    }  # 'Feld' in an example's code is no use
