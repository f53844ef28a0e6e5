"""`polygon`: a closed shape through points given in mm from the element's (x, y)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rulepress.layout.elements.base import Mm
from rulepress.layout.elements.shapes import ShapeElement
from rulepress.layout.geometry import Rect


class PolygonElement(ShapeElement):
    """A polygon (banners, arrows, star points, corner ribbons)."""

    kind: Literal["polygon"] = Field(description="polygon")
    points: list[tuple[Mm, Mm]] = Field(
        min_length=3, description="At least three [x, y] points in mm from the element's x and y."
    )

    def absolute(self, w: float, h: float, bleed: float) -> list[tuple[float, float]]:
        """The points in mm from the trim's top-left corner."""
        shift = -bleed if self.origin == "bleed" else 0.0
        return [(self.x + shift + px, self.y + shift + py) for px, py in self.points]

    def box(self, w: float, h: float, bleed: float) -> Rect:
        pts = self.absolute(w, h, bleed)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
