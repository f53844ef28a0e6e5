"""`rulepress icons add`: game-icons from the npm package into a game, with their licence; credits per icon set."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest

from rulepress.cli import main
from rulepress.model import load_game
from rulepress.render import cards
from rulepress.render.options import CardOptions
from rulepress.scaffold import new_game

ANCHOR = '<path fill="currentColor" d="M240 32h32v96h64v32h-64v256c64-8 112-48 128-104l32 8c-16 88-96 152-176 152S96 408 80 320l32-8c16 56 64 96 128 104V160h-64v-32h64z"/>'


def fake_package(tmp_path: Path) -> Path:
    """A tarball shaped like `npm pack @iconify-json/game-icons` (icons.json and package.json)."""
    icons = {
        "prefix": "game-icons",
        "width": 512,
        "height": 512,
        "icons": {"anchor": {"body": ANCHOR}, "sailboat": {"body": '<path fill="currentColor" d="M0 0h512v512z"/>'}},
        "aliases": {"ship-anchor": {"parent": "anchor"}},
    }
    package = {"name": "@iconify-json/game-icons", "version": "9.9.9"}
    path = tmp_path / "iconify-json-game-icons-9.9.9.tgz"
    with tarfile.open(path, "w:gz") as tar:
        for name, data in (("package/icons.json", icons), ("package/package.json", package)):
            raw = json.dumps(data).encode()
            info = tarfile.TarInfo(name)
            info.size = len(raw)
            tar.addfile(info, io.BytesIO(raw))
    return path


@pytest.fixture
def game(tmp_path) -> Path:
    return new_game("harbour", tmp_path / "content")


def test_icons_add_writes_the_svgs_their_licence_and_provenance(game, tmp_path, capsys):
    package = fake_package(tmp_path)
    code = main(
        ["icons", "add", "harbour", "anchor", "ship-anchor", "--content", str(game.parent), "--package", str(package)]
    )
    assert code == 0
    target = game / "icons" / "game-icons"
    assert sorted(p.name for p in target.iterdir()) == [
        "LICENSE.txt",
        "PROVENANCE.json",
        "anchor.svg",
        "ship-anchor.svg",
    ]
    svg = (target / "anchor.svg").read_text()
    assert 'viewBox="0 0 512 512"' in svg and "currentColor" not in svg and "#000000" in svg
    licence = (target / "LICENSE.txt").read_text()
    assert "game-icons.net" in licence and "CC BY 3.0" in licence and "9.9.9" in licence
    provenance = json.loads((target / "PROVENANCE.json").read_text())
    assert set(provenance["icons"]) == {"anchor", "ship-anchor"} and provenance["license"] == "CC-BY-3.0"
    assert "added 2 icon(s)" in capsys.readouterr().out
    # a second call adds to the set and keeps what is there
    assert main(["icons", "add", "harbour", "sailboat", "--content", str(game.parent), "--package", str(package)]) == 0
    assert set(json.loads((target / "PROVENANCE.json").read_text())["icons"]) == {"anchor", "ship-anchor", "sailboat"}


def test_an_unknown_name_is_an_error_with_suggestions(game, tmp_path, capsys):
    package = fake_package(tmp_path)
    code = main(["icons", "add", "harbour", "anchr", "--content", str(game.parent), "--package", str(package)])
    assert code == 2
    assert "anchr (did you mean anchor" in capsys.readouterr().err
    assert not (game / "icons").exists()


def test_added_icons_are_credited_to_game_icons_and_the_games_own_are_not(game, tmp_path):
    main(["icons", "add", "harbour", "anchor", "--content", str(game.parent), "--package", str(fake_package(tmp_path))])
    (game / "icons" / "lighthouse.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M200 40h112l40 432H160z"/></svg>'
    )
    table = game / "cards.csv"
    table.write_text(table.read_text().replace("Ziehe **1**", ":anchor: :lighthouse: Ziehe **1**"), encoding="utf-8")
    content = load_game(game)
    artifacts = cards.plan(content, CardOptions(papers=("a4",)))
    (credits,) = [a for a in artifacts if a.kind == "credits"]
    target = tmp_path / "icons-license.txt"
    credits.write(target)
    sections = target.read_text().split("\n\n")
    own = next(i for i, s in enumerate(sections) if "Icons of the game itself" in s)
    assert sections[own + 1] == "Icons used on these sheets: lighthouse"
    credited = [
        sections[i + 1].strip().split(": ", 1)[1]
        for i, s in enumerate(sections)
        if s.startswith("Icons in this folder: game-icons.net")
    ]  # the added set (package 9.9.9) and the bundled one (another version): a notice each
    assert sorted(credited) == ["anchor", "walking-boot"]
    # the game's own anchor wins over the bundled text glyph of the same name
    job = cards.jobs(content, CardOptions(papers=("a4",)))[0]
    assert job.icons["anchor"].svg == "anchor"
