"""Drawing a `text` element: bind, convert Markdown, check glyphs, fit, align."""

from __future__ import annotations

from rulepress.draw.elements.context import Context, FaceError
from rulepress.layout.binding import REF, render
from rulepress.layout.boardgeom import PT
from rulepress.layout.elements.text import TextElement, aligned_top
from rulepress.layout.geometry import Rect
from rulepress.layout.paper import MM
from rulepress.text import fonts
from rulepress.text.fit import Overflow, fit, offset
from rulepress.text.icons import UnknownIcon, plain_text

BLANK = r"\_\_\_\_"  # Markdown for the write-in blank an unknown value prints as inside a text


def _bound(el: TextElement, ctx: Context) -> tuple[str, bool]:
    """The element's text with its references filled, and whether the whole element is one unknown value (drawn
    as a write-in field). An unknown value inside a text ("Military points: {values.military}") prints as a
    blank to fill in, never as a bare "?"."""
    marked = ctx.face.unknown if ctx.face is not None else frozenset()
    unknown = [r for r in REF.findall(el.text) if r in marked]
    if not unknown:
        return render(el.text, ctx.data), False
    if el.text.strip() == "{" + unknown[0] + "}":
        return "", True
    return render(el.text, dict(ctx.data, **dict.fromkeys(unknown, BLANK))), False


def draw(el: TextElement, box: Rect, ctx: Context) -> None:
    source, write_in = _bound(el, ctx)
    if write_in:
        _write_in_field(el, box, ctx)
        return
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


def _write_in_field(el: TextElement, box: Rect, ctx: Context) -> None:
    """A value the content does not know: a line to write it on, as wide as two large digits, where the value
    would stand (the card's mark says the value is unknown)."""
    from reportlab.lib.colors import HexColor

    width = min(box.w * 0.8, el.size * 1.3 * PT)  # about two digits of the element's size, in mm
    left = box.x + offset(el.align, box.w, width)
    digits = el.size * 0.9 * PT  # mm: the height the value's digits would take
    y = min(box.bottom - 1.0, aligned_top(box.y, box.h, digits, el.valign) + digits)
    ctx.c.saveState()
    ctx.c.setStrokeColor(HexColor("#8a8a8a"))
    ctx.c.setLineWidth(0.6)
    ctx.c.line(*ctx.point(left, y), *ctx.point(left + width, y))
    ctx.c.restoreState()
