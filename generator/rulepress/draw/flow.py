"""A turn's flow as a diagram: the steps of a ``{flow}`` block in framed boxes joined by arrows.

`FlowDiagram` is a ReportLab flowable for quick references and the rulebook. The
steps stand in one row when each box keeps room for its longest word, else in
one column with arrows pointing down; a box is as high as the tallest step of
its row. Text is the same paragraph markup as the text around it (bold, icons).
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph

LINE = "#4a4a4a"  # box outlines and arrows
FILL = "#f1eee6"  # box background: light enough for text, visible on white paper and in greyscale
PAD = 0.45  # of the body size: room between a box's edge and its text
ARROW = 1.5  # of the body size: the room an arrow takes between two boxes
MIN_BOX = 5.0  # of the body size: the narrowest box a row may have


class FlowDiagram(Flowable):
    """The steps (paragraph markup) as boxes joined by arrows, in a row or, when too narrow, a column."""

    def __init__(self, steps: list[str], style: ParagraphStyle):
        super().__init__()
        size = style.fontSize
        self.size = size
        self.paragraphs = [
            Paragraph(step, ParagraphStyle("flow", parent=style, alignment=1, spaceBefore=0, spaceAfter=0))
            for step in steps
        ]
        self.spaceBefore = size * 0.4
        self.spaceAfter = size * 0.5
        self.row = True
        self.boxes: list[tuple[float, float, float, float]] = []  # x, y (from the top), w, h in pt

    def minWidth(self) -> float:  # noqa: N802  (ReportLab's name)
        pad = PAD * self.size
        return max((p.minWidth() for p in self.paragraphs), default=0.0) + 2 * pad

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        pad, arrow, n = PAD * self.size, ARROW * self.size, len(self.paragraphs)
        box_w = (availWidth - (n - 1) * arrow) / max(n, 1)
        self.row = (
            n > 0
            and box_w >= MIN_BOX * self.size
            and all(p.minWidth() <= box_w - 2 * pad + 1e-6 for p in self.paragraphs)
        )
        self.boxes = []
        if self.row:
            heights = [p.wrap(box_w - 2 * pad, availHeight)[1] for p in self.paragraphs]
            h = max(heights, default=0.0) + 2 * pad
            self.boxes = [(i * (box_w + arrow), 0.0, box_w, h) for i in range(n)]
            self.width, self.height = availWidth, h
        else:
            y = 0.0
            for p in self.paragraphs:
                h = p.wrap(availWidth - 2 * pad, availHeight)[1] + 2 * pad
                self.boxes.append((0.0, y, availWidth, h))
                y += h + arrow
            self.width, self.height = availWidth, max(y - arrow, 0.0)
        return self.width, self.height

    def draw(self) -> None:
        c, pad = self.canv, PAD * self.size
        c.saveState()
        c.setStrokeColor(HexColor(LINE))
        c.setFillColor(HexColor(FILL))
        c.setLineWidth(0.6)
        for x, y, w, h in self.boxes:
            c.roundRect(x, self.height - y - h, w, h, pad, stroke=1, fill=1)
        c.setFillColor(HexColor(LINE))
        for (x, y, w, h), (nx, ny, _nw, _nh) in zip(self.boxes, self.boxes[1:]):
            if self.row:
                mid = self.height - h / 2
                self._arrow(x + w + self.size * 0.2, mid, nx - self.size * 0.2, mid)
            else:
                cx = x + w / 2
                self._arrow(cx, self.height - y - h - self.size * 0.15, cx, self.height - ny + self.size * 0.15)
        for (x, y, w, h), p in zip(self.boxes, self.paragraphs):
            _pw, ph = p.wrap(w - 2 * pad, h)
            p.drawOn(c, x + pad, self.height - y - h / 2 - ph / 2)
        c.restoreState()

    def _arrow(self, x1: float, y1: float, x2: float, y2: float) -> None:
        """A line from (x1, y1) to (x2, y2) with a filled head at its end (points)."""
        c, head = self.canv, self.size * 0.45
        c.line(x1, y1, x2, y2)
        dx, dy = x2 - x1, y2 - y1
        length = max((dx * dx + dy * dy) ** 0.5, 1e-9)
        ux, uy = dx / length, dy / length
        path = c.beginPath()
        path.moveTo(x2, y2)
        path.lineTo(x2 - ux * head - uy * head * 0.6, y2 - uy * head + ux * head * 0.6)
        path.lineTo(x2 - ux * head + uy * head * 0.6, y2 - uy * head - ux * head * 0.6)
        path.close()
        c.drawPath(path, stroke=0, fill=1)
