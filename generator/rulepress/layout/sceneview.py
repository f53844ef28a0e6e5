"""What of a board's scene an excerpt shows (pure; board millimetres, origin top-left).

A worked example's picture shows a part of a board (`rulepress.draw.examplepictures`): its painter is
clipped to that view, so an item wholly outside it leaves no mark on the page, yet drawing it costs as
much as drawing it inside (the Risk map's 42 coastlines and their dot textures, for an excerpt of three
territories). `in_view` keeps the items that reach into the view, in paint order; `reach` is the box an
item can mark, its strokes, halos and letters included (`MARGIN` mm around its geometry); an item of a
kind it does not know is always kept. `points_near` and `lines_near` cut a texture's dots and threads to the
view the same way.
"""

from __future__ import annotations

from rulepress.layout.boardgeom import Point, Rect
from rulepress.layout.boardscene import (
    Compass,
    Glyph,
    Halo,
    Label,
    Line,
    Mark,
    Picture,
    Polygon,
    Region,
    Shape,
    Texture,
)

MARGIN = 6.0  # mm around an item's geometry: the widest stroke, halo or compass letter drawn beyond it


def _around(points) -> Rect:
    points = list(points)
    xs = [x for x, _y in points]
    ys = [y for _x, y in points]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def reach(item) -> Rect | None:
    """The box `item` can mark, before `MARGIN`; None for an item of a kind this module does not know."""
    if isinstance(item, (Region, Halo)):
        return _around(p for ring in item.rings for p in ring) if any(item.rings) else None
    if isinstance(item, (Picture, Texture, Shape)):
        return item.rect
    if isinstance(item, Label):
        return item.box
    if isinstance(item, (Line, Polygon)):
        return _around(item.points) if item.points else None
    if isinstance(item, (Compass, Mark)):
        x, y = item.centre
        return Rect(x - item.radius, y - item.radius, 2 * item.radius, 2 * item.radius)
    if isinstance(item, Glyph):
        x, y = item.centre
        return Rect(x - item.height, y - item.height, 2 * item.height, 2 * item.height)
    return None


def _meets(box: Rect, view: Rect, margin: float) -> bool:
    return (
        box.x - margin <= view.right
        and box.right + margin >= view.x
        and box.y - margin <= view.bottom
        and box.bottom + margin >= view.y
    )


def in_view(items: list, view: Rect, margin: float = MARGIN) -> list:
    """The `items` that can mark `view`, in their order."""
    kept = []
    for item in items:
        box = reach(item)
        if box is None or _meets(box, view, margin):
            kept.append(item)
    return kept


def near(point: Point, view: Rect, margin: float) -> bool:
    """Whether `point` lies in `view` grown by `margin` mm (a texture's dot or a thread's point)."""
    x, y = point
    return view.x - margin <= x <= view.right + margin and view.y - margin <= y <= view.bottom + margin


def points_near(points: list[Point], view: Rect, margin: float) -> list[Point]:
    """The `points` (a texture's dots) that lie in `view` grown by `margin` mm."""
    return [p for p in points if near(p, view, margin)]


def lines_near(lines: list, view: Rect, margin: float) -> list:
    """The `lines` (a texture's threads: point sequences) that reach into `view` grown by `margin` mm: a
    straight one (two points) whole, where its box meets the view; a longer one (a row of waves) cut to its
    points near the view."""
    kept = []
    for line in lines:
        if len(line) == 2:
            if _meets(_around(line), view, margin):
                kept.append(line)
            continue
        cut = [p for p in line if near(p, view, margin)]
        if len(cut) > 1:
            kept.append(cut)
    return kept
