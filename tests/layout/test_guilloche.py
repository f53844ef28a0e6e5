"""The guilloche element's geometry: braided waves and woven rosettes inside their box."""

import math

import pytest

from rulepress.layout.elements import GuillocheElement
from rulepress.layout.elements.guilloche import curves
from rulepress.layout.geometry import Rect

BOX = Rect(10, 20, 60, 30)


def _inside(lines, box: Rect) -> bool:
    return all(
        box.x - 1e-9 <= x <= box.right + 1e-9 and box.y - 1e-9 <= y <= box.bottom + 1e-9 for ln in lines for x, y in ln
    )


def test_waves_braid_across_the_whole_box_and_stay_in_it():
    el = GuillocheElement(kind="guilloche", pattern="waves", lines=6, periods=3, depth=0.8)
    lines = curves(el, BOX)
    assert len(lines) == 6 and _inside(lines, BOX)
    for ln in lines:
        assert ln[0][0] == pytest.approx(BOX.x) and ln[-1][0] == pytest.approx(BOX.right)  # edge to edge
        ys = [y for _x, y in ln]
        assert max(ys) - min(ys) == pytest.approx(0.8 * BOX.h, rel=0.02)  # the amplitude asked for
    shapes = {tuple(round(y, 6) for _x, y in ln[:4]) for ln in lines}
    assert len(shapes) == 6  # each wave shifted: a braid, not one line drawn six times


def test_a_rosette_is_closed_petalled_and_woven():
    el = GuillocheElement(kind="guilloche", pattern="rosette", lines=5, periods=7, depth=0.4)
    lines = curves(el, BOX)
    assert len(lines) == 5 and _inside(lines, BOX)
    cx, cy = BOX.x + BOX.w / 2, BOX.y + BOX.h / 2
    for ln in lines:
        assert ln[0] == pytest.approx(ln[-1])  # closed
        radii = [math.hypot((x - cx) / (BOX.w / 2), (y - cy) / (BOX.h / 2)) for x, y in ln]
        assert max(radii) == pytest.approx(1.0, abs=1e-6) and min(radii) == pytest.approx(0.6, abs=1e-3)
        peaks = sum(1 for a, b, c in zip(radii, radii[1:], radii[2:]) if b > a and b >= c)
        assert peaks == 7  # one outer tip per petal
    assert lines[0][5] != pytest.approx(lines[1][5])  # each copy turned a little further


def test_the_pattern_is_part_of_the_layout_schema():
    from rulepress.layout.spec import LayoutFile

    layout = LayoutFile.model_validate({"elements": [{"kind": "guilloche", "pattern": "rosette", "lines": 3}]})
    assert layout.elements is not None and layout.elements[0].kind == "guilloche"
    with pytest.raises(ValueError):
        LayoutFile.model_validate({"elements": [{"kind": "guilloche", "pattern": "spiral"}]})
