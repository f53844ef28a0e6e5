"""The duplex calibration sheet: crosses, instructions and a 100 mm scale bar on the front, millimetre rulers on
the back, how to print it at the foot of both; its words in each of the game's languages (the catalogs').

A renderer of its own: `plan` makes ``<game>/calibration.<paper>.pdf`` for a game with printed components,
one per paper, in the print-and-play bundle of that paper, bound on the card sheets' edge.
Geometry comes from `rulepress.layout.calibration`; this module only paints.
Printed double-sided and held against the light, each cross on the front
meets the rulers on the back at the printer's front/back offset, which is the
value to give `--offset X Y`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from html import escape
from pathlib import Path

from rulepress import i18n
from rulepress.draw.cardjobs import Settings
from rulepress.draw.pdf import Meta, duplex_mode, how_to_print, new_canvas, print_preferences
from rulepress.layout import calibration as geo
from rulepress.layout.geometry import Rect
from rulepress.layout.paper import MM, PAPERS, PRINTABLE_MARGIN
from rulepress.layout.sheet import back_box
from rulepress.model import GameContent
from rulepress.options import CalibrationOptions
from rulepress.render import Artifact

TEXT_SIZE = 8.0  # pt
LABEL_SIZE = 6.0  # pt: the rulers' and the scale bar's numbers (Condensed), the smallest print a player reads
GUIDE_SIZE = 7.0  # pt: the how-to-print line at the foot of both pages
LINE = 0.3  # pt
TEXT_TOP = PRINTABLE_MARGIN + 5.0  # mm


def _words(lang: str) -> dict:
    return i18n.words(lang, "print")["calibration"]


def instructions(width: float, languages: Sequence[str]):
    """The instructions in each of the game's languages, wrapped to the page; returns (paragraph, box in mm)."""
    from rulepress.text.fit import paragraph

    text = "<br/>".join(
        f"<b>{escape(_words(lang)['title'])}</b><br/>{escape(_words(lang)['instructions'])}" for lang in languages
    )
    para = paragraph(text, "Body", TEXT_SIZE, leading=1.25)
    text_w = width - 2 * (PRINTABLE_MARGIN + 10.0)
    _, h = para.wrap(text_w * MM, 200 * MM)
    return para, Rect(PRINTABLE_MARGIN + 10.0, TEXT_TOP, text_w, h / MM)


def _guide(c, width: float, flip: str, languages: Sequence[str]) -> None:
    """How to print, at the foot of a page, in each language (one line each, the first language lowest)."""
    c.setFont("Body", GUIDE_SIZE)
    for row, lang in enumerate(languages):
        y = PRINTABLE_MARGIN * MM + GUIDE_SIZE * 0.3 + row * GUIDE_SIZE * 1.25
        c.drawCentredString(width / 2 * MM, y, how_to_print(lang, flip))


def _scale_bar(c, width: float, height: float, languages: Sequence[str]) -> None:
    """The 100 mm bar with its caption in each language (front page)."""
    from rulepress.text.fit import paragraph

    segments, labels, caption = geo.scale_bar(width, height)
    c.setFillGray(0)
    for block in geo.scale_blocks(width, height):
        c.rect(block.x * MM, (height - block.bottom) * MM, block.w * MM, block.h * MM, stroke=0, fill=1)
    for s in segments:
        c.line(s.x1 * MM, (height - s.y1) * MM, s.x2 * MM, (height - s.y2) * MM)
    c.setFont("Condensed", LABEL_SIZE)
    for label in labels:
        c.drawCentredString(label.x * MM, (height - label.y) * MM, label.text)
    para = paragraph("<br/>".join(escape(_words(lang)["scale"]) for lang in languages), "Body", TEXT_SIZE * 0.9)
    _, h = para.wrap(caption.w * MM, caption.h * MM)
    para.drawOn(c, caption.x * MM, (height - caption.bottom) * MM)


def write_calibration(
    paper_name: str, flip: str, target: Path, author: str = "", languages: Sequence[str] = (i18n.REFERENCE,)
) -> dict:
    """Two pages: instructions, crosses and the 100 mm bar on the front, mirrored millimetre rulers on the back;
    both say how to print them. Words in each of `languages`."""
    paper = PAPERS[paper_name]
    W, H = paper.width, paper.height
    c = new_canvas(target, paper.points, Meta(f"Duplex calibration ({paper_name}, {flip} edge)", author))
    print_preferences(c, duplex_mode(flip))
    para, box = instructions(W, languages)
    para.drawOn(c, box.x * MM, (H - box.bottom) * MM)
    points = geo.spots(W, H, box.bottom)
    c.setLineWidth(LINE)
    for point in points:
        for s in geo.cross(point):
            c.line(s.x1 * MM, (H - s.y1) * MM, s.x2 * MM, (H - s.y2) * MM)
    _scale_bar(c, W, H, languages)
    _guide(c, W, flip, languages)
    c.showPage()
    c.setLineWidth(LINE)
    c.setFont("Condensed", LABEL_SIZE)
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
    _guide(c, W, flip, languages)
    c.showPage()
    c.save()
    return {"pages": 2}


def plan(content: GameContent, options: CalibrationOptions) -> list[Artifact]:
    """One calibration sheet per paper for a game that prints components (none for a game that does not)."""
    if not any(c.printed for c in content.game.components):
        return []
    flip = options.flip or Settings().flip  # the card sheets' binding edge
    author = content.game.author or ""
    languages = tuple(content.game.languages)
    return [
        Artifact(
            game=content.game.id,
            kind="calibration",
            path=f"{content.game.id}/calibration.{paper}.pdf",
            inputs={"paper": paper, "flip": flip, "author": author, "languages": languages},
            write=functools.partial(_write, paper, flip, author, languages),
            paper=paper,
            bundles=("play",),
        )
        for paper in options.papers
    ]


def _write(paper: str, flip: str, author: str, languages: tuple[str, ...], tmp: Path) -> dict:
    return write_calibration(paper, flip, tmp, author=author, languages=languages)
