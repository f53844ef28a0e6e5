import math

import pytest
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from rulepress.layout.pieces import GLUE_TAB, grown_outline, piece_shape, token_outline


def test_a_standee_is_a_strip_of_tab_back_front_tab_with_the_back_upside_down():
    s = piece_shape("standee", "circle", 20, 30, base=10)
    assert (s.width, s.height) == (20, 80)
    assert [(p.side, p.upside_down, p.box.y, p.box.h) for p in s.panels] == [
        ("tab", True, 0, 10),
        ("back", True, 10, 30),
        ("front", False, 40, 30),
        ("tab", False, 70, 10),
    ]
    assert [f[1] for f in s.folds] == [10, 40, 70]  # the middle fold joins the two faces at their tops
    assert not s.duplex


def test_a_pawn_is_a_tent_closed_by_a_narrower_glue_tab():
    s = piece_shape("pawn", "circle", 18, 22)
    assert s.height == pytest.approx(3 * 22 + GLUE_TAB)
    assert [p.side for p in s.panels] == ["back", "front", "base", "tab"]
    assert [f[1] for f in s.folds] == [22, 44, 66]
    bottom = [x for x, y in s.outline if y == pytest.approx(s.height)]
    assert min(bottom) > 0 and max(bottom) < 18  # the tab's free end is inset on both sides
    assert Polygon(s.outline).is_valid


@pytest.mark.parametrize("shape", ["circle", "square", "hexagon", "rounded"])
def test_token_outlines_fill_their_cell_and_grow_evenly(shape):
    w, h = 20.0, 17.32
    outline = Polygon(token_outline(shape, w, h))
    minx, miny, maxx, maxy = outline.bounds
    assert (minx, miny, maxx, maxy) == pytest.approx((0, 0, w, h), abs=0.05)
    grown = Polygon(grown_outline(piece_shape("token", shape, w, h), shape, 2.0))
    # every point of the cut line is 2 mm inside the bleed's edge
    for x, y in outline.exterior.coords:
        assert grown.exterior.distance(ShapelyPoint(x, y)) == pytest.approx(2.0, abs=0.05)


def test_a_circle_token_is_round_and_two_sided():
    s = piece_shape("token", "circle", 16, 16)
    assert s.duplex and not s.folds
    assert all(math.hypot(x - 8, y - 8) == pytest.approx(8) for x, y in s.outline)


def test_unknown_forms_and_shapes_are_refused():
    with pytest.raises(ValueError):
        piece_shape("cube", "circle", 10, 10)
    with pytest.raises(ValueError):
        token_outline("star", 10, 10)
