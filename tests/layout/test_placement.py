"""Pieces fit the board spaces they are put on (`rulepress.layout.placement`)."""

from __future__ import annotations

import dataclasses

import pytest

from rulepress import paths
from rulepress.draw import boardpaint
from rulepress.layout.placement import Outline, fits, placement_problems
from rulepress.model import load_game


@pytest.mark.parametrize(
    "piece, place, expected",
    [
        (Outline(10, 10, True), Outline(10.6, 10.6, True), True),
        (Outline(25, 25, True), Outline(3.8, 3.8, True), False),  # the old accusation chips on their spots
        (Outline(10, 10, False), Outline(13, 13, True), False),  # a square's corners stick out of a circle ...
        (Outline(10, 10, False), Outline(14.2, 14.2, True), True),  # ... until the circle holds its diagonal
        (Outline(30, 10, False), Outline(12, 31, False), True),  # a quarter turn
        (Outline(30, 10, False), Outline(12, 29, False), False),
        (Outline(16, 16, True), Outline(20, 15, True), False),  # an ellipse holds a circle of its smaller axis
        (Outline(63.5, 88.9, False), Outline(18, 12, False), False),
    ],
)
def test_fits(piece, place, expected):
    assert fits(piece, place) is expected


def test_region_room_is_its_largest_inner_circle():
    from rulepress.layout.placement import place_shape
    from rulepress.model.schema import Board

    board = Board.model_validate(
        {
            "id": "b",
            "name": {"en": "B"},
            "kind": "map",
            "size": {"width": 100, "height": 100},
            "provenance": "original",
            "spaces": [{"id": "r", "pos": [20, 20], "outline": [[[0, 0], [40, 0], [40, 20], [0, 20]]]}],
        }
    )
    shape = place_shape(board, board.spaces[0], "space", {})
    assert shape.round and shape.w == pytest.approx(20, abs=0.2)  # a 40 x 20 mm field holds a 20 mm disc


def _anti_monopoly():
    return load_game(paths.BUNDLED_CONTENT / "anti-monopoly-3")


def test_the_accusation_chips_fit_the_spots_they_are_put_on_and_the_board_draws_the_spots_so():
    content = _anti_monopoly()
    chips = next(c for c in content.game.components if c.id == "accusation-chips")
    assert [p.at for p in chips.placed_on] == ["spot", "space"]  # on the spots, and in the supply (a pool)
    assert placement_problems(content) == []
    board = content.game.boards[0]
    scene = boardpaint.scene_for(board, "en")
    spots = [item for item in scene.items if getattr(item, "owner", "").startswith("spot:")]
    monopoly = [s for s in board.spaces if s.type == "monopoly"]
    assert len(spots) == sum(s.values["accusation_spots"] for s in monopoly)
    for spot in spots:  # each drawn spot is at least as large as a chip (10 mm) and no larger than declared
        assert 10.0 <= spot.rect.w == pytest.approx(10.6) and spot.rect.h == pytest.approx(10.6)
    # the chips as they were (25 mm) are reported at their placement
    big = chips.model_copy(update={"size": "token-25"})
    components = [big if c.id == chips.id else c for c in content.game.components]
    broken = dataclasses.replace(content, game=content.game.model_copy(update={"components": components}))
    (problem,) = placement_problems(broken)
    assert problem.path.endswith("components.yaml") and problem.line is not None
    assert "a 25.0 mm circle" in problem.message and "a 10.6 mm circle" in problem.message
