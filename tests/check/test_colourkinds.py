"""Things told apart only by a colour a colour-blind player cannot see are warned about
(`rulepress.check.colourkinds`): on a small game made here, through `rulepress check content`."""

from __future__ import annotations

import pytest
import yaml

from rulepress.check.colourkinds import THRESHOLD, colour_problems, distance
from rulepress.cli import main
from rulepress.model import formats, load_game
from rulepress.scaffold import new_game

RED, GREEN = "#d62728", "#2ca02c"  # the classic red/green pair of chart palettes: one to a deuteranope


def _card(cid: str, color: str, text: str) -> dict:
    return {"id": cid, "title": {"de": cid, "en": cid}, "text": {"de": text, "en": text}, "color": color}


def _suits(red_text=("Eins", "Zwei"), green_text=("Eins", "Zwei")) -> dict:
    """A deck of two suits, red and green, in the classic layout (it prints title and text)."""
    cards = [_card(f"red-{i}", RED, t) for i, t in enumerate(red_text)]
    cards += [_card(f"green-{i}", GREEN, t) for i, t in enumerate(green_text)]
    return {
        "id": "suits",
        "kind": "deck",
        "name": {"de": "Farben", "en": "Suits"},
        "count": len(cards),
        "layout": "basic-card",
        "provenance": "original",
        "cards": cards,
    }


def _game(tmp_path, *components, groups=None):
    content = tmp_path / "content"
    folder = new_game("hues", content, table=False)
    game = yaml.safe_load((folder / "game.yaml").read_text())
    game["components"] += list(components)
    if groups is not None:
        game["boards"][0]["groups"] += groups
    (folder / "game.yaml").write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False))
    return content, folder


def test_the_pair_is_one_colour_to_a_deuteranope_only():
    assert distance(RED, GREEN, "deutan") < THRESHOLD
    assert distance(RED, GREEN, "protan") > THRESHOLD and distance(RED, GREEN, "tritan") > THRESHOLD


def test_suits_told_apart_by_colour_alone_are_warned_at_the_colour(tmp_path, monkeypatch, capsys):
    content, folder = _game(tmp_path, _suits())
    (warning,) = colour_problems(load_game(folder))
    assert warning.rule == "colour-vision" and formats.settle([warning], formats.CURRENT)[0].warning
    assert warning.key == "components.2.cards.2.color"  # the first green card: the second suit's colour
    line = (folder / "game.yaml").read_text().splitlines()[warning.line - 1]
    assert GREEN in line
    assert "card red-0" in warning.message and "card green-0" in warning.message
    assert "deuteranopia" in warning.message and RED in warning.message and GREEN in warning.message
    monkeypatch.chdir(tmp_path)
    assert main(["check", "content", "--content", "content"]) == 0  # a warning stops nothing
    err = capsys.readouterr().err
    assert f"game.yaml:{warning.line}:" in err and "deuteranopia" in err and "an error from format 3 on" in err


def test_a_word_printed_alike_on_each_suit_tells_them_apart(tmp_path):
    _content, folder = _game(tmp_path, _suits(red_text=("Herz", "Herz"), green_text=("Blatt", "Blatt")))
    assert colour_problems(load_game(folder)) == []


def test_a_word_that_varies_inside_a_suit_is_no_second_cue(tmp_path):
    _content, folder = _game(tmp_path, _suits(red_text=("Herz", "Blatt"), green_text=("Blatt", "Herz")))
    assert len(colour_problems(load_game(folder))) == 1


def _group(gid: str, color: str, **more) -> dict:
    return {"id": gid, "name": {"de": gid, "en": gid}, "color": color} | more


@pytest.mark.parametrize("pattern, warned", [(None, 1), ("hatched", 0)], ids=["colour-only", "hatched"])
def test_board_groups_need_a_pattern_where_their_colours_merge(tmp_path, pattern, warned):
    more = {"pattern": pattern} if pattern else {}
    groups = [_group("east", RED), _group("west", GREEN, **more)]
    _content, folder = _game(tmp_path, groups=groups)
    found = colour_problems(load_game(folder))
    assert len(found) == warned
    if warned:
        assert "group east" in found[0].message and "group west" in found[0].message
        assert found[0].key == "boards.0.groups.2.color"


def test_the_bundled_games_give_every_merged_pair_a_second_cue():
    from rulepress import paths
    from rulepress.model import find_games

    for folder in find_games(paths.BUNDLED_CONTENT):
        assert colour_problems(load_game(folder)) == [], folder.name
