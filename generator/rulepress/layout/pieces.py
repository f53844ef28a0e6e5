"""Geometry of printed playing pieces: where each face, fold and cut of one piece lies in its cell.

Pure functions, millimetres, y downwards from the cell's top-left corner. Three forms (the content model's
`Piece.form`):

- token: one face cut out along its shape (circle/ellipse, square, hexagon with flat top and bottom,
  rounded rectangle); the other side is printed on the back page (duplex);
- standee: a strip ``base tab | back (upside down) | fold | front | base tab``: folded at the top and glued
  back to back, the two tabs fold out in opposite directions and make the foot it stands on;
- pawn: a tent ``back (upside down) | fold | front | fold | base | fold | glue tab``: front and back lean
  against each other on the base, a triangular prism a home printer's paper can make without glue on the
  faces.

Standees and pawns print on one side of the paper (both faces are on the strip). A cell's cut line is its
`outline`; fold lines are dashed across the strip.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rulepress.layout.geometry import Rect

GLUE_TAB = 7.0  # mm: a pawn's glue tab
TAB_INSET = 0.2  # of the width: how much narrower the free end of a tab is on each side
ROUNDED = 0.18  # corner radius of a rounded token, of its shorter side

Point = tuple[float, float]
Segment = tuple[float, float, float, float]


@dataclass(frozen=True)
class Panel:
    """One printed area of a piece: a face (front or back), or a blank part (base, tabs)."""

    box: Rect
    side: str  # front, back, base, tab
    upside_down: bool = False  # drawn turned by 180 degrees (it reads upright once folded over)


@dataclass(frozen=True)
class PieceShape:
    """Everything the sheet needs of one piece: its cell, panels, fold lines and cut outline."""

    width: float
    height: float
    panels: tuple[Panel, ...]
    folds: tuple[Segment, ...]
    outline: tuple[Point, ...]  # the cut polygon (many points for a circle)
    duplex: bool  # the back face is printed on the back page


def _strip(w: float, parts: list[tuple[float, str, bool]]) -> tuple[tuple[Panel, ...], tuple[Segment, ...], float]:
    """Panels stacked top to bottom, and the fold lines between them."""
    panels, folds, y = [], [], 0.0
    for i, (h, side, upside_down) in enumerate(parts):
        if i:
            folds.append((0.0, y, w, y))
        panels.append(Panel(Rect(0.0, y, w, h), side, upside_down))
        y += h
    return tuple(panels), tuple(folds), y


def _tab(x: float, w: float, y_fold: float, y_free: float) -> list[Point]:
    """A tab from the fold line to its narrower free end (corner points from the fold's left end)."""
    inset = w * TAB_INSET
    return [(x, y_fold), (x + inset, y_free), (x + w - inset, y_free), (x + w, y_fold)]


def token_outline(shape: str, w: float, h: float, grow: float = 0.0, steps: int = 72) -> tuple[Point, ...]:
    """The outline of a token of `w` x `h` mm in a cell of that size, grown outwards by `grow` mm (bleed)."""
    cx, cy = w / 2, h / 2
    if shape == "circle":
        rx, ry = w / 2 + grow, h / 2 + grow
        return tuple(
            (cx + rx * math.cos(2 * math.pi * i / steps), cy + ry * math.sin(2 * math.pi * i / steps))
            for i in range(steps)
        )
    if shape == "hexagon":  # flat top and bottom: the points left and right
        hexagon = ((0.0, cy), (w / 4, 0.0), (3 * w / 4, 0.0), (w, cy), (3 * w / 4, h), (w / 4, h))
        return _grow(hexagon, grow)
    if shape == "rounded":
        r = min(w, h) * ROUNDED + grow
        x0, y0, x1, y1 = -grow, -grow, w + grow, h + grow
        pts: list[Point] = []
        for ccx, ccy, start in (
            (x1 - r, y0 + r, -90),
            (x1 - r, y1 - r, 0),
            (x0 + r, y1 - r, 90),
            (x0 + r, y0 + r, 180),
        ):
            for i in range(10):
                a = math.radians(start + 90 * i / 9)
                pts.append((ccx + r * math.cos(a), ccy + r * math.sin(a)))
        return tuple(pts)
    if shape == "square":
        return ((-grow, -grow), (w + grow, -grow), (w + grow, h + grow), (-grow, h + grow))
    raise ValueError(f"unknown token shape {shape!r}")


def piece_shape(form: str, shape: str, w: float, h: float, base: float = 12.0) -> PieceShape:
    """The layout of one piece of the given form whose face is `w` x `h` mm."""
    if form == "token":
        return PieceShape(w, h, (Panel(Rect(0.0, 0.0, w, h), "front"),), (), token_outline(shape, w, h), True)
    if form == "standee":
        panels, folds, total = _strip(
            w, [(base, "tab", True), (h, "back", True), (h, "front", False), (base, "tab", False)]
        )
        return PieceShape(w, total, panels, folds, ((0.0, 0.0), (w, 0.0), (w, total), (0.0, total)), False)
    if form == "pawn":
        panels, folds, total = _strip(
            w, [(h, "back", True), (h, "front", False), (h, "base", False), (GLUE_TAB, "tab", False)]
        )
        tab = _tab(0.0, w, total - GLUE_TAB, total)
        return PieceShape(w, total, panels, folds, ((0.0, 0.0), (w, 0.0), *reversed(tab)), False)
    raise ValueError(f"unknown piece form {form!r}")


def grown_outline(piece: PieceShape, shape: str, grow: float) -> tuple[Point, ...]:
    """The outline grown by `grow` mm: the area a face's colour covers (its bleed)."""
    if piece.duplex:
        return token_outline(shape, piece.width, piece.height, grow)
    return _grow(piece.outline, grow)


def _grow(points: tuple[Point, ...], grow: float) -> tuple[Point, ...]:
    """A polygon with every side moved `grow` mm outwards (mitred corners)."""
    if not grow:
        return tuple(points)
    from shapely.geometry import Polygon

    grown = Polygon(points).buffer(grow, join_style="mitre")
    return tuple((float(x), float(y)) for x, y in list(grown.exterior.coords)[:-1])
