"""Letters as vector outlines: a text row turned into a ReportLab path of its glyph shapes.

Used where letters must be drawn but must not be text, such as the halo stroked
behind a board label: drawn as text, the halo would be a second copy of the
label, and copying the label out of the PDF would give every letter twice.
Glyphs come from the font file through fontTools and are placed the way
ReportLab places text (each character's advance width, no kerning), so the
outline lies exactly under the letters drawn with ``drawString``.
"""

from __future__ import annotations

from functools import cache

from fontTools.pens.basePen import BasePen


@cache
def _font(filename: str):
    """(glyph set, cmap, units per em) of a TrueType file."""
    from fontTools.ttLib import TTFont

    font = TTFont(filename, lazy=True)
    return font.getGlyphSet(), font.getBestCmap(), font["head"].unitsPerEm


@cache
def _memory_font(font_name: str):
    """(glyph set, cmap, units per em) of a registered font read from memory (the icon font), or None."""
    import io

    from fontTools.ttLib import TTFont
    from reportlab.pdfbase import pdfmetrics

    data = getattr(pdfmetrics.getFont(font_name).face, "_ttf_data", None)
    if not isinstance(data, bytes):
        return None
    font = TTFont(io.BytesIO(data))
    return font.getGlyphSet(), font.getBestCmap(), font["head"].unitsPerEm


class _PathPen(BasePen):
    """A fontTools pen that draws one glyph, scaled and moved, into a ReportLab path."""

    def __init__(self, glyphs, path, scale: float, x: float, y: float):
        super().__init__(glyphs)
        self.path, self.scale, self.x, self.y = path, scale, x, y

    def _at(self, point) -> tuple[float, float]:
        return self.x + point[0] * self.scale, self.y + point[1] * self.scale

    def _moveTo(self, pt):
        self.path.moveTo(*self._at(pt))

    def _lineTo(self, pt):
        self.path.lineTo(*self._at(pt))

    def _curveToOne(self, pt1, pt2, pt3):
        self.path.curveTo(*self._at(pt1), *self._at(pt2), *self._at(pt3))

    def _closePath(self):
        self.path.close()


def font_file(font_name: str) -> str | None:
    """The TrueType file a registered ReportLab font was read from (None for one read from memory)."""
    from reportlab.pdfbase import pdfmetrics

    filename = getattr(pdfmetrics.getFont(font_name).face, "filename", None)
    return filename if isinstance(filename, str) and filename.lower().endswith((".ttf", ".otf")) else None


def text_outline(path, text: str, font_name: str, size: float, x: float, y: float) -> bool:
    """Add the outlines of `text` set in `font_name` at `size` pt, baseline starting at (x, y) pt, to `path`.

    Returns False (and adds nothing) when the font's data cannot be read; the caller then draws text instead."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    filename = font_file(font_name)
    found = _font(filename) if filename is not None else _memory_font(font_name)
    if found is None:
        return False
    glyphs, cmap, units = found
    scale = size / units
    for char in text:
        name = cmap.get(ord(char))
        if name is not None and name in glyphs:
            glyphs[name].draw(_PathPen(glyphs, path, scale, x, y))
        x += stringWidth(char, font_name, size)
    return True
