"""Geometry of the duplex calibration sheet, in mm from the page's top-left corner.

The front page carries the instructions, a few crosses and a 100 mm scale bar
(a ruler laid on it shows whether the printer printed at actual size); the back
page carries, at each cross's mirrored position, two millimetre rulers: one
below the point (read where the cross's vertical arm meets it: the x offset)
and one to its right (the horizontal arm: the y offset). Their labels stand in
two staggered rows, so labels 2 mm apart never touch at a readable size. The
rulers sit far enough from the point and from each other that no tick or label
of one touches the other, the crosses reach across both rulers, and every spot
keeps clear of the instructions, the scale bar and the page's unprintable edge.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulepress.layout.geometry import Point, Rect
from rulepress.layout.paper import PRINTABLE_MARGIN

RANGE = 5.0  # mm: each ruler reads -RANGE .. +RANGE
STEP = 0.5  # mm between ticks
LABEL_EVERY = 2.0  # mm between labels
DISTANCE = 7.0  # mm from the point to the ruler's base line
TICK, LONG_TICK = 1.5, 2.5  # mm
LABEL_GAP = 1.0  # mm between the longest tick and its label
LABEL_ROOM = 2.5  # mm a label needs beyond LABEL_GAP (its height below a ruler, its width beside one)
STAGGER = 2.6  # mm: every other label stands this much further out (a second row)
ARM = DISTANCE + LONG_TICK + 1.0  # mm: a cross's arm crosses the whole ruler
TEXT_CLEARANCE = 6.0  # mm between the instructions and a spot's extent


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Label:
    """A ruler label: its anchor (centre x and baseline for the x ruler, left x and middle y for the y ruler)."""

    x: float
    y: float
    text: str
    axis: str  # 'x': centred below a tick; 'y': left-aligned beside a tick


def cross(point: Point) -> list[Segment]:
    """The front page's cross at `point`."""
    x, y = point
    return [Segment(x - ARM, y, x + ARM, y), Segment(x, y - ARM, x, y + ARM)]


def _ticks() -> list[tuple[float, bool, bool]]:
    """(offset, long tick?, labelled?) from -RANGE to +RANGE."""
    n = round(RANGE / STEP)
    result = []
    for i in range(-n, n + 1):
        v = i * STEP
        labelled = abs(v / LABEL_EVERY - round(v / LABEL_EVERY)) < 1e-9
        result.append((v, abs(v - round(v)) < 1e-9, labelled))
    return result


def label_text(value: float) -> str:
    """A ruler reading as printed: '0', '2', '-2' (hyphen-minus keeps labels narrow)."""
    return f"{value:g}" if value else "0"


def rulers(point: Point) -> tuple[list[Segment], list[Label]]:
    """Ticks and labels of both rulers around a point on the back page."""
    x, y = point
    ticks, labels = [], []
    for v, long_tick, labelled in _ticks():
        t = LONG_TICK if long_tick else TICK
        ticks.append(Segment(x + v, y + DISTANCE, x + v, y + DISTANCE + t))  # x ruler below the point
        ticks.append(Segment(x + DISTANCE, y + v, x + DISTANCE + t, y + v))  # y ruler right of the point
        if labelled:
            out = STAGGER if round(v / LABEL_EVERY) % 2 else 0.0  # the second row
            base = DISTANCE + LONG_TICK + LABEL_GAP + out
            labels.append(Label(x + v, y + base + LABEL_ROOM * 0.8, label_text(v), "x"))
            labels.append(Label(x + base, y + v, label_text(v), "y"))
    return ticks, labels


def extent(point: Point) -> Rect:
    """The box a spot's cross and rulers (with labels) may occupy."""
    x, y = point
    reach = DISTANCE + LONG_TICK + LABEL_GAP + STAGGER + LABEL_ROOM
    left = min(x - ARM, x - RANGE - LABEL_ROOM / 2)
    top = y - ARM
    right = max(x + ARM, x + reach)
    bottom = max(y + ARM, y + reach)
    return Rect(left, top, right - left, bottom - top)


def spots(width: float, height: float, text_bottom: float) -> list[Point]:
    """Five points: the page centre and four near the corners, below the instructions and above the scale bar;
    every extent (on either side of the sheet) keeps PRINTABLE_MARGIN from the edges and TEXT_CLEARANCE from
    the instructions and the bar."""
    inset = PRINTABLE_MARGIN + 20.0
    top = max(text_bottom + TEXT_CLEARANCE + ARM, inset)
    bottom = scale_bar(width, height)[2].y - TEXT_CLEARANCE - (DISTANCE + LONG_TICK + LABEL_GAP + STAGGER + LABEL_ROOM)
    return [
        (width / 2, (top + bottom) / 2),
        (inset, top),
        (width - inset, top),
        (inset, bottom),
        (width - inset, bottom),
    ]


SCALE = 100.0  # mm: the scale bar's length
SCALE_TICK, SCALE_LONG = 2.0, 4.0  # mm: ticks every 5 mm, long ones (labelled) every 10 mm
SCALE_ROOM = 13.0  # mm above the bar for its caption, below it for its labels


SCALE_BAND = 1.5  # mm: height of the band of alternating 10 mm blocks on the bar


def scale_blocks(width: float, height: float) -> list[Rect]:
    """The dark blocks of the bar's band, every other 10 mm (0-10, 20-30, ...), just above its line: a surveyor's
    scale, read at a glance and against a ruler's own centimetres."""
    left = (width - SCALE) / 2
    y = height - PRINTABLE_MARGIN - 12.0
    return [Rect(left + mm, y - SCALE_BAND, 10.0, SCALE_BAND) for mm in range(0, round(SCALE), 20)]


def scale_bar(width: float, height: float) -> tuple[list[Segment], list[Label], Rect]:
    """The 100 mm bar centred near the foot of the front page: its line and ticks, its labels (centre x and
    baseline, every 10 mm) and the box its caption goes in, above it."""
    left = (width - SCALE) / 2
    y = height - PRINTABLE_MARGIN - 12.0  # the bar's line, clear of the how-to-print line at the foot
    segments = [Segment(left, y, left + SCALE, y)]
    labels = []
    for mm in range(0, round(SCALE) + 1, 5):
        long_tick = mm % 10 == 0
        segments.append(Segment(left + mm, y, left + mm, y - (SCALE_LONG if long_tick else SCALE_TICK)))
        if long_tick:
            labels.append(Label(left + mm, y + 3.2, str(mm), "x"))
    caption = Rect(
        PRINTABLE_MARGIN + 10.0, y - SCALE_LONG - 1.0 - SCALE_ROOM, width - 2 * (PRINTABLE_MARGIN + 10.0), SCALE_ROOM
    )
    return segments, labels, caption
