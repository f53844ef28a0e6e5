"""Loading a game's rules engine: unique modules per folder, public names, located import errors."""

from __future__ import annotations

import sys

import pytest

from rulepress.errors import ContentError
from rulepress.model import load_game
from rulepress.model.engine import bind_readings, chosen_readings, load_engine, module_name, namespace
from rulepress.scaffold import new_game


def test_namespace_has_public_names_engine_and_options(tmp_path):
    folder = new_game("demo", tmp_path, table=False)
    (folder / "engine.py").write_text("import math\nLIMIT = 5\n\ndef f(x):\n    return x\n\ndef _hidden():\n    pass\n")
    content = load_game(folder)
    names = namespace(content)
    assert names["LIMIT"] == 5 and names["f"](3) == 3
    assert "_hidden" not in names
    assert names["engine"].__file__ == str(folder / "engine.py")
    assert names["OPTIONS"] == {}
    assert namespace(content) is not names


def test_same_game_id_in_two_folders_gives_two_modules(tmp_path):
    one = new_game("demo", tmp_path / "a", table=False)
    two = new_game("demo", tmp_path / "b", table=False)
    (two / "engine.py").write_text("def move(position, card_value, goal=4):\n    return -1\n")
    first, second = load_game(one), load_game(two)
    assert module_name(first) != module_name(second)
    assert load_engine(first).move(3, 2) == 4
    assert load_engine(second).move(3, 2) == -1
    assert load_engine(first).move(3, 2) == 4
    assert sys.modules[module_name(first)].move(0, 1) == 1


def test_engine_with_dataclasses_and_future_annotations_loads(tmp_path):
    folder = new_game("demo", tmp_path, table=False)
    (folder / "engine.py").write_text(
        "from __future__ import annotations\nfrom dataclasses import dataclass\n\n"
        "@dataclass(frozen=True)\nclass Hand:\n    cards: tuple[int, ...]\n"
    )
    assert load_engine(load_game(folder)).Hand((1, 2)).cards == (1, 2)


def test_broken_engine_is_a_content_error_at_its_line(tmp_path):
    folder = new_game("demo", tmp_path, table=False)
    (folder / "engine.py").write_text("X = 1\n\nY = 1 / 0\n")
    with pytest.raises(ContentError) as err:
        load_engine(load_game(folder))
    assert err.value.problem.line == 3
    assert "ZeroDivisionError" in err.value.problem.message
    assert err.value.problem.path.endswith("engine.py")


def test_game_without_engine_has_only_options(tmp_path):
    folder = new_game("demo", tmp_path, table=False)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("engine: engine.py\n", ""))
    content = load_game(folder)
    assert load_engine(content) is None
    assert namespace(content) == {"engine": None, "OPTIONS": {}}


# --- readings reach the engine -------------------------------------------------------------


def test_namespace_passes_the_chosen_reading_to_every_engine_function_that_takes_it():
    from rulepress import paths

    content = load_game(paths.BUNDLED_CONTENT / "risk")
    assert chosen_readings(content)["territory_bonus"] == "per-card"
    chosen = namespace(content)
    switched = namespace(content, readings={"territory_bonus": "max-two-per-turn"})
    assert chosen["territory_bonus"](3) == 6  # 2 armies per own territory card
    assert switched["territory_bonus"](3) == 2  # at most 2 per turn
    assert switched["OPTIONS"]["territory_bonus"] == "max-two-per-turn"
    # an explicit argument still wins, positional or keyword
    assert switched["territory_bonus"](3, "per-card") == 6
    assert chosen["territory_bonus"](3, territory_bonus="max-two-per-turn") == 2
    # functions that take no reading are the engine's own objects
    assert (
        chosen["trade_in_armies"] is load_engine(content).trade_in_armies
        or chosen["trade_in_armies"].__name__ == "trade_in_armies"
    )


AMBIGUITY = """ambiguities:
  - id: bonus
    title: {de: Bonus, en: Bonus}
    description: {de: Zwei Lesarten., en: Two readings.}
    readings:
      - {id: per-card, text: {de: Je Karte., en: Per card.}}
      - {id: capped, text: {de: Höchstens 2., en: At most 2.}}
    used: capped
    engine_option: bonus_rule
"""


def test_game_yaml_reading_is_passed_even_when_the_engine_default_differs(tmp_path):
    folder = new_game("demo", tmp_path, table=False)
    (folder / "engine.py").write_text(
        "def bonus(cards, bonus_rule='per-card'):\n    return 2 * cards if bonus_rule == 'per-card' else min(2, 2 * cards)\n"
    )
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "engine_options:\n  bonus_rule: capped\n", encoding="utf-8")
    (folder / "ambiguities.yaml").write_text(AMBIGUITY, encoding="utf-8")
    names = namespace(load_game(folder))
    assert names["bonus"](3) == 2
    assert names["bonus"].__doc__ == load_engine(load_game(folder)).bonus.__doc__


def test_wrong_call_is_reported_by_the_engine_function_itself():
    def move(position, steps, flip_order="reversed"):
        return position + steps

    bound = bind_readings(move, {"flip_order": "kept"})
    with pytest.raises(TypeError, match="move"):
        bound(1, 2, 3, 4)
    assert bind_readings(len, {"flip_order": "kept"}) is len
