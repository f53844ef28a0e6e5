"""What the game's pages are made of: the glossary's "used in" lists every section that names a term."""

from __future__ import annotations

from rulepress.model import load_game
from rulepress.scaffold import new_game
from rulepress.site.sources import terms_finder, terms_used


def test_a_section_uses_the_terms_it_refers_to_or_names_in_words_not_in_code(tmp_path):
    folder = new_game("demo", tmp_path)
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
    de = {s.id: terms_used(s, terms_finder(content, "de")) for s in content.rules["de"].sections}
    assert de["goal"] == ["space"]  # 'Felder', inflected, in words only
    en_used = {s.id: terms_used(s, terms_finder(content, "en")) for s in content.rules["en"].sections}
    assert en_used == {"goal": [], "moving": ["space"]}  # a reference shown as other words still counts
    text = rules.read_text(encoding="utf-8").replace("dazu zählt man die Felder.", "fertig.")
    text = text.replace("{term}`Felder <space>`", "Schritte").replace("Von Feld 3", "Von Platz 3")
    rules.write_text(text, encoding="utf-8")
    content = load_game(folder)
    assert {s.id: terms_used(s, terms_finder(content, "de")) for s in content.rules["de"].sections} == {
        "goal": [],
        "moving": [],
    }  # 'Feld' in an example's code is no use
