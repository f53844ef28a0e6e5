"""`rulepress icons add`: game-icons from the npm package into a game, with their licence; credits per icon set."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest

from rulepress.cli import main
from rulepress.draw import cardjobs
from rulepress.model import load_game
from rulepress.options import CardOptions
from rulepress.render import cards
from rulepress.scaffold import new_game

ANCHOR = '<path fill="currentColor" d="M240 32h32v96h64v32h-64v256c64-8 112-48 128-104l32 8c-16 88-96 152-176 152S96 408 80 320l32-8c16 56 64 96 128 104V160h-64v-32h64z"/>'


def fake_package(tmp_path: Path, **extra: str) -> Path:
    """A tarball shaped like `npm pack @iconify-json/game-icons` (icons.json and package.json); `extra`: more
    icons, name -> body."""
    icons = {
        "prefix": "game-icons",
        "width": 512,
        "height": 512,
        "icons": {"anchor": {"body": ANCHOR}, "sailboat": {"body": '<path fill="currentColor" d="M0 0h512v512z"/>'}}
        | {name.replace("_", "-"): {"body": body} for name, body in extra.items()},
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


def test_an_icon_the_build_could_not_read_is_refused_and_nothing_is_written(game, tmp_path, capsys):
    """The package's body went into the SVG unchecked; a broken icon then stopped every card of the game."""
    busy = " ".join(f"M{i % 500} {i // 500} l5 0 0 5z" for i in range(30_000))
    package = fake_package(tmp_path, broken='<path d="M0 0h512"', busy=f'<path d="{busy}"/>')
    for name, said in (("broken", "not a readable SVG"), ("busy", "too detailed for an icon")):
        code = main(
            ["icons", "add", "harbour", "anchor", name, "--content", str(game.parent), "--package", str(package)]
        )
        err = capsys.readouterr().err
        assert code == 2 and "Traceback" not in err, err
        assert err.startswith(f"rulepress: icon {name} of @iconify-json/game-icons 9.9.9: {said}"), err
        assert "nothing written" in err and not (game / "icons").exists()


def test_icons_add_in_a_read_only_game_is_one_line(game, tmp_path):
    """A read-only game folder (a read-only mount for root, whom permissions do not bind): one line, exit 2."""
    import os
    import re
    import subprocess
    import sys

    package = fake_package(tmp_path)
    content = game.parent
    command = [sys.executable, "-m", "rulepress", "icons", "add", "harbour", "anchor", "--content", str(content)]
    command += ["--package", str(package)]
    if os.geteuid() == 0:
        script = f'mount --bind {game} {game} && mount -o remount,bind,ro {game} && exec "$@"'
        command = ["unshare", "-m", "sh", "-c", script, "sh", *command]
    else:
        game.chmod(0o555)
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    finally:
        game.chmod(0o755)
    assert done.returncode == 2, done.stderr
    assert re.fullmatch(
        r"rulepress: \S+/harbour/icons/game-icons: cannot write: (Read-only file system|Permission denied); nothing written\n",
        done.stderr,
    ), done.stderr
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
    job = cardjobs.jobs(content, CardOptions(papers=("a4",)))[0]
    assert job.icons["anchor"].svg == "anchor"
