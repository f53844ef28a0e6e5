"""Authors' words in public text: source names, file names and option keys are found with their place."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulepress import paths
from rulepress.check.wording import Vocabulary, authors_words, findings, markdown_lines, vocabulary
from rulepress.cli import main
from rulepress.model import load_games
from rulepress.scaffold import new_game

SEEDS = Vocabulary(source_names=("seed",), option_keys=("territory_bonus", "hand-limit"))


def _found(text: str, words: Vocabulary = SEEDS) -> list[str]:
    return [snippet for _at, snippet, _message in findings(text, words)]


@pytest.mark.parametrize(
    "text, found",
    [
        ("the German edition (seed 000) and the rulebook (Seed 003)", ["seed 000", "Seed 003"]),
        ("diese Zahlen nennen die Seeds nicht", ["Seeds"]),
        ("see seed-004, rule D", ["seed-004"]),
        ("as written in rules.en.md and 000_0409d312ed58f437.txt", ["rules.en.md", "000_0409d312ed58f437.txt"]),
        ("every *.yaml file", ["*.yaml"]),
        ("Engine-Option: territory_bonus", ["Engine-Option", "territory_bonus"]),
        ("the hand-limit reading", ["hand-limit"]),
        ("call trade_in_armies(3)", ["trade_in_armies"]),
    ],
)
def test_authors_words_are_found(text, found):
    assert _found(text) == found


@pytest.mark.parametrize(
    "text",
    [
        "Plant a seed in every field.",  # a game whose sources are not called 'seed' may grow seeds
        "2/3 of the armies, z.B. 1.500.000 $, www.example.org",
        "a hand limit of 5 cards, the non-hand-limit rule",
        "_emphasis_ and **bold**",
    ],
)
def test_players_words_are_not_found(text):
    assert _found(text, Vocabulary(option_keys=("hand-limit",))) == []


def test_source_names_and_option_keys_come_from_the_game():
    risk = load_games(paths.BUNDLED_CONTENT, ["risk"])[0]
    words = vocabulary(risk.game)
    assert "seed" in words.source_names
    assert "territory_bonus" in words.option_keys and "hand_limit" in words.option_keys


def test_only_visible_markdown_counts():
    text = (
        "(hand_limit)=\n# Title\n\nA {term}`shown <wild_card>` word.\n\n```{doctest} ex\n:labels: seed 5 | b\n"
        ">>> territory_bonus(1), 1\n(2, 1)\n>>> f()  # seed 6\n7\n>>> f()\nResult: see seed 3\n```\n\n```python\nseed 4\n```\n"
    )
    lines = list(markdown_lines(text))
    assert (4, "A shown word.") in lines
    assert (7, " seed 5 | b") in lines  # the website names the parts of the result so
    assert (10, "seed 6") in lines  # a statement's caption
    assert (13, "Result: see seed 3") in lines
    assert not any("territory_bonus" in t or "hand_limit" in t or "wild_card" in t or "seed 4" in t for _n, t in lines)


def _demo(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    folder = new_game("demo", content, table=False)
    game = folder / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8")
        .replace("engine: engine.py\n", "engine: engine.py\nsources: ['seed 007: notes.txt']\n")
        .replace(
            "definition: {de: Ein Platz auf der Laufbahn., en: A place on the track.}",
            "definition: {de: Ein Platz (Seed 007)., en: A place on the track.}",
        ),
        encoding="utf-8",
    )
    rules = folder / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nAs the seed says, see rules.de.md.\n", encoding="utf-8")
    quick = folder / "quickref.en.md"
    quick.write_text(quick.read_text(encoding="utf-8") + "\n{{ 1 + 1 }} spaces (seed 7)\n", encoding="utf-8")
    return content


def test_check_content_names_each_authors_word_at_its_place(tmp_path, capsys):
    content = _demo(tmp_path)
    problems = authors_words(load_games(content)[0])
    assert len(problems) == 4, problems
    assert main(["check", "content", "--content", str(content)]) == 2
    err = capsys.readouterr().err
    rules = (content / "demo" / "rules.en.md").read_text(encoding="utf-8").splitlines()
    match = re.search(r"rules\.en\.md:(\d+):(\d+): rules: 'seed' names the authors' source text", err)
    assert match and rules[int(match.group(1)) - 1][int(match.group(2)) - 1 :].startswith("seed says")
    match = re.search(r"rules\.en\.md:(\d+):(\d+): rules: 'rules\.de\.md' is a file name", err)
    assert match and rules[int(match.group(1)) - 1][int(match.group(2)) - 1 :].startswith("rules.de.md")
    game = (content / "demo" / "game.yaml").read_text(encoding="utf-8").splitlines()
    match = re.search(r"game\.yaml:(\d+):\d+: glossary\.0\.definition\.de: 'Seed 007' names", err)
    assert match and "Seed 007" in game[int(match.group(1)) - 1]
    assert re.search(r"quickref\.en\.md:\d+:\d+: quickrefs\.short: 'seed 7' names", err)


def test_an_option_key_that_is_a_plain_word_is_a_word_of_the_language():
    # a game whose engine option is 'capture' may still call a rule "Forced capture"
    words = Vocabulary(option_keys=("capture", "forced-capture"))
    assert _found("Forced capture: a piece that can capture must do so.", words) == []
    assert _found("the forced-capture reading", words) == ["forced-capture"]
