"""`pattern`: a fine repeating texture (hatching, lattice, dots, waves, scales, rays) filling the box.

The texture of printed card stock and card backs: drawn light and fine, it reads
as a surface, not as lines, and it covers the whole box (clipped to the box's
shape: a rectangle, a rounded rectangle or the inscribed circle). Kinds:

- ``hatch``: parallel lines `spacing` mm apart, at `angle` degrees;
- ``lattice``: two such families crossing at right angles (``angle: 0`` a grid,
  ``45`` a diamond lattice, like linen);
- ``dots``: a staggered grid of dots of diameter `size`, `spacing` mm apart;
- ``waves``: rows of waves `spacing` mm apart, each half as high, at `angle`;
- ``scales``: rows of half circles `spacing` mm wide, each row offset by half
  (fish scales, a classic card-back pattern);
- ``rays``: `count` rays from the box centre (a sunburst).

Pure geometry: `strokes` gives the polylines and `dots` the dot centres, in mm from
the trim's top-left, covering the box; the drawing side clips them to the box's shape.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field

from rulepress.layout.elements.base import Color, Element
from rulepress.layout.geometry import Point, Rect, clip_segment

MAX_MARKS = 20000  # lines or dots in one box: beyond it a pattern is too fine to print and too big for a PDF
WAVE_STEPS = 8  # points per wave period, on its crests and troughs (a wave is a quarter of its spacing high)
SCALE_STEPS = 8  # points per half circle

Polyline = list[Point]


class PatternElement(Element):
    """A fine repeating texture across the box, clipped to its shape (the box, a rounded box or the circle in it):
    hatching, a lattice, dots, waves, scales or rays. Light and close to the background colour it reads as the
    surface of the card, under the texts."""

    kind: Literal["pattern"] = Field(description="pattern")
    pattern: Literal["hatch", "lattice", "dots", "waves", "scales", "rays"] = Field(
        "lattice",
        description="hatch (parallel lines), lattice (two crossing families), dots (staggered), waves, scales "
        "(rows of half circles) or rays (a sunburst from the centre).",
    )
    spacing: float = Field(
        2.0, ge=0.3, le=100, description="Distance in mm between lines, dots, wave rows or scale centres."
    )
    angle: float = Field(
        45.0,
        ge=-360,
        le=360,
        description="Direction in degrees (counter-clockwise) of hatch, lattice and waves; rays: of the first ray.",
    )
    count: int = Field(36, ge=3, le=720, description="rays: how many.")
    size: float | None = Field(
        None, gt=0, le=50, description="dots: diameter in mm (default: a quarter of the spacing)."
    )
    color: Color = Field("#000000", description="Colour of the lines or dots (keep it close to the background).")
    stroke_width: float = Field(0.12, gt=0, le=5, description="Line width in mm (all kinds but dots).")
    shape: Literal["rect", "roundrect", "circle"] = Field(
        "rect",
        description="The outline the texture is clipped to: the box, the box with rounded corners (`radius`) or "
        "the circle (ellipse) inscribed in it.",
    )
    radius: float = Field(3.0, ge=0, le=1000, description="roundrect: corner radius in mm.")

    def templates(self) -> dict[str, str]:
        return {"color": self.color}


def marks(el: PatternElement, box: Rect) -> int:
    """About how many lines or dots the pattern draws in the box (to refuse one too fine before drawing it)."""
    if el.pattern == "rays":
        return el.count
    diag = math.hypot(box.w, box.h)
    if el.pattern == "dots":
        return math.ceil((box.w / el.spacing + 2) * (box.h / (el.spacing * math.sqrt(3) / 2) + 2))
    if el.pattern == "scales":
        return math.ceil((box.w / el.spacing + 2) * (2 * box.h / el.spacing + 2))
    families = 2 if el.pattern == "lattice" else 1
    return families * math.ceil(diag / el.spacing + 2)


def strokes(el: PatternElement, box: Rect) -> list[Polyline]:
    """The pattern's lines (mm, trim's top-left origin, y down), covering the box; empty for dots."""
    if el.pattern == "hatch":
        return _hatch(box, el.spacing, el.angle)
    if el.pattern == "lattice":
        return _hatch(box, el.spacing, el.angle) + _hatch(box, el.spacing, el.angle + 90)
    if el.pattern == "waves":
        return _waves(box, el.spacing, el.angle)
    if el.pattern == "scales":
        return _scales(box, el.spacing)
    if el.pattern == "rays":
        return _rays(box, el.count, el.angle)
    return []


def dots(el: PatternElement, box: Rect) -> list[Point]:
    """Centres of the dots (staggered rows) covering the box; empty for the line patterns."""
    if el.pattern != "dots":
        return []
    row = el.spacing * math.sqrt(3) / 2
    rows = math.ceil(box.h / row) + 1
    cols = math.ceil(box.w / el.spacing) + 1
    x0, y0 = _start(box.x, box.w, el.spacing, cols), _start(box.y, box.h, row, rows)
    return [
        (x0 + (c + (0.5 if r % 2 else 0.0)) * el.spacing, y0 + r * row)
        for r in range(rows + 1)
        for c in range(cols + 1)
    ]


def dot_size(el: PatternElement) -> float:
    """The dots' diameter in mm."""
    return el.size if el.size is not None else el.spacing / 4


def _start(origin: float, length: float, step: float, count: int) -> float:
    """Where a row of `count` + 1 steps starts so that it is centred on the span (symmetric patterns)."""
    return origin + length / 2 - count * step / 2


def _hatch(box: Rect, spacing: float, angle: float) -> list[Polyline]:
    """Parallel lines at `angle` degrees, `spacing` apart, through the box's circumscribed circle, one through
    its centre; each cut to the box."""
    cx, cy = box.centre
    reach = math.hypot(box.w, box.h) / 2
    a = math.radians(angle)
    dx, dy = math.cos(a), -math.sin(a)  # along the line (y down)
    nx, ny = -dy, dx  # across
    n = math.ceil(reach / spacing)
    found = []
    for k in range(-n, n + 1):
        ox, oy = cx + nx * k * spacing, cy + ny * k * spacing
        cut = _clip_line((ox - dx * reach, oy - dy * reach), (ox + dx * reach, oy + dy * reach), box)
        if cut is not None:
            found.append(cut)
    return found


def _clip_line(p: Point, q: Point, box: Rect) -> Polyline | None:
    """The part of the segment p-q inside the box, or None (a single point is none)."""
    cut = clip_segment(p, q, box)
    if cut is None or cut[1] - cut[0] < 1e-9:
        return None
    (t0, t1), (dx, dy) = cut, (q[0] - p[0], q[1] - p[1])
    return [(p[0] + t0 * dx, p[1] + t0 * dy), (p[0] + t1 * dx, p[1] + t1 * dy)]


def _waves(box: Rect, spacing: float, angle: float) -> list[Polyline]:
    """Rows of waves (period 2 x spacing, height spacing / 2), turned by `angle` about the box centre."""
    cx, cy = box.centre
    reach = math.hypot(box.w, box.h) / 2
    a = math.radians(angle)
    cos_a, sin_a = math.cos(a), -math.sin(a)
    period = 2 * spacing
    half = math.ceil(reach / period) + 1
    steps = 2 * half * WAVE_STEPS
    rows = math.ceil(reach / spacing)
    found = []
    for r in range(-rows, rows + 1):
        line = []
        for k in range(steps + 1):
            u = -half * period + k * period / WAVE_STEPS
            v = r * spacing + spacing / 4 * math.sin(2 * math.pi * u / period)
            line.append((cx + u * cos_a - v * sin_a, cy + u * sin_a + v * cos_a))
        found += _runs_near(line, box, period / WAVE_STEPS + spacing)
    return found


def _runs_near(line: Polyline, box: Rect, margin: float) -> list[Polyline]:
    """The runs of `line` whose points lie within `margin` of the box (what is farther is clipped away anyway:
    dropping it keeps the PDF small)."""
    runs: list[Polyline] = []
    current: Polyline = []
    for x, y in line:
        if box.x - margin <= x <= box.right + margin and box.y - margin <= y <= box.bottom + margin:
            current.append((x, y))
        else:
            if len(current) > 1:
                runs.append(current)
            current = []
    if len(current) > 1:
        runs.append(current)
    return runs


def _scales(box: Rect, spacing: float) -> list[Polyline]:
    """Rows of half circles (opening upwards, radius spacing / 2), each row shifted by half a scale."""
    r = spacing / 2
    rows = math.ceil(box.h / r) + 2
    cols = math.ceil(box.w / spacing) + 2
    x0, y0 = _start(box.x, box.w, spacing, cols), box.y - r
    found = []
    for j in range(rows + 1):
        y = y0 + j * r
        shift = r if j % 2 else 0.0
        for i in range(cols + 1):
            x = x0 + i * spacing + shift
            found.append(
                [
                    (x + r * math.cos(math.pi * s / SCALE_STEPS), y + r * math.sin(math.pi * s / SCALE_STEPS))
                    for s in range(SCALE_STEPS + 1)
                ]
            )
    return found


def _rays(box: Rect, count: int, angle: float) -> list[Polyline]:
    """`count` rays from the box centre to beyond its corners, cut to the box."""
    cx, cy = box.centre
    reach = math.hypot(box.w, box.h) / 2 + 1
    found = []
    for k in range(count):
        a = math.radians(angle + 360 * k / count)
        cut = _clip_line((cx, cy), (cx + reach * math.cos(a), cy - reach * math.sin(a)), box)
        if cut is not None:
            found.append(cut)
    return found
