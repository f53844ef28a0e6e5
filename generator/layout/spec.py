"""The schema of a layout file (templates/layouts/*.yaml, <game>/layouts/*.yaml).

Every key is optional in one file: a layout that `extends` another gives only what
it changes. The classic keys (title, text, values, mark, back, frame, gap) style the
default title/text/values stack; `elements` replaces that stack by placed elements
(see `rulepress.layout.elements`), `back_elements` draws the shared backs and
`back_face_elements` the individual back faces of double-sided tiles. The JSON
Schema (`rulepress schema --layout`) comes from these classes.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rulepress.layout.elements import Element

Color = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="A colour as #rrggbb.")]


class Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TextStyle(Part):
    """Style of one part of the classic stack."""

    font: str | None = Field(None, description="Font name (bundled or one of the game's `fonts`).")
    size: float | None = Field(None, gt=0, le=400, description="Font size in pt.")
    min_size: float | None = Field(None, gt=0, description="Smallest size auto-shrink may use (pt).")
    leading: float | None = Field(None, gt=0, le=5, description="Line height, of the font size.")
    align: Literal["left", "center", "right"] | None = Field(None, description="Horizontal alignment.")
    valign: Literal["top", "middle", "bottom"] | None = Field(
        None, description="Vertical alignment (title alone on a face)."
    )
    color: Color | None = Field(None, description="Text colour.")
    default_color: Color | None = Field(
        None, description="Background of a shared back without its own colour (back only)."
    )


class FrameStyle(Part):
    """The accent frame just inside the safe zone of the classic stack."""

    width: float | None = Field(None, ge=0, description="Line width in pt.")
    color: Color | None = Field(None, description="Frame colour (the face colour replaces it).")


class SheetSection(Part):
    """Print settings of the sheet; build options override them."""

    marks: Literal["crop", "lines", "none"] | None = Field(
        None, description="crop (marks outside the bleed), lines (cut lines on the trim), none."
    )
    gap: Literal["spaced", "butted"] | None = Field(
        None,
        description="spaced: cards apart by twice the bleed, each with its own bleed; butted: cards touch and share cut lines.",
    )
    mark_length: float | None = Field(None, gt=0, description="Longest crop mark in mm.")
    min_mark_length: float | None = Field(None, gt=0, description="Shortest crop mark in mm.")
    mark_offset: float | None = Field(None, ge=0, description="Distance between the bleed edge and a crop mark in mm.")
    page_clearance: float | None = Field(None, ge=0, description="Crop marks stay this far from the page edge (mm).")
    safe_guide: bool | None = Field(None, description="Draw the safe zone as a dashed line.")
    orientation: Literal["portrait", "landscape", "auto"] | None = Field(None, description="Page orientation.")
    flip: Literal["long", "short"] | None = Field(None, description="Duplex binding edge.")
    offset: tuple[float, float] | None = Field(None, description="Back page shift in mm (x right, y down).")


class SizeSpec(Part):
    width: float = Field(gt=0, le=2000, description="Width in mm.")
    height: float = Field(gt=0, le=2000, description="Height in mm.")


class LayoutFile(Part):
    """One layout file."""

    extends: str | None = Field(
        None, description="Name of the layout this one builds on; its keys are merged under these."
    )
    size: str | SizeSpec | None = Field(
        None, description="Default size preset (or width/height) of components using the layout."
    )
    shape: Literal["rect", "circle"] | None = Field(None, description="rect or circle (round tokens).")
    corner_radius: float | None = Field(None, ge=0, description="Rounded corners of the trim outline in mm.")
    bleed: float | None = Field(None, ge=0, le=20, description="How far the background runs past the trim (mm).")
    safe: float | None = Field(None, ge=0, description="Texts of the classic stack stay this far inside the trim (mm).")
    background: Color | None = Field(None, description="Card background (classic stack).")
    frame: FrameStyle | None = Field(None, description="Accent frame (classic stack).")
    title: TextStyle | None = Field(None, description="Title style (classic stack).")
    text: TextStyle | None = Field(None, description="Body text style (classic stack).")
    values: TextStyle | None = Field(None, description="Value lines style (classic stack).")
    mark: TextStyle | None = Field(
        None, description="Style of the provenance mark (reconstructed / unknown), also used with elements."
    )
    back: TextStyle | None = Field(None, description="Style of a shared back's title (classic back).")
    gap: float | None = Field(None, ge=0, description="Space between title, text and values (mm).")
    write_in_lines: int | None = Field(
        None, ge=0, le=30, description="Blank lines drawn where a text is unknown (classic stack)."
    )
    sheet: SheetSection | None = Field(None, description="Print settings of the sheet.")
    elements: list[Element] | None = Field(
        None, description="The front face as placed elements, drawn in order; replaces the classic stack."
    )
    back_face_elements: list[Element] | None = Field(
        None, description="Individual back faces (double-sided tiles) as elements; default: `elements`."
    )
    back_elements: list[Element] | None = Field(
        None, description="Shared backs as elements (they bind title, color, image, name)."
    )


def json_schema() -> dict:
    """The JSON Schema of a layout file."""
    schema = LayoutFile.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Rulepress card layout"
    return schema
