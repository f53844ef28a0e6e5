"""Pictures of worked examples, drawn by the renderers of the printed parts: vectors for print, PNG for the site.

A worked example's ``:picture:`` lines are checked and resolved with the example
(`rulepress.model.pictures.Picture`, stored as plain data in its `ExampleResult`). This module
draws them: card and tile faces by the card sheets' own face renderer (`cards.draw_face`, the
component's layout), board excerpts by the board renderer (`boards.Painter` on the board's
`boardscene` scene, cropped to the spaces the picture names) with pieces, army counts and arrows on
top, and dice with their pips. A picture is a list of `Panel` s (one per group of cards or dice,
one per board excerpt), each a size in millimetres and a function that paints it on a ReportLab
canvas, with its alt text and caption in the page's language.

For print: `picture_flowable(content, picture, lang)` (a Platypus flowable of every panel, wrapped in
rows, vectors) and `picture_pdf(content, picture, lang)` (the same on one PDF page). For the site:
`site_pictures(content, lang, results)` gives each picture's panels as PNG at three times their
CSS size (`panel_png`), rasterised with pypdfium2 from the same vector drawing.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.platypus import Flowable

from rulepress import i18n
from rulepress.draw.boardpaint import COMPASS_PT, Painter, content_scene, mark_letter_size
from rulepress.draw.cardjobs import designs, draw_face, jobs
from rulepress.draw.elements.context import FaceError
from rulepress.draw.passes import is_draft
from rulepress.errors import ContentError
from rulepress.layout.boardgeom import Point, Rect, arrow_head, luminance, shorten
from rulepress.layout.boardscene import Compass, Label, Mark, Region, Shape
from rulepress.layout.paper import MM
from rulepress.layout.spec import Layout
from rulepress.model.loader import display_path
from rulepress.options import CardOptions
from rulepress.text import fonts
from rulepress.text.words import thing_names

GAP = 4.0  # mm between cards or dice of a group, and between panels in print
DIE = 14.0  # mm: side of a die
CSS_PX_PER_MM = {"cards": 2.2, "dice": 3.4, "board": 3.4}  # size on the site (before the phone shrinks it)
BOARD_CSS_WIDTH = 600  # px: widest board excerpt on the site
BOARD_CSS_HEIGHT = 460  # px: highest board excerpt on the site
PNG_DENSITY = 2  # PNG pixels per CSS pixel (sharp on high-density screens; a rules page stays within 300 kB)
MAX_PNG_WIDTH = 2400
CAPTION_PT = 8.5  # print captions (never under 8 pt)
TOKEN_PT = 10.5  # names and army counts on pieces
ARROW_COUNT_PT = 8.5  # the count on an arrow
PIECE_VIEW = 130.0  # mm: pieces and arrows are drawn larger on wider excerpts, in proportion
PIECE_COLORS = ("#b03a2e", "#1f5f99", "#1e8449", "#7d3c98", "#b9770e", "#424949")


@dataclass(frozen=True)
class Panel:
    """One drawn part of a picture: its size in mm, how to paint it (origin at its bottom-left, points),
    its alt text and caption in the page's language."""

    kind: str  # cards, dice, board
    width: float
    height: float
    paint: Callable[..., None]  # paint(canvas, small_print=0.0): text under small_print pt is not drawn as text
    alt: str
    caption: str = ""


def _words(lang: str) -> dict:
    return i18n.words(lang, "site")


def _rgb(color: str):

    return colors.toColor(color)


# ---------------------------------------------------------------- cards and tiles


class Faces:
    """The card sheets' jobs and checked designs of one game in one language, made when first needed (one
    paper: faces do not depend on it), for every picture of a page."""

    def __init__(self, content, lang: str):
        self.content, self.lang = content, lang
        self._jobs: dict | None = None
        self._designs: dict[str, dict] = {}

    def job(self, comp_id: str):
        if self._jobs is None:
            made = jobs(self.content, CardOptions(papers=("a4",)))
            self._jobs = {j.comp.id: j for j in made if j.lang == self.lang}
        return self._jobs[comp_id]

    def design(self, comp_id: str, card_id: str):
        if comp_id not in self._designs:
            self._designs[comp_id] = {d.id: d for d in designs(self.job(comp_id))}
        return self._designs[comp_id][card_id]


def _card_panel(content, lang: str, group: list, side: str, caption: str, faces_of: Faces) -> Panel:

    faces = []
    for comp_id, card_id in group:
        job = faces_of.job(comp_id)
        design = faces_of.design(comp_id, card_id)
        face = design.back_face if side == "back" and design.back_face is not None else design.front
        faces.append((job, face, side == "back"))
    width = sum(job.size[0] for job, _f, _b in faces) + GAP * (len(faces) - 1)
    height = max(job.size[1] for job, _f, _b in faces)

    def paint(c, small_print: float = 0.0) -> None:
        x = 0.0
        for job, face, back in faces:
            w, h = job.size
            c.saveState()
            c.translate(x * MM, (height - h) * MM)
            _card_clip(c, w, h, job.layout)
            draw_face(c, w, h, face, 0.0, job.art, back=back, lang=lang, small_print=small_print)
            c.restoreState()
            _card_edge(c, x, height - h, w, h, job.layout)
            x += w + GAP

    names = [_card_name(content, comp_id, card_id, lang) for comp_id, card_id in group]
    alt = _words(lang)["picture_cards"].format(items=", ".join(names))
    return Panel("cards", width, height, paint, (f"{caption}: " if caption else "") + alt, caption)


def _card_clip(c, w: float, h: float, layout: Layout) -> None:
    path = c.beginPath()
    if layout.shape == "circle":
        path.circle(w * MM / 2, h * MM / 2, min(w, h) * MM / 2)
    else:
        path.roundRect(0, 0, w * MM, h * MM, layout.corner_radius * MM)
    c.clipPath(path, stroke=0, fill=0)


def _card_edge(c, x: float, y: float, w: float, h: float, layout: Layout) -> None:
    """A thin grey cut line around a face, so a white card shows its edge on a white page."""
    c.saveState()
    c.setStrokeColor(_rgb("#9a9a9a"))
    c.setLineWidth(0.25 * MM)
    if layout.shape == "circle":
        c.circle((x + w / 2) * MM, (y + h / 2) * MM, min(w, h) * MM / 2, stroke=1, fill=0)
    else:
        c.roundRect(x * MM, y * MM, w * MM, h * MM, layout.corner_radius * MM, stroke=1, fill=0)
    c.restoreState()


def _card_name(content, comp_id: str, card_id: str, lang: str) -> str:
    comp = next(c for c in content.game.components if c.id == comp_id)
    card = next(c for c in comp.cards if c.id == card_id)
    return card.title.get(lang) if card.title else card_id


# ---------------------------------------------------------------- dice

PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.75), (0.75, 0.25)),
    3: ((0.25, 0.75), (0.5, 0.5), (0.75, 0.25)),
    4: ((0.25, 0.25), (0.25, 0.75), (0.75, 0.25), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75)),
    6: ((0.25, 0.22), (0.25, 0.5), (0.25, 0.78), (0.75, 0.22), (0.75, 0.5), (0.75, 0.78)),
}


def _die_fill(color: str) -> str:

    return "#" + colors.toColor(color).hexval()[2:] if color else "#ffffff"


def draw_die(c, x: float, y: float, face: int, color: str, sides: int = 6) -> None:
    """One die of side `DIE` mm at (x, y) mm (bottom-left): pips for 1 to 6 on a six-sided die, else the number."""
    fill = _die_fill(color)
    ink = "#ffffff" if luminance(fill) < 0.45 else "#1a1a1a"
    c.saveState()
    c.setFillColor(_rgb(fill))
    c.setStrokeColor(_rgb("#333333"))
    c.setLineWidth(0.35 * MM)
    c.roundRect(x * MM, y * MM, DIE * MM, DIE * MM, 2.2 * MM, stroke=1, fill=1)
    c.setFillColor(_rgb(ink))
    if sides == 6 and face in PIPS:
        for px, py in PIPS[face]:
            c.circle((x + px * DIE) * MM, (y + py * DIE) * MM, DIE * 0.085 * MM, stroke=0, fill=1)
    else:
        fonts.register()
        c.setFont("Body-Bold", DIE * 0.55 / 0.3528)
        c.drawCentredString((x + DIE / 2) * MM, (y + DIE * 0.3) * MM, str(face))
    c.restoreState()


def _dice_panel(faces: list[int], color: str, sides: int, caption: str, lang: str) -> Panel:
    width = len(faces) * DIE + (len(faces) - 1) * GAP

    def paint(c, small_print: float = 0.0) -> None:  # no text: pips
        for i, face in enumerate(faces):
            draw_die(c, i * (DIE + GAP), 0.0, face, color, sides)

    shown = ", ".join(i18n.decimal(f, lang) for f in faces)
    alt = _words(lang)["picture_dice"].format(items=shown)
    return Panel("dice", width, DIE, paint, (f"{caption}: " if caption else "") + alt, caption)


# ---------------------------------------------------------------- board excerpts

MARGIN = 10.0  # mm of board around the spaces a picture names
MIN_VIEW = (70.0, 45.0)  # mm: the smallest excerpt


def _space_rects(scene) -> dict[str, Rect]:
    """Each space's box on the board scene (its shape, or the bounds of its region)."""

    rects: dict[str, Rect] = {}
    for item in scene.items:
        if isinstance(item, Shape) and item.owner and ":" not in item.owner and item.shape != "box":
            rects.setdefault(item.owner, item.rect)
        elif isinstance(item, Region) and item.owner and ":" not in item.owner:
            xs = [x for ring in item.rings for x, _ in ring]
            ys = [y for ring in item.rings for _, y in ring]
            rects.setdefault(item.owner, Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    return rects


def _spot(scene, space: str, rect: Rect, k: float = 1.0) -> Point:
    """Where the pieces of a space stand: its marker spot, else below its label, else its middle."""

    for item in scene.items:
        if isinstance(item, Shape) and item.owner == f"marker:{space}":
            return item.rect.centre
    for item in scene.items:
        if isinstance(item, Label) and item.role == "space" and item.owner == space and item.rows:
            below = item.box.bottom + 5.0 * k
            if below < rect.bottom - 2 * k:
                return (rect.centre[0], below)
            return (rect.centre[0], rect.bottom - 0.5 * k)  # no room under the name: on its lower edge
    return rect.centre


def _view(rects: list[Rect], width: float, height: float) -> Rect:
    x0 = min(r.x for r in rects) - MARGIN
    y0 = min(r.y for r in rects) - MARGIN
    x1 = max(r.right for r in rects) + MARGIN
    y1 = max(r.bottom for r in rects) + MARGIN
    w, h = max(x1 - x0, MIN_VIEW[0]), max(y1 - y0, MIN_VIEW[1])
    w, h = max(w, h * 0.8), max(h, w * 0.45)  # never a narrow strip: some board around the spaces
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    w, h = min(w, width), min(h, height)
    x = min(max(0.0, cx - w / 2), width - w)
    y = min(max(0.0, cy - h / 2), height - h)
    return Rect(x, y, w, h)


def _piece_color(piece, colors: dict) -> str:
    if piece not in colors:
        colors[piece] = PIECE_COLORS[len(colors) % len(PIECE_COLORS)]
    return colors[piece]


def _token(c, centre: tuple[float, float], text: str, color: str, army: bool, k: float = 1.0) -> None:
    """A piece at `centre` (PDF points), `k` times its size: a disc with the army count, or a labelled token."""

    size = TOKEN_PT
    c.saveState()
    c.translate(*centre)
    c.scale(k, k)
    centre = (0.0, 0.0)
    c.setStrokeColor(_rgb("#ffffff"))
    c.setLineWidth(0.35 * MM)
    c.setFillColor(_rgb(color))
    if army:
        radius = max(3.4 * MM, stringWidth(text, "Body-Bold", size) / 2 + 1.2 * MM)
        c.circle(centre[0], centre[1], radius, stroke=1, fill=1)
    else:
        width = stringWidth(text, "Body-Bold", size) + 3.2 * MM
        c.roundRect(centre[0] - width / 2, centre[1] - 3.6 * MM, width, 7.2 * MM, 1.6 * MM, stroke=1, fill=1)
    c.setFillColor(_rgb("#ffffff"))
    c.setFont("Body-Bold", size)
    c.drawCentredString(centre[0], centre[1] - size * 0.35, text)
    c.restoreState()


@dataclass(kw_only=True)
class _Excerpt:
    """The part of a board a picture shows (`view`, board mm) with the picture's pieces, arrows and highlights
    on it: `paint` draws it at the origin of a canvas, in points."""

    content: Any
    picture: dict
    lang: str
    scene: Any  # the board's `rulepress.layout.boardscene.Scene` in the language
    rects: dict[str, Rect]  # space id -> its box on the board
    named: list[str]  # the spaces the picture names
    view: Rect
    names: dict[str, str]  # piece and component ids -> their names in the language
    k: float  # how much pieces grow with the excerpt: readable when it shrinks

    def pt(self, p: Point) -> tuple[float, float]:
        return p[0] * MM, (self.scene.height - p[1]) * MM

    def paint(self, c, small_print: float = 0.0) -> None:
        """Shrunk for print, pieces and counts grow to stay readable, the named spaces' names are set at the
        smallest readable size, and other writing too small to read is left out (`small_print`: pt)."""
        view, height = self.view, self.scene.height
        k_print = max(self.k, small_print / ARROW_COUNT_PT)  # an arrow's count: the smallest writing on a piece
        items = _whole_chrome(self.scene.items, view)
        items = _print_items(items, set(self.named), small_print, self.rects) if small_print else items
        c.saveState()
        clip = c.beginPath()
        clip.rect(0, 0, view.w * MM, view.h * MM)
        c.clipPath(clip, stroke=0, fill=0)
        c.translate(-view.x * MM, -(height - view.bottom) * MM)
        painter = Painter(c, height, self.content.folder, view=view)  # only what the excerpt shows is drawn
        painter.scene(replace(self.scene, items=[i for i in items if not isinstance(i, Label)]))
        self._arrows(c, k_print)  # under the names: they have halos and stay readable
        painter.scene(replace(self.scene, items=[i for i in items if isinstance(i, Label)]))
        self._pieces(c, k_print)
        c.setStrokeColor(_rgb("#9a9a9a"))
        c.setLineWidth(0.3 * MM)
        c.rect(view.x * MM, (height - view.bottom) * MM, view.w * MM, view.h * MM, stroke=1, fill=0)
        c.restoreState()

    def _arrows(self, c, k: float) -> None:
        occupied = {s for s, pieces in self.picture["pieces"] if pieces}
        for *path, count in self.picture["arrows"]:
            spots = [
                self.pt(_spot(self.scene, s, self.rects[s], k) if s in occupied else self.rects[s].centre) for s in path
            ]
            _arrow(c, spots, count, self.lang, k)

    def _pieces(self, c, k: float) -> None:
        """Each space's pieces as tokens side by side (a number: an army of that size), or its highlight."""
        colors: dict = {}
        for space, pieces in self.picture["pieces"]:
            if pieces is None:
                _highlight(c, self.rects[space], self.pt)
                continue
            if not pieces:
                continue
            x, y = self.pt(_spot(self.scene, space, self.rects[space], k))
            texts = [
                (i18n.decimal(p, self.lang), True, "#222222")
                if isinstance(p, int)
                else (self.names.get(p, p), False, _piece_color(p, colors))
                for p in pieces
            ]
            total = sum(_token_width(t, army) * k for t, army, _c in texts) + (len(texts) - 1) * 1.2 * MM * k
            left = x - total / 2
            for text, army, color in texts:
                width = _token_width(text, army) * k
                _token(c, (left + width / 2, y), text, color, army, k)
                left += width + 1.2 * MM * k

    def alt(self, board) -> str:
        """What the picture shows, said in words: each named space with its pieces, each move."""
        said = _space_names(board, self.lang)
        parts = []
        for space, pieces in self.picture["pieces"]:
            shown = ", ".join(
                i18n.decimal(p, self.lang) if isinstance(p, int) else self.names.get(p, p) for p in pieces or ()
            )
            parts.append(said[space] + (f" ({shown})" if shown else ""))
        for *path, count in self.picture["arrows"]:
            parts.append(" → ".join(said[s] for s in path) + (f" ({i18n.decimal(count, self.lang)})" if count else ""))
        return _words(self.lang)["picture_board"].format(board=board.name.get(self.lang), items="; ".join(parts))


def _board_panel(content, picture: dict, lang: str) -> Panel:
    fonts.register()
    board = next(b for b in content.game.boards if b.id == picture["board"])
    scene = content_scene(content, board, lang)
    scene.folder = content.folder
    rects = _space_rects(scene)
    named = [s for s, _p in picture["pieces"]] + [s for a in picture["arrows"] for s in a[:-1]] + picture["show"]
    view = _view(
        [rects[s] for s in named if s in rects] or [Rect(0, 0, board.size.width, board.size.height)],
        board.size.width,
        board.size.height,
    )
    excerpt = _Excerpt(
        content=content,
        picture=picture,
        lang=lang,
        scene=scene,
        rects=rects,
        named=named,
        view=view,
        names=_names(content, lang),
        k=max(1.0, view.w / PIECE_VIEW, view.h / PIECE_VIEW),
    )
    caption = (picture.get("labels") or [""])[0]
    alt = excerpt.alt(board)
    return Panel("board", view.w, view.h, excerpt.paint, (f"{caption}: " if caption else "") + alt, caption)


CHROME = {"cartouche": "title", "legend": "legend", "note": "note"}  # a board's boxes and the role of their labels


def _whole_chrome(items: list, view: Rect) -> list:
    """A board scene's items for an excerpt `view`: the title cartouche, legend and note left out where the
    excerpt would cut them (a strip of the title's frame at the picture's edge says nothing)."""

    boxes: dict[str, Rect] = {}
    for item in items:
        owner = getattr(item, "owner", None)
        if owner in CHROME and not isinstance(item, Label) and hasattr(item, "rect"):
            boxes.setdefault(owner, item.rect)  # the first is the box itself
    cut = {owner for owner, box in boxes.items() if not box.inside(view)}
    roles = {CHROME[owner] for owner in cut}
    return [
        item
        for item in items
        if not (isinstance(item, Label) and item.role in roles)
        and not (not isinstance(item, Label) and getattr(item, "owner", None) in cut)
    ]


def _print_items(items: list, named: set[str], small_print: float, rects: dict[str, Rect]) -> list:
    """A board scene's items for a picture shrunk for print: the names of the spaces the picture names at
    `small_print` pt at least (grown about their box's centre, where they still fit the width of their space), other
    labels, marks and compass letters smaller than that left out."""

    kept: list = []
    for item in items:
        if isinstance(item, Label) and item.rows:
            smallest = min(row.size for row in item.rows)
            if smallest >= small_print:
                kept.append(item)
            elif item.role == "space" and item.owner in named:
                grown = _grown(item, small_print / smallest)
                room = max(item.box.w, rects[item.owner].w if item.owner in rects else 0.0) * 1.1
                if all(_row_width(row) <= room for row in grown.rows):  # no name runs into the next space
                    kept.append(grown)
        elif isinstance(item, Mark):
            if mark_letter_size(item) >= small_print:
                kept.append(item)
        elif isinstance(item, Compass):
            if COMPASS_PT >= small_print:
                kept.append(item)
        else:
            kept.append(item)
    return kept


def _row_width(row) -> float:

    return stringWidth(row.text, row.font, row.size) / MM


def _grown(label, factor: float):
    """`label` with its rows `factor` times larger about the centre of its box."""
    cx, cy = label.box.centre
    rows = tuple(
        replace(
            row,
            size=row.size * factor,
            x=row.x if row.align == "centre" else cx + (row.x - cx) * factor,
            baseline=cy + (row.baseline - cy) * factor,
        )
        for row in label.rows
    )
    return replace(label, rows=rows, background=None)


def _space_names(board, lang: str) -> dict[str, str]:
    """What players call each space of a board: its name, else its group's name and its number."""
    groups = {g.id: g.name.get(lang) for g in board.groups}
    found = {}
    for space in board.spaces:
        if space.name:
            found[space.id] = space.name.get(lang)
        elif space.number is not None:
            found[space.id] = f"{groups.get(space.group, '')} {space.number}".strip()
        else:
            found[space.id] = space.id
    return found


def _token_width(text: str, army: bool) -> float:

    width = stringWidth(text, "Body-Bold", TOKEN_PT)
    return max(6.8 * MM, width + 2.4 * MM) if army else width + 3.2 * MM


def _highlight(c, rect: Rect, pt) -> None:
    """A space named without pieces: ringed."""
    x, y = pt((rect.x, rect.bottom))
    c.saveState()
    c.setStrokeColor(_rgb("#b03a2e"))
    c.setLineWidth(0.8 * MM)
    c.roundRect(x - 1 * MM, y - 1 * MM, (rect.w + 2) * MM, (rect.h + 2) * MM, 2 * MM, stroke=1, fill=0)
    c.restoreState()


def _arrow(c, points: list[tuple[float, float]], count, lang: str, k: float = 1.0) -> None:
    """A bold arrow through the spots `points` (PDF points), stopping short of the pieces at both ends, with
    its count halfway along its first leg."""
    mm = [(x / MM, y / MM) for x, y in points]
    first = shorten(mm[1], mm[0], 4.6 * k)
    last = shorten(mm[-2], mm[-1], 4.6 * k)
    head = arrow_head(mm[-2] if len(mm) > 2 else first, last, 4.0 * k, 3.6 * k)
    c.saveState()
    c.setStrokeColor(_rgb("#1a1a1a"))
    c.setFillColor(_rgb("#1a1a1a"))
    c.setLineWidth(1.0 * MM * k)
    c.setLineCap(1)
    c.setLineJoin(1)
    line = c.beginPath()
    line.moveTo(first[0] * MM, first[1] * MM)
    for p in [*mm[1:-1], shorten(mm[-2], last, 3.0 * k)]:
        line.lineTo(p[0] * MM, p[1] * MM)
    c.drawPath(line, stroke=1, fill=0)
    path = c.beginPath()
    path.moveTo(head[0][0] * MM, head[0][1] * MM)
    for p in head[1:]:
        path.lineTo(p[0] * MM, p[1] * MM)
    path.close()
    c.drawPath(path, stroke=0, fill=1)
    if count:
        end = mm[1] if len(mm) > 2 else last
        mx, my = (first[0] + end[0]) / 2 * MM, (first[1] + end[1]) / 2 * MM
        c.setFillColor(_rgb("#ffffff"))
        c.setLineWidth(0.3 * MM * k)
        c.circle(mx, my, 2.8 * MM * k, stroke=1, fill=1)
        c.setFillColor(_rgb("#1a1a1a"))
        c.setFont("Body-Bold", ARROW_COUNT_PT * k)
        c.drawCentredString(mx, my - 3.0 * k, i18n.decimal(count, lang))
    c.restoreState()


def _names(content, lang: str) -> dict[str, str]:

    return thing_names(content.game, lang)


# ---------------------------------------------------------------- a picture


def panels(content, picture: dict, lang: str, faces: Faces | None = None) -> list[Panel]:
    """The panels of one resolved picture (`rulepress.model.pictures.Picture.to_dict`) in `lang` (`faces`: the
    game's card faces in `lang`, shared by the pictures of a page)."""
    fonts.register()
    labels = picture.get("labels") or []
    if picture["kind"] == "cards":
        faces = faces or Faces(content, lang)
        return [
            _card_panel(content, lang, group, picture.get("side", "front"), labels[i] if i < len(labels) else "", faces)
            for i, group in enumerate(picture["groups"])
        ]
    if picture["kind"] == "dice":
        colors = picture.get("colors") or []
        return [
            _dice_panel(
                faces,
                colors[i] if i < len(colors) else (colors[-1] if colors else "#ffffff"),
                picture.get("sides", 6),
                labels[i] if i < len(labels) else "",
                lang,
            )
            for i, faces in enumerate(picture["groups"])
        ]
    return [_board_panel(content, picture, lang)]


def panel_pdf(panel: Panel) -> bytes:
    """One panel on a page of its own size (vectors)."""

    buffer = io.BytesIO()
    c = rl_canvas.Canvas(buffer, pagesize=(panel.width * MM, panel.height * MM), invariant=1, initialFontName="Body")
    panel.paint(c)
    c.showPage()
    c.save()
    return buffer.getvalue()


def css_size(panel: Panel) -> tuple[int, int]:
    """The panel's size on the site in CSS pixels (a phone shrinks it to the column)."""
    per_mm = CSS_PX_PER_MM[panel.kind]
    if panel.kind == "board":
        per_mm = min(per_mm, BOARD_CSS_WIDTH / panel.width, BOARD_CSS_HEIGHT / panel.height)
    return round(panel.width * per_mm), round(panel.height * per_mm)


def panel_png(panel: Panel) -> bytes:
    """The panel as a PNG of `PNG_DENSITY` times its CSS size (at most `MAX_PNG_WIDTH` pixels wide)."""
    import pypdfium2 as pdfium

    width = min(css_size(panel)[0] * PNG_DENSITY, MAX_PNG_WIDTH)
    document = pdfium.PdfDocument(panel_pdf(panel))
    try:
        page = document[0]
        image = page.render(scale=width / page.get_width()).to_pil().convert("RGB")
        page.close()
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=9)
    return out.getvalue()


def picture_flowable(content, picture: dict, lang: str, min_text: float = 0.0):
    """A ReportLab Platypus flowable of the picture for print: its panels in rows (vectors, captions at
    `CAPTION_PT`), scaled down where a panel is wider than the frame; it never splits. Writing that would
    print under `min_text` pt is not set as text (see `PictureFlowable.min_text`)."""
    flowable = PictureFlowable(panels(content, picture, lang))
    flowable.min_text = min_text
    return flowable


def picture_pdf(content, picture: dict, lang: str, width_mm: float = 170.0, min_text: float = 0.0) -> bytes:
    """The picture on one PDF page (vectors) as wide as its rows, at most `width_mm`."""

    flowable = picture_flowable(content, picture, lang, min_text)
    w, h = flowable.wrap(width_mm * MM, 10_000 * MM)
    buffer = io.BytesIO()
    c = rl_canvas.Canvas(buffer, pagesize=(w, h), invariant=1, initialFontName="Body")
    flowable.drawOn(c, 0, 0)
    c.showPage()
    c.save()
    return buffer.getvalue()


class PictureFlowable(Flowable):
    """Panels side by side, wrapped into rows of the available width, each with its caption below."""

    def __init__(self, items: list[Panel]):
        super().__init__()
        self.items = items
        self.rows: list[list[tuple[Panel, float]]] = []
        self.max_height: float | None = None  # points: the panels shrink together to stay within it
        # pt: writing that would print smaller is not set as text: short lines grow to this size where they fit,
        # longer text becomes grey lines, icons outlines; on boards, only the named spaces' names stay
        self.min_text = 0.0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803 - ReportLab's names
        width, height = self._layout(availWidth, 1.0)
        if self.max_height and height > self.max_height:
            # the largest common scale (to 1 %) whose rows stay within the height: fewer, larger rows win
            low, high = 0.05, 1.0
            for _ in range(7):
                middle = (low + high) / 2
                if self._layout(availWidth, middle)[1] <= self.max_height:
                    low = middle
                else:
                    high = middle
            width, height = self._layout(availWidth, low)
        return width, height

    def _caption_h(self, row) -> float:
        return CAPTION_PT * 1.6 if any(p.caption for p, _s in row) else 0.0

    def _layout(self, availWidth: float, limit: float) -> tuple[float, float]:  # noqa: N803 - ReportLab's names
        rows: list[list[tuple[Panel, float]]] = [[]]
        used = 0.0
        for panel in self.items:
            scale = min(limit, availWidth / (panel.width * MM))
            width = self._slot(panel, scale)
            if rows[-1] and used + GAP * MM + width > availWidth:
                rows.append([])
                used = 0.0
            used += (GAP * MM if rows[-1] else 0.0) + width
            rows[-1].append((panel, scale))
        self.rows = rows
        self.width = max(sum(self._slot(p, s) for p, s in row) + GAP * MM * (len(row) - 1) for row in rows)
        self.height = sum(max(p.height * MM * s for p, s in row) + self._caption_h(row) for row in rows) + GAP * MM * (
            len(rows) - 1
        )
        return self.width, self.height

    @staticmethod
    def _slot(panel: Panel, scale: float) -> float:
        """Points of width a panel takes in its row: its drawing, or its caption where that is wider."""

        caption = stringWidth(panel.caption, "Body", CAPTION_PT) + 2 if panel.caption else 0.0
        return max(panel.width * MM * scale, caption)

    def split(self, availWidth: float, availHeight: float) -> list:  # noqa: N803 - a picture is never split
        return []

    def draw(self) -> None:
        c = self.canv
        if is_draft(c):  # a layout pass whose drawing is thrown away (`rulepress.draw.passes`)
            return
        top = self.height
        for row in self.rows:
            row_h = max(p.height * MM * s for p, s in row)
            caption_h = self._caption_h(row)
            x = 0.0
            for panel, scale in row:
                slot = self._slot(panel, scale)
                c.saveState()
                c.translate(
                    x + (slot - panel.width * MM * scale) / 2, top - row_h + (row_h - panel.height * MM * scale)
                )
                c.scale(scale, scale)
                panel.paint(c, self.min_text / scale if self.min_text else 0.0)
                c.restoreState()
                if panel.caption:
                    c.saveState()
                    c.setFont("Body", CAPTION_PT)
                    c.setFillColor(_rgb("#333333"))
                    c.drawCentredString(x + slot / 2, top - row_h - CAPTION_PT * 1.2, panel.caption)
                    c.restoreState()
                x += slot + GAP * MM
            top -= row_h + caption_h + GAP * MM


# ---------------------------------------------------------------- the site


@dataclass(kw_only=True, frozen=True)
class SitePicture:
    """One panel of an example's picture as the site shows it."""

    example: str  # example id
    file: str  # file name in the game's pictures folder
    png: bytes
    width: int  # CSS pixels
    height: int
    alt: str
    caption: str


def site_pictures(content, lang: str, results) -> list[SitePicture]:
    """Every panel of every picture of the game's examples in `lang` (from their `ExampleResult` s), as PNG."""
    found = []
    faces = Faces(content, lang)
    for result in results or []:
        if result.lang != lang:
            continue
        for n, picture in enumerate(result.pictures, 1):
            try:
                for m, panel in enumerate(panels(content, picture, lang, faces), 1):
                    width, height = css_size(panel)
                    png = panel_png(panel)
                    found.append(
                        SitePicture(
                            example=result.id,
                            file=f"{result.id}-{n}-{m}.png",
                            png=png,
                            width=width,
                            height=height,
                            alt=panel.alt,
                            caption=panel.caption,
                        )
                    )
            except FaceError as exc:  # a card face the picture shows cannot be drawn: said at the picture's line
                raise ContentError(
                    display_path(result.path),
                    f"example {result.id}: picture: {exc}",
                    picture.get("line"),
                    key="picture",
                ) from None
    return found
