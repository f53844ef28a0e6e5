"""The build pipeline: manifest, determinism, incremental re-runs, nothing half-written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import shutil

import pytest

from rulepress import paths
from rulepress.build import BuildOptions, build, workers
from rulepress.errors import ContentError
from rulepress.model import find_games
from rulepress.scaffold import new_game

BUNDLED = ("anti-monopoly-3", "revolution-1848", "risk", "xidit")
FIELDS = {"game", "kind", "lang", "paper", "path", "pages", "sha256"}


def test_manifest_lists_every_bundled_game_with_all_fields(bundled_build):
    out, result = bundled_build
    manifest = json.loads((out / "manifest.json").read_text())["artifacts"]
    assert {e["game"] for e in manifest} >= set(BUNDLED)
    for entry in manifest:
        assert set(entry) == FIELDS
        assert (out / entry["path"]).exists()
        if entry["path"].endswith(".pdf"):
            assert entry["pages"] >= 1
    assert [e["path"] for e in manifest] == sorted(e["path"] for e in manifest)
    kinds = {e["kind"] for e in manifest}
    assert {"cards", "board", "quickref", "site"} <= kinds


def test_bundled_games_are_the_four(bundled_build):
    assert tuple(p.name for p in find_games(paths.BUNDLED_CONTENT)) == BUNDLED


def test_two_builds_are_byte_identical(bundled_build, tmp_path):
    out, _ = bundled_build
    again = tmp_path / "again"
    # Another process with another hash seed: set and dict orders must not leak into the output.
    env = dict(os.environ, PYTHONHASHSEED="12345", CI="true")
    subprocess.run([sys.executable, "-m", "rulepress", "build", "--out", str(again), "--quiet"],
                   check=True, env=env, capture_output=True)
    first = (out / "manifest.json").read_bytes()
    assert (again / "manifest.json").read_bytes() == first
    for entry in json.loads(first)["artifacts"]:
        if (out / entry["path"]).is_file():
            assert (out / entry["path"]).read_bytes() == (again / entry["path"]).read_bytes(), entry["path"]


def test_rerun_with_nothing_changed_renders_nothing(bundled_build):
    out, first = bundled_build
    result = build(BuildOptions(content=paths.BUNDLED_CONTENT, out=out))
    assert result.built == []
    assert len(result.skipped) == len(first.built) + len(first.skipped)


def test_editing_one_card_rebuilds_only_what_shows_it(tmp_path):
    games = tmp_path / "games"
    new_game("demo", games)
    out = tmp_path / "out"
    first = build(BuildOptions(content=games, out=out))
    game_yaml = games / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("Move **2** spaces forward.", "Move **two** spaces forward."))
    second = build(BuildOptions(content=games, out=out))
    assert second.built, "the edited card's artifacts must be rebuilt"
    assert all("board" not in path for path in second.built), second.built
    assert all(not path.startswith("site/") for path in second.built), second.built  # the site prints no card text
    assert len(second.built) < len(first.built)


def test_building_one_game_keeps_the_others_in_the_manifest(tmp_path):
    games = tmp_path / "games"
    new_game("one", games)
    new_game("two", games)
    out = tmp_path / "out"
    build(BuildOptions(content=games, out=out))
    build(BuildOptions(content=games, out=out, games=["one"], force=True))
    manifest = json.loads((out / "manifest.json").read_text())["artifacts"]
    assert {"one", "two"} <= {e["game"] for e in manifest}


def test_failed_build_leaves_previous_outputs(tmp_path):
    games = tmp_path / "games"
    new_game("demo", games)
    out = tmp_path / "out"
    build(BuildOptions(content=games, out=out))
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    card_file = games / "demo" / "game.yaml"
    card_file.write_text(card_file.read_text().replace("qty: 2", "qty: -1"))
    try:
        build(BuildOptions(content=games, out=out))
    except Exception as exc:  # noqa: BLE001 - the content error is what we expect
        assert "qty" in str(exc)
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    shutil.rmtree(games)


def test_one_artifact_is_written_in_process_and_many_by_a_pool():
    assert workers(1) == 1
    assert 1 <= workers(50) <= 50


def test_content_error_in_a_worker_reaches_the_caller_unchanged(tmp_path, monkeypatch):
    from rulepress.render import exports

    def broken(job, images_dir, target):
        raise ContentError("demo/game.yaml", "card sheet cannot be made", line=7, key="components")

    monkeypatch.setattr(exports, "write_tts", broken)
    games = tmp_path / "games"
    new_game("demo", games)
    out = tmp_path / "out"
    with pytest.raises(ContentError) as caught:
        build(BuildOptions(content=games, out=out, kinds=("cards", "exports")))
    problem = caught.value.problems()[0]
    assert (problem.path, problem.line, problem.key, problem.message) == \
        ("demo/game.yaml", 7, "components", "card sheet cannot be made")
    assert not list(out.glob("demo/*.tts"))  # nothing half-written
