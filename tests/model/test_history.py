"""A game's version and changelog: ids checked at file:line, the current version's changes marked on the
website's rules page and in the rulebook (a game made with `rulepress new`, in three languages)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulepress.cli import main
from rulepress.model import history, load_games
from rulepress.scaffold import new_game

CHANGELOG = """version: "1.1"
changelog:
  - version: "1.0"
    date: 2026-01-10
    changes:
      - text: {de: Erste Fassung., en: First version., fr: Première version.}
  - version: "1.1"
    date: 2026-03-03
    changes:
      - text: {de: Ziel klarer., en: Goal made clearer., fr: But précisé.}
        sections: [SECTION]
"""


def _game(tmp_path: Path, section: str = "goal") -> Path:
    folder = new_game("demo", tmp_path / "games")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(
        text.replace("players:", CHANGELOG.replace("SECTION", section) + "players:", 1), encoding="utf-8"
    )
    return folder


def test_the_current_versions_changes_touch_their_sections(tmp_path):
    _game(tmp_path)
    game = load_games(tmp_path / "games", ["demo"])[0].game
    assert history.current(game).version == "1.1"
    assert [r.version for r in history.releases(game)] == ["1.1", "1.0"]
    assert history.touched(game) == {"goal": history.Touched("1.1", "change-1-1-1")}


def test_an_unknown_section_in_the_changelog_is_an_error_at_its_line(tmp_path, monkeypatch, capsys):
    folder = _game(tmp_path, "no-such-section")
    line = next(
        i
        for i, text in enumerate((folder / "game.yaml").read_text(encoding="utf-8").splitlines(), 1)
        if "no-such-section" in text
    )
    monkeypatch.chdir(tmp_path)
    assert main(["check", "content", "--content", "games"]) == 2
    err = capsys.readouterr().err
    assert f"game.yaml:{line}:" in err and "no-such-section" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (("sections: [goal]", "erratum: nothing-like-it"), "unknown ambiguity 'nothing-like-it'"),
        (('version: "1.1"\n', 'version: "2.0"\n'), "version '2.0' has no entry in changelog"),
        (("sections: [goal]", 'paragraphs: ["9.9"]'), "no rule paragraph is numbered 9.9 in"),
        (("sections: [goal]", "components: [no-such-deck]"), "unknown component 'no-such-deck'"),
        (("sections: [goal]", "paragraphs: [2.1]"), "write the rule number 2.1 in quotes"),
    ],
)
def test_errata_and_the_version_are_checked(tmp_path, monkeypatch, capsys, edit, message):
    folder = _game(tmp_path)
    path = folder / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(*edit, 1), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "content", "--content", "games"]) == 2
    assert message in capsys.readouterr().err


def test_site_and_rulebook_mark_a_section_changed_in_the_current_version(tmp_path):
    from rulepress.render import rulebook_doc
    from rulepress.render import rulebook_style as rs
    from rulepress.site import sources

    _game(tmp_path)
    content = load_games(tmp_path / "games", ["demo"])[0]
    data = sources.game_data(content, "de", sources.GameExtras())
    assert "[geändert in 1\\.1](#demo-change-1-1-1)" in data["rules"]
    assert data["version"]["number"] == "1.1" and "2026" in data["version"]["date"]
    assert [r["version"] for r in data["changelog"]] == ["1.1", "1.0"]
    assert "changes" in data["pages"]
    pdf, _pages = rulebook_doc.render(rulebook_doc.Book(content, "en"), rs.PAGES["a4"])
    import io

    import pdfplumber

    with pdfplumber.open(io.BytesIO(pdf)) as opened:
        text = "\n".join(p.extract_text() or "" for p in opened.pages)
    assert "changed in 1.1" in text and "Version 1.1 · March 3, 2026" in text and "Goal made clearer." in text


RELEASE = """version: "1.1"
changelog:
  - version: "1.0"
    date: 2026-01-10
    changes:
      - text: {de: Erste Fassung., en: First version.}
      - text: {de: Regel 7.7 der Vorfassung gestrichen., en: Rule 7.7 of the draft removed.}
        paragraphs: ["7.7"]  # a number of that release's text, not of the current one: no error, no link
  - version: "1.1"
    date: 2026-03-03
    changes:
      - text: {de: Ziel klarer., en: Goal made clearer.}
        sections: [goal]
      - text: {de: Ziehen über das Ziel hinaus geregelt., en: Moving past the goal settled.}
        paragraphs: ["2.1"]
        erratum: overshoot
      - text: {de: Die Zwei nennt ihren Wert., en: The Two states its value.}
        components: [cards]
ambiguities:
  - id: overshoot
    title: {de: Über das Ziel hinaus, en: Past the goal}
    description: {de: Was geschieht mit überzähligen Schritten?, en: What happens to the steps left over?}
    readings:
      - {id: stop, text: {de: Die Figur bleibt im Ziel stehen., en: The piece stops at the goal.}}
      - {id: bounce, text: {de: Die Figur zieht zurück., en: The piece moves back.}}
    used: stop
"""


@pytest.fixture(scope="module")
def release_build(tmp_path_factory):
    """A new game at version 1.1 whose changes name a section, a rule paragraph, a component and a register
    entry, built for real: its website and its A4 rulebooks."""
    from rulepress.build import BuildOptions, build

    root = tmp_path_factory.mktemp("release")
    folder = new_game("demo", root / "games")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text.replace("players:", RELEASE + "players:", 1), encoding="utf-8")
    out = root / "out"
    build(BuildOptions(content=root / "games", out=out, papers=("a4",), kinds=("rulebook", "site")))
    return out


def _soup(out: Path, page: str):
    from bs4 import BeautifulSoup

    return BeautifulSoup((out / "site" / "en" / "demo" / f"{page}.html").read_text(encoding="utf-8"), "html.parser")


def _mark_links(element) -> list[str]:
    return [a["href"] for mark in element.select(".rp-changed") for a in mark.find_all("a")]


def test_the_built_site_marks_what_each_change_touches_and_links_the_mark_to_it(release_build):
    rules = _soup(release_build, "rules")
    goal = rules.find(id="demo-goal")
    assert [a["href"] for a in goal.select(".rp-changed a")] == ["changes.html#demo-change-1-1-1"]
    paragraph = rules.find(id="r-2-1").find_parent("p")
    assert _mark_links(paragraph) == ["changes.html#demo-change-1-1-2"]
    assert "changed in 1.1" in paragraph.get_text()
    assert len(rules.select(".rp-changed")) == 2  # the section and the paragraph, nothing else
    row = next(tr for tr in _soup(release_build, "index").select("tr") if "Number cards" in tr.get_text())
    assert _mark_links(row) == ["changes.html#demo-change-1-1-3"]
    register = _soup(release_build, "ambiguities").find(id="demo-amb-overshoot")
    assert _mark_links(register) == ["changes.html#demo-change-1-1-2"]
    changes = _soup(release_build, "changes")
    change = changes.find(id="demo-change-1-1-2")
    hrefs = [a["href"] for a in change.find_all("a")]
    assert hrefs == ["rules.html#r-2-1", "ambiguities.html#demo-amb-overshoot"]
    assert "Number cards" in changes.find(id="demo-change-1-1-3").get_text()
    earlier = changes.find(id="demo-change-1-0-2")
    assert "(rules: 7.7)" in " ".join(earlier.get_text().split()) and not earlier.find_all("a")


def _destination(pdf, dest) -> tuple[int, float]:
    """(page index, top) of a PDF destination array."""
    page = next(i for i, p in enumerate(pdf.pages) if p.obj.objgen == dest[0].objgen)
    return page, float(dest[3]) if str(dest[1]) == "/XYZ" else 0.0


def test_the_built_rulebook_marks_the_changes_and_links_each_mark_to_its_change(release_build):
    import pdfplumber
    import pikepdf

    path = release_build / "demo" / "rulebook.en.a4.pdf"
    with pikepdf.open(path) as pdf:
        named = {str(k)[1:]: _destination(pdf, v) for k, v in pdf.Root.Dests.items()}
        links = []  # (page, rect, target) of every internal link
        for index, page in enumerate(pdf.pages):
            for annot in page.obj.get("/Annots", []):
                if "/Dest" in annot:
                    links.append((index, [float(v) for v in annot.Rect], _destination(pdf, annot.Dest)))
    with pdfplumber.open(path) as opened:
        marks = []  # (page, x, y from the bottom) of every "changed in 1.1"
        for index, page in enumerate(opened.pages):
            words = page.extract_words()
            for word, between, after in zip(words, words[1:], words[2:]):
                if [word["text"].strip("["), between["text"], after["text"].strip("]")] == ["changed", "in", "1.1"]:
                    marks.append((index, word["x0"] + 1, page.height - (word["top"] + word["bottom"]) / 2))
    targets = []
    for page, x, y in marks:
        hit = [t for p, (x0, y0, x1, y1), t in links if p == page and x0 <= x <= x1 and y0 <= y <= y1]
        assert len(hit) == 1, f"the mark at page {page + 1} links to {hit}"
        targets.append(next(name for name, place in named.items() if place == hit[0] and name.startswith("change-")))
    # the section, the paragraph 2.1 and the register entry the erratum settles, each linked to its change
    assert sorted(targets) == ["change-1-1-1", "change-1-1-2", "change-1-1-2"]
    assert named["r-2-1"][0] == named["s-moving"][0]
