"""Fitting a paragraph into a box: auto-shrink from the layout's size down to a minimum, as a typesetter would.

Works on ReportLab paragraph markup (see `rulepress.text.markup.inline`). The
size goes down in half-point steps with lines broken only between words and after
the hyphens a text has (a word wider than the box never fits); only when the text
does not fit at the minimum are words hyphenated, and then only at the hyphenation
points of the text's language (`rulepress.text.hyphenate`, pyphen), with a hyphen shown.
If the text is still too large, `Overflow` is raised and the caller turns it into
a ContentError that names the card. A fitted text says whether it was hyphenated.

Speed: text that fits on one line and uses no markup beyond <b>/<i> is measured
with `stringWidth` and drawn as plain text runs, placed exactly where a
ReportLab Paragraph would put it (first baseline one font size below the top); everything else
goes through Paragraph wrapping.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.lib.units import mm as MM  # 72 / 25.4 points, as rulepress.layout.paper.MM

from rulepress.text import fonts
from rulepress.text.hyphenate import Pairs, breaks, hyphenates

if TYPE_CHECKING:
    from reportlab.platypus import Paragraph

STEP = 0.5  # pt


class Overflow(ValueError):
    """The text does not fit even at the minimum size."""


def offset(align: str, room: float, width: float) -> float:
    """How far from the left of `room` a `width` wide text starts when aligned left, center or right."""
    return {"left": 0.0, "center": (room - width) / 2, "right": room - width}[align]


@dataclass
class Fitted:
    paragraph: Paragraph | None  # reportlab Paragraph, already wrapped; None for a single plain line
    size: float  # pt
    width: float  # mm, the wrapped width
    height: float  # mm, the wrapped height
    line: Line | None = None  # the single line drawn without Paragraph
    hyphenated: bool = False  # words may be broken at hyphenation points (only at the minimum size)

    def draw(self, canvas, x: float, y: float, small_print: float = 0.0) -> None:
        """Paint with the bottom-left corner of the wrapped box at (x, y) points; text of a size under
        `small_print` (pt) as grey lines where its words would stand (`greek`)."""
        if self.size < small_print and self.line is not None and self.line.grows_to(small_print):
            grown, dx = self.line.grown(small_print)  # a name or a number stays readable
            grown.draw(canvas, x + dx, y + self.height * MM)
        elif self.size < small_print:
            self.greek(canvas, x, y)
        elif self.line is None:
            assert self.paragraph is not None  # (one of the two)
            self.paragraph.drawOn(canvas, x, y)
        else:
            self.line.draw(canvas, x, y + self.height * MM)

    def greek(self, canvas, x: float, y: float) -> None:
        """Grey bars, one per line, where the text would stand: how a picture shrunk for print shows small print
        it could not show readably (the last line shorter, placed as the text is aligned)."""
        from reportlab.lib.colors import HexColor

        step = self.size * 1.2
        count = max(1, round(self.height * MM / step))
        if self.line is not None:
            width, room, align = self.line.width, self.line.box, self.line.align
        else:
            assert self.paragraph is not None
            width = room = self.width * MM
            align = {1: "center", 2: "right"}.get(self.paragraph.style.alignment, "left")  # TA_CENTER, TA_RIGHT
        canvas.saveState()
        canvas.setFillColor(HexColor("#a8a8a8"))
        top = y + self.height * MM
        for i in range(count):
            bar = width * (0.6 if i == count - 1 and count > 1 else 1.0)
            left = x + offset(align, room, width) + offset(align, width, bar)
            canvas.rect(left, top - (i + 0.75) * step, bar, self.size * 0.45, stroke=0, fill=1)
        canvas.restoreState()


@dataclass(frozen=True)
class Line:
    """One line of text runs ((text, font name), ...) in one size, aligned in a box `box` points wide."""

    runs: tuple[tuple[str, str], ...]
    size: float
    width: float  # pt, measured
    box: float  # pt
    ascent: float  # pt, from the box top down to the baseline
    align: str
    color: str

    def grows_to(self, size: float) -> bool:
        """Whether the line set at `size` pt still fits its box, or is a short value (up to 3 characters)."""
        return self.width * size / self.size <= self.box or len("".join(t for t, _f in self.runs)) <= 3

    def grown(self, size: float) -> tuple[Line, float]:
        """The line set at `size` pt from the same left edge, middle or right edge (as it is aligned), and how
        far right of the old box it starts (points): a short value in a picture shrunk for print."""
        from dataclasses import replace

        k = size / self.size
        width = self.width * k
        line = replace(
            self, size=size, width=width, box=width, align="left", ascent=self.ascent + 0.35 * (size - self.size)
        )
        # kept where the text is anchored: its left edge, middle or right edge
        return line, offset(self.align, self.box, self.width) + offset(self.align, self.width, width)

    def draw(self, canvas, x: float, top: float) -> None:
        """Paint with the box's top-left corner at (x, top) points."""
        from reportlab.lib.colors import HexColor

        shift = offset(self.align, self.box, self.width)
        canvas.saveState()
        canvas.setFillColor(HexColor(self.color))
        text = canvas.beginText(x + shift, top - self.ascent)
        for part, font in self.runs:
            text.setFont(font, self.size)
            text.textOut(part)
        canvas.drawText(text)
        canvas.restoreState()


_TAG = re.compile(r"<(/?)([bi])>")
_PLAIN = re.compile(r"[^<>\s\xad]+( [^<>\s\xad]+)*")  # single spaces only, no soft hyphens


def runs(markup: str, font: str) -> tuple[tuple[str, str], ...] | None:
    """The text runs of markup made only of text, <b> and <i> (and HTML entities), else None."""
    from reportlab.lib.fonts import tt2ps

    if "<" not in markup and "&" not in markup and ">" not in markup:  # plain text: one run
        return ((markup, tt2ps(_family(font), int(font.endswith("-Bold")), 0)),) if _PLAIN.fullmatch(markup) else None
    family, bold, italic = _family(font), int(font.endswith("-Bold")), 0
    result: list[tuple[str, str]] = []
    pos = 0
    for m in list(_TAG.finditer(markup)) + [None]:
        end = m.start() if m else len(markup)
        if end > pos:
            part = markup[pos:end]
            if "<" in part or ">" in part:
                return None
            result.append((html.unescape(part), tt2ps(family, bold, italic)))
        if m is None:
            break
        on = 0 if m.group(1) else 1
        if m.group(2) == "b":
            bold = on or int(font.endswith("-Bold"))
        else:
            italic = on
        pos = m.end()
    text = "".join(t for t, _ in result)
    if not result or not _PLAIN.fullmatch(text):
        return None
    return tuple(result)


def single_line(parts: tuple[tuple[str, str], ...], size: float, box: float, align: str, color: str) -> Line:
    """The parts measured at `size` as one line in a box `box` points wide."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    width = sum(stringWidth(t, f, size) for t, f in parts)
    return Line(parts, size, width, box, size, align, color)  # rl_config.paraFontSizeHeightOffset


def _family(font: str) -> str:
    """The family name that carries the bold/italic mapping of a face name."""
    return font.split("-")[0]


def paragraph(
    markup: str,
    font: str,
    size: float,
    leading: float = 1.2,
    align: str = "left",
    color: str = "#000000",
    hyphenate: Pairs | None = None,
):
    """A ReportLab Paragraph in one of the bundled fonts; lines break between words only, and inside a word
    only where `hyphenate` (word -> (head, tail) pairs) allows."""
    from reportlab.lib.colors import HexColor
    from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    fonts.register()
    bold = font.endswith("-Bold")
    style = ParagraphStyle(
        "fit",
        fontName=_family(font),
        fontSize=size,
        leading=size * leading,
        alignment={"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}[align],
        textColor=HexColor(color),
        splitLongWords=0,  # never cut a word at an arbitrary letter
        hyphenationLang=hyphenate or "",
        embeddedHyphenation=0,  # hyphens are offered by `hyphenate`, which knows the word's parts
        uriWasteReduce=0,
    )
    text = f"<b>{markup}</b>" if bold else markup
    return Paragraph(text, style)


def fit(
    markup: str,
    width: float,
    height: float,
    font: str,
    size: float,
    min_size: float,
    leading: float = 1.2,
    align: str = "left",
    color: str = "#000000",
    lang: str | None = None,
) -> Fitted:
    """The largest size from `size` down to `min_size` at which `markup` fits `width` x `height` mm with lines
    broken between words and after hyphens; else the text at `min_size` with words also broken at the
    hyphenation points of `lang` (None: none). Overflow when neither fits."""
    fonts.register()
    current = size
    parts = runs(markup, font)
    while True:
        if parts is not None:
            line = single_line(parts, current, width * MM, align, color)
            if line.width <= width * MM + 0.01:  # Paragraph would also keep it on one line
                if current * leading <= height * MM + 0.01:
                    return Fitted(None, current, width, current * leading / MM, line)
                if current <= min_size:
                    raise Overflow(
                        f"text does not fit {width:.1f} x {height:.1f} mm even at {min_size:g} pt "
                        f"(needs {current * leading / MM:.1f} mm height)"
                    )
                current = max(min_size, current - STEP)
                continue
        fitted, needed = _wrapped(markup, width, height, font, current, leading, align, color, breaks(None))
        if fitted is not None:
            return fitted
        if current <= min_size:
            break
        current = max(min_size, current - STEP)
    if lang is None or not hyphenates(lang):
        raise Overflow(f"text does not fit {width:.1f} x {height:.1f} mm even at {min_size:g} pt ({needed})")
    fitted, hyphenated_needs = _wrapped(markup, width, height, font, current, leading, align, color, breaks(lang))
    if fitted is not None:
        fitted.hyphenated = True
        return fitted
    needed = hyphenated_needs or needed
    raise Overflow(f"text does not fit {width:.1f} x {height:.1f} mm even at {min_size:g} pt ({needed})")


def _wrapped(
    markup: str,
    width: float,
    height: float,
    font: str,
    size: float,
    leading: float,
    align: str,
    color: str,
    hyphenate: Pairs | None,
) -> tuple[Fitted | None, str]:
    """The paragraph wrapped at `size` if it fits the box, else None and what it would need."""
    para = paragraph(markup, font, size, leading, align, color, hyphenate)
    w, h = para.wrap(width * MM, 10_000)
    widest = max(line_width(para), default=0)
    if h <= height * MM + 0.01 and widest <= width * MM + 0.01:
        return Fitted(para, size, w / MM, h / MM), ""
    if widest > width * MM + 0.01:
        word = _widest_word(para)
        return None, f"the word {word!r} needs {widest / MM:.1f} mm width" if word else "a line is too wide"
    return None, f"needs {h / MM:.1f} mm height"


def _widest_word(para) -> str:
    """The text of the widest wrapped line (the word that does not fit), or ''."""
    lines = getattr(para.blPara, "lines", [])
    widths = line_width(para)
    if not widths:
        return ""
    line = lines[widths.index(max(widths))]
    if isinstance(line, tuple):
        return " ".join(str(word) for word in line[1])
    return "".join(str(t) for w in getattr(line, "words", []) for t in ([w.text] if hasattr(w, "text") else []))


def line_width(para) -> list[float]:
    """Widths (pt) of the wrapped lines; a single unbreakable word wider than the box shows up here."""
    lines = getattr(para.blPara, "lines", [])
    widths = []
    for line in lines:
        if isinstance(line, tuple):  # simple lines: (extra space, words)
            widths.append(para.width - line[0])
        else:
            widths.append(para.width - getattr(line, "extraSpace", 0))
    return widths
