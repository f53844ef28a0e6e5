"""`rulepress check sources`: copied runs, paraphrases, uncovered lines, bad passages, and the bundled games."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulepress import paths
from rulepress.check.sources import check_game, content_texts, copied_runs, coverage, read_sources, words
from rulepress.model import load_game, load_games
from rulepress.scaffold import new_game

SOURCE = """SPIELREGEL
Ziel
Wer als erster mit seiner Figur das Ziel-
feld erreicht, hat das Spiel gewonnen.
Wie man zieht
Jeder Spieler spielt in seinem Zug genau eine Karte aus und zieht seine Figur um so viele Felder vor, wie die Karte zeigt.
Das Zielfeld muss nicht genau erreicht werden.
"""

SOURCE_TEXTS = """source_texts:
  - id: manual
    file: spielregel.txt
    title: "A made-up rulebook"
    no_rule:
      - {lines: 1, reason: "title of the rulebook"}
      - {lines: "2", reason: "heading"}
      - {lines: 5, reason: "heading"}
"""


def rulepress(*args):
    return subprocess.run([sys.executable, "-m", "rulepress", *args], capture_output=True, text=True)


@pytest.fixture
def game(tmp_path) -> Path:
    """The scaffold game, based on a made-up source it paraphrases."""
    folder = new_game("demo", tmp_path / "content", table=False)
    sources = tmp_path / "sources"
    sources.mkdir()
    (sources / "spielregel.txt").write_text(SOURCE, encoding="utf-8")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    text = re.sub(
        r"rules:\n  - \{id: goal, provenance: [a-z]+\}\n  - \{id: moving, provenance: [a-z]+\}\n",
        lambda _: (
            SOURCE_TEXTS + "rules:\n"
            '  - {id: goal, provenance: reconstructed, based_on: ["manual:3-4"]}\n'
            "  - {id: moving, provenance: reconstructed, based_on: [{source: manual, lines: 6-7}]}\n"
        ),
        text,
    )
    assert "based_on" in text
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    return folder


def test_words_join_ocr_hyphenation_and_fold_case_and_old_spelling():
    found = words(["Die Armeen, die wäh-", "rend des Zuges; MUß er", "Ost-", "Europa"])
    assert [w.text for w in found] == ["die", "armeen", "die", "während", "des", "zuges", "muss", "er", "ost", "europa"]
    assert [w.line for w in found][3:5] == [1, 2]


def test_paraphrase_passes_and_coverage_is_full(game, capsys):
    assert (
        rulepress(
            "check", "sources", "--content", str(game.parent), "--sources", str(game.parent.parent / "sources")
        ).returncode
        == 0
    )
    content = load_game(game)
    report = check_game(content, game.parent.parent / "sources")
    assert report.copied == []
    [cov] = report.coverage
    assert (cov.rule_lines, cov.covered, cov.uncovered, cov.percent) == (4, 4, [], 100.0)
    assert cov.sections == {"goal": [(3, 4)], "moving": [(6, 7)]}
    assert cov.no_rule == [(1, 1, "title of the rulebook"), (2, 2, "heading"), (5, 5, "heading")]


def test_copied_sentence_is_found_with_both_places(game):
    rules = game / "rules.de.md"
    text = rules.read_text(encoding="utf-8")
    # copied across the source's hyphenated line break, with other case and punctuation
    rules.write_text(
        text.replace(
            "Wer zuerst das Ziel erreicht, gewinnt.",
            "Wer zuerst das Ziel erreicht, gewinnt.\n\nWER als Erster – mit seiner Figur – das "
            "Zielfeld erreicht: hat das Spiel gewonnen!",
        ),
        encoding="utf-8",
    )
    line = rules.read_text(encoding="utf-8").splitlines().index("Wer zuerst das Ziel erreicht, gewinnt.") + 3
    result = rulepress(
        "check", "sources", "--content", str(game.parent), "--sources", str(game.parent.parent / "sources")
    )
    assert result.returncode == 1, result.stderr
    assert f"rules.de.md:{line}: 13 words copied from " in result.stdout
    assert (
        'spielregel.txt:3: "wer als erster mit seiner figur das zielfeld erreicht hat das spiel gewonnen"'
        in result.stdout
    )
    assert "demo: 1 copied runs" in result.stdout
    # a shorter run than --min-words passes
    assert (
        rulepress(
            "check",
            "sources",
            "--content",
            str(game.parent),
            "--sources",
            str(game.parent.parent / "sources"),
            "--min-words",
            "14",
        ).returncode
        == 0
    )
    data = json.loads(
        rulepress(
            "check",
            "sources",
            "--content",
            str(game.parent),
            "--sources",
            str(game.parent.parent / "sources"),
            "--format",
            "json",
        ).stdout
    )
    [run] = data["games"][0]["copied"]
    assert (run["line"], run["words"], run["source"], run["source_line"]) == (line, 13, "manual", 3)
    assert data["clean"] is False


def test_copied_text_in_a_yaml_text_is_found_at_its_line(game):
    yaml = game / "game.yaml"
    text = yaml.read_text(encoding="utf-8")
    yaml.write_text(
        text.replace(
            "definition: {de: Ein Platz auf der Laufbahn., en: A place on the track.}",
            'definition: {de: "Jeder Spieler spielt in seinem Zug genau eine Karte aus.", en: A place on the track.}',
        ),
        encoding="utf-8",
    )
    content = load_game(game)
    runs = copied_runs(content_texts(content), read_sources(content, game.parent.parent / "sources"))
    line = (
        yaml.read_text(encoding="utf-8")
        .splitlines()
        .index(
            '    definition: {de: "Jeder Spieler spielt in seinem Zug genau eine Karte aus.", en: A place on the track.}'
        )
        + 1
    )
    assert [(Path(r.path).name, r.line, r.words) for r in runs] == [("game.yaml", line, 10)]


def test_uncovered_line_is_reported_until_cited_or_marked(game):
    sources = game.parent.parent / "sources"
    (sources / "spielregel.txt").write_text(SOURCE + "\nWer eine 6 würfelt, darf noch einmal.\n", encoding="utf-8")
    result = rulepress("check", "sources", "--content", str(game.parent), "--sources", str(sources))
    assert result.returncode == 1
    assert "spielregel.txt:9: line 9 of manual covered by no rule section" in result.stdout
    assert "manual 4/5 rule lines covered (80 %)" in result.stdout
    [cov] = coverage(load_game(game), sources)
    assert cov.uncovered == [(9, 9)]
    yaml = game / "game.yaml"
    yaml.write_text(
        yaml.read_text(encoding="utf-8").replace(
            '      - {lines: 5, reason: "heading"}\n',
            '      - {lines: 5, reason: "heading"}\n      - {lines: 9, reason: "a house rule printed by mistake"}\n',
        ),
        encoding="utf-8",
    )
    assert rulepress("check", "sources", "--content", str(game.parent), "--sources", str(sources)).returncode == 0


def test_passage_outside_the_file_missing_file_and_unknown_source_are_bad_input(game):
    sources = str(game.parent.parent / "sources")
    yaml = game / "game.yaml"
    original = yaml.read_text(encoding="utf-8")
    yaml.write_text(original.replace('based_on: ["manual:3-4"]', 'based_on: ["manual:3-40"]'), encoding="utf-8")
    line = (
        yaml.read_text(encoding="utf-8")
        .splitlines()
        .index('  - {id: goal, provenance: reconstructed, based_on: ["manual:3-40"]}')
        + 1
    )
    result = rulepress("check", "sources", "--content", str(game.parent), "--sources", sources)
    assert result.returncode == 2
    assert f"game.yaml:{line}:" in result.stderr
    assert "rules.0.based_on.0: passage manual:3-40 ends after the last line of manual (7 lines)" in result.stderr
    assert "Traceback" not in result.stderr

    yaml.write_text(original.replace('based_on: ["manual:3-4"]', 'based_on: ["rulebook:3-4"]'), encoding="utf-8")
    result = rulepress("check", "content", "--content", str(game.parent))
    assert result.returncode == 2
    assert "rules.0.based_on.0: unknown source text 'rulebook'; source_texts: manual" in result.stderr

    yaml.write_text(original.replace('based_on: ["manual:3-4"]', 'based_on: ["manual:4-3"]'), encoding="utf-8")
    result = rulepress("check", "content", "--content", str(game.parent))
    assert result.returncode == 2 and "must start at 1 or later and not end before it starts" in result.stderr

    yaml.write_text(original.replace("file: spielregel.txt", "file: anleitung.txt"), encoding="utf-8")
    result = rulepress("check", "sources", "--content", str(game.parent), "--sources", sources)
    assert result.returncode == 2
    assert "source_texts.0.file: source file 'anleitung.txt' not found in" in result.stderr


def test_seed_section_without_passage_is_reported(game):
    yaml = game / "game.yaml"
    yaml.write_text(
        yaml.read_text(encoding="utf-8").replace(
            "  - {id: moving, provenance: reconstructed, based_on: [{source: manual, lines: 6-7}]}",
            "  - {id: moving, provenance: seed}\n",
        ),
        encoding="utf-8",
    )
    report = check_game(load_game(game), game.parent.parent / "sources")
    [finding] = report.uncited
    assert "rules.1: section 'moving' has provenance 'seed' but names no source passage" in finding
    assert report.coverage[0].uncovered == [(6, 7)] and not report.clean


def test_sources_option_is_required_and_belongs_to_check_sources(game):
    result = rulepress("check", "sources", "--content", str(game.parent))
    assert result.returncode == 2 and "check sources needs --sources DIR" in result.stderr
    result = rulepress("check", "content", "--content", str(game.parent), "--sources", str(game.parent))
    assert result.returncode == 2 and "--sources is an option of 'check sources' only" in result.stderr


def shared_seeds() -> Path:
    """`shared/seeds` beside the project (CI) or beside one of its parent folders (a worktree)."""
    project = Path(__file__).resolve().parents[2]  # the checkout holding tests/
    for folder in (project, *project.parents):
        candidate = folder.parent / "shared" / "seeds"
        if candidate.is_dir():
            return candidate
    raise AssertionError(f"shared/seeds not found beside {project} or its parents")


def test_bundled_games_copy_nothing_and_cover_every_rule_line_of_the_seeds():
    seeds = shared_seeds()
    reports = [check_game(content, seeds) for content in load_games(paths.BUNDLED_CONTENT)]
    assert {r.game for r in reports} == {"risk", "xidit", "revolution-1848", "anti-monopoly-3"}
    copied = [str(run) for r in reports for run in r.copied]
    assert copied == []
    uncovered = {f"{c.source}:{a}-{b}" for r in reports for c in r.coverage for a, b in c.uncovered}
    assert uncovered == set()
    assert [finding for r in reports for finding in r.uncited] == []
    files = sorted(c.path.rsplit("/", 1)[-1][:3] for r in reports for c in r.coverage)
    assert files == ["000", "001", "002", "003", "004"]  # every seed is a source of some game
    assert all(c.rule_lines > 0 and c.covered == c.rule_lines for r in reports for c in r.coverage)
