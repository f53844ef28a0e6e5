"""`outline`: the shape of a board space (a territory) scaled into the box.

The board's `Space.outline` polygons of the space named by `space` (default: the
card's id) are fitted into the box keeping their proportions. A space without an
outline draws nothing, so a layout works before a board has shapes.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rulepress.layout.elements.base import Template
from rulepress.layout.elements.shapes import ShapeElement
from rulepress.layout.geometry import Rect

Polygons = tuple[tuple[tuple[float, float], ...], ...]


class OutlineElement(ShapeElement):
    """A board region's outline (Risk territory cards)."""

    kind: Literal["outline"] = Field(description="outline")
    space: Template = Field("{id}", description="Id of the board space, usually a reference ('{id}', '{territory}').")
    board: str | None = Field(None, description="Board id; default: the first board with a space of that id.")

    def templates(self) -> dict[str, str]:
        return dict(super().templates(), space=self.space)


def fitted(polygons: Polygons, box: Rect) -> list[list[tuple[float, float]]]:
    """The polygons scaled and centred into the box (mm, y down), proportions kept."""
    xs = [x for poly in polygons for x, _ in poly]
    ys = [y for poly in polygons for _, y in poly]
    if not xs:
        return []
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    scale = min(box.w / w if w else float("inf"), box.h / h if h else float("inf"))
    if scale == float("inf"):
        scale = 1.0
    dx = box.x + (box.w - w * scale) / 2 - min(xs) * scale
    dy = box.y + (box.h - h * scale) / 2 - min(ys) * scale
    return [[(x * scale + dx, y * scale + dy) for x, y in poly] for poly in polygons]
