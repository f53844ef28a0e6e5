"""`circle`: a circle (an ellipse when the box is not square) inscribed in the box."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rulepress.layout.elements.shapes import ShapeElement


class CircleElement(ShapeElement):
    """A circle or ellipse (value discs, chips)."""

    kind: Literal["circle"] = Field(description="circle")
