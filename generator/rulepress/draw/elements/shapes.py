"""Drawing the shape elements: rect, roundrect, circle, line, polygon, outline, guilloche, pattern."""

from __future__ import annotations

from rulepress.draw.elements.context import Context, FaceError
from rulepress.layout.binding import render
from rulepress.layout.elements.guilloche import GuillocheElement, curves
from rulepress.layout.elements.line import LineElement
from rulepress.layout.elements.outline import OutlineElement, fitted
from rulepress.layout.elements.pattern import MAX_MARKS, PatternElement, dot_size, dots, marks, strokes
from rulepress.layout.elements.polygon import PolygonElement
from rulepress.layout.elements.roundrect import corner_radius
from rulepress.layout.elements.shapes import ShapeElement
from rulepress.layout.geometry import Rect
from rulepress.layout.paper import MM


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


DOT_LENGTH = 0.02  # mm: a dot is a round-capped stroke this long (a few bytes, where a circle takes a hundred)


def pattern(el: PatternElement, box: Rect, ctx: Context) -> None:
    """The texture, clipped to the box's shape; FaceError when it would be too fine to print."""
    color = ctx.color(el.color, "color")
    if color is None or box.w <= 0 or box.h <= 0:
        return
    if marks(el, box) > MAX_MARKS:
        raise FaceError(
            f"the {el.pattern} pattern would draw about {marks(el, box)} marks in its {box.w:g} x {box.h:g} mm box "
            f"(at most {MAX_MARKS}): raise its spacing"
        )
    c = ctx.c
    clip = c.beginPath()
    x, y, w, h = ctx.points(box)
    if el.shape == "circle":
        clip.ellipse(x, y, w, h)
    elif el.shape == "roundrect":
        clip.roundRect(x, y, w, h, corner_radius(el.radius, box.w, box.h) * MM)
    else:
        clip.rect(x, y, w, h)
    c.clipPath(clip, stroke=0, fill=0)
    c.setStrokeColor(color)
    path = c.beginPath()
    if el.pattern == "dots":
        c.setLineCap(1)
        c.setLineWidth(dot_size(el) * MM)
        for px, py in dots(el, box):
            path.moveTo(*ctx.point(px - DOT_LENGTH / 2, py))
            path.lineTo(*ctx.point(px + DOT_LENGTH / 2, py))
    else:
        c.setLineWidth(el.stroke_width * MM)
        for line in strokes(el, box):
            path.moveTo(*ctx.point(*line[0]))
            for pt in line[1:]:
                path.lineTo(*ctx.point(*pt))
    c.drawPath(path, fill=0, stroke=1)
