"""Remembered results: the memo file, worked examples run once per change, translation pairs compared once."""

from __future__ import annotations

import json
import shutil
from dataclasses import asdict
from pathlib import Path

from rulepress.check import examples, translations
from rulepress.memo import Memo, key_of, output_root
from rulepress.model import load_game
from rulepress.output import CACHE, STAGING

FIXTURE = Path(__file__).parent / "data" / "examples" / "dice-duel"


def test_a_memo_keeps_what_a_run_used_and_forgets_it_with_another_code_version(tmp_path):
    path = tmp_path / "m.json"
    memo = Memo(path, "v1")
    memo.put("a", [1]), memo.put("b", {"x": "y"})
    memo.save()
    again = Memo(path, "v1")
    assert again.get("a") == [1] and again.get("missing") is None
    again.save()  # only "a" was used
    assert json.loads(path.read_text(encoding="utf-8"))["values"] == {"a": [1]}
    assert Memo(path, "v2").get("a") is None
    path.write_text("{damaged", encoding="utf-8")
    assert Memo(path, "v1").get("a") is None  # a damaged file costs the computation, nothing else
    assert Memo(None).get("a") is None
    Memo(None).save()


def test_keys_and_the_output_folder_of_a_staged_build(tmp_path):
    assert key_of({"b": 1, "a": 2}) == key_of({"a": 2, "b": 1}) != key_of({"a": 2, "b": 2})
    assert output_root(tmp_path / STAGING) == tmp_path == output_root(tmp_path)
    memo = Memo.at(tmp_path / STAGING, "g-examples")
    assert memo.path == tmp_path / CACHE / "memo" / "g-examples.json"


def _game(tmp_path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "dice-duel")
    return tmp_path / "dice-duel"


def test_examples_run_once_per_change_and_move_with_their_lines(tmp_path, monkeypatch):
    folder = _game(tmp_path)
    store = tmp_path / "examples.json"
    first = examples.run_game(load_game(folder), Memo(store, "v"))
    assert first and all(r.passed for r in first)

    loads = []
    real = examples.EngineProcess  # the engine's process starts only when an example must run
    monkeypatch.setattr(examples, "EngineProcess", lambda content: loads.append(content.id) or real(content))
    again = examples.run_game(load_game(folder), Memo(store, "v"))
    assert loads == [] and [asdict(r) for r in again] == [asdict(r) for r in first]

    rules = folder / "rules.en.md"
    rules.write_text("Two new lines\nat the top.\n\n" + rules.read_text(encoding="utf-8"), encoding="utf-8")
    moved = examples.run_game(load_game(folder), Memo(store, "v"))
    assert loads == []  # the examples did not change: remembered, at their new lines
    english = [(a, b) for a, b in zip(first, moved) if a.lang == "en"]
    assert english and all(b.line == a.line + 3 for a, b in english)
    assert all(sb.line == sa.line + 3 for a, b in english for sa, sb in zip(a.statements, b.statements))

    engine = folder / "engine.py"
    engine.write_text(engine.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    examples.run_game(load_game(folder), Memo(store, "v"))
    assert loads == ["dice-duel"]  # the engine changed: every example runs again


def test_a_failing_example_is_not_remembered(tmp_path, monkeypatch):
    folder = _game(tmp_path)
    rules = folder / "rules.en.md"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace(">>> duel([6, 2], [6])\n", ">>> duel([6, 2], [6]) + 'x'\n", 1),
        encoding="utf-8",
    )
    store = tmp_path / "examples.json"
    results = examples.run_game(load_game(folder), Memo(store, "v"))
    failed = [r for r in results if not r.passed]
    assert len(failed) == 1
    kept = json.loads(store.read_text(encoding="utf-8"))["values"]
    assert len(kept) == len(results) - 1
    assert not any(v["result"]["id"] == failed[0].id and v["result"]["lang"] == "en" for v in kept.values())


def _report(folder: Path, store: Path):
    memo = Memo(store, "v")
    result = translations.report(load_game(folder), memo=memo)
    memo.save()
    return result


def test_translation_pairs_are_compared_once_per_change(tmp_path, monkeypatch):
    folder = _game(tmp_path)
    rules = folder / "rules.en.md"
    text = rules.read_text(encoding="utf-8")
    line = next(l for l in text.splitlines() if l and l[0].isalpha() and any(c.isdigit() for c in l))
    rules.write_text(text.replace(line, line + " It takes 7 turns.", 1), encoding="utf-8")  # one difference
    store = tmp_path / "translations.json"
    plain = translations.report(load_game(folder))
    first = _report(folder, store)
    assert [f.to_dict() for f in first.findings] == [f.to_dict() for f in plain.findings]
    assert any("7" in f.message for f in first.findings)

    compared = []
    real = translations.compare_pair
    monkeypatch.setattr(
        translations, "compare_pair", lambda out, pair, *rest: compared.append(pair.id) or real(out, pair, *rest)
    )
    again = _report(folder, store)
    assert compared == []
    assert [f.to_dict() for f in again.findings] == [f.to_dict() for f in first.findings]
    assert again.paragraphs == first.paragraphs

    de = folder / "rules.de.md"
    de.write_text(de.read_text(encoding="utf-8") + "\nEin neuer Absatz am Ende.\n", encoding="utf-8")
    _report(folder, store)
    assert 0 < len(compared) < first.paragraphs  # only the pairs the edit touched


def test_a_damaged_memo_costs_only_the_work(tmp_path):
    folder = _game(tmp_path)
    good = examples.run_game(load_game(folder))
    store = tmp_path / "examples.json"
    examples.run_game(load_game(folder), Memo(store, "v"))
    data = json.loads(store.read_text(encoding="utf-8"))
    data["values"] = {k: {"line": 1} for k in data["values"]}  # the right keys, the wrong values
    store.write_text(json.dumps(data), encoding="utf-8")
    assert [asdict(r) for r in examples.run_game(load_game(folder), Memo(store, "v"))] == [asdict(r) for r in good]

    pairs = tmp_path / "translations.json"
    plain = translations.report(load_game(folder))
    _report(folder, pairs)
    data = json.loads(pairs.read_text(encoding="utf-8"))
    data["values"] = {k: [{"kind": "x"}] for k in data["values"]}
    pairs.write_text(json.dumps(data), encoding="utf-8")
    assert [f.to_dict() for f in _report(folder, pairs).findings] == [f.to_dict() for f in plain.findings]


def test_a_renamed_term_compares_names_again_not_the_sentences_and_a_game_lexicon_compares_all(tmp_path, monkeypatch):
    folder = _game(tmp_path)
    store = tmp_path / "translations.json"
    _report(folder, store)
    aligned = []
    real = translations._aligned_units
    monkeypatch.setattr(
        translations, "_aligned_units", lambda out, pair, *rest: aligned.append(pair.id) or real(out, pair, *rest)
    )
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("en: defender\n", "en: guard\n"), encoding="utf-8")
    renamed = _report(folder, store)
    assert aligned == []  # the sentences' comparison holds; the names were compared again
    assert any("guard" in f.message or "defender" in f.message for f in renamed.findings)
    assert [f.to_dict() for f in renamed.findings] == [
        f.to_dict() for f in translations.report(load_game(folder)).findings
    ]
    (folder / "lexicons").mkdir()
    (folder / "lexicons" / "xx.yaml").write_text("{}\n", encoding="utf-8")  # a lexicon of the game's own
    _report(folder, store)
    assert aligned  # what the game's lexicons say may change any comparison
