"""The classic layout as elements: what a layout without `elements` draws.

A front is its background over the bleed (the card's colour when it has one), an
accent frame just inside the safe zone (a plate of the background colour inside a
coloured card) and the `stack` of title, text, values and mark in the safe box. A
shared back is its colour over the bleed, its picture stretched over it when it
has one, and its title in the middle. The styles come from the layout's classic
keys (`title`, `text`, `values`, `mark`, `back`, `frame`, `gap`, ...). Pure.
"""

from __future__ import annotations

from rulepress.layout.elements import (
    CircleElement,
    ImageElement,
    RectElement,
    RoundRectElement,
    StackElement,
)
from rulepress.layout.geometry import Rect
from rulepress.layout.paper import MM
from rulepress.layout.spec import Layout
from rulepress.layout.styles import TitleStyle


def safe_box(w: float, h: float, layout: Layout) -> Rect:
    """The text area of a w x h mm face (from the trim's top-left): inside the safe margin, or the square
    inscribed in a round token's safe circle."""
    safe = layout.safe
    if layout.shape == "circle":
        side = (min(w, h) / 2 - safe) * 2**0.5
        return Rect(w / 2 - side / 2, h / 2 - side / 2, side, side)
    return Rect(safe, safe, w - 2 * safe, h - 2 * safe)


def _backdrop(layout: Layout, fill: str, when: str | None = None):
    """The face's shape over the bleed, filled."""
    if layout.shape == "circle":
        return CircleElement(kind="circle", origin="bleed", fill=fill, when=when)
    return RectElement(kind="rect", origin="bleed", fill=fill, when=when)


def _inset(layout: Layout, inner: float, **paint):
    """The face's shape inset `inner` mm from the trim (the accent frame)."""
    if layout.shape == "circle":
        return CircleElement(kind="circle", x=inner, y=inner, **paint)
    return RoundRectElement(kind="roundrect", x=inner, y=inner, radius=layout.corner_radius, **paint)


def _stack(layout: Layout, w: float, h: float, title: TitleStyle | None = None) -> StackElement:
    """The classic stack in the safe box, with the layout's styles (`title`: another title style)."""
    box = safe_box(w, h, layout)
    return StackElement(
        kind="stack",
        x=box.x,
        y=box.y,
        w=max(box.w, 0.01),
        h=max(box.h, 0.01),
        title=title or layout.title,
        text=layout.text,
        values=layout.values,
        mark=layout.mark,
        gap=layout.gap,
        write_in_lines=layout.write_in_lines,
    )


def front(layout: Layout, w: float, h: float) -> list:
    """The elements of a classic front (or individual back face) of a w x h mm component."""
    inner = layout.safe - 1.0
    frame_width = layout.frame.width * 0.5 / MM  # the frame's width is given in pt; drawn at half of it, in mm
    return [
        _backdrop(layout, layout.background),
        _backdrop(layout, "{color}", when="color"),
        _inset(layout, inner, fill=layout.background, when="color"),
        _inset(layout, inner, stroke=layout.frame.color, stroke_width=frame_width, when="not color"),
        _stack(layout, w, h),
    ]


BACK_RULE = 0.5  # mm: the back's outer frame line
BACK_FINE = 0.2  # mm: its inner, dashed frame line


def back(layout: Layout, w: float, h: float) -> list:
    """The elements of a classic shared back: its colour, its picture, a double frame in the title's colour
    (a solid line and a dashed one inside it, the same whichever way up the card lies) and its title in
    the middle."""
    style = layout.back
    title = layout.title.model_validate(
        {**style.model_dump(exclude={"default_color"}), "valign": "middle", "align": "center"}
    )
    outer = max(layout.safe - 1.0, 0.8)  # where a front's accent frame stands
    inner = outer + max(min(w, h) * 0.02, 0.8)
    return [
        _backdrop(layout, "{color}"),
        ImageElement(kind="image", origin="bleed", src="{image}", fit="stretch", when="image"),
        _inset(layout, outer, stroke=style.color, stroke_width=BACK_RULE, when="not image"),
        _inset(layout, inner, stroke=style.color, stroke_width=BACK_FINE, dash=(1.0, 0.8), when="not image"),
        _stack(layout, w, h, title=title),
    ]
