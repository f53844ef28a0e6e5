"""Paper sizes and unit conversion. Geometry elsewhere is in millimetres with the
origin at the top-left of the page; `to_pdf_y` converts to PDF's bottom-left origin."""

from __future__ import annotations

from dataclasses import dataclass

MM = 72.0 / 25.4  # PDF points per millimetre
PRINTABLE_MARGIN = 5.0  # mm at each page edge that most home printers cannot print: marks and text stay out


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # mm
    height: float  # mm

    def oriented(self, orientation: str) -> Paper:
        """This paper turned to 'portrait' or 'landscape'."""
        short, long = sorted((self.width, self.height))
        if orientation == "landscape":
            return Paper(self.name, long, short)
        return Paper(self.name, short, long)

    @property
    def points(self) -> tuple[float, float]:
        return self.width * MM, self.height * MM


PAPERS = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
    "a3": Paper("a3", 297.0, 420.0),
    "a2": Paper("a2", 420.0, 594.0),
    "a1": Paper("a1", 594.0, 841.0),
    "tabloid": Paper("tabloid", 279.4, 431.8),
}


def mm(value: float) -> float:
    """Millimetres to PDF points."""
    return value * MM


def to_pdf_y(y_top_mm: float, height_mm: float, page_height_mm: float) -> float:
    """PDF y (points, bottom-left origin) of a box whose top edge is `y_top_mm` from the page top."""
    return (page_height_mm - y_top_mm - height_mm) * MM
