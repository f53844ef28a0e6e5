"""Markdown blocks of a rule text as ReportLab Platypus flowables, for the rulebook.

The structure comes from the one Markdown parser (`rulepress.markdown`) through `rulepress.text.markup.blocks`
(the same paragraphs, list items, tables, emphasis and headings the website and the quick references show);
this module only sets them: a numbered rule paragraph carries its number (`rulepress.model.numbering`) in the
margin, a named PDF destination ``r-4-2`` (the website's anchor), its outline entry (`RuleEntry`) and, where the
current version changed it, a "changed in 1.1" mark linked to the change; list items their markers, tables a grid.
Worked examples become boxes that never split across pages (`example_box`), optionally with pictures.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Sequence
from dataclasses import dataclass

from rulepress.layout.paper import MM
from rulepress.markdown import parse
from rulepress.model import numbering
from rulepress.model.rules_text import Section
from rulepress.render import rulebook_style as rs
from rulepress.text import markup

IMG = re.compile(r"<img [^>]*/>")


@dataclass(kw_only=True, frozen=True)
class ExampleView:
    """What an example box shows, in the book's language (strings are ReportLab markup or plain, as named)."""

    head: str  # plain: "Example · ✓ verified by the rules engine"
    situation: str  # Markdown of the situation paragraph ("" when none)
    readings: tuple[str, ...]  # plain: "Under the reading: ..."
    results: str  # Markdown of the results (as the website shows them)
    example_id: str
    state: str  # verified, failed, unchecked
    pictures: tuple = ()  # ReportLab flowables or Drawings drawn from the example's scenario
    situation_numbers: tuple[str, ...] = ()  # the situation's rule number (`rulepress.model.numbering`)


def _clean(text: str) -> str:
    """ReportLab markup without inline pictures (a rulebook prints no picture inside a line of text)."""
    return IMG.sub("", text)


def paragraphs(
    md: str, style_set: dict, width: float, numbers: Sequence[str] = (), base: str = "rule", changed: dict | None = None
) -> list:
    """Flowables of a Markdown text: `numbers` go, in order, to its paragraphs and top-level list items (each
    set in the margin, with its named destination; `changed`: number -> (shown "changed in 1.1", the change's
    destination), a mark at its start); the rest is set unnumbered in the `base` style."""
    from rulepress.draw.flow import FlowDiagram

    out: list = []
    rules = _Numbers(list(numbers), changed, style_set)
    found = markup.blocks(md)
    depths = iter(table_depths(md))
    label = None  # the marker of a list item whose only content is the table after it
    for index, block in enumerate(found):
        if isinstance(block, markup.Table):
            depth = next(depths, 0)
            if label is not None or depth:  # a table in a list item: at the item's text
                out.append(_item_table(label or "", block.rows, style_set, width, max(depth, 1)))
                label = None
            else:
                out += rules.table(block.rows, width, base)
        elif isinstance(block, markup.Flow):
            out.append(FlowDiagram([_clean(step) for step in block.steps], style_set[base]))
        elif isinstance(block, markup.Item):
            marker, _, rest = _clean(block.markup).partition(" ")
            table_next = index + 1 < len(found) and isinstance(found[index + 1], markup.Table)
            if not rest.strip() and table_next and not rules.pending:
                label = marker  # a numbered result that is a table: the number goes beside it, not above it
            else:
                out.append(rules.item(block.depth, marker, rest))
        elif isinstance(block, markup.Heading):
            out.append(_paragraph(_clean(block.markup), style_set["h3"]))
        elif isinstance(block, markup.Para):
            out.append(rules.paragraph(_clean(block.markup), style_set[base]))
        # a picture alone in its paragraph: the rulebook prints the example's own pictures instead
    return out


def _paragraph(text: str, style):
    from reportlab.platypus import Paragraph

    return Paragraph(text, style)


@dataclass
class _Numbers:
    """The rule numbers still to give out in a text, in order, and how a block takes the next one."""

    pending: list[str]
    changed: dict | None
    style_set: dict

    def _next(self) -> tuple[str, str] | None:
        if not self.pending:
            return None
        number = self.pending.pop(0)
        return number, _changed(number, self.changed)

    def paragraph(self, text: str, style):
        numbered = self._next()
        return (
            _paragraph(text, style)
            if numbered is None
            else _numbered(numbered[0], text, style, self.style_set, numbered[1])
        )

    def item(self, depth: int, marker: str, rest: str):
        """A list item at `depth`; a top-level one takes the next number."""
        from reportlab.lib.styles import ParagraphStyle

        item = self.style_set["item"]
        style = ParagraphStyle(f"li{depth}", parent=item, leftIndent=item.leftIndent + (depth - 1) * 5 * MM)
        body = f"{marker}\u00a0{rest}"
        numbered = self._next() if depth == 1 else None
        if numbered is None:
            return _paragraph(body, ParagraphStyle(f"li{depth}x", parent=style))
        return _numbered(numbered[0], body, style, self.style_set, numbered[1])

    def table(self, rows, width: float, base: str) -> list:
        """A table as one block; numbered as one rule, its number stands before it."""
        indent = self.style_set[base].leftIndent
        made = table(rows, self.style_set, width - indent, indent=indent)
        numbered = self._next()
        return [made] if numbered is None else [_number_only(numbered[0], self.style_set, numbered[1]), made]


def table_depths(md: str) -> list[int]:
    """For each table of a Markdown text, in order, how deep in lists it stands (0: not in a list)."""
    depth, found = 0, []
    for token in parse(md):
        if token.type in ("bullet_list_open", "ordered_list_open"):
            depth += 1
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
        elif token.type == "table_open":
            found.append(depth)
    return found


def _item_table(marker: str, rows, style_set: dict, width: float, depth: int = 1):
    """A table inside a list item of `depth`, where the item's text stands (`marker`: the item's marker beside
    the table's first row, when the table is all the item says). A two-column table rather than an indenter, so
    it also works inside an example's box."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, Table, TableStyle

    indent = style_set["item"].leftIndent + (depth - 1) * 5 * MM
    marker_w = 6 * MM
    number = ParagraphStyle("item-table-marker", parent=style_set["cell"], leftIndent=indent)
    inner = table(rows, style_set, width - indent - marker_w)
    made = Table([[Paragraph(marker, number), inner]], colWidths=[indent + marker_w, width - indent - marker_w])
    made.hAlign = "LEFT"
    made.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONTNAME", (0, 0), (-1, -1), "Body"),  # not the Table's default Helvetica, which is not embedded
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (0, 0), 2),
                ("TOPPADDING", (1, 0), (1, 0), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return made


@dataclass(frozen=True)
class RuleEntry:
    """A numbered rule's outline entry: its title ("4.2 Play a card and …") and its destination ``r-4-2``."""

    title: str
    key: str


OUTLINE_WORDS = 48  # characters of a rule's text its outline entry shows after the number


def outline_title(number: str, text: str) -> str:
    """ "4.2 Play a card and move as many …": the rule's number and the start of its plain text."""
    plain = " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())
    if len(plain) > OUTLINE_WORDS:
        plain = plain[:OUTLINE_WORDS].rsplit(" ", 1)[0].rstrip(" ,;:–-") + " …"
    return f"{number} {plain}".strip()


def _numbered(number: str, text: str, style, style_set: dict, mark: str = ""):
    """A paragraph with its rule number in the margin and the PDF destination of the website's anchor (`mark`:
    set before the text); the document makes it an outline entry (`RuleEntry`, the paragraph's `rule`)."""
    from reportlab.lib.styles import ParagraphStyle

    hanging = ParagraphStyle(f"{style.name}-n", parent=style, bulletIndent=0)
    target = numbering.anchor(number)
    made = _rule_paragraph()(f'<a name="{target}"/>{mark}{text}', hanging, bulletText=number)
    made.rule = RuleEntry(outline_title(number, text), target)
    return made


@functools.cache
def _rule_paragraph():
    """Paragraph that keeps its `rule` on the first part when split across pages (the part holding its
    destination), so the document makes one outline entry for it."""
    from reportlab.platypus import Paragraph

    class RuleParagraph(Paragraph):
        rule: RuleEntry | None = None

        def split(self, available_width, available_height):
            parts = super().split(available_width, available_height)
            for index, part in enumerate(parts):
                part.rule = self.rule if index == 0 else None
            return parts

    return RuleParagraph


def _changed(number: str, changed: dict | None) -> str:
    """The "changed in 1.1" mark at the start of rule `number`, linked to its change ("" when unchanged)."""
    shown, target = (changed or {}).get(number, ("", ""))
    if not shown:
        return ""
    return f'<a href="#{target}" color="{rs.ACCENT}"><i>[{html.escape(shown)}]</i></a> '


def _number_only(number: str, style_set: dict, mark: str = ""):
    """The number of a rule that is a table, on a line of its own above it (with its destination and entry)."""
    made = _rule_paragraph()(
        f'<a name="{numbering.anchor(number)}"/><font name="Body-Bold" color="{rs.ACCENT}">{number}</font> {mark}',
        style_set["body"],
    )
    made.rule = RuleEntry(number, numbering.anchor(number))
    return made


def table(rows: Sequence[Sequence[markup.Cell]], style_set: dict, width: float, indent: float = 0.0):
    """A table of cells across `width`, columns as wide as their longest words need."""
    from reportlab.lib import colors
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph, Table, TableStyle

    if rows and all(cell.header and not cell.markup.strip() for cell in rows[0]) and len(rows) > 1:
        rows = rows[1:]  # a header row with nothing in it (a table of values whose columns have no names)
    columns = max((len(r) for r in rows), default=1)
    cells = [
        [Paragraph(_clean(cell.markup), style_set["cell_head" if cell.header else "cell"]) for cell in row]
        + [""] * (columns - len(row))
        for row in rows
    ]
    size = style_set["cell"].fontSize
    natural = [
        max(
            (
                stringWidth(re.sub(r"<[^>]+>", "", html.unescape(row[c].markup)), "Body-Bold", size) + 8
                for row in rows
                if c < len(row)
            ),
            default=20.0,
        )
        for c in range(columns)
    ]
    total = sum(natural)
    widths = [width * n / total for n in natural] if total > width else natural
    made = Table(cells, colWidths=widths, hAlign="LEFT", repeatRows=1 if rows and rows[0][0].header else 0)
    made.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.HexColor(rs.BOX_LINE)),
                ("LINEABOVE", (0, 0), (-1, 0), 0.8, colors.HexColor(rs.RULE_COLOUR)),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONTNAME", (0, 0), (-1, -1), "Body"),
                ("LEFTPADDING", (0, 0), (-1, -1), 3),
                ("RIGHTPADDING", (0, 0), (-1, -1), 3),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ]
        )
    )
    if indent:
        from reportlab.platypus import Indenter

        return _Indented(indent, made, Indenter)
    return made


def _Indented(indent: float, flowable, indenter):  # noqa: N802 (a flowable factory)
    from reportlab.platypus import KeepTogether

    return KeepTogether([indenter(left=indent), flowable, indenter(left=-indent)])


PICTURE_MAX_H = 55 * MM  # an example's pictures shrink to this height, so a box fits an A5 page


def example_box(view: ExampleView, style_set: dict, width: float):
    """A worked example in a ruled box that never splits across a page (a one-cell table): its head (the check's
    mark), the situation, the readings it runs under, its pictures (scaled to the box), its results (its id, an internal name, is not printed)."""
    from reportlab.lib import colors
    from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

    pad = 6.0
    inner = width - 2 * pad - style_set["rule"].leftIndent
    box = box_styles(style_set)
    cell: list = [Paragraph(html.escape(view.head), style_set["box_head"])]
    if view.situation.strip():
        cell += paragraphs(view.situation, box, inner, view.situation_numbers, base="rule")
    cell += [Paragraph(html.escape(line), style_set["box"]) for line in view.readings]
    for picture in view.pictures:
        if hasattr(picture, "max_height"):
            picture.max_height = PICTURE_MAX_H
            picture.min_text = rs.MIN_SIZE  # card small print as grey lines, the names it shows grown
        cell.append(_fitted(picture, inner))
        cell.append(Spacer(1, 3))
    cell += paragraphs(view.results, box, inner, base="rule")
    # the example's id is the website's anchor, no words for a player: not printed
    # one row: a table that cannot split, so the box moves whole to the next page (a KeepTogether around it would
    # hide its height from a heading kept with it: the heading would stay behind at the foot of the page)
    frame = Table(
        [[cell]],
        colWidths=[width - style_set["rule"].leftIndent],
        hAlign="RIGHT",
        spaceBefore=2,
        spaceAfter=style_set["body"].fontSize * 0.8,
    )
    line = colors.HexColor(rs.ACCENT if view.state == "failed" else rs.BOX_LINE)
    frame.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(rs.BOX_FILL)),
                ("FONTNAME", (0, 0), (-1, -1), "Body"),
                ("BOX", (0, 0), (-1, -1), 0.6, line),
                ("LINEBEFORE", (0, 0), (0, -1), 2.4, line),
                ("LEFTPADDING", (0, 0), (-1, -1), pad),
                ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), pad - 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), pad - 2),
            ]
        )
    )
    return frame


def box_styles(style_set: dict) -> dict:
    """The styles inside an example's box: its rules, paragraphs and list items in the box's smaller type."""
    return dict(style_set, rule=style_set["box"], item=_item_style(style_set), body=style_set["box"])


def _item_style(style_set: dict):
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle("box-item", parent=style_set["box"], leftIndent=4 * MM, bulletIndent=0)


def _fitted(picture, width: float):
    """A picture (flowable or Drawing) scaled down to `width` when it is wider."""
    from reportlab.graphics.shapes import Drawing

    if isinstance(picture, Drawing) and picture.width > width:
        factor = width / picture.width
        picture.scale(factor, factor)
        picture.width, picture.height = picture.width * factor, picture.height * factor
    elif hasattr(picture, "drawWidth") and picture.drawWidth > width:
        factor = width / picture.drawWidth
        picture.drawWidth, picture.drawHeight = width, picture.drawHeight * factor
    return picture


def section_flowables(
    section: Section, style_set: dict, width: float, example_view, changed: dict | None = None
) -> list:
    """The body of a rule section: numbered rule paragraphs, lists and tables, worked examples as boxes
    (`example_view(example_id, situation_markdown, situation_numbers)` gives an example's `ExampleView`);
    `changed`: rule number -> (shown "changed in 1.1", the change's destination)."""
    lines = section.body.splitlines()
    tokens = parse(section.body)
    situations = numbering.situations(tokens)
    numbers = {n.first: n for n in section.numbered}
    out: list = []
    held = ""  # the situation paragraph waiting for its example
    held_numbers: list[str] = []
    for index, token in enumerate(tokens):
        if token.level != 0 or token.nesting == -1 or token.map is None:
            continue
        first, end = token.map
        source = "\n".join(lines[first:end])
        if token.type == "fence":
            info = token.info.strip()
            if info.startswith("{doctest}"):
                example_id = info[len("{doctest}") :].strip()
                out.append(example_box(example_view(example_id, held, tuple(held_numbers)), style_set, width))
                held, held_numbers = "", []
            continue  # other code blocks are for authors, not players
        if index in situations:
            held, held_numbers = source, [numbers[first].number] if first in numbers else []
            continue
        if token.type in ("myst_target", "myst_line_comment", "html_block", "hr"):
            continue
        inside = [n.number for n in section.numbered if first <= n.first < end]
        out += paragraphs(
            source,
            style_set,
            width,
            inside if inside or first not in numbers else [numbers[first].number],
            changed=changed,
        )
    return out
