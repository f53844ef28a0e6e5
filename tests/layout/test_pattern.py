"""The pattern element's geometry: textures that cover their box, at the spacing and angle asked for."""

import math

import pytest

from rulepress.layout.elements import PatternElement
from rulepress.layout.elements.pattern import WAVE_STEPS, dot_size, dots, marks, strokes
from rulepress.layout.geometry import Rect

BOX = Rect(10, 20, 40, 30)


def _el(**keys) -> PatternElement:
    return PatternElement.model_validate({"kind": "pattern", **keys})


def _inside(points, box: Rect) -> bool:
    return all(box.x - 1e-9 <= x <= box.right + 1e-9 and box.y - 1e-9 <= y <= box.bottom + 1e-9 for x, y in points)


def test_hatching_is_cut_to_the_box_at_its_spacing_and_angle():
    lines = strokes(_el(pattern="hatch", spacing=2, angle=30), BOX)
    assert lines and all(len(ln) == 2 and _inside(ln, BOX) for ln in lines)
    for (x1, y1), (x2, y2) in lines:
        assert math.degrees(math.atan2(-(y2 - y1), x2 - x1)) % 180 == pytest.approx(30)
    # neighbouring lines are 2 mm apart, measured across them
    nx, ny = math.sin(math.radians(30)), math.cos(math.radians(30))
    offsets = sorted(x * nx + y * ny for (x, y), _ in lines)
    assert all(b - a == pytest.approx(2) for a, b in zip(offsets, offsets[1:]))
    # and they cover the box: the farthest lines lie within a spacing of its corners
    corners = [x * nx + y * ny for x in (BOX.x, BOX.right) for y in (BOX.y, BOX.bottom)]
    assert offsets[0] - min(corners) < 2 and max(corners) - offsets[-1] < 2


def test_a_lattice_is_two_hatchings_at_right_angles():
    lattice = strokes(_el(pattern="lattice", spacing=3, angle=0), BOX)
    horizontal = [ln for ln in lattice if ln[0][1] == pytest.approx(ln[1][1])]
    vertical = [ln for ln in lattice if ln[0][0] == pytest.approx(ln[1][0])]
    assert len(horizontal) + len(vertical) == len(lattice)
    assert len(horizontal) in (10, 11) and len(vertical) in (13, 14)  # 30 mm / 3 and 40 mm / 3
    assert all(ln[0][0] == pytest.approx(BOX.x) and ln[1][0] == pytest.approx(BOX.right) for ln in horizontal)


def test_dots_are_staggered_rows_covering_the_box():
    el = _el(pattern="dots", spacing=2)
    centres = dots(el, BOX)
    assert dot_size(el) == pytest.approx(0.5) and dot_size(_el(pattern="dots", size=0.8)) == 0.8
    rows: dict[float, list[float]] = {}
    for x, y in centres:
        rows.setdefault(round(y, 6), []).append(x)
    ys = sorted(rows)
    assert all(b - a == pytest.approx(2 * math.sqrt(3) / 2) for a, b in zip(ys, ys[1:]))
    assert ys[0] <= BOX.y and ys[-1] >= BOX.bottom  # no empty strip at the top or bottom
    first, second = sorted(rows[ys[0]]), sorted(rows[ys[1]])
    assert (second[0] - first[0]) % 2 == pytest.approx(1)  # every other row shifted by half
    assert first[0] <= BOX.x and first[-1] >= BOX.right
    assert strokes(el, BOX) == [] and dots(_el(pattern="hatch"), BOX) == []


def test_waves_scales_and_rays():
    waves = strokes(_el(pattern="waves", spacing=2, angle=0), BOX)
    for ln in waves:
        ys = [y for _x, y in ln]
        if len(ln) > WAVE_STEPS:  # a whole period at least (the runs at the box's edges may be shorter)
            assert max(ys) - min(ys) == pytest.approx(1.0, abs=0.02)  # a wave is half the spacing high
        assert all(BOX.y - 3 <= y <= BOX.bottom + 3 for y in ys)  # only what lies near the box is kept
    assert min(ln[0][0] for ln in waves) <= BOX.x and max(ln[-1][0] for ln in waves) >= BOX.right
    scales = strokes(_el(pattern="scales", spacing=4), BOX)
    assert all(math.hypot(ln[0][0] - ln[-1][0], ln[0][1] - ln[-1][1]) == pytest.approx(4) for ln in scales)
    rays = strokes(_el(pattern="rays", count=12, angle=0), BOX)
    assert len(rays) == 12 and all(ln[0] == pytest.approx(BOX.centre) and _inside(ln, BOX) for ln in rays)
    assert rays[0][1] == pytest.approx((BOX.right, BOX.centre[1]))  # the first ray at 0 degrees: to the right


def test_too_fine_a_pattern_is_counted_before_it_is_drawn():
    fine = _el(pattern="dots", spacing=0.3)
    assert marks(fine, Rect(0, 0, 200, 200)) > 20000
    assert marks(_el(pattern="lattice", spacing=2), BOX) == len(strokes(_el(pattern="lattice", spacing=2), BOX)) + 4


def test_the_pattern_is_part_of_the_layout_schema():
    from rulepress.layout.spec import LayoutFile

    layout = LayoutFile.model_validate({"elements": [{"kind": "pattern", "pattern": "dots", "color": "{color}"}]})
    assert layout.elements is not None and layout.elements[0].kind == "pattern"
    assert layout.elements[0].templates() == {"color": "{color}"}
    for bad in ({"pattern": "plaid"}, {"spacing": 0.1}, {"shape": "star"}, {"stroke": "#000000"}):
        with pytest.raises(ValueError):
            LayoutFile.model_validate({"elements": [{"kind": "pattern", **bad}]})
