"""A turn's flow ({flow} blocks): boxes joined by arrows, in a row or a column, with the steps' text inside."""

from __future__ import annotations

import pdfplumber
import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from rulepress.draw import panels
from rulepress.layout.paper import MM
from rulepress.text import fonts
from rulepress.text.markup import Flow, Para, blocks

FLOW = "# Turn\n\n```{flow}\n**Roll** the die\nMove\nApply the field\nNext player\n```\n\nAfter the flow.\n"
PT = 25.4 / 72


def _draw(tmp_path, width_mm: float):
    """The quick-reference flowables of FLOW drawn into a column `width_mm` wide; the PDF's path."""
    fonts.register()
    path = tmp_path / f"flow-{width_mm}.pdf"
    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    items = panels.flowables(FLOW, 8.0, width_mm * MM)
    assert items is not None
    y = A4[1] - 20 * MM
    for _kind, flowable in items:
        _w, h = flowable.wrap(width_mm * MM, 1e6)
        y -= h + flowable.getSpaceBefore()
        flowable.drawOn(c, 20 * MM, y)
        y -= flowable.getSpaceAfter()
    c.save()
    return path


def _boxes(page) -> list[dict]:
    """The filled, stroked rounded boxes of the diagram (pdfplumber sees round rectangles as curves)."""
    fill = (0.945, 0.933, 0.902)  # FILL #f1eee6
    shapes = page.rects + page.curves
    return sorted(
        (s for s in shapes if s.get("fill") and tuple(round(v, 3) for v in s["non_stroking_color"]) == fill),
        key=lambda s: (round(s["top"]), s["x0"]),
    )


def _words_in(page, box) -> str:
    return " ".join(
        w["text"]
        for w in page.extract_words()
        if box["x0"] <= w["x0"] and w["x1"] <= box["x1"] and box["top"] <= w["top"] and w["bottom"] <= box["bottom"]
    )


def test_a_flow_block_is_its_own_block_of_steps():
    found = blocks(FLOW)
    assert found[1] == Flow(("<b>Roll</b> the die", "Move", "Apply the field", "Next player"))
    assert found[2] == Para("After the flow.")


def test_steps_stand_in_a_row_left_to_right_joined_by_arrows(tmp_path):
    with pdfplumber.open(_draw(tmp_path, 120)) as pdf:
        page = pdf.pages[0]
        boxes = _boxes(page)
        assert len(boxes) == 4
        assert len({round(b["top"], 1) for b in boxes}) == 1  # one row
        assert [b["x0"] for b in boxes] == sorted(b["x0"] for b in boxes)
        assert [_words_in(page, b) for b in boxes] == ["Roll the die", "Move", "Apply the field", "Next player"]
        arrows = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.1]
        for left, right in zip(boxes, boxes[1:]):  # an arrow in every gap
            assert any(left["x1"] <= ln["x0"] and ln["x1"] <= right["x0"] for ln in arrows)
        assert boxes[-1]["x1"] * PT == pytest.approx(20 + 120, abs=0.2)  # the row spans the column


def test_a_narrow_column_stacks_the_steps_with_arrows_pointing_down(tmp_path):
    with pdfplumber.open(_draw(tmp_path, 28)) as pdf:
        page = pdf.pages[0]
        boxes = _boxes(page)
        assert len(boxes) == 4
        assert len({round(b["x0"], 1) for b in boxes}) == 1  # one column
        tops = [b["top"] for b in boxes]
        assert tops == sorted(tops)
        down = [ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.1]
        for upper, lower in zip(boxes, boxes[1:]):
            assert any(upper["bottom"] <= ln["top"] and ln["bottom"] <= lower["top"] for ln in down)
