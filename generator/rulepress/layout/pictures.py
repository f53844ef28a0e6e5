"""Picture files as a layout sees them: their size, and whether Rulepress can read them.

`picture_size` gives a PNG's or JPEG's pixels or an SVG's units (PictureError when the file is missing,
broken or of another kind); `png_layout` reads a PNG's chunks (what `rulepress.draw.pictures` needs to
put its data into a PDF unchanged). Checking a layout (`rulepress.layout.check`) and drawing it both use
them.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class PictureError(ValueError):
    """A picture file that is missing or cannot be read."""


@dataclass(kw_only=True, frozen=True)
class PngLayout:
    """What a PNG holds, read from its chunks."""

    width: int
    height: int
    depth: int
    color_type: int
    interlace: int
    palette: bytes | None
    has_trns: bool
    idat: tuple[tuple[int, int], ...]  # (file offset, length) of each IDAT chunk's data

    @property
    def passthrough(self) -> bool:
        """True when PDF can use the IDAT data as it is."""
        if self.interlace or self.has_trns or self.depth != 8:
            return False
        return self.color_type in (0, 2) or (self.color_type == 3 and self.palette is not None)


def png_layout(path: Path) -> PngLayout:
    """The chunks of a PNG file; PictureError for a file that is not a complete PNG."""
    with open(path, "rb") as f:
        if f.read(8) != PNG_SIGNATURE:
            raise PictureError("not a PNG file")
        header, palette, trns, idat = None, None, False, []
        while True:
            head = f.read(8)
            if len(head) < 8:
                raise PictureError("PNG file is truncated (no IEND chunk)")
            length, kind = struct.unpack(">I4s", head)
            if kind == b"IHDR":
                header = struct.unpack(">IIBBBBB", f.read(13))
                f.seek(4, 1)
            elif kind == b"PLTE":
                palette = f.read(length)
                f.seek(4, 1)
            elif kind == b"tRNS":
                trns = True
                f.seek(length + 4, 1)
            elif kind == b"IDAT":
                idat.append((f.tell(), length))
                f.seek(length + 4, 1)
            elif kind == b"IEND":
                break
            else:
                f.seek(length + 4, 1)
    if header is None or not idat:
        raise PictureError("PNG file has no image data")
    width, height, depth, color_type, _, _, interlace = header
    return PngLayout(
        width=width,
        height=height,
        depth=depth,
        color_type=color_type,
        interlace=interlace,
        palette=palette,
        has_trns=trns,
        idat=tuple(idat),
    )


@lru_cache(maxsize=256)
def svg_drawing(path: str, mtime: float):
    from svglib.svglib import svg2rlg

    try:
        drawing = svg2rlg(path)
    except Exception as exc:  # noqa: BLE001 - lxml and svglib raise many kinds for a broken file
        raise PictureError(f"is not a readable SVG ({exc.__class__.__name__})") from None
    if drawing is None:
        raise PictureError("is not a readable SVG")
    return drawing


def picture_size(path: Path) -> tuple[float, float]:
    """Width and height of a picture (pixels, or SVG units); PictureError when it cannot be read."""
    path = Path(path)
    if not path.is_file():
        raise PictureError("is a dangling symbolic link" if path.is_symlink() else "is not found")
    if path.suffix.lower() == ".svg":
        drawing = svg_drawing(str(path), path.stat().st_mtime)
        return float(drawing.width), float(drawing.height)
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as im:
            if im.format not in ("PNG", "JPEG"):
                raise PictureError(f"is a {im.format} picture; use PNG, JPEG or SVG")
            return float(im.width), float(im.height)
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as exc:  # a bomb: too many pixels
        raise PictureError(
            "is not an image file Rulepress can read (PNG or JPEG)"
            if isinstance(exc, UnidentifiedImageError)
            else f"cannot be read: {exc}"
        ) from None
