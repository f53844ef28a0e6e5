"""Drawing a `stack` element: the face's title at the top, its text below, values and mark at the bottom."""

from __future__ import annotations

from rulepress.draw.elements.context import Context, FaceError
from rulepress.layout.elements.stack import StackElement
from rulepress.layout.face import FaceContent
from rulepress.layout.geometry import Rect
from rulepress.layout.paper import MM
from rulepress.layout.styles import TextStyle
from rulepress.text.fit import Overflow, fit

DESCENT = 0.3  # of the font size: room below the last baseline
UNKNOWN_COLOR = "#b02020"  # an unknown value in the value lines


def _values_markup(face: FaceContent) -> str:
    lines = []
    for v in face.values:
        value = f'<font color="{UNKNOWN_COLOR}"><i>{v.value}</i></font>' if v.unknown else f"<b>{v.value}</b>"
        lines.append(f"{v.label}: {value}")
    return "<br/>".join(lines)


def draw(el: StackElement, box: Rect, ctx: Context) -> None:
    face = ctx.face or FaceContent()
    c, gap = ctx.c, el.gap
    top, bottom = box.y, box.bottom  # mm from the trim top

    def fitted(part: str, markup: str, width: float, room: float, style: TextStyle, align: str | None = None):
        try:
            return fit(
                markup,
                width,
                room,
                ctx.font(style.font),
                style.size,
                style.smallest,
                style.leading,
                align or style.align,
                style.color,
                ctx.lang,
            )
        except Overflow as exc:
            raise FaceError(f"{part}: {exc}", (part,) if part in ("title", "text", "values") else ()) from None

    def place(text, y_top: float) -> None:
        text.draw(c, box.x * MM, (ctx.h - y_top - text.height) * MM, ctx.small_print)

    lowest = el.mark if face.mark else el.values  # keep the descenders of the lowest line inside the box
    bottom -= DESCENT * lowest.size / MM
    if face.mark:
        mark = fitted("provenance mark", face.mark, box.w, box.h / 4, el.mark, "center")
        place(mark, bottom - mark.height)
        bottom -= mark.height + gap / 2
    if face.values:
        values = fitted("values", _values_markup(face), box.w, (bottom - top) * 0.5, el.values)
        place(values, bottom - values.height)
        bottom -= values.height + gap
    alone = not face.body and not face.write_in
    if face.title:
        room = (bottom - top) if alone else (bottom - top) * 0.4
        title = fitted("title", face.title, box.w, room, el.title)
        place(title, top + (bottom - top - title.height) / 2 if alone and el.title.valign == "middle" else top)
        top += title.height + gap
    if face.body:
        place(fitted("text", face.body, box.w, bottom - top, el.text), top)
    elif face.write_in:
        from reportlab.lib.colors import HexColor

        step = min(6.0, (bottom - top) / (el.write_in_lines + 0.5))
        c.setStrokeColor(HexColor("#999999"))
        c.setLineWidth(0.4)
        for i in range(1, el.write_in_lines + 1):
            y = top + i * step
            c.line(*ctx.point(box.x, y), *ctx.point(box.right, y))
