"""What drawing one face needs: the canvas, the card's size, its bound data, fonts, icons, pictures."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from rulepress.layout.geometry import Rect
from rulepress.layout.paper import MM
from rulepress.text.icons import Icon

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from rulepress.draw.pictures import Pictures
    from rulepress.layout.face import FaceContent


class FaceError(Exception):
    """A face that cannot be drawn (text too long, unknown icon, missing picture); `bound`: the one card
    reference the failing element shows (``("text",)``, ``("values", "cost")``), if it shows just one."""

    def __init__(self, message: str, bound: tuple[str, ...] = ()):
        super().__init__(message)
        self.message = message
        self.bound = bound


@dataclass(kw_only=True)
class Context:
    c: Canvas  # ReportLab canvas; origin at the trim's bottom-left corner (points)
    w: float  # trim width, mm
    h: float  # trim height, mm
    bleed: float
    data: dict[str, str]
    folder: Path | None = None
    fonts: dict[str, str] = field(default_factory=dict)  # layout font name -> registered name (game fonts)
    icons: dict[str, Icon] = field(default_factory=dict)
    pictures: Pictures | None = None  # render.pictures.Pictures, or None to draw through ReportLab
    outlines: dict[str, tuple] = field(default_factory=dict)  # space id (and board/space) -> polygons
    markup: Callable[[str], str] = str  # Markdown -> paragraph markup
    write_in: bool = False  # the card's text is unknown
    lang: str | None = None  # the language of the face's texts (their hyphenation points)
    small_print: float = 0.0  # pt: text smaller is drawn as grey lines, icons as outlines (faces shrunk for print)
    face: FaceContent | None = None  # the face's texts as the `stack` element sets them

    def points(self, box: Rect) -> tuple[float, float, float, float]:
        """x, y (bottom-left), width, height in points of a box in mm from the trim's top-left."""
        return box.x * MM, (self.h - box.bottom) * MM, box.w * MM, box.h * MM

    def point(self, x: float, y: float) -> tuple[float, float]:
        return x * MM, (self.h - y) * MM

    def font(self, name: str) -> str:
        return self.fonts.get(name, name)

    def hex(self, value: str | None, what: str) -> str | None:
        """A bound colour as #rrggbb (None for none); FaceError when it is not a colour."""
        import re

        from rulepress.layout.binding import render

        if value is None:
            return None
        shown = render(value, self.data)
        if not shown:
            return None
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", shown):
            raise FaceError(f"{what} {value!r} gives {shown!r}, not a colour #rrggbb")
        return shown

    def color(self, value: str | None, what: str):
        """A bound colour as a ReportLab colour (None for none)."""
        from reportlab.lib.colors import HexColor

        shown = self.hex(value, what)
        return HexColor(shown) if shown else None
