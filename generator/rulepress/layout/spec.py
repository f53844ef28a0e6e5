"""The schema of a layout file (templates/layouts/*.yaml, <game>/layouts/*.yaml).

Every key is optional in one file: a layout that `extends` another gives only what
it changes, and every default is declared here, once (`Layout` is a merged layout with
its defaults filled, the typed model the renderers read). The classic keys (title,
text, values, mark, back, frame, gap) style the classic face, which is drawn as
elements too (`rulepress.layout.classic`); `elements` replaces it by placed elements
(see `rulepress.layout.elements`), `back_elements` draws the shared backs and
`back_face_elements` the individual back faces of double-sided tiles. The JSON
Schema (`rulepress schema --layout`) comes from these classes.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rulepress.layout.elements import Element, StackElement
from rulepress.layout.paper import PRINTABLE_MARGIN
from rulepress.layout.styles import BackStyle, Color, FrameStyle, MarkStyle, Part, TextStyle, TitleStyle, ValuesStyle

_STACK = StackElement(kind="stack")  # the classic stack's defaults (gap, write-in lines) are the element's


class SheetSection(Part):
    """Print settings of the sheet; build options override them."""

    marks: Literal["crop", "lines", "none"] = Field(
        "crop", description="crop (marks outside the bleed), lines (cut lines on the trim), none."
    )
    gap: Literal["spaced", "butted"] = Field(
        "spaced",
        description="spaced: cards apart by twice the bleed, each with its own bleed; butted: cards touch and share cut lines.",
    )
    mark_length: float = Field(4, gt=0, description="Longest crop mark in mm (shortened when the margin is narrow).")
    min_mark_length: float = Field(
        3, gt=0, description="Shortest crop mark in mm (where the margin is narrower, a mark reaches into the bleed)."
    )
    mark_offset: float = Field(0.5, ge=0, description="Distance between the bleed edge and a crop mark in mm.")
    page_clearance: float = Field(
        PRINTABLE_MARGIN,
        ge=0,
        description="Crop marks stay this far from the page edge (mm; at least 5 for home printers).",
    )
    safe_guide: bool = Field(False, description="Draw the safe zone as a dashed line.")
    orientation: Literal["portrait", "landscape", "auto"] = Field(
        "auto", description="Page orientation (auto: whichever holds more cards; portrait on a tie)."
    )
    flip: Literal["long", "short"] = Field("long", description="Duplex binding edge.")
    offset: tuple[float, float] = Field((0.0, 0.0), description="Back page shift in mm (x right, y down).")


class SizeSpec(Part):
    width: float = Field(gt=0, le=2000, description="Width in mm.")
    height: float = Field(gt=0, le=2000, description="Height in mm.")


class LayoutFile(Part):
    """One layout file. Every key has its default here, and only here: a file gives what it changes."""

    extends: str | None = Field(
        None, description="Name of the layout this one builds on; its keys are merged under these."
    )
    size: str | SizeSpec = Field(
        "poker", description="Default size preset (or width/height) of components using the layout."
    )
    shape: Literal["rect", "circle"] = Field("rect", description="rect or circle (round tokens).")
    corner_radius: float = Field(3, ge=0, description="Rounded corners of the trim outline in mm.")
    bleed: float = Field(3, ge=0, le=20, description="How far the background runs past the trim (mm).")
    safe: float = Field(3.2, ge=0, description="Texts stay this far inside the trim (mm; 3.2 is 1/8 in).")
    background: Color = Field("#ffffff", description="Card background (classic stack).")
    frame: FrameStyle = Field(FrameStyle(), description="Accent frame (classic stack).")
    title: TitleStyle = Field(TitleStyle(), description="Title style (classic stack).")
    text: TextStyle = Field(TextStyle(), description="Body text style (classic stack).")
    values: ValuesStyle = Field(ValuesStyle(), description="Value lines style (classic stack).")
    mark: MarkStyle = Field(
        MarkStyle(), description="Style of the provenance mark (reconstructed / unknown), also used with elements."
    )
    back: BackStyle = Field(BackStyle(), description="Style of a shared back's title (classic back).")
    gap: float = Field(_STACK.gap, ge=0, description="Space between title, text and values (mm).")
    write_in_lines: int = Field(
        4, ge=0, le=30, description="Blank lines drawn where a text is unknown (classic stack)."
    )
    sheet: SheetSection = Field(SheetSection(), description="Print settings of the sheet.")
    elements: list[Element] | None = Field(
        None, description="The front face as placed elements, drawn in order; replaces the classic stack."
    )
    back_face_elements: list[Element] | None = Field(
        None, description="Individual back faces (double-sided tiles) as elements; default: `elements`."
    )
    back_elements: list[Element] | None = Field(
        None, description="Shared backs as elements (they bind title, color, image, name)."
    )


class Layout(LayoutFile):
    """A layout with its `extends` chain merged and every default filled: what the renderers read."""

    name: str = Field("basic-card", description="The layout's name.")

    @property
    def has_elements(self) -> bool:
        """True when the layout draws any face with elements."""
        return any(getattr(self, key) is not None for key in ("elements", "back_face_elements", "back_elements"))


def json_schema() -> dict:
    """The JSON Schema of a layout file."""
    schema = LayoutFile.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Rulepress card layout"
    return schema
