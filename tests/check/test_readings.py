"""The register against the rules text and the engine (`rulepress.check.readings`), on the dice-duel fixture."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulepress import paths
from rulepress.check.readings import _prose, idle_readings, register_links, sentences, unlinked_entries
from rulepress.errors import ContentErrors
from rulepress.model import formats, load_game, load_games
from rulepress.model.engine import load_engine
from rulepress.model.references import check
from rulepress.site.rules_myst import rewrite_terms
from rulepress.text.markup import plain

FIXTURE = Path(__file__).parent.parent / "data" / "examples" / "dice-duel"

TIES_RULES = """    engine_option: ties
    rules:
      - section: duel
        quote: {de: "nur, wenn er höher ist", en: "only when it is higher"}
"""


def copy_fixture(tmp_path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "dice-duel")
    return tmp_path / "dice-duel"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, fragment: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if fragment in line)


def test_sentences_end_at_full_stops_and_blank_lines():
    text = "First one. Second: still (the second).\n\nThird"
    assert [s for _o, s in sentences(text)] == ["First one.", "Second: still (the second).", "Third"]


def test_prose_blanks_the_fences_the_parser_finds_and_keeps_the_lines():
    body = "Play.\n~~~\nnot prose\n~~~\n- item\n\n  ```{doctest} x\n  >>> 1\n  ```\nEnd. ``` inline ``` stays."
    assert _prose(body).splitlines() == ["Play.", "", "", "", "- item", "", "", "", "", "End. ``` inline ``` stays."]


def test_a_listed_sentence_without_the_link_is_reported_at_its_line(tmp_path):
    folder = copy_fixture(tmp_path)
    edit(folder / "game.yaml", "    engine_option: ties\n", TIES_RULES)
    problems = register_links(load_game(folder))
    assert sorted((Path(p.path).name, p.line, p.rule) for p in problems) == [
        ("rules.de.md", line_of(folder / "rules.de.md", "nur, wenn er höher ist"), "register-link"),
        ("rules.en.md", line_of(folder / "rules.en.md", "only when it is higher"), "register-link"),
    ]
    assert all("<ties>" in p.message for p in problems)


def test_the_link_in_the_sentence_satisfies_the_check(tmp_path):
    folder = copy_fixture(tmp_path)
    edit(folder / "game.yaml", "    engine_option: ties\n", TIES_RULES)
    edit(folder / "rules.en.md", "only when it is higher.", "only when it is higher ({ambiguity}`see <ties>`).")
    edit(folder / "rules.de.md", "nur, wenn er höher ist.", "nur, wenn er höher ist ({ambiguity}`siehe <ties>`).")
    assert register_links(load_game(folder)) == []


def test_a_link_in_the_next_sentence_does_not_count(tmp_path):
    folder = copy_fixture(tmp_path)
    edit(folder / "game.yaml", "    engine_option: ties\n", TIES_RULES)
    edit(folder / "rules.en.md", "only when it is higher.", "only when it is higher. Ties: {ambiguity}`see <ties>`.")
    edit(folder / "rules.de.md", "nur, wenn er höher ist.", "nur, wenn er höher ist ({ambiguity}`siehe <ties>`).")
    problems = register_links(load_game(folder))
    assert [Path(p.path).name for p in problems] == ["rules.en.md"]


def test_a_quote_missing_from_the_rules_is_reported_at_the_register(tmp_path):
    folder = copy_fixture(tmp_path)
    edit(
        folder / "game.yaml", "    engine_option: ties\n", TIES_RULES.replace("only when it is higher", "never higher")
    )
    edit(folder / "rules.de.md", "nur, wenn er höher ist.", "nur, wenn er höher ist ({ambiguity}`siehe <ties>`).")
    (problem,) = register_links(load_game(folder))
    assert Path(problem.path).name == "game.yaml" and problem.line == line_of(folder / "game.yaml", "never higher")
    assert "'never higher' is not in section 'duel'" in problem.message


def test_an_entry_without_quotes_that_no_rules_file_links_is_reported_at_its_id(tmp_path):
    """Issue 42: the link check saw only entries that list quotes; an entry decided in the rules without
    a link went unnoticed."""
    folder = copy_fixture(tmp_path)
    problems = unlinked_entries(load_game(folder))
    assert sorted((Path(p.path).name, p.line, p.rule) for p in problems) == [
        ("game.yaml", line_of(folder / "game.yaml", "- id: ties"), "register-linked"),
        ("game.yaml", line_of(folder / "game.yaml", "- id: ties"), "register-linked"),
    ]
    assert sorted(p.message.split(" links")[0] for p in problems) == [
        "no sentence of rules.de.md",
        "no sentence of rules.en.md",
    ]


def test_a_link_in_one_language_leaves_the_other_reported(tmp_path):
    folder = copy_fixture(tmp_path)
    edit(folder / "rules.en.md", "only when it is higher.", "only when it is higher ({ambiguity}`see <ties>`).")
    (problem,) = unlinked_entries(load_game(folder))
    assert "rules.de.md" in problem.message and "<ties>" in problem.message
    edit(folder / "rules.de.md", "nur, wenn er höher ist.", "nur, wenn er höher ist ({ambiguity}`siehe <ties>`).")
    assert unlinked_entries(load_game(folder)) == []


def test_a_link_inside_a_worked_example_does_not_count(tmp_path):
    folder = copy_fixture(tmp_path)
    for name in ("rules.en.md", "rules.de.md"):
        text = (folder / name).read_text(encoding="utf-8")
        start = text.index(">>> ")
        (folder / name).write_text(text[:start] + ">>> 1  # {ambiguity}`x <ties>`\n" + text[start:], encoding="utf-8")
    assert len(unlinked_entries(load_game(folder))) == 2


def test_the_unlinked_entry_warns_before_format_3(tmp_path):
    folder = copy_fixture(tmp_path)
    assert formats.RULES["register-linked"].since == 3
    (settled, *_rest) = formats.settle(unlinked_entries(load_game(folder)), 2)
    assert settled.warning


def test_a_link_to_an_unknown_entry_is_reported(tmp_path):
    folder = copy_fixture(tmp_path)
    edit(folder / "rules.en.md", "only when it is higher.", "only when it is higher ({ambiguity}`see <draws>`).")
    (problem,) = register_links(load_game(folder))
    assert problem.line == line_of(folder / "rules.en.md", "<draws>") and "'draws'" in problem.message


def test_every_reading_of_the_fixture_is_shown_by_an_example(tmp_path):
    content = load_game(copy_fixture(tmp_path))
    assert idle_readings(content, load_engine(content)) == []


def test_a_reading_no_example_shows_is_an_error_of_the_register(tmp_path):
    folder = copy_fixture(tmp_path)
    with (folder / "engine.py").open("a", encoding="utf-8") as engine:
        engine.write(
            '\n\ndef reroll_allowed(rerolls="none"):\n    """Rerolls are never allowed (ignores its reading)."""\n    return False\n'
        )
    edit(
        folder / "game.yaml",
        "glossary:\n",
        """  - id: rerolls
    title: {de: Nachwürfeln, en: Rerolls}
    description: {de: "Darf man nachwürfeln?", en: "May a player roll again?"}
    readings:
      - {id: none, text: {de: Nie., en: Never.}}
      - {id: once, text: {de: Einmal., en: Once.}}
    used: none
    engine_option: rerolls
  - id: alone
    title: {de: Allein, en: Alone}
    description: {de: "Nur eine Lesart.", en: "Only one reading."}
    readings:
      - {id: only, text: {de: Die einzige., en: The only one.}}
    used: only
glossary:
""",
    )
    edit(folder / "game.yaml", "id: dice-duel\n", "format: 2\nid: dice-duel\n")  # the fixture predates formats
    content = load_game(folder)
    problems = idle_readings(content, load_engine(content))
    assert sorted((p.line, p.rule) for p in problems) == [
        (line_of(folder / "game.yaml", "{id: once,"), "reading-shown"),
        (line_of(folder / "game.yaml", "{id: only,"), "reading-shown"),
    ]
    idle = next(p for p in problems if "'once'" in p.message)
    assert "`:reading: rerolls=once`" in idle.message
    done = subprocess.run(
        [sys.executable, "-m", "rulepress", "check", "examples", "--content", str(tmp_path)],
        capture_output=True,
        text=True,
    )
    # a rule of the next content format: a warning for content of this release's formats (exit code 0) ...
    assert done.returncode == 0 and "the reading 'once' changes no worked example" in done.stderr
    assert "an error from format 3 on" in done.stderr and "rerolls=once" in done.stderr
    assert "Traceback" not in done.stderr
    # ... and an error for content of the format that makes it binding
    assert all(not p.warning for p in formats.settle(problems, 3))
    assert all(p.warning for p in formats.settle(problems, 2))


def test_the_link_becomes_a_link_to_the_register_on_the_site_and_its_words_in_print():
    site = rewrite_terms("as read here ({ambiguity}`see the register <ties>`).", "dice-duel", set())
    assert site == "as read here ([see the register](#dice-duel-amb-ties))."
    assert plain("as read here ({ambiguity}`see the register <ties>`).") == "as read here (see the register)."


# The register and game.yaml `engine_options` name the same engine options (`rulepress.model.references`):
# an option of the register that game.yaml does not choose is reported at the register's line (rule
# `register-engine-option`, binding from format 3 on); an option game.yaml chooses that no ambiguity names is
# an error in every format.
def test_the_fixture_names_the_same_options_in_both_places(tmp_path):
    content = load_game(copy_fixture(tmp_path))
    assert [p for p in check(content) if p.rule == "register-engine-option"] == []


def test_a_register_option_game_yaml_does_not_choose_is_reported_at_the_register_line(tmp_path):
    folder = copy_fixture(tmp_path)
    edit(folder / "game.yaml", "engine_options: {ties: defender}\n", "")
    content = load_game(folder)  # format 1 (the fixture declares none): a warning, the game loads
    found = [p for p in content.warnings if p.rule == "register-engine-option"]
    assert [(Path(p.path).name, p.line) for p in found] == [
        ("game.yaml", line_of(folder / "game.yaml", "    engine_option: ties"))
    ]
    assert "'ties'" in found[0].message and "an error from format 3 on" in found[0].message
    raw = [p for p in check(content) if p.rule == "register-engine-option"]
    assert all(not p.warning for p in formats.settle(raw, 3))
    assert all(p.warning for p in formats.settle(raw, 2))


def test_a_register_option_in_its_own_file_is_reported_there(tmp_path):
    """The bundled games keep the register in ambiguities.yaml: the problem names that file and line."""
    folder = tmp_path / "risk"
    shutil.copytree(paths.BUNDLED_CONTENT / "risk", folder)
    edit(folder / "game.yaml", "  liberated: owned-now\n", "")
    found = [p for p in load_game(folder).warnings if p.rule == "register-engine-option"]
    assert [(Path(p.path).name, p.line) for p in found] == [
        ("ambiguities.yaml", line_of(folder / "ambiguities.yaml", "engine_option: liberated"))
    ]


def test_an_option_game_yaml_chooses_that_no_ambiguity_names_is_an_error(tmp_path):
    folder = copy_fixture(tmp_path)
    edit(
        folder / "game.yaml", "engine_options: {ties: defender}\n", "engine_options: {ties: defender, rerolls: once}\n"
    )
    with pytest.raises(ContentErrors) as raised:
        load_game(folder)
    assert [(Path(p.path).name, p.line, p.key) for p in raised.value.problems()] == [
        ("game.yaml", line_of(folder / "game.yaml", "engine_options:"), "engine_options.rerolls")
    ]
    assert "'rerolls' is not named by any ambiguity" in raised.value.problems()[0].message


def test_check_content_shows_the_warning_at_the_register_and_exits_0(tmp_path):
    folder = copy_fixture(tmp_path)
    edit(folder / "game.yaml", "engine_options: {ties: defender}\n", "")
    done = subprocess.run(
        [sys.executable, "-m", "rulepress", "check", "content", "--content", str(tmp_path)],
        capture_output=True,
        text=True,
    )
    at = f"game.yaml:{line_of(folder / 'game.yaml', '    engine_option: ties')}:"
    assert done.returncode == 0, done.stderr
    assert at in done.stderr and "engine option 'ties'" in done.stderr and "Traceback" not in done.stderr


def test_the_bundled_games_choose_every_option_of_their_registers():
    for content in load_games(paths.BUNDLED_CONTENT):
        assert [p for p in check(content) if p.rule == "register-engine-option"] == [], content.id
