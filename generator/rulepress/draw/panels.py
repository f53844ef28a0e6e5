"""Quick-reference text set into panels: the Markdown after its Jinja step (`sheet_text`), turned into
flowables (`flowables`) and fitted into a number of panels at the largest body size that fits (`fit`).

The quick-reference sheets (`rulepress.render.quickref`) impose the fitted panels; the rulebook sets the same
text in its appendix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from PIL import Image as PILImage
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Image, Paragraph, Table, TableStyle

from rulepress.draw.cardjobs import game_icons
from rulepress.draw.flow import FlowDiagram
from rulepress.errors import ContentError
from rulepress.layout.paper import MM
from rulepress.model.engine import EngineProcess, module_in
from rulepress.model.loader import GameContent, display_path
from rulepress.model.schema import QuickRef
from rulepress.sandbox import Child, SandboxCrashed
from rulepress.text import fonts, markup, template
from rulepress.text.iconfont import icon_font
from rulepress.text.icons import ICON, ICON_FONT_CHARS, UnknownIcon, icon_chars, icon_fonts, line_of
from rulepress.timelimit import TimeLimitExceeded

PADDING = 4.0  # mm between a panel's edge and its text


STEP = 0.1  # pt: the body sizes tried are min_font_size + k * STEP


IMAGE_SHARE = 0.4  # a picture block takes at most this share of the panel height


JUSTIFY = 0.8  # of the body size: most extra space between two blocks when a column is spread to its bottom


SLACK = 0.5  # pt added to measured cell widths so rounding never wraps a word


NUMERIC = re.compile(r"^[\d\s.,:%+\-\u2212\u2013/()×x]+$")


@dataclass
class Fitted:
    """The blocks of a text laid out at one body size, split into panels."""

    size: float
    panels: list[list[tuple[Flowable, float, float]]]  # per panel: (flowable, space before, height) in pt


def _styles(size: float) -> dict:
    fonts.register()
    body = ParagraphStyle(
        "body",
        fontName="Body",
        fontSize=size,
        leading=size * 1.22,
        alignment=TA_LEFT,
        spaceAfter=size * 0.35,
        bulletFontName="Body",
    )
    return {
        "p": body,
        "h1": ParagraphStyle(
            "h1", parent=body, fontName="Body-Bold", fontSize=size * 1.4, leading=size * 1.6, spaceAfter=size * 0.3
        ),
        "h2": ParagraphStyle(
            "h2",
            parent=body,
            fontName="Body-Bold",
            fontSize=size * 1.15,
            leading=size * 1.35,
            spaceBefore=size * 0.45,
            spaceAfter=size * 0.2,
        ),
        "h3": ParagraphStyle(
            "h3",
            parent=body,
            fontName="Body-Bold",
            fontSize=size,
            leading=size * 1.22,
            spaceBefore=size * 0.3,
            spaceAfter=size * 0.1,
        ),
        "li": ParagraphStyle("li", parent=body, spaceAfter=size * 0.15),
        "cell": ParagraphStyle("cell", parent=body, leading=size * 1.15, spaceAfter=0),
    }


BULLET = re.compile(rf"^(\d+\.|{markup.MARKER})\s")


KEEP_TOGETHER = re.compile(r"(?<=\d) (?=%)")  # "42,1 %" never breaks before its sign


def _item(text: str, depth: int, styles: dict, size: float):
    match = BULLET.match(text)
    bullet = match.group(1) if match else "\u2022"
    body = text[match.end() :] if match else text
    indent = (depth - 1) * size * 1.2
    width = max(stringWidth(bullet, "Body", size), stringWidth("\u2022", "Body", size)) + size * 0.4
    style = ParagraphStyle(
        f"li{depth}",
        parent=styles["li"],
        leftIndent=indent + width,
        bulletIndent=indent,
        bulletFontName="Body",
        bulletFontSize=size,
    )
    return Paragraph(body, style, bulletText=bullet)


def _table(rows: list[list[tuple[bool, str]]], styles: dict, size: float, width: float):
    """A ReportLab Table sized to its content, or None if it cannot fit `width` at this size."""
    pad = size * 0.35
    cols = max((len(r) for r in rows), default=0)
    if cols == 0:
        return None
    cells, natural, least = [], [0.0] * cols, [0.0] * cols
    for row in rows:
        line = []
        for c in range(cols):
            header, text = row[c] if c < len(row) else (False, "")
            style = styles["cell"]
            if NUMERIC.match(re.sub(r"<[^>]+>", "", text) or "x") and not header:
                style = ParagraphStyle("cell-num", parent=style, alignment=TA_RIGHT)
            para = Paragraph(f"<b>{text}</b>" if header else text, style)
            para.wrap(1e6, 1e6)
            natural[c] = max(natural[c], max(para.getActualLineWidths0() or [0]) + 2 * pad + SLACK)
            least[c] = max(least[c], para.minWidth() + 2 * pad + SLACK)
            line.append(para)
        cells.append(line)
    if sum(least) > width + 1e-6:
        return None
    if sum(natural) <= width:
        col_widths = natural
    else:
        spare = width - sum(least)
        extra = [n - m for n, m in zip(natural, least)]
        total = sum(extra) or 1.0
        col_widths = [m + spare * e / total for m, e in zip(least, extra)]
    table = Table(cells, colWidths=col_widths, hAlign="LEFT")
    commands = [
        ("FONT", (0, 0), (-1, -1), "Body", size),  # ReportLab's default would put Helvetica in the PDF
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#777777")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), pad),
        ("RIGHTPADDING", (0, 0), (-1, -1), pad),
        ("TOPPADDING", (0, 0), (-1, -1), size * 0.12),
        ("BOTTOMPADDING", (0, 0), (-1, -1), size * 0.22),
    ]
    for r, row in enumerate(rows):
        if row and all(h for h, _ in row):
            commands.append(("BACKGROUND", (0, r), (-1, r), colors.HexColor("#e4e4e4")))
    table.setStyle(TableStyle(commands))
    table.spaceBefore, table.spaceAfter = size * 0.2, size * 0.5
    return table


def _inline_images(text: str, size: float, folder: Path | None) -> str:
    """Inline picture tags resolved against the game folder and set as tall as the text (an icon)."""

    def sub(match: re.Match) -> str:
        path = _picture(match.group(1), folder)
        w, h = _pixels(path)
        height = size * 1.1
        return f'<img src="{path}" width="{height * w / h:.3f}" height="{height:.3f}" valign="-{size * 0.2:.3f}"/>'

    return markup.IMAGE.sub(sub, text)


def _set_icons(text: str, folder: Path | None) -> str:
    """Markup with the SVG icons' characters set in the game's icon font."""
    if not ICON_FONT_CHARS.search(text):
        return text
    return icon_fonts(text, icon_font(folder).name)


def _picture(src: str, folder: Path | None) -> Path:
    """The picture file named in the text (relative to the game folder)."""
    return (folder / src) if folder is not None else Path(src)


def _pixels(path: Path) -> tuple[int, int]:
    with PILImage.open(path) as image:
        return image.size


def _image(src: str, width: float, height: float, folder: Path | None):
    """A picture block: the panel's width, at most IMAGE_SHARE of its height, centred."""
    path = _picture(src, folder)
    w, h = _pixels(path)
    scale = min(width / w, height * IMAGE_SHARE / h)
    image = Image(str(path), width=w * scale, height=h * scale)
    image.hAlign = "CENTER"
    image.spaceBefore, image.spaceAfter = 2.0, 4.0
    return image


def flowables(
    md: str, size: float, width: float, height: float = 1e6, folder: Path | None = None
) -> list[tuple[str, Flowable]] | None:
    """(block kind, flowable) for a Markdown text at body `size` (pt) in a `width` x `height` (pt) column;
    None if a word or a table cannot fit the width at this size. Pictures are read from `folder`."""

    styles = _styles(size)
    out: list[tuple[str, Flowable]] = []
    for block in markup.blocks(KEEP_TOGETHER.sub("\u00a0", md)):
        made = _flowable(block, styles, size, width, height, folder)
        if made is None:
            return None
        out.append((block.kind, made))
    return out


def _flowable(
    block: markup.Block, styles: dict, size: float, width: float, height: float, folder: Path | None
) -> Flowable | None:
    """One block's flowable in a `width` x `height` column at body `size`; None if it cannot fit the width."""
    if isinstance(block, markup.Table):
        rows = [[(cell.header, _set_icons(cell.markup, folder)) for cell in row] for row in block.rows]
        return _table(rows, styles, size, width)
    if isinstance(block, markup.Picture):
        return _image(block.src, width, height, folder)
    if isinstance(block, markup.Flow):
        diagram = FlowDiagram([_set_icons(step, folder) for step in block.steps], styles["p"])
        return None if diagram.minWidth() > width + 1e-6 else diagram
    content = _set_icons(_inline_images(block.markup, size, folder), folder)
    if isinstance(block, markup.Item):
        para = _item(content, block.depth, styles, size)
    else:
        para = Paragraph(content, styles.get(block.kind, styles["h3"] if block.kind.startswith("h") else styles["p"]))
    return None if para.minWidth() + para.style.leftIndent > width + 1e-6 else para


def pictures(md: str) -> list[str]:
    """The picture files a quick-reference text names (blocks and inline), in order."""
    found = []
    for block in markup.blocks(md):
        if isinstance(block, markup.Picture):
            found.append(block.src)
        elif isinstance(block, markup.Table):
            found += [m.group(1) for row in block.rows for cell in row for m in markup.IMAGE.finditer(cell.markup)]
        elif isinstance(block, markup.Flow):
            found += [m.group(1) for step in block.steps for m in markup.IMAGE.finditer(step)]
        else:
            found += [m.group(1) for m in markup.IMAGE.finditer(block.markup)]
    return found


def _measure(
    items: list[tuple[str, Flowable]], width: float, height: float
) -> list[tuple[str, Flowable, float, float]]:
    """(kind, flowable, space before, height) with the flowable wrapped to `width`."""
    measured: list[tuple[str, Flowable, float, float]] = []
    previous_after = 0.0
    for kind, flowable in items:
        _, h = flowable.wrap(width, height)
        before = max(previous_after, flowable.getSpaceBefore()) if measured else 0.0
        measured.append((kind, flowable, before, h))
        previous_after = flowable.getSpaceAfter()
    return measured


def _paginate(measured, height: float, panels: int) -> list[list[tuple[Flowable, float, float]]] | None:
    """Split measured blocks into at most `panels` columns of `height`; headings, and paragraphs that end
    in a colon (a lead-in to the list or table below), keep with the next block. Blocks are never split;
    None if they do not fit."""
    pages: list[list[tuple[Flowable, float, float]]] = [[]]
    used = 0.0
    i = 0
    while i < len(measured):
        kind, flowable, before, h = measured[i]
        group = [measured[i]]
        if _leads_in(kind, flowable) and i + 1 < len(measured):
            group.append(measured[i + 1])
        need = sum((b if n or pages[-1] else 0.0) + hh for n, (_, _, b, hh) in enumerate(group))
        if used + need > height + 1e-6 and pages[-1]:
            if len(pages) == panels:
                return None
            pages.append([])
            used = 0.0
            need = sum((b if n else 0.0) + hh for n, (_, _, b, hh) in enumerate(group))
        if need > height + 1e-6:
            return None
        for n, (_, f, b, hh) in enumerate(group):
            space = b if (n or len(pages[-1])) else 0.0
            pages[-1].append((f, space, hh))
            used += space + hh
        i += len(group)
    return pages


def _leads_in(kind: str, flowable: Flowable) -> bool:
    """Whether the block introduces the next one: a heading, or a paragraph ending in a colon."""
    if kind.startswith("h"):
        return True
    return isinstance(flowable, Paragraph) and flowable.getPlainText().rstrip().endswith(":")


def justify(
    column: list[tuple[Flowable, float, float]], height: float, most: float
) -> list[tuple[Flowable, float, float]]:
    """The column with the room left below it shared out between its blocks (at most `most` pt more
    space before each), so the text reaches the bottom of the panel like a set page."""
    if len(column) < 2:
        return column
    left = height - sum(before + h for _, before, h in column)
    extra = min(max(left, 0.0) / (len(column) - 1), most)
    return [column[0]] + [(f, before + extra, h) for f, before, h in column[1:]]


def size_range(quickref: QuickRef) -> tuple[float, float]:
    """The smallest and largest body size (pt) the text may be set in."""
    largest = quickref.max_font_size or 2 * quickref.font_size
    return quickref.min_font_size, max(largest, quickref.min_font_size)


def fit(md: str, quickref: QuickRef, panels: int, folder: Path | None = None) -> Fitted | None:
    """The text at the largest body size (min_font_size + k * STEP, up to max_font_size) at which it fits.

    `panels` is 1 for cut panels (each carries the whole text) or the panel
    count of a folded sheet (the text flows through them). None if it does not
    fit even at min_font_size. Bisection: a larger size never needs less room.
    """
    width = (quickref.panel.width - 2 * PADDING) * MM
    height = (quickref.panel.height - 2 * PADDING) * MM
    smallest, largest = size_range(quickref)

    def attempt(k: int) -> Fitted | None:
        size = round(smallest + k * STEP, 4)
        items = flowables(md, size, width, height, folder)
        if items is None:
            return None
        pages = _paginate(_measure(items, width, height), height, panels)
        if pages is None:
            return None
        full = pages if panels == 1 else pages[:-1]  # a folded sheet's last panel ends where the text ends
        return Fitted(size, [justify(p, height, size * JUSTIFY) for p in full] + pages[len(full) :])

    best = attempt(0)
    if best is None:
        return None
    low, high = 0, int((largest - smallest) / STEP + 1e-9)  # attempt(low) fits; find the last k that does
    while low < high:
        k = (low + high + 1) // 2
        fitted = attempt(k)
        if fitted is not None:
            low, best = k, fitted
        else:
            high = k - 1
    return best


def needed_height(md: str, quickref: QuickRef, folder: Path | None = None) -> float:
    """Height in mm the text needs at min_font_size in one panel (for the error message)."""
    width = (quickref.panel.width - 2 * PADDING) * MM
    items = flowables(md, quickref.min_font_size, width, (quickref.panel.height - 2 * PADDING) * MM, folder)
    if items is None:
        return float("inf")
    measured = _measure(items, width, 1e6)
    return sum(b + h for _, _, b, h in measured) / MM


def sheet_text(content: GameContent, quickref: QuickRef, lang: str, engine: EngineProcess | None) -> str:
    """The quick reference's Markdown after the Jinja step (run in the engine's process, when the game
    has an engine), with the game's icons (``:name:``) put in."""
    source = content.quickref_texts[(quickref.id, lang)]
    shown = display_path(content.folder / f"{quickref.source}.{lang}.md")
    if engine is None:
        text = template.render(source, shown, lang, {"engine": None, "game": content.game})
    else:
        try:
            text = engine.call(_template_in_child, source, shown, lang)
        except (TimeLimitExceeded, SandboxCrashed) as exc:
            raise ContentError(shown, f"template error: {exc}", key="template") from None
    table = game_icons(content.folder)  # the same table the card sheets use
    # a time or a ratio (10:30:) is no icon: only names that start with a letter are looked up
    protected = ICON.sub(lambda m: m.group(0).replace(":", "\x00") if m.group(1)[0].isdigit() else m.group(0), text)
    try:
        return icon_chars(protected, table).replace("\x00", ":")
    except UnknownIcon as exc:
        where, sheet, key = sheet_name(content, quickref, lang)
        token = str(exc).split()[2].rstrip(";")  # ':name:'
        line, col = line_of(source, token)
        raise ContentError(where, f"{sheet}: {exc}", line, col, key=key) from None


def _template_in_child(child: Child, source: str, shown: str, lang: str) -> str:
    return template.render(source, shown, lang, {"engine": module_in(child), "game": child.context.game})


def sheet_name(content: GameContent, quickref: QuickRef, lang: str) -> tuple[str, str, str]:
    """(file shown in messages, sheet name, key path) of one quick reference in one language."""
    where = display_path(content.folder / f"{quickref.source}.{lang}.md")
    name = f"quick reference {content.id}/{quickref.id} ({lang})"
    return where, name, f"quickrefs.{content.game.quickrefs.index(quickref)}"
