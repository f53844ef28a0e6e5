"""What an incremental build may skip: targets checked by stat signature, reused per-game plans."""

from __future__ import annotations

import os

from rulepress import incremental
from rulepress.build import BuildOptions, build
from rulepress.output import sha256_of
from rulepress.render import Artifact
from rulepress.scaffold import new_game


def test_a_signature_vouches_only_for_the_hash_it_was_taken_with(tmp_path):
    target = tmp_path / "a.pdf"
    target.write_bytes(b"one")
    record, memo = {"sha256": sha256_of(target)}, {}
    assert incremental.unchanged(tmp_path, "a.pdf", record, memo)  # hashed once, then remembered
    assert memo["signatures"]["a.pdf"][1] == record["sha256"]
    target.write_bytes(b"two")  # changed in place, same size
    assert not incremental.unchanged(tmp_path, "a.pdf", record, memo)
    target.write_bytes(b"one")
    os.utime(target, ns=(1, 1))
    assert incremental.unchanged(tmp_path, "a.pdf", record, memo)  # other stat, same bytes
    assert not incremental.unchanged(tmp_path, "a.pdf", {"sha256": "other"}, memo)
    assert not incremental.unchanged(tmp_path, "gone.pdf", record, memo)


def test_a_folder_signature_sees_every_file(tmp_path):
    (tmp_path / "f" / "sub").mkdir(parents=True)
    (tmp_path / "f" / "sub" / "x.png").write_bytes(b"x")
    before = incremental.signature(tmp_path / "f")
    (tmp_path / "f" / "sub" / "y.png").write_bytes(b"y")
    assert incremental.signature(tmp_path / "f") != before


def test_a_plan_is_reused_only_with_its_key_and_unchanged_artifacts(tmp_path):
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "a.pdf").write_bytes(b"pdf")
    artifact = Artifact(game="g", kind="cards", path="g/a.pdf", inputs={"x": 1}, write=None, lang="de", paper="a4")
    memo, state = {}, {"g/a.pdf": {"sha256": sha256_of(tmp_path / "g" / "a.pdf")}}
    incremental.record_plan(memo, "g", "cards", "k1", [artifact])
    [again] = incremental.reused(memo, state, tmp_path, "g", "cards", "k1")
    assert (again.path, again.kind, again.lang, again.paper, again.digest()) == (
        "g/a.pdf",
        "cards",
        "de",
        "a4",
        artifact.digest(),
    )
    assert incremental.reused(memo, state, tmp_path, "g", "cards", "k2") is None
    (tmp_path / "g" / "a.pdf").write_bytes(b"damaged")
    assert incremental.reused(memo, state, tmp_path, "g", "cards", "k1") is None


def test_options_that_reach_a_plan_change_its_key():
    base = incremental.plan_key("game", BuildOptions(), "cards")
    assert incremental.plan_key("game", BuildOptions(progress=True, force=True, games=["x"]), "cards") == base
    assert incremental.plan_key("game", BuildOptions(papers=("a4",)), "cards") != base
    assert incremental.plan_key("game", BuildOptions(), "boards") != base
    assert incremental.plan_key("other", BuildOptions(), "cards") != base


def test_a_no_op_build_plans_nothing_again_and_an_edit_replans_its_game(tmp_path, monkeypatch):
    from rulepress.render import quickref

    games = tmp_path / "games"
    new_game("one", games, table=False)
    new_game("two", games, table=False)
    options = BuildOptions(content=games, out=tmp_path / "out", kinds=("quickref",), papers=("a4",))
    first = build(options)
    planned = []
    real = quickref.plan
    monkeypatch.setattr(quickref, "plan", lambda content, opts: planned.append(content.id) or real(content, opts))
    again = build(options)
    assert planned == [] and again.built == [] and sorted(again.skipped) == sorted(first.built)
    quick = games / "two" / "quickref.en.md"
    quick.write_text(quick.read_text(encoding="utf-8") + "- One more line.\n", encoding="utf-8")
    edited = build(options)
    assert planned == ["two"] and edited.built == ["two/quickref-short.en.a4.pdf"]
    assert [e["path"] for e in again.manifest] == [e["path"] for e in edited.manifest]


def test_bytecode_written_as_a_user_s_python_does_neither_litters_games_nor_defeats_the_cache(tmp_path, monkeypatch):
    """A user's Python writes bytecode (CI found this with PYTHONDONTWRITEBYTECODE unset): the engine import
    must not put __pycache__ into the game folder, and a bytecode cache there must not change the game's key."""
    import sys

    from rulepress.model.cache import folder_key

    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    games = tmp_path / "games"
    new_game("one", games, table=False)
    options = BuildOptions(content=games, out=tmp_path / "out", kinds=("quickref",), papers=("a4",))
    build(options)
    assert not list((games / "one").rglob("__pycache__"))
    key = folder_key(games / "one", "v")
    (games / "one" / "__pycache__").mkdir()
    (games / "one" / "__pycache__" / "engine.cpython-311.pyc").write_bytes(b"bytecode")
    assert folder_key(games / "one", "v") == key
    assert build(options).built == []


def test_the_site_check_of_a_game_that_passed_with_these_files_is_not_read_again(tmp_path, monkeypatch):
    from rulepress.check import analyse, wording
    from rulepress.model import load_game

    games = tmp_path / "games"
    new_game("one", games, table=False)
    out = tmp_path / "out"
    build(BuildOptions(content=games, out=out, kinds=("site", "reports")))
    read = []
    real = wording.authors_words
    monkeypatch.setattr(wording, "authors_words", lambda content: read.append(content.id) or real(content))
    parts = frozenset({"problems"})
    assert analyse.analyse_game(load_game(games / "one"), parts, out).problems == [] and read == []  # kept
    rules = games / "one" / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nSee engine.py for details.\n", encoding="utf-8")
    problems = analyse.analyse_game(load_game(games / "one"), parts, out).problems
    assert read == ["one"] and any("engine.py" in p.message for p in problems)


def _split_glossary(game) -> None:
    """Move the scaffold's glossary from game.yaml into a glossary.yaml of its own."""
    text = (game / "game.yaml").read_text(encoding="utf-8")
    start = text.index("glossary:\n")
    end = text.index("rules:\n", start)
    (game / "glossary.yaml").write_text(text[start:end], encoding="utf-8")
    (game / "game.yaml").write_text(text[:start] + text[end:], encoding="utf-8")


def test_an_edit_replans_only_the_renderers_that_read_the_edited_part(tmp_path, monkeypatch):
    """Rule texts are read by no per-game renderer, the glossary only by the quick references (their
    templates see the whole game): editing them plans again only what reads them."""
    from rulepress.render import cards, quickref

    games = tmp_path / "games"
    new_game("one", games, table=False)
    _split_glossary(games / "one")
    options = BuildOptions(content=games, out=tmp_path / "out", kinds=("cards", "quickref"), papers=("a4",))
    build(options)
    planned, seen = [], {}
    for module in (cards, quickref):
        real = module.plan

        def spy(content, opts, real=real, name=module.__name__.rsplit(".", 1)[1]):  # noqa: B008
            planned.append(name)
            seen[name] = (sorted(content.rules), [t.id for t in content.game.glossary])
            return real(content, opts)

        monkeypatch.setattr(module, "plan", spy)

    rules = games / "one" / "rules.de.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nNoch ein Satz.\n", encoding="utf-8")
    assert build(options).built == [] and planned == []

    glossary = games / "one" / "glossary.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8").replace("Ein Platz", "Ein Ort"), encoding="utf-8")
    build(options)
    assert planned == ["quickref"]
    assert seen["quickref"] == ([], ["space"])  # no rule texts, but the glossary

    game = games / "one" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("age: 8", "age: 9"), encoding="utf-8")
    build(options)
    assert sorted(planned) == ["cards", "quickref", "quickref"]
    assert seen["cards"] == ([], [])  # given the game without what it does not read


def test_unread_files_are_those_holding_only_unread_parts(tmp_path):
    from rulepress.model import load_games

    new_game("one", tmp_path, table=False)
    _split_glossary(tmp_path / "one")
    [content] = load_games(tmp_path, ["one"])
    held = incremental.parts_by_file(content)
    assert incremental.unread_files(held, ("rule_texts", "glossary")) == {"rules.de.md", "rules.en.md", "glossary.yaml"}
    assert incremental.unread_files(held, ("glossary",)) == {"glossary.yaml"}
    assert incremental.unread_files(held, ("components",)) == set()  # game.yaml holds more: it counts
    assert held["engine.py"] == {""}  # any other file: read by everyone
    stripped = incremental.without(content, ("rule_texts", "glossary", "site"))
    assert stripped.rules == {} and stripped.game.glossary == [] and stripped.game.components == content.game.components
    assert content.game.glossary and content.rules  # the game itself is unchanged
