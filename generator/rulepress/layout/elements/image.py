"""`image`: a picture file (PNG, JPEG, SVG) placed in the box by `fit` (cover, contain, stretch)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rulepress.layout.elements.base import Element, Template
from rulepress.layout.geometry import Rect


class ImageElement(Element):
    """A picture; with ``from: bleed`` it can run to the bleed edge. `cover` crops to the box."""

    kind: Literal["image"] = Field(description="image")
    src: Template = Field("{image}", description="File relative to the game folder, usually a reference: '{image}'.")
    fit: Literal["cover", "contain", "stretch"] = Field(
        "cover",
        description="cover (fill the box, crop the overflow), contain (whole picture, centred), stretch (distort to the box).",
    )

    def templates(self) -> dict[str, str]:
        return {"src": self.src}


def placed(box: Rect, width: float, height: float, fit: str) -> Rect:
    """Where a picture of width x height (any unit) goes for a box: may exceed the box for 'cover'."""
    if fit == "stretch" or width <= 0 or height <= 0:
        return box
    scale = (max if fit == "cover" else min)(box.w / width, box.h / height)
    w, h = width * scale, height * scale
    return Rect(box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h)
