"""A section whose only prose is the situation of its examples is reported at its heading."""

from __future__ import annotations

from rulepress import paths
from rulepress.check.prose import sections_without_prose
from rulepress.model import formats, load_games
from rulepress.scaffold import new_game

EXAMPLE = "```{doctest} ex-x\n>>> move(1, 1)  # where it ends\n2\n```\n"


def _section(folder, lang: str, body: str) -> None:
    rules = folder / f"rules.{lang}.md"
    rules.write_text(rules.read_text(encoding="utf-8") + f"\n(extra)=\n# Extra\n\n{body}", encoding="utf-8")


def _declare_extra(folder) -> None:
    yaml = folder / "game.yaml"
    extra = "  - {id: moving, provenance: original}\n  - {id: extra, provenance: original}"
    text = yaml.read_text(encoding="utf-8").replace("  - {id: moving, provenance: original}", extra)
    yaml.write_text(text, encoding="utf-8")


def test_a_section_of_examples_only_is_reported_at_its_heading(tmp_path):
    content = tmp_path / "content"
    folder = new_game("demo", content)
    _section(folder, "en", "A piece on space 1 plays a One:\n\n" + EXAMPLE)
    _section(folder, "de", "Eine Figur steht auf Feld 1 und spielt eine Eins:\n\n" + EXAMPLE.replace("ex-x", "ex-x"))
    _declare_extra(folder)
    problems = sections_without_prose(load_games(content)[0])
    assert [(p.path.rsplit("/", 1)[-1], p.rule) for p in problems] == [
        ("rules.de.md", "section-prose"),
        ("rules.en.md", "section-prose"),
    ]
    lines = (folder / "rules.en.md").read_text(encoding="utf-8").splitlines()
    assert lines[problems[1].line - 1] == "# Extra"
    assert formats.settle(problems, formats.CURRENT)[0].warning  # a rule of the next format: a warning first


def test_a_rule_paragraph_of_its_own_is_enough(tmp_path):
    content = tmp_path / "content"
    folder = new_game("demo", content)
    for lang in ("en", "de"):
        _section(folder, lang, "The rule in words.\n\nA piece on space 1:\n\n" + EXAMPLE + "\n- a list is prose too\n")
    _declare_extra(folder)
    assert sections_without_prose(load_games(content)[0]) == []


def test_bundled_sections_state_their_rules_outside_the_examples():
    for content in load_games(paths.BUNDLED_CONTENT):
        assert sections_without_prose(content) == [], content.id
