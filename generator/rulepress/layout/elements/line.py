"""`line`: a straight line from (x, y) to (x2, y2), in mm from the reference box."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rulepress.layout.elements.base import Color, Element, Mm, Size
from rulepress.layout.geometry import Rect


class LineElement(Element):
    """A line (dividers, write-in rules)."""

    kind: Literal["line"] = Field(description="line")
    x2: Mm = Field(description="End x in mm from the reference box.")
    y2: Mm = Field(description="End y in mm from the reference box.")
    stroke: Color = Field("#111111", description="Line colour.")
    stroke_width: float = Field(0.3, gt=0, le=20, description="Line width in mm.")
    dash: tuple[Size, Size] | None = Field(None, description="Dashed line: [dash, gap] in mm.")

    def templates(self) -> dict[str, str]:
        return {"stroke": self.stroke}

    def ends(self, w: float, h: float, bleed: float) -> tuple[tuple[float, float], tuple[float, float]]:
        """Both ends in mm from the trim's top-left corner."""
        shift = -bleed if self.origin == "bleed" else 0.0
        return (self.x + shift, self.y + shift), (self.x2 + shift, self.y2 + shift)

    def box(self, w: float, h: float, bleed: float) -> Rect:
        (x1, y1), (x2, y2) = self.ends(w, h, bleed)
        return Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
