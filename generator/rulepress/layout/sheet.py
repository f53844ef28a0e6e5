"""Card sheet geometry: the grid on the page, bleed, crop marks, duplex mirroring.

Pure functions on millimetres, origin at the top-left of the page, y downwards
(see `rulepress.layout.paper`). Nothing here knows ReportLab.

Placement rule: as many cards as the paper holds. ``gap="spaced"`` (the
default) keeps cards apart by twice the bleed, so every card has its full
bleed on all four sides and a slightly missed cut never shows the neighbour's
colour; ``gap="butted"`` lets neighbours touch and share one cut line, with
bleed only outside the grid (more cards per page). The grid is centred. Crop
marks sit on the extended trim lines, start `mark_offset` outside the bleed
and stop at least `page_clearance` short of the page edge (shortened when the
margin is narrow, never below `min_mark_length`). Nothing printed comes closer
to the page edge than `PRINTABLE_MARGIN` (most home printers cannot print
there): a spec that asks for less is a SheetError, and so is a card that does
not fit inside it. Marks are drawn only for the cards a page holds, so a half
empty last page has no marks for its empty rows.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass

from rulepress.layout.geometry import Rect
from rulepress.layout.paper import PRINTABLE_MARGIN


class SheetError(ValueError):
    """The cards cannot be placed on the paper (too large)."""


Box = Rect  # the card grid's name for a box


@dataclass(frozen=True)
class SheetSpec:
    """Everything the grid depends on."""

    paper_w: float
    paper_h: float
    card_w: float
    card_h: float
    _: KW_ONLY  # the paper's and the card's size by position, the rest by name
    bleed: float = 3.0
    marks: str = "crop"  # crop, lines, none
    mark_length: float = 4.0
    min_mark_length: float = 1.0
    mark_offset: float = 0.5
    page_clearance: float = PRINTABLE_MARGIN
    gap: str = "spaced"  # spaced (twice the bleed between cards) or butted (shared cut lines)


@dataclass(frozen=True)
class Grid:
    spec: SheetSpec
    cols: int
    rows: int
    gap: float
    trims: tuple[Box, ...]  # row-major
    bleeds: tuple[Box, ...]  # the area each card may paint (trim plus its share of bleed)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def outer(self) -> Box:
        """The trim boxes' hull."""
        x, y = min(b.x for b in self.trims), min(b.y for b in self.trims)
        return Box(x, y, max(b.right for b in self.trims) - x, max(b.bottom for b in self.trims) - y)


GAPS = ("spaced", "butted")


def check_spec(spec: SheetSpec) -> None:
    """SheetError when the spec itself breaks a rule (marks too close to the edge, unknown gap)."""
    if spec.gap not in GAPS:
        raise SheetError(f"gap must be one of {', '.join(GAPS)}, not {spec.gap!r}")
    if spec.page_clearance < PRINTABLE_MARGIN - 1e-9:
        raise SheetError(
            f"page_clearance {spec.page_clearance:g} mm is less than the {PRINTABLE_MARGIN:g} mm "
            "most printers leave blank at the page edge"
        )


def _margin(spec: SheetSpec) -> float:
    """Space needed between the outer trim and the page edge on each side."""
    if spec.marks == "crop":
        return spec.bleed + spec.mark_offset + spec.min_mark_length + spec.page_clearance
    return spec.bleed + spec.page_clearance


def _count(length: float, card: float, gap: float, margin: float) -> int:
    room = length - 2 * margin
    if room < card:
        return 0
    return int((room + gap) // (card + gap) + 1e-9)


def grid(spec: SheetSpec) -> Grid:
    """The centred grid of card positions; SheetError when not even one card fits."""
    check_spec(spec)
    margin = _margin(spec)
    gap = 2 * spec.bleed if spec.gap == "spaced" else 0.0
    cols = _count(spec.paper_w, spec.card_w, gap, margin)
    rows = _count(spec.paper_h, spec.card_h, gap, margin)
    if cols == 0 or rows == 0:
        raise SheetError(
            f"a card of {spec.card_w:g} x {spec.card_h:g} mm (plus {margin:g} mm for bleed, marks "
            f"and the {spec.page_clearance:g} mm unprintable edge on each side) does not fit on "
            f"paper of {spec.paper_w:g} x {spec.paper_h:g} mm"
        )
    total_w = cols * spec.card_w + (cols - 1) * gap
    total_h = rows * spec.card_h + (rows - 1) * gap
    x0 = (spec.paper_w - total_w) / 2
    y0 = (spec.paper_h - total_h) / 2
    trims, bleeds = [], []
    half = gap / 2
    for r in range(rows):
        for c in range(cols):
            box = Box(x0 + c * (spec.card_w + gap), y0 + r * (spec.card_h + gap), spec.card_w, spec.card_h)
            left = spec.bleed if c == 0 else min(spec.bleed, half)
            right = spec.bleed if c == cols - 1 else min(spec.bleed, half)
            top = spec.bleed if r == 0 else min(spec.bleed, half)
            bottom = spec.bleed if r == rows - 1 else min(spec.bleed, half)
            trims.append(box)
            bleeds.append(Box(box.x - left, box.y - top, box.w + left + right, box.h + top + bottom))
    return Grid(spec, cols, rows, gap, tuple(trims), tuple(bleeds))


def trim_lines(g: Grid) -> tuple[list[float], list[float]]:
    """Distinct x positions of vertical cut lines and y positions of horizontal ones."""
    xs = sorted({round(v, 6) for b in g.trims for v in (b.x, b.right)})
    ys = sorted({round(v, 6) for b in g.trims for v in (b.y, b.bottom)})
    return xs, ys


def used(g: Grid, count: int | None = None) -> Grid:
    """The grid reduced to its first `count` cards (a page that is not full); the whole grid for None."""
    if count is None or count >= g.per_page:
        return g
    if count < 1:
        raise ValueError("a page holds at least one card")
    rows = -(-count // g.cols)
    return Grid(g.spec, min(count, g.cols), rows, g.gap, g.trims[:count], g.bleeds[:count])


def crop_marks(g: Grid, count: int | None = None, reserve: float = 0.0) -> list[tuple[float, float, float, float]]:
    """Crop mark segments (x1, y1, x2, y2): each trim line extended outside the bleed on both ends.

    With `count`, only the lines of the first `count` cards are marked. `reserve` mm above the bottom page
    clearance are kept free of marks (a line of print guidance goes there, see `guide_room`)."""
    spec = g.spec
    g = used(g, count)
    outer = g.outer
    xs, ys = trim_lines(g)
    segments = []
    start = spec.bleed + spec.mark_offset
    # vertical marks above and below the grid
    top_room = outer.y - start - spec.page_clearance
    bottom_room = spec.paper_h - outer.bottom - start - spec.page_clearance - reserve
    length_v = min(spec.mark_length, top_room, bottom_room)
    for x in xs:
        segments.append((x, outer.y - start - length_v, x, outer.y - start))
        segments.append((x, outer.bottom + start, x, outer.bottom + start + length_v))
    left_room = outer.x - start - spec.page_clearance
    right_room = spec.paper_w - outer.right - start - spec.page_clearance
    length_h = min(spec.mark_length, left_room, right_room)
    for y in ys:
        segments.append((outer.x - start - length_h, y, outer.x - start, y))
        segments.append((outer.right + start, y, outer.right + start + length_h, y))
    return segments


def guide_room(g: Grid, count: int | None, band: float) -> bool:
    """True when a `band` mm high line of text fits between the bottom page clearance and the bottom crop
    marks (shortened, never below their minimum length) of a page holding `count` cards."""
    spec = g.spec
    outer = used(g, count).outer
    room = spec.paper_h - outer.bottom - spec.bleed - spec.mark_offset - spec.page_clearance
    needed = band + (spec.min_mark_length if spec.marks == "crop" else 0.0)
    return room >= needed - 1e-9


def mirror_axis(flip: str, paper_w: float, paper_h: float) -> str:
    """'x' when the back page mirrors columns, 'y' when it mirrors rows.

    Turning the sheet over its long edge: on a portrait page the long edge is
    vertical, so columns swap; on a landscape page rows swap. The short edge is
    the other way round.
    """
    if flip not in ("long", "short"):
        raise ValueError(f"flip must be 'long' or 'short', not {flip!r}")
    portrait = paper_h >= paper_w
    return "x" if (flip == "long") == portrait else "y"


def back_box(
    box: Box, paper_w: float, paper_h: float, flip: str = "long", offset: tuple[float, float] = (0.0, 0.0)
) -> Box:
    """Where the back of a card at `box` goes on the back page, plus the printer offset."""
    if mirror_axis(flip, paper_w, paper_h) == "x":
        x, y = paper_w - box.x - box.w, box.y
    else:
        x, y = box.x, paper_h - box.y - box.h
    return Box(x + offset[0], y + offset[1], box.w, box.h)


def chunks(items: list, size: int) -> list[list]:
    """Split `items` into pages of `size`."""
    return [items[i : i + size] for i in range(0, len(items), size)]
