"""`rect`: a rectangle filling the box."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rulepress.layout.elements.shapes import ShapeElement


class RectElement(ShapeElement):
    """A rectangle (backgrounds, bands, panels)."""

    kind: Literal["rect"] = Field(description="rect")
