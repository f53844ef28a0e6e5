"""The YAML examples on docs/boards.md are valid board data and do what the page says."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from rulepress.model.schema import Board, Placement

PAGE = Path(__file__).resolve().parents[2] / "docs" / "boards.md"


DEMO = {
    "id": "demo",
    "name": {"de": "D", "en": "D"},
    "kind": "track",
    "size": {"width": 500, "height": 300},
    "provenance": "reconstructed",
}


def blocks() -> list:
    return [yaml.safe_load(b) for b in re.findall(r"```yaml\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)]


def block(key: str) -> dict:
    """The page's YAML example that sets `key`."""
    (found,) = [b for b in blocks() if isinstance(b, dict) and key in b]
    return found


def test_layer_and_track_examples_validate_and_generate_the_cross():
    layers, tracks = block("layers"), block("tracks")
    board = Board.model_validate(
        {
            **DEMO,
            **layers,
            **tracks,
            "space_types": [{"id": t, "name": {"de": t, "en": t}} for t in ("plain", "start")],
            "link_types": [{"id": "next", "name": {"de": "weiter", "en": "next"}}],
        }
    )
    assert [layer.kind for layer in board.layers] == ["sea", "coast", "cartouche", "compass", "image"]
    fields = [s for s in board.spaces if s.id.startswith("field-")]
    assert len(fields) == 40 and board.spaces[0].id == "field-1" and board.spaces[0].type == "start"
    assert len([s for s in board.spaces if s.id.startswith("dial-")]) == 12
    assert len([s for s in board.spaces if s.id.startswith("stock-")]) == 12
    assert len(board.links) == 40


def test_road_panel_place_and_supply_example_validates():
    board_part, components = block("groups"), block("placed_on")
    pile = {"space_types": [{"id": "pile", "name": {"de": "Ablage", "en": "Pile"}}]}
    board = Board.model_validate({**DEMO, **pile, **board_part})
    assert board.groups[0].panel and all(t.road for t in board.link_types) and board.link_types[1].road_width == 7
    assert board.spaces[0].size_from == "action"
    assert [Placement.model_validate(p).pool for p in components["placed_on"]] == [True]


def test_texture_and_emblem_layer_examples_validate():
    (finish,) = [b for b in blocks() if isinstance(b, list)]  # the layers added to the first example
    board = Board.model_validate({**DEMO, "layers": finish})
    assert [layer.kind for layer in board.layers] == ["texture", "texture", "emblem"]
