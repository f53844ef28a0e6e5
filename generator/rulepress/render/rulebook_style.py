"""The rulebook's typography: page geometry per paper and the paragraph styles, in one place.

Sizes scale with the page (A5 is set a little smaller than A4/Letter) but never go below `MIN_SIZE`:
nothing printed in a rulebook is smaller than 8 pt. Text is hyphenated in the book's language with
pyphen (through ReportLab's `hyphenationLang`); the game's own first font (game.yaml `fonts`) sets the
title and the headings, the bundled faces the rest.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
from reportlab.lib.styles import ParagraphStyle

from rulepress.layout.paper import MM
from rulepress.text.hyphenate import breaks, hyphenates

MIN_SIZE = 8.0  # pt: the smallest text of a rulebook
BOX_FILL = "#f3f1ea"
BOX_LINE = "#8a8270"
RULE_COLOUR = "#5a5a5a"
ACCENT = "#7a2e1f"


@dataclass(frozen=True)
class Page:
    """One rulebook page size and its type area (points)."""

    name: str  # a4, letter, a5, half-letter
    width: float
    height: float
    inner: float  # margin at the binding
    outer: float
    top: float
    bottom: float
    body: float  # body text size, pt

    @property
    def frame_width(self) -> float:
        return self.width - self.inner - self.outer

    @property
    def frame_height(self) -> float:
        return self.height - self.top - self.bottom


PAGES = {
    "a4": Page("a4", 210 * MM, 297 * MM, 22 * MM, 18 * MM, 22 * MM, 22 * MM, 10.0),
    "letter": Page("letter", 215.9 * MM, 279.4 * MM, 22 * MM, 19 * MM, 21 * MM, 21 * MM, 10.0),
    "a5": Page("a5", 148 * MM, 210 * MM, 16 * MM, 13 * MM, 17 * MM, 17 * MM, 8.8),
    # half a Letter sheet (5.5 x 8.5 in): the Letter booklet's own page, printed at 100 % (an A5 page would
    # shrink to 94 % on it, its 8.8 pt text to 8.3 pt and its 8 pt small print under 8 pt)
    "half-letter": Page("half-letter", 139.7 * MM, 215.9 * MM, 15 * MM, 12 * MM, 18 * MM, 18 * MM, 8.8),
}
BOOKLET_PAGE = {"a4": "a5", "letter": "half-letter"}  # the booklet page of each paper: half of it


def hyphenation(lang: str, variant: str | None = None):
    """The break points of words in `lang` (its `variant` when the game names one, e.g. en-GB) for ReportLab's
    `hyphenationLang` (`rulepress.text.hyphenate`: pyphen with minimum fragments, compound-aware German); ''
    when pyphen has no dictionary for it (the text is then not hyphenated)."""
    code = variant or lang
    return breaks(code) if hyphenates(code) else ""


def styles(page: Page, lang: str, heading_font: str = "Body-Bold", variant: str | None = None) -> dict:
    """The paragraph styles of a rulebook on `page` in `lang` (every size at least `MIN_SIZE`), hyphenated in
    its `variant` (None: the language's default, see `hyphenation`): the body, rules, list items and headings,
    the example boxes and tables, the contents and the cover."""
    size = page.body
    body = _body(size, hyphenation(lang, variant))
    rule_indent = 11 * MM if page.name not in BOOKLET_PAGE.values() else 9.5 * MM
    return (
        _text(body, size, rule_indent)
        | _headings(body, size, heading_font)
        | _boxes(body, size)
        | _contents(body, size)
        | _cover(body, size, heading_font)
    )


def _small(size: float) -> float:
    """The size of small print (boxes, tables, marks) under a body `size`."""
    return max(MIN_SIZE, size - 1)


def _body(size: float, hyph: str) -> ParagraphStyle:
    """The body text: justified, hyphenated (`hyph`), no widows or orphans."""
    return ParagraphStyle(
        "body",
        fontName="Body",
        fontSize=size,
        leading=size * 1.38,
        alignment=TA_JUSTIFY,
        spaceAfter=size * 0.5,
        hyphenationLang=hyph,
        embeddedHyphenation=1,
        uriWasteReduce=0.3,
        allowWidows=0,
        allowOrphans=0,
        bulletFontName="Body-Bold",
        bulletFontSize=_small(size),
        textColor=colors.black,
    )


def _text(body: ParagraphStyle, size: float, rule_indent: float) -> dict:
    """Rules (their number in the margin), list items, unnumbered text, marks and glossary entries."""
    small = _small(size)
    return {
        "body": body,
        "rule": ParagraphStyle("rule", parent=body, leftIndent=rule_indent, bulletIndent=0, bulletColor=ACCENT),
        "item": ParagraphStyle(
            "item", parent=body, leftIndent=rule_indent + 4 * MM, bulletIndent=0, spaceAfter=size * 0.3
        ),
        "plain": ParagraphStyle("plain", parent=body, leftIndent=rule_indent),
        "mark": ParagraphStyle(
            "mark", parent=body, fontName="Body-Italic", fontSize=small, leading=small * 1.3, alignment=TA_LEFT
        ),
        "term": ParagraphStyle("term", parent=body, leftIndent=6 * MM, firstLineIndent=-6 * MM, alignment=TA_LEFT),
        "notes_line": ParagraphStyle("notes_line", parent=body, alignment=TA_LEFT),
    }


def _headings(body: ParagraphStyle, size: float, font: str) -> dict:
    """Three heading levels: (size, leading, space before, space after) as multiples of the body size."""

    def heading(name: str, scale: tuple[float, float, float, float], **more) -> ParagraphStyle:
        font_size, leading, before, after = (size * k for k in scale)
        return ParagraphStyle(
            name,
            parent=body,
            fontName=font,
            fontSize=font_size,
            leading=leading,
            alignment=TA_LEFT,
            spaceBefore=before,
            spaceAfter=after,
            hyphenationLang="",
            keepWithNext=1,
            **more,
        )

    return {
        "h1": heading("h1", (1.6, 1.95, 1.4, 0.7), textColor=colors.HexColor(ACCENT)),
        "h2": heading("h2", (1.25, 1.55, 1.1, 0.45)),
        "h3": heading("h3", (1.08, 1.4, 0.9, 0.35)),
    }


def _boxes(body: ParagraphStyle, size: float) -> dict:
    """A worked example's box (its text, head and id) and the cells of tables."""
    small = _small(size)
    return {
        "box": ParagraphStyle("box", parent=body, fontSize=small + 0.3, leading=(small + 0.3) * 1.32, spaceAfter=3),
        "box_head": ParagraphStyle(
            "box_head",
            parent=body,
            fontName="Body-Bold",
            fontSize=small,
            leading=small * 1.3,
            alignment=TA_LEFT,
            textColor=colors.HexColor(ACCENT),
            spaceAfter=3,
        ),
        "box_id": ParagraphStyle(
            "box_id",
            parent=body,
            fontName="Condensed",
            fontSize=MIN_SIZE,
            leading=MIN_SIZE * 1.2,
            alignment=TA_LEFT,
            textColor=colors.HexColor(RULE_COLOUR),
            spaceAfter=0,
        ),
        "cell": ParagraphStyle(
            "cell", parent=body, fontSize=small, leading=small * 1.25, alignment=TA_LEFT, spaceAfter=0
        ),
        "cell_head": ParagraphStyle(
            "cell_head",
            parent=body,
            fontName="Body-Bold",
            fontSize=small,
            leading=small * 1.25,
            alignment=TA_LEFT,
            spaceAfter=0,
        ),
    }


def _contents(body: ParagraphStyle, size: float) -> dict:
    """The three levels of the table of contents, each with its number hanging in the margin."""
    small = _small(size)
    return {
        "toc1": ParagraphStyle(
            "toc1",
            parent=body,
            fontName="Body-Bold",
            alignment=TA_LEFT,
            leftIndent=9 * MM,
            firstLineIndent=-9 * MM,
            spaceBefore=size * 0.35,
            spaceAfter=0,
            hyphenationLang="",
        ),
        "toc2": ParagraphStyle(
            "toc2",
            parent=body,
            alignment=TA_LEFT,
            leftIndent=20 * MM,
            firstLineIndent=-11 * MM,
            spaceAfter=0,
            hyphenationLang="",
        ),
        "toc3": ParagraphStyle(
            "toc3",
            parent=body,
            fontSize=small,
            leading=small * 1.35,
            alignment=TA_LEFT,
            leftIndent=33 * MM,
            firstLineIndent=-13 * MM,
            spaceAfter=0,
            hyphenationLang="",
        ),
    }


def _cover(body: ParagraphStyle, size: float, heading_font: str) -> dict:
    """The cover's title, subtitle and small print, centred."""
    small = _small(size)
    return {
        "cover_title": ParagraphStyle(
            "cover_title",
            parent=body,
            fontName=heading_font,
            fontSize=size * 3.2,
            leading=size * 3.7,
            alignment=TA_CENTER,
            hyphenationLang="",
            textColor=colors.HexColor(ACCENT),
        ),
        "cover_sub": ParagraphStyle(
            "cover_sub", parent=body, fontSize=size * 1.3, leading=size * 1.7, alignment=TA_CENTER, hyphenationLang=""
        ),
        "cover_small": ParagraphStyle(
            "cover_small", parent=body, fontSize=small, leading=small * 1.4, alignment=TA_CENTER, hyphenationLang=""
        ),
    }
