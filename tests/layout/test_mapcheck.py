"""The map/graph check on the real Risk map: it is clean, and breaking a region or a link is reported."""

from __future__ import annotations

import pytest

from rulepress import paths
from rulepress.layout.mapcheck import check_board
from rulepress.model import load_game


@pytest.fixture(scope="module")
def risk_board():
    return load_game(paths.BUNDLED_CONTENT / "risk").game.boards[0]


def problems(board) -> list[tuple[str, str]]:
    found = []
    check_board(board, lambda key, message: found.append((".".join(map(str, key)), message)), ("boards", 0))
    return found


def test_the_bundled_map_agrees_with_its_83_borders(risk_board):
    assert len(risk_board.links) == 83
    assert problems(risk_board) == []


def test_a_missing_land_link_is_reported(risk_board):
    index = next(i for i, l in enumerate(risk_board.links) if {l.a, l.b} == {"siberia", "ural"})
    board = risk_board.model_copy(update={"links": risk_board.links[:index] + risk_board.links[index + 1 :]})
    ((key, message),) = problems(board)
    spaces = [s.id for s in board.spaces]
    assert key == f"boards.0.spaces.{min(spaces.index('ural'), spaces.index('siberia'))}.outline"
    assert "share a border" in message and "no link joins them" in message and "ural" in message


def test_a_land_link_that_should_cross_the_sea_is_reported(risk_board):
    links = [
        l.model_copy(update={"type": "land"}) if {l.a, l.b} == {"brazil", "north-africa"} else l
        for l in risk_board.links
    ]
    found = problems(risk_board.model_copy(update={"links": links}))
    assert len(found) == 1 and "land link brazil – north-africa: the regions share no border" in found[0][1]


def test_a_broken_region_is_reported_and_its_links_with_it(risk_board):
    spaces = [
        s.model_copy(update={"outline": [[(10.0, 10.0), (20.0, 10.0)]]}) if s.id == "madagascar" else s
        for s in risk_board.spaces
    ]
    found = problems(risk_board.model_copy(update={"spaces": spaces}))
    index = [s.id for s in spaces].index("madagascar")
    assert (
        f"boards.0.spaces.{index}.outline.0",
        "region 'madagascar': polygon 0 has 2 points; a polygon needs at least 3",
    ) in found
