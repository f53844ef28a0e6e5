"""The website renderer: MyST rewriting, search words, and a real Sphinx build of a small game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rulepress.build import BuildOptions, build
from rulepress.errors import ContentError
from rulepress.model import load_games
from rulepress.model.schema import Term, Text
from rulepress.scaffold import new_game
from rulepress.site import rules_myst, search
from rulepress.site.sphinx_ext import alternates

POINTS = Term(id="victory-points", de="Siegpunkte", en="victory points", definition=Text(de="Punkte.", en="Points."),
              keywords={"de": ["Punkte", "Sieg"]})


def test_compound_parts_find_known_words_inside_longer_words():
    vocab = search.vocabulary([POINTS], "de")
    assert search.compound_parts("Wer die meisten Gesamtpunkte hat", vocab, "de") == ["Punkte"]
    assert search.compound_parts("Punkte zählen", vocab, "de") == []  # a word of its own is no compound


def test_rewrite_terms_points_at_the_glossary_name_in_the_language():
    text = "Wer {term}`Siegpunkte <victory-points>` hat und {term}`X <missing>`"
    assert rules_myst.rewrite_terms(text, {"victory-points": "Siegpunkte (Spiel)"}) == \
        "Wer {term}`Siegpunkte <Siegpunkte (Spiel)>` hat und X"


def test_doctest_block_becomes_a_marked_example_box():
    body = "Text\n\n```{doctest} ex-one\n>>> 1 + 1\n2\n```\n"
    out = rules_myst.rewrite_body(body, {}, "Beispiel", {"ex-one": rules_myst.ExampleMark("verified", "✓ geprüft")})
    assert "````{admonition} Beispiel · ✓ geprüft\n:class: rp-example rp-verified" in out
    assert "```pycon\n>>> 1 + 1\n2\n```" in out


def test_alternates_link_the_same_page_in_every_language():
    links = alternates("risk/rules", "de", ["de", "en"], {"de": "Deutsch", "en": "English"})
    assert [(l["lang"], l["href"], l["current"]) for l in links] == [
        ("de", "../../de/risk/rules.html", True), ("en", "../../en/risk/rules.html", False)]


def _game(tmp_path: Path, extra_de: str = "") -> Path:
    content = tmp_path / "content"
    folder = new_game("demo", content)
    glossary = folder / "game.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8").replace(
        "glossary:\n", "glossary:\n  - id: victory-points\n    de: Siegpunkte\n    en: victory points\n"
        "    definition: {de: Punkte für den Sieg., en: Points that win.}\n    keywords: {de: [Punkte], en: [points]}\n"),
        encoding="utf-8")
    rules = folder / "rules.de.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace(
        "Wer zuerst das Ziel erreicht, gewinnt.",
        "Wer zuerst das Ziel erreicht, gewinnt {term}`Siegpunkte <victory-points>`. Würfel gibt es nicht." + extra_de),
        encoding="utf-8")
    return content


def _index(out: Path, lang: str) -> dict:
    text = (out / "site" / lang / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1: text.rindex(")")])


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("site")
    content = _game(tmp)
    out = tmp / "out"
    result = build(BuildOptions(content=content, out=out, kinds=("site",)))
    return content, out, result


def test_site_artifacts_and_pages(built):
    _content, out, result = built
    assert sorted(result.built) == ["site/de", "site/en", "site/index.html"]
    for lang in ("de", "en"):
        for page in ("index", "rules", "glossary", "ambiguities", "gallery", "downloads"):
            assert (out / "site" / lang / "demo" / f"{page}.html").exists(), (lang, page)
    chooser = (out / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="de/index.html"' in chooser and 'href="en/index.html"' in chooser


def test_rule_page_has_numbered_anchored_sections_terms_and_verified_examples(built):
    _content, out, _result = built
    html = (out / "site" / "de" / "demo" / "rules.html").read_text(encoding="utf-8")
    assert re.search(r'id="demo-moving".*?2 Ziehen', html, re.S)
    assert 'href="glossary.html#term-Siegpunkte"' in html
    assert "rp-example rp-verified" in html and "✓ geprüft" in html
    assert 'hreflang="en" href="../../en/demo/rules.html"' in html
    assert "rekonstruiert" in html  # provenance mark of the sections
    en = (out / "site" / "en" / "demo" / "rules.html").read_text(encoding="utf-8")
    assert 'id="demo-moving"' in en and "✓ verified" in en


def test_german_search_index_knows_stems_umlauts_compound_parts_and_rule_ids(built):
    _content, out, _result = built
    index = _index(out, "de")
    rules = index["docnames"].index("demo/rules")
    def docs(stem):
        found = index["terms"].get(stem, [])
        return {found} if isinstance(found, int) else set(found)
    assert rules in docs("punkt")  # "Siegpunkte" is found by "Punkte"
    assert rules in docs("wurfel")  # umlaut folded by the German stemmer, as in the browser
    assert any(rules == doc for doc, _anchor, _main in index["indexentries"]["moving"])


def test_no_op_rebuild_skips_the_site_and_output_is_deterministic(built, tmp_path):
    content, out, _result = built
    again = build(BuildOptions(content=content, out=out, kinds=("site",)))
    assert again.built == []
    other = tmp_path / "out2"
    build(BuildOptions(content=content, out=other, kinds=("site",)))
    for lang in ("de", "en"):
        first = sorted(p.relative_to(out) for p in (out / "site" / lang).rglob("*") if p.is_file())
        second = sorted(p.relative_to(other) for p in (other / "site" / lang).rglob("*") if p.is_file())
        assert first == second
        for path in first:
            assert (out / path).read_bytes() == (other / path).read_bytes(), path


def test_sphinx_warnings_fail_the_build(tmp_path):
    content = _game(tmp_path, extra_de=" Siehe {ref}`nirgends`.")
    with pytest.raises(ContentError, match="nirgends"):
        build(BuildOptions(content=content, out=tmp_path / "out", kinds=("site",)))
    assert not (tmp_path / "out" / "site" / "de").exists()


def test_site_view_ignores_card_texts_but_not_what_pages_show(tmp_path):
    from rulepress.render.site import site_view

    games = tmp_path / "games"
    new_game("demo", games)
    yaml_file = games / "demo" / "game.yaml"
    original = yaml_file.read_text(encoding="utf-8")
    before = site_view(load_games(games)[0])
    yaml_file.write_text(original.replace("Move **2** spaces forward.", "Move **two** spaces forward."), encoding="utf-8")
    assert site_view(load_games(games)[0]) == before
    comp = load_games(games)[0].game.components[0]
    yaml_file.write_text(original.replace(comp.name.en, comp.name.en + " X", 1), encoding="utf-8")
    assert site_view(load_games(games)[0]) != before


def test_report_paths_do_not_depend_on_the_working_directory(tmp_path, monkeypatch):
    from rulepress.model import load_game
    from rulepress.render.site import portable
    from rulepress.scaffold import new_game

    folder = new_game("demo", tmp_path / "games")
    seen = []
    for cwd in (tmp_path, tmp_path / "games", folder.parent.parent.parent):
        monkeypatch.chdir(cwd)
        content = load_game(folder)
        report = {"findings": [{"path": content.rules["de"].path, "message": f"differs (vs {content.rules['en'].path}:9)"}]}
        seen.append(portable(report, content))
    assert seen[0] == seen[1] == seen[2] == {"findings": [{"path": "demo/rules.de.md",
                                                           "message": "differs (vs demo/rules.en.md:9)"}]}
