"""`rulepress check examples`: passing, failing with location, exceptions, unpaired ids, fresh namespaces."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from rulepress.analysis import Analysis
from rulepress.check import examples
from rulepress.check.analyse import analyser
from rulepress.check.examples import ExampleRuns, run_all, run_game
from rulepress.commands.check_examples import run
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
    new_game("demo", tmp_path, table=False)
    copy_fixture(tmp_path)
    assert run(tmp_path, [], "text") == 0
    out = capsys.readouterr().out
    assert "demo: 2 of 2 examples passed" in out
    assert "dice-duel: 10 of 10 examples passed" in out


def test_changed_expected_value_fails_with_path_line_id_expected_and_got(tmp_path):
    folder = new_game("demo", tmp_path, table=False)
    rules = folder / "rules.de.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("von Feld 3\n4\n", "von Feld 3\n5\n"), encoding="utf-8")
    result = rulepress("check", "examples", "--content", str(tmp_path))
    assert result.returncode == 1, result.stdout + result.stderr
    line = line_of(rules, ">>> move(3, 2)  # Feld nach einer Zwei von Feld 3")
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
    rules.write_text(
        rules.read_text(encoding="utf-8").replace(">>> duel_odds(1, 1)[(0, 1)]", ">>> duel_odds(1, 1)[(5, 5)]"),
        encoding="utf-8",
    )
    assert run(tmp_path, ["dice-duel"], "text") == 1
    out = capsys.readouterr().out
    line = line_of(rules, ">>> duel_odds(1, 1)[(5, 5)]")
    assert f"rules.en.md:{line}: ex-odds: expected Fraction(5, 12), got KeyError: (5, 5)" in out


def test_example_missing_in_one_language_is_reported(tmp_path, capsys):
    folder = copy_fixture(tmp_path)
    rules = folder / "rules.de.md"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("{doctest} ex-odds", "{doctest} ex-odds-de"), encoding="utf-8"
    )
    assert run(tmp_path, [], "text") == 1
    out = capsys.readouterr().out
    assert f"rules.de.md:{line_of(rules, '```{doctest} ex-odds-de')}: ex-odds-de: example missing in en" in out
    assert "ex-odds: example missing in de" in out


def test_every_example_gets_a_fresh_namespace(tmp_path):
    folder = copy_fixture(tmp_path)
    for lang in ("de", "en"):
        rules = folder / f"rules.{lang}.md"
        text = rules.read_text(encoding="utf-8")
        text = text.replace(
            ">>> duel([6, 2], [6])\n", ">>> SIDES = 20\n>>> OPTIONS['ties'] = 'x'\n>>> duel([6, 2], [6])\n"
        )
        rules.write_text(
            text.replace(
                ">>> duel_odds(1, 1)[(0, 1)]",
                ">>> SIDES, OPTIONS['ties']\n(6, 'defender')\n>>> duel_odds(1, 1)[(0, 1)]",
            ),
            encoding="utf-8",
        )
    results = run_game(load_game(folder))
    assert all(r.passed for r in results), [r.message() for r in results]


def test_json_format_lists_every_result(tmp_path, capsys):
    copy_fixture(tmp_path)
    assert run(tmp_path, [], "json") == 0
    report = json.loads(capsys.readouterr().out)
    assert report["passed"] == 10 and report["failed"] == 0
    assert {(r["id"], r["lang"]) for r in report["results"]} == {
        (i, lang)
        for i in ("ex-duel", "ex-odds", "ex-refused", "ex-localized", "ex-other-reading")
        for lang in ("de", "en")
    }


# --- refusals, localized results, readings -------------------------------------------------------


def edited(tmp_path, lang: str, old: str, new: str) -> tuple[Path, Path]:
    folder = copy_fixture(tmp_path)
    rules = folder / f"rules.{lang}.md"
    text = rules.read_text(encoding="utf-8")
    assert old in text
    rules.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder, rules


def failures(folder: Path) -> list[str]:
    return [r.message().split("/")[-1] for r in run_game(load_game(folder)) if not r.passed]


def test_refusal_by_code_class_or_class_and_message_passes_in_both_languages(tmp_path):
    folder = copy_fixture(tmp_path)
    results = {(r.id, r.lang): r for r in run_game(load_game(folder))}
    for lang in ("de", "en"):
        refused = results[("ex-refused", lang)]
        assert refused.passed
        assert [s.kind for s in refused.statements] == ["refused", "output", "refused"]
        assert [s.outcome for s in refused.statements] == ["refused too-few-armies", "3\n", "refused too-few-armies"]


def test_refusal_with_another_reason_fails_naming_the_real_one(tmp_path):
    folder, rules = edited(tmp_path, "de", "Abgelehnt: too-few-armies", "Abgelehnt: no-dice")
    line = line_of(rules, ">>> attack_dice(1)")
    assert failures(folder) == [
        f"rules.de.md:{line}: ex-refused: expected Abgelehnt: no-dice, got Abgelehnt: "
        "too-few-armies (Refusal: an attack needs at least 2 armies)"
    ]


def test_refusal_message_and_base_class_are_checked_without_the_engine_module_name(tmp_path):
    folder, rules = edited(
        tmp_path,
        "en",
        "Refused: Refusal: an attack needs at least 2 armies",
        "Refused: ValueError: an attack needs at least 3 armies",
    )
    line = line_of(rules, ">>> attack_dice(0)")
    assert failures(folder) == [
        f"rules.en.md:{line}: ex-refused: expected Refused: ValueError: an attack needs at "
        "least 3 armies, got Refused: too-few-armies (Refusal: an attack needs at least 2 armies)"
    ]
    folder, _ = edited(
        tmp_path / "b",
        "en",
        "Refused: Refusal: an attack needs at least 2 armies",
        "Refused: ValueError: an attack needs ...",
    )
    assert failures(folder) == []


def test_expected_refusal_that_does_not_happen_fails_with_the_value(tmp_path):
    folder, rules = edited(tmp_path, "en", ">>> attack_dice(1)\n", ">>> attack_dice(2)\n")
    assert failures(folder) == [
        f"rules.en.md:{line_of(rules, '>>> attack_dice(2)')}: ex-refused: expected Refused: too-few-armies, got 1"
    ]


def test_unexpected_refusal_shows_class_and_message_without_module_name(tmp_path):
    folder, rules = edited(tmp_path, "en", ">>> attack_dice(4)\n", ">>> attack_dice(1)\n")
    assert failures(folder) == [
        f"rules.en.md:{line_of(rules, '>>> attack_dice(1)') + 2}: ex-refused: "
        "expected 3, got Refusal: an attack needs at least 2 armies"
    ]


def test_localized_result_checks_numbers_in_the_locale_format(tmp_path):
    folder, rules = edited(tmp_path, "de", "Ergebnis: 3.000 Gold", "Ergebnis: 3,000 Gold")
    assert failures(folder) == [
        f"rules.de.md:{line_of(rules, '>>> prize(2)')}: ex-localized: expected Ergebnis: "
        "3,000 Gold, got Ergebnis: 3.000 (does not state 3.000; states 3 which the result "
        "does not hold; '3,000' is not a number written in de)"
    ]
    folder, rules = edited(tmp_path / "b", "en", "Result: 3,000 gold", "Result: 2,000 gold")
    assert failures(folder) == [
        f"rules.en.md:{line_of(rules, '>>> prize(2)')}: ex-localized: expected Result: "
        "2,000 gold, got Result: 3,000 (does not state 3,000; states 2,000 which the result "
        "does not hold)"
    ]


def test_localized_result_accepts_number_words_and_needs_the_glossary_term(tmp_path):
    folder, _ = edited(tmp_path, "en", "Result: 3,000 gold", "Result: three thousand gold")
    assert failures(folder) == []
    folder, rules = edited(tmp_path / "b", "de", "Ergebnis: der Verteidiger", "Ergebnis: der Angreifer")
    assert failures(folder) == [
        f"rules.de.md:{line_of(rules, '>>> tie_winner()')}: ex-localized: expected "
        "Ergebnis: der Angreifer, got Ergebnis: Verteidiger (does not name 'defender' (Verteidiger))"
    ]


def test_localized_results_are_compared_across_languages_by_value(tmp_path):
    folder = copy_fixture(tmp_path)
    results = {(r.id, r.lang): r for r in run_game(load_game(folder))}
    de, en = results[("ex-localized", "de")].statements, results[("ex-localized", "en")].statements
    assert [s.want for s in de] == ["Ergebnis: der Verteidiger\n", "Ergebnis: 3.000 Gold\n"]
    assert [s.outcome for s in de] == [s.outcome for s in en] == ["'defender'", "3000"]


def test_example_runs_under_its_named_reading(tmp_path):
    folder = copy_fixture(tmp_path)
    results = {(r.id, r.lang): r for r in run_game(load_game(folder))}
    assert [s.outcome for s in results[("ex-other-reading", "en")].statements] == ["'attacker'", "3500\n"]
    folder, rules = edited(tmp_path / "b", "en", ":reading: ties=attacker\n", "")
    assert failures(folder) == [
        f"rules.en.md:{line_of(rules, '```{doctest} ex-other-reading') + 1}: ex-other-reading: "
        "expected Result: the attacker, got Result: defender (does not name 'defender' (defender))"
    ]


def test_unknown_reading_or_option_is_reported(tmp_path, capsys):
    folder, rules = edited(tmp_path, "de", ":reading: ties=attacker", ":reading: ties=nobody\n:speed: fast")
    assert run(tmp_path, [], "text") == 1
    out = capsys.readouterr().out
    reading, speed = line_of(rules, ":reading: ties=nobody"), line_of(rules, ":speed: fast")  # each at its own line
    assert (
        f"rules.de.md:{reading}: ex-other-reading: :reading: ties has no reading 'nobody' (readings: defender, attacker)"
        in out
    )
    assert (
        f"rules.de.md:{speed}: ex-other-reading: unknown example option ':speed:' (known: reading, labels, picture)"
        in out
    )


def test_engine_option_no_function_takes_is_reported(tmp_path, capsys):
    folder = copy_fixture(tmp_path)
    engine = folder / "engine.py"
    engine.write_text(
        engine.read_text(encoding="utf-8")
        .replace('ties="defender"', 'tie_rule="defender"')
        .replace("ties ==", "tie_rule ==")
        .replace("return ties", "return tie_rule"),
        encoding="utf-8",
    )
    assert run(tmp_path, [], "text") == 1
    out = capsys.readouterr().out
    assert "game.yaml:8:" in out and "engine_options.ties: no engine function takes a keyword parameter 'ties'" in out


def test_localized_result_wrong_in_one_language_is_a_translation_finding(tmp_path):
    from rulepress.check.translations import report

    folder, rules = edited(tmp_path, "en", "Result: 3,000 gold", "Result: 4,000 gold")
    found = [f for f in report(load_game(folder)).findings if not f.documented]
    line = line_of(rules, ">>> prize(2)")
    assert [(f.kind, f.location, f.other) for f in found] == [
        ("example-expected", f"{folder}/rules.de.md:{line}", f"{folder}/rules.en.md:{line}")
    ]
    assert found[0].message == (
        f"example 'ex-localized' expects 'Ergebnis: 3.000 Gold' in German but 'Result: 4,000 "
        f"gold' in English ({folder}/rules.en.md:{line}); both give '3000', which only the "
        "German text states"
    )


def test_refusal_and_reading_differences_across_languages_are_translation_findings(tmp_path):
    from rulepress.check.translations import report

    folder, rules = edited(tmp_path, "en", ":reading: ties=attacker\n", ":reading: ties=defender\n")
    kinds = sorted(f.kind for f in report(load_game(folder)).findings if not f.documented)
    assert kinds == ["example-reading", "example-result", "example-result"]
    folder, rules = edited(tmp_path / "b", "de", ">>> attack_dice(1)\n", ">>> attack_dice(2)\n")
    found = [f for f in report(load_game(folder)).findings if not f.documented]
    assert [f.kind for f in found] == ["example-result"]
    assert (
        "gives '1' for 'attack_dice(2)' in German but 'refused too-few-armies' for 'attack_dice(1)'" in found[0].message
    )


def test_a_failure_is_run_again_by_the_next_run_but_read_back_for_the_builds_report(tmp_path, monkeypatch):
    folder = new_game("demo", tmp_path / "games", table=False)
    rules = folder / "rules.en.md"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("from space 3\n4\n", "from space 3\n5\n"), encoding="utf-8"
    )
    content, out = load_game(folder), tmp_path / "out"
    assert [r.passed for r in run_all(ExampleRuns.at(content, out))] == [True, False]  # de, en; both remembered
    ran = []
    real = examples.ExampleRuns._run  # the example runs in the engine's process: count the calls here
    monkeypatch.setattr(examples.ExampleRuns, "_run", lambda self, e: ran.append(e.id) or real(self, e))
    shown = Analysis(analyser(out)).example_failures([content])
    assert [(r.id, r.lang, r.got) for r in shown] == [("ex-move-to-goal", "en", "4\n")]
    assert ran == []  # what the build's pages showed, not a third run
    assert [r.passed for r in run_all(ExampleRuns.at(content, out))] == [True, False]
    assert ran == ["ex-move-to-goal"]  # the failure runs again (a time-out may pass next time); the pass does not


def test_an_example_runs_once_per_build_whichever_parts_ask_for_it(tmp_path, monkeypatch):
    """The website's examples and the translation check share each run: a failing example (here a time-out)
    costs its time limit once per language, not once per part or renderer that reads it."""
    folder = new_game("demo", tmp_path / "games")
    engine = folder / "engine.py"
    engine.write_text(
        engine.read_text(encoding="utf-8").replace(
            "    return min(", "    while position == 3:\n        pass\n    return min("
        ),
        encoding="utf-8",
    )
    monkeypatch.setenv("RULEPRESS_TIME_LIMIT", "0.5")
    ran = []
    real = examples.ExampleRuns._run
    monkeypatch.setattr(examples.ExampleRuns, "_run", lambda self, e: ran.append((e.id, e.lang)) or real(self, e))
    content = load_game(folder)
    analysis = Analysis(analyser(tmp_path / "out"))
    analysis.prepare(content, {"examples"})
    analysis.prepare(content, {"translations"})
    shown = analysis.example_failures([content])
    assert sorted(ran) == [("ex-move-to-goal", "de"), ("ex-move-to-goal", "en")]
    assert [r.got for r in shown] == [
        "rulepress.timelimit.TimeLimitExceeded: ran longer than the time limit of 0.5 s"
    ] * 2


def test_what_a_failing_example_printed_is_capped(tmp_path):
    folder = new_game("demo", tmp_path / "games")
    engine = folder / "engine.py"
    engine.write_text(
        engine.read_text(encoding="utf-8").replace("    return min(", "    print('x' * 10_000_000)\n    return min("),
        encoding="utf-8",
    )
    results = run_game(load_game(folder))
    failed = [r for r in results if not r.passed]
    assert len(failed) == 2
    for result in failed:
        assert len(result.got) < 2100 and "more characters not shown" in result.got
        assert all(len(s.got) < 2100 and len(s.outcome) < 2100 for s in result.statements)
        assert len(result.message()) < 500


def test_check_examples_stops_a_looping_example_once_as_the_build_does(tmp_path, monkeypatch):
    """An endless example costs the time limit once per language in `check examples`, as in the build: the
    register's check of readings does not run it again under each reading of each engine option."""
    import time

    folder = copy_fixture(tmp_path)
    for lang in ("de", "en"):
        rules = folder / f"rules.{lang}.md"
        rules.write_text(rules.read_text(encoding="utf-8") + "\n```{doctest} ex-stuck\n>>> while True: pass\n```\n")
    game = folder / "game.yaml"  # three more readings: the register's check would run the game's examples 4 times
    readings = "      - {id: attacker, text: {de: Der Angreifer., en: The attacker.}}\n"
    more = "".join(f"      - {{id: r{n}, text: {{de: Lesart {n}., en: Reading {n}.}}}}\n" for n in range(3))
    game.write_text(game.read_text(encoding="utf-8").replace(readings, readings + more))
    monkeypatch.setenv("RULEPRESS_TIME_LIMIT", "2")
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "rulepress", "check", "examples", "--content", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    seconds = time.monotonic() - start
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    stuck = [line for line in done.stdout.splitlines() if "ex-stuck" in line]
    assert len(stuck) == 2 and all("ran longer than the time limit of 2 s" in line for line in stuck), done.stdout
    assert "10 of 12 examples passed" in done.stdout, done.stdout  # the others still ran and passed
    assert seconds < 10, f"{seconds:.1f} s"  # 2 s per language and the start; it was 8 s more (4 runs of 2 s)
