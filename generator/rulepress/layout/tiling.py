"""Tiling a large board onto home paper (pure geometry in millimetres).

A board of ``width x height`` mm is cut into a grid of tiles. Each tile is the
part of the board printed in the tile window of one sheet: the sheet minus a
margin all round and a footer band for the tile label. Neighbouring tiles share
exactly ``overlap`` mm of the board (the glue margin): tile ``i`` of an axis
covers ``[i * step, i * step + window]`` with ``step = window - overlap``, cut
at the board edge. The paper orientation giving fewer sheets is chosen
(portrait on a tie).

Rows are lettered (A, B, ... Z, AA, ...) from the top, columns numbered from 1
at the left: the tile at row B, column 3 is ``B3``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rulepress.layout.paper import Paper

DEFAULT_OVERLAP = 10.0  # mm of glue margin shared by neighbouring tiles
DEFAULT_MARGIN = 8.0  # mm left unprinted at each sheet edge (most home printers need ~5)
DEFAULT_FOOTER = 9.0  # mm band under the tile window for the tile label


@dataclass(frozen=True)
class Tile:
    """One sheet's part of the board, in board millimetres."""

    row: int
    col: int
    x: float
    y: float
    width: float
    height: float

    @property
    def label(self) -> str:
        return row_label(self.row) + str(self.col + 1)

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def contains(self, x: float, y: float, tolerance: float = 1e-9) -> bool:
        """True when the board point lies on this tile (the last tile's edge may miss the board's by rounding)."""
        return self.x - tolerance <= x <= self.right + tolerance and self.y - tolerance <= y <= self.bottom + tolerance


@dataclass(kw_only=True, frozen=True)
class TilePlan:
    """How a board is cut into tiles and where each tile sits on its sheet."""

    board_width: float
    board_height: float
    paper: Paper  # oriented sheet
    overlap: float
    window_x: float  # top-left of the tile window on the sheet (mm from the sheet's top-left)
    window_y: float
    window_width: float
    window_height: float
    rows: int
    cols: int
    tiles: tuple[Tile, ...]

    def tile(self, row: int, col: int) -> Tile:
        return self.tiles[row * self.cols + col]

    def neighbours(self, tile: Tile) -> dict[str, Tile]:
        """The tiles left, right, above and below `tile` (only those that exist)."""
        found = {}
        for side, (dr, dc) in {"left": (0, -1), "right": (0, 1), "top": (-1, 0), "bottom": (1, 0)}.items():
            r, c = tile.row + dr, tile.col + dc
            if 0 <= r < self.rows and 0 <= c < self.cols:
                found[side] = self.tile(r, c)
        return found


def row_label(index: int) -> str:
    """Spreadsheet-style row letters: 0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def axis_spans(length: float, window: float, overlap: float) -> list[tuple[float, float]]:
    """Start and end of each tile along one axis of `length` mm.

    Every span is at most `window` long and all are equally long (the fewest
    that cover the axis, balanced), consecutive spans overlap by exactly
    `overlap`, the first starts at 0 and the last ends at `length`.
    """
    if length <= 0 or window <= 0:
        raise ValueError("length and window must be positive")
    if not 0 <= overlap < window:
        raise ValueError(f"overlap {overlap} mm must be at least 0 and smaller than the tile window {window} mm")
    if length <= window:
        return [(0.0, float(length))]
    step = window - overlap
    # the smallest n with (n - 1) * step + window >= length
    count = max(1, math.ceil((length - window) / step - 1e-9) + 1)
    # balanced: every span equally long, so no sheet carries only a sliver of new board
    span = (length + (count - 1) * overlap) / count
    return [(i * (span - overlap), min(i * (span - overlap) + span, float(length))) for i in range(count)]


def plan_tiles(
    board_width: float,
    board_height: float,
    paper: Paper,
    overlap: float = DEFAULT_OVERLAP,
    margin: float = DEFAULT_MARGIN,
    footer: float = DEFAULT_FOOTER,
) -> TilePlan:
    """Cut a board into tiles for `paper`, trying both orientations."""
    plans = []
    for orientation in ("portrait", "landscape"):
        sheet = paper.oriented(orientation)
        window_w = sheet.width - 2 * margin
        window_h = sheet.height - 2 * margin - footer
        if window_w <= overlap or window_h <= overlap:
            raise ValueError(f"overlap {overlap} mm leaves no room on {paper.name} with a {margin} mm margin")
        xs = axis_spans(board_width, window_w, overlap)
        ys = axis_spans(board_height, window_h, overlap)
        tiles = tuple(
            Tile(r, c, x0, y0, x1 - x0, y1 - y0) for r, (y0, y1) in enumerate(ys) for c, (x0, x1) in enumerate(xs)
        )
        plans.append(
            TilePlan(
                board_width=board_width,
                board_height=board_height,
                paper=sheet,
                overlap=overlap,
                window_x=margin,
                window_y=margin,
                window_width=window_w,
                window_height=window_h,
                rows=len(ys),
                cols=len(xs),
                tiles=tiles,
            )
        )
    return min(plans, key=lambda p: len(p.tiles))  # min keeps the first (portrait) on a tie


def registration_points(plan: TilePlan) -> list[tuple[float, float]]:
    """Board points inside the overlap strips, printed as registration marks.

    Each point lies on every tile whose area contains it, so the marks of two
    neighbouring tiles fall on top of one another when the tiles are aligned.
    Two marks per seam and tile edge, plus one where four tiles meet.
    """
    points = []
    half = plan.overlap / 2
    for r in range(plan.rows):
        for c in range(plan.cols):
            tile = plan.tile(r, c)
            if c + 1 < plan.cols:  # vertical seam at the right of this tile
                x = plan.tile(r, c + 1).x + half
                points += [(x, tile.y + tile.height * 0.25), (x, tile.y + tile.height * 0.75)]
            if r + 1 < plan.rows:  # horizontal seam below this tile
                y = plan.tile(r + 1, c).y + half
                points += [(tile.x + tile.width * 0.25, y), (tile.x + tile.width * 0.75, y)]
            if c + 1 < plan.cols and r + 1 < plan.rows:
                points.append((plan.tile(r, c + 1).x + half, plan.tile(r + 1, c).y + half))
    return points


def covered(plan: TilePlan, tile: Tile, x: float, y: float) -> bool:
    """True when board point (x, y) on `tile` lies in a glue strip that a neighbour covers (right or bottom)."""
    near = plan.neighbours(tile)
    return ("right" in near and x >= near["right"].x) or ("bottom" in near and y >= near["bottom"].y)


def mark_placements(plan: TilePlan, tile: Tile) -> list[tuple[str, float, float]]:
    """Registration crosses of one tile as (kind, x, y) in sheet mm.

    Every registration point the tile holds gets a cross, so the two tiles of an
    overlap carry a cross at the same board point: a 'cross' (ringed, bold) where
    the point lies in this tile's glue strip that a neighbour will cover, a
    'fine-cross' (hairline, no ring) where it lies in the strip that stays visible
    and is laid over the neighbour's. The user lays each fine cross exactly on its
    bold cross (against the light); the bold ones end up under the glued tile.
    """
    found = []
    for x, y in registration_points(plan):
        if not tile.contains(x, y):
            continue
        sx, sy = to_sheet(plan, tile, x, y)
        found.append(("cross" if covered(plan, tile, x, y) else "fine-cross", sx, sy))
    return found


def to_sheet(plan: TilePlan, tile: Tile, x: float, y: float) -> tuple[float, float]:
    """A board point as sheet millimetres (top-left origin) on `tile`'s sheet."""
    return plan.window_x + x - tile.x, plan.window_y + y - tile.y
