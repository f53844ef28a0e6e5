"""`stack`: the classic column of a card's texts in one box.

The title stands at the top, the text below it, the value lines and the provenance
mark at the bottom; each part shrinks down to its `min_size`, and a card whose text
is unknown gets blank lines to write on. A title alone on a face (a shared back)
may stand in the middle (`title: {valign: middle}`). Layouts without `elements`
are drawn as a frame and this element (`rulepress.layout.classic`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rulepress.layout.elements.base import Element
from rulepress.layout.styles import MarkStyle, TextStyle, TitleStyle, ValuesStyle


class StackElement(Element):
    """The card's title, text, value lines and provenance mark, stacked in the box (the classic layout)."""

    kind: Literal["stack"] = Field(description="stack")
    title: TitleStyle = Field(TitleStyle(), description="Title style.")
    text: TextStyle = Field(TextStyle(), description="Body text style.")
    values: ValuesStyle = Field(ValuesStyle(), description="Value lines style.")
    mark: MarkStyle = Field(MarkStyle(), description="Provenance mark style.")
    gap: float = Field(1.5, ge=0, description="Space between title, text and values (mm).")
    write_in_lines: int = Field(4, ge=0, le=30, description="Blank lines drawn where the card's text is unknown.")

    def fonts(self) -> list[str]:
        return [self.title.font, self.text.font, self.values.font, self.mark.font]
