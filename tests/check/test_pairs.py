"""Text pairs of a game's YAML files: remembered per file by its bytes, the same pairs as parsed afresh."""

from __future__ import annotations

from rulepress.check import pairs
from rulepress.memo import Memo
from rulepress.model.loader import load_game
from rulepress.scaffold import new_game

LANGS = ("de", "en")  # the scaffold game's source and translation


def test_yaml_pairs_are_remembered_per_file_and_a_changed_file_is_parsed_again(tmp_path, monkeypatch):
    folder = new_game("demo", tmp_path / "games", table=False)
    text = (folder / "game.yaml").read_text()
    start, end = text.index("glossary:\n"), text.index("rules:\n")
    (folder / "glossary.yaml").write_text(text[start:end])
    (folder / "game.yaml").write_text(text[:start] + text[end:])
    content = load_game(folder)
    fresh = pairs.yaml_pairs(content, LANGS)
    assert {p.id for p in fresh} >= {"title", "components.cards.cards.one.text", "glossary.space"}

    memo_file = tmp_path / "memo.json"
    first = Memo(memo_file, "v1")
    assert pairs.yaml_pairs(content, LANGS, first) == fresh
    first.save()
    parsed = []
    real = pairs.load_yaml
    monkeypatch.setattr(pairs, "load_yaml", lambda path, shown: parsed.append(path.name) or real(path, shown))
    assert pairs.yaml_pairs(content, LANGS, Memo(memo_file, "v1")) == fresh and parsed == []
    (folder / "glossary.yaml").write_text(
        (folder / "glossary.yaml").read_text().replace("glossary:", "glossary:  # terms")
    )
    edited = pairs.yaml_pairs(load_game(folder), LANGS, Memo(memo_file, "v1"))
    assert parsed == ["glossary.yaml"] and edited == fresh  # a comment: the same texts at the same lines
    assert pairs.yaml_pairs(content, LANGS, Memo(memo_file, "v2")) == fresh and parsed[1:] == [
        "game.yaml",
        "glossary.yaml",
        "number-card.yaml",
    ]  # a new code version reads every file again


def test_cards_read_from_a_spreadsheet_are_compared_like_cards_in_yaml(tmp_path):
    """A deck in cards.csv: each card's title and text is a pair at the card's row of the table, and a
    translation that says another number there is a finding at that row."""
    from rulepress.check import translations

    folder = new_game("demo", tmp_path / "games")  # the scaffold's deck is read from cards.csv
    content = load_game(folder)
    found = {p.id: p for p in pairs.table_pairs(content, LANGS)}
    assert {"components.cards.cards.one.text", "components.cards.cards.two.title"} <= set(found)
    two = found["components.cards.cards.two.text"]
    assert two.a.path.endswith("cards.csv") and two.a.line == two.b.line == 3  # the header is row 1
    assert translations.report(content).findings == []

    table = folder / "cards.csv"
    table.write_text(table.read_text().replace("Move **2** spaces", "Move **3** spaces"), encoding="utf-8")
    findings = translations.report(load_game(folder)).findings
    assert {(f.path.endswith("cards.csv"), f.line) for f in findings} == {(True, 3)}, findings
    assert "number" in {f.kind for f in findings}
