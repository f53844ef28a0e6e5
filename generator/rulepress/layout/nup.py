"""N-up imposition: where n equal panels go on a page, and where to cut or fold.

Pure geometry in millimetres, origin at the top-left of the page, no ReportLab.
Panels abut each other in a grid of ``cols x rows`` (``cols * rows == n``)
centred on the page, so one straight cut separates two panels. Cut lines run
along every grid line and reach a little beyond the grid (``overhang``), but
never closer than ``edge_clear`` (the unprintable edge of most home printers)
to the paper edge: a grid line that itself lies closer is not drawn (the cut
would only take off a sliver of blank margin). For a folded sheet the inner
grid lines are fold lines and only the outline is cut.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulepress.layout.geometry import Rect
from rulepress.layout.paper import PRINTABLE_MARGIN

OVERHANG = 4.0  # mm a cut line reaches beyond the panel grid
EDGE_CLEAR = PRINTABLE_MARGIN  # mm a cut line keeps from the paper edge


@dataclass(frozen=True)
class Line:
    """A straight line from (x1, y1) to (x2, y2) in mm."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(kw_only=True, frozen=True)
class Imposition:
    """Panels (row-major, top-left first), cut lines and fold lines on one page."""

    page_width: float
    page_height: float
    cols: int
    rows: int
    panels: tuple[Rect, ...]
    cuts: tuple[Line, ...]
    folds: tuple[Line, ...]

    @property
    def grid(self) -> Rect:
        """The box covering all panels."""
        first, last = self.panels[0], self.panels[-1]
        return Rect(first.x, first.y, last.right - first.x, last.bottom - first.y)


def grids(n: int) -> list[tuple[int, int]]:
    """Every (cols, rows) with cols * rows == n."""
    return [(c, n // c) for c in range(1, n + 1) if n % c == 0]


def choose_grid(n: int, panel_w: float, panel_h: float, page_w: float, page_h: float) -> tuple[int, int] | None:
    """The grid of n panels that fits the page with the widest smallest margin; None if none fits."""
    best, best_margin = None, -1.0
    for cols, rows in grids(n):
        slack_x = page_w - cols * panel_w
        slack_y = page_h - rows * panel_h
        if slack_x < -1e-9 or slack_y < -1e-9:
            continue
        margin = min(slack_x, slack_y) / 2
        if margin > best_margin + 1e-9:
            best, best_margin = (cols, rows), margin
    return best


def impose(
    page_w: float,
    page_h: float,
    panel_w: float,
    panel_h: float,
    n: int,
    fold: bool = False,
    overhang: float = OVERHANG,
    edge_clear: float = EDGE_CLEAR,
) -> Imposition:
    """Lay out n panels centred on a page; ValueError if they cannot fit."""
    if n < 1:
        raise ValueError("n must be at least 1")
    chosen = choose_grid(n, panel_w, panel_h, page_w, page_h)
    if chosen is None:
        raise ValueError(
            f"{n} panels of {panel_w:g} x {panel_h:g} mm do not fit on a {page_w:g} x {page_h:g} mm page in any grid"
        )
    cols, rows = chosen
    x0 = (page_w - cols * panel_w) / 2
    y0 = (page_h - rows * panel_h) / 2
    panels = tuple(Rect(x0 + c * panel_w, y0 + r * panel_h, panel_w, panel_h) for r in range(rows) for c in range(cols))
    xs = [x0 + c * panel_w for c in range(cols + 1)]
    ys = [y0 + r * panel_h for r in range(rows + 1)]
    top = max(edge_clear, y0 - overhang)
    bottom = min(page_h - edge_clear, ys[-1] + overhang)
    left = max(edge_clear, x0 - overhang)
    right = min(page_w - edge_clear, xs[-1] + overhang)

    def printable(v: float, length: float) -> bool:
        return edge_clear - 1e-9 <= v <= length - edge_clear + 1e-9

    vertical = [Line(x, top, x, bottom) for x in xs]
    horizontal = [Line(left, y, right, y) for y in ys]
    if not fold:
        cuts = [v for v in vertical if printable(v.x1, page_w)] + [h for h in horizontal if printable(h.y1, page_h)]
        return Imposition(
            page_width=page_w, page_height=page_h, cols=cols, rows=rows, panels=panels, cuts=tuple(cuts), folds=()
        )
    outline = [
        line
        for line, keep in (
            (vertical[0], printable(xs[0], page_w)),
            (vertical[-1], printable(xs[-1], page_w)),
            (horizontal[0], printable(ys[0], page_h)),
            (horizontal[-1], printable(ys[-1], page_h)),
        )
        if keep
    ]
    folds = [Line(x, ys[0], x, ys[-1]) for x in xs[1:-1]] + [Line(xs[0], y, xs[-1], y) for y in ys[1:-1]]
    return Imposition(
        page_width=page_w,
        page_height=page_h,
        cols=cols,
        rows=rows,
        panels=panels,
        cuts=tuple(outline),
        folds=tuple(folds),
    )
