"""Drawing the shape elements: rect, roundrect, circle, line, polygon, outline, guilloche."""

from __future__ import annotations

from rulepress.layout.binding import render
from rulepress.layout.elements.guilloche import GuillocheElement, curves
from rulepress.layout.elements.line import LineElement
from rulepress.layout.elements.outline import OutlineElement, fitted
from rulepress.layout.elements.polygon import PolygonElement
from rulepress.layout.elements.roundrect import corner_radius
from rulepress.layout.elements.shapes import ShapeElement
from rulepress.layout.geometry import Rect
from rulepress.layout.paper import MM
from rulepress.render.elements.context import Context


def _paint(el, ctx: Context) -> tuple[int, int]:
    """Set fill and stroke; returns (fill?, stroke?)."""
    c = ctx.c
    fill = ctx.color(getattr(el, "fill", None), "fill")
    stroke = ctx.color(el.stroke, "stroke")
    if fill is not None:
        c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(el.stroke_width * MM)
        if el.dash:
            c.setDash(el.dash[0] * MM, el.dash[1] * MM)
    return int(fill is not None), int(stroke is not None and el.stroke_width > 0)


def rect(el: ShapeElement, box: Rect, ctx: Context) -> None:
    fill, stroke = _paint(el, ctx)
    if fill or stroke:
        ctx.c.rect(*ctx.points(box), fill=fill, stroke=stroke)


def roundrect(el, box: Rect, ctx: Context) -> None:
    fill, stroke = _paint(el, ctx)
    if fill or stroke:
        ctx.c.roundRect(*ctx.points(box), corner_radius(el.radius, box.w, box.h) * MM, fill=fill, stroke=stroke)


def circle(el: ShapeElement, box: Rect, ctx: Context) -> None:
    fill, stroke = _paint(el, ctx)
    if fill or stroke:
        x, y, w, h = ctx.points(box)
        ctx.c.ellipse(x, y, x + w, y + h, fill=fill, stroke=stroke)


def line(el: LineElement, box: Rect, ctx: Context) -> None:
    _, stroke = _paint(el, ctx)
    if stroke:
        (x1, y1), (x2, y2) = el.ends(ctx.w, ctx.h, ctx.bleed)
        ctx.c.line(*ctx.point(x1, y1), *ctx.point(x2, y2))


def _polygons(polys, el, ctx: Context) -> None:
    fill, stroke = _paint(el, ctx)
    if not (fill or stroke) or not polys:
        return
    path = ctx.c.beginPath()
    for poly in polys:
        path.moveTo(*ctx.point(*poly[0]))
        for pt in poly[1:]:
            path.lineTo(*ctx.point(*pt))
        path.close()
    ctx.c.drawPath(path, fill=fill, stroke=stroke, fillMode=0)


def polygon(el: PolygonElement, box: Rect, ctx: Context) -> None:
    _polygons([el.absolute(ctx.w, ctx.h, ctx.bleed)], el, ctx)


def outline(el: OutlineElement, box: Rect, ctx: Context) -> None:
    space = render(el.space, ctx.data)
    polys = ctx.outlines.get(f"{el.board}/{space}" if el.board else space)
    if polys:
        _polygons(fitted(polys, box), el, ctx)


def guilloche(el: GuillocheElement, box: Rect, ctx: Context) -> None:
    color = ctx.color(el.stroke, "stroke")
    if color is None:
        return
    c = ctx.c
    c.setStrokeColor(color)
    c.setLineWidth(el.stroke_width * MM)
    path = c.beginPath()
    for line in curves(el, box):
        path.moveTo(*ctx.point(*line[0]))
        for pt in line[1:]:
            path.lineTo(*ctx.point(*pt))
    c.drawPath(path, fill=0, stroke=1)
