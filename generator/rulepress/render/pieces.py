"""Sheets of printed playing pieces (tokens, fold-over standees, tent pawns) as PDFs.

`plan` makes, per component of kind ``pieces`` with a `piece`, language and paper,
``<game>/<component>.<lang>.<paper>.pdf``. The geometry of one piece (its faces, folds and cut outline) comes
from `rulepress.layout.pieces`, the grid from `rulepress.layout.sheet` (each piece its cell, spaced by twice the
bleed). Tokens are two-sided: each page of fronts is followed by its page of backs at the mirrored positions
and the PDF asks for duplex on the long (or chosen) edge; standees and pawns carry both faces on one strip and
print on one side. How each face is painted is `rulepress.render.piece_face`. Every page's margin names the component,
how many pieces it has (and that the count is reconstructed when it is), and how to print, cut and fold it; the
PDF's viewer preferences ask for no page scaling. Texts that do not fit, at 6 pt and more, are a ContentError raised before anything is written.

A game with two or more components of one-sided pieces (standees, pawns) also gets
``<game>/one-sided-pieces.<lang>.<paper>.pdf``: all of them on shared pages, shelf-packed
(`rulepress.layout.shelves`), so a single bomb and six pawns take one sheet of card instead of two.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from rulepress import i18n
from rulepress.errors import ContentError, Problem
from rulepress.layout.paper import MM, PAPERS, PRINTABLE_MARGIN, Paper
from rulepress.layout.pieces import PieceShape, grown_outline, piece_shape
from rulepress.layout.sheet import Grid, SheetError, back_box, chunks
from rulepress.layout.shelves import Placed, pack
from rulepress.model.schema import Card, Component, Face
from rulepress.render import Artifact
from rulepress.render.options import CardOptions
from rulepress.render.pdf import Meta, how_to_print, new_canvas, print_preferences
from rulepress.render.pdf import duplex_mode as pdf_duplex_mode
from rulepress.render.piece_face import (
    BLEED,
    INK,
    MIN_PT,
    TextDoesNotFit,
    draw_face,
    face_texts,
    fit_lines,
    rgb,
    short,
    tint,
)
from rulepress.text import fonts

MARGIN_PT = 7.0  # the margin's guidance
CLEARANCE = 16.0  # mm kept free at the paper's edges for the guidance lines
MARGIN_LINES = 3  # lines of guidance at the top and at the bottom of a page
CUT_COLOR = "#000000"
FOLD_COLOR = "#555555"
TOGETHER = "one-sided-pieces"  # the file name of a game's one-sided pieces on shared pages (site/sources names it)


@dataclass(kw_only=True, frozen=True)
class PieceJob:
    """One component's piece sheet in one language on one paper."""

    game: str
    title: str  # the game's title in `lang`
    author: str
    comp: Component
    comp_index: int
    lang: str
    paper: str
    flip: str
    orientation: str
    offset: tuple[float, float]
    where: object  # key path -> (file, line, column)
    icons: dict = field(default_factory=dict, compare=False)  # the game's icon table, when a piece shows an icon
    folder: Path | None = None  # the game folder (its own icons and their licences)

    def error(self, key: tuple, message: str) -> ContentError:
        path, line, col = self.where(("components", self.comp_index) + key)  # type: ignore[operator]
        keypath = ".".join(str(k) for k in ("components", self.comp_index) + key)
        return ContentError(path, f"game {self.game}, pieces {self.comp.id}: {message}", line, col, keypath)

    @property
    def shape(self) -> PieceShape:
        p = self.comp.piece
        assert p is not None
        return piece_shape(p.form, p.shape, p.size.width, p.size.height, p.base)


def jobs(content, options: CardOptions) -> list[PieceJob]:
    """One job per printed pieces component, language and paper."""
    game = content.game
    icons = {}
    if any(comp.printed_pieces and comp.piece is not None and comp.piece.icon for comp in game.components):
        from rulepress.render.cards import game_icons

        icons = game_icons(content.folder)
    return [
        PieceJob(
            game=game.id,
            title=game.title.get(lang) or game.id,
            author=game.author or "",
            comp=comp,
            comp_index=i,
            lang=lang,
            paper=paper,
            flip=options.flip or "long",
            orientation=options.orientation or "auto",
            offset=options.offset or (0.0, 0.0),
            where=content.locate,
            icons=icons,
            folder=content.folder,
        )
        for i, comp in enumerate(game.components)
        if comp.printed_pieces
        for lang in game.languages
        for paper in options.papers
    ]


# ---------------------------------------------------------------- layout of a sheet


def sheet_grid(job: PieceJob) -> tuple[Paper, Grid]:
    """Paper orientation and grid of pieces: the orientation that holds more (portrait on a tie)."""
    from rulepress.render.cards import Settings, choose_paper

    shape = job.shape
    settings = Settings(bleed=BLEED, marks="none", page_clearance=CLEARANCE, orientation=job.orientation)
    try:
        return choose_paper(job.paper, (shape.width, shape.height), settings)
    except SheetError as exc:
        raise job.error(("piece", "size"), str(exc)) from None


def printed_faces(comp: Component) -> list[Card]:
    """Every piece to print, in order, `qty` copies each."""
    return [card for card in comp.cards for _ in range(card.qty)]


def back_of(card: Card) -> Face:
    """The other side of a piece: its own `back_face`, or the front again (a piece looks the same from behind)."""
    return card.back_face if card.back_face is not None else card.front


def duplex_mode(job: PieceJob) -> str:
    """The PDF's /Duplex viewer preference."""
    return pdf_duplex_mode(job.flip if job.shape.duplex else None)


def guidance(job: PieceJob, back_page: bool = False) -> list[str]:
    """The margin's lines: what the sheet holds, how to print, cut and fold it (in the sheet's language)."""
    w = i18n.words(job.lang, "print")["pieces"]
    comp = job.comp
    total = comp.total()
    head = w["holds"].format(name=comp.name.get(job.lang), count=total, game=job.title)
    lines = [head]
    if comp.count_unknown or comp.provenance.marked:
        lines.append(w["count_reconstructed"])
    lines.append(how_to_print(job.lang, job.flip if job.shape.duplex else None))
    form = comp.piece.form if comp.piece else "token"
    lines.append(w[f"howto_{form}"])
    if back_page:
        lines = [w["back_page"], lines[-2]]
    return lines


# ---------------------------------------------------------------- drawing


def _path(c, points, x0: float, y_top: float, page_h: float):
    """A closed ReportLab path of `points` (mm in the cell at x0, y_top; y down) in page points."""
    p = c.beginPath()
    for i, (x, y) in enumerate(points):
        px, py = (x0 + x) * MM, (page_h - y_top - y) * MM
        if i:
            p.lineTo(px, py)
        else:
            p.moveTo(px, py)
    p.close()
    return p


def piece_icon(job: PieceJob):
    """The icon the component's pieces show (None: none); a ContentError at `piece.icon` for an unknown name."""
    piece = job.comp.piece
    if piece is None or not piece.icon:
        return None
    icon = job.icons.get(piece.icon)
    if icon is None:
        raise job.error(("piece", "icon"), f"unknown icon {piece.icon!r}; icons: {', '.join(sorted(job.icons))}")
    return icon


def draw_piece(c, job: PieceJob, card: Card, x: float, y_top: float, page_h: float, back: bool) -> None:
    """One piece with its top-left corner at (x, y_top) mm: colour to the bleed, faces, folds, cut line."""
    shape = job.shape
    piece = job.comp.piece
    assert piece is not None
    token = piece.shape if shape.duplex else None
    face = back_of(card) if back else card.front
    color = face.color or "#dddddd"
    # colour to the bleed, clipped to the grown outline (so a neighbour is never touched)
    c.saveState()
    clip = _path(c, grown_outline(shape, piece.shape, BLEED), x, y_top, page_h)
    c.clipPath(clip, stroke=0, fill=0)
    c.setFillColor(rgb(color))
    c.rect(
        (x - BLEED) * MM,
        (page_h - y_top - shape.height - BLEED) * MM,
        (shape.width + 2 * BLEED) * MM,
        (shape.height + 2 * BLEED) * MM,
        stroke=0,
        fill=1,
    )
    for panel in shape.panels:
        if panel.side not in ("front", "back"):
            c.setFillColor(rgb(tint(color, 0.45)))
            grow = BLEED if panel.side == "tab" else 0.0
            c.rect(
                (x + panel.box.x - BLEED) * MM,
                (page_h - y_top - panel.box.bottom - grow) * MM,
                (panel.box.w + 2 * BLEED) * MM,
                (panel.box.h + 2 * grow) * MM,
                stroke=0,
                fill=1,
            )
            continue
        side_face = card.front if panel.side == "front" and not back else back_of(card)
        if shape.duplex:
            side_face = face
        c.saveState()
        c.translate((x + panel.box.x) * MM, (page_h - y_top - panel.box.bottom) * MM)
        if shape.duplex:  # the token's colour reaches the bleed: fill the cell wider than the face
            c.setFillColor(rgb(side_face.color or "#dddddd"))
            c.rect(
                -BLEED * MM,
                -BLEED * MM,
                (panel.box.w + 2 * BLEED) * MM,
                (panel.box.h + 2 * BLEED) * MM,
                stroke=0,
                fill=1,
            )
        try:
            draw_face(c, side_face, panel, token, job.lang, piece, piece_icon(job))
        except TextDoesNotFit as exc:
            raise job.error(("cards",), str(exc)) from None
        c.restoreState()
    c.restoreState()
    if back:
        return
    c.setDash(2, 1.5)
    c.setStrokeColor(rgb(FOLD_COLOR))
    c.setLineWidth(0.4)
    for x1, y1, x2, y2 in shape.folds:
        c.line((x + x1) * MM, (page_h - y_top - y1) * MM, (x + x2) * MM, (page_h - y_top - y2) * MM)
    c.setDash()
    c.setStrokeColor(rgb(CUT_COLOR))
    c.setLineWidth(0.5)
    c.drawPath(_path(c, shape.outline, x, y_top, page_h), stroke=1, fill=0)


def _block(lines: list[str], width_pt: float) -> tuple[list[tuple[str, str]], float]:
    """`lines` wrapped to the width (font per line: the first bold), at the largest size from MARGIN_PT down to
    MIN_PT that keeps them within MARGIN_LINES lines."""
    from reportlab.lib.utils import simpleSplit

    size = MARGIN_PT
    while True:
        out = [
            (part, "Body-Bold" if i == 0 else "Body")
            for i, line in enumerate(lines)
            for part in simpleSplit(line, "Body-Bold" if i == 0 else "Body", size, width_pt)
        ]
        if len(out) <= MARGIN_LINES or size <= MIN_PT:
            return out, size
        size -= 0.5


def _margin(c, lines: list[str], paper: Paper, top: bool) -> None:
    """Guidance lines centred in the top (or bottom) margin, inside the printable area."""
    block, size = _block(lines, (paper.width - 2 * CLEARANCE) * MM)
    lead = size * 1.25
    c.setFillColor(rgb(INK))
    if top:
        y = (paper.height - PRINTABLE_MARGIN) * MM - size
    else:
        y = PRINTABLE_MARGIN * MM + (len(block) - 1) * lead + size * 0.25
    for text, font in block:
        c.setFont(font, size)
        c.drawCentredString(paper.width / 2 * MM, y, text)
        y -= lead


def _credit(c, meta: Meta, folder: Path | None, svgs: set[str]) -> None:
    """The attribution the licence of the icons `svgs` asks for, in the PDF's subject (it travels with the file)."""
    if not svgs:
        return
    from rulepress.text.iconfont import attributions, icon_files

    credit = " ".join(" ".join(attributions(icon_files(folder), svgs)).split())
    c.setSubject(f"{meta.subject}; {credit}")


def write_sheet(job: PieceJob, target: Path) -> dict:
    """Write the PDF of one component's pieces; ContentError before anything is written."""
    fonts.register()
    paper, g = sheet_grid(job)
    shape = job.shape
    meta = Meta(
        f"{job.title} \u2013 {job.comp.name.get(job.lang)} ({job.paper})",
        job.author,
        f"pieces {job.comp.id}, {job.lang}",
    )
    icon = piece_icon(job)  # an unknown icon is an error before anything is drawn
    c = new_canvas(target, paper.points, meta)
    print_preferences(c, duplex_mode(job))
    _credit(c, meta, job.folder, {icon.svg} if icon is not None and icon.svg else set())
    pages = 0
    for page in chunks(printed_faces(job.comp), g.per_page):
        lines = guidance(job)
        _margin(c, lines[:-2], paper, top=True)
        _margin(c, lines[-2:], paper, top=False)
        for card, trim in zip(page, g.trims):
            draw_piece(c, job, card, trim.x, trim.y, paper.height, back=False)
        c.showPage()
        pages += 1
        if shape.duplex:
            _margin(c, guidance(job, back_page=True), paper, top=True)
            for card, trim in zip(page, g.trims):
                box = back_box(trim, paper.width, paper.height, job.flip, job.offset)
                draw_piece(c, job, card, box.x, box.y, paper.height, back=True)
            c.showPage()
            pages += 1
    c.save()
    return {"pages": pages}


# ---------------------------------------------------------------- check and plan


def check_job(job: PieceJob) -> None:
    """Every problem writing the sheet would stop with, raised as ContentError (nothing drawn)."""
    sheet_grid(job)
    for i, card in enumerate(job.comp.cards):
        for face in (card.front, back_of(card)):
            _, text = face_texts(face, job.lang)
            for panel in job.shape.panels:
                if panel.side == "front" and text:
                    inner = 0.72 if job.comp.piece and job.comp.piece.shape in ("circle", "hexagon") else 0.86
                    if fit_lines(text, panel.box.w * MM * inner, panel.box.h * MM * 0.3) is None:
                        raise job.error(
                            ("cards", i, "text"),
                            f"the text {short(text)!r} does not fit on the piece at {MIN_PT:g} pt",
                        )


def check(content, options: CardOptions) -> list[Problem]:
    """The problems of every pieces sheet of the game (one per component)."""
    problems: dict[str, Problem] = {}
    for job in jobs(content, options):
        try:
            check_job(job)
        except ContentError as exc:
            problems.setdefault(job.comp.id, exc.problem)
    return list(problems.values())


def component_path(game: str, comp_id: str, lang: str, paper: str) -> str:
    return f"{game}/{comp_id}.{lang}.{paper}.pdf"


def used_svg_icons(content) -> set[str]:
    """The SVG icons the game's printed pieces show (for the icons' licence notice)."""
    wanted = {
        comp.piece.icon
        for comp in content.game.components
        if comp.printed_pieces and comp.piece is not None and comp.piece.icon
    }
    if not wanted:
        return set()
    from rulepress.render.cards import game_icons

    icons = game_icons(content.folder)
    return {icon.svg for name in wanted if (icon := icons.get(name)) is not None and icon.svg}


def plan(content, options: CardOptions) -> list[Artifact]:
    """One PDF per printed pieces component, language and paper; one more of a game's one-sided pieces on
    shared pages (per language and paper) where it has two components of them or more. The print-and-play set
    takes the shared sheet instead of the sheets it holds: those stay downloadable for a reprint of one kind."""
    artifacts = []
    all_jobs = jobs(content, options)
    groups = together(all_jobs)
    shared = {(job.comp.id, job.lang, job.paper) for group in groups for job in group}
    for job in all_jobs:
        artifacts.append(
            Artifact(
                game=job.game,
                kind="pieces",
                path=component_path(job.game, job.comp.id, job.lang, job.paper),
                inputs={
                    "component": job.comp.model_dump(mode="json"),
                    "lang": job.lang,
                    "paper": job.paper,
                    "flip": job.flip,
                    "orientation": job.orientation,
                    "offset": list(job.offset),
                    "title": job.title,
                    "words": [i18n.words(job.lang, "print")[k] for k in ("pieces", "sheet")],
                },
                write=_bind(job),
                lang=job.lang,
                paper=job.paper,
                bundles=() if (job.comp.id, job.lang, job.paper) in shared else ("play",),
            )
        )
    for group in groups:
        first = group[0]
        artifacts.append(
            Artifact(
                game=first.game,
                kind="pieces",
                path=component_path(first.game, TOGETHER, first.lang, first.paper),
                inputs={
                    "components": [job.comp.model_dump(mode="json") for job in group],
                    "lang": first.lang,
                    "paper": first.paper,
                    "title": first.title,
                    "words": [i18n.words(first.lang, "print")[k] for k in ("pieces", "sheet")],
                },
                write=partial(write_together, group),
                lang=first.lang,
                paper=first.paper,
                bundles=("play",),
            )
        )
    return artifacts


def together(all_jobs: list[PieceJob]) -> list[list[PieceJob]]:
    """The one-sided jobs of each language and paper, where there are two components or more of them (and no
    component is itself named like the shared sheet)."""
    groups: dict[tuple[str, str], list[PieceJob]] = {}
    for job in all_jobs:
        if not job.shape.duplex:
            groups.setdefault((job.lang, job.paper), []).append(job)
    return [group for group in groups.values() if len(group) > 1 and all(job.comp.id != TOGETHER for job in group)]


def together_guidance(group: list[PieceJob]) -> tuple[list[str], list[str]]:
    """The shared sheet's margin: what it holds (top), how to print, cut and fold each form (bottom)."""
    first = group[0]
    w = i18n.words(first.lang, "print")["pieces"]
    names = ", ".join(f"{job.comp.name.get(first.lang)} (\u00d7{job.comp.total()})" for job in group)
    top = [w["together"].format(game=first.title, names=names)]
    if any(job.comp.count_unknown or job.comp.provenance.marked for job in group):
        top.append(w["count_reconstructed"])
    forms: dict[str, list[str]] = {}  # form -> the names of the components of that form
    for job in group:
        if job.comp.piece is not None:
            forms.setdefault(job.comp.piece.form, []).append(job.comp.name.get(first.lang) or job.comp.id)
    bottom = [how_to_print(first.lang, None)]
    bottom += [f"{', '.join(names)}: {w[f'howto_{form}']}" for form, names in forms.items()]
    return top, bottom


def together_pages(group: list[PieceJob]) -> tuple[Paper, list[tuple[PieceJob, Card]], list[list[Placed]]]:
    """The paper (portrait unless a piece only fits across), every piece to print and the pages they fill."""
    from rulepress.layout.shelves import ShelfError

    items = [(job, card) for job in group for card in printed_faces(job.comp)]
    sizes = [(job.shape.width + 2 * BLEED, job.shape.height + 2 * BLEED) for job, _ in items]
    error: ShelfError | None = None
    for orientation in ("portrait", "landscape"):
        paper = PAPERS[group[0].paper].oriented(orientation)
        try:
            return paper, items, pack(sizes, paper.width - 2 * CLEARANCE, paper.height - 2 * CLEARANCE, 0.0)
        except ShelfError as exc:
            error = exc
    assert error is not None
    raise group[0].error(("piece", "size"), str(error))


def write_together(group: list[PieceJob], target: Path) -> dict:
    """Write the PDF of a game's one-sided pieces on shared pages."""
    fonts.register()
    first = group[0]
    paper, items, pages = together_pages(group)
    top, bottom = together_guidance(group)
    meta = Meta(f"{first.title} \u2013 {top[0]} ({first.paper})", first.author, f"pieces {TOGETHER}, {first.lang}")
    svgs = {icon.svg for job in group if (icon := piece_icon(job)) is not None and icon.svg}
    c = new_canvas(target, paper.points, meta)
    print_preferences(c, pdf_duplex_mode(None))
    _credit(c, meta, first.folder, svgs)
    for page in pages:
        _margin(c, top, paper, top=True)
        _margin(c, bottom, paper, top=False)
        for placed in page:
            job, card = items[placed.index]
            x, y = CLEARANCE + placed.x + BLEED, CLEARANCE + placed.y + BLEED
            draw_piece(c, job, card, x, y, paper.height, back=False)
        c.showPage()
    c.save()
    return {"pages": len(pages)}


def _bind(job: PieceJob):
    def write(tmp: Path):
        return write_sheet(job, tmp)

    return write
