"""`rulepress check examples`: passing, failing with location, exceptions, unpaired ids, fresh namespaces."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from rulepress.check.examples import run, run_game
from rulepress.model import load_game
from rulepress.scaffold import new_game

FIXTURE = Path(__file__).parent.parent / "data" / "examples"


def rulepress(*args):
    return subprocess.run([sys.executable, "-m", "rulepress", *args], capture_output=True, text=True)


def copy_fixture(tmp_path) -> Path:
    shutil.copytree(FIXTURE / "dice-duel", tmp_path / "dice-duel")
    return tmp_path / "dice-duel"


def line_of(path: Path, text: str) -> int:
    return path.read_text(encoding="utf-8").splitlines().index(text) + 1


def test_scaffold_and_fixture_examples_pass(tmp_path, capsys):
    new_game("demo", tmp_path)
    copy_fixture(tmp_path)
    assert run(tmp_path, [], "text") == 0
    out = capsys.readouterr().out
    assert "demo: 2 of 2 examples passed" in out
    assert "dice-duel: 4 of 4 examples passed" in out


def test_changed_expected_value_fails_with_path_line_id_expected_and_got(tmp_path):
    folder = new_game("demo", tmp_path)
    rules = folder / "rules.de.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace(">>> move(3, 2)\n4\n", ">>> move(3, 2)\n5\n"),
                     encoding="utf-8")
    result = rulepress("check", "examples", "--content", str(tmp_path))
    assert result.returncode == 1, result.stdout + result.stderr
    line = line_of(rules, ">>> move(3, 2)")
    assert f"rules.de.md:{line}: ex-move-to-goal: expected 5, got 4" in result.stdout
    assert "rules.en.md" not in result.stdout.split("demo:")[0]
    assert "demo: 1 of 2 examples passed" in result.stdout
    assert "Traceback" not in result.stderr


def test_failure_in_a_later_statement_points_at_its_own_line(tmp_path):
    folder = copy_fixture(tmp_path)
    rules = folder / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("'defender'", "'attacker'"), encoding="utf-8")
    results = run_game(load_game(folder))
    failed = [r for r in results if not r.passed]
    assert len(failed) == 1
    assert (failed[0].id, failed[0].lang, failed[0].line) == ("ex-odds", "en", line_of(rules, '>>> OPTIONS["ties"]'))
    assert failed[0].message().endswith("ex-odds: expected 'attacker', got 'defender'")


def test_blank_line_after_the_fence_keeps_line_numbers_right(tmp_path):
    folder = copy_fixture(tmp_path)
    rules = folder / "rules.de.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("(1, 0)\n", "(0, 1)\n", 1), encoding="utf-8")
    failed = [r for r in run_game(load_game(folder)) if not r.passed]
    assert [(r.id, r.line) for r in failed] == [("ex-duel", line_of(rules, ">>> duel([6, 2], [6])"))]


def test_an_exception_is_a_failure_that_shows_it(tmp_path, capsys):
    folder = copy_fixture(tmp_path)
    rules = folder / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace(">>> duel_odds(1, 1)[(0, 1)]", ">>> duel_odds(1, 1)[(5, 5)]"),
                     encoding="utf-8")
    assert run(tmp_path, ["dice-duel"], "text") == 1
    out = capsys.readouterr().out
    line = line_of(rules, ">>> duel_odds(1, 1)[(5, 5)]")
    assert f"rules.en.md:{line}: ex-odds: expected Fraction(5, 12), got KeyError: (5, 5)" in out


def test_example_missing_in_one_language_is_reported(tmp_path, capsys):
    folder = copy_fixture(tmp_path)
    rules = folder / "rules.de.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("{doctest} ex-odds", "{doctest} ex-odds-de"),
                     encoding="utf-8")
    assert run(tmp_path, [], "text") == 1
    out = capsys.readouterr().out
    assert f"rules.de.md:{line_of(rules, '```{doctest} ex-odds-de')}: ex-odds-de: example missing in en" in out
    assert "ex-odds: example missing in de" in out


def test_every_example_gets_a_fresh_namespace(tmp_path):
    folder = copy_fixture(tmp_path)
    for lang in ("de", "en"):
        rules = folder / f"rules.{lang}.md"
        text = rules.read_text(encoding="utf-8")
        text = text.replace(">>> duel([6, 2], [6])\n", ">>> SIDES = 20\n>>> OPTIONS['ties'] = 'x'\n>>> duel([6, 2], [6])\n")
        rules.write_text(text.replace(">>> duel_odds(1, 1)[(0, 1)]", ">>> SIDES, OPTIONS['ties']\n(6, 'defender')\n"
                                      ">>> duel_odds(1, 1)[(0, 1)]"), encoding="utf-8")
    results = run_game(load_game(folder))
    assert all(r.passed for r in results), [r.message() for r in results]


def test_json_format_lists_every_result(tmp_path, capsys):
    copy_fixture(tmp_path)
    assert run(tmp_path, [], "json") == 0
    report = json.loads(capsys.readouterr().out)
    assert report["passed"] == 4 and report["failed"] == 0
    assert {(r["id"], r["lang"]) for r in report["results"]} == {
        ("ex-duel", "de"), ("ex-duel", "en"), ("ex-odds", "de"), ("ex-odds", "en")}
