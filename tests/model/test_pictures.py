"""`:picture:` lines of worked examples: read by the loader, resolved against the game (rulepress.model.pictures)."""

from __future__ import annotations

import pytest

from rulepress.model import load_games
from rulepress.model.pictures import PictureProblem, parse_picture, resolve
from rulepress.model.rules_text import parse_rules
from rulepress.scaffold import new_game


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """The game `rulepress new` writes (cards one/two, board track with spaces f1..f3 and goal)."""
    folder = tmp_path_factory.mktemp("pictures-model")
    new_game("pic-game", folder)
    return load_games(folder, ["pic-game"])[0].game


def test_a_picture_line_names_kind_board_expression_and_options():
    spec = parse_picture("board map armies; arrows=moves; labels=before", 7)
    assert (spec.kind, spec.board, spec.expression, spec.line) == ("board", "map", "armies", 7)
    assert spec.expressions() == {"value": "armies", "arrows": "moves"}
    assert spec.option("labels") == "before"


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("photo x", "unknown picture kind 'photo'"),
        ("board armies", "needs a board id and an expression"),
        ("dice [6, 3", "is no Python expression"),
        ("cards hand; colors=red", "no option 'colors'"),
        ("dice roll; sides=six", "must be a whole number"),
        ("dice roll; labels", "must be written name=value"),
    ],
)
def test_a_line_that_cannot_be_read_says_why(line, says):
    with pytest.raises(PictureProblem, match=says):
        parse_picture(line)


def test_the_loader_reads_repeated_picture_lines_and_reports_a_bad_one_at_its_line():
    text = (
        "(s)=\n# S\n\n```{doctest} ex-a\n:labels: a | b\n:picture: dice roll\n:picture: cards hand\n"
        ">>> roll, hand = 3, 'one'\n```\n\n```{doctest} ex-b\n:picture: photo x\n>>> 1\n1\n```\n"
    )
    rules, problems = parse_rules(text, "en", "rules.en.md")
    assert [(p.kind, p.line) for p in rules.example("ex-a").pictures] == [("dice", 6), ("cards", 7)]
    assert [(p.line, p.key) for p in problems] == [(12, "ex-b.picture")]
    assert "unknown picture kind" in problems[0].message


def test_values_resolve_to_cards_groups_and_records(game):
    from dataclasses import dataclass

    @dataclass
    class Hand:
        player: str
        cards: tuple

    picture = resolve(parse_picture("cards a, b"), {"value": (Hand("Anna", ("one", "two")), "two")}, game)
    assert picture.groups == [[["cards", "one"], ["cards", "two"]], [["cards", "two"]]]
    one_group = resolve(parse_picture("cards hand"), {"value": ["two", "one"]}, game)
    assert one_group.groups == [[["cards", "two"], ["cards", "one"]]]


@pytest.mark.parametrize(
    ("line", "value", "says"),
    [
        ("cards hand", ["one", "three"], "no card, tile or token has the id 'three'"),
        ("board nowhere spaces", ["f1"], "no board has the id 'nowhere'"),
        ("board track spaces", {"f9": 2}, "board 'track' has no space 'f9'"),
        ("track track where", {"A": 7}, "has no space number 7"),
        ("dice roll", [6, 7], "has no face 7"),
        ("dice roll", ["six"], "whole numbers"),
        ("cards hand", {"a": 1}, "holds no card id"),
    ],
)
def test_a_value_naming_nothing_of_the_game_is_a_problem(game, line, value, says):
    with pytest.raises(PictureProblem, match=says):
        resolve(parse_picture(line), {"value": value}, game)


def test_a_track_puts_markers_on_numbered_spaces_and_arrows_follow_paths(game):
    spec = parse_picture("track track where; arrows=path; group=main")
    picture = resolve(spec, {"value": {"A": 3, "B": "goal"}, "arrows": [("f1", "f2", "f3", 2)]}, game)
    assert picture.pieces == [["f3", ["A"]], ["goal", ["B"]]]
    assert picture.arrows == [["f1", "f2", "f3", 2]]
    with pytest.raises(PictureProblem, match="board 'track' has no space 'f7'"):
        resolve(spec, {"value": {"A": 3}, "arrows": [("f1", "f7")]}, game)
