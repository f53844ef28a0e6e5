"""`text`: Markdown inline text bound to card data, fitted into its box (shrinks down to `min_size`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rulepress.layout.elements.base import Color, Element, Template


class TextElement(Element):
    """A text fitted into the box; a text that does not fit at `min_size` is an error naming the card."""

    kind: Literal["text"] = Field(description="text")
    text: Template = Field(description="The text (inline Markdown, :icon: names), e.g. '{title}'.")
    font: str = Field(
        "Body",
        description="A bundled font (Body, Body-Bold, Body-Italic, Condensed, Condensed-Bold) or one of the game's `fonts`.",
    )
    size: float = Field(9.0, gt=0, le=400, description="Font size in pt.")
    min_size: float | None = Field(
        None, gt=0, description="Smallest size the text may shrink to (pt); default: `size`."
    )
    leading: float = Field(1.2, gt=0, le=5, description="Line height, of the font size.")
    align: Literal["left", "center", "right"] = Field("left", description="Horizontal alignment.")
    valign: Literal["top", "middle", "bottom"] = Field("top", description="Vertical alignment in the box.")
    color: Color = Field("#111111", description="Text colour.")
    write_in_lines: int = Field(
        0,
        ge=0,
        le=30,
        description="When the bound text is empty and the card's text is unknown, draw this many blank lines to write on.",
    )

    def templates(self) -> dict[str, str]:
        return {"text": self.text, "color": self.color}

    def fonts(self) -> list[str]:
        return [self.font]

    @property
    def smallest(self) -> float:
        return self.min_size if self.min_size is not None else self.size


def aligned_top(box_top: float, box_h: float, content_h: float, valign: str) -> float:
    """Top of a content `content_h` high in a box (mm, y down)."""
    if valign == "middle":
        return box_top + (box_h - content_h) / 2
    if valign == "bottom":
        return box_top + box_h - content_h
    return box_top
