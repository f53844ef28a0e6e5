"""Card, tile, token and money sheets as duplex PDFs (ReportLab, vectors, embedded fonts).

`plan` makes, per printed component, language and paper, ``<game>/<component>.<lang>.<paper>.pdf``:
each page of fronts is followed by its page of backs at the mirrored positions
(`rulepress.layout.sheet`); the sheets belong to the print-and-play bundle of their paper.
Geometry comes from `layout.sheet`, the jobs and their faces from
`rulepress.draw.cardjobs` and `rulepress.draw.painter`; this module lays out the sheets. A shared back is drawn once as a form XObject and placed
by reference, and so is a front (or individual back) printed more than once.
The calibration sheet that goes with them is a renderer of its own (`rulepress.render.calibration`). Every
content problem is raised as a ContentError from inside `write`, before
the canvas saves, so nothing is written; `check` finds the same problems with
the same functions (drawing every distinct face on a scratch canvas) without
writing anything, for `rulepress check content`. Pages are compressed
when the canvas saves (ReportLab's public `pageCompression`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from rulepress.draw import artcheck, credits, lowink
from rulepress.draw import piecejobs as pieces
from rulepress.draw.cardjobs import (
    KIND,
    PLAIN_SHEET,
    Design,
    Job,
    Page,
    Settings,
    check_images,
    choose_paper,
    common_digest,
    component_path,
    content_digest,
    draw_face,
    draw_shape,
    face_error,
    iter_designs,
    job_inputs,
    jobs,
    picture_files,
    rgb,
    used_svg_icons,
)
from rulepress.draw.elements import FaceError
from rulepress.draw.elements.stack import DESCENT
from rulepress.draw.pdf import Meta, duplex_mode, how_to_print, new_canvas, print_preferences
from rulepress.draw.pictures import Pictures
from rulepress.errors import ContentError, ContentErrors, Problem
from rulepress.layout import classic
from rulepress.layout.face import FaceContent
from rulepress.layout.paper import MM, PRINTABLE_MARGIN, Paper
from rulepress.layout.sheet import (
    Box,
    Grid,
    SheetError,
    back_box,
    chunks,
    crop_marks,
    guide_room,
    in_bleed,
    used,
)
from rulepress.layout.spec import Layout
from rulepress.options import CardOptions
from rulepress.render import Artifact
from rulepress.store import Store
from rulepress.text import fonts
from rulepress.version import code_version

GUIDE_PT = 6.5  # the print guidance in the bottom margin
GUIDE_BAND = GUIDE_PT * 1.3 / MM  # mm it takes, with its descent and a little air


# ---------------------------------------------------------------- settings


# ---------------------------------------------------------------- drawing helpers


# ---------------------------------------------------------------- one face


# ---------------------------------------------------------------- a component


def write_component(job: Job, target: Path) -> dict:
    """Write the duplex sheet PDF of one component; ContentError before anything is written."""
    from rulepress.draw.painter import SHARED, Forms, back_of, front_of  # (the painter draws with this module)

    try:
        paper, g = choose_paper(job.paper, job.size, job.settings)
    except SheetError as exc:
        raise job.sheet_error(exc) from None
    check_images(job)
    items = (d for d in iter_designs(job) for _ in range(d.qty))
    # the canvas opens `target` only in save(): a ContentError raised while drawing leaves no file behind
    meta = job.meta(f"{job.paper} sheets")
    c = new_canvas(target, paper.points, meta)
    print_preferences(c, duplex_mode(job.settings.flip))
    used_icons = used_svg_icons(job)
    if used_icons:  # the icon set's licence asks for attribution: it travels in the PDF itself
        from rulepress.text.iconfont import attributions, icon_files

        credit = " ".join(" ".join(attributions(icon_files(job.folder), used_icons)).split())
        c.setSubject(f"{meta.subject}; {credit}" if meta.subject else credit)
    pictures = Pictures(c)
    for path in picture_files(job):  # placeholders first: ReportLab forms begun mid-page lose its alpha states
        pictures.prepare(path)
    s = job.settings
    # shared backs are forms from the first copy; a front (or individual back) once it is printed twice
    forms = Forms(
        c,
        job,
        pictures,
        lambda ref, same, _: f"back_{same}" if ref.side == SHARED else f"face_{same}",
        only_repeated=True,
    )
    pages = 0
    for page_items in _pages(items, g.per_page):
        page = Page(c, paper)
        for item, trim, cell in zip(page_items, g.trims, g.bleeds):
            c.saveState()
            page.clip(cell)
            c.translate(trim.x * MM, (paper.height - trim.bottom) * MM)
            forms.place(front_of(item), item.qty)
            c.restoreState()
        guide = guide_room(g, len(page_items), GUIDE_BAND)
        _guides(c, page, g, job.layout, s, len(page_items), GUIDE_BAND if guide else 0.0)
        if guide:
            _how_to_print(c, paper, job.lang, s.flip)
        c.showPage()
        pages += 1
        for item, trim, cell in zip(page_items, g.trims, g.bleeds):
            box = back_box(trim, paper.width, paper.height, s.flip, s.offset)
            clip = back_box(cell, paper.width, paper.height, s.flip, s.offset)
            c.saveState()
            page.clip(clip)
            c.translate(box.x * MM, (paper.height - box.bottom) * MM)
            forms.place(back_of(item), item.qty)
            c.restoreState()
        if guide:
            _how_to_print(c, paper, job.lang, s.flip)
        c.showPage()
        pages += 1
    c.save()
    pictures.embed(target)
    return {"pages": pages}


def _pages(items: Iterator[Design], size: int) -> Iterator[list[Design]]:
    """The printed copies page by page, taken from the iterator as they are drawn."""
    page: list[Design] = []
    for item in items:
        page.append(item)
        if len(page) == size:
            yield page
            page = []
    if page:
        yield page


def check_faces(job: Job, passed: Store) -> None:
    """Draw every distinct face of the job once on a scratch canvas: the ContentError `write_component`
    would raise for icons, glyphs or texts that do not fit, without writing a file. `passed`: the faces
    that passed before, by their digest (`content_digest`), are not drawn again; those that pass now are
    added (a one-card edit checks one face; `Store(None)` remembers nothing)."""
    import io

    from reportlab.pdfgen import canvas as rl_canvas

    fonts.register()
    w, h = job.size
    c = rl_canvas.Canvas(io.BytesIO(), pagesize=(w * MM, h * MM), initialFontName="Body")
    pictures = Pictures(c)  # placeholders only: pictures are checked by the loader, not decoded again here
    drawn: set[FaceContent] = set()
    common = common_digest(job, {"check": True})
    for item in iter_designs(job):
        for back, content in ((False, item.front), (True, item.back_face)):
            if content is None or content in drawn:
                continue
            drawn.add(content)
            key = content_digest(common, "back_face" if back else "front", content)
            if passed.get(key):
                continue
            try:
                draw_face(
                    c,
                    w,
                    h,
                    content,
                    job.settings.bleed,
                    job.art,
                    back=back,
                    pictures=pictures,
                    lang=job.lang,
                )
            except FaceError as exc:
                raise face_error(job, item.id, back, exc) from None
            c.showPage()
            passed.put(key, True)


def check(content, options: CardOptions) -> list[Problem]:
    """Every problem the card sheets of `content` would stop the build with (layouts, sizes, papers,
    images, icons, glyphs, texts that do not fit), found without writing anything."""
    try:
        all_jobs = jobs(content, options)
    except (ContentError, ContentErrors) as exc:
        return exc.problems()
    problems: list[Problem] = []
    faces_checked: set[tuple[int, str]] = set()
    passed = Store.at(options.cache, f"checks/{content.id}/faces", code_version())  # faces that passed before
    for job in all_jobs:
        steps: list[Callable[..., object]] = [lambda job=job: choose_paper(job.paper, job.size, job.settings)]
        if (job.comp_index, job.lang) not in faces_checked:  # faces do not depend on the paper
            faces_checked.add((job.comp_index, job.lang))
            steps += [lambda job=job: check_images(job), lambda job=job: check_faces(job, passed)]
        for step in steps:
            try:
                step()
            except SheetError as exc:
                problems.extend(job.sheet_error(exc).problems())
            except ContentError as exc:
                problems.extend(exc.problems())
    problems += artcheck.warnings(all_jobs)  # art under 300 ppi at print size, crops by fit: cover
    passed.save()
    return sorted(set(problems), key=lambda p: (p.path, p.line or 0, p.col or 0, p.key, p.message))


NO_BLEED = Settings(bleed=0.0)  # a sheet of finished pictures: the pictures carry their own edges

CUT_LINE = 0.5  # pt: the cut outline of a round or shaped token (and of every card with marks: lines)
CUT_COLOR = "#444444"


def _how_to_print(c, paper: Paper, lang: str, flip: str) -> None:
    """The line saying how to print the sheet, centred just inside the bottom page clearance."""
    c.setFillColor(rgb("#1a1a1a"))
    c.setFont("Body", GUIDE_PT)
    c.drawCentredString(paper.width / 2 * MM, PRINTABLE_MARGIN * MM + GUIDE_PT * DESCENT, how_to_print(lang, flip))


def _guides(
    c, page: Page, g: Grid, layout: Layout, s: Settings, count: int | None = None, reserve: float = 0.0
) -> None:
    """Crop marks or cut lines, and the optional safe-zone guide, on a front page holding `count` cards.

    A token that is not a rectangle also gets its cut outline on the face (with crop marks too):
    a straight cut along the marks would leave its corners on."""
    c.setStrokeColor(rgb("#000000"))
    c.setLineWidth(0.25)
    H = page.paper.height
    shape = layout.shape
    trims = used(g, count).trims
    if s.marks == "crop":
        marks = crop_marks(g, count, reserve)
        c.setStrokeColor(rgb("#ffffff"))  # a mark reaching into the bleed: a white edge shows it on any colour
        c.setLineWidth(1.0)
        for x1, y1, x2, y2 in (m for m in marks if in_bleed(g, m)):
            c.line(x1 * MM, (H - y1) * MM, x2 * MM, (H - y2) * MM)
        c.setStrokeColor(rgb("#000000"))
        c.setLineWidth(0.25)
        for x1, y1, x2, y2 in marks:
            c.line(x1 * MM, (H - y1) * MM, x2 * MM, (H - y2) * MM)
    if s.marks == "lines" or (s.marks == "crop" and shape != "rect"):
        c.setStrokeColor(rgb(CUT_COLOR if shape != "rect" else "#888888"))
        c.setLineWidth(CUT_LINE if shape != "rect" else 0.25)
        for trim in trims:
            x, y, w, h = page.rect_pt(trim)
            draw_shape(c, x, y, w, h, shape, layout.corner_radius * MM, 0, 1)
    if s.safe_guide:
        c.setStrokeColor(rgb("#3070d0"))
        c.setDash(1, 2)
        for trim in trims:
            sb = classic.safe_box(trim.w, trim.h, layout)
            x, y, w, h = page.rect_pt(Box(trim.x + sb.x, trim.y + sb.y, sb.w, sb.h))
            c.rect(x, y, w, h, fill=0, stroke=1)
        c.setDash()


# ---------------------------------------------------------------- plan


def icon_credits(content, jobs_: list[Job]) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """The icons a game's sheets use, and per icon set the set's licence notice with the icons taken
    from it (a game's own icons are never credited to a set they do not come from)."""
    from rulepress.text.iconfont import credit_sections, icon_files

    used = sorted(set().union(*(used_svg_icons(j) for j in jobs_), pieces.used_svg_icons(content)))
    return used, credit_sections(icon_files(content.folder), set(used))


def write_credits(sections: list[tuple[str, list[str]]], target: Path) -> dict:
    """The licence and attribution of the icons printed on the game's sheets, set by set."""
    text = "\n\n".join(f"{notice}\n\nIcons used on these sheets: {', '.join(names)}" for notice, names in sections)
    target.write_text(text + "\n", encoding="utf-8")
    return {}


def plan(content, options: CardOptions) -> list[Artifact]:
    """Sheets of every printed component per language and paper, and the credits of the icons they use."""
    artifacts = []
    all_jobs = jobs(content, options)
    for job in all_jobs:
        artifacts.append(
            Artifact(
                game=job.game,
                kind=KIND[job.comp.kind],
                path=component_path(job.game, job.comp.id, job.lang, job.paper),
                inputs=dict(job_inputs(job), ink=options.ink) if options.ink != "normal" else job_inputs(job),
                write=lowink.then_lighten(_bind(write_component, job), job.piece_points)
                if options.ink == "low"
                else _bind(write_component, job),
                lang=job.lang,
                paper=job.paper,
                bundles=("play",),
            )
        )
    artifacts += credits.plan(content)  # credits.txt of the game's fonts, art and icons
    used, sections = icon_credits(content, all_jobs)
    if used:
        artifacts.append(
            Artifact(
                game=content.game.id,
                kind="credits",
                path=f"{content.game.id}/icons-license.txt",
                inputs={"used": used, "sections": sections},
                write=_bind(write_credits, sections),
                bundles=("credits",),
            )
        )
    return artifacts


def _bind(function, *args, **kwargs):
    def write(tmp: Path):
        return function(*args, tmp, **kwargs)

    return write


# ---------------------------------------------------------------- picture cards


def write_image_sheet(
    fronts: list[Path],
    back: Path,
    size: tuple[float, float],
    paper_name: str,
    target: Path,
    settings: Settings = NO_BLEED,
    meta: Meta | None = None,
) -> dict:
    """Duplex sheets of picture cards (the pictures are the trimmed faces): same grid, marks and mirroring
    as the vector cards; a shared back image stored once; PNG data embedded without re-encoding."""
    paper, g = choose_paper(paper_name, size, settings)
    c = new_canvas(target, paper.points, meta or Meta(f"picture cards ({paper_name})"))
    placer = Pictures(c)
    page = Page(c, paper)
    pages = 0
    for chunk in chunks(list(fronts), g.per_page):
        for path, trim in zip(chunk, g.trims):
            placer.draw(path, *page.rect_pt(trim))
        _guides(c, page, g, PLAIN_SHEET, settings, len(chunk))
        c.showPage()
        for _, trim in zip(chunk, g.trims):
            placer.draw(back, *page.rect_pt(back_box(trim, paper.width, paper.height, settings.flip, settings.offset)))
        c.showPage()
        pages += 2
    c.save()
    placer.embed(target)
    return {"pages": pages}
