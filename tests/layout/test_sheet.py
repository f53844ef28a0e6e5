"""Card grid geometry: counts, centring, bleed, crop marks, duplex mirroring."""

import pytest

from rulepress.layout.paper import PAPERS
from rulepress.layout.sheet import Box, SheetError, SheetSpec, back_box, crop_marks, grid, mirror_axis

POKER = (63.5, 88.9)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_fit_portrait_and_the_grid_is_centred(paper):
    p = PAPERS[paper]
    g = grid(SheetSpec(p.width, p.height, *POKER))
    assert (g.cols, g.rows) == (3, 3)
    outer = g.outer
    assert outer.x == pytest.approx(p.width - outer.right)
    assert outer.y == pytest.approx(p.height - outer.bottom)


def test_gap_of_twice_the_bleed_when_the_count_allows_it():
    g = grid(SheetSpec(210, 297, 70, 120, bleed=3))  # tarot: 2 x 2 either way
    assert (g.cols, g.rows, g.gap) == (2, 2, 6)
    assert all(b.w == pytest.approx(70 + 6) and b.h == pytest.approx(120 + 6) for b in g.bleeds)
    assert grid(SheetSpec(210, 297, 44, 68, bleed=3)).gap == 0  # mini euro: a gap would cost a row


def test_touching_cards_keep_bleed_only_outside():
    g = grid(SheetSpec(215.9, 279.4, *POKER, bleed=3))
    assert g.gap == 0
    middle = g.bleeds[4]
    assert (middle.w, middle.h) == pytest.approx(POKER)
    corner = g.bleeds[0]
    assert (corner.x, corner.y) == pytest.approx((g.trims[0].x - 3, g.trims[0].y - 3))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_lie_on_trim_lines_outside_the_bleed_and_clear_of_the_edge(paper):
    p = PAPERS[paper]
    spec = SheetSpec(p.width, p.height, *POKER)
    g = grid(spec)
    xs = {round(v, 6) for b in g.trims for v in (b.x, b.right)}
    outer = g.outer
    marks = crop_marks(g)
    assert len(marks) == 2 * 4 + 2 * 4
    for x1, y1, x2, y2 in marks:
        assert min(x1, x2, y1, y2) >= spec.page_clearance - 1e-9
        assert max(x1, x2) <= p.width - spec.page_clearance + 1e-9
        assert max(y1, y2) <= p.height - spec.page_clearance + 1e-9
        if x1 == x2:  # vertical mark: on a cut line, above or below the bleed
            assert round(x1, 6) in xs
            assert max(y1, y2) <= outer.y - spec.bleed or min(y1, y2) >= outer.bottom + spec.bleed
        else:
            assert max(x1, x2) <= outer.x - spec.bleed or min(x1, x2) >= outer.right + spec.bleed
        assert abs(x2 - x1) + abs(y2 - y1) >= spec.min_mark_length - 1e-9


def test_too_large_card_is_an_error():
    with pytest.raises(SheetError, match="does not fit"):
        grid(SheetSpec(210, 297, 300, 100))


def test_mirroring_long_and_short_edge_with_offset():
    box = Box(10, 20, 63.5, 88.9)
    long = back_box(box, 210, 297, "long", (0.5, -1))
    assert (long.x, long.y) == pytest.approx((210 - 10 - 63.5 + 0.5, 20 - 1))
    short = back_box(box, 210, 297, "short")
    assert (short.x, short.y) == pytest.approx((10, 297 - 20 - 88.9))
    assert mirror_axis("long", 297, 210) == "y"  # landscape sheet turned over its long edge
    with pytest.raises(ValueError):
        mirror_axis("sideways", 210, 297)
