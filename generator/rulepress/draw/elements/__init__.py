"""Drawing layout elements onto a face: one drawer per element kind, dispatched by `draw_elements`.

Each element is drawn in its own graphics state (opacity, rotation about its box
centre, a quarter turn swaps the box's sides); a `when:` that does not hold skips it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulepress.draw.elements import icon, image, shapes, stack, text
from rulepress.draw.elements.context import Context, FaceError
from rulepress.layout.binding import BindingError, holds, refs
from rulepress.layout.elements import TextElement
from rulepress.layout.elements.base import content_size
from rulepress.layout.geometry import Rect
from rulepress.layout.paper import MM
from rulepress.text.icons import Icon

DRAW: dict[str, Callable[[Any, Rect, Context], None]] = {
    "text": text.draw,
    "image": image.draw,
    "icon": icon.draw,
    "rect": shapes.rect,
    "roundrect": shapes.roundrect,
    "circle": shapes.circle,
    "line": shapes.line,
    "polygon": shapes.polygon,
    "outline": shapes.outline,
    "stack": stack.draw,
    "guilloche": shapes.guilloche,
    "pattern": shapes.pattern,
}


def draw_elements(elements: list, ctx: Context) -> None:
    """Paint `elements` in order; FaceError names the element that failed."""
    c = ctx.c
    for i, el in enumerate(elements):
        try:
            if not holds(el.when, ctx.data):
                continue
        except BindingError as exc:
            raise FaceError(f"element {i + 1} ({el.kind}): {exc}") from None
        box = el.box(ctx.w, ctx.h, ctx.bleed)
        c.saveState()
        if el.opacity < 1:
            c.setFillAlpha(el.opacity)
            c.setStrokeAlpha(el.opacity)
        if el.rotate:
            cx, cy = (box.x + box.w / 2) * MM, (ctx.h - box.y - box.h / 2) * MM
            c.translate(cx, cy)
            c.rotate(el.rotate)
            c.translate(-cx, -cy)
            cw, ch = content_size(box, el.rotate)
            box = Rect(box.x + (box.w - cw) / 2, box.y + (box.h - ch) / 2, cw, ch)
        try:
            DRAW[el.kind](el, box, ctx)
        except FaceError as exc:
            c.restoreState()
            shown = set(
                refs(el.text if isinstance(el, TextElement) else "")
            )  # the card's text it shows: where to mend it
            bound = exc.bound or (tuple(shown.pop().split(".")) if len(shown) == 1 else ())
            where = "" if el.kind == "stack" else f"element {i + 1} ({el.kind}): "  # a stack names its part
            raise FaceError(where + exc.message, bound) from None
        c.restoreState()


__all__ = ["Context", "FaceError", "Icon", "draw_elements", "DRAW"]
