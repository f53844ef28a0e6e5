"""What the shape elements share: fill, stroke, stroke width and dash."""

from __future__ import annotations

from pydantic import Field

from rulepress.layout.elements.base import Color, Element, Size


class ShapeElement(Element):
    """Fill and stroke of a shape; no fill and no stroke draws nothing."""

    fill: Color | None = Field(None, description="Fill colour; none when omitted.")
    stroke: Color | None = Field(None, description="Outline colour; none when omitted.")
    stroke_width: float = Field(0.3, ge=0, le=20, description="Outline width in mm.")
    dash: tuple[Size, Size] | None = Field(None, description="Dashed outline: [dash, gap] in mm.")

    def templates(self) -> dict[str, str]:
        return {k: v for k, v in (("fill", self.fill), ("stroke", self.stroke)) if v is not None}
