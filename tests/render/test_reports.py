"""The authors' report: with the folder of the source texts, each game's page shows their coverage."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from rulepress.analysis import GameAnalysis
from rulepress.build import BuildOptions, build
from rulepress.check import translations
from rulepress.cli import main
from rulepress.model import load_game
from rulepress.render.reports import write_report
from rulepress.scaffold import new_game

SOURCE = (
    "SPIELREGEL\nWer als erster mit seiner Figur das Zielfeld erreicht, hat das Spiel gewonnen.\n"
    "Jeder Spieler spielt in seinem Zug genau eine Karte aus.\nDas Zielfeld muss nicht genau erreicht werden.\n"
)


def _game(tmp_path: Path) -> tuple[Path, Path]:
    content = tmp_path / "content"
    folder = new_game("demo", content, table=False)
    sources = tmp_path / "sources"
    sources.mkdir()
    (sources / "spielregel.txt").write_text(SOURCE, encoding="utf-8")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    text = re.sub(
        r"rules:\n  - \{id: goal, provenance: [a-z]+\}\n  - \{id: moving, provenance: [a-z]+\}\n",
        lambda _: (
            "source_texts:\n  - {id: manual, file: spielregel.txt, no_rule: [{lines: 1, reason: title}]}\n"
            'rules:\n  - {id: goal, provenance: reconstructed, based_on: ["manual:2"]}\n'
            '  - {id: moving, provenance: reconstructed, based_on: ["manual:3"]}\n'
        ),
        text,
    )
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    return content, sources


def test_report_shows_source_coverage_and_copied_runs_when_given_the_sources(tmp_path):
    content, sources = _game(tmp_path)
    out = tmp_path / "out"
    build(BuildOptions(content=content, out=out, kinds=("site", "reports")))
    page = (out / "reports" / "demo.html").read_text(encoding="utf-8")
    assert "Source coverage" in page and "build with --sources DIR" in page
    result = build(BuildOptions(content=content, out=out, kinds=("site", "reports"), sources=sources))
    assert "reports/demo.html" in result.built  # the sources are an input of the report
    page = (out / "reports" / "demo.html").read_text(encoding="utf-8")
    cells = re.findall(r"<td>([^<]*)</td>", page[page.rindex("Source coverage") :])
    assert cells[:5] == ["manual", "3", "2", "67 %", "4"], cells[:5]  # line 4 is cited by no section
    assert "0 copied runs" in page
    (sources / "spielregel.txt").write_text(
        SOURCE + "Spiele eine Karte und ziehe so viele Felder vor, wie sie zeigt.\n", encoding="utf-8"
    )  # the scaffold's own sentence: a copied run
    build(BuildOptions(content=content, out=out, kinds=("site", "reports"), sources=sources))
    page = (out / "reports" / "demo.html").read_text(encoding="utf-8")
    assert "67 %" not in page and "1 copied runs" in page and "demo/rules.de.md:" in page


def test_build_sources_must_be_a_folder(tmp_path, capsys):
    content, _sources = _game(tmp_path)
    assert (
        main(
            [
                "build",
                "--content",
                str(content),
                "--out",
                str(tmp_path / "out"),
                "--only",
                "site",
                "--sources",
                str(tmp_path / "missing"),
            ]
        )
        == 2
    )
    assert "--sources" in capsys.readouterr().err and not (tmp_path / "out" / "reports").exists()


def test_a_section_without_findings_shows_its_summary_and_no_empty_table(tmp_path):
    content, _sources = _game(tmp_path)
    out = tmp_path / "out"
    build(BuildOptions(content=content, out=out, kinds=("site", "reports")))
    page = (out / "reports" / "demo.html").read_text(encoding="utf-8")
    sections = dict(re.findall(r"<h2>([^<]*)</h2>(.*?)</section>", page, re.S))
    assert "0 differences" in sections["Translation check"] and "<table" not in sections["Translation check"]
    assert "<table" in sections["Worked examples"]  # one row per example that ran


class _Cells(HTMLParser):
    """The cells of the side-by-side table: per row, per cell, its text and its marked words."""

    def __init__(self):
        super().__init__()
        self.rows: list[list[dict]] = []
        self.inside = self.mark = False

    def handle_starttag(self, tag, attrs):
        if tag == "table" and ("class", "side-by-side") in attrs:
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag == "td":
            self.rows[-1].append({"text": "", "marked": []})
        elif self.inside and tag == "mark":
            self.mark = True
            self.rows[-1][-1]["marked"].append("")

    def handle_endtag(self, tag):
        if tag == "table":
            self.inside = False
        elif tag == "mark":
            self.mark = False

    def handle_data(self, data):
        if self.inside and self.rows and self.rows[-1]:
            self.rows[-1][-1]["text"] += data
            if self.mark:
                self.rows[-1][-1]["marked"][-1] += data


def test_the_report_shows_a_finding_s_two_sentences_side_by_side_with_the_words_marked(tmp_path):
    folder = new_game("demo", tmp_path / "content", table=False)
    english = folder / "rules.en.md"
    english.write_text(
        english.read_text(encoding="utf-8").replace(
            "The first to reach the goal wins.", "The <b>first</b> to reach the goal never wins."
        ),
        encoding="utf-8",
    )
    content = load_game(folder)
    found = GameAnalysis(content.id, translations=translations.report(content))
    page = tmp_path / "demo.html"
    write_report(content, page, found)
    cells = _Cells()
    cells.feed(page.read_text(encoding="utf-8"))
    rows = [r for r in cells.rows if r]
    assert len(rows) == 1
    kind, german, english_side = rows[0]
    assert kind["text"].startswith("negation")
    assert "demo/rules.de.md:4" in german["text"] and "Wer zuerst das Ziel erreicht, gewinnt." in german["text"]
    assert "demo/rules.en.md:4" in english_side["text"]
    assert "The <b>first</b> to reach the goal never wins." in english_side["text"]  # escaped: text, not a tag
    assert english_side["marked"] == ["never"] and german["marked"] == []


def test_a_game_without_german_gets_its_report_titled_in_its_own_languages(tmp_path):
    """The report's page named the game by its English and German titles and failed to render for a game in
    English and French (the build stopped with a template error)."""
    content = tmp_path / "content"
    folder = new_game("duo", content, languages=("en", "fr"), table=False)
    game = load_game(folder).game
    out = tmp_path / "out"
    build(BuildOptions(content=content, out=out, kinds=("reports",)))
    page = (out / "reports" / "duo.html").read_text(encoding="utf-8")
    titles = " / ".join(dict.fromkeys([game.title.get("en"), game.title.get("fr")]))
    assert f"<h1>{titles}: authors' report</h1>" in page and "Mon jeu" in titles
