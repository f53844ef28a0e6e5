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

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from rulepress import i18n
from rulepress.draw.panels import PADDING, Fitted, fit, needed_height, pictures, sheet_name, sheet_text
from rulepress.draw.pdf import Meta, duplex_mode, how_to_print, new_canvas, print_preferences
from rulepress.errors import ContentError, Problem
from rulepress.layout.geometry import Rect
from rulepress.layout.nup import OVERHANG, Imposition, impose
from rulepress.layout.paper import MM, PAPERS, PRINTABLE_MARGIN
from rulepress.model.engine import EngineProcess
from rulepress.model.loader import GameContent
from rulepress.model.schema import QuickRef
from rulepress.options import QuickrefOptions
from rulepress.render import Artifact
from rulepress.text import fonts, markup
from rulepress.text.icons import without_icon_chars

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

CUT_WIDTH = 0.3  # pt
FOLD_DASH = (3, 2)
CAPTION_BELOW = OVERHANG + 3.0  # mm from the panel grid to the caption's baseline
CAPTION_SIZE = 6.0  # pt


# ----------------------------------------------------------------------------- text -> flowables


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


def _engine_of(content: GameContent) -> EngineProcess | None:
    return EngineProcess(content) if content.game.engine else None


def impose_sheet(content: GameContent, quickref: QuickRef, lang: str, paper: str) -> Imposition:
    """The panel grid of one sheet on one paper; ContentError naming the sheet if the panels do not fit."""
    where, name, key = sheet_name(content, quickref, lang)
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
    where, name, key = sheet_name(content, quickref, lang)
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
    texts = _sheet_texts(content)
    return [
        artifact
        for quickref in content.game.quickrefs
        for lang in content.game.languages
        if (quickref.id, lang) in texts
        for artifact in _sheets(content, quickref, lang, texts[(quickref.id, lang)], options.papers)
    ]


def _sheet_texts(content: GameContent) -> dict[tuple[str, str], str]:
    """(quick reference id, lang) -> its Markdown after the Jinja step, all run in one engine process."""
    engine = _engine_of(content)
    try:
        return {
            (quickref.id, lang): sheet_text(content, quickref, lang, engine)
            for quickref in content.game.quickrefs
            for lang in content.game.languages
            if (quickref.id, lang) in content.quickref_texts
        }
    finally:
        if engine is not None:
            engine.close()


def _captions(content: GameContent, quickref: QuickRef, lang: str) -> tuple[str, str]:
    """The line printed under the front (how to cut or fold it, and print it) and under the back ("" for one side)."""
    title = content.game.title.get(lang)
    caption = f"{title} \u00b7 {i18n.word(lang, 'print.quickref.' + ('fold' if quickref.fold else 'cut'))}"
    if quickref.sides != 2:
        return caption, ""
    return caption + f" \u00b7 {how_to_print(lang, 'long')}", f"{title} \u00b7 {i18n.word(lang, 'print.quickref.back')}"


def _sheets(content: GameContent, quickref: QuickRef, lang: str, text: str, papers) -> list[Artifact]:
    """The quick reference in `lang` (its rendered `text`) on each of `papers`."""
    title = f"{content.game.title.get(lang)} \u2013 {quickref.id}"
    caption, back_caption = _captions(content, quickref, lang)
    sheets = {paper: impose_sheet(content, quickref, lang, paper) for paper in papers}
    # Fitting is costly: it runs when a sheet is written (never for an unchanged
    # sheet), once for all papers. A sheet that does not fit raises there, before
    # any file is replaced.
    fitted = _lazy(partial(fit_sheet, content, quickref, lang, text))
    return [
        Artifact(
            game=content.id,
            kind="quickref",
            lang=lang,
            paper=paper,
            path=f"{content.id}/quickref-{quickref.id}.{lang}.{paper}.pdf",
            inputs={
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
            },
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
        for paper, sheet in sheets.items()
    ]


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
