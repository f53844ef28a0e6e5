"""The duplex calibration sheet: crosses and instructions on the front, millimetre rulers on the back.

A renderer of its own: `plan` makes ``<game>/calibration.<paper>.pdf`` for a game with printed components,
one per paper, in the print-and-play bundle of that paper, bound on the card sheets' edge.
Geometry comes from `rulepress.layout.calibration`; this module only paints.
Printed double-sided and held against the light, each cross on the front
meets the rulers on the back at the printer's front/back offset, which is the
value to give `--offset X Y`.
"""

from __future__ import annotations

import functools
from pathlib import Path

from rulepress.layout import calibration as geo
from rulepress.layout.geometry import Rect
from rulepress.layout.paper import MM, PAPERS, PRINTABLE_MARGIN
from rulepress.layout.sheet import back_box
from rulepress.model import GameContent
from rulepress.render import Artifact
from rulepress.render.cards import Settings
from rulepress.render.options import CalibrationOptions
from rulepress.render.pdf import Meta, duplex_mode, new_canvas, print_preferences

WORDS = (
    "<b>Duplex calibration / Duplex-Kalibrierung</b><br/>"
    "Print both pages double-sided at 100 % (no \u201cfit to page\u201d). Hold the sheet against the light: "
    "where a cross's vertical line meets the ruler below its point is the x offset, where its horizontal "
    "line meets the ruler to the right is the y offset (mm). Build with <i>--offset X Y</i>.<br/>"
    "Beidseitig in 100 % drucken (nicht \u201eauf Seite anpassen\u201c), gegen das Licht halten: wo die senkrechte "
    "Linie eines Kreuzes die Skala darunter trifft, steht der x-Versatz, wo die waagrechte Linie die Skala rechts "
    "trifft, der y-Versatz (mm). Mit <i>--offset X Y</i> bauen."
)
TEXT_SIZE = 8.0  # pt
LABEL_SIZE = 4.5  # pt
LINE = 0.3  # pt
TEXT_TOP = PRINTABLE_MARGIN + 5.0  # mm


def instructions(width: float):
    """The instructions paragraph wrapped to the page; returns (paragraph, box in mm)."""
    from rulepress.text.fit import paragraph

    para = paragraph(WORDS, "Body", TEXT_SIZE, leading=1.25)
    text_w = width - 2 * (PRINTABLE_MARGIN + 10.0)
    _, h = para.wrap(text_w * MM, 200 * MM)
    return para, Rect(PRINTABLE_MARGIN + 10.0, TEXT_TOP, text_w, h / MM)


def write_calibration(paper_name: str, flip: str, target: Path, author: str = "") -> dict:
    """Two pages: instructions and crosses on the front, mirrored millimetre rulers on the back."""
    paper = PAPERS[paper_name]
    W, H = paper.width, paper.height
    c = new_canvas(target, paper.points, Meta(f"Duplex calibration ({paper_name}, {flip} edge)", author))
    print_preferences(c, duplex_mode(flip))
    para, box = instructions(W)
    para.drawOn(c, box.x * MM, (H - box.bottom) * MM)
    points = geo.spots(W, H, box.bottom)
    c.setLineWidth(LINE)
    for point in points:
        for s in geo.cross(point):
            c.line(s.x1 * MM, (H - s.y1) * MM, s.x2 * MM, (H - s.y2) * MM)
    c.showPage()
    c.setLineWidth(LINE)
    c.setFont("Body", LABEL_SIZE)
    for point in points:
        b = back_box(Rect(point[0], point[1], 0, 0), W, H, flip)
        ticks, labels = geo.rulers((b.x, b.y))
        for s in ticks:
            c.line(s.x1 * MM, (H - s.y1) * MM, s.x2 * MM, (H - s.y2) * MM)
        for label in labels:
            if label.axis == "x":
                c.drawCentredString(label.x * MM, (H - label.y) * MM, label.text)
            else:
                c.drawString(label.x * MM, (H - label.y) * MM - LABEL_SIZE * 0.35, label.text)
    c.showPage()
    c.save()
    return {"pages": 2}


def plan(content: GameContent, options: CalibrationOptions) -> list[Artifact]:
    """One calibration sheet per paper for a game that prints components (none for a game that does not)."""
    if not any(c.printed for c in content.game.components):
        return []
    flip = options.flip or Settings().flip  # the card sheets' binding edge
    author = content.game.author or ""
    return [
        Artifact(
            content.game.id,
            "calibration",
            f"{content.game.id}/calibration.{paper}.pdf",
            {"paper": paper, "flip": flip, "author": author},
            functools.partial(_write, paper, flip, author),
            paper=paper,
            bundles=("play",),
        )
        for paper in options.papers
    ]


def _write(paper: str, flip: str, author: str, tmp: Path) -> dict:
    return write_calibration(paper, flip, tmp, author=author)
