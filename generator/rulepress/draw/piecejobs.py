"""Piece jobs: one pieces component (tokens, standees, pawns) in one language and paper, and how its pieces
are drawn on a sheet (`draw_piece`), with the sheet's grid, guidance lines and credits.

The piece sheets (`rulepress.render.pieces`) and the print-and-cut folders of round and square tokens
(`rulepress.render.printcut`) both draw with these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rulepress import i18n
from rulepress.draw.pdf import Meta, how_to_print, new_canvas
from rulepress.draw.pdf import duplex_mode as pdf_duplex_mode
from rulepress.draw.piece_face import (
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
from rulepress.errors import ContentError
from rulepress.layout.paper import MM, PRINTABLE_MARGIN, Paper
from rulepress.layout.pieces import PieceShape, grown_outline, piece_shape
from rulepress.layout.sheet import Grid, SheetError
from rulepress.model.schema import Card, Component, Face
from rulepress.options import CardOptions
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
        from rulepress.draw.cardjobs import game_icons

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


def sheet_grid(job: PieceJob) -> tuple[Paper, Grid]:
    """Paper orientation and grid of pieces: the orientation that holds more (portrait on a tie)."""
    from rulepress.draw.cardjobs import Settings, choose_paper

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


def margin_lines(c, lines: list[str], paper: Paper, top: bool) -> None:
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


def credit_line(c, meta: Meta, folder: Path | None, svgs: set[str]) -> None:
    """The attribution the licence of the icons `svgs` asks for, in the PDF's subject (it travels with the file)."""
    if not svgs:
        return
    from rulepress.text.iconfont import attributions, icon_files

    credit = " ".join(" ".join(attributions(icon_files(folder), svgs)).split())
    c.setSubject(f"{meta.subject}; {credit}")


def write_fronts(job: PieceJob, target: Path) -> Path:
    """Every printed piece's front on a page of its own, trim plus bleed, each followed by an empty page (a
    front on every odd page, as the print-and-cut sheets read the print-shop file)."""
    fonts.register()
    shape = job.shape
    width, height = shape.width + 2 * BLEED, shape.height + 2 * BLEED
    meta = Meta(f"{job.title} – {job.comp.name.get(job.lang)}", job.author, f"pieces {job.comp.id}, {job.lang}")
    c = new_canvas(target, (width * MM, height * MM), meta)
    for card in printed_faces(job.comp):
        draw_piece(c, job, card, BLEED, BLEED, height, back=False)
        c.showPage()
        c.setPageSize((width * MM, height * MM))
        c.showPage()
    c.save()
    return target


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
    from rulepress.draw.cardjobs import game_icons

    icons = game_icons(content.folder)
    return {icon.svg for name in wanted if (icon := icons.get(name)) is not None and icon.svg}
