"""Sheets of printed playing pieces (tokens, fold-over standees, tent pawns) as PDFs.

`plan` makes, per component of kind ``pieces`` with a `piece`, language and paper,
``<game>/<component>.<lang>.<paper>.pdf``. The geometry of one piece (its faces, folds and cut outline) comes
from `rulepress.layout.pieces`, the grid from `rulepress.layout.sheet` (each piece its cell, spaced by twice the
bleed). Tokens are two-sided: each page of fronts is followed by its page of backs at the mirrored positions
and the PDF asks for duplex on the long (or chosen) edge; standees and pawns carry both faces on one strip and
print on one side. How each face is painted is `rulepress.draw.piece_face`. Every page's margin names the component,
how many pieces it has (and that the count is reconstructed when it is), and how to print, cut and fold it; the
PDF's viewer preferences ask for no page scaling. Texts that do not fit, at 6 pt and more, are a ContentError raised before anything is written.

A game with two or more components of one-sided pieces (standees, pawns) also gets
``<game>/one-sided-pieces.<lang>.<paper>.pdf``: all of them on shared pages, shelf-packed
(`rulepress.layout.shelves`), so a single bomb and six pawns take one sheet of card instead of two.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from rulepress import i18n
from rulepress.draw import lowink
from rulepress.draw.pdf import Meta, how_to_print, new_canvas, print_preferences
from rulepress.draw.pdf import duplex_mode as pdf_duplex_mode
from rulepress.draw.piece_face import (
    BLEED,
)
from rulepress.draw.piecejobs import (
    CLEARANCE,
    TOGETHER,
    PieceJob,
    check_job,
    component_path,
    credit_line,
    draw_piece,
    duplex_mode,
    guidance,
    jobs,
    margin_lines,
    piece_icon,
    printed_faces,
    sheet_grid,
)
from rulepress.errors import ContentError, Problem
from rulepress.layout.paper import MM, PAPERS, Paper
from rulepress.layout.sheet import back_box, chunks
from rulepress.layout.shelves import Placed, pack
from rulepress.model.schema import Card
from rulepress.options import CardOptions
from rulepress.render import Artifact
from rulepress.text import fonts

# ---------------------------------------------------------------- layout of a sheet


# ---------------------------------------------------------------- drawing


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
    credit_line(c, meta, job.folder, {icon.svg} if icon is not None and icon.svg else set())
    pages = 0
    for page in chunks(printed_faces(job.comp), g.per_page):
        lines = guidance(job)
        margin_lines(c, lines[:-2], paper, top=True)
        margin_lines(c, lines[-2:], paper, top=False)
        for card, trim in zip(page, g.trims):
            draw_piece(c, job, card, trim.x, trim.y, paper.height, back=False)
        c.showPage()
        pages += 1
        if shape.duplex:
            margin_lines(c, guidance(job, back_page=True), paper, top=True)
            for card, trim in zip(page, g.trims):
                box = back_box(trim, paper.width, paper.height, job.flip, job.offset)
                draw_piece(c, job, card, box.x, box.y, paper.height, back=True)
            c.showPage()
            pages += 1
    c.save()
    return {"pages": pages}


# ---------------------------------------------------------------- check and plan


def check(content, options: CardOptions) -> list[Problem]:
    """The problems of every pieces sheet of the game (one per component)."""
    problems: dict[str, Problem] = {}
    for job in jobs(content, options):
        try:
            check_job(job)
        except ContentError as exc:
            problems.setdefault(job.comp.id, exc.problem)
    return list(problems.values())


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
                    **_ink_input(options),
                },
                write=_low_ink(_bind(job), [job], options),
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
                    **_ink_input(options),
                },
                write=_low_ink(partial(write_together, group), group, options),
                lang=first.lang,
                paper=first.paper,
                bundles=("play",),
            )
        )
    return artifacts


def _ink_input(options: CardOptions) -> dict:
    """The ink setting as an input of the artifact (absent when normal: the sheets of earlier builds stay)."""
    return {"ink": options.ink} if options.ink != "normal" else {}


def _low_ink(write, group: list[PieceJob], options: CardOptions):
    """`write` made low-ink when asked (`rulepress.draw.lowink`): a fill counts as background against the
    smallest piece of the sheet with its bleed (the disc of a token, a standee's whole strip)."""
    if options.ink != "low":
        return write
    sizes = [((j.shape.width + 2 * BLEED) * MM, (j.shape.height + 2 * BLEED) * MM) for j in group]
    w, h = min(sizes, key=lambda size: size[0] * size[1])
    return lowink.then_lighten(write, (w, h))


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
    credit_line(c, meta, first.folder, svgs)
    for page in pages:
        margin_lines(c, top, paper, top=True)
        margin_lines(c, bottom, paper, top=False)
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
