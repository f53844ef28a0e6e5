"""Quick-reference sheets: content Markdown laid out into a panel, imposed n-up on paper.

Per quick reference, language and paper one PDF (kind 'quickref'):
``<game>/quickref-<id>.<lang>.<paper>.pdf``. The Markdown is first rendered as
a sandboxed Jinja template (`rulepress.text.template`) with the game's engine,
so computed numbers (battle odds) are never typed by hand, then split into
blocks (`rulepress.text.markup.blocks`) and drawn with ReportLab: headings,
paragraphs, bulleted/numbered items (one marker each), real tables, pictures
(PNG or JPEG from the game folder: ``![alt](file.png)`` alone in a paragraph
spans the panel width, inside text it is set as large as the text) and the
game's inline icons (``:name:``, the same table as on cards: glyph icons, the bundled and the game's own
SVG icons, and the aliases of icons.yaml; an unknown name is an error at its line listing the names).

Cut panels: every panel carries the same text, cut lines run along the panel
grid. Two-sided panels (``sides: 2``): the text runs from a panel's front onto its back; the
sheet's second page holds the backs where they fall when the sheet is turned over its long edge. Folded sheet (``fold: true``): the text flows through the panels in
reading order, inner grid lines are fold lines. The body size starts at
``font_size`` and shrinks in 0.25 pt steps down to ``min_font_size``; text
that still does not fit is a ContentError naming the sheet - never clipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from rulepress import i18n
from rulepress.errors import ContentError, Problem
from rulepress.layout.geometry import Rect
from rulepress.layout.nup import OVERHANG, Imposition, impose
from rulepress.layout.paper import MM, PAPERS, PRINTABLE_MARGIN
from rulepress.model.engine import EngineProcess, module_in
from rulepress.model.loader import GameContent, display_path
from rulepress.model.schema import QuickRef
from rulepress.render import Artifact
from rulepress.render.cards import game_icons
from rulepress.render.flow import FlowDiagram
from rulepress.render.options import QuickrefOptions
from rulepress.render.pdf import Meta, duplex_mode, how_to_print, new_canvas, print_preferences
from rulepress.sandbox import Child, SandboxCrashed
from rulepress.text import fonts, markup, template
from rulepress.text.icons import ICON, UnknownIcon, icon_chars, icon_fonts, line_of, without_icon_chars
from rulepress.timelimit import TimeLimitExceeded

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

PADDING = 4.0  # mm between a panel's edge and its text
STEP = 0.1  # pt: the body sizes tried are min_font_size + k * STEP
IMAGE_SHARE = 0.4  # a picture block takes at most this share of the panel height
JUSTIFY = 0.8  # of the body size: most extra space between two blocks when a column is spread to its bottom
SLACK = 0.5  # pt added to measured cell widths so rounding never wraps a word
CUT_WIDTH = 0.3  # pt
FOLD_DASH = (3, 2)
CAPTION_BELOW = OVERHANG + 3.0  # mm from the panel grid to the caption's baseline
CAPTION_SIZE = 6.0  # pt
NUMERIC = re.compile(r"^[\d\s.,:%+\-\u2212\u2013/()×x]+$")


@dataclass
class Fitted:
    """The blocks of a text laid out at one body size, split into panels."""

    size: float
    panels: list[list[tuple[Flowable, float, float]]]  # per panel: (flowable, space before, height) in pt


# ----------------------------------------------------------------------------- text -> flowables


def _styles(size: float) -> dict:
    from reportlab.lib.enums import TA_LEFT
    from reportlab.lib.styles import ParagraphStyle

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
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph

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
    from reportlab.lib import colors
    from reportlab.platypus import Paragraph, Table, TableStyle

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
                from reportlab.lib.enums import TA_RIGHT
                from reportlab.lib.styles import ParagraphStyle

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
    from rulepress.text.icons import ICON_FONT_CHARS

    if not ICON_FONT_CHARS.search(text):
        return text
    from rulepress.text.iconfont import icon_font

    return icon_fonts(text, icon_font(folder).name)


def _picture(src: str, folder: Path | None) -> Path:
    """The picture file named in the text (relative to the game folder)."""
    return (folder / src) if folder is not None else Path(src)


def _pixels(path: Path) -> tuple[int, int]:
    from PIL import Image

    with Image.open(path) as image:
        return image.size


def _image(src: str, width: float, height: float, folder: Path | None):
    """A picture block: the panel's width, at most IMAGE_SHARE of its height, centred."""
    from reportlab.platypus import Image

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
    from reportlab.platypus import Paragraph

    styles = _styles(size)
    out: list[tuple[str, Flowable]] = []
    for kind, content in markup.blocks(KEEP_TOGETHER.sub("\u00a0", md)):
        if kind == "table":
            rows = [[(header, _set_icons(cell, folder)) for header, cell in row] for row in content]
            table = _table(rows, styles, size, width)
            if table is None:
                return None
            out.append((kind, table))
            continue
        if kind == "img":
            out.append((kind, _image(content[0], width, height, folder)))
            continue
        if kind == "flow":
            diagram = FlowDiagram([_set_icons(step, folder) for step in content], styles["p"])
            if diagram.minWidth() > width + 1e-6:
                return None
            out.append((kind, diagram))
            continue
        content = _set_icons(_inline_images(content, size, folder), folder)
        if kind.startswith("li"):
            para = _item(content, int(kind[2:] or 1), styles, size)
        else:
            para = Paragraph(content, styles.get(kind, styles["h3"] if kind.startswith("h") else styles["p"]))
        if para.minWidth() + para.style.leftIndent > width + 1e-6:
            return None
        out.append((kind, para))
    return out


def pictures(md: str) -> list[str]:
    """The picture files a quick-reference text names (blocks and inline), in order."""
    found = []
    for kind, content in markup.blocks(md):
        if kind == "img":
            found.append(content[0])
        elif kind == "table":
            found += [m.group(1) for row in content for _, cell in row for m in markup.IMAGE.finditer(cell)]
        elif kind == "flow":
            found += [m.group(1) for step in content for m in markup.IMAGE.finditer(step)]
        else:
            found += [m.group(1) for m in markup.IMAGE.finditer(content)]
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
    from reportlab.platypus import Paragraph

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


# ----------------------------------------------------------------------------- drawing


def draw(
    path: Path,
    sheet: Imposition,
    fitted: Fitted,
    fold: bool,
    title: str,
    caption: str,
    author: str = "",
    sides: int = 1,
    back_caption: str = "",
) -> dict:
    """Write the PDF: panels with their text, cut and fold lines, a caption below; with `sides` 2 a second
    page holds each panel's back (the rest of its text) where it falls when the sheet is turned over its long
    edge, under `back_caption`."""
    from reportlab.lib import colors

    page_h = sheet.page_height
    c = new_canvas(path, (sheet.page_width * MM, page_h * MM), Meta(title, author))
    print_preferences(c, duplex_mode("long" if sides == 2 else None))
    for index, panel in enumerate(sheet.panels):
        if fold and index >= len(fitted.panels):
            continue  # a folded sheet whose text ends early leaves its last panels blank
        column = fitted.panels[index] if fold else fitted.panels[0]
        _draw_panel(c, panel.inset(PADDING), column, page_h)
    c.setStrokeColor(colors.black)
    c.setLineWidth(CUT_WIDTH)
    for line in sheet.cuts:
        c.line(line.x1 * MM, (page_h - line.y1) * MM, line.x2 * MM, (page_h - line.y2) * MM)
    if sheet.folds:
        c.setDash(*FOLD_DASH)
        c.setStrokeColor(colors.HexColor("#555555"))
        for line in sheet.folds:
            c.line(line.x1 * MM, (page_h - line.y1) * MM, line.x2 * MM, (page_h - line.y2) * MM)
        c.setDash()
    _caption(c, sheet, caption)
    c.showPage()
    if sides == 2:
        for panel in sheet.panels:
            _draw_panel(
                c, _turned(panel, sheet).inset(PADDING), fitted.panels[1] if len(fitted.panels) > 1 else [], page_h
            )
        _caption(c, sheet, back_caption)
        c.showPage()
    c.save()
    return {"pages": sides}


def _turned(panel: Rect, sheet: Imposition) -> Rect:
    """Where the back of `panel` is on the second page of a sheet turned over its long edge: mirrored across
    the page (portrait) or up and down (landscape)."""
    if sheet.page_width <= sheet.page_height:
        return Rect(sheet.page_width - panel.x - panel.w, panel.y, panel.w, panel.h)
    return Rect(panel.x, sheet.page_height - panel.y - panel.h, panel.w, panel.h)


def _caption(c, sheet: Imposition, caption: str) -> None:
    """The caption centred below the panel grid, where the printable area leaves room for it."""
    from reportlab.lib import colors

    page_h = sheet.page_height
    grid = sheet.grid
    if page_h - grid.bottom - CAPTION_BELOW - CAPTION_SIZE * 0.3 / MM >= PRINTABLE_MARGIN:
        c.setFont("Body", CAPTION_SIZE)
        c.setFillColor(colors.HexColor("#666666"))
        c.drawCentredString(sheet.page_width / 2 * MM, (page_h - grid.bottom - CAPTION_BELOW) * MM, caption)


def _draw_panel(c, box: Rect, column: list[tuple[Flowable, float, float]], page_h: float) -> None:
    x = box.x * MM
    y = (page_h - box.y) * MM  # top edge in PDF points
    for flowable, before, height in column:
        y -= before + height
        flowable.drawOn(c, x, y)


# ----------------------------------------------------------------------------- planning


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
        where, sheet, key = _sheet_name(content, quickref, lang)
        token = str(exc).split()[2].rstrip(";")  # ':name:'
        line, col = line_of(source, token)
        raise ContentError(where, f"{sheet}: {exc}", line, col, key=key) from None


def _template_in_child(child: Child, source: str, shown: str, lang: str) -> str:
    return template.render(source, shown, lang, {"engine": module_in(child), "game": child.context.game})


def _engine_of(content: GameContent) -> EngineProcess | None:
    return EngineProcess(content) if content.game.engine else None


def _sheet_name(content: GameContent, quickref: QuickRef, lang: str) -> tuple[str, str, str]:
    """(file shown in messages, sheet name, key path) of one quick reference in one language."""
    where = display_path(content.folder / f"{quickref.source}.{lang}.md")
    name = f"quick reference {content.id}/{quickref.id} ({lang})"
    return where, name, f"quickrefs.{content.game.quickrefs.index(quickref)}"


def impose_sheet(content: GameContent, quickref: QuickRef, lang: str, paper: str) -> Imposition:
    """The panel grid of one sheet on one paper; ContentError naming the sheet if the panels do not fit."""
    where, name, key = _sheet_name(content, quickref, lang)
    page = PAPERS[paper].oriented(quickref.orientation)
    try:
        sheet = impose(
            page.width, page.height, quickref.panel.width, quickref.panel.height, quickref.n_up, fold=quickref.fold
        )
    except ValueError as exc:
        raise ContentError(where, f"{name}: {exc} ({paper} {quickref.orientation})", key=key) from None
    edge = min(sheet.grid.x, sheet.grid.y) + PADDING
    if edge < PRINTABLE_MARGIN - 1e-9:
        raise ContentError(
            where,
            f"{name}: on {paper} {quickref.orientation} its text would come {edge:.1f} mm "
            f"close to the paper edge, most printers leave {PRINTABLE_MARGIN:g} mm blank: "
            "make the panels smaller or use fewer",
            key=key,
        )
    return sheet


def fit_sheet(content: GameContent, quickref: QuickRef, lang: str, text: str) -> Fitted:
    """The text fitted into the panel (same on every paper); ContentError naming the sheet if it cannot fit."""
    where, name, key = _sheet_name(content, quickref, lang)
    missing = fonts.missing_glyphs(without_icon_chars(markup.plain(text)))
    if missing:
        raise ContentError(where, f"{name}: the bundled font has no glyph for {' '.join(missing)}", key=key)
    for src in pictures(text):
        problem = _picture_problem(content.folder / src)
        if problem:
            raise ContentError(where, f"{name}: picture {src}: {problem}", key=key)
    try:
        fitted = fit(text, quickref, quickref.n_up if quickref.fold else quickref.sides, content.folder)
    except ValueError as exc:  # ReportLab refused the markup
        raise ContentError(where, f"{name}: cannot lay out the text: {exc}", key=key) from None
    if fitted is None:
        need = needed_height(text, quickref, content.folder)
        room = quickref.panel.height - 2 * PADDING
        shown = (
            f"it needs {need:.0f} mm of {room:.0f} mm"
            if need != float("inf")
            else "a word or table is wider than the panel"
        )
        if quickref.fold and need != float("inf"):
            shown = f"it needs {need:.0f} mm, the {quickref.n_up} panels hold {room:.0f} mm each"
        elif quickref.sides == 2 and need != float("inf"):
            shown = f"it needs {need:.0f} mm, the panel's two sides hold {room:.0f} mm each"
        raise ContentError(
            where,
            f"{name} does not fit its {quickref.panel.width:g} x {quickref.panel.height:g} mm "
            f"panel even at {quickref.min_font_size:g} pt: {shown}",
            key=key,
        )
    return fitted


def _picture_problem(path: Path) -> str | None:
    """Why a picture cannot be used (missing, not PNG or JPEG), or None."""
    if not path.is_file():
        return "no such file in the game folder"
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as image:
            kind = image.format
    except (UnidentifiedImageError, OSError):
        kind = None
    return None if kind in ("PNG", "JPEG") else "not a PNG or JPEG file"


def _picture_hashes(content: GameContent, text: str) -> dict[str, str | None]:
    from rulepress.output import sha256_of

    result = {}
    for src in pictures(text):
        path = content.folder / src
        result[src] = sha256_of(path) if path.is_file() else None
    return result


def _lazy(compute):
    """A function that computes its value on the first call and returns it afterwards."""
    cache = []

    def value():
        if not cache:
            cache.append(compute())
        return cache[0]

    return value


def _draw_lazily(path, *, fitted, **kwargs):
    return draw(path, fitted=fitted(), **kwargs)


def plan(content: GameContent, options: QuickrefOptions) -> list[Artifact]:
    """One artifact per quick reference, language and paper: in the print-and-play bundle of its paper and
    in the quick references' bundle."""
    if not content.game.quickrefs:
        return []
    engine = _engine_of(content)
    try:
        texts = {
            (quickref.id, lang): sheet_text(content, quickref, lang, engine)
            for quickref in content.game.quickrefs
            for lang in content.game.languages
            if (quickref.id, lang) in content.quickref_texts
        }
    finally:
        if engine is not None:
            engine.close()
    artifacts = []
    for quickref in content.game.quickrefs:
        for lang in content.game.languages:
            if (quickref.id, lang) not in content.quickref_texts:
                continue
            text = texts[(quickref.id, lang)]
            title = f"{content.game.title.get(lang)} \u2013 {quickref.id}"
            caption = f"{content.game.title.get(lang)} \u00b7 {i18n.word(lang, 'print.quickref.' + ('fold' if quickref.fold else 'cut'))}"
            back_caption = ""
            if quickref.sides == 2:
                caption += f" \u00b7 {how_to_print(lang, 'long')}"
                back_caption = f"{content.game.title.get(lang)} \u00b7 {i18n.word(lang, 'print.quickref.back')}"
            sheets = {paper: impose_sheet(content, quickref, lang, paper) for paper in options.papers}
            # Fitting is costly: it runs when a sheet is written (never for an unchanged
            # sheet), once for all papers. A sheet that does not fit raises there, before
            # any file is replaced.
            fitted = _lazy(partial(fit_sheet, content, quickref, lang, text))
            for paper, sheet in sheets.items():
                inputs = {
                    "quickref": quickref.model_dump(mode="json"),
                    "markdown": content.quickref_texts[(quickref.id, lang)],
                    "rendered": text,
                    "lang": lang,
                    "paper": paper,
                    "title": title,
                    "caption": caption,
                    "back_caption": back_caption,
                    "author": content.game.author,
                    "pictures": _picture_hashes(content, text),
                }
                artifacts.append(
                    Artifact(
                        game=content.id,
                        kind="quickref",
                        lang=lang,
                        paper=paper,
                        path=f"{content.id}/quickref-{quickref.id}.{lang}.{paper}.pdf",
                        inputs=inputs,
                        write=partial(
                            _draw_lazily,
                            sheet=sheet,
                            fitted=fitted,
                            fold=quickref.fold,
                            title=title,
                            caption=caption,
                            sides=quickref.sides,
                            back_caption=back_caption,
                            author=content.game.author or "",
                        ),
                        bundles=("play", "quickref"),
                    )
                )
    return artifacts


def check(content: GameContent, options: QuickrefOptions) -> list[Problem]:
    """Every problem the quick-reference sheets would stop the build with (engine, template, panels
    on the paper, glyphs, text that does not fit), found with the functions `plan` and `write` use."""
    if not content.game.quickrefs:
        return []
    problems: list[Problem] = []
    engine = _engine_of(content)
    try:
        if engine is not None:
            engine.load()
        for quickref in content.game.quickrefs:
            for lang in content.game.languages:
                if (quickref.id, lang) not in content.quickref_texts:
                    continue
                try:
                    text = sheet_text(content, quickref, lang, engine)
                    for paper in options.papers:
                        impose_sheet(content, quickref, lang, paper)
                    fit_sheet(content, quickref, lang, text)
                except ContentError as exc:
                    problems.extend(exc.problems())
    except ContentError as exc:
        return exc.problems()
    finally:
        if engine is not None:
            engine.close()
    return problems
