"""`roundrect`: a rectangle with rounded corners filling the box."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rulepress.layout.elements.base import MAX_MM
from rulepress.layout.elements.shapes import ShapeElement


class RoundRectElement(ShapeElement):
    """A rounded rectangle (frames, value plates)."""

    kind: Literal["roundrect"] = Field(description="roundrect")
    radius: float = Field(3.0, ge=0, le=MAX_MM, description="Corner radius in mm (limited to half the shorter side).")


def corner_radius(radius: float, w: float, h: float) -> float:
    return max(0.0, min(radius, w / 2, h / 2))
