"""Content written for earlier releases keeps building, and `rulepress upgrade` moves it to the current format.

The fixtures in tests/data/earlier-releases are the bundled games and the scaffold as earlier releases
shipped them (see its README). They build with exit 0 and warnings that name the place and the fix;
upgraded, what is left are TODO markers only; with the TODOs filled in they build with no warning.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rulepress.cli import main
from rulepress.errors import Problem
from rulepress.model import formats

RELEASES = Path(__file__).parent / "data" / "earlier-releases"
NAMES = sorted(p.name for p in RELEASES.iterdir() if p.is_dir())
WARNING = re.compile(r"^\S+:\d+(?::\d+)?: warning: .+ \[(?:an error from format \d+ on; )?fix: .+\]$")


def _copy(release: str, tmp_path: Path) -> Path:
    target = tmp_path / release
    shutil.copytree(RELEASES / release, target, ignore=shutil.ignore_patterns("README.md"))
    return target


@pytest.mark.parametrize("release", NAMES)
def test_content_of_an_earlier_release_builds_with_warnings(release, tmp_path, capsys):
    games = _copy(release, tmp_path)
    # every renderer and game, on one paper: what an earlier content format reaches does not depend on it
    code = main(["build", "--content", str(games), "--out", str(tmp_path / "out"), "--paper", "a4", "--quiet"])
    err = capsys.readouterr().err
    assert code == 0, err
    warnings = [line for line in err.splitlines() if ": warning: " in line]
    assert warnings and all(WARNING.match(line) for line in warnings), err
    assert "game.yaml:3:1: warning: format: game.yaml declares no `format`" in err  # the scaffold's id line
    assert "Traceback" not in err and (tmp_path / "out" / "manifest.json").is_file()


def _author_fixes(games: Path) -> None:
    """What an author does after `rulepress upgrade`: put words where it left TODO markers, and say in
    players' words what no machine can rewrite (these fixtures name their seed files in public text)."""
    for path in games.rglob("*"):
        if path.suffix in (".md", ".yaml"):
            text = path.read_text(encoding="utf-8")
            text = text.replace("# TODO: what this result is", "# as the rule says")
            text = re.sub(r"(?<=:labels: )[^\n]*", lambda m: m.group(0).replace("TODO", "part"), text)
            text = text.replace('{de: "TODO", en: "TODO"}', '{de: "Wert", en: "value"}')
            text = "\n".join(
                line
                if re.search(r"\b(?:kind|based_on|sources?|source_texts|id)\s*:", line)
                else re.sub(r"(?<![/\w-])[Ss]eeds?(?:[ -]\d{3})?\b(?![/.\w-])", "the rulebook", line)
                for line in text.split("\n")
            )
            path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("release", NAMES)
def test_upgrade_leaves_todo_markers_and_the_authors_words_then_no_warning(release, tmp_path, capsys):
    games = _copy(release, tmp_path)
    assert main(["upgrade", "--content", str(games)]) == 0
    said = capsys.readouterr().out
    left = [line for line in said.splitlines() if "left for you" in line and not _next_format(line)]
    assert all("names the authors' source text" in line for line in left), said  # no machine rewrites prose
    assert main(["check", "content", "--content", str(games)]) == 0
    err = capsys.readouterr().err
    warned = [line for line in err.splitlines() if ": warning: " in line and not _next_format(line)]
    assert warned and all("TODO marker" in w or "authors' source text" in w or "no `format`" in w for w in warned)
    _author_fixes(games)
    assert main(["upgrade", "--content", str(games)]) == 0
    said = capsys.readouterr().out
    assert not [line for line in said.splitlines() if "left for you" in line and not _next_format(line)], said
    for game in games.iterdir():
        assert re.search(r"^format: 2$", (game / "game.yaml").read_text(encoding="utf-8"), re.M), game
    assert main(["check", "content", "--content", str(games)]) == 0
    err = capsys.readouterr().err
    assert not [line for line in err.splitlines() if ": warning: " in line and not _next_format(line)], err


def _next_format(line: str) -> bool:
    """A warning of a rule of the next format (`formats.upcoming`): it warns and does not keep a game from the
    current format, and no machine settles it."""
    return f"an error from format {formats.CURRENT + 1} on" in line


def test_a_rule_binds_from_its_format_on_and_tells_the_fix():
    problem = Problem("g/rules.en.md", 12, None, "example ex-a", "it has no caption", "example-caption")
    (old,) = formats.settle([problem], 1)
    assert old.warning and "fix: write what the result is" in old.message
    assert str(old).startswith("g/rules.en.md:12: warning: example ex-a: it has no caption [an error from format 2 on")
    (new,) = formats.settle([problem], 2)
    assert not new.warning and new == problem
    plain = Problem("g/game.yaml", 1, 1, "id", "bad id")  # a rule every format has
    assert formats.settle([plain], 1) == [plain]
    todo = Problem("g/game.yaml", 1, 1, "x", "TODO left", "todo-marker")
    assert formats.settle([todo], formats.CURRENT)[0].warning  # a marker never stops a build


def test_a_format_newer_than_this_release_is_refused(tmp_path, capsys):
    games = _copy(NAMES[-1], tmp_path)
    game = games / "scaffold" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("id: scaffold", "format: 99\nid: scaffold"), "utf-8")
    assert main(["check", "content", "scaffold", "--content", str(games)]) == 2
    err = capsys.readouterr().err
    assert "game.yaml:3:9: format:" in err and "99" in err and "Traceback" not in err


def test_bundled_games_and_the_scaffold_are_current(tmp_path, capsys):
    from rulepress import paths
    from rulepress.model import load_games
    from rulepress.scaffold import new_game

    new_game("fresh", tmp_path, table=False)
    for content in load_games(paths.BUNDLED_CONTENT) + load_games(tmp_path):
        assert content.game.format == formats.CURRENT and content.warnings == [], content.id


def _format_one_scaffold(tmp_path: Path):
    from rulepress.model import load_game
    from rulepress.scaffold import new_game

    folder = new_game("demo", tmp_path / "games", table=False)
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("format: 2\n", ""), encoding="utf-8")
    return game, load_game(folder)


def test_warnings_of_no_format_rule_keep_no_game_from_the_current_format(tmp_path):
    """A picture's resolution warns in every format: it is left for the author, and the format is declared."""
    from rulepress.commands.upgrade import rewritten, upgrade

    game, content = _format_one_scaffold(tmp_path)
    picture = Problem(str(game.parent / "cards.csv"), 2, 1, "image", "the picture prints at 96 ppi", warning=True)
    plan = upgrade(content, [*content.warnings, picture])
    assert plan.left == [picture]
    assert re.search(rb"^format: 2\r?\nid: demo$", rewritten(plan)[game], re.M)


def test_a_file_left_as_it_was_is_not_said_to_be_changed(tmp_path, capsys):
    """A rule of the current format that no machine settles keeps the format undeclared; game.yaml stays
    byte-identical, is not written, and upgrade says it changed nothing."""
    from rulepress.commands.upgrade import rewritten, upgrade

    game, content = _format_one_scaffold(tmp_path)
    words = Problem(str(game.parent / "rules.en.md"), 4, 1, "text", "names the authors' source text", "authors-words")
    plan = upgrade(content, [*content.warnings, words])
    assert plan.left == [words] and rewritten(plan)[game] == game.read_bytes()
    assert main(["upgrade", "--content", str(game.parent.parent)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("demo: changed game.yaml\n  format 2\n"), said  # this game has no such warning
    assert main(["upgrade", "--content", str(game.parent.parent)]) == 0
    assert capsys.readouterr().out == "demo: changed nothing\n  format 2\n"
