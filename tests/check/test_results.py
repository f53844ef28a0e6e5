"""Example results players can read: unnamed parts and the engine's words are found at their `>>>` line."""

from __future__ import annotations

import re

import pytest

from rulepress import paths
from rulepress.check.results import unreadable_results
from rulepress.cli import main
from rulepress.model import load_games
from rulepress.model.scenario import Reader, part_labels, results_markdown, unreadable
from rulepress.scaffold import new_game
from rulepress.text.words import strings

READER = Reader(
    strings()["de"], "de", names={"peru": "Peru"}, labels={"reroll": "noch einmal würfeln", "bomb": "Bombe"}
)


def _messages(source: str, labels: str = "") -> list[str]:
    return [message for _step, _rule, message in unreadable(source, READER, part_labels(labels))]


def _rules(source: str, labels: str = "") -> list[str]:
    return [rule for _step, rule, _message in unreadable(source, READER, part_labels(labels))]


def test_a_tuple_of_mixed_parts_takes_its_labels_and_keeps_them():
    """`fill(...)` gives (taken, left): a tuple of rows of unequal length. Its labels name its parts (they were
    dropped, and the page showed "# | 1 A / 2 C C")."""
    source = '>>> fill(("A", "A", "B"), ("A", "C", "C"))\n((\'A\',), (\'C\', \'C\'))\n'
    assert _rules(source) == ["table-columns"]  # a numbered table whose column has no heading
    assert _rules(source, "genommen | bleibt") == []
    text = "\n".join(results_markdown(source, READER, part_labels("genommen | bleibt")))
    assert "| genommen | A |" in text and "| bleibt | C, C |" in text


def test_labels_that_fit_no_result_are_reported_not_dropped():
    source = ">>> rows()\n[(1, 2), (3, 4)]\n"
    assert _rules(source, "a | b | c") == ["example-labels-unused", "table-columns"]
    assert _rules(source, "a | b") == []
    assert _rules(">>> HAND_LIMIT\n5\n", "a | b") == ["example-labels-unused"]  # a group for nothing


def test_rows_need_column_headings():
    assert _rules(">>> rows()\n[(1, 2), (3, 4)]\n") == ["table-columns"]
    assert _rules(">>> print('a b\\nc d')\na b\nc d\n") == ["table-columns"]  # printed rows
    assert _rules(">>> record()\nR(bomb=1, reroll=2)\n") == []  # a record names its fields
    assert _rules(">>> counts()\n{'peru': 1}\n") == []  # a mapping: key and value


@pytest.mark.parametrize(
    "source, labels, found",
    [
        (">>> f(1), f(2)\n(False, True)\n", "", ["its 2 parts have no names"]),
        (">>> f(1), f(2)\n(False, True)\n", "mit 1 | mit 2", []),
        (">>> f(1), f(2)\n(False, True)\n", "nur einer", ["its 2 parts have no names"]),  # names must fit
        (">>> f()\n['move', 'reroll']\n", "", ["'move'"]),
        (">>> f()\n['reroll', 'peru', 'Anna', 't8', 'A']\n", "", []),  # labelled, a thing's id, people, tile marks
        (">>> f()\nR(bomb=1, helpers_pay=0)\n", "", ["'helpers_pay'"]),
        (">>> f()\n{'north': 1}\n", "", ["'north'"]),
        (">>> f(), g()\nErgebnis: beide gleich\n", "", []),  # the author wrote the result in words
        (">>> f()\nAbgelehnt: too-few-armies\n", "", []),
        (">>> print('a b')\na b\n", "", []),
    ],
)
def test_unreadable_results_are_found(source, labels, found):
    messages = _messages(source, labels)
    assert len(messages) == len(found)
    for message, expected in zip(messages, found):
        assert expected in message


def test_each_of_several_results_says_what_it_is():
    source = ">>> HAND_LIMIT\n5\n>>> must_trade(5)  # mit 5 Karten\nTrue\n>>> odds()\n{'1:1': 1, '1:2': 2}\n"
    # the first result says nothing; the table of the third says nothing either (a rule of format 3)
    assert _rules(source) == ["example-caption", "example-part-caption"]
    assert _rules(source.replace(">>> odds()", ">>> odds()  # Chancen")) == ["example-caption"]
    assert _messages(">>> HAND_LIMIT\n5\n") == []  # a single result has the situation before it
    assert _messages(">>> f()  # doctest: +ELLIPSIS\n5\n>>> g()\nErgebnis: 7 Armeen\n") != []  # no caption


def test_labels_go_to_the_statements_in_order():
    source = ">>> {'a': 1}\n{'a': 1}\n>>> f(1), f(2)\n(1, 2)\n"
    assert len(_messages(source, "Land | Armeen")) == 1  # the mapping's columns took the only group
    assert _messages(source, "Land | Armeen; mit 1 | mit 2") == []


def test_bundled_games_show_every_result_in_words():
    for content in load_games(paths.BUNDLED_CONTENT):
        assert unreadable_results(content) == [], content.id


def test_check_content_names_the_statement_line(tmp_path, capsys):
    content = tmp_path / "content"
    folder = new_game("demo", content, table=False)
    rules = folder / "rules.en.md"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace(
            ">>> move(3, 2)  # space after a Two from space 3\n4\n", ">>> move(1, 1), move(3, 2)\n(2, 4)\n"
        ),
        encoding="utf-8",
    )
    assert main(["check", "content", "--content", str(content)]) == 2
    err = capsys.readouterr().err
    match = re.search(
        r"rules\.en\.md:(\d+): example ex-move-to-goal: the result of `move\(1, 1\), move\(3, 2\)`: "
        r"its 2 parts have no names",
        err,
    )
    assert match, err
    assert rules.read_text(encoding="utf-8").splitlines()[int(match.group(1)) - 1] == ">>> move(1, 1), move(3, 2)"
    text = rules.read_text(encoding="utf-8").replace(
        "```{doctest} ex-move-to-goal\n", "```{doctest} ex-move-to-goal\n:labels: from 1 | from 3\n"
    )
    rules.write_text(text, encoding="utf-8")
    assert unreadable_results(load_games(content)[0]) == []
    de = folder / "rules.de.md"
    de.write_text(
        de.read_text(encoding="utf-8")
        .replace(">>> move(3, 2)  # Feld nach einer Zwei von Feld 3\n4\n", ">>> move(1, 1), move(3, 2)\n(2, 4)\n")
        .replace("```{doctest} ex-move-to-goal\n", "```{doctest} ex-move-to-goal\n:labels: von 1 | von 3\n"),
        encoding="utf-8",
    )
    assert [str(p) for p in unreadable_results(load_games(content)[0])] == []


def test_an_engine_s_text_on_the_page_of_another_language_is_a_warning_naming_the_engine(tmp_path, capsys):
    """English engine strings ("no move", a refusal's "overshoots the home row") on the German page of a user's
    game: warnings naming the engine file and the string (rule engine-phrase, binding from format 3), gone
    once the text has words in site.labels and the German refusal names only its class."""
    content = tmp_path / "content"
    folder = new_game("demo", content, table=False)
    with (folder / "engine.py").open("a", encoding="utf-8") as engine:
        engine.write(
            '\n\ndef best_move(position):\n    """None left at the goal."""\n    return "no move" if position >= 10 else "on"\n'
            '\n\ndef check_move(position, steps):\n    """No move past the home row."""\n'
            '    if position + steps > 10:\n        raise ValueError("overshoots the home row")\n    return position + steps\n'
        )
    for lang, refused in (("en", "Refused"), ("de", "Abgelehnt")):
        rules = folder / f"rules.{lang}.md"
        rules.write_text(
            rules.read_text(encoding="utf-8") + "\nText.\n\n```{doctest} ex-best\n>>> best_move(10)  # at the goal\n"
            f"'no move'\n>>> check_move(9, 3)  # past the goal\n{refused}: ValueError: overshoots the home row\n```\n",
            encoding="utf-8",
        )
    assert main(["check", "content", "--content", str(content)]) == 0  # warnings: they stop nothing yet
    err = capsys.readouterr().err
    lines = folder.joinpath("rules.de.md").read_text(encoding="utf-8").splitlines()
    found = {
        (match.group(1), lines[int(match.group(2)) - 1]): match.group(3)
        for match in re.finditer(r"rules\.(de|en)\.md:(\d+): warning: (.*)", err)
    }
    phrase = found[("de", ">>> best_move(10)  # at the goal")]
    assert "'no move'" in phrase and "demo/engine.py" in phrase and "site.labels" in phrase
    refusal = found[("de", ">>> check_move(9, 3)  # past the goal")]
    assert "'overshoots the home row'" in refusal and "demo/engine.py" in refusal and "rules.en.md" in refusal
    assert len(found) == 4 and "an error from format 3 on" in err  # the English page's twins too
    game = folder / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8") + 'site:\n  labels:\n    "no move": {de: kein Zug, en: no move}\n',
        encoding="utf-8",
    )
    de = folder / "rules.de.md"
    de.write_text(
        de.read_text(encoding="utf-8").replace(
            "Abgelehnt: ValueError: overshoots the home row", "Abgelehnt: ValueError"
        )
    )
    assert unreadable_results(load_games(content)[0]) == []
