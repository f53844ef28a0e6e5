"""The website renderer: MyST rewriting, search words, and a real Sphinx build of a small game."""

from __future__ import annotations

import json
import re
import threading
import time
from pathlib import Path

import pytest

from rulepress.build import BuildOptions, build
from rulepress.errors import ContentError
from rulepress.model import load_games, scenario
from rulepress.model.schema import Term, Text
from rulepress.scaffold import new_game
from rulepress.site import rules_myst, search
from rulepress.site.sphinx_ext import alternates, game_nav
from rulepress.text.safety import html_lines
from rulepress.text.words import strings

POINTS = Term(
    id="victory-points",
    de="Siegpunkte",
    en="victory points",
    definition=Text(de="Punkte.", en="Points."),
    keywords={"de": ["Punkte", "Sieg"]},
)


def test_compound_parts_find_known_words_inside_longer_words():
    vocab = search.vocabulary([POINTS], "de")
    assert search.compound_parts("Wer die meisten Gesamtpunkte hat", vocab, "de") == ["Punkte"]
    assert search.compound_parts("Punkte zählen", vocab, "de") == []  # a word of its own is no compound


def test_rewrite_terms_links_the_glossary_entry_of_the_game():
    text = "Wer {term}`Siegpunkte <victory-points>` hat und {term}`X <missing>`"
    assert (
        rules_myst.rewrite_terms(text, "demo", {"victory-points"})
        == "Wer [Siegpunkte](#demo-term-victory-points) hat und X"
    )


def test_doctest_block_becomes_a_scenario_with_results_and_the_code_one_click_away():
    body = "Anna tauscht als 3. eine Serie ein.\n\n```{doctest} ex-one\n>>> armies(3), must(5)\n(8, True)\n```\n"
    words = dict(strings()["de"], lang="de")
    page = rules_myst.PageWords(
        game_id="demo", words=words, marks={"ex-one": rules_myst.ExampleMark("verified", "✓ geprüft")}
    )
    out = rules_myst.rewrite_body(body, page, set())
    assert (
        "`````{admonition} Beispiel · ✓ von der Regel-Engine geprüft\n:class: rp-example rp-verified\n:name: demo-example-ex-one"
        in out
    )
    assert "**Ausgangslage:** Anna tauscht als 3. eine Serie ein." in out
    assert "**Ergebnis:** 8, ja" in out
    assert (
        out.index("**Ergebnis:**")
        < out.index("<details")
        < out.index("```pycon\n>>> armies(3), must(5)\n(8, True)\n```")
    )
    assert '<a class="rp-example-id" href="#demo-example-ex-one"' in out
    assert out.count("Anna tauscht") == 1  # the situation moved into the box


@pytest.mark.parametrize(
    "expected,lang,shown",
    [
        ("True", "de", "ja"),
        ("(False, True)", "en", "no, yes"),
        ("0.5", "de", "0,5"),
        ("'x<b>'", "en", "x\\<b\\>"),
        ("[4, 6, 8]", "de", "4, 6, 8"),
        ("<Thing at 0x1>", "en", "\\<Thing at 0x1\\>"),
    ],
)
def test_results_in_the_page_language(expected, lang, shown):
    text, block = scenario.result_markdown(expected, scenario.Reader(strings()[lang], lang))
    assert (text, block) == (shown, False)


def test_rows_and_dicts_become_small_tables():
    reader = scenario.Reader(strings()["en"], "en")
    table, block = scenario.result_markdown("{'north': 5, 'south': 2}", reader)
    assert block and table.splitlines()[2:] == ["| north | 5 |", "| south | 2 |"]
    table, block = scenario.result_markdown("[(1, 'a'), (2, 'b')]", reader)
    assert block and table.splitlines()[2:] == ["| 1 | 1 | a |", "| 2 | 2 | b |"]


def test_records_ids_fractions_and_mixed_tuples_read_as_words_and_tables():
    reader = scenario.Reader(
        strings()["de"],
        "de",
        names={"greenland": "Grönland", "bomb": "Bombe"},
        labels={"rolls_used": "Würfe", "reaktionaere": "Reaktionäre"},
    )
    table, block = scenario.result_markdown(
        "Meeting(reached=True, rolls_used=2, bomb=-1, party='reaktionaere', mover=None, points={3: 19})", reader
    )
    assert block and table.splitlines()[2:] == [
        "| reached | ja |",
        "| Würfe | 2 |",
        "| Bombe | −1 |",
        "| party | Reaktionäre |",
        "| mover | – |",
        "| points | 3: 19 |",
    ]
    table, _ = scenario.result_markdown("{('greenland', 1): Fraction(1445, 3888)}", reader)
    # a probability: its percentage in the page's language, the exact fraction on demand
    assert table.splitlines()[2:] == [
        '| Grönland, 1 | <abbr class="rp-exact" tabindex="0" title="1445/3888">37,2 %</abbr> |'
    ]
    table, _ = scenario.result_markdown("(None, ('t1', 't9'), 1500000.5)", reader)
    assert table.splitlines()[2:] == ["| 1 | – |", "| 2 | t1, t9 |", "| 3 | 1\\.500\\.000,5 |"]
    table, _ = scenario.result_markdown("(Slot(side='a', n=()), Slot(side='b', n=(1, 2)))", reader)
    assert table.splitlines()[0] == "| \\# | side | n |" and table.splitlines()[2:] == [
        "| 1 | a | – |",
        "| 2 | b | 1, 2 |",
    ]
    for text in ("__import__('os').system('x')", "f(1)", "Fraction(1)", "{**x}"):
        assert scenario.result_markdown(text, reader)[0] == scenario.escape_markdown(text)  # shown, never run


def test_labels_name_the_parts_of_statements_written_as_tuples():
    reader = scenario.Reader(strings()["en"], "en")
    source = (
        ">>> state.active\n(1, 4)\n>>> state.active, state.first\n((1, 2), 2)\n>>> x = 1\n>>> card, deck\n('a1', ())\n"
    )
    labels = scenario.part_labels("players | first to pass; card | pile")
    assert labels == [["players", "first to pass"], ["card", "pile"]]
    lines = scenario.results_markdown(source, reader, labels)
    assert "1. 1, 4" in lines  # not written as a tuple: no labels taken
    text = "\n".join(lines)
    assert "\n2. |  |  |\n   |---|---|\n   | players | 1, 2 |\n   | first to pass | 2 |\n" in text  # a table in item 2
    assert "\n3. |  |  |\n   |---|---|\n   | card | a1 |\n   | pile | – |\n" in text


def test_a_range_label_shows_a_pair_of_numbers_as_a_range_in_the_page_s_language():
    source = ">>> PLAYERS, MONEY\n((2, 6), 1500.5)\n>>> PLAYERS, NAME\n(('a', 'b'), 2)\n"
    labels = [["players [range]", "money"], ["players [range]", "name"]]
    text = "\n".join(scenario.results_markdown(source, scenario.Reader(strings()["de"], "de"), labels))
    assert "| players | 2–6 |" in text and "| money | 1\\.500,5 |" in text
    assert "| players | a, b |" in text  # not a pair of numbers: shown as a list, the marker still dropped
    assert "[range]" not in text


def test_labels_name_the_columns_of_rows():
    reader = scenario.Reader(strings()["en"], "en")
    source = ">>> refill(3, 2)\nRefill(person=0, extra=0, free=1)\n>>> choices(3, 2)\n[(0, 1), (1, 0)]\n"
    text = "\n".join(scenario.results_markdown(source, reader, [["person cards", "extra cards"]]))
    assert "| \\# | person cards | extra cards |\n   |---|---|---|\n   | 1 | 0 | 1 |\n   | 2 | 1 | 0 |" in text
    assert "| person | 0 |" in text  # the record took no group


def test_escape_markdown_leaves_no_markup():
    assert scenario.escape_markdown("<script>*x*</script> [a](b)") == "\\<script\\>\\*x\\*\\</script\\> \\[a\\]\\(b\\)"


def test_raw_html_in_markdown_is_found_with_its_line_but_not_in_code():
    text = "a\n\nText <img src=x onerror=alert(1)> here\n\n<script>x</script>\n\n```\n<b>code</b>\n```\n`<i>`\n\n```{raw} html\n<b>\n```\n"
    assert html_lines(text) == [(3, "<img src=x onerror=alert(1)>"), (5, "<script>x</script>"), (12, "```{raw} html")]


def test_game_nav_lists_the_pages_of_the_game():
    nav = game_nav("demo/rules", {"demo/index", "demo/rules", "demo/glossary", "index"}, {"rules": "Regeln"})
    assert [(n["href"], n["label"], n["current"]) for n in nav] == [
        ("index.html", "index", False),
        ("rules.html", "Regeln", True),
        ("glossary.html", "glossary", False),
    ]
    assert game_nav("search", {"index"}, {}) == []


def test_alternates_link_the_same_page_in_every_language():
    links = alternates("risk/rules", "de", ["de", "en"], {"de": "Deutsch", "en": "English"})
    assert [(l["lang"], l["href"], l["current"]) for l in links] == [
        ("de", "../../de/risk/rules.html", True),
        ("en", "../../en/risk/rules.html", False),
    ]


def _game(tmp_path: Path, extra_de: str = "") -> Path:
    content = tmp_path / "content"
    folder = new_game("demo", content, table=False)
    glossary = folder / "game.yaml"
    glossary.write_text(
        glossary.read_text(encoding="utf-8")
        .replace(
            "glossary:\n",
            "glossary:\n  - id: victory-points\n    de: Siegpunkte\n    en: victory points\n"
            "    definition: {de: Punkte für den Sieg., en: Points that win.}\n    keywords: {de: [Punkte], en: [points]}\n",
        )
        .replace("{id: moving, provenance: original}", "{id: moving, provenance: reconstructed}"),
        encoding="utf-8",
    )
    rules = folder / "rules.de.md"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace(
            "Wer zuerst das Ziel erreicht, gewinnt.",
            "Wer zuerst das Ziel erreicht, gewinnt {term}`Siegpunkte <victory-points>`. Würfel gibt es nicht."
            + extra_de,
        ),
        encoding="utf-8",
    )
    return content


def _index(out: Path, lang: str) -> dict:
    text = (out / "site" / lang / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1 : text.rindex(")")])


SITE_URL = "https://rules.example.org/games/"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("site")
    content = _game(tmp)
    out = tmp / "out"
    result = build(BuildOptions(content=content, out=out, kinds=("site", "reports"), site_url=SITE_URL))
    return content, out, result


def test_site_artifacts_and_pages(built):
    _content, out, result = built
    assert sorted(result.built) == [
        "reports/demo.html",
        "reports/index.html",
        "site/404.html",
        "site/de",
        "site/en",
        "site/files",
        "site/index.html",
        "site/offline.json",
        "site/sitemap.xml",
        "site/sw.js",
    ]
    for lang in ("de", "en"):
        for page in ("index", "rules", "glossary", "ambiguities", "gallery", "downloads"):
            assert (out / "site" / lang / "demo" / f"{page}.html").exists(), (lang, page)
    chooser = (out / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="de/index.html"' in chooser and 'href="en/index.html"' in chooser


def test_rule_page_has_numbered_anchored_sections_terms_and_verified_examples(built):
    _content, out, _result = built
    html = (out / "site" / "de" / "demo" / "rules.html").read_text(encoding="utf-8")
    assert re.search(r'id="demo-moving".*?2 Ziehen', html, re.S)
    assert 'href="glossary.html#demo-term-victory-points"' in html
    assert "rp-example rp-verified" in html and "✓ von der Regel-Engine geprüft" in html
    assert 'hreflang="en" href="../../en/demo/rules.html"' in html
    assert "rekonstruiert" in html  # provenance mark of the sections, in plain words
    assert "eigener Inhalt" not in html  # 'original' content carries no mark
    assert "Link zu dieser Überschrift" in html and "Link to this heading" not in html
    assert 'lang="de"' in html and "Toggle" not in html and "<title>Contents</title>" not in html
    en = (out / "site" / "en" / "demo" / "rules.html").read_text(encoding="utf-8")
    assert 'id="demo-moving"' in en and "✓ verified by the rules engine" in en
    glossary = (out / "site" / "de" / "demo" / "glossary.html").read_text(encoding="utf-8")
    assert re.search(r'id="demo-term-victory-points".*?Verwendet in.*?href="rules.html#demo-goal"', glossary, re.S)


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
    part = (out / "site" / "de" / "_static" / "rp-sections" / "demo.js").read_text(encoding="utf-8")  # the game's
    first = next(line for line in part.splitlines() if line.startswith("window.RP_SECTIONS = "))
    entries = json.loads(first[first.index("=") + 1 :].strip().rstrip(";"))
    goal = next(e for e in entries if e["anchor"] == "demo-goal")
    assert (
        goal["page"] == "demo/rules" and search.stem("Siegpunkte", "de") in goal["words"] and "punkt" in goal["words"]
    )


def test_no_op_rebuild_skips_the_site_and_output_is_deterministic(built, tmp_path):
    content, out, _result = built
    again = build(BuildOptions(content=content, out=out, kinds=("site", "reports"), site_url=SITE_URL))
    assert again.built == []
    other = tmp_path / "out2"
    build(BuildOptions(content=content, out=other, kinds=("site", "reports"), site_url=SITE_URL))
    for lang in ("de", "en"):
        first = sorted(p.relative_to(out) for p in (out / "site" / lang).rglob("*") if p.is_file())
        second = sorted(p.relative_to(other) for p in (other / "site" / lang).rglob("*") if p.is_file())
        assert first == second
        for path in first:
            assert (out / path).read_bytes() == (other / path).read_bytes(), path


def test_sphinx_warnings_fail_the_build(tmp_path):
    content = _game(tmp_path, extra_de=" Siehe {ref}`nirgends`.")
    with pytest.raises(ContentError, match="nirgends"):
        build(BuildOptions(content=content, out=tmp_path / "out", kinds=("site", "reports")))
    assert not (tmp_path / "out" / "site" / "de").exists()


def test_site_view_ignores_card_texts_but_not_what_pages_show(tmp_path):
    from rulepress.render.site import site_view

    games = tmp_path / "games"
    new_game("demo", games, table=False)
    yaml_file = games / "demo" / "game.yaml"
    original = yaml_file.read_text(encoding="utf-8")
    before = site_view(load_games(games)[0])
    yaml_file.write_text(
        original.replace("Move **2** spaces forward.", "Move **two** spaces forward."), encoding="utf-8"
    )
    assert site_view(load_games(games)[0]) == before
    comp = load_games(games)[0].game.components[0]
    yaml_file.write_text(original.replace(comp.name.en, comp.name.en + " X", 1), encoding="utf-8")
    assert site_view(load_games(games)[0]) != before


HOSTILE = "<script>alert(1)</script><img src=x onerror=alert(2)>"


def test_hostile_strings_from_yaml_are_escaped_everywhere(tmp_path):
    content = tmp_path / "content"
    folder = new_game("demo", content, table=False)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    comp_name = load_games(content)[0].game.components[0].name.en
    text = text.replace(comp_name, comp_name + " " + HOSTILE.replace('"', ""), 1)
    text = text.replace(
        "glossary:\n",
        "glossary:\n  - id: evil\n    de: 'Böse " + HOSTILE + "'\n    en: 'Evil " + HOSTILE + "'\n"
        "    definition: {de: '" + HOSTILE + "', en: '" + HOSTILE + "'}\n",
        1,
    )
    game_yaml.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    build(BuildOptions(content=content, out=out, kinds=("site", "reports")))
    pages = [p for p in (out / "site").rglob("*.html")] + [p for p in (out / "reports").rglob("*.html")]
    assert len(pages) > 10
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert "<script>alert" not in html and "<img src=x" not in html, page
    glossary = (out / "site" / "de" / "demo" / "glossary.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in glossary and 'id="demo-term-evil"' in glossary
    # the search index keeps the text as data; Sphinx's search escapes titles and ours uses textContent
    assert "innerHTML" not in (out / "site" / "de" / "_static" / "sections-search.js").read_text(encoding="utf-8")


def test_raw_html_in_rules_is_a_content_error_with_its_line(tmp_path, capsys):
    from rulepress.cli import main

    content = _game(tmp_path, extra_de="\n\nDanach <img src=x onerror=alert(1)> weiter.")
    assert main(["check", "content", "--content", str(content)]) == 2
    err = capsys.readouterr().err
    assert re.search(
        r"rules\.de\.md:\d+:1: html: raw HTML is not allowed in Markdown: '<img src=x onerror=alert\(1\)>'", err
    )
    line = int(re.search(r"rules\.de\.md:(\d+)", err).group(1))
    assert "<img" in (content / "demo" / "rules.de.md").read_text(encoding="utf-8").splitlines()[line - 1]
    from rulepress.errors import RulepressError

    with pytest.raises(RulepressError, match="raw HTML"):  # found by the analysis, before anything is planned
        build(BuildOptions(content=content, out=tmp_path / "out", kinds=("site", "reports")))


def test_two_builds_of_single_games_give_one_site_with_both(tmp_path):
    content = tmp_path / "content"
    new_game("alpha", content, table=False)
    new_game("beta", content, table=False)
    out = tmp_path / "out"
    build(BuildOptions(content=content, out=out, games=["alpha"], kinds=("site", "reports")))
    build(BuildOptions(content=content, out=out, games=["beta"], kinds=("site", "reports")))
    for lang in ("de", "en"):
        assert (out / "site" / lang / "alpha" / "rules.html").exists() and (
            out / "site" / lang / "beta" / "rules.html"
        ).exists()
    chooser = (out / "site" / "index.html").read_text(encoding="utf-8")
    assert "alpha/index.html" in chooser and "beta/index.html" in chooser


def test_site_is_self_contained_and_reports_stay_apart(built):
    from html.parser import HTMLParser
    from urllib.parse import urldefrag

    _content, out, _result = built
    site = out / "site"

    class Links(HTMLParser):
        def __init__(self):
            super().__init__()
            self.links = []

        def handle_starttag(self, tag, attrs):
            for name, value in attrs:
                if name in ("href", "src") and value and "://" not in value and not value.startswith(("#", "mailto:")):
                    self.links.append(value)

    checked = 0
    for page in site.rglob("*.html"):
        if page.name == "404.html":
            continue  # its links are absolute from the site's root
        parser = Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for link in parser.links:
            target = (page.parent / urldefrag(link)[0].split("?")[0]).resolve()
            assert target.is_relative_to(site.resolve()) and target.exists(), (page, link)
            checked += 1
    assert checked > 100
    public = "\n".join(p.read_text(encoding="utf-8") for p in site.rglob("*.html"))
    assert "Example content created by rulepress new" not in public  # provenance notes are for authors
    report = (out / "reports" / "demo.html").read_text(encoding="utf-8")
    assert "Example content created by rulepress new" in report and "Translation check" in report
    assert "demo/rules.de.md" in report and str(out.parent) not in report
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert sitemap.count("<loc>") >= 12 and sitemap.count(f"<loc>{SITE_URL}") == sitemap.count("<loc>")
    rules = (site / "en" / "demo" / "rules.html").read_text(encoding="utf-8")
    assert f'<meta property="og:url" content="{SITE_URL}en/demo/rules.html" />' in rules


def test_localized_results_refusals_and_readings_are_shown_in_words():
    words = dict(strings()["de"], lang="de")
    reader = scenario.Reader(words, "de", labels={"too-few-armies": "zu wenige Armeen"})
    assert scenario.result_markdown("Ergebnis: 1.500.000 Dollar", reader) == ("1\\.500\\.000 Dollar", False)
    assert scenario.result_markdown("Abgelehnt: too-few-armies", reader) == ("Nicht erlaubt: zu wenige Armeen", False)
    assert scenario.result_markdown("Abgelehnt: other-code", reader) == ("Nicht erlaubt", False)
    assert scenario.result_markdown("Abgelehnt: ValueError", reader) == ("Nicht erlaubt", False)
    assert scenario.result_markdown("Refused: ValueError: a set has 3 cards", reader) == (
        "Nicht erlaubt: a set has 3 cards",
        False,
    )
    page = rules_myst.PageWords(
        game_id="demo", words=words, readings={"bonus": ("demo-amb-b", {"max": "Höchstens 2 pro Zug."})}
    )
    body = "Text.\n\n```{doctest} ex-r\n:reading: bonus=max\n>>> bonus(3)\n2\n```\n"
    out = rules_myst.rewrite_body(body, page, set())
    assert "**Unter der Lesart:** [Höchstens 2 pro Zug\\.](#demo-amb-b)" in out
    assert ":reading:" not in out.split("```pycon")[1]


def test_a_build_on_one_core_equals_a_build_on_two(built, tmp_path):
    """Both languages built one after the other in one process give the same bytes as in two workers."""
    import subprocess
    import sys

    content, out, _result = built
    single = tmp_path / "single"
    script = (
        "import os, sys; from pathlib import Path; os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]}); "
        "from rulepress.build import BuildOptions, build; "
        f"build(BuildOptions(content=Path(sys.argv[1]), out=Path(sys.argv[2]), kinds=('site',), site_url={SITE_URL!r}))"
    )
    subprocess.run([sys.executable, "-c", script, str(content), str(single)], check=True, cwd=tmp_path)
    for lang in ("de", "en"):
        files = sorted(p.relative_to(out) for p in (out / "site" / lang).rglob("*") if p.is_file())
        assert files == sorted(p.relative_to(single) for p in (single / "site" / lang).rglob("*") if p.is_file())
        for path in files:
            assert (out / path).read_bytes() == (single / path).read_bytes(), path
    assert b"Python-Modulindex" not in b"".join(
        p.read_bytes() for p in (single / "site" / "en").rglob("*") if p.is_file()
    )


def test_serve_rebuilds_on_save_and_pages_ask_for_reloads(tmp_path):
    import subprocess
    import sys
    import urllib.request

    content = _game(tmp_path)
    out = tmp_path / "out"
    process = subprocess.Popen(
        [sys.executable, "-m", "rulepress", "serve", "--content", str(content), "--out", str(out), "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        line = ""
        while "serving http://" not in line:
            line = process.stderr.readline()
            assert line or process.poll() is None, "serve stopped"
        base = line.split("serving ", 1)[1].split()[0]
        assert base.startswith("http://127.0.0.1:")
        page = urllib.request.urlopen(base + "de/demo/rules.html", timeout=10).read().decode()
        assert "/__rulepress__/wait?v=" in page and "Würfel gibt es nicht" in page
        version = urllib.request.urlopen(base + "__rulepress__/version", timeout=10).read().decode()
        rules = content / "demo" / "rules.de.md"
        saved = rules.read_text(encoding="utf-8").replace("Würfel gibt es nicht", "Würfel gibt es keine")
        start = time.monotonic()
        threading.Timer(1.0, lambda: rules.write_text(saved, encoding="utf-8")).start()
        # a page's long poll is held open until the rebuild after the save has finished (or 25 s pass)
        answers = [
            urllib.request.urlopen(f"{base}__rulepress__/wait?v={version}", timeout=60).read().decode()
            for _ in range(4)
        ]
        assert answers[0] == str(int(version) + 1) and time.monotonic() - start > 1.0
        assert "Würfel gibt es keine" in urllib.request.urlopen(base + "de/demo/rules.html", timeout=10).read().decode()
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_serve_names_a_failed_example_after_each_build(tmp_path, capsys):
    from rulepress.commands.serve import serve

    content = _game(tmp_path)
    rules = content / "demo" / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("from space 3\n4", "from space 3\n5"), encoding="utf-8")
    assert serve(BuildOptions(content=content, out=tmp_path / "out", kinds=("site", "reports")), port=0, once=True) == 0
    err = capsys.readouterr().err
    assert f"{rules}:" in err and ": ex-move-to-goal: expected 5, got 4" in err
    assert "1 worked example failed" in err


def test_report_paths_do_not_depend_on_the_working_directory(tmp_path, monkeypatch):
    from rulepress.model import load_game
    from rulepress.render.reports import game_path, game_text

    folder = new_game("demo", tmp_path / "games", table=False)
    seen = []
    for cwd in (tmp_path, tmp_path / "games", folder, folder.parent.parent.parent):
        monkeypatch.chdir(cwd)
        content = load_game(folder)
        seen.append(
            (
                game_path(content.rules["de"].path, content),
                game_text(f"differs (vs {content.rules['en'].path}:9)", content),
            )
        )
    assert set(seen) == {("demo/rules.de.md", "differs (vs demo/rules.en.md:9)")}


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_an_edit_rebuilds_only_what_depends_on_it_and_equals_a_clean_build(tmp_path):
    content = _game(tmp_path)
    out = tmp_path / "out"
    options = BuildOptions(content=content, out=out, kinds=("site", "reports"))
    build(options)
    cached = out / ".rulepress-cache" / "site-de" / "html" / "demo"

    def untouched():  # the pages Sphinx neither re-reads nor rewrites (the game's index lists the rules' sections)
        return {
            p.name: p.stat().st_mtime_ns for p in cached.glob("*.html") if p.name not in ("rules.html", "index.html")
        }

    before = untouched()
    assert len(before) >= 4
    rules = content / "demo" / "rules.de.md"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("Würfel gibt es nicht", "Würfel gibt es keine"), encoding="utf-8"
    )
    # a German rules paragraph: the German site (Sphinx re-reads that page only), the game's report, and the offline
    # list, which names each page with its size
    assert sorted(build(options).built) == ["reports/demo.html", "site/de", "site/offline.json"]
    assert not (out / "site" / "sitemap.xml").exists()  # no --site-url: no sitemap, no relative og:url
    assert "og:url" not in (out / "site" / "de" / "demo" / "rules.html").read_text(encoding="utf-8")
    assert "Würfel gibt es keine" in (out / "site" / "de" / "demo" / "rules.html").read_text(encoding="utf-8")
    assert untouched() == before
    # a German glossary definition: the English site shows none of it
    game_yaml = content / "demo" / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text(encoding="utf-8").replace("Punkte für den Sieg.", "Punkte zum Sieg."), encoding="utf-8"
    )
    assert sorted(build(options).built) == ["reports/demo.html", "site/de", "site/offline.json"]
    clean = tmp_path / "clean"
    build(BuildOptions(content=content, out=clean, kinds=("site", "reports")))
    for folder in ("site", "reports"):
        assert _files(out / folder) == _files(clean / folder), folder


def test_a_card_text_refreshes_the_report_but_not_the_site(tmp_path):
    content = tmp_path / "content"
    new_game("alpha", content, table=False)
    new_game("beta", content, table=False)
    out = tmp_path / "out"
    options = BuildOptions(content=content, out=out, kinds=("site", "reports"))
    build(options)
    report = (out / "reports" / "alpha.html").read_text(encoding="utf-8")
    game_yaml = content / "alpha" / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text(encoding="utf-8").replace("Move **1** space forward.", "Move **3** spaces forward."),
        encoding="utf-8",
    )
    result = build(options)
    # no page shows the text of a card no example pictures (card "two" is pictured); the other game's report stays
    assert result.built == ["reports/alpha.html"]
    changed = (out / "reports" / "alpha.html").read_text(encoding="utf-8")
    assert "numbers differ: 1 only in German; 3 only in English" in changed and "numbers differ" not in report


def test_a_failed_rebuild_leaves_the_previous_output_intact(tmp_path):
    content = _game(tmp_path)
    out = tmp_path / "out"
    options = BuildOptions(content=content, out=out, kinds=("site", "reports"))
    build(options)
    before = {k: v for k, v in _files(out).items() if not k.startswith(".rulepress-cache/")}
    rules = content / "demo" / "rules.de.md"
    good = rules.read_text(encoding="utf-8")
    rules.write_text(
        good.replace("Würfel gibt es nicht.", "Würfel gibt es nicht. Siehe {ref}`nirgends`."), encoding="utf-8"
    )
    with pytest.raises(ContentError, match="nirgends"):
        build(options)
    assert {k: v for k, v in _files(out).items() if not k.startswith(".rulepress-cache/")} == before
    rules.write_text(good, encoding="utf-8")  # undone: the output still is what these inputs make
    assert build(options).built == []
    assert {k: v for k, v in _files(out).items() if not k.startswith(".rulepress-cache/")} == before


# ---------------------------------------------------------------- the bundled games' public site, as players read it

PYTHON_SYNTAX = re.compile(
    r"[\[\]{}]|(?<!\w)'[^']*'(?!\w)|\"|\b(?:True|False|None)\b|\b\w+\(|\(\s*-?\d+\s*,|\w=\w"
    r"|\b[a-z]+_[a-z0-9_]+\b|\b\w+(?:Error|Exception)\b|Fraction"
)


def _visible(html: str, drop: str = "script, style, pre, code, details.rp-code"):
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    for tag in soup.select(drop):
        tag.decompose()
    return soup


def test_every_example_result_reads_as_words_and_tables_without_python(bundled_build):
    out, _result = bundled_build
    games = load_games(paths_bundled())
    for content in games:
        for lang in ("de", "en"):
            soup = _visible((out / "site" / lang / content.id / "rules.html").read_text(encoding="utf-8"))
            results = soup.select(".rp-example .rp-results")
            shown = [r for r in results if r.get_text(strip=True)]
            assert len(results) == len(content.rules[lang].examples) and len(shown) >= len(results) - 5, content.id
            for box in results:
                text = " ".join(box.get_text(" ").split())
                assert not PYTHON_SYNTAX.search(text), (
                    content.id,
                    lang,
                    box.find_parent(class_="rp-example").get("id"),
                    text,
                )


def test_public_pages_name_no_seed_file_or_option_key(bundled_build):
    from rulepress.check.wording import Vocabulary, findings, vocabulary

    out, _result = bundled_build
    words = [vocabulary(c.game) for c in load_games(paths_bundled())]
    every = Vocabulary(
        tuple(sorted({n for w in words for n in w.source_names})),
        tuple(sorted({k for w in words for k in w.option_keys})),
    )
    assert "seed" in every.source_names and every.option_keys
    pages = sorted((out / "site").rglob("*.html"))
    assert len(pages) > 50
    for page in pages:
        # the downloads table names each file under its caption: that file name is what one downloads
        soup = _visible(
            page.read_text(encoding="utf-8"), "script, style, pre, code, details.rp-code, .rp-downloads small"
        )
        text = " ".join(soup.get_text(" ").split())
        found = [snippet for _at, snippet, _message in findings(text, every)]
        assert not found, (page.relative_to(out), found)
        assert not re.search(r"\bseeds?\b", text, re.I), page


def test_every_built_kind_has_a_caption_in_both_languages(bundled_build):
    out, _result = bundled_build
    kinds = {a["kind"] for a in json.loads((out / "manifest.json").read_text(encoding="utf-8"))["artifacts"]}
    for lang in ("de", "en"):
        captions = strings()[lang]["artifact_kinds"]
        assert kinds - {"site", "report"} <= set(captions), (lang, kinds - set(captions))
    downloads = _visible((out / "site" / "de" / "risk" / "downloads.html").read_text(encoding="utf-8")).get_text(" ")
    assert "Symbole: Urheber und Lizenzen" in downloads and "credits" not in downloads


def paths_bundled() -> Path:
    from rulepress import paths

    return paths.BUNDLED_CONTENT


def test_sanitise_keeps_allowed_tags_and_drops_handlers_scripts_and_javascript_links():
    from rulepress.text.safety import sanitise

    text = (
        'A <b onclick="x()">b</b> <a href="javascript:alert(1)">j</a> <a href="https://x.org">ok</a> '
        '<script>alert(1)</script> `<b>code</b>`\n\n<div onclick="x"><script>alert(2)</script><i>it</i></div>\n\nend'
    )
    out = sanitise(text, ["b", "i", "a"])
    assert out.startswith(
        'A <b>b</b> <a rel="noopener noreferrer">j</a> <a href="https://x.org" rel="noopener noreferrer">ok</a> '
    )
    assert "script" not in out.replace("`<b>code</b>`", "") and "onclick" not in out and "alert(2)" not in out
    assert "`<b>code</b>`" in out and "<i>it</i>" in out and out.endswith("\n\nend")
    assert "<" not in sanitise(text, []).replace("`<b>code</b>`", "")


def test_allow_html_opt_in_allows_its_tags_only_and_is_schema_checked(tmp_path, capsys):
    from rulepress.cli import main

    content = _game(tmp_path, extra_de="\n\nH<sub>2</sub>O und <script>alert(1)</script>")
    game = content / "demo" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "site:\n  allow_html: [sub]\n", encoding="utf-8")
    assert main(["check", "content", "--content", str(content)]) == 2
    err = capsys.readouterr().err
    assert "<sub>" not in err and re.search(
        r"rules\.de\.md:\d+:1: html: raw HTML is not allowed in Markdown: "
        r"'<script>' \(site\.allow_html allows only: sub\)",
        err,
    )
    game.write_text(game.read_text(encoding="utf-8").replace("[sub]", "[sub, script]"), encoding="utf-8")
    assert main(["check", "content", "--content", str(content)]) == 2
    err = capsys.readouterr().err
    line = len(game.read_text(encoding="utf-8").splitlines())
    assert re.search(rf"game\.yaml:{line}:\d+: site\.allow_html\.1: ", err), err


def test_every_file_the_site_holds_is_linked_and_downloads_say_the_total(bundled_build):
    """A lighter site: no file that no page links (of card images only the trimmed ones the gallery shows, at its
    size; their ZIP is made by the page), and each downloads page says how much the game's files weigh in all."""
    import re
    import urllib.parse

    out, _result = bundled_build
    site = out / "site"
    linked = set()
    for page in site.rglob("*.html"):
        for ref in re.findall(r'(?:href|src)="([^"#?]+)', page.read_text(encoding="utf-8")):
            target = (page.parent / urllib.parse.unquote(ref)).resolve()
            linked.add(target)
    files = [p for p in (site / "files").rglob("*") if p.is_file()]
    assert files
    unlinked = sorted(str(p.relative_to(site)) for p in files if p.resolve() not in linked)
    assert unlinked == []
    assert not any("/bleed/" in str(p) for p in files)  # print resolution: the print-shop PDF's
    downloads = (site / "en" / "risk" / "downloads.html").read_text(encoding="utf-8")
    total = re.search(r"All files of this game: (\d+) files, ([\d.]+) MB", downloads)
    assert total, "the downloads page does not say the game's total"
    risk = [p for p in files if p.relative_to(site / "files").parts[0] == "risk"]
    size = sum(p.stat().st_size for p in risk)  # what the site holds of the game: card images at the gallery's size
    assert float(total.group(2)) == pytest.approx(float(f"{size / 1e6:.2g}"))  # two significant digits


def test_a_rebuild_after_a_config_change_publishes_none_of_sphinx_bookkeeping(tmp_path):
    """A worked example that now fails makes the site a draft, a change of Sphinx's configuration: Sphinx keeps its
    old build info as .buildinfo.bak, which went into the published site."""
    content = _game(tmp_path)
    out = tmp_path / "out"
    options = BuildOptions(content=content, out=out, kinds=("site",))
    build(options)
    rules = content / "demo" / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("\n4\n```", "\n5\n```"), encoding="utf-8")
    assert "site/en" in build(options).built
    assert (out / ".rulepress-cache" / "site-en" / "html" / ".buildinfo.bak").is_file()  # Sphinx kept it there
    published = sorted(p.relative_to(out / "site").as_posix() for p in (out / "site").rglob(".*"))
    assert published == [], published
