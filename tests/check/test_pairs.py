"""Text pairs of a game's YAML files: remembered per file by its bytes, the same pairs as parsed afresh."""

from __future__ import annotations

from rulepress.check import pairs
from rulepress.memo import Memo
from rulepress.model.loader import load_game
from rulepress.scaffold import new_game


def test_yaml_pairs_are_remembered_per_file_and_a_changed_file_is_parsed_again(tmp_path, monkeypatch):
    folder = new_game("demo", tmp_path / "games", table=False)
    text = (folder / "game.yaml").read_text()
    start, end = text.index("glossary:\n"), text.index("rules:\n")
    (folder / "glossary.yaml").write_text(text[start:end])
    (folder / "game.yaml").write_text(text[:start] + text[end:])
    content = load_game(folder)
    fresh = pairs.yaml_pairs(content)
    assert {p.id for p in fresh} >= {"title", "components.cards.cards.one.text", "glossary.space"}

    memo_file = tmp_path / "memo.json"
    first = Memo(memo_file, "v1")
    assert pairs.yaml_pairs(content, first) == fresh
    first.save()
    parsed = []
    real = pairs.load_yaml
    monkeypatch.setattr(pairs, "load_yaml", lambda path, shown: parsed.append(path.name) or real(path, shown))
    assert pairs.yaml_pairs(content, Memo(memo_file, "v1")) == fresh and parsed == []
    (folder / "glossary.yaml").write_text(
        (folder / "glossary.yaml").read_text().replace("glossary:", "glossary:  # terms")
    )
    edited = pairs.yaml_pairs(load_game(folder), Memo(memo_file, "v1"))
    assert parsed == ["glossary.yaml"] and edited == fresh  # a comment: the same texts at the same lines
    assert pairs.yaml_pairs(content, Memo(memo_file, "v2")) == fresh and parsed[1:] == [
        "game.yaml",
        "glossary.yaml",
        "number-card.yaml",
    ]  # a new code version reads every file again
