"""The styles of the classic stack's parts (title, text, values, provenance mark, a shared back's title) and of
its frame, each with its defaults: one class per part, so every default is declared once. Layout files
(`rulepress.layout.spec`) and the `stack` element (`rulepress.layout.elements.stack`) both use them."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Color = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="A colour as #rrggbb.")]


class Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TextStyle(Part):
    """Style of one part of the classic stack (the body text's defaults; each part has its own)."""

    font: str = Field("Body", description="Font name (bundled or one of the game's `fonts`).")
    size: float = Field(8.5, gt=0, le=400, description="Font size in pt.")
    min_size: float | None = Field(5.5, gt=0, description="Smallest size auto-shrink may use (pt); none: `size`.")
    leading: float = Field(1.2, gt=0, le=5, description="Line height, of the font size.")
    align: Literal["left", "center", "right"] = Field("left", description="Horizontal alignment.")
    valign: Literal["top", "middle", "bottom"] = Field("top", description="Vertical alignment (title alone on a face).")
    color: Color = Field("#111111", description="Text colour.")
    default_color: Color | None = Field(
        None, description="Background of a shared back without its own colour (back only)."
    )

    @property
    def smallest(self) -> float:
        """The smallest size the text may shrink to."""
        return self.min_size if self.min_size is not None else self.size


class TitleStyle(TextStyle):
    """The title's style: bold, centred."""

    font: str = Field("Body-Bold", description="Font name (bundled or one of the game's `fonts`).")
    size: float = Field(11, gt=0, le=400, description="Font size in pt.")
    min_size: float | None = Field(6, gt=0, description="Smallest size auto-shrink may use (pt); none: `size`.")
    align: Literal["left", "center", "right"] = Field("center", description="Horizontal alignment.")


class ValuesStyle(TextStyle):
    """The value lines' style: condensed."""

    font: str = Field("Condensed", description="Font name (bundled or one of the game's `fonts`).")
    size: float = Field(8, gt=0, le=400, description="Font size in pt.")


class MarkStyle(TextStyle):
    """The provenance mark's style: small red italics, at the 6 pt a player still reads."""

    font: str = Field("Body-Italic", description="Font name (bundled or one of the game's `fonts`).")
    size: float = Field(6, gt=0, le=400, description="Font size in pt.")
    min_size: float | None = Field(None, gt=0, description="Smallest size auto-shrink may use (pt); none: `size`.")
    color: Color = Field("#b02020", description="Text colour.")


class BackStyle(TextStyle):
    """A shared back's title: bold white on the back's colour."""

    font: str = Field("Body-Bold", description="Font name (bundled or one of the game's `fonts`).")
    size: float = Field(14, gt=0, le=400, description="Font size in pt.")
    min_size: float | None = Field(7, gt=0, description="Smallest size auto-shrink may use (pt); none: `size`.")
    color: Color = Field("#ffffff", description="Text colour.")
    default_color: Color = Field(  # a back always has one
        "#666666", description="Background of a shared back without its own colour (back only)."
    )


class FrameStyle(Part):
    """The accent frame just inside the safe zone of the classic stack."""

    width: float = Field(1.2, ge=0, description="Line width in pt.")
    color: Color = Field("#555555", description="Frame colour (the face colour replaces it).")
