"""N-up imposition: panel count and positions, cut and fold lines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulepress.layout.nup import EDGE_CLEAR, OVERHANG, choose_grid, grids, impose
from rulepress.layout.paper import PAPERS


def test_grids_are_the_factor_pairs():
    assert grids(6) == [(1, 6), (2, 3), (3, 2), (6, 1)]
    assert grids(1) == [(1, 1)]


def test_six_up_on_a4_portrait_is_two_columns_three_rows_centred():
    a4 = PAPERS["a4"]
    sheet = impose(a4.width, a4.height, 95, 88, 6)
    assert (sheet.cols, sheet.rows) == (2, 3)
    assert len(sheet.panels) == 6
    assert [(p.x, p.y) for p in sheet.panels] == [
        (10, 16.5),
        (105, 16.5),
        (10, 104.5),
        (105, 104.5),
        (10, 192.5),
        (105, 192.5),
    ]
    assert {(p.width, p.height) for p in sheet.panels} == {(95, 88)}
    grid = sheet.grid
    assert grid.x == pytest.approx(a4.width - grid.right)
    assert grid.y == pytest.approx(a4.height - grid.bottom)


def test_cut_lines_run_along_every_grid_line_and_beyond():
    sheet = impose(210, 297, 95, 88, 6)
    vertical = sorted(l.x1 for l in sheet.cuts if l.x1 == l.x2)
    horizontal = sorted(l.y1 for l in sheet.cuts if l.y1 == l.y2)
    assert vertical == [10, 105, 200]
    assert horizontal == [16.5, 104.5, 192.5, 280.5]
    for line in sheet.cuts:
        if line.x1 == line.x2:
            assert (line.y1, line.y2) == (16.5 - OVERHANG, 280.5 + OVERHANG)
        else:
            assert (line.x1, line.x2) == (10 - OVERHANG, 200 + OVERHANG)
    assert sheet.folds == ()


def test_cut_lines_keep_clear_of_the_paper_edge_when_the_panels_nearly_fill_it():
    letter = PAPERS["letter"].oriented("landscape")
    sheet = impose(letter.width, letter.height, 138, 200, 2)
    assert (sheet.cols, sheet.rows) == (2, 1)
    assert EDGE_CLEAR == 5 and sheet.grid.x < EDGE_CLEAR  # the panels come within 1.7 mm of the edge
    assert sorted(line.x1 for line in sheet.cuts if line.x1 == line.x2) == [letter.width / 2]  # the outer two dropped
    for line in sheet.cuts:
        for x in (line.x1, line.x2):
            assert EDGE_CLEAR <= x <= letter.width - EDGE_CLEAR
        for y in (line.y1, line.y2):
            assert EDGE_CLEAR <= y <= letter.height - EDGE_CLEAR


def test_folded_sheet_cuts_only_the_outline_and_folds_inside():
    sheet = impose(297, 210, 90, 60, 3, fold=True)
    assert len(sheet.cuts) == 4
    assert len(sheet.folds) == 2
    grid = sheet.grid
    for line in sheet.folds:
        assert grid.x <= min(line.x1, line.x2) and max(line.x1, line.x2) <= grid.right
        assert grid.y <= min(line.y1, line.y2) and max(line.y1, line.y2) <= grid.bottom
        assert line.x1 == line.x2 or line.y1 == line.y2


def test_panels_that_cannot_fit_are_an_error():
    with pytest.raises(ValueError, match="6 panels of 100 x 100 mm do not fit"):
        impose(210, 297, 100, 100, 6)
    assert choose_grid(2, 138, 200, 210, 297) is None


@settings(max_examples=200, deadline=None)
@given(
    n=st.integers(1, 16),
    w=st.floats(20, 300),
    h=st.floats(20, 300),
    paper=st.sampled_from(["a4", "letter"]),
    orientation=st.sampled_from(["portrait", "landscape"]),
)
def test_panels_never_overlap_and_stay_on_the_page(n, w, h, paper, orientation):
    page = PAPERS[paper].oriented(orientation)
    if choose_grid(n, w, h, page.width, page.height) is None:
        with pytest.raises(ValueError):
            impose(page.width, page.height, w, h, n)
        return
    sheet = impose(page.width, page.height, w, h, n)
    assert len(sheet.panels) == n == sheet.cols * sheet.rows
    for p in sheet.panels:
        assert -1e-9 <= p.x and p.right <= page.width + 1e-9
        assert -1e-9 <= p.y and p.bottom <= page.height + 1e-9
    for i, a in enumerate(sheet.panels):
        for b in sheet.panels[i + 1 :]:
            assert a.right <= b.x + 1e-9 or b.right <= a.x + 1e-9 or a.bottom <= b.y + 1e-9 or b.bottom <= a.y + 1e-9
    assert sheet.grid.width * sheet.grid.height == pytest.approx(n * w * h)
    drawn = {("x", line.x1) if line.x1 == line.x2 else ("y", line.y1) for line in sheet.cuts}
    margin_x, margin_y = sheet.grid.x, sheet.grid.y
    expected = (
        sheet.cols
        + sheet.rows
        + 2
        - (2 if margin_x < EDGE_CLEAR - 1e-9 else 0)
        - (2 if margin_y < EDGE_CLEAR - 1e-9 else 0)
    )
    assert len(sheet.cuts) == len(drawn) == expected
    for line in sheet.cuts:  # nothing printed in the unprintable edge
        assert EDGE_CLEAR - 1e-9 <= min(line.x1, line.x2) and max(line.x1, line.x2) <= page.width - EDGE_CLEAR + 1e-9
        assert EDGE_CLEAR - 1e-9 <= min(line.y1, line.y2) and max(line.y1, line.y2) <= page.height - EDGE_CLEAR + 1e-9
