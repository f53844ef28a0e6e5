"""SVG icons turned into one TrueType font, so icons are text: vectors that sit on the baseline.

Every SVG icon a game can use (the bundled game-icons.net set in
templates/icons/game-icons/, and the game's own ``<game>/icons/*.svg``) becomes a
glyph of a small font built in memory with fontTools, at a Private Use Area code
point (U+E000 on, in name order). Inline ``:name:`` in a card text and the `icon`
layout element both draw that glyph: it takes the text's colour and size, and the
PDF embeds only the glyphs used. Icons are one colour (like any icon font); the
outline of every path, rect, circle and polygon of the SVG is filled.

Glyph geometry: the SVG view box is scaled to `EXTENT` of the em, from `BELOW`
under the baseline, centred in an advance of one em.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

from rulepress.errors import ContentError
from rulepress.model.sourcefile import display_path, read_bytes
from rulepress.paths import ICONS

UPM = 1000
EXTENT = 0.9  # glyph height, of the em
BELOW = 0.12  # how far the glyph reaches under the baseline, of the em
FIRST = 0xE000
LICENSE_FILES = ("LICENSE.txt",)


@dataclass(frozen=True)
class IconFont:
    """A built icon font: its ReportLab name, the code point of each icon, the TTF bytes' digest."""

    name: str
    codes: tuple[tuple[str, int], ...]
    digest: str

    def char(self, icon: str) -> str | None:
        for name, code in self.codes:
            if name == icon:
                return chr(code)
        return None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(n for n, _ in self.codes)


def icon_files(game_folder: Path | None) -> dict[str, Path]:
    """Icon name -> SVG file: the bundled sets, then the sets a game added (``icons/<set>/*.svg``, such as
    `rulepress icons add` writes), then the game's own ``icons/*.svg`` (which win)."""
    found: dict[str, Path] = {}
    for folder in sorted(p for p in ICONS.iterdir() if p.is_dir()) if ICONS.is_dir() else []:
        for svg in sorted(folder.glob("*.svg")):
            found[svg.stem] = svg
    own = Path(game_folder) / "icons" if game_folder is not None else None
    if own is not None and own.is_dir():
        for svg in sorted(own.glob("*/*.svg")):
            found[svg.stem] = svg
        for svg in sorted(own.glob("*.svg")):
            found[svg.stem] = svg
    return found


def credit_sections(files: dict[str, Path], used: set[str]) -> list[tuple[str, list[str]]]:
    """(licence notice, icons) per icon folder the `used` icons come from: a set's LICENSE.txt, or for
    icons without one (a game's own drawings) a line saying whose they are and that no licence is given.
    Folders with the same notice (the bundled game-icons and those a game added) make one section."""
    sections: dict[str, list[str]] = {}
    for folder in sorted({files[name].parent for name in used if name in files}):
        names = sorted(name for name in used if name in files and files[name].parent == folder)
        licence = next((folder / f for f in LICENSE_FILES if (folder / f).is_file()), None)
        if licence is not None:
            notice = licence.read_text(encoding="utf-8").strip()
        else:
            notice = (
                f"Icons of the game itself ({folder.parent.name}/{folder.name}/): no licence notice given "
                f"(add {folder.name}/LICENSE.txt naming their author and licence)."
            )
        sections[notice] = sorted(sections.get(notice, []) + names)
    return list(sections.items())


def attributions(files: dict[str, Path], used: set[str]) -> list[str]:
    """The licence notices of the icon sets the `used` icons come from (one per set)."""
    notices = []
    for folder in sorted({files[name].parent for name in used if name in files}):
        for licence in LICENSE_FILES:
            if (folder / licence).is_file():
                notices.append((folder / licence).read_text(encoding="utf-8").strip())
    return notices


MAX_POINTS = 65_535  # points of one TrueType glyph


class IconError(ValueError):
    """An SVG that cannot be turned into a glyph (`name`: the icon's, once known)."""

    def __init__(self, message: str, name: str = ""):
        super().__init__(message)
        self.name = name


def svg_glyph(svg: bytes):
    """The TrueType glyph and advance of one SVG."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.svgLib.path import SVGPath

    try:
        path = SVGPath.fromstring(svg)
    except Exception as exc:  # noqa: BLE001 - lxml/ElementTree parse errors of a user's file
        raise IconError(f"not a readable SVG ({exc})") from None
    view = path.root.get("viewBox")
    if view:
        x0, y0, vw, vh = (float(v) for v in view.replace(",", " ").split())
    else:
        x0, y0 = 0.0, 0.0
        vw = float(str(path.root.get("width", "512")).rstrip("px"))
        vh = float(str(path.root.get("height", "512")).rstrip("px"))
    scale = EXTENT * UPM / max(vw, vh)
    dx = (UPM - vw * scale) / 2
    # SVG y runs down, font y up: flip, and put the box's bottom BELOW the baseline
    transform = (scale, 0, 0, -scale, dx - x0 * scale, (EXTENT - BELOW) * UPM + y0 * scale)
    pen = TTGlyphPen(None)
    try:
        path.draw(TransformPen(Cu2QuPen(pen, 1.0, reverse_direction=True), transform))
    except Exception as exc:  # noqa: BLE001 - malformed path data
        raise IconError(f"SVG path data cannot be read ({exc})") from None
    drawn = pen.glyph()
    points = len(drawn.coordinates) if drawn.numberOfContours else 0
    if points > MAX_POINTS:  # a TrueType glyph counts its points in 16 bits (fontTools' OverflowError)
        raise IconError(f"too detailed for an icon: {points} points, at most {MAX_POINTS} (simplify the drawing)")
    return drawn


FONT_DATE = 3_786_912_000  # 2024-01-01 in seconds since 1904-01-01, the epoch of a font's head table


def build(svgs: tuple[tuple[str, bytes], ...], family: str) -> bytes:
    """TTF bytes of a font with one glyph per (name, svg), at FIRST, FIRST + 1, ... in the given order."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    order = [".notdef", "space"] + [f"icon{i}" for i in range(len(svgs))]
    empty = TTGlyphPen(None).glyph()
    glyphs = {".notdef": empty, "space": TTGlyphPen(None).glyph()}
    cmap = {0x20: "space"}
    for i, (name, data) in enumerate(svgs):
        try:
            glyphs[f"icon{i}"] = svg_glyph(data)
        except IconError as exc:
            raise IconError(str(exc), name) from None
        cmap[FIRST + i] = f"icon{i}"
    fb = FontBuilder(UPM, isTTF=True)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap(cmap)
    fb.setupGlyf(glyphs)
    metrics = {}
    for g in order:  # the left side bearing must equal the glyph's xMin: renderers place outlines by it
        glyph = glyphs[g]
        if glyph.numberOfContours:
            glyph.recalcBounds(None)
        metrics[g] = (
            UPM if g.startswith("icon") else UPM // 3,
            getattr(glyph, "xMin", 0) if glyph.numberOfContours else 0,
        )
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=int((EXTENT - BELOW) * UPM), descent=-int(BELOW * UPM))
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2(
        sTypoAscender=int((EXTENT - BELOW) * UPM),
        sTypoDescender=-int(BELOW * UPM),
        usWinAscent=int((EXTENT - BELOW) * UPM),
        usWinDescent=int(BELOW * UPM),
        fsType=0,
    )
    fb.setupPost()
    # fixed dates (same icons, same bytes); 0 would be 1904, which font readers warn about
    fb.setupHead(unitsPerEm=UPM, created=FONT_DATE, modified=FONT_DATE)
    out = io.BytesIO()
    fb.save(out)
    return out.getvalue()


# The icon fonts registered with ReportLab in this process, by their icons' digest: ReportLab's font registry
# is the process's, so this mirrors it (a font is built, or read from a cache, once per process).
_REGISTERED: dict[str, IconFont] = {}


def _register(svgs: tuple[tuple[str, bytes], ...], digest: str, kept: Path | None) -> IconFont:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from rulepress.store import Store
    from rulepress.version import code_version

    name = f"Icons{digest[:10]}"
    store = Store(kept, code_version(), "files") if kept is not None else None
    data = store.get(digest) if store is not None else None
    if data is None:
        data = build(svgs, name)
        if store is not None:
            store.put(digest, data)
    if store is not None:
        store.save()
    pdfmetrics.registerFont(TTFont(name, io.BytesIO(data)))
    return IconFont(name, tuple((n, FIRST + i) for i, (n, _) in enumerate(svgs)), digest)


def icon_font(game_folder: Path | None, kept: Path | None = None) -> IconFont:
    """The icon font of a game (bundled icons plus its own), built and registered with ReportLab once per
    process; `kept`: a cache folder (`rulepress.store`, kind "files") holding the font's bytes by its icons'
    digest, so a new process need not build it again."""
    files = icon_files(game_folder)
    svgs = tuple((name, read_bytes(files[name], display_path(files[name]))) for name in sorted(files))  # <= 4 MiB
    digest = hashlib.sha256(b"".join(n.encode() + b"\0" + d for n, d in svgs)).hexdigest()
    if digest not in _REGISTERED:
        try:
            _REGISTERED[digest] = _register(svgs, digest, kept)
        except IconError as exc:  # every card's icon font holds every icon of the game: one error, at the file
            shown = display_path(files[exc.name])
            raise ContentError(
                shown, f"{exc}: every card's icon font holds this icon; fix or remove the file"
            ) from None
    return _REGISTERED[digest]
