"""Fonts registered with ReportLab: the bundled DejaVu faces and a game's own TTF files.

Output never depends on the fonts of the machine: every PDF embeds these.
Bundled family names: 'Body' (DejaVu Sans with bold/italic) and 'Condensed'.
A game declares its own fonts in game.yaml (`fonts: [{name: Title, file: fonts/x.ttf}]`);
`register_game_fonts` registers them under a name made unique by the file's hash
(two games may both call a font 'Title') and returns layout name -> registered name.
Glyph coverage is checked the same way for both.
"""

from __future__ import annotations

from functools import cache

from rulepress.paths import FONTS

FACES = {
    "Body": "DejaVuSans.ttf",
    "Body-Bold": "DejaVuSans-Bold.ttf",
    "Body-Italic": "DejaVuSans-Oblique.ttf",
    "Body-BoldItalic": "DejaVuSans-BoldOblique.ttf",
    "Condensed": "DejaVuSansCondensed.ttf",
    "Condensed-Bold": "DejaVuSansCondensed-Bold.ttf",
}


@cache
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


@cache
def font_path(name: str) -> str:
    """File of a bundled font face (for Pillow and glyph checks)."""
    return str(FONTS / FACES[name])


@cache
def coverage(name: str = "Body") -> frozenset[int]:
    """Code points the font has glyphs for (a bundled face, or a registered game font)."""
    from reportlab.pdfbase import pdfmetrics

    if name in FACES:
        from reportlab.pdfbase.ttfonts import TTFontFile

        return frozenset(TTFontFile(font_path(name)).charToGlyph.keys())
    return frozenset(pdfmetrics.getFont(name).face.charToGlyph.keys())


class FontFileError(ValueError):
    """A declared font file that ReportLab cannot use (`part`: the key naming it, ``file`` or ``bold``)."""

    def __init__(self, message: str, part: str = "file"):
        super().__init__(message)
        self.part = part


@cache
def _register_file(path: str, digest: str, name: str) -> str:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    try:
        pdfmetrics.registerFont(TTFont(name, path))
    except TTFError as exc:
        raise FontFileError(
            f"cannot use font file: {exc} (TrueType outlines are needed; an .otf with "
            f"PostScript/CFF outlines does not embed)"
        ) from None
    except Exception as exc:  # a damaged or cut-off file: ReportLab reads past its end (struct.error, IndexError)
        raise FontFileError(f"cannot read font file: it is damaged or cut off ({type(exc).__name__}: {exc})") from None
    return name


def register_game_fonts(folder, declared) -> dict[str, str]:
    """Register a game's `fonts` (FontFile list); returns layout font name -> registered font name.

    FontFileError for a missing or unusable file (the caller locates it in game.yaml)."""
    import hashlib
    from pathlib import Path

    from reportlab.lib.fonts import addMapping

    register()
    result = {}
    for decl in declared:
        names = {}
        for part, file in (("regular", decl.file), ("bold", decl.bold)):
            if file is None:
                continue
            key = "bold" if part == "bold" else "file"
            path = Path(folder) / file
            if not path.resolve().is_relative_to(Path(folder).resolve()):
                raise FontFileError(f"font file {file!r} is outside the game folder", key)
            if not path.is_file():
                raise FontFileError(f"font file {file!r} not found in the game folder", key)
            digest = hashlib.sha256(path.read_bytes()).hexdigest()[:10]
            try:
                names[part] = _register_file(
                    str(path), digest, f"{decl.name}{'Bold' if part == 'bold' else ''}_{digest}"
                )
            except FontFileError as exc:
                raise FontFileError(str(exc), key) from None
        regular, bold = names["regular"], names.get("bold", names["regular"])
        for b, i, face in ((0, 0, regular), (1, 0, bold), (0, 1, regular), (1, 1, bold)):
            addMapping(regular, b, i, face)
        result[decl.name] = regular
    return result


def missing_glyphs(text: str, name: str = "Body") -> list[str]:
    """Characters of `text` the font cannot draw (whitespace and control characters ignored)."""
    have = coverage(name)
    return sorted({ch for ch in text if not ch.isspace() and ord(ch) >= 32 and ord(ch) not in have})
