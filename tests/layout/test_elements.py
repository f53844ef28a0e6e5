"""Layout elements, bindings and layout-file validation (pure side)."""

from __future__ import annotations

import pytest

from rulepress.errors import RulepressError
from rulepress.layout.binding import holds, render
from rulepress.layout.elements.icon import cells
from rulepress.layout.elements.image import placed
from rulepress.layout.elements.outline import fitted
from rulepress.layout.elements.text import TextElement
from rulepress.layout.face import known_refs
from rulepress.layout.geometry import Rect
from rulepress.layout.layouts import read_layout


def test_box_from_trim_and_bleed():
    el = TextElement(kind="text", text="x", x=3, y=3)
    assert el.box(63.5, 88.9, 3) == Rect(3, 3, 57.5, 82.9)
    bleed = TextElement.model_validate({"kind": "text", "text": "x", "from": "bleed"})
    assert bleed.box(63.5, 88.9, 3) == Rect(-3, -3, 69.5, 94.9)


def test_bindings_and_conditions():
    data = {"title": "Alaska", "values.cost": "3", "symbol": "wild", "color": ""}
    assert render("{title} costs {values.cost}", data) == "Alaska costs 3"
    assert holds("symbol == wild", data) and not holds("symbol != wild", data)
    assert holds("not color", data) and not holds("color", data)


def test_image_fit_and_icon_cells():
    box = Rect(0, 0, 60, 90)
    cover = placed(box, 100, 100, "cover")
    assert (cover.w, cover.h) == (90, 90) and cover.x == -15
    contain = placed(box, 100, 100, "contain")
    assert (contain.w, contain.h, contain.y) == (60, 60, 15)
    row = cells(Rect(0, 0, 50, 10), 3, 8, 1, "row", "center")
    assert [round(c.x, 3) for c in row] == [12.0, 21.0, 30.0] and all(c.w == 8 for c in row)


def test_outline_fits_box_keeping_proportions():
    polys = fitted((((0, 0), (20, 0), (20, 10)),), Rect(0, 0, 10, 10))
    xs = [p[0] for p in polys[0]]
    ys = [p[1] for p in polys[0]]
    assert max(xs) - min(xs) == pytest.approx(10) and max(ys) - min(ys) == pytest.approx(5)


@pytest.mark.parametrize(
    "body, line, message",
    [
        ("elements:\n  - {kind: star, x: 1}\n", 2, "unknown element kind 'star'"),
        ("elements:\n  - {kind: text, text: x, size: 3mm}\n", 2, "valid number"),
        ("elements:\n  - kind: text\n    text: x\n    align: middle\n", 4, "'left', 'center' or 'right'"),
        ("elements:\n  - {kind: rect, fill: red}\n", 2, "not a colour"),
        ("elements:\n  - kind: rect\n    bogus: 1\n", 3, "unknown key 'bogus'"),
        ("title: {size: 9\n", 1, "never closed"),
    ],
)
def test_layout_file_mistakes_are_located(tmp_path, body, line, message):
    path = tmp_path / "bad.yaml"
    path.write_text(body)
    with pytest.raises(RulepressError) as info:
        read_layout(path)
    problem = info.value.problems()[0]
    assert problem.path.endswith("bad.yaml") and problem.line == line and message in problem.message


def test_known_refs_of_a_component():
    from rulepress.model.schema import Component

    comp = Component.model_validate(
        {
            "id": "d",
            "kind": "deck",
            "name": {"de": "D", "en": "D"},
            "provenance": "seed",
            "fields": {"symbol": {"kind": "id"}},
            "cards": [{"id": "a", "values": {"cost": 1}, "fields": {"symbol": "x"}}],
        }
    )
    refs = known_refs(comp)
    assert {"title", "values.cost", "labels.cost", "symbol"} <= refs and "values.power" not in refs
