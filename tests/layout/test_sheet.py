"""Card grid geometry: counts, centring, bleed, crop marks, duplex mirroring."""

import pytest

from rulepress.layout.paper import PAPERS, PRINTABLE_MARGIN
from rulepress.layout.sheet import (
    Box,
    SheetError,
    SheetSpec,
    back_box,
    crop_marks,
    grid,
    guide_room,
    in_bleed,
    mirror_axis,
    used,
)

POKER = (63.5, 88.9)


@pytest.mark.parametrize(
    "paper, gap, orientation, count",
    [
        ("a4", "butted", "portrait", (3, 3)),
        ("letter", "butted", "landscape", (4, 2)),
        ("a4", "spaced", "landscape", (4, 2)),
        ("letter", "spaced", "landscape", (3, 2)),
    ],
)
def test_poker_cards_per_page_and_the_grid_is_centred(paper, gap, orientation, count):
    p = PAPERS[paper].oriented(orientation)
    g = grid(SheetSpec(p.width, p.height, *POKER, gap=gap))
    assert (g.cols, g.rows) == count
    outer = g.outer
    assert outer.x == pytest.approx(p.width - outer.right)
    assert outer.y == pytest.approx(p.height - outer.bottom)


def test_spaced_cards_sit_twice_the_bleed_apart_each_with_its_full_bleed():
    g = grid(SheetSpec(297, 210, *POKER, bleed=3))
    assert g.gap == 6
    for a, b in zip(g.trims, g.trims[1:]):
        if a.y == b.y:
            assert b.x - a.right == pytest.approx(6)
    assert g.trims[g.cols].y - g.trims[0].bottom == pytest.approx(6)
    assert all(b.w == pytest.approx(63.5 + 6) and b.h == pytest.approx(88.9 + 6) for b in g.bleeds)
    # no two bleed areas overlap: a missed cut never shows a neighbour's colour
    assert not any(a.intersects(b) for i, a in enumerate(g.bleeds) for b in g.bleeds[i + 1 :])


def test_a_spec_closer_to_the_edge_than_the_printable_margin_is_an_error():
    with pytest.raises(SheetError, match="page_clearance 2 mm"):
        grid(SheetSpec(210, 297, *POKER, page_clearance=2))
    with pytest.raises(SheetError, match="gap"):
        grid(SheetSpec(210, 297, *POKER, gap="tight"))


def test_touching_cards_keep_bleed_only_outside():
    g = grid(SheetSpec(210, 297, *POKER, bleed=3, gap="butted"))  # 3 x 3
    assert g.gap == 0
    middle = g.bleeds[4]
    assert (middle.w, middle.h) == pytest.approx(POKER)
    corner = g.bleeds[0]
    assert (corner.x, corner.y) == pytest.approx((g.trims[0].x - 3, g.trims[0].y - 3))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("gap", ["spaced", "butted"])
def test_crop_marks_lie_on_trim_lines_outside_the_bleed_and_clear_of_the_edge(paper, gap):
    """Every mark on a cut line, at least 3 mm long, clear of the page edge and of the trim; where the margin is
    narrow (butted poker cards on A4: 9.75 mm beside the grid) it reaches into the bleed but keeps 1 mm on white
    paper beyond the bleed."""
    p = PAPERS[paper]
    spec = SheetSpec(p.width, p.height, *POKER, gap=gap)
    g = grid(spec)
    xs = {round(v, 6) for b in g.trims for v in (b.x, b.right)}
    ys = {round(v, 6) for b in g.trims for v in (b.y, b.bottom)}
    outer = g.outer
    marks = crop_marks(g)
    assert len(marks) == 2 * len(xs) + 2 * len(ys)
    for x1, y1, x2, y2 in marks:
        assert min(x1, x2, y1, y2) >= PRINTABLE_MARGIN - 1e-9
        assert max(x1, x2) <= p.width - spec.page_clearance + 1e-9
        assert max(y1, y2) <= p.height - spec.page_clearance + 1e-9
        if x1 == x2:  # vertical mark: on a cut line, above or below the grid, mostly outside the bleed
            assert round(x1, 6) in xs
            assert max(y1, y2) <= outer.y - 1.0 + 1e-9 or min(y1, y2) >= outer.bottom + 1.0 - 1e-9
            assert min(y1, y2) <= outer.y - 3.5 - 1.0 + 1e-9 or max(y1, y2) >= outer.bottom + 3.5 + 1.0 - 1e-9
        else:
            assert max(x1, x2) <= outer.x - 1.0 + 1e-9 or min(x1, x2) >= outer.right + 1.0 - 1e-9
            assert min(x1, x2) <= outer.x - 3.5 - 1.0 + 1e-9 or max(x1, x2) >= outer.right + 3.5 + 1.0 - 1e-9
        assert abs(x2 - x1) + abs(y2 - y1) >= 3.0 - 1e-9
    assert any(in_bleed(g, m) for m in marks) == ((paper, gap) == ("a4", "butted"))  # only where room is short


def test_no_marks_for_the_empty_rows_of_a_last_page():
    g = grid(SheetSpec(210, 297, *POKER, gap="butted"))  # 3 x 3
    assert len(crop_marks(g, 2)) == 2 * 3 + 2 * 2  # one row of two cards: three vertical, two horizontal lines
    marks = crop_marks(g, 2)
    assert {round(y1, 6) for x1, y1, x2, y2 in marks if y1 == y2} == {
        round(g.trims[0].y, 6),
        round(g.trims[0].bottom, 6),
    }
    lowest = max(max(y1, y2) for x1, y1, x2, y2 in marks)
    assert lowest <= g.trims[0].bottom + 3 + 0.5 + 4 + 1e-9  # the marks end just below the one full row
    partial = used(g, 4)
    assert (partial.cols, partial.rows, len(partial.trims)) == (3, 2, 4)
    assert crop_marks(g, 9) == crop_marks(g)


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


def test_marks_make_room_for_a_guidance_line_but_keep_their_minimum_length():
    spec = SheetSpec(297, 210, 63.5, 88.9)
    g = grid(spec)
    assert guide_room(g, None, 3.0)
    plain, short = crop_marks(g), crop_marks(g, reserve=3.0)
    assert max(max(s[1], s[3]) for s in plain) > 210 - 5.0 - 3.0  # without the reserve they reach into the band
    assert max(max(s[1], s[3]) for s in short) <= 210 - 5.0 - 3.0 + 1e-9
    assert all(abs(s[3] - s[1]) >= spec.min_mark_length - 1e-9 for s in short if s[0] == s[2])
    assert not guide_room(g, None, 20.0)  # no room: the caller prints no guidance there
