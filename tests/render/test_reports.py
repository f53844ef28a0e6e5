"""The authors' report: with the folder of the source texts, each game's page shows their coverage."""

from __future__ import annotations

import re
from pathlib import Path

from rulepress.build import BuildOptions, build
from rulepress.cli import main
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
