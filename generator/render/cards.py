"""Card, tile, token and money sheets as duplex PDFs (ReportLab, vectors, embedded fonts).

`plan` makes, per printed component, language and paper, ``<game>/<component>.<lang>.<paper>.pdf``:
each page of fronts is followed by its page of backs at the mirrored positions
(`rulepress.layout.sheet`), and one calibration sheet ``calibration.<paper>.pdf``
to measure a printer's front/back drift. Geometry comes from `layout.sheet`,
the texts of a face from `layout.face`, text fitting from `text.fit`; this
module only paints. A shared back is drawn once as a form XObject and placed
by reference, and so is a front (or individual back) printed more than once.
The calibration sheet is drawn by `rulepress.render.calibration`. Every
content problem is raised as a ContentError from inside `write`, before
the canvas saves, so nothing is written; `check` finds the same problems with
the same functions (drawing every distinct face on a scratch canvas) without
writing anything, for `rulepress check content`. Each page's content stream is
compressed as soon as the page is finished (`_compress_last_page`), so a long
sheet holds compressed pages until the file is saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterator

from rulepress.errors import ContentError, Problem
from rulepress.layout import layouts as layout_data
from rulepress.layout.face import FaceContent, card_markup, card_provenance, face_content, mark_for, printed_cards
from rulepress.layout.paper import MM, PAPERS, PRINTABLE_MARGIN, Paper
from rulepress.layout.sheet import Box, Grid, SheetError, SheetSpec, back_box, chunks, crop_marks, grid, used
from rulepress.model.schema import Back, Component
from rulepress.render import Artifact
from rulepress.render.pdf import Meta, new_canvas
from rulepress.text import fonts
from rulepress.text.fit import Overflow, fit
from rulepress.text.icons import UnknownIcon, replace_icons

DESCENT = 0.3  # of the font size: room below the last baseline
KIND = {"deck": "cards", "tiles": "tiles", "tokens": "tokens", "money": "money"}


# ---------------------------------------------------------------- settings

@dataclass(frozen=True)
class Settings:
    """Print settings of one sheet: the layout's `sheet` section, overridden by build options."""

    bleed: float = 3.0
    marks: str = "crop"
    mark_length: float = 4.0
    min_mark_length: float = 1.0
    mark_offset: float = 0.5
    page_clearance: float = PRINTABLE_MARGIN
    gap: str = "spaced"
    safe_guide: bool = False
    orientation: str = "auto"
    flip: str = "long"
    offset: tuple[float, float] = (0.0, 0.0)

    @classmethod
    def from_layout(cls, layout: dict, options=None) -> "Settings":
        sheet = dict(layout.get("sheet", {}))
        sheet["bleed"] = layout.get("bleed", 3.0)
        for name in ("bleed", "marks", "safe_guide", "flip", "orientation", "gap"):
            value = getattr(options, f"card_{name}", None)
            if value is not None:
                sheet[name] = value
        offset = getattr(options, "duplex_offset", None)
        if offset is not None:
            sheet["offset"] = offset
        known = {k: v for k, v in sheet.items() if k in cls.__dataclass_fields__}
        if "offset" in known:
            known["offset"] = tuple(float(v) for v in known["offset"])
        return cls(**known)

    def spec(self, paper: Paper, card: tuple[float, float]) -> SheetSpec:
        return SheetSpec(paper.width, paper.height, card[0], card[1], self.bleed, self.marks, self.mark_length,
                         self.min_mark_length, self.mark_offset, self.page_clearance, self.gap)


def choose_paper(paper_name: str, card: tuple[float, float], settings: Settings) -> tuple[Paper, Grid]:
    """Paper orientation and grid; 'auto' takes the orientation that holds more cards (portrait on a tie)."""
    base = PAPERS[paper_name]
    options = ["portrait", "landscape"] if settings.orientation == "auto" else [settings.orientation]
    best = None
    error = None
    for orientation in options:
        paper = base.oriented(orientation)
        try:
            g = grid(settings.spec(paper, card))
        except SheetError as exc:
            error = exc
            continue
        if best is None or g.per_page > best[1].per_page:
            best = (paper, g)
    if best is None:
        raise error
    return best


# ---------------------------------------------------------------- drawing helpers

def _rgb(color: str):
    from reportlab.lib.colors import HexColor

    return HexColor(color)


class Page:
    """ReportLab canvas with millimetre boxes from the top-left."""

    def __init__(self, canvas, paper: Paper):
        self.c = canvas
        self.paper = paper

    def rect_pt(self, box: Box) -> tuple[float, float, float, float]:
        return box.x * MM, (self.paper.height - box.bottom) * MM, box.w * MM, box.h * MM

    def clip(self, box: Box) -> None:
        path = self.c.beginPath()
        path.rect(*self.rect_pt(box))
        self.c.clipPath(path, stroke=0, fill=0)


def _shape(c, x: float, y: float, w: float, h: float, shape: str, radius: float, fill: int, stroke: int) -> None:
    """Rectangle (rounded) or circle inscribed in the box, in points."""
    if shape == "circle":
        c.circle(x + w / 2, y + h / 2, min(w, h) / 2, fill=fill, stroke=stroke)
    elif radius > 0:
        c.roundRect(x, y, w, h, radius, fill=fill, stroke=stroke)
    else:
        c.rect(x, y, w, h, fill=fill, stroke=stroke)


def safe_box(w: float, h: float, layout: dict) -> Box:
    """The text area of a card of w x h mm (relative to the trim's top-left)."""
    safe = float(layout.get("safe", 3.0))
    if layout.get("shape") == "circle":
        r = min(w, h) / 2 - safe
        side = r * 2 ** 0.5
        return Box(w / 2 - side / 2, h / 2 - side / 2, side, side)
    return Box(safe, safe, w - 2 * safe, h - 2 * safe)


# ---------------------------------------------------------------- one face

@dataclass
class FaceError(Exception):
    message: str


def _fit(markup: str, box_w: float, box_h: float, style: dict, align: str | None = None):
    return fit(markup, box_w, box_h, style.get("font", "Body"), float(style.get("size", 8)),
               float(style.get("min_size", style.get("size", 8))), float(style.get("leading", 1.2)),
               align or style.get("align", "left"), style.get("color", "#000000"))


def _values_markup(face: FaceContent) -> str:
    lines = []
    for v in face.values:
        value = f'<font color="#b02020"><i>{v.value}</i></font>' if v.unknown else f"<b>{v.value}</b>"
        lines.append(f"{v.label}: {value}")
    return "<br/>".join(lines)


def draw_face(c, w: float, h: float, face: FaceContent, layout: dict, bleed: float,
              frames: dict[str | None, str] | None = None) -> None:
    """Paint one front face; the origin is the trim's bottom-left corner (points). FaceError on overflow.

    With `frames` (colour -> form name, filled as needed) the background and frame are a shared form XObject."""
    if frames is None:
        _draw_frame(c, w, h, face.color, layout, bleed)
    else:
        c.doForm(frame_form(c, frames, w, h, face.color, layout, bleed))
    _draw_texts(c, h, safe_box(w, h, layout), face, layout)


def frame_form(c, frames: dict[str | None, str], w: float, h: float, color: str | None, layout: dict,
               bleed: float) -> str:
    """The name of the form holding a face's background and frame in `color`; drawn on first use."""
    if color not in frames:
        name = f"frame_{len(frames)}"
        B = bleed * MM
        c.beginForm(name, -B, -B, w * MM + B, h * MM + B)
        _draw_frame(c, w, h, color, layout, bleed)
        c.endForm()
        frames[color] = name
    return frames[color]


def _draw_frame(c, w: float, h: float, color: str | None, layout: dict, bleed: float) -> None:
    """Background (over the bleed) and the inner frame of a face."""
    shape = layout.get("shape", "rect")
    radius = float(layout.get("corner_radius", 0)) * MM
    background = layout.get("background", "#ffffff")
    frame = layout.get("frame", {})
    W, H, B = w * MM, h * MM, bleed * MM
    c.setFillColor(_rgb(color or background))
    if shape == "circle":
        c.circle(W / 2, H / 2, min(W, H) / 2 + B, fill=1, stroke=0)
    else:
        c.rect(-B, -B, W + 2 * B, H + 2 * B, fill=1, stroke=0)
    inner = float(layout.get("safe", 3.0)) - 1.0
    if color:
        c.setFillColor(_rgb(background))
        _shape(c, inner * MM, inner * MM, W - 2 * inner * MM, H - 2 * inner * MM, shape, radius, 1, 0)
    else:
        c.setStrokeColor(_rgb(frame.get("color", "#555555")))
        c.setLineWidth(float(frame.get("width", 1.0)) * 0.5)
        _shape(c, inner * MM, inner * MM, W - 2 * inner * MM, H - 2 * inner * MM, shape, radius, 0, 1)


def _draw_texts(c, h: float, safe: Box, face: FaceContent, layout: dict) -> None:
    gap = float(layout.get("gap", 1.5))
    top = safe.y  # mm from the trim top
    bottom = safe.bottom
    mark_style = layout.get("mark", {})

    def place(fitted, y_top: float, x: float | None = None) -> None:
        x_mm = safe.x if x is None else x
        fitted.draw(c, x_mm * MM, (h - y_top - fitted.height) * MM)

    # keep the descenders of the lowest line inside the safe zone
    lowest = mark_style if face.mark else layout.get("values", {})
    bottom -= DESCENT * float(lowest.get("size", 6)) / MM
    if face.mark:
        try:
            mark = _fit(face.mark, safe.w, safe.h / 4, mark_style, "center")
        except Overflow as exc:
            raise FaceError(f"provenance mark: {exc}") from None
        place(mark, bottom - mark.height)
        bottom -= mark.height + gap / 2
    if face.values:
        try:
            values = _fit(_values_markup(face), safe.w, (bottom - top) * 0.5, layout.get("values", {}))
        except Overflow as exc:
            raise FaceError(f"values: {exc}") from None
        place(values, bottom - values.height)
        bottom -= values.height + gap
    title_style = layout.get("title", {})
    alone = not face.body and not face.write_in
    if face.title:
        room = (bottom - top) if alone else (bottom - top) * 0.4
        try:
            title = _fit(face.title, safe.w, room, title_style)
        except Overflow as exc:
            raise FaceError(f"title: {exc}") from None
        if alone and title_style.get("valign") == "middle":
            place(title, top + (bottom - top - title.height) / 2)
        else:
            place(title, top)
        top += title.height + gap
    if face.body:
        try:
            body = _fit(face.body, safe.w, bottom - top, layout.get("text", {}))
        except Overflow as exc:
            raise FaceError(f"text: {exc}") from None
        place(body, top)
    elif face.write_in:
        lines = int(layout.get("write_in_lines", 4))
        step = min(6.0, (bottom - top) / (lines + 0.5))
        c.setStrokeColor(_rgb("#999999"))
        c.setLineWidth(0.4)
        for i in range(1, lines + 1):
            y = top + i * step
            c.line(safe.x * MM, (h - y) * MM, safe.right * MM, (h - y) * MM)


def draw_back(c, w: float, h: float, back: Back | None, title: str | None, mark: str | None, layout: dict,
              bleed: float, folder: Path | None) -> None:
    """Paint a shared back (colour, optional image, title); origin at the trim's bottom-left."""
    style = layout.get("back", {})
    W, H, B = w * MM, h * MM, bleed * MM
    color = back.color if back else style.get("default_color", "#666666")
    c.setFillColor(_rgb(color))
    if layout.get("shape") == "circle":
        c.circle(W / 2, H / 2, min(W, H) / 2 + B, fill=1, stroke=0)
    else:
        c.rect(-B, -B, W + 2 * B, H + 2 * B, fill=1, stroke=0)
    if back is not None and back.image and folder is not None:
        c.drawImage(str(folder / back.image), -B, -B, W + 2 * B, H + 2 * B, preserveAspectRatio=False)
    safe = safe_box(w, h, layout)
    content = FaceContent(title=title, mark=mark)
    title_layout = dict(layout, title=dict(style, valign="middle", align="center"),
                        mark=dict(layout.get("mark", {}), color=style.get("color", "#ffffff")))
    _draw_texts(c, h, safe, content, title_layout)


# ---------------------------------------------------------------- a component

@dataclass
class Design:
    """One card design ready to draw: its front, its back, how many copies."""

    id: str
    qty: int
    front: FaceContent
    back_key: str  # shared back id, or '#<card id>' for an individual back face
    back_face: FaceContent | None = None


@dataclass
class Job:
    """Everything needed to write one component sheet; built at plan time, checked at write time."""

    game: str
    comp: Component
    lang: str
    paper: str
    layout: dict
    size: tuple[float, float]
    settings: Settings
    folder: Path | None
    where: Callable[[tuple], tuple[str, int | None, int | None]]
    comp_index: int
    icons: dict[str, str] = field(default_factory=dict)
    title: dict[str, str] = field(default_factory=dict)  # the game's title per language
    author: str = ""  # game.yaml's author, for the PDF metadata

    def sheet_error(self, exc: SheetError) -> ContentError:
        """The ContentError for cards that cannot be placed on the paper, naming component and layout."""
        return self.error(("size",), f"game {self.game}, {self.comp.kind} {self.comp.id}, layout "
                                     f"{self.comp.layout or 'basic-card'} on {self.paper}: {exc}")

    def meta(self, what: str) -> Meta:
        """PDF metadata: '<game title> – <component name> (<what>)'."""
        name = self.comp.name.get(self.lang)
        return Meta(f"{self.title.get(self.lang, self.game)} \u2013 {name} ({what})", self.author,
                    f"{self.comp.kind} {self.comp.id}, {self.lang}")

    def error(self, key: tuple, message: str) -> ContentError:
        path, line, col = self.where(("components", self.comp_index) + key)
        keypath = ".".join(str(k) for k in ("components", self.comp_index) + key)
        return ContentError(path, message, line, col, keypath)


def _check_face(job: Job, face: FaceContent, key: tuple, label: str, seen: set[str] | None = None) -> FaceContent:
    """Icons replaced, glyph coverage checked (only for characters not yet in `seen`, which grows)."""
    part = ("title", job.lang)
    try:
        title = replace_icons(face.title, job.icons) if face.title else None
        part = ("text", job.lang)
        body = replace_icons(face.body, job.icons) if face.body else None
        part = ("values",)
        raw = tuple(replace_icons(t, job.icons) for t in face.raw)
    except UnknownIcon as exc:
        raise job.error(_refine(job, key, part), f"game {job.game}, {job.comp.kind} {job.comp.id}, {label}: {exc}") from None
    chars = set("".join(raw))
    if seen is not None:
        chars -= seen
        seen |= chars
    if not chars:
        return replace(face, title=title, body=body, raw=raw)
    used = {job.layout.get(part, {}).get("font", "Body") for part in ("title", "text", "values")}
    for font in sorted(used):
        missing = fonts.missing_glyphs("".join(sorted(chars)), font)
        if missing:
            shown = ", ".join(f"{ch!r} U+{ord(ch):04X}" for ch in missing)
            part = (("title", job.lang) if face.title and missing[0] in face.title else
                    ("text", job.lang) if face.body and missing[0] in face.body else ("values",))
            raise job.error(_refine(job, key, part), f"game {job.game}, {job.comp.kind} {job.comp.id}, {label}: "
                                                     f"font {font} has no glyph for {shown}")
    return replace(face, title=title, body=body, raw=raw)


def designs(job: Job) -> list[Design]:
    """Every card design of the job, checked (ContentError on unknown icons or missing glyphs)."""
    return list(iter_designs(job))


def iter_designs(job: Job) -> Iterator[Design]:
    """The card designs one by one, each checked as it comes (a long deck is never held as FaceContent)."""
    comp, lang = job.comp, job.lang
    texts: dict[str, str] = {}  # Markdown -> paragraph markup, each distinct text converted once
    seen: set[str] = set()  # characters whose glyphs are checked already

    def markup(md: str) -> str:
        if md not in texts:
            texts[md] = card_markup(md)
        return texts[md]

    for j, card in enumerate(printed_cards(comp)):
        key = ("cards", j) if comp.kind != "money" else ("denominations", j)
        prov = card_provenance(card, comp)
        front = _check_face(job, face_content(card.front, comp, lang, prov, markup), key, f"card {card.id}", seen)
        back_face = None
        if card.back_face is not None:
            back_face = _check_face(job, face_content(card.back_face, comp, lang, prov, markup), key + ("back_face",),
                                    f"card {card.id} (back)", seen)
            back_key = f"#{card.id}"
        elif comp.kind == "money":
            back_key = f"#{card.id}"
            back_face = replace(front, mark=None)
        else:
            back_key = card.back or comp.back or ""
        yield Design(card.id, card.qty, front, back_key, back_face)


def write_component(job: Job, target: Path) -> dict:
    """Write the duplex sheet PDF of one component; ContentError before anything is written."""
    try:
        paper, g = choose_paper(job.paper, job.size, job.settings)
    except SheetError as exc:
        raise job.sheet_error(exc) from None
    check_images(job)
    items = (d for d in iter_designs(job) for _ in range(d.qty))
    backs = {b.id: b for b in job.comp.backs}
    # the canvas opens `target` only in save(): a ContentError raised while drawing leaves no file behind
    c = new_canvas(target, paper.points, job.meta(f"{job.paper} sheets"))
    w, h = job.size
    s = job.settings
    forms: dict[str, str] = {}
    prov_mark = mark_for(job.comp.provenance, job.lang)

    def shared_back(key: str) -> str:
        if key not in forms:
            name = f"back_{len(forms)}"
            B = s.bleed * MM
            c.beginForm(name, -B, -B, w * MM + B, h * MM + B)
            back = backs.get(key)
            title = (back.title.get(job.lang) if back and back.title else job.comp.name.get(job.lang))
            from html import escape

            draw_back(c, w, h, back, escape(title, quote=False), prov_mark, job.layout, s.bleed, job.folder)
            c.endForm()
            forms[key] = name
        return forms[key]

    faces: dict[tuple[bool, FaceContent], str] = {}
    frames: dict[str | None, str] = {}

    def face(item: Design, back: bool) -> None:
        """Paint a front (or an individual back); a design printed more than once becomes a form."""
        content = item.back_face if back else item.front
        where = " (back)" if back else ""
        key = (back, content)
        if key in faces:
            c.doForm(faces[key])
            return
        if item.qty > 1:
            frame_form(c, frames, w, h, content.color, job.layout, s.bleed)  # defined outside the face's form
            name = f"face_{len(faces)}"
            B = s.bleed * MM
            c.beginForm(name, -B, -B, w * MM + B, h * MM + B)
        try:
            draw_face(c, w, h, content, job.layout, s.bleed, frames)
        except FaceError as exc:
            raise face_error(job, item.id, back, exc) from None
        if item.qty > 1:
            c.endForm()
            faces[key] = name
            c.doForm(name)

    pages = 0
    for page_items in _pages(items, g.per_page):
        page = Page(c, paper)
        for item, trim, cell in zip(page_items, g.trims, g.bleeds):
            c.saveState()
            page.clip(cell)
            c.translate(trim.x * MM, (paper.height - trim.bottom) * MM)
            face(item, back=False)
            c.restoreState()
        _guides(c, page, g, job.layout, s, len(page_items))
        c.showPage()
        _compress_last_page(c)
        pages += 1
        for item, trim, cell in zip(page_items, g.trims, g.bleeds):
            box = back_box(trim, paper.width, paper.height, s.flip, s.offset)
            clip = back_box(cell, paper.width, paper.height, s.flip, s.offset)
            c.saveState()
            page.clip(clip)
            c.translate(box.x * MM, (paper.height - box.bottom) * MM)
            if item.back_face is not None:
                face(item, back=True)
            else:
                c.doForm(shared_back(item.back_key))
            c.restoreState()
        c.showPage()
        _compress_last_page(c)
        pages += 1
    c.save()
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


def _compress_last_page(c) -> None:
    """Replace the text of the page just finished by its compressed stream, as save() would write it.

    ReportLab keeps every page's content as text until save(); compressing it now
    keeps a long sheet's memory small. Flate only: ReportLab's default ASCII85 layer
    on top costs time in pure Python and makes the file a quarter larger."""
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream, PDFZCompress

    page = c._doc.Pages.pages[-1]
    if not page.compression or not page.stream or page.Contents:
        return
    content = PDFZCompress.encode(page.stream)
    stream = PDFStream(PDFDictionary({"Filter": PDFArray([PDFName(PDFZCompress.pdfname)])}), content)
    stream.__Comment__ = "page stream"
    page.Contents = stream
    page.stream = None


def face_error(job: Job, card_id: str, back: bool, exc: FaceError) -> ContentError:
    """The ContentError of a face that cannot be drawn, at the line of the part that failed
    (the card's `text` in the job's language for a text that does not fit)."""
    part = exc.message.split(":", 1)[0]
    key = _card_key(job, card_id) + (("back_face",) if back else ())
    key = _refine(job, key, {"text": ("text", job.lang), "title": ("title", job.lang), "values": ("values",)}.get(part, ()))
    where = " (back)" if back else ""
    return job.error(key, f"game {job.game}, {job.comp.kind} {job.comp.id}, card {card_id}{where}: {exc.message}")


def _refine(job: Job, key: tuple, part: tuple) -> tuple:
    """`key + part` when the content gives that part itself (a card's own `text`), else `key`
    (a text that comes from elsewhere, such as a banknote's label)."""
    prefix = ("components", job.comp_index)
    return key + part if part and job.where(prefix + key + part) != job.where(prefix + key) else key


def check_images(job: Job) -> None:
    """ContentError at the `image` of the first back whose image file is missing or cannot be decoded."""
    from PIL import Image, UnidentifiedImageError

    for j, back in enumerate(job.comp.backs):
        if not back.image or job.folder is None:
            continue
        path = job.folder / back.image
        try:
            with Image.open(path) as image:
                image.load()  # decodes every pixel: a truncated file fails here
        except FileNotFoundError:
            state = "is a dangling symbolic link" if path.is_symlink() else "is not found"
            raise job.error(("backs", j, "image"), f"image {back.image!r} {state}") from None
        except UnidentifiedImageError:
            raise job.error(("backs", j, "image"), f"image {back.image!r} is not an image file Rulepress can read "
                                                   "(PNG or JPEG)") from None
        except (OSError, ValueError, Image.DecompressionBombError) as exc:
            raise job.error(("backs", j, "image"), f"image {back.image!r} cannot be read: {exc}") from None


def check_faces(job: Job) -> None:
    """Draw every distinct face of the job once on a scratch canvas: the ContentError `write_component`
    would raise for icons, glyphs or texts that do not fit, without writing a file."""
    import io

    from reportlab.pdfgen import canvas as rl_canvas

    fonts.register()
    w, h = job.size
    c = rl_canvas.Canvas(io.BytesIO(), pagesize=(w * MM, h * MM), initialFontName="Body")
    drawn: set[FaceContent] = set()
    for item in iter_designs(job):
        for back, content in ((False, item.front), (True, item.back_face)):
            if content is None or content in drawn:
                continue
            drawn.add(content)
            try:
                draw_face(c, w, h, content, job.layout, job.settings.bleed)
            except FaceError as exc:
                raise face_error(job, item.id, back, exc) from None
            c.showPage()


def check(content, options) -> list[Problem]:
    """Every problem the card sheets of `content` would stop the build with (layouts, sizes, papers,
    images, icons, glyphs, texts that do not fit), found without writing anything."""
    try:
        all_jobs = jobs(content, options)
    except ContentError as exc:
        return exc.problems()
    problems: list[Problem] = []
    faces_checked: set[tuple[int, str]] = set()
    for job in all_jobs:
        steps = [lambda job=job: choose_paper(job.paper, job.size, job.settings)]
        if (job.comp_index, job.lang) not in faces_checked:  # faces do not depend on the paper
            faces_checked.add((job.comp_index, job.lang))
            steps += [lambda job=job: check_images(job), lambda job=job: check_faces(job)]
        for step in steps:
            try:
                step()
            except SheetError as exc:
                problems.extend(job.sheet_error(exc).problems())
            except ContentError as exc:
                problems.extend(exc.problems())
    return sorted(set(problems), key=lambda p: (p.path, p.line or 0, p.col or 0, p.key, p.message))


def _card_key(job: Job, card_id: str) -> tuple:
    if job.comp.kind == "money":
        for j, d in enumerate(job.comp.denominations):
            if f"note-{d.value}" == card_id:
                return ("denominations", j)
    for j, card in enumerate(job.comp.cards):
        if card.id == card_id:
            return ("cards", j)
    return ()


CUT_LINE = 0.5  # pt: the cut outline of a round or shaped token (and of every card with marks: lines)
CUT_COLOR = "#444444"


def _guides(c, page: Page, g: Grid, layout: dict, s: Settings, count: int | None = None) -> None:
    """Crop marks or cut lines, and the optional safe-zone guide, on a front page holding `count` cards.

    A token that is not a rectangle also gets its cut outline on the face (with crop marks too):
    a straight cut along the marks would leave its corners on."""
    c.setStrokeColor(_rgb("#000000"))
    c.setLineWidth(0.25)
    H = page.paper.height
    shape = layout.get("shape", "rect")
    trims = used(g, count).trims
    if s.marks == "crop":
        for x1, y1, x2, y2 in crop_marks(g, count):
            c.line(x1 * MM, (H - y1) * MM, x2 * MM, (H - y2) * MM)
    if s.marks == "lines" or (s.marks == "crop" and shape != "rect"):
        c.setStrokeColor(_rgb(CUT_COLOR if shape != "rect" else "#888888"))
        c.setLineWidth(CUT_LINE if shape != "rect" else 0.25)
        for trim in trims:
            x, y, w, h = page.rect_pt(trim)
            _shape(c, x, y, w, h, shape, float(layout.get("corner_radius", 0)) * MM, 0, 1)
    if s.safe_guide:
        c.setStrokeColor(_rgb("#3070d0"))
        c.setDash(1, 2)
        for trim in trims:
            sb = safe_box(trim.w, trim.h, layout)
            x, y, w, h = page.rect_pt(Box(trim.x + sb.x, trim.y + sb.y, sb.w, sb.h))
            c.rect(x, y, w, h, fill=0, stroke=1)
        c.setDash()


# ---------------------------------------------------------------- plan

def component_path(game: str, comp_id: str, lang: str, paper: str) -> str:
    return f"{game}/{comp_id}.{lang}.{paper}.pdf"


def jobs(content, options) -> list[Job]:
    """One Job per printed component, language and paper (layout and size resolved)."""
    game = content.game
    result = []
    for i, comp in enumerate(game.components):
        if not comp.printed:
            continue
        where = content.locate
        try:
            layout = layout_data.load_layout(comp.layout or "basic-card", content.folder)
            size = layout_data.resolve_size(comp.size, layout, content.folder)
        except ContentError as exc:
            if exc.problem.line is not None:
                raise  # located inside a layout file: reported there
            path, line, col = where(("components", i, "size" if "size" in str(exc) else "layout"))
            raise ContentError(path, f"game {game.id}, {comp.kind} {comp.id}: {exc.problem.message}", line, col,
                               f"components.{i}") from None
        settings = Settings.from_layout(layout, options)
        icon_table = layout_data.icons(content.folder)
        for lang in game.languages:
            for paper in options.papers:
                result.append(Job(game.id, comp, lang, paper, layout, size, settings, content.folder, where, i,
                                  icon_table, {x: game.title.get(x) for x in game.languages}, game.author or ""))
    return result


def _inputs(job: Job) -> dict:
    images = {}
    for back in job.comp.backs:
        if back.image and job.folder is not None:
            from rulepress.output import sha256_of

            path = job.folder / back.image
            images[back.image] = sha256_of(path) if path.exists() else None
    return {"component": job.comp.model_dump(mode="json"), "layout": job.layout, "size": job.size,
            "settings": job.settings.__dict__, "lang": job.lang, "paper": job.paper, "icons": job.icons,
            "images": images, "title": job.title, "author": job.author}


def plan(content, options) -> list[Artifact]:
    """Sheets of every printed component per language and paper, plus one calibration sheet per paper."""
    artifacts = []
    for job in jobs(content, options):
        artifacts.append(Artifact(job.game, KIND[job.comp.kind],
                                  component_path(job.game, job.comp.id, job.lang, job.paper),
                                  _inputs(job), _bind(write_component, job), lang=job.lang, paper=job.paper))
    if any(c.printed for c in content.game.components):
        from rulepress.render.calibration import write_calibration

        flip = Settings.from_layout({}, options).flip
        author = content.game.author or ""
        for paper in options.papers:
            artifacts.append(Artifact(content.game.id, "calibration", f"{content.game.id}/calibration.{paper}.pdf",
                                      {"paper": paper, "flip": flip, "author": author},
                                      _bind(write_calibration, paper, flip, author=author), paper=paper))
    return artifacts


def _bind(function, *args, **kwargs):
    def write(tmp: Path):
        return function(*args, tmp, **kwargs)
    return write


# ---------------------------------------------------------------- image cards without re-encoding

PLACEHOLDER = b"RPIMG%06d"


@dataclass(frozen=True)
class PngInfo:
    """An 8-bit grey or RGB, non-interlaced PNG whose zlib data PDF can use as it is."""

    path: Path
    width: int
    height: int
    colors: int
    chunks: tuple[tuple[int, int], ...]  # (file offset, length) of each IDAT chunk's data

    @property
    def length(self) -> int:
        return sum(n for _, n in self.chunks)


def png_info(path: Path) -> PngInfo | None:
    """The layout of a PNG when it can be embedded unchanged (FlateDecode with PNG predictors), else None."""
    import struct

    with open(path, "rb") as f:
        if f.read(8) != b"\x89PNG\r\n\x1a\n":
            return None
        chunks, header = [], None
        while True:
            head = f.read(8)
            if len(head) < 8:
                return None
            length, kind = struct.unpack(">I4s", head)
            if kind == b"IHDR":
                header = struct.unpack(">IIBBBBB", f.read(13))
                f.seek(4, 1)
            elif kind == b"IDAT":
                chunks.append((f.tell(), length))
                f.seek(length + 4, 1)
            elif kind == b"IEND":
                break
            else:
                f.seek(length + 4, 1)
    width, height, depth, color_type, _, _, interlace = header
    if depth != 8 or color_type not in (0, 2) or interlace:
        return None
    return PngInfo(Path(path), width, height, 1 if color_type == 0 else 3, tuple(chunks))


def _passthrough_object(index: int, info: PngInfo):
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFObject, format as pdf_format

    class PassThroughImage(PDFObject):
        """An image XObject whose data is spliced in from the PNG file after ReportLab has written the PDF."""

        def format(self, document):
            d = PDFDictionary({
                "Type": PDFName("XObject"), "Subtype": PDFName("Image"), "Width": info.width, "Height": info.height,
                "BitsPerComponent": 8, "ColorSpace": PDFName("DeviceRGB" if info.colors == 3 else "DeviceGray"),
                "Filter": PDFName("FlateDecode"),  # a name: an array would need DecodeParms as an array too
                "DecodeParms": PDFDictionary({"Predictor": 15, "Colors": info.colors, "BitsPerComponent": 8,
                                              "Columns": info.width}),
                "Length": info.length,
            })
            return pdf_format(d, document) + b"\nstream\n" + PLACEHOLDER % index + b"\nendstream\n"

    return PassThroughImage()


class ImagePlacer:
    """Places image files on a canvas: PNGs that allow it unchanged, JPEGs as DCT data, others via ReportLab."""

    def __init__(self, canvas):
        self.c = canvas
        self.names: dict[Path, str] = {}
        self.spliced: list[PngInfo] = []

    def draw(self, path: Path, x: float, y: float, w: float, h: float) -> None:
        path = Path(path)
        if path not in self.names:
            info = png_info(path) if path.suffix.lower() == ".png" else None
            if info is None:
                self.names[path] = ""
            else:
                name = f"rpimg{len(self.spliced)}"
                doc = self.c._doc
                reg = doc.getXObjectName(name)
                obj = _passthrough_object(len(self.spliced), info)
                obj.name = name
                doc.Reference(obj, reg)
                doc.addForm(name, obj)
                self.names[path] = name
                self.spliced.append(info)
        name = self.names[path]
        if not name:
            self.c.drawImage(str(path), x, y, w, h)  # JPEG data is passed through by ReportLab itself
            return
        reg = self.c._doc.getXObjectName(name)
        self.c._code.append(f"q {w:.4f} 0 0 {h:.4f} {x:.4f} {y:.4f} cm /{reg} Do Q")
        self.c._formsinuse.append(name)

    def write(self, pdf: bytes, target: Path) -> None:
        """Write `pdf` to `target`, streaming each PNG's data in place of its placeholder and fixing the xref."""
        import re

        pieces = []  # (position in pdf, placeholder length, PngInfo)
        for m in re.finditer(rb"RPIMG(\d{6})\nendstream", pdf):
            pieces.append((m.start(), 11, self.spliced[int(m.group(1))]))
        xref_at = pdf.rindex(b"\nxref\n") + 1

        def moved(offset: int) -> int:
            return offset + sum(info.length - n for pos, n, info in pieces if pos < offset)

        with open(target, "wb") as out:
            last = 0
            for pos, n, info in pieces:
                out.write(pdf[last:pos])
                with open(info.path, "rb") as f:
                    for start, length in info.chunks:
                        f.seek(start)
                        remaining = length
                        while remaining:
                            block = f.read(min(remaining, 1 << 20))
                            out.write(block)
                            remaining -= len(block)
                last = pos + n
            out.write(pdf[last:xref_at])
            tail = pdf[xref_at:].decode("latin-1")
            lines = tail.split("\n")
            fixed = []
            for line in lines:
                m = re.fullmatch(r"(\d{10}) (\d{5}) n ?", line)
                fixed.append(f"{moved(int(m.group(1))):010d} {m.group(2)} n " if m else line)
            text = "\n".join(fixed)
            text = re.sub(r"startxref\n(\d+)", lambda m: f"startxref\n{moved(int(m.group(1)))}", text)
            out.write(text.encode("latin-1"))


def write_image_sheet(fronts: list[Path], back: Path, size: tuple[float, float], paper_name: str, target: Path,
                      settings: Settings = Settings(bleed=0.0), meta: Meta | None = None) -> dict:
    """Duplex sheets of picture cards (the pictures are the trimmed faces): same grid, marks and mirroring
    as the vector cards; a shared back image stored once; PNG data embedded without re-encoding."""
    import io

    paper, g = choose_paper(paper_name, size, settings)
    buffer = io.BytesIO()
    c = new_canvas(buffer, paper.points, meta or Meta(f"picture cards ({paper_name})"))
    placer = ImagePlacer(c)
    page = Page(c, paper)
    pages = 0
    for chunk in chunks(list(fronts), g.per_page):
        for path, trim in zip(chunk, g.trims):
            placer.draw(path, *page.rect_pt(trim))
        _guides(c, page, g, {}, settings, len(chunk))
        c.showPage()
        for _, trim in zip(chunk, g.trims):
            placer.draw(back, *page.rect_pt(back_box(trim, paper.width, paper.height, settings.flip, settings.offset)))
        c.showPage()
        pages += 2
    c.save()
    placer.write(buffer.getvalue(), target)
    return {"pages": pages}
