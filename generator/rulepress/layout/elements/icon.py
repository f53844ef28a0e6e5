"""`icon`: an icon by name (game-icons.net set, the game's own SVGs, glyph icons), repeated as a row.

`repeat` may bind a number (``repeat: "{values.strength}"``): that many icons in a
row (or column), `size` mm each (default: as large as the box allows), `gap` mm apart.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from rulepress.layout.elements.base import MAX_MM, Color, Element, Template
from rulepress.layout.geometry import Rect

MAX_REPEAT = 50


class IconElement(Element):
    """One icon, or a row/column of the same icon."""

    kind: Literal["icon"] = Field(description="icon")
    icon: Template = Field(description="Icon name or a reference to one, e.g. 'cannon' or '{symbol}'.")
    color: Color = Field("#111111", description="Icon colour.")
    repeat: int | Template = Field(
        1, description=f"How many icons (0 to {MAX_REPEAT}): a number or a reference to a number field."
    )
    size: float | None = Field(
        None, gt=0, le=MAX_MM, description="Side of one icon in mm; default: the largest that fits."
    )
    gap: float = Field(1.0, ge=0, le=MAX_MM, description="Space between repeated icons in mm.")
    direction: Literal["row", "column"] = Field("row", description="Repeat left to right, or top to bottom.")
    align: Literal["start", "center", "end"] = Field("center", description="Where a row shorter than the box sits.")

    @field_validator("repeat")
    @classmethod
    def _few_enough(cls, value):
        if isinstance(value, int) and not 0 <= value <= MAX_REPEAT:
            raise ValueError(f"repeat {value} is not 0 to {MAX_REPEAT} icons")
        return value

    def templates(self) -> dict[str, str]:
        found = {"icon": self.icon, "color": self.color}
        if isinstance(self.repeat, str):
            found["repeat"] = self.repeat
        return found


def cells(box: Rect, count: int, size: float | None, gap: float, direction: str, align: str) -> list[Rect]:
    """Square cells of `count` icons in the box (mm)."""
    if count <= 0:
        return []
    along, across = (box.w, box.h) if direction == "row" else (box.h, box.w)
    side = size if size is not None else min(across, (along - gap * (count - 1)) / count)
    side = max(side, 0.0)
    total = count * side + (count - 1) * gap
    start = {"start": 0.0, "center": (along - total) / 2, "end": along - total}[align]
    offset = (across - side) / 2
    result = []
    for i in range(count):
        a = start + i * (side + gap)
        result.append(
            Rect(box.x + a, box.y + offset, side, side)
            if direction == "row"
            else Rect(box.x + offset, box.y + a, side, side)
        )
    return result


def repeat_count(value: str | int) -> int:
    """The number of icons of a bound `repeat` ('3', '3.0'); ValueError when it is no whole number."""
    number = float(value)
    if number != int(number) or number < 0:
        raise ValueError(f"repeat {value!r} is not a whole number of icons")
    if number > MAX_REPEAT:
        raise ValueError(f"repeat {value!r} is more than {MAX_REPEAT} icons")
    return int(number)
