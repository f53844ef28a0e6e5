"""Plane geometry for drawing boards (pure, millimetres, top-left origin).

Rectangles, where a line from a space's centre leaves its shape, arrow heads,
segment/rectangle tests, text wrapping with an injected width function, and
finding a free place on the board for a box (legend, note, title).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from rulepress.layout.geometry import Point, Rect, clip_segment

Measure = Callable[[str, str, float], float]  # (text, font, size in pt) -> width in mm
PT = 25.4 / 72.0  # millimetres per point


def centred(centre: Point, w: float, h: float) -> Rect:
    return Rect(centre[0] - w / 2, centre[1] - h / 2, w, h)


def boundary_point(rect: Rect, shape: str, toward: Point) -> Point:
    """Where the ray from the centre of a shape towards `toward` leaves the shape."""
    cx, cy = rect.centre
    dx, dy = toward[0] - cx, toward[1] - cy
    if dx == 0 and dy == 0:
        return cx, cy
    a, b = rect.w / 2, rect.h / 2
    if shape == "circle":
        t = 1.0 / math.sqrt((dx / a) ** 2 + (dy / b) ** 2)
    else:
        t = min(a / abs(dx) if dx else math.inf, b / abs(dy) if dy else math.inf)
    t = min(t, 1.0)
    return cx + dx * t, cy + dy * t


def shorten(p: Point, q: Point, by: float) -> Point:
    """The point `by` mm before `q` on the segment p -> q (p itself if too short)."""
    length = math.dist(p, q)
    if length <= by:
        return p
    f = (length - by) / length
    return p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f


def arrow_head(p: Point, q: Point, length: float = 3.0, width: float = 2.4) -> tuple[Point, Point, Point]:
    """Triangle of an arrow head pointing at `q` along p -> q."""
    dist = math.dist(p, q) or 1.0
    ux, uy = (q[0] - p[0]) / dist, (q[1] - p[1]) / dist
    bx, by = q[0] - ux * length, q[1] - uy * length
    nx, ny = -uy * width / 2, ux * width / 2
    return q, (bx + nx, by + ny), (bx - nx, by - ny)


def segment_hits_rect(p: Point, q: Point, rect: Rect) -> bool:
    """True when the segment p -> q touches the inside of `rect`."""
    return clip_segment(p, q, rect) is not None


def point_along(p: Point, q: Point, t: float) -> Point:
    return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t


def two_line_splits(text: str) -> list[tuple[str, str]]:
    """Ways to break `text` into two lines, at spaces and after hyphens, most balanced first."""
    splits = []
    for i, ch in enumerate(text):
        if ch == " ":
            splits.append((text[:i], text[i + 1 :]))
        elif ch in "-–/" and 0 < i < len(text) - 1:
            splits.append((text[: i + 1], text[i + 1 :].lstrip()))
    splits = [(a.strip(" ·"), b.strip(" ·")) for a, b in splits if a.strip(" ·") and b.strip(" ·")]
    if " · " in text:  # lists of values break between items only
        splits = [(a, b) for a, b in splits if text.startswith(a + " · ")]
    return sorted(splits, key=lambda s: abs(len(s[0]) - len(s[1])))


def wrap(text: str, width: float, measure: Measure, font: str, size: float) -> list[str]:
    """Greedy word wrap of `text` into lines no wider than `width` mm (a long word stays whole)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}".strip()
            if line and measure(candidate, font, size) > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def place_box(
    w: float,
    h: float,
    bounds: Rect,
    rects: Iterable[Rect],
    segments: Iterable[tuple[Point, Point]],
    prefer: Point,
    step: float = 4.0,
    pad: float = 2.0,
) -> tuple[Rect, float]:
    """A free place for a w x h box inside `bounds`.

    Candidates lie on a grid of `step` mm; the best has the least overlap with
    `rects` (grown by `pad`) and crossing `segments`, then lies nearest to
    `prefer` (a point in mm: where the box's centre would ideally be).
    Returns the box and its remaining collision score (0 = free).
    """
    rects = [r.grown(pad) for r in rects]
    segments = list(segments)
    nx = max(0, int((bounds.w - w) // step))
    ny = max(0, int((bounds.h - h) // step))
    xs = [bounds.x + (i * step if i < nx else max(0.0, bounds.w - w)) for i in range(nx + 1)]
    ys = [bounds.y + (j * step if j < ny else max(0.0, bounds.h - h)) for j in range(ny + 1)]
    candidates = sorted((math.dist((x + w / 2, y + h / 2), prefer), x, y) for x in xs for y in ys)
    best: Rect | None = None
    best_score = math.inf
    edges = [(r.x, r.y, r.right, r.bottom) for r in rects]
    for _, x, y in candidates:  # nearest first: the first free place wins
        box = Rect(x, y, w, h)
        x1, y1 = x + w, y + h
        score = 0.0
        for rx0, ry0, rx1, ry1 in edges:
            if rx0 < x1 and x < rx1 and ry0 < y1 and y < ry1:
                score += (min(x1, rx1) - max(x, rx0)) * (min(y1, ry1) - max(y, ry0))
                if score >= best_score:
                    break
        else:
            for p, q in segments:
                if segment_hits_rect(p, q, box):
                    score += 25.0
                    if score >= best_score:
                        break
        if score < best_score:
            best, best_score = box, score
            if score == 0:
                break
    assert best is not None  # there is at least one candidate, and its score is finite
    return best, best_score


def hatch_lines(rect: Rect, spacing: float = 2.5) -> list[tuple[Point, Point]]:
    """Diagonal lines (45°, rising to the right) covering `rect`, clipped to it."""
    lines = []
    start = -rect.h
    k = 0
    while start + k * spacing < rect.w:
        offset = start + k * spacing  # x where the line crosses the bottom edge
        # line: x = offset + (bottom - y); clip to the rect
        x0, y0 = offset, rect.h
        x1, y1 = offset + rect.h, 0.0
        if x0 < 0:
            y0, x0 = rect.h + x0, 0.0
        if x1 > rect.w:
            y1, x1 = x1 - rect.w, rect.w
        if x1 > x0:
            lines.append(((rect.x + x0, rect.y + y0), (rect.x + x1, rect.y + y1)))
        k += 1
    return lines


def luminance(color: str) -> float:
    """Relative brightness 0..1 of a #rrggbb colour."""
    r, g, b = (int(color[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def shade(color: str, factor: float) -> str:
    """`color` darkened (factor < 1) or lightened towards white (factor > 1)."""
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    if factor <= 1:
        r, g, b = (int(v * factor) for v in (r, g, b))
    else:
        f = min(factor - 1, 1.0)
        r, g, b = (int(v + (255 - v) * f) for v in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


def dot_grid(rect: Rect, spacing: float) -> list[Point]:
    """Centres of a staggered dot texture covering `rect`."""
    dots = []
    row = 0
    y = rect.y + spacing / 2
    while y < rect.bottom:
        x = rect.x + (spacing / 2 if row % 2 else 0.0)
        while x < rect.right:
            dots.append((x, y))
            x += spacing
        y += spacing * 0.87
        row += 1
    return dots


WEAVE_JITTER = (0.0, 0.3, 0.1, 0.45, 0.2, 0.05, 0.35, 0.15, 0.4, 0.25, 0.0)  # share of the spacing, in turn


def weave_lines(rect: Rect, spacing: float) -> list[tuple[Point, Point]]:
    """A linen texture covering `rect`: horizontal and vertical threads about `spacing` apart, each moved by a
    fixed, uneven share of the spacing (`WEAVE_JITTER`, the rows and columns out of step), so the weave
    does not look like ruled paper."""
    lines = []
    for k in range(int(rect.h / spacing) + 1):
        y = rect.y + k * spacing + WEAVE_JITTER[k % len(WEAVE_JITTER)] * spacing
        if y < rect.bottom:
            lines.append(((rect.x, y), (rect.right, y)))
    for k in range(int(rect.w / spacing) + 1):
        x = rect.x + k * spacing + WEAVE_JITTER[(k + 5) % len(WEAVE_JITTER)] * spacing
        if x < rect.right:
            lines.append(((x, rect.y), (x, rect.bottom)))
    return lines


def wave_rows(rect: Rect, spacing: float) -> list[tuple[Point, ...]]:
    """A sea texture covering `rect`: rows of gentle waves (polylines) `spacing` apart, each row shifted by
    half a wave against the one above; a wave is four spacings long and a sixth of a spacing high."""
    length, height = 4 * spacing, spacing / 6
    step = length / 8  # eight points a wave: smooth at a hairline, a third fewer than twelve
    rows = []
    for k in range(int(rect.h / spacing) + 1):
        y0 = rect.y + spacing / 2 + k * spacing
        if y0 >= rect.bottom:
            break
        phase = math.pi if k % 2 else 0.0
        n = int(rect.w / step) + 1
        rows.append(
            tuple(
                (rect.x + i * step, y0 + height * math.sin(2 * math.pi * i * step / length + phase))
                for i in range(n + 1)
            )
        )
    return rows
