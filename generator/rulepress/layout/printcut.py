"""Print-and-cut geometry: where a cutting machine's registration marks go, where the pieces go, and each
piece's cut outline, in millimetres from the top-left of the sheet (y down). Pure functions, no drawing.

A *machine* fixes the marks and the area the pieces may use:

- ``silhouette``: Silhouette Studio's "Type 1" print & cut marks: a filled square at the top left and two
  L-shaped corner marks (top right, bottom left), all `inset` from the paper edges (Studio's defaults:
  length 20 mm, thickness 0.5 mm, inset 10 mm). The pieces use the whole frame the marks span, `clearance`
  inside their lines and `clearance` away from each mark (the square's corner is kept free: the grid moves
  off it within the frame's slack, else the piece there is left out), so a sheet holds as many as fit.
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
    keep_out: tuple[Mark, ...] = ()  # parts of the area no piece's bleed may touch (a mark with its clearance)


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
        edge = i + t + c
        keep_out = tuple(Mark(m.x - c, m.y - c, m.w + 2 * c, m.h + 2 * c) for m in marks)
        return Sheet(machine, w, h, marks, (edge, edge, w - 2 * edge, h - 2 * edge), keep_out)
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
    x0, y0 = _grid_origin(sheet_, (cols * pw, rows * ph), (pw, ph))
    origins = tuple(
        (x, y)
        for row in range(rows)
        for col in range(cols)
        if not _touches(sheet_.keep_out, (x := x0 + col * pw, y := y0 + row * ph, pw, ph))
    )
    outlines = tuple(Outline(x + bleed, y + bleed, piece[0], piece[1], shape, radius) for x, y in origins)
    return Placement(sheet_, len(origins), origins, outlines)


def _touches(keep_out: tuple[Mark, ...], box: tuple[float, float, float, float]) -> bool:
    x, y, w, h = box
    return any(
        x < m.x + m.w - 1e-9 and m.x < x + w - 1e-9 and y < m.y + m.h - 1e-9 and m.y < y + h - 1e-9 for m in keep_out
    )


def _grid_origin(sheet_: Sheet, size: tuple[float, float], cell: tuple[float, float]) -> tuple[float, float]:
    """The grid's top-left: centred in the area, moved right and down within the area's slack off any keep-out
    part its first piece would touch (Silhouette's square), as little as needed."""
    ax, ay, aw, ah = sheet_.area
    x0, y0 = ax + (aw - size[0]) / 2, ay + (ah - size[1]) / 2
    for m in sheet_.keep_out:
        if _touches((m,), (x0, y0, *cell)):
            right, down = m.x + m.w - x0, m.y + m.h - y0
            if right <= x0 - ax + 1e-9:  # the slack on the left moved to the right
                x0 = min(m.x + m.w, ax + aw - size[0])
            elif down <= y0 - ay + 1e-9:
                y0 = min(m.y + m.h, ay + ah - size[1])
    return x0, y0
