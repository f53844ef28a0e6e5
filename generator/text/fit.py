"""Fitting a paragraph into a box: auto-shrink from the layout's size down to a minimum.

Works on ReportLab paragraph markup (see `generator.text.markup.inline`). The
size goes down in half-point steps; if the text is still too large at the
minimum, `Overflow` is raised and the caller turns it into a ContentError that
names the card.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.layout.paper import MM
from generator.text import fonts

STEP = 0.5  # pt


class Overflow(ValueError):
    """The text does not fit even at the minimum size."""


@dataclass
class Fitted:
    paragraph: object  # reportlab Paragraph, already wrapped
    size: float  # pt
    width: float  # mm, the wrapped width
    height: float  # mm, the wrapped height


def _family(font: str) -> str:
    """The family name that carries the bold/italic mapping of a face name."""
    return font.split("-")[0]


def paragraph(markup: str, font: str, size: float, leading: float = 1.2, align: str = "left", color: str = "#000000"):
    """A ReportLab Paragraph in one of the bundled fonts."""
    from reportlab.lib.colors import HexColor
    from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    fonts.register()
    bold = font.endswith("-Bold")
    style = ParagraphStyle("fit", fontName=_family(font), fontSize=size, leading=size * leading,
                           alignment={"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}[align],
                           textColor=HexColor(color))
    text = f"<b>{markup}</b>" if bold else markup
    return Paragraph(text, style)


def fit(markup: str, width: float, height: float, font: str, size: float, min_size: float,
        leading: float = 1.2, align: str = "left", color: str = "#000000") -> Fitted:
    """The largest size from `size` down to `min_size` at which `markup` fits `width` x `height` mm."""
    current = size
    while True:
        para = paragraph(markup, font, current, leading, align, color)
        w, h = para.wrap(width * MM, 10_000)
        widest = max((line_width(para)), default=0)
        if h <= height * MM + 0.01 and widest <= width * MM + 0.01:
            return Fitted(para, current, w / MM, h / MM)
        if current <= min_size:
            raise Overflow(f"text does not fit {width:.1f} x {height:.1f} mm even at {min_size:g} pt "
                           f"(needs {h / MM:.1f} mm height)")
        current = max(min_size, current - STEP)


def line_width(para) -> list[float]:
    """Widths (pt) of the wrapped lines; a single unbreakable word wider than the box shows up here."""
    lines = getattr(para.blPara, "lines", [])
    widths = []
    for line in lines:
        if isinstance(line, tuple):  # simple lines: (extra space, words)
            widths.append(para.width - line[0])
        else:
            widths.append(para.width - getattr(line, "extraSpace", 0))
    return widths
