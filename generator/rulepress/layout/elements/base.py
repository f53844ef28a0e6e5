"""What every layout element has: a box in mm, where it is measured from, a condition, opacity, rotation.

The box is measured from the trim's top-left corner (``from: trim``, the default)
or from the bleed edge's (``from: bleed``, for art that runs into the bleed).
Without `w` or `h` the element spans the reference box less `x` (or `y`) on both
sides, so ``{kind: rect, from: bleed}`` covers the whole printed area and
``{kind: roundrect, x: 3, y: 3}`` is a frame inset 3 mm.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rulepress.layout.geometry import Rect

Color = Annotated[
    str,
    Field(
        pattern=r"^(#[0-9a-fA-F]{6}|\{[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)?\})$",
        description="A colour as #rrggbb, or a reference such as {color}.",
    ),
]
# Lengths far beyond any card or board (2 m): absurd input is an error naming the key, not an endless render.
MAX_MM = 2000.0
Mm = Annotated[float, Field(ge=-MAX_MM, le=MAX_MM, description=f"A length in mm (-{MAX_MM:g} to {MAX_MM:g}).")]
Size = Annotated[float, Field(gt=0, le=MAX_MM)]
Template = Annotated[str, Field(description="Text with references in braces, e.g. '{title}' or '{values.cost} $'.")]


class Element(BaseModel):
    """Common keys of every element."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, allow_inf_nan=False)

    x: Mm = Field(0.0, description="Left edge in mm from the reference box's left edge.")
    y: Mm = Field(0.0, description="Top edge in mm from the reference box's top edge.")
    w: float | None = Field(
        None, gt=0, le=MAX_MM, description="Width in mm; default: the reference width less x on both sides."
    )
    h: float | None = Field(
        None, gt=0, le=MAX_MM, description="Height in mm; default: the reference height less y on both sides."
    )
    origin: Literal["trim", "bleed"] = Field(
        "trim", alias="from", description="Measure from the trim (default) or from the bleed edge (art that bleeds)."
    )
    when: str | None = Field(
        None, description="Draw only when this holds: 'ref', 'not ref', 'ref == value', 'ref != value'."
    )
    opacity: float = Field(1.0, ge=0, le=1, description="0 (invisible) to 1 (opaque).")
    rotate: float = Field(
        0.0, ge=-3600, le=3600, description="Rotation in degrees, counter-clockwise about the box centre."
    )

    def box(self, w: float, h: float, bleed: float) -> Rect:
        """The element's box in mm from the trim's top-left corner, for a w x h mm card."""
        ref = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed) if self.origin == "bleed" else Rect(0, 0, w, h)
        bw = self.w if self.w is not None else max(0.0, ref.w - 2 * self.x)
        bh = self.h if self.h is not None else max(0.0, ref.h - 2 * self.y)
        return Rect(ref.x + self.x, ref.y + self.y, bw, bh)

    def templates(self) -> dict[str, str]:
        """Keys whose strings may hold references (for binding checks)."""
        return {}

    def fonts(self) -> list[str]:
        """Font names the element uses."""
        return []


def content_size(box: Rect, rotate: float) -> tuple[float, float]:
    """Width and height of the element's own frame: a box turned by 90 or 270 degrees swaps them."""
    quarter = round(rotate / 90) % 2 == 1 and abs(rotate / 90 - round(rotate / 90)) < 1e-9
    return (box.h, box.w) if quarter else (box.w, box.h)
