"""Card, tile, token and money jobs: what one printed component in one language and paper is, and its faces.

A `Job` holds a component with its layout, print `Settings`, icons and fonts (`jobs` makes them for a game);
`designs` gives its checked card designs (face texts fitted, glyphs and icons checked), `draw_face` and
`draw_back` paint one face with the layout's elements, and `job_inputs` is what a job's files depend on (its
part of the model, layouts, pictures, icons, fonts). The card sheets, the print-shop and image exports, the
print-and-cut folders and the example pictures all draw with these, so they live below every renderer.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from rulepress.draw import credits
from rulepress.draw.elements import FaceError
from rulepress.draw.face import Art, draw_with
from rulepress.draw.pdf import Meta
from rulepress.draw.pictures import Pictures
from rulepress.errors import ContentError
from rulepress.layout import classic
from rulepress.layout import layouts as layout_data
from rulepress.layout.elements import ImageElement
from rulepress.layout.face import FaceContent, card_markup, card_provenance, face_content, printed_cards
from rulepress.layout.paper import MM, PAPERS, Paper
from rulepress.layout.sheet import (
    Box,
    Grid,
    SheetError,
    SheetSpec,
    grid,
)
from rulepress.layout.spec import Layout
from rulepress.model import view
from rulepress.model.schema import Back, Component
from rulepress.options import CardOptions
from rulepress.store import cache_folder
from rulepress.text import fonts
from rulepress.text.icons import UnknownIcon, plain_text, replace_icons
from rulepress.version import code_version

KIND = {"deck": "cards", "tiles": "tiles", "tokens": "tokens", "money": "money"}


_LAYOUT = Layout()  # every default of a layout


@dataclass(kw_only=True, frozen=True)
class Settings:
    """Print settings of one sheet: the layout's `sheet` section, overridden by build options."""

    # the defaults are the layout schema's (declared there, once)
    bleed: float = _LAYOUT.bleed
    marks: str = _LAYOUT.sheet.marks
    mark_length: float = _LAYOUT.sheet.mark_length
    min_mark_length: float = _LAYOUT.sheet.min_mark_length
    mark_offset: float = _LAYOUT.sheet.mark_offset
    page_clearance: float = _LAYOUT.sheet.page_clearance
    gap: str = _LAYOUT.sheet.gap
    safe_guide: bool = _LAYOUT.sheet.safe_guide
    orientation: str = _LAYOUT.sheet.orientation
    flip: str = _LAYOUT.sheet.flip
    offset: tuple[float, float] = _LAYOUT.sheet.offset

    @classmethod
    def from_layout(cls, layout: Layout, options: CardOptions | None = None) -> Settings:
        sheet = layout.sheet.model_dump()
        sheet["bleed"] = layout.bleed
        if options is not None:
            overrides = {
                "bleed": options.bleed,
                "marks": options.marks,
                "safe_guide": options.safe_guide,
                "flip": options.flip,
                "orientation": options.orientation,
                "gap": options.gap,
                "offset": options.offset,
            }
            sheet.update({name: value for name, value in overrides.items() if value is not None})
        known = {k: v for k, v in sheet.items() if k in cls.__dataclass_fields__}
        if "offset" in known:
            known["offset"] = tuple(float(v) for v in known["offset"])
        return cls(**known)

    def spec(self, paper: Paper, card: tuple[float, float]) -> SheetSpec:
        return SheetSpec(
            paper_w=paper.width,
            paper_h=paper.height,
            card_w=card[0],
            card_h=card[1],
            bleed=self.bleed,
            marks=self.marks,
            mark_length=self.mark_length,
            min_mark_length=self.min_mark_length,
            mark_offset=self.mark_offset,
            page_clearance=self.page_clearance,
            gap=self.gap,
        )


def choose_paper(paper_name: str, card: tuple[float, float], settings: Settings) -> tuple[Paper, Grid]:
    """Paper orientation and grid; 'auto' takes the orientation that holds more cards (portrait on a tie)."""
    base = PAPERS[paper_name]
    options = ["portrait", "landscape"] if settings.orientation == "auto" else [settings.orientation]
    best: tuple[Paper, Grid] | None = None
    error: SheetError | None = None
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
        assert error is not None  # every orientation failed
        raise error
    return best


def rgb(color: str):
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


def draw_shape(c, x: float, y: float, w: float, h: float, shape: str, radius: float, fill: int, stroke: int) -> None:
    """Rectangle (rounded) or circle inscribed in the box, in points."""
    if shape == "circle":
        c.circle(x + w / 2, y + h / 2, min(w, h) / 2, fill=fill, stroke=stroke)
    elif radius > 0:
        c.roundRect(x, y, w, h, radius, fill=fill, stroke=stroke)
    else:
        c.rect(x, y, w, h, fill=fill, stroke=stroke)


PLAIN_SHEET = Layout(corner_radius=0)  # sheets of finished pictures: square cut lines


def _element_sources(layout: Layout) -> list[str]:
    """The `src` of every image element of the layout (patterns such as art/{suit}.png included)."""
    lists = (layout.elements, layout.back_face_elements, layout.back_elements)
    return [el.src for items in lists for el in items or [] if isinstance(el, ImageElement) and el.src]


def draw_face(
    c,
    w: float,
    h: float,
    face: FaceContent,
    bleed: float,
    art: Art,
    back: bool = False,
    pictures: Pictures | None = None,
    lang: str | None = None,
    small_print: float = 0.0,
) -> None:
    """Paint one front face (or individual back face) with the layout's elements (`art`: the job's); the origin
    is the trim's bottom-left corner (points). FaceError on overflow. Text under `small_print` pt is drawn as
    grey lines (a face shrunk for print)."""
    elements = (art.back_face if art.back_face is not None else art.front) if back else art.front
    draw_with(c, w, h, bleed, elements, dict(face.data), art, pictures, face.write_in, lang, small_print, face)


def draw_back(
    c,
    w: float,
    h: float,
    back: Back | None,
    title: str | None,
    layout: Layout,
    bleed: float,
    art: Art,
    pictures: Pictures | None = None,
    name: str = "",
    lang: str | None = None,
) -> None:
    """Paint a shared back (colour, optional image, title) with the layout's back elements; origin at the
    trim's bottom-left. A shared back carries no provenance mark: every component that shares it must look
    the same from behind (the fronts carry the marks), and `{mark}` binds to nothing there."""
    import html

    data = {
        "id": back.id if back else "",
        "title": html.unescape(title or ""),
        "color": back.color if back else layout.back.default_color,
        "image": back.image or "" if back else "",
        "mark": "",
        "name": name,
    }
    draw_with(c, w, h, bleed, art.back, data, art, pictures, lang=lang, face=FaceContent(title=title))


@dataclass
class Design:
    """One card design ready to draw: its front, its back, how many copies."""

    id: str
    qty: int
    front: FaceContent
    back_key: str  # shared back id, or '#<card id>' for an individual back face
    back_face: FaceContent | None = None


@dataclass(kw_only=True)
class Job:
    """Everything needed to write one component sheet; built at plan time, checked at write time."""

    game: str
    comp: Component
    lang: str
    paper: str
    layout: Layout
    size: tuple[float, float]
    settings: Settings
    folder: Path | None
    where: Callable[[tuple], tuple[str, int | None, int | None]]
    comp_index: int
    art: Art  # the layout's elements (a layout without them: the classic elements, `rulepress.layout.classic`)
    icons: dict = field(default_factory=dict)  # name -> Icon (or a glyph string)
    fonts: dict[str, str] = field(default_factory=dict)  # the game's font names -> registered names
    title: dict[str, str] = field(default_factory=dict)  # the game's title per language
    author: str = ""  # game.yaml's author, for the PDF metadata
    credits: str = ""  # game.yaml's credits in one line, for the PDF metadata (rulepress.draw.credits.summary)

    @property
    def piece_points(self) -> tuple[float, float]:
        """One piece's size with its bleed, in points."""
        return ((self.size[0] + 2 * self.settings.bleed) * MM, (self.size[1] + 2 * self.settings.bleed) * MM)

    @property
    def languages(self) -> tuple[str, ...]:
        """The game's languages."""
        return tuple(self.title)

    def sheet_error(self, exc: SheetError) -> ContentError:
        """The ContentError for cards that cannot be placed on the paper, naming component and layout."""
        return self.error(
            ("size",),
            f"game {self.game}, {self.comp.kind} {self.comp.id}, layout "
            f"{self.comp.layout or 'basic-card'} on {self.paper}: {exc}",
        )

    def meta(self, what: str) -> Meta:
        """PDF metadata: '<game title> – <component name> (<what>)'."""
        name = self.comp.name.get(self.lang)
        return Meta(
            f"{self.title.get(self.lang, self.game)} \u2013 {name} ({what})",
            self.author,
            f"{self.comp.kind} {self.comp.id}, {self.lang}",
            self.credits,
        )

    def error(self, key: tuple, message: str) -> ContentError:
        path, line, col = self.where(("components", self.comp_index) + key)
        keypath = ".".join(str(k) for k in ("components", self.comp_index) + key)
        return ContentError(path, message, line, col, keypath)


def _check_face(job: Job, face: FaceContent, key: tuple, label: str, seen: set[str] | None = None) -> FaceContent:
    """Icons replaced, glyph coverage checked (only for characters not yet in `seen`, which grows)."""
    part: tuple[str, ...] = ("title", job.lang)
    try:
        title = replace_icons(face.title, job.icons) if face.title else None
        part = ("text", job.lang)
        body = replace_icons(face.body, job.icons) if face.body else None
        part = ("values",)
        raw = tuple(plain_text(t, job.icons) for t in face.raw)
    except UnknownIcon as exc:
        raise job.error(
            _refine(job, key, part), f"game {job.game}, {job.comp.kind} {job.comp.id}, {label}: {exc}"
        ) from None
    chars = set("".join(raw))
    if seen is not None:
        chars -= seen
        seen |= chars
    if not chars:
        return replace(face, title=title, body=body, raw=raw)
    used = {job.layout.title.font, job.layout.text.font, job.layout.values.font}
    if job.layout.elements is not None:
        used = set()  # element texts check their own fonts as they are drawn
    for font in sorted(used):
        missing = fonts.missing_glyphs("".join(sorted(chars)), job.fonts.get(font, font))
        if missing:
            shown = ", ".join(f"{ch!r} U+{ord(ch):04X}" for ch in missing)
            part = (
                ("title", job.lang)
                if face.title and missing[0] in face.title
                else ("text", job.lang)
                if face.body and missing[0] in face.body
                else ("values",)
            )
            raise job.error(
                _refine(job, key, part),
                f"game {job.game}, {job.comp.kind} {job.comp.id}, {label}: font {font} has no glyph for {shown}",
            )
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

    for j, card in enumerate(printed_cards(comp, (lang,))):
        key = ("cards", j) if comp.kind != "money" else ("denominations", j)
        prov = card_provenance(card, comp)
        front = _check_face(
            job, face_content(card.front, comp, lang, prov, markup, card.id), key, f"card {card.id}", seen
        )
        back_face = None
        if card.back_face is not None:
            back_face = _check_face(
                job,
                face_content(card.back_face, comp, lang, prov, markup, card.id, 1),
                key + ("back_face",),
                f"card {card.id} (back)",
                seen,
            )
            back_key = f"#{card.id}"
        elif comp.kind == "money":
            back_key = f"#{card.id}"
            back_face = replace(front, mark=None)
        else:
            back_key = card.back or comp.back or ""
        yield Design(card.id, card.qty, front, back_key, back_face)


def picture_files(job: Job) -> list[Path]:
    """Every raster picture file the component's cards, backs and layout name (as far as known up front)."""
    if job.folder is None:
        return []
    names = [b.image for b in job.comp.backs] + [c.image for c in job.comp.cards]
    names += [c.back_face.image for c in job.comp.cards if c.back_face is not None]
    names += [src for src in _element_sources(job.layout) if "{" not in src]
    return [
        job.folder / n
        for n in dict.fromkeys(names)
        if n and not n.lower().endswith(".svg") and (job.folder / n).is_file()
    ]


def prepare_pictures(job: Job, art: Art, content: FaceContent, back: bool, pictures: Pictures) -> None:
    """Define the picture placeholders a face will use (`art`: the job's) before the face's own form is opened."""
    from rulepress.layout.binding import render

    elements = ((art.back_face if art.back_face is not None else art.front) if back else art.front) or []
    data = dict(content.data)
    for el in elements:
        src = render(getattr(el, "src", "") or "", data).strip()
        if src and job.folder is not None and not src.lower().endswith(".svg") and (job.folder / src).is_file():
            pictures.prepare(job.folder / src)


def face_error(job: Job, card_id: str, back: bool, exc: FaceError) -> ContentError:
    """The ContentError of a face that cannot be drawn, at the line of the part that failed
    (the card's `text` in the job's language for a text that does not fit)."""
    part = exc.bound or (exc.message.split(":", 1)[0],)  # the one card reference (or stack part) that failed
    key = _card_key(job, card_id) + (("back_face",) if back else ())
    key = _refine(job, key, _card_part(job, part))
    where = " (back)" if back else ""
    return job.error(key, f"game {job.game}, {job.comp.kind} {job.comp.id}, card {card_id}{where}: {exc.message}")


def _card_part(job: Job, part: tuple) -> tuple:
    """Where in a card a reference's text is written: `title` and `text` per language, `values.<name>` and
    `labels.<name>` under `values`, a declared field under `fields`; () for what is not the card's own."""
    name = part[0]
    if name in ("text", "title"):
        return (name, job.lang)
    if name in ("values", "labels"):
        return ("values",) + part[1:]
    if name in ("id", "image", "color"):
        return (name,)
    return ("fields", name) if name in job.comp.fields else ()


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
            raise job.error(
                ("backs", j, "image"), f"image {back.image!r} is not an image file Rulepress can read (PNG or JPEG)"
            ) from None
        except (OSError, ValueError, Image.DecompressionBombError) as exc:
            raise job.error(("backs", j, "image"), f"image {back.image!r} cannot be read: {exc}") from None


def common_digest(job: Job, extra: dict) -> str:
    """SHA-256 of what every face of the job shares: its layout, size, settings, fonts, icons, pictures,
    the component without its cards, the language and Rulepress's code version (with `extra`)."""
    inputs = dict(job_inputs(job), paper=None, **extra)
    component = dict(inputs.pop("component"))
    component.pop("cards", None)
    component.pop("denominations", None)
    blob = json.dumps([code_version(), component, inputs], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def content_digest(common: str, side: str, content: FaceContent) -> str:
    """SHA-256 of everything a card's front or own back face is drawn from: `common` (`common_digest` of its
    job), its side and what it shows."""
    own = [
        side,
        content.title,
        content.body,
        [repr(v) for v in content.values],
        content.mark,
        content.write_in,
        content.color,
        sorted(content.unknown),
        [list(pair) for pair in content.data],
    ]
    blob = json.dumps([common, own], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def component_path(game: str, comp_id: str, lang: str, paper: str) -> str:
    return f"{game}/{comp_id}.{lang}.{paper}.pdf"


def jobs(content, options: CardOptions) -> list[Job]:
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
            raise ContentError(
                path, f"game {game.id}, {comp.kind} {comp.id}: {exc.problem.message}", line, col, f"components.{i}"
            ) from None
        settings = Settings.from_layout(layout, options)
        icon_table = game_icons(content.folder, options.cache)
        font_map = game_fonts(content)
        art = Art(
            front=layout.elements or classic.front(layout, *size),
            back_face=layout.back_face_elements,
            back=layout.back_elements or classic.back(layout, *size),
            layout=layout,
            folder=content.folder,
            fonts=font_map,
            icons=icon_table,
            outlines=outlines(game),
        )
        for lang in game.languages:
            for paper in options.papers:
                result.append(
                    Job(
                        game=game.id,
                        comp=comp,
                        lang=lang,
                        paper=paper,
                        layout=layout,
                        size=size,
                        settings=settings,
                        folder=content.folder,
                        where=where,
                        comp_index=i,
                        art=art,
                        icons=icon_table,
                        fonts=font_map,
                        title={x: game.title.get(x) for x in game.languages},
                        author=game.author or "",
                        credits=credits.summary(game.credits),
                    )
                )
    return result


def bound_values(job: Job, templates: list[str]) -> set[str]:
    """Every value the `templates` (such as an image element's ``art/{suit}.png``) take on the faces of the
    job's cards, in the job's language."""
    from rulepress.layout.binding import face_data, render

    patterns = [t for t in templates if "{" in t]
    values = {t for t in templates if "{" not in t}
    if not patterns:
        return values
    for card in printed_cards(job.comp, (job.lang,)):
        for side, face in enumerate((card.front, card.back_face)):
            if face is None:
                continue
            data = face_data(face, job.comp, job.lang, card.id, None, side)
            values |= {render(t, data).strip() for t in patterns}
    return values


def used_svg_icons(job: Job) -> set[str]:
    """The SVG icons (bundled set or the game's own) a component's sheets show, for their attribution."""
    from rulepress.layout.binding import face_data, render
    from rulepress.text.icons import ICON

    names: set[str] = set()
    art = job.art
    icon_elements = [el for lst in (art.front, art.back_face, art.back) for el in lst or [] if el.kind == "icon"]
    for card in printed_cards(job.comp, (job.lang,)):
        for side, face in enumerate((card.front, card.back_face)):
            if face is None:
                continue
            data = face_data(face, job.comp, job.lang, card.id, None, side)
            names |= {render(el.icon, data).strip() for el in icon_elements}
            for text in (face.title, face.text):
                if text is not None:
                    names |= set(ICON.findall(text.get(job.lang)))
    names |= {el.icon for el in icon_elements if "{" not in el.icon}
    return {icon.svg for name in names if (icon := job.icons.get(name)) is not None and getattr(icon, "svg", None)}


def game_icons(folder: Path | None, out: Path | None = None) -> dict:
    """The icon table of a game: glyph icons and aliases (icons.yaml) and the SVG icon font (the one table
    cards, quick references and boards use). What the game gives wins over what Rulepress bundles: its
    icons.yaml, then its SVG icons (its own and the sets `rulepress icons add` put in), then the bundled
    icons.yaml glyphs and SVG icons. An alias naming no icon is a ContentError at its line. `out`: the output
    folder whose cache keeps the built icon font (`iconfont.icon_font`)."""
    from rulepress.text.iconfont import icon_files, icon_font
    from rulepress.text.icons import Icon, UnknownIcon, icon_table

    fonts.register()
    glyphs = layout_data.icons(folder)
    kept = cache_folder(out) / "icon-fonts" / (Path(folder).name if folder is not None else "bundled") if out else None
    font = icon_font(folder, kept)
    try:
        table = icon_table(glyphs, font)
    except UnknownIcon as exc:
        name = str(exc).split("'")[1]
        path, line, col = layout_data.icon_source(folder, name)
        raise ContentError(path, str(exc), line, col, name) from None
    if folder is not None:
        own = set(layout_data.icons_of_game(folder))
        for name, svg_path in icon_files(folder).items():
            char = font.char(name)
            if name not in own and char is not None and Path(folder).absolute() in svg_path.absolute().parents:
                table[name] = Icon(char, font.name, name)
    return table


def game_fonts(content) -> dict[str, str]:
    """The game's own fonts registered: layout name -> registered name."""
    return fonts.register_game_fonts(content.folder, content.game.fonts) if content.game.fonts else {}


def outlines(game) -> dict[str, tuple]:
    """Board space outlines by space id and by 'board/space' (the first board wins a bare id)."""
    found: dict[str, tuple] = {}
    for board in game.boards:
        for space in board.spaces:
            if space.outline:
                polys = tuple(tuple(tuple(p) for p in poly) for poly in space.outline)
                found.setdefault(space.id, polys)
                found[f"{board.id}/{space.id}"] = polys
    return found


def job_inputs(job: Job) -> dict:
    """Everything a component's sheets are made from (the artifact's digest): its data, layout, settings,
    icons, fonts and the SHA-256 of each picture file it names."""
    from rulepress.output import sha256_of

    images = {}
    files = [b.image for b in job.comp.backs] + [c.image for c in job.comp.cards]
    files += [c.back_face.image for c in job.comp.cards if c.back_face is not None]
    sources = _element_sources(job.layout)
    files += sorted(bound_values(job, sources))  # a pattern such as art/{suit}.png: every file it names
    for name in files:
        if name and job.folder is not None:
            path = job.folder / name
            images[name] = sha256_of(path) if path.is_file() else None
    icons = {name: [getattr(i, "char", i), getattr(i, "font", None)] for name, i in sorted(job.icons.items())}
    return {
        "component": view.in_language(job.comp, job.lang),
        "layout": job.layout.model_dump(mode="json", by_alias=True),
        "size": job.size,
        "settings": job.settings.__dict__,
        "lang": job.lang,
        "paper": job.paper,
        "icons": icons,
        "images": images,
        "fonts": job.fonts,
        "outlines": job.art.outlines,
        "title": job.title.get(job.lang),
        "author": job.author,
    }


def _card_key(job: Job, card_id: str) -> tuple:
    if job.comp.kind == "money":
        for j, d in enumerate(job.comp.denominations):
            if f"note-{d.value}" == card_id:
                return ("denominations", j)
    for j, card in enumerate(job.comp.cards):
        if card.id == card_id:
            return ("cards", j)
    return ()
