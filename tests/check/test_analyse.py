"""The analysis of a game: the glossary terms each section uses (the glossary's "used in" lists on the
website), computed once and read by the site as data."""

from __future__ import annotations

from rulepress.analysis import Analysis
from rulepress.check import examples
from rulepress.check.analyse import analyser, terms_used
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


def test_a_worked_example_runs_once_whichever_part_asks_and_not_again_in_the_next_build(tmp_path, monkeypatch):
    # the pictures' check ran the illustrated examples on memos of its own and saved them last, with only its
    # own entries: the next build ran every other example again
    folder = new_game("demo", tmp_path / "content")
    rules = folder / "rules.de.md"
    rules.write_text(
        rules.read_text(encoding="utf-8") + "\n```{doctest} ex-plain\n>>> 1 + 1\n2\n```\n", encoding="utf-8"
    )
    content = load_game(folder)
    every = [e.id for text in content.rules.values() for e in text.examples]
    assert any(e.pictures for text in content.rules.values() for e in text.examples) and len(every) > 2
    ran: list[str] = []
    real = examples.ExampleRuns._run
    monkeypatch.setattr(examples.ExampleRuns, "_run", lambda self, e: ran.append(e.id) or real(self, e))
    out = tmp_path / "out"
    for _build in range(2):
        analysis = Analysis(analyser(out))
        analysis.prepare(content, {"examples"})
        analysis.prepare(content, {"problems"})
        assert len(analysis.of(content, "examples").examples or []) == len(every)
        analysis.save()
    assert sorted(ran) == sorted(every)  # each once, in the first build


def test_the_terms_a_section_uses_are_found_again_only_for_sections_or_names_that_changed(tmp_path, monkeypatch):
    from rulepress.check import analyse
    from rulepress.memo import Memo

    folder = new_game("demo", tmp_path, table=False)
    store = tmp_path / "terms.json"
    read: list[str] = []
    real = analyse.NameFinder.used
    monkeypatch.setattr(analyse.NameFinder, "used", lambda self, text: read.append(text) or real(self, text))

    def found(content):
        memo = Memo(store, "v")
        used = terms_used(content, "de", memo)
        memo.save()
        return used

    first = found(load_game(folder))
    assert read and first == terms_used(load_game(folder), "de")
    read.clear()
    assert found(load_game(folder)) == first and read == []  # nothing changed: nothing read again
    rules = folder / "rules.de.md"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("Wer zuerst das Ziel erreicht", "Wer das Ziel erreicht"),
        encoding="utf-8",
    )
    found(load_game(folder))
    assert len(read) == 1  # the edited section only
