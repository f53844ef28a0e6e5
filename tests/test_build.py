"""The build pipeline: manifest, determinism, incremental re-runs, nothing half-written."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from rulepress import paths
from rulepress.build import BuildOptions, build, workers
from rulepress.errors import ContentError
from rulepress.model import find_games
from rulepress.scaffold import new_game

BUNDLED = ("anti-monopoly-3", "revolution-1848", "risk", "xidit")
FIELDS = {"game", "kind", "lang", "paper", "path", "pages", "sha256", "bundles"}


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
    subprocess.run(
        [sys.executable, "-m", "rulepress", "build", "--out", str(again), "--quiet"],
        check=True,
        env=env,
        capture_output=True,
    )
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
    new_game("demo", games, table=False)
    out = tmp_path / "out"
    first = build(BuildOptions(content=games, out=out))
    game_yaml = games / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("Move **2** spaces forward.", "Move **two** spaces forward."))
    second = build(BuildOptions(content=games, out=out))
    assert second.built, "the edited card's artifacts must be rebuilt"
    assert all("board" not in path for path in second.built), second.built
    # the site prints no card text: its copies of the built files (site/files) follow the new PDF; a language's
    # pages are made again only if the downloads page words the new sizes differently (the test below)
    site = sorted(path for path in second.built if path.startswith("site/"))
    assert "site/files" in site and set(site) <= {"site/de", "site/en", "site/files", "site/offline.json"}, second.built
    assert len(second.built) < len(first.built)


def test_a_sites_pages_are_made_again_only_when_what_they_show_of_the_files_changes(tmp_path, monkeypatch):
    """The site's languages come after the files they link and settle their last inputs then
    (`Artifact.settle`): the files' sizes and page counts as the downloads pages word them."""
    from rulepress.render import site

    games = tmp_path / "games"
    new_game("demo", games)
    out = tmp_path / "out"
    options = BuildOptions(content=games, out=out, kinds=("cards", "exports", "site"), papers=("a4",))
    build(options)
    table = games / "demo" / "cards.csv"
    table.write_text(table.read_text().replace("Move **1** space forward.", "Move **1** space onward."))
    edited = build(options)
    assert not list((out / "site").rglob("*.zip"))  # the downloads page makes a bundle's ZIP from its files
    sheet = "demo/cards.en.a4.pdf"
    assert (out / "site" / "files" / sheet).read_bytes() == (out / sheet).read_bytes()  # the edited sheet
    assert "demo/cards.en.a4.pdf" in edited.built and "site/files" in edited.built
    # the English site's offline store holds the English card pictures: its version follows their bytes
    assert "site/en" in edited.built and "site/de" in edited.skipped, edited.built
    from rulepress.site import downloads, sources

    size = downloads.size_text((out / "demo" / "cards.en.a4.pdf").stat().st_size, "en", sources.words("en"))
    assert size in (out / "site" / "en" / "demo" / "downloads.html").read_text(encoding="utf-8")  # still true

    shown = site.shown_facts
    monkeypatch.setattr(site, "shown_facts", lambda *a, **k: [*shown(*a, **k), "a size worded differently"])
    table.write_text(table.read_text().replace("space onward.", "space forward."))
    again = build(options)
    assert "site/en" in again.built and "site/de" in again.built, again.built


def test_editing_one_cards_english_text_in_the_table_rebuilds_only_what_shows_it(tmp_path):
    games = tmp_path / "games"
    new_game("demo", games)  # the deck read from cards.csv; the rules picture card "two"
    out = tmp_path / "out"
    build(BuildOptions(content=games, out=out, papers=("a4",)))
    table = games / "demo" / "cards.csv"

    def edit(old: str, new: str) -> list[str]:
        table.write_text(table.read_text().replace(old, new))
        return [p for p in build(BuildOptions(content=games, out=out, papers=("a4",))).built if p.startswith("demo/")]

    unpictured = edit("Move **1** space forward.", "Move **one** space forward.")
    assert "demo/cards.en.a4.pdf" in unpictured
    assert not [p for p in unpictured if ".de." in p], unpictured  # German sheets and rulebooks show no English
    assert not [p for p in unpictured if "rulebook" in p], unpictured  # no rulebook shows card one
    pictured = edit("Move **2** spaces forward.", "Move **two** spaces forward.")
    assert "demo/rulebook.en.a4.pdf" in pictured and "demo/rulebook.de.a4.pdf" not in pictured, pictured


def test_building_one_game_keeps_the_others_in_the_manifest(tmp_path):
    games = tmp_path / "games"
    new_game("one", games, table=False)
    new_game("two", games, table=False)
    out = tmp_path / "out"
    build(BuildOptions(content=games, out=out))
    build(BuildOptions(content=games, out=out, games=["one"], force=True))
    manifest = json.loads((out / "manifest.json").read_text())["artifacts"]
    assert {"one", "two"} <= {e["game"] for e in manifest}


def test_failed_build_leaves_previous_outputs(tmp_path):
    games = tmp_path / "games"
    new_game("demo", games, table=False)
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


def test_workers_inherit_a_frozen_heap_and_the_build_collects_everything_again_after(tmp_path):
    import gc

    from rulepress.build import _write_all
    from rulepress.progress import Progress
    from rulepress.render import Artifact

    def write(tmp):
        tmp.write_text(str(gc.get_freeze_count() > 0))

    todo = [Artifact(game=None, kind="test", path=f"a{i}.txt", inputs={"i": i}, write=write) for i in range(3)]
    frozen = gc.get_freeze_count()
    with Progress(False, len(todo)) as progress:
        _write_all(todo, tmp_path, progress)
    # forked workers: what they inherit is frozen (their collections skip it); in-process (one core): nothing frozen
    assert {(tmp_path / a.path).read_text() for a in todo} == {str(workers(len(todo)) > 1)}
    assert gc.get_freeze_count() == frozen  # `rulepress serve` builds again and again: nothing stays frozen


def test_content_error_in_a_worker_reaches_the_caller_unchanged(tmp_path, monkeypatch):
    from rulepress.render import exports

    def broken(job, images_dir, target, **_options):
        raise ContentError("demo/game.yaml", "card sheet cannot be made", line=7, key="components")

    monkeypatch.setattr(exports, "write_tts", broken)
    games = tmp_path / "games"
    new_game("demo", games, table=False)
    out = tmp_path / "out"
    with pytest.raises(ContentError) as caught:
        build(BuildOptions(content=games, out=out, kinds=("cards", "exports")))
    problem = caught.value.problems()[0]
    assert (problem.path, problem.line, problem.key, problem.message) == (
        "demo/game.yaml",
        7,
        "components",
        "card sheet cannot be made",
    )
    assert not list(out.glob("demo/*.tts"))  # nothing half-written


# ------------------------------------------------------------------ nothing lost: real builds in subprocesses

import signal  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

from rulepress.output import CACHE, STAGING  # noqa: E402


def _tree(folder: Path) -> dict[str, bytes]:
    """Every output file (the caches that speed up the next build are not output)."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.relative_to(folder).as_posix().startswith(CACHE + "/")
    }


def _as_from_a_terminal(then=None):
    """What the child runs before exec: Ctrl-C as a command started from a shell gets it (default action, not
    blocked), whatever an earlier test left in the test process's signal state (a child inherits it); then
    `then` (a test's own preparation, e.g. one CPU), if given."""

    def prepare() -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        if then is not None:
            then()

    return prepare


def _start_build(games: Path, out: Path, *args, cwd=None, preexec_fn=None, **popen):
    env = dict(os.environ, CI="true")
    return subprocess.Popen(
        [sys.executable, "-m", "rulepress", "build", "--content", str(games), "--out", str(out), "--quiet", *args],
        env=env,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_as_from_a_terminal(preexec_fn),
        **popen,
    )


def _children(pid: int) -> set[int]:
    try:
        return {int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}
    except OSError:
        return set()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _wait_for_workers(process, out: Path, timeout: float = 60.0) -> set[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        workers = _children(process.pid)
        if len(workers) >= 1 and (out / STAGING).exists():
            return workers
        assert process.poll() is None, process.communicate()
        time.sleep(0.05)
    raise AssertionError("no worker processes appeared")


def _add_cards(games: Path, count: int) -> None:
    """Give the demo deck `count` more cards: a build that runs long enough to be interrupted."""
    game_yaml = games / "demo" / "game.yaml"
    cards = "".join(f"      - {{id: extra-{i}, title: {{de: Karte {i}, en: Card {i}}}}}\n" for i in range(count))
    text = game_yaml.read_text().replace("    cards:\n", "    cards:\n" + cards, 1)
    game_yaml.write_text(text.replace("count: 3\n", f"count: {3 + count}\n", 1))


@pytest.fixture
def demo_with_output(tmp_path):
    """A demo game, a good build of it, and an edit so that the next build renders everything again."""
    games = tmp_path / "games"
    new_game("demo", games, table=False)
    out = tmp_path / "out"
    build(BuildOptions(content=games, out=out, kinds=("cards", "boards", "quickref", "exports")))
    game_yaml = games / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("My Game", "Our Game"))
    return games, out, _tree(out)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads worker processes from /proc (Linux)")
@pytest.mark.parametrize("how", ["SIGKILL", "Ctrl-C"])
def test_killed_build_loses_nothing_and_the_next_build_recovers(demo_with_output, how):
    games, out, before = demo_with_output
    _add_cards(games, 400)  # 800 PNG exports at 300 dpi: still running when it is interrupted
    process = _start_build(games, out, "--only", "exports", start_new_session=True)
    workers = _wait_for_workers(process, out)
    time.sleep(0.5)
    assert process.poll() is None, "the build must still run when it is interrupted"
    if how == "SIGKILL":
        process.kill()
    else:
        os.killpg(process.pid, signal.SIGINT)  # what the terminal sends to the whole foreground group
    process.wait(timeout=30)
    assert process.returncode == (-signal.SIGKILL if how == "SIGKILL" else 130)
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in workers), "worker processes must die with the build"
    after = {k: v for k, v in _tree(out).items() if not k.startswith(STAGING)}
    assert after == before, "nothing outside the staging area changed"
    if how == "Ctrl-C":
        assert not (out / STAGING).exists(), "an interrupted build cleans up after itself"
    result = build(BuildOptions(content=games, out=out, kinds=("cards",), papers=("a4",)))
    assert result.built
    assert not (out / STAGING).exists()
    assert not [p for p in out.rglob(".*") if p.name != ".rulepress-state.json" and not p.is_relative_to(out / CACHE)]


def test_second_build_into_the_same_folder_waits_for_the_first(demo_with_output):
    games, out, _ = demo_with_output
    _add_cards(games, 60)
    first = _start_build(games, out, "--only", "exports")
    _wait_for_workers(first, out)
    second = _start_build(games, out, "--only", "cards", "--paper", "a4")
    first_out, first_err = first.communicate(timeout=300)
    second_out, second_err = second.communicate(timeout=300)
    assert first.returncode == 0 and second.returncode == 0, first_err + second_err
    assert f"waiting for another build into {out} to finish" in second_err
    manifest = json.loads((out / "manifest.json").read_text())["artifacts"]
    assert all((out / e["path"]).exists() for e in manifest)
    assert {"demo/cards.en.a4.pdf", "demo/cards.en.images"} <= {e["path"] for e in manifest}
    assert not (out / STAGING).exists()


def test_failed_build_keeps_image_folders_and_manifest(demo_with_output, monkeypatch):
    from rulepress.render import exports

    games, out, before = demo_with_output

    def broken(job, images_dir, target, **_options):
        raise ContentError("demo/game.yaml", "deck sheet cannot be made", line=7)

    monkeypatch.setattr(exports, "write_tts", broken)  # the PNG folders are rendered again first, then this fails
    with pytest.raises(ContentError, match="deck sheet cannot be made"):
        build(BuildOptions(content=games, out=out, kinds=("cards", "boards", "quickref", "exports")))
    assert _tree(out) == before


def test_a_changed_folder_artifact_is_rebuilt(tmp_path):
    games = tmp_path / "games"
    new_game("demo", games, table=False)
    out = tmp_path / "out"
    options = BuildOptions(content=games, out=out, kinds=("cards", "exports"), papers=("a4",))
    build(options)
    good = _tree(out)
    (out / "demo" / "cards.en.images" / "trim" / "one.png").write_bytes(b"damaged")
    result = build(options)
    assert result.built == ["demo/cards.en.images"]
    assert _tree(out) == good


def test_one_game_after_another_into_one_folder_keeps_both_in_the_manifest(tmp_path):
    games = tmp_path / "games"
    new_game("one", games, table=False)
    new_game("two", games, table=False)
    out = tmp_path / "out"
    for game in ("one", "two"):
        build(BuildOptions(content=games, out=out, games=[game], kinds=("cards", "quickref"), papers=("a4",)))
    manifest = json.loads((out / "manifest.json").read_text())["artifacts"]
    assert {e["game"] for e in manifest} == {"one", "two"}
    assert all((out / e["path"]).exists() for e in manifest)


def test_one_core_and_two_cores_and_any_working_directory_give_the_same_bytes(tmp_path):
    games = tmp_path / "games"
    new_game("demo", games, table=False)
    (tmp_path / "a").mkdir()
    (tmp_path / "b" / "deeper").mkdir(parents=True)
    args = ()  # every renderer, the website too (built in one process, its languages once leaked into each other)
    one = _start_build(
        games, tmp_path / "one", *args, cwd=tmp_path / "a", preexec_fn=lambda: os.sched_setaffinity(0, {0})
    )
    two = _start_build(Path("../../games"), Path("../../two"), *args, cwd=tmp_path / "b" / "deeper")
    for process in (one, two):
        _, err = process.communicate(timeout=180)
        assert process.returncode == 0, err

    def outputs(folder):  # the website's incremental work area (Sphinx's pickles) is state, not output
        return {k: v for k, v in _tree(folder).items() if not k.startswith(".rulepress-cache/")}

    assert outputs(tmp_path / "one") == outputs(tmp_path / "two")
