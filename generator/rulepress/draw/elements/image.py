"""Drawing an `image` element: PNG/JPEG through `Pictures` (data unchanged), SVG through svglib."""

from __future__ import annotations

from pathlib import Path

from rulepress.draw.elements.context import Context, FaceError
from rulepress.draw.pictures import PictureError, draw_picture, picture_size
from rulepress.layout.binding import render
from rulepress.layout.elements.image import ImageElement, placed
from rulepress.layout.geometry import Rect


def draw(el: ImageElement, box: Rect, ctx: Context) -> None:
    src = render(el.src, ctx.data).strip()
    if not src:
        return
    if ctx.folder is None:
        raise FaceError(f"image {src!r}: no game folder to read it from")
    path = Path(ctx.folder) / src
    try:
        width, height = picture_size(path)
        where = placed(box, width, height, el.fit)
        c = ctx.c
        c.saveState()
        if el.fit == "cover":
            clip = c.beginPath()
            clip.rect(*ctx.points(box))
            c.clipPath(clip, stroke=0, fill=0)
        draw_picture(c, path, *ctx.points(where), ctx.pictures)
        c.restoreState()
    except PictureError as exc:
        raise FaceError(f"image {src!r} {exc}") from None
