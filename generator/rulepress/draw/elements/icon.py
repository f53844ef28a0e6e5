"""Drawing an `icon` element: one icon or a row, each a character of the icon font in a square cell."""

from __future__ import annotations

from rulepress.draw.elements.context import Context, FaceError
from rulepress.layout.binding import render
from rulepress.layout.elements.icon import IconElement, cells, repeat_count
from rulepress.layout.geometry import Rect
from rulepress.text.iconfont import BELOW, EXTENT

GLYPH_SCALE = 1.15  # a glyph icon of a text font: size that fills a cell (its ink is smaller than the em)


def draw(el: IconElement, box: Rect, ctx: Context) -> None:
    name = render(el.icon, ctx.data).strip()
    if not name:
        return
    icon = ctx.icons.get(name)
    if icon is None:
        raise FaceError(f"unknown icon {name!r}; icons: {', '.join(sorted(ctx.icons))}")
    try:
        count = repeat_count(render(str(el.repeat), ctx.data)) if isinstance(el.repeat, str) else el.repeat
    except ValueError as exc:
        if render(str(el.repeat), ctx.data).strip() in ("", "?"):
            return  # an unknown number draws no icons; the card's mark says it is unknown
        raise FaceError(str(exc)) from None
    color = ctx.color(el.color, "icon colour")
    c = ctx.c
    if color is not None:
        c.setFillColor(color)
    for cell in cells(box, count, el.size, el.gap, el.direction, el.align):
        x, y, w, h = ctx.points(cell)
        if icon.font is not None:
            size = h / EXTENT
            _glyph(ctx, icon.font, size, x + w / 2, y + BELOW * size, icon.char)
        else:
            size = h * GLYPH_SCALE
            _glyph(ctx, ctx.font("Body"), size, x + w / 2, y + h * 0.12, icon.char)


def _glyph(ctx: Context, font: str, size: float, x: float, y: float, char: str) -> None:
    """One icon centred on x at baseline y (points): a character, or under `ctx.small_print` its outline
    (an icon is a picture: shrunk for print it stays a shape, not text too small to read)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from rulepress.text.outlines import text_outline

    c = ctx.c
    if size < ctx.small_print:
        path = c.beginPath()
        if text_outline(path, char, font, size, x - stringWidth(char, font, size) / 2, y):
            c.drawPath(path, stroke=0, fill=1)
        else:  # a font known only from memory: a dot where the icon stands
            c.circle(x, y + size * 0.35, size * 0.35, stroke=0, fill=1)
        return
    c.setFont(font, size)
    c.drawCentredString(x, y, char)
