"""Pieces of different sizes on shared pages: shelf packing.

Pure functions, millimetres, y downwards from the top-left corner of the area. Each item keeps the
order it is given in (a component's pieces stay together): it goes to the right of the one before
on the current shelf, onto a new shelf below when the shelf is full, onto a new page when the area is.
A shelf is as high as its highest item. Each page's shelves are centred across the area's width.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Placed:
    """Item `index` with its top-left corner at (x, y) on its page."""

    index: int
    x: float
    y: float


class ShelfError(ValueError):
    """An item larger than the area."""


def pack(sizes: list[tuple[float, float]], width: float, height: float, gap: float) -> list[list[Placed]]:
    """The pages of `sizes` (w, h) packed on shelves into a `width` × `height` area, `gap` between items."""
    pages: list[list[Placed]] = []
    page: list[Placed] = []
    x = y = shelf = 0.0
    for i, (w, h) in enumerate(sizes):
        if w > width + 1e-9 or h > height + 1e-9:
            raise ShelfError(f"a piece of {w:g} × {h:g} mm does not fit an area of {width:g} × {height:g} mm")
        if x > 0 and x + w > width + 1e-9:  # the shelf is full
            x, y, shelf = 0.0, y + shelf + gap, 0.0
        if y + h > height + 1e-9:  # the page is full
            pages.append(page)
            page, x, y, shelf = [], 0.0, 0.0, 0.0
        page.append(Placed(i, x, y))
        x += w + gap
        shelf = max(shelf, h)
    if page:
        pages.append(page)
    return [_centred(p, sizes, width) for p in pages]


def _centred(page: list[Placed], sizes: list[tuple[float, float]], width: float) -> list[Placed]:
    """The page moved right so that its widest shelf is centred in the area."""
    used = max(p.x + sizes[p.index][0] for p in page)
    shift = (width - used) / 2
    return [Placed(p.index, p.x + shift, p.y) for p in page]
