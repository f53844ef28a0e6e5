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
