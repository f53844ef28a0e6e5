"""Drawing a `text` element: bind, convert Markdown, check glyphs, fit, align."""

from __future__ import annotations

from rulepress.layout.binding import render
from rulepress.layout.elements.text import TextElement, aligned_top
from rulepress.layout.geometry import Rect
from rulepress.layout.paper import MM
from rulepress.render.elements.context import Context, FaceError
from rulepress.text import fonts
from rulepress.text.fit import Overflow, fit
from rulepress.text.icons import UnknownIcon, plain_text


def draw(el: TextElement, box: Rect, ctx: Context) -> None:
    source = render(el.text, ctx.data)
    if not source.strip():
        if ctx.write_in and el.write_in_lines:
            _write_in(el, box, ctx)
        return
    font = ctx.font(el.font)
    try:
        missing = fonts.missing_glyphs(plain_text(source, ctx.icons), font)
        markup = ctx.markup(source)
    except UnknownIcon as exc:
        raise FaceError(str(exc)) from None
    if missing:
        shown = ", ".join(f"{ch!r} U+{ord(ch):04X}" for ch in missing)
        raise FaceError(f"font {el.font} has no glyph for {shown}")
    color = ctx.hex(el.color, "text colour") or "#000000"
    try:
        fitted = fit(markup, box.w, box.h, font, el.size, el.smallest, el.leading, el.align, color, ctx.lang)
    except Overflow as exc:
        raise FaceError(f"text {el.text!r}: {exc}") from None
    top = aligned_top(box.y, box.h, fitted.height, el.valign)
    fitted.draw(ctx.c, box.x * MM, (ctx.h - top - fitted.height) * MM, ctx.small_print)


def _write_in(el: TextElement, box: Rect, ctx: Context) -> None:
    from reportlab.lib.colors import HexColor

    step = min(6.0, box.h / (el.write_in_lines + 0.5))
    ctx.c.setStrokeColor(HexColor("#999999"))
    ctx.c.setLineWidth(0.4)
    for i in range(1, el.write_in_lines + 1):
        y = box.y + i * step
        ctx.c.line(*ctx.point(box.x, y), *ctx.point(box.right, y))
