"""Plain rectangles in millimetres, top-left origin: the one box type the layout modules share."""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class Rect:
    """A box: top-left corner (x, y), width w and height h, in mm."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def width(self) -> float:
        """Long name of `w`."""
        return self.w

    @property
    def height(self) -> float:
        """Long name of `h`."""
        return self.h

    @property
    def centre(self) -> Point:
        return self.x + self.w / 2, self.y + self.h / 2

    def inset(self, d: float) -> Rect:
        """The box shrunk by `d` on every side (grown for negative `d`)."""
        return Rect(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def grown(self, pad: float) -> Rect:
        """The box grown by `pad` on every side."""
        return self.inset(-pad)

    def overlap_area(self, other: Rect) -> float:
        dx = min(self.right, other.right) - max(self.x, other.x)
        dy = min(self.bottom, other.bottom) - max(self.y, other.y)
        return dx * dy if dx > 0 and dy > 0 else 0.0

    def intersects(self, other: Rect, tolerance: float = 1e-6) -> bool:
        dx = min(self.right, other.right) - max(self.x, other.x)
        dy = min(self.bottom, other.bottom) - max(self.y, other.y)
        return dx > tolerance and dy > tolerance

    def inside(self, other: Rect, tolerance: float = 1e-6) -> bool:
        """True when this box lies within `other`."""
        return (
            self.x >= other.x - tolerance
            and self.y >= other.y - tolerance
            and self.right <= other.right + tolerance
            and self.bottom <= other.bottom + tolerance
        )


def clip_segment(p: Point, q: Point, rect: Rect) -> tuple[float, float] | None:
    """Where the segment p -> q lies inside `rect`, as the parameters (t0, t1) of p + t (q - p), 0 <= t0 <= t1 <= 1
    (Liang-Barsky clipping); None when it misses the rectangle."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for edge_p, edge_q in (
        (-dx, p[0] - rect.x),
        (dx, rect.right - p[0]),
        (-dy, p[1] - rect.y),
        (dy, rect.bottom - p[1]),
    ):
        if abs(edge_p) < 1e-12:  # parallel to this edge: inside its half-plane or not at all
            if edge_q < 0:
                return None
            continue
        t = edge_q / edge_p
        if edge_p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return t0, t1
