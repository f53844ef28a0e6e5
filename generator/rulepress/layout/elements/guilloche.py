"""`guilloche`: the fine interlaced line patterns of banknotes and certificates, filling the box.

Two patterns, both pure geometry (polylines in mm from the trim's top-left):

- ``waves``: `lines` sine waves across the box, each shifted by a fraction of the
  period, so they braid into a band;
- ``rosette``: `lines` closed petal curves about the box centre, each turned a
  little further, so they weave into a rosette.

Fine lines in a light colour read as a pattern, not as lines; they make a
printed note harder to mistake for a plain coloured card.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field

from rulepress.layout.elements.base import Color, Element
from rulepress.layout.geometry import Rect

STEPS_PER_TURN = 16  # points per wave period or petal: smooth at print size, small in the PDF


class GuillocheElement(Element):
    """Interlaced fine lines (waves or a rosette) across the box."""

    kind: Literal["guilloche"] = Field(description="guilloche")
    pattern: Literal["waves", "rosette"] = Field("waves", description="waves (a braided band) or rosette.")
    lines: int = Field(8, ge=1, le=60, description="How many curves are interlaced.")
    periods: float = Field(3.0, gt=0, le=40, description="waves: periods across the box; rosette: petals.")
    depth: float = Field(
        0.5, gt=0, le=1, description="waves: amplitude, of half the box height; rosette: petal depth, of the radius."
    )
    stroke: Color = Field("#2d4a32", description="Line colour.")
    stroke_width: float = Field(0.1, gt=0, le=2, description="Line width in mm.")

    def templates(self) -> dict[str, str]:
        return {"stroke": self.stroke}


def curves(el: GuillocheElement, box: Rect) -> list[list[tuple[float, float]]]:
    """The element's polylines in mm (trim's top-left origin, y down)."""
    if el.pattern == "waves":
        return _waves(el, box)
    return _rosette(el, box)


def _waves(el: GuillocheElement, box: Rect) -> list[list[tuple[float, float]]]:
    amplitude = el.depth * box.h / 2
    middle = box.y + box.h / 2
    steps = max(8, math.ceil(STEPS_PER_TURN * el.periods))
    found = []
    for i in range(el.lines):
        phase = 2 * math.pi * i / el.lines
        found.append(
            [
                (
                    box.x + box.w * k / steps,
                    middle + amplitude * math.sin(2 * math.pi * el.periods * k / steps + phase),
                )
                for k in range(steps + 1)
            ]
        )
    return found


def _rosette(el: GuillocheElement, box: Rect) -> list[list[tuple[float, float]]]:
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    rx, ry = box.w / 2, box.h / 2
    petals = max(1, round(el.periods))
    steps = max(24, STEPS_PER_TURN * petals)
    found = []
    for i in range(el.lines):
        turn = 2 * math.pi * i / (el.lines * petals)
        points = []
        for k in range(steps + 1):
            t = 2 * math.pi * k / steps
            r = 1 - el.depth * (1 + math.cos(petals * t)) / 2
            points.append((cx + rx * r * math.cos(t + turn), cy + ry * r * math.sin(t + turn)))
        found.append(points)
    return found
