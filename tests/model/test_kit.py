"""Every counted component is in the print-and-play kit, stood for by printed ones, or excused
(`rulepress.model.kit`, rule kit-printed: a warning until format 3)."""

from __future__ import annotations

import pytest
import yaml

from rulepress import paths
from rulepress.cli import main
from rulepress.model import find_games, load_game
from rulepress.scaffold import new_game

OTHER = {"id": "extra", "kind": "other", "name": {"de": "Extra", "en": "Extra"}, "count": 4, "provenance": "original"}


def _game(tmp_path, *components):
    content = tmp_path / "content"
    folder = new_game("kit", content, table=False)
    game = yaml.safe_load((folder / "game.yaml").read_text())
    game["components"] += list(components)
    (folder / "game.yaml").write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False))
    return content, folder


@pytest.mark.parametrize(
    "part",
    [
        OTHER,
        {
            "id": "pawns",
            "kind": "pieces",
            "name": {"de": "Figuren", "en": "Pawns"},
            "count": 4,
            "provenance": "original",
        },
        {"id": "board2", "kind": "board", "name": {"de": "Plan", "en": "Board"}, "count": 1, "provenance": "original"},
    ],
    ids=["other", "pieces-without-piece", "board-without-board"],
)
def test_a_counted_part_that_is_not_printed_is_reported_at_its_line(tmp_path, monkeypatch, capsys, part):
    content, folder = _game(tmp_path, part)
    warnings = [w for w in load_game(folder).warnings if w.rule == "kit-printed"]
    assert len(warnings) == 1
    (warning,) = warnings
    assert warning.path.endswith("game.yaml") and warning.line is not None and warning.key == "components.2"
    assert f"{part['id']} (4 in the box)" in warning.message or f"{part['id']} (1 in the box)" in warning.message
    monkeypatch.chdir(tmp_path)
    assert main(["check", "content", "--content", "content"]) == 0  # a warning: content of format 2 still builds
    err = capsys.readouterr().err
    assert f"game.yaml:{warning.line}:" in err and "counted but not printed" in err


@pytest.mark.parametrize(
    "change",
    [{"not_printed": {"de": "Aus dem Originalspiel.", "en": "From the original game."}}, {"printed_as": ["cards"]}],
    ids=["excused", "stood-for"],
)
def test_an_excused_or_stood_for_part_passes(tmp_path, change):
    _content, folder = _game(tmp_path, OTHER | change)
    assert [w for w in load_game(folder).warnings if w.rule == "kit-printed"] == []


def test_the_bundled_kits_are_complete_or_say_why():
    """No warning for the bundled games, whose dice and rulebooks are never asked for."""
    for folder in find_games(paths.BUNDLED_CONTENT):
        content = load_game(folder)
        assert [w for w in content.warnings if w.rule == "kit-printed"] == [], folder.name
        unprinted = [c for c in content.game.components if c.kind in ("other", "pieces") and not c.printed_pieces]
        for comp in unprinted:  # each stands for printed cards or says why it is not printed
            assert comp.printed_as or comp.not_printed, comp.id
