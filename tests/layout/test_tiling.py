"""Tiling math: tiles cover the board with exactly the stated overlap."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulepress.layout.paper import PAPERS
from rulepress.layout.tiling import axis_spans, mark_placements, plan_tiles, registration_points, row_label, to_sheet

boards = st.tuples(st.floats(20, 1500), st.floats(20, 1500))
papers = st.sampled_from(["a4", "letter", "a3"])
overlaps = st.floats(0, 40)


@settings(max_examples=300, deadline=None)
@given(length=st.floats(1, 5000), window=st.floats(30, 400), overlap=st.floats(0, 29))
def test_axis_spans_cover_the_axis_with_exact_overlap(length, window, overlap):
    spans = axis_spans(length, window, overlap)
    assert spans[0][0] == 0
    assert spans[-1][1] == pytest.approx(length)
    for start, end in spans:
        assert 0 < end - start <= window + 1e-9
    for (_, end), (start, _) in zip(spans, spans[1:]):
        assert end - start == pytest.approx(overlap)
    # no superfluous tile: one tile fewer would not reach the end
    if len(spans) > 1:
        assert (len(spans) - 2) * (window - overlap) + window < length


@settings(max_examples=200, deadline=None)
@given(size=boards, paper=papers, overlap=overlaps)
def test_union_of_tiles_covers_board_and_neighbours_overlap(size, paper, overlap):
    width, height = size
    plan = plan_tiles(width, height, PAPERS[paper], overlap=overlap)
    assert len(plan.tiles) == plan.rows * plan.cols
    # every tile fits its window on the sheet
    for tile in plan.tiles:
        assert tile.width <= plan.window_width + 1e-9 and tile.height <= plan.window_height + 1e-9
        assert plan.window_x + plan.window_width <= plan.paper.width
        assert plan.window_y + plan.window_height <= plan.paper.height
    # columns and rows are consistent grids: union covers [0, w] x [0, h]
    for r in range(plan.rows):
        row = [plan.tile(r, c) for c in range(plan.cols)]
        assert row[0].x == 0 and row[-1].right == pytest.approx(width)
        for left, right in zip(row, row[1:]):
            assert left.right - right.x == pytest.approx(overlap)
            assert left.y == right.y and left.height == right.height
    for c in range(plan.cols):
        col = [plan.tile(r, c) for r in range(plan.rows)]
        assert col[0].y == 0 and col[-1].bottom == pytest.approx(height)
        for top, bottom in zip(col, col[1:]):
            assert top.bottom - bottom.y == pytest.approx(overlap)


@settings(max_examples=100, deadline=None)
@given(size=boards, paper=papers, overlap=overlaps, point=st.tuples(st.floats(0, 1), st.floats(0, 1)))
def test_every_board_point_is_on_some_tile(size, paper, overlap, point):
    width, height = size
    plan = plan_tiles(width, height, PAPERS[paper], overlap=overlap)
    x, y = point[0] * width, point[1] * height
    assert any(t.contains(x, y) for t in plan.tiles)


def test_a2_board_on_a4_needs_six_sheets_with_10mm_overlap():
    plan = plan_tiles(594, 420, PAPERS["a4"], overlap=10)
    # portrait window 194 x 272 mm: 4 columns x 2 rows = 8; landscape 281 x 185: 3 x 3 = 9
    assert (plan.rows, plan.cols) == (2, 4)
    assert plan.paper.width == 210
    assert [t.label for t in plan.tiles[:5]] == ["A1", "A2", "A3", "A4", "B1"]
    # balanced: four columns of (594 + 3 * 10) / 4 = 156 mm, two rows of (420 + 10) / 2 = 215 mm
    assert plan.tile(0, 1).x == pytest.approx(146)
    assert {round(t.width, 6) for t in plan.tiles} == {156.0} and {round(t.height, 6) for t in plan.tiles} == {215.0}


@settings(max_examples=60, deadline=None)
@given(st.floats(150, 1400), st.floats(150, 1000), st.sampled_from(["a4", "letter", "a3"]), st.floats(0, 20))
def test_no_sheet_carries_less_than_half_a_page_of_new_board(width, height, paper, overlap):
    plan = plan_tiles(width, height, PAPERS[paper], overlap=overlap)
    if len(plan.tiles) == 1:
        return
    for tile in plan.tiles:
        new_w = tile.width - (overlap if tile.col else 0)
        new_h = tile.height - (overlap if tile.row else 0)
        full = tile.width * tile.height
        assert (plan.cols == 1 or new_w >= plan.window_width / 2 - overlap) and (
            plan.rows == 1 or new_h >= plan.window_height / 2 - overlap
        ), (tile, plan.window_width)
        assert full >= plan.window_width * plan.window_height / 4
    widths = [t.width for t in plan.tiles]
    heights = [t.height for t in plan.tiles]
    assert max(widths) - min(widths) < 1e-6 and max(heights) - min(heights) < 1e-6  # balanced tiles


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_overlap_has_a_bold_cross_under_and_a_fine_cross_over_at_the_same_point(paper):
    plan = plan_tiles(594, 420, PAPERS[paper], overlap=10)
    seen = 0
    for tile in plan.tiles:
        near = plan.neighbours(tile)
        for kind, sx, sy in mark_placements(plan, tile):
            seen += 1
            x, y = tile.x + sx - plan.window_x, tile.y + sy - plan.window_y
            hidden = ("right" in near and x >= near["right"].x) or ("bottom" in near and y >= near["bottom"].y)
            assert kind == ("cross" if hidden else "fine-cross")
            # the tile laid over this one (or under it) prints the same board point
            others = [t for t in plan.tiles if t != tile and t.contains(x, y)]
            assert others
            for other in others:
                ox, oy = to_sheet(plan, other, x, y)
                assert any(abs(ox - a) < 1e-6 and abs(oy - b) < 1e-6 for _k, a, b in mark_placements(plan, other))
    assert seen


def test_small_board_is_a_single_tile():
    plan = plan_tiles(200, 60, PAPERS["letter"])
    assert len(plan.tiles) == 1 and plan.tiles[0].width == 200


def test_registration_marks_lie_on_both_neighbours():
    plan = plan_tiles(594, 420, PAPERS["a4"], overlap=12)
    points = registration_points(plan)
    assert points
    for x, y in points:
        holders = [t for t in plan.tiles if t.contains(x, y)]
        assert len(holders) >= 2
        # the same board point lands at the same place relative to each tile's content
        for t in holders:
            sx, sy = to_sheet(plan, t, x, y)
            assert plan.window_x <= sx <= plan.window_x + plan.window_width


def test_overlap_too_large_is_refused():
    with pytest.raises(ValueError, match="overlap"):
        plan_tiles(594, 420, PAPERS["a4"], overlap=250)


def test_row_labels():
    assert [row_label(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]
