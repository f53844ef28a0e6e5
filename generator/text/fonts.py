"""The bundled fonts (DejaVu, open licence, in templates/fonts/) registered with ReportLab.

Output never depends on the fonts of the machine: every PDF embeds these.
Family names: 'Body' (DejaVu Sans with bold/italic) and 'Condensed'.
"""

from __future__ import annotations

from functools import lru_cache

from rulepress.paths import FONTS

FACES = {
    "Body": "DejaVuSans.ttf",
    "Body-Bold": "DejaVuSans-Bold.ttf",
    "Body-Italic": "DejaVuSans-Oblique.ttf",
    "Body-BoldItalic": "DejaVuSans-BoldOblique.ttf",
    "Condensed": "DejaVuSansCondensed.ttf",
    "Condensed-Bold": "DejaVuSansCondensed-Bold.ttf",
}


@lru_cache(maxsize=None)
def register() -> tuple[str, ...]:
    """Register the bundled fonts with ReportLab once; returns the font names."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, file in FACES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONTS / file)))
    addMapping("Body", 0, 0, "Body")
    addMapping("Body", 1, 0, "Body-Bold")
    addMapping("Body", 0, 1, "Body-Italic")
    addMapping("Body", 1, 1, "Body-BoldItalic")
    addMapping("Condensed", 0, 0, "Condensed")
    addMapping("Condensed", 1, 0, "Condensed-Bold")
    addMapping("Condensed", 0, 1, "Condensed")
    addMapping("Condensed", 1, 1, "Condensed-Bold")
    return tuple(FACES)


@lru_cache(maxsize=None)
def font_path(name: str) -> str:
    """File of a bundled font face (for Pillow and glyph checks)."""
    return str(FONTS / FACES[name])


@lru_cache(maxsize=None)
def coverage(name: str = "Body") -> frozenset[int]:
    """Code points the font has glyphs for."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    return frozenset(TTFontFile(font_path(name)).charToGlyph.keys())


def missing_glyphs(text: str, name: str = "Body") -> list[str]:
    """Characters of `text` the font cannot draw (whitespace and control characters ignored)."""
    have = coverage(name)
    return sorted({ch for ch in text if not ch.isspace() and ord(ch) >= 32 and ord(ch) not in have})
