"""Print-and-cut geometry: where a cutting machine's registration marks go, where the pieces go, and each
piece's cut outline, in millimetres from the top-left of the sheet (y down). Pure functions, no drawing.

A *machine* fixes the marks and the area the pieces may use:

- ``silhouette``: Silhouette Studio's "Type 1" print & cut marks: a filled square at the top left and two
  L-shaped corner marks (top right, bottom left), all `inset` from the paper edges (Studio's defaults:
  length 20 mm, thickness 0.5 mm, inset 10 mm). The pieces stay `clearance` inside the marks.
- ``scanncut``: a Brother ScanNCut sheet: the paper lies at the top left of the 12 x 12 in scanning mat; four
  filled corner squares frame the pieces so the scan finds the sheet's corners, and the cut file is the size
  of the mat with the paper where it lies on it.
- ``cricut``: Cricut Design Space "print then cut" draws its own black frame around an uploaded image and
  prints at most 6.75 x 9.25 in (171.45 x 234.95 mm): the pieces are placed in that area and no mark is drawn
  (the user uploads the image and its cut file).

A piece's outline is its trim: a rectangle (corners rounded by `corner_radius`) or a circle. Pieces are
placed in a centred grid, twice the bleed apart, so every piece keeps its own bleed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

INCH = 25.4
MACHINES = ("silhouette", "cricut", "scanncut")
CRICUT_MAX = (6.75 * INCH, 9.25 * INCH)  # Design Space's largest print-then-cut image (Letter/A4)
SCANNCUT_MAT = (12 * INCH, 12 * INCH)  # the standard ScanNCut mat's adhesive (and scanning) area


class PrintCutError(ValueError):
    """The pieces do not fit the area a machine can register and cut."""


@dataclass(frozen=True)
class Mark:
    """One filled part of a registration mark: a rectangle (x, y from the top-left, w, h; mm)."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Outline:
    """The cut line of one piece: its trim box and shape."""

    x: float
    y: float
    w: float
    h: float
    shape: str = "rect"  # rect or circle
    radius: float = 0.0  # corner radius of a rect (mm)

    def path(self) -> str:
        """The outline as SVG path data in mm (clockwise from the top edge; arcs for corners and circles)."""
        if self.shape == "circle":
            r = min(self.w, self.h) / 2
            cx, cy = self.x + self.w / 2, self.y + self.h / 2
            return f"M{_f(cx - r)},{_f(cy)} A{_f(r)},{_f(r)} 0 1 1 {_f(cx + r)},{_f(cy)} A{_f(r)},{_f(r)} 0 1 1 {_f(cx - r)},{_f(cy)} Z"
        r = min(self.radius, self.w / 2, self.h / 2)
        x0, y0, x1, y1 = self.x, self.y, self.x + self.w, self.y + self.h
        if r <= 0:
            return f"M{_f(x0)},{_f(y0)} H{_f(x1)} V{_f(y1)} H{_f(x0)} Z"
        a = f"A{_f(r)},{_f(r)} 0 0 1"
        return (
            f"M{_f(x0 + r)},{_f(y0)} H{_f(x1 - r)} {a} {_f(x1)},{_f(y0 + r)} V{_f(y1 - r)} {a} {_f(x1 - r)},{_f(y1)} "
            f"H{_f(x0 + r)} {a} {_f(x0)},{_f(y1 - r)} V{_f(y0 + r)} {a} {_f(x0 + r)},{_f(y0)} Z"
        )

    def points(self, step: float = 0.25) -> list[tuple[float, float]]:
        """The outline as a closed polygon with points at most about `step` mm apart along the arcs."""
        if self.shape == "circle":
            r = min(self.w, self.h) / 2
            return _arc(self.x + self.w / 2, self.y + self.h / 2, r, 0, 360, step)[:-1]
        r = min(self.radius, self.w / 2, self.h / 2)
        x0, y0, x1, y1 = self.x, self.y, self.x + self.w, self.y + self.h
        if r <= 0:
            return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        return (
            _arc(x1 - r, y0 + r, r, 270, 360, step)
            + _arc(x1 - r, y1 - r, r, 0, 90, step)
            + _arc(x0 + r, y1 - r, r, 90, 180, step)
            + _arc(x0 + r, y0 + r, r, 180, 270, step)
        )


def _arc(cx: float, cy: float, r: float, start: float, end: float, step: float) -> list[tuple[float, float]]:
    """Points on a circle's arc from `start` to `end` degrees (y down, so angles turn clockwise on paper)."""
    n = max(2, math.ceil(math.radians(end - start) * r / step))
    return [
        (
            cx + r * math.cos(math.radians(start + (end - start) * i / n)),
            cy + r * math.sin(math.radians(start + (end - start) * i / n)),
        )
        for i in range(n + 1)
    ]


def _f(value: float) -> str:
    """A coordinate in mm for SVG: at most 4 decimals, no trailing zeros (the same value gives the same text)."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True)
class MarkSpec:
    """Registration mark sizes (mm): Silhouette Studio's panel defaults unless a layout or option changes them."""

    length: float = 20.0  # arm length of an L mark
    thickness: float = 0.5  # line thickness of an L mark
    inset: float = 10.0  # from the paper edges to the marks' outer edges
    square: float = 5.0  # side of the filled square (top left)
    clearance: float = 3.0  # free paper between marks and the pieces' bleed


@dataclass(frozen=True)
class Sheet:
    """One machine's sheet: its size, marks, and the area the pieces' bleed boxes may fill."""

    machine: str
    width: float
    height: float
    marks: tuple[Mark, ...]
    area: tuple[float, float, float, float]  # x, y, w, h


def sheet(machine: str, paper: tuple[float, float], spec: MarkSpec = MarkSpec()) -> Sheet:
    """The sheet of `machine` on paper of `paper` (w, h) mm."""
    w, h = paper
    i, t, L, s, c = spec.inset, spec.thickness, spec.length, spec.square, spec.clearance
    marks: tuple[Mark, ...]
    if machine == "silhouette":
        marks = (
            Mark(i, i, s, s),  # the filled square, top left
            Mark(w - i - L, i, L, t),  # top right: arm along the top edge ...
            Mark(w - i - t, i, t, L),  # ... and down the right edge
            Mark(i, h - i - L, t, L),  # bottom left: arm up the left edge ...
            Mark(i, h - i - t, L, t),  # ... and along the bottom edge
        )
        edge = i + max(s, t) + c
        return Sheet(machine, w, h, marks, (edge, edge, w - 2 * edge, h - 2 * edge))
    if machine == "scanncut":
        marks = tuple(Mark(x, y, s, s) for x in (i, w - i - s) for y in (i, h - i - s))
        edge = i + s + c
        return Sheet(machine, w, h, marks, (edge, edge, w - 2 * edge, h - 2 * edge))
    if machine == "cricut":
        cw, ch = min(CRICUT_MAX[0], w), min(CRICUT_MAX[1], h)
        return Sheet(machine, cw, ch, (), (0.0, 0.0, cw, ch))
    raise ValueError(f"unknown cutting machine {machine!r}; machines: {', '.join(MACHINES)}")


@dataclass(frozen=True)
class Placement:
    """Where the pieces go on every sheet: their bleed boxes' top-left corners and their outlines."""

    sheet: Sheet
    per_sheet: int
    origins: tuple[tuple[float, float], ...]  # top-left of each bleed box, row-major
    outlines: tuple[Outline, ...]


def place(
    sheet_: Sheet, piece: tuple[float, float], bleed: float, shape: str = "rect", radius: float = 0.0
) -> Placement:
    """A centred grid of pieces of `piece` (w, h) mm trim, each with its own `bleed`, in the sheet's area."""
    pw, ph = piece[0] + 2 * bleed, piece[1] + 2 * bleed
    ax, ay, aw, ah = sheet_.area
    cols, rows = int((aw + 1e-9) // pw), int((ah + 1e-9) // ph)
    if cols < 1 or rows < 1:
        raise PrintCutError(
            f"a {piece[0]:g} x {piece[1]:g} mm piece with {bleed:g} mm bleed does not fit the "
            f"{aw:.1f} x {ah:.1f} mm {sheet_.machine} cutting area"
        )
    x0, y0 = ax + (aw - cols * pw) / 2, ay + (ah - rows * ph) / 2
    origins = tuple((x0 + col * pw, y0 + row * ph) for row in range(rows) for col in range(cols))
    outlines = tuple(Outline(x + bleed, y + bleed, piece[0], piece[1], shape, radius) for x, y in origins)
    return Placement(sheet_, cols * rows, origins, outlines)
