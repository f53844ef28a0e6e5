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
    from rulepress.render import rulebook
    from rulepress.render import rulebook_style as rs
    from rulepress.site import sources

    _game(tmp_path)
    content = load_games(tmp_path / "games", ["demo"])[0]
    data = sources.game_data(content, "de", sources.GameExtras())
    assert "[geändert in 1\\.1](#demo-change-1-1-1)" in data["rules"]
    assert data["version"]["number"] == "1.1" and "2026" in data["version"]["date"]
    assert [r["version"] for r in data["changelog"]] == ["1.1", "1.0"]
    assert "changes" in data["pages"]
    pdf, _pages = rulebook.render(rulebook.Book(content, "en"), rs.PAGES["a4"])
    import io

    import pdfplumber

    with pdfplumber.open(io.BytesIO(pdf)) as opened:
        text = "\n".join(p.extract_text() or "" for p in opened.pages)
    assert "changed in 1.1" in text and "Version 1.1 · March 3, 2026" in text and "Goal made clearer." in text
