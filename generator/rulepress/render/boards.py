"""Boards as PDF: the whole board on one page at full size, and tiled onto home paper.

Per board and language `plan` makes:

- ``<game>/board-<id>.<lang>.pdf``: one page of the board's own size (kind 'board', paper None);
- ``<game>/board-<id>.<lang>.<paper>.tiled.pdf`` per paper: an assembly page showing
  how the tiles fit, then one page per tile with glue margin, registration marks and
  its row/column label (kind 'board', paper set);
- ``<game>/board-<id>.<lang>.preview.png``: a small picture of the whole board for the
  website gallery (kind 'board-png'; see `board_png`).

The drawing comes from `rulepress.layout.boardscene` (pure); this module only paints
scene items with ReportLab and arranges pages.
"""

from __future__ import annotations

import io
from pathlib import Path

from rulepress import i18n
from rulepress.errors import ContentError, ContentErrors, Problem
from rulepress.layout.boardgeom import Point, Rect, dot_grid, hatch_lines, shade, wave_rows, weave_lines
from rulepress.layout.boardscene import (
    BoardContext,
    Compass,
    Glyph,
    Halo,
    Label,
    Line,
    Mark,
    Picture,
    Polygon,
    Region,
    Scene,
    Shape,
    Texture,
    board_scene,
)
from rulepress.layout.mapcheck import check_board
from rulepress.layout.paper import MM, PAPERS
from rulepress.layout.tiling import TilePlan, mark_placements, plan_tiles
from rulepress.model import view
from rulepress.model.sourcefile import inside
from rulepress.render import Artifact
from rulepress.render.options import BoardOptions
from rulepress.text import fonts

PNG_WIDTH_PX = 1400  # gallery picture width
EDGE_CLEAR = 5.0  # mm from the paper edge that no mark or word of a tile page comes nearer than
CROSS_ARM = 3.0  # mm from the centre of a registration cross on a covered glue strip to its arms' ends
FINE_CROSS_ARM = 2.0  # mm, the hairline cross on the strip laid over a neighbour's (stays on the board)
FINE_CROSS_LINE = 0.2  # pt
CARD_RADIUS = 3.0  # mm: corner radius of a card or tile's place on a board
PANEL_RADIUS = 5.0  # mm: corner radius of a group's panel
TEXTURE_LINE = 0.12  # mm: a background texture's hairlines
TEXTURE_DOT = 0.22  # mm: radius of a dotted texture's dots
GREYSCALE_RULE = "greyscale-fills"  # fills that print as one grey (`rulepress.model.formats`)


def _word(key: str, lang: str) -> str:
    """One of the tiled board's own words (``print.board_words`` of the catalogs, `rulepress.i18n`)."""
    return i18n.word(lang, f"print.board_words.{key}")


def _rgb(color: str) -> tuple[float, float, float]:
    r, g, b = (int(color[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return r, g, b


def measure(text: str, font: str, size: float) -> float:
    """Width of `text` in mm in one of the bundled fonts."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    fonts.register()
    return stringWidth(text, font, size) / MM


COMPASS_PT = 8.0  # the compass's letters


def mark_letter_size(mark) -> float:
    """Points of the letter in a provenance mark on a board (it fills the mark's disc)."""
    return mark.radius * 1.45 / (25.4 / 72)


class Painter:
    """Paints scene items onto a ReportLab canvas; board mm (top-left origin) to PDF points."""

    def pt(self, p: Point) -> tuple[float, float]:
        return p[0] * MM, (self.h - p[1]) * MM

    def __init__(self, canvas, height_mm: float, folder: Path | None = None):
        self.c = canvas
        self.h = height_mm
        self.folder = folder
        self._icons: dict | None = None

    def scene(self, scene: Scene) -> None:
        for item in scene.items:
            if isinstance(item, Region):
                self.region(item)
            elif isinstance(item, Halo):
                self.halo(item)
            elif isinstance(item, Picture):
                self.picture(item)
            elif isinstance(item, Compass):
                self.compass(item)
            elif isinstance(item, Texture):
                self.texture(item)
            elif isinstance(item, Shape):
                self.shape(item)
            elif isinstance(item, Line):
                self.line(item)
            elif isinstance(item, Polygon):
                self.polygon(item)
            elif isinstance(item, Mark):
                self.mark(item)
            elif isinstance(item, Glyph):
                self.glyph(item)
            elif isinstance(item, Label):
                self.label(item)

    def _rings_path(self, rings):
        path = self.c.beginPath()
        for ring in rings:
            path.moveTo(*self.pt(ring[0]))
            for p in ring[1:]:
                path.lineTo(*self.pt(p))
            path.close()
        return path

    def _texture(self, rings, pattern: str, color: str) -> None:
        """Hatching or dots clipped to the rings."""
        c = self.c
        xs = [x for ring in rings for x, _ in ring]
        ys = [y for ring in rings for _, y in ring]
        box = Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        c.saveState()
        c.clipPath(self._rings_path(rings), stroke=0, fill=0, fillMode=0)
        if pattern == "hatched":
            c.setStrokeColorRGB(*_rgb(color))
            c.setLineWidth(0.25 * MM)
            hatch = c.beginPath()
            for a, b in hatch_lines(box, 2.2):
                hatch.moveTo(*self.pt(a))
                hatch.lineTo(*self.pt(b))
            c.drawPath(hatch, stroke=1, fill=0)
        elif pattern == "dotted":
            c.setFillColorRGB(*_rgb(color))
            dots = c.beginPath()
            for x, y in dot_grid(box, 2.4):
                px, py = self.pt((x, y))
                dots.circle(px, py, 0.3 * MM)
            c.drawPath(dots, stroke=0, fill=1)
        c.restoreState()

    def region(self, r: Region) -> None:
        c = self.c
        c.saveState()
        if r.fill:
            c.setFillColorRGB(*_rgb(r.fill))
            c.drawPath(self._rings_path(r.rings), stroke=0, fill=1, fillMode=0)
        if r.pattern in ("hatched", "dotted"):
            self._texture(r.rings, r.pattern, r.pattern_color)
        if r.stroke:
            c.setStrokeColorRGB(*_rgb(r.stroke))
            c.setLineWidth(r.stroke_width * MM)
            c.setLineJoin(1)
            c.drawPath(self._rings_path(r.rings), stroke=1, fill=0)
        c.restoreState()

    def halo(self, h: Halo) -> None:
        c = self.c
        c.saveState()
        c.setStrokeColorRGB(*_rgb(h.color))
        c.setLineJoin(1)
        for factor, lighten in ((1.0, 1.45), (0.5, 1.15)):
            c.setStrokeColorRGB(*_rgb(shade(h.color, lighten)))
            c.setLineWidth(h.width * 2 * factor * MM)
            c.drawPath(self._rings_path(h.rings), stroke=1, fill=0)
        c.restoreState()

    def picture(self, p: Picture) -> None:
        path = (self.folder / p.file) if self.folder else Path(p.file)
        if not path.is_file():
            raise ContentError(path, "image of a board layer not found")
        self.c.drawImage(
            str(path),
            p.rect.x * MM,
            (self.h - p.rect.bottom) * MM,
            p.rect.w * MM,
            p.rect.h * MM,
            preserveAspectRatio=True,
            mask="auto",
        )

    def texture(self, t: Texture) -> None:
        """A background texture: hairlines (linen, waves) or small dots in one light colour, clipped to its box."""
        c = self.c
        c.saveState()
        clip = c.beginPath()
        clip.rect(t.rect.x * MM, (self.h - t.rect.bottom) * MM, t.rect.w * MM, t.rect.h * MM)
        c.clipPath(clip, stroke=0, fill=0)
        path = c.beginPath()
        if t.pattern == "dots":
            c.setFillColorRGB(*_rgb(t.color))
            for x, y in dot_grid(t.rect, t.spacing):
                px, py = self.pt((x, y))
                path.circle(px, py, TEXTURE_DOT * MM)
            c.drawPath(path, stroke=0, fill=1)
        else:
            c.setStrokeColorRGB(*_rgb(t.color))
            c.setLineWidth(TEXTURE_LINE * MM)
            c.setLineJoin(1)
            rows = wave_rows(t.rect, t.spacing) if t.pattern == "waves" else weave_lines(t.rect, t.spacing)
            for row in rows:
                path.moveTo(*self.pt(row[0]))
                for point in row[1:]:
                    path.lineTo(*self.pt(point))
            c.drawPath(path, stroke=1, fill=0)
        c.restoreState()

    def compass(self, k: Compass) -> None:
        c = self.c
        c.saveState()
        x, y = self.pt(k.centre)
        r = k.radius * MM
        c.setStrokeColorRGB(*_rgb(k.color))
        c.setLineWidth(0.3 * MM)
        c.circle(x, y, r * 0.72, stroke=1, fill=0)
        for i, letter in enumerate(k.letters):  # N, E, S, W: y grows upwards in PDF
            dx, dy = ((0, 1), (1, 0), (0, -1), (-1, 0))[i]
            for side, color in ((1, k.color), (-1, "#ffffff")):
                p = c.beginPath()
                p.moveTo(x, y)
                p.lineTo(x + dx * r, y + dy * r)
                p.lineTo(x + (dy * side) * r * 0.16 + dx * r * 0.16, y + (-dx * side) * r * 0.16 + dy * r * 0.16)
                p.close()
                c.setFillColorRGB(*_rgb(color))
                c.drawPath(p, stroke=1, fill=1)
            c.setFillColorRGB(*_rgb(k.color))
            c.setFont("Body-Bold", COMPASS_PT)
            c.drawCentredString(x + dx * (r + 3.2 * MM), y + dy * (r + 3.2 * MM) - 2.8, letter)
        c.restoreState()

    def _shape_path(self, rect: Rect, shape: str):
        p = self.c.beginPath()
        x, y = rect.x * MM, (self.h - rect.bottom) * MM
        w, h = rect.w * MM, rect.h * MM
        if shape == "circle":
            p.ellipse(x, y, w, h)
        elif shape == "region":
            p.roundRect(x, y, w, h, min(w, h) * 0.35)
        elif shape == "rect":
            p.roundRect(x, y, w, h, min(1.2 * MM, min(w, h) / 4))
        elif shape == "card":  # a card or tile's place: its rounded corners
            p.roundRect(x, y, w, h, min(CARD_RADIUS * MM, min(w, h) / 4))
        elif shape == "panel":
            p.roundRect(x, y, w, h, min(PANEL_RADIUS * MM, min(w, h) / 4))
        else:
            p.rect(x, y, w, h)
        return p

    def shape(self, s: Shape) -> None:
        c = self.c
        c.saveState()
        path = self._shape_path(s.rect, s.shape)
        if s.fill:
            c.setFillColorRGB(*_rgb(s.fill))
            c.drawPath(path, stroke=0, fill=1)
        if s.dotted:
            c.saveState()
            c.clipPath(self._shape_path(s.rect, s.shape), stroke=0, fill=0)
            c.setFillColorRGB(*_rgb(s.hatch_color))
            dots = c.beginPath()
            for x, y in dot_grid(s.rect, 2.4):
                px, py = self.pt((x, y))
                dots.circle(px, py, 0.3 * MM)
            c.drawPath(dots, stroke=0, fill=1)
            c.restoreState()
        if s.hatched:
            c.saveState()
            c.clipPath(self._shape_path(s.rect, s.shape), stroke=0, fill=0)
            c.setStrokeColorRGB(*_rgb(s.hatch_color))
            c.setLineWidth(0.25 * MM)
            hatch = c.beginPath()
            for a, b in hatch_lines(s.rect, 2.2):
                hatch.moveTo(*self.pt(a))
                hatch.lineTo(*self.pt(b))
            c.drawPath(hatch, stroke=1, fill=0)
            c.restoreState()
        if s.stroke:
            c.setStrokeColorRGB(*_rgb(s.stroke))
            c.setLineWidth(s.stroke_width * MM)
            c.drawPath(self._shape_path(s.rect, s.shape), stroke=1, fill=0)
        c.restoreState()

    def line(self, line: Line) -> None:
        c = self.c
        c.saveState()
        c.setStrokeColorRGB(*_rgb(line.color))
        c.setLineWidth(line.width * MM)
        c.setLineCap(1 if not line.dash else 0)
        if line.dash:
            c.setDash([line.dash[0] * MM, line.dash[1] * MM], 0)
        path = c.beginPath()
        path.moveTo(*self.pt(line.points[0]))
        for p in line.points[1:]:
            path.lineTo(*self.pt(p))
        c.drawPath(path, stroke=1, fill=0)
        c.restoreState()

    def polygon(self, poly: Polygon) -> None:
        c = self.c
        c.saveState()
        c.setFillColorRGB(*_rgb(poly.color))
        path = c.beginPath()
        path.moveTo(*self.pt(poly.points[0]))
        for p in poly.points[1:]:
            path.lineTo(*self.pt(p))
        path.close()
        c.drawPath(path, stroke=0, fill=1)
        c.restoreState()

    def glyph(self, g: Glyph) -> None:
        """An icon of the game's table: the outline of its character in the icon font (or the text font),
        drawn as a shape (a picture, not text: copying the board's words does not pick it up)."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        from rulepress.render.elements.icon import GLYPH_SCALE
        from rulepress.text.iconfont import BELOW, EXTENT
        from rulepress.text.outlines import text_outline

        icon = self.icons().get(g.name)
        if icon is None:
            raise ContentError(self.folder or Path("."), f"unknown icon {g.name!r} on a board space")
        c = self.c
        c.saveState()
        c.setFillColorRGB(*_rgb(g.color))
        x, y = self.pt((g.centre[0], g.centre[1] + g.height / 2))  # the icon's bottom centre
        h = g.height * MM
        if icon.font is not None:
            font, size = icon.font, h / EXTENT
            baseline = y + BELOW * size
        else:
            font, size = "Body", h * GLYPH_SCALE
            baseline = y + h * 0.12
        path = c.beginPath()
        if text_outline(path, icon.char, font, size, x - stringWidth(icon.char, font, size) / 2, baseline):
            c.drawPath(path, stroke=0, fill=1)
        else:  # a font known only from memory: the character itself
            c.setFont(font, size)
            c.drawCentredString(x, baseline, icon.char)
        c.restoreState()

    def icons(self) -> dict:
        if self._icons is None:
            from rulepress.render.cards import game_icons

            self._icons = game_icons(self.folder)
        return self._icons

    def mark(self, mark: Mark) -> None:
        c = self.c
        c.saveState()
        x, y = self.pt(mark.centre)
        c.setFillColorRGB(1, 1, 1)
        c.setStrokeColorRGB(*(_rgb("#b00020") if mark.kind == "unknown" else _rgb("#8a4b00")))
        c.setLineWidth(0.25 * MM)
        c.circle(x, y, mark.radius * MM, stroke=1, fill=1)
        c.setFillColorRGB(*(_rgb("#b00020") if mark.kind == "unknown" else _rgb("#8a4b00")))
        size = mark_letter_size(mark)
        c.setFont("Body-Bold", size)
        c.drawCentredString(x, y - size * 0.36, mark.text)
        c.restoreState()

    def _halo(self, row, x: float, y: float, color: str) -> None:
        """The row's letters stroked wide in `color` under the filled letters.

        Drawn as glyph outlines, not as text: the label's words stay in the PDF once (copying or searching
        the board finds "Harbour", not "HHaarrbboouurr"). A font known only from memory falls back to text."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        from rulepress.text.outlines import text_outline

        c = self.c
        c.saveState()
        c.setStrokeColorRGB(*_rgb(color))
        c.setLineWidth(row.size * 0.22)
        c.setLineJoin(1)
        if row.align != "left":
            x -= stringWidth(row.text, row.font, row.size) / 2
        path = c.beginPath()
        if text_outline(path, row.text, row.font, row.size, x, y):
            c.drawPath(path, stroke=1, fill=0)
        else:
            text = c.beginText(x, y)
            text.setFont(row.font, row.size)
            text.setTextRenderMode(1)
            text.textOut(row.text)
            c.drawText(text)
        c.restoreState()

    def label(self, label: Label) -> None:
        c = self.c
        c.saveState()
        if label.background:
            c.setFillColorRGB(*_rgb(label.background))
            b = label.box
            c.rect(b.x * MM, (self.h - b.bottom) * MM, b.w * MM, b.h * MM, stroke=0, fill=1)
        for row in label.rows:
            c.setFillColorRGB(*_rgb(row.color))
            c.setFont(row.font, row.size)
            x, y = self.pt((row.x, row.baseline))
            if label.halo:
                self._halo(row, x, y, label.halo)
            if row.align == "left":
                c.drawString(x, y, row.text)
            else:
                c.drawCentredString(x, y, row.text)
        c.restoreState()


def _canvas(target, width_mm: float, height_mm: float, title: str):
    from rulepress.render.pdf import Meta, new_canvas, print_preferences

    c = new_canvas(target, (width_mm * MM, height_mm * MM), Meta(title))
    print_preferences(c, "Simplex")
    return c


def scene_for(board, lang: str, context: BoardContext | None = None) -> Scene:
    return board_scene(board, lang, measure, context)


def board_context(content, board) -> BoardContext:
    """What the game's other content says about `board`: the sizes of the components its places hold, its
    supplies and the counts of its piles."""
    return BoardContext(held_sizes(content), board_pools(content, board), pile_counts(content, board))


def content_scene(content, board, lang: str) -> Scene:
    """The scene of `board` as the build draws it, with its `board_context`."""
    return scene_for(board, lang, board_context(content, board))


def board_pools(content, board) -> dict[str, list[dict]]:
    """The supplies kept on `board`'s spaces (`placed_on` with `pool: true`), by space id."""
    from rulepress.layout.placement import pools

    return pools(content, board)


def held_sizes(content) -> dict[str, tuple[float, float]]:
    """Card/tile size (mm) of every printed component, for board spaces with `size_from`."""
    from rulepress.layout.layouts import load_layout, resolve_size

    sizes = {}
    for comp in content.game.components:
        if comp.printed:
            try:
                layout = load_layout(comp.layout, content.folder) if comp.layout else None
                sizes[comp.id] = resolve_size(comp.size, layout, content.folder)
            except Exception:  # the cards renderer reports a broken layout or size
                continue
    return sizes


def pile_counts(content, board) -> dict[str, int]:
    """The known number of cards or tiles of each component a `pile` space of `board` holds (`size_from`);
    a component whose count is unknown is left out."""
    piles = {t.id for t in board.space_types if t.pile}
    wanted = {s.size_from for s in board.spaces if s.size_from and s.type in piles}
    return {
        comp.id: comp.count
        for comp in content.game.components
        if comp.id in wanted and comp.count and not comp.count_unknown
    }


def write_full(board, lang: str, target, scene: Scene | None = None) -> dict:
    """The whole board on one page of its own size."""
    scene = scene or scene_for(board, lang)
    c = _canvas(
        target if isinstance(target, io.IOBase) else str(target),
        board.size.width,
        board.size.height,
        board.name.get(lang),
    )
    Painter(c, board.size.height, scene.folder).scene(scene)
    c.showPage()
    c.save()
    return {"pages": 1}


def write_tiled(board, lang: str, paper: str, overlap: float, target, scene: Scene | None = None) -> dict:
    """Assembly page, then one page per tile."""
    scene = scene or scene_for(board, lang)
    W, H = board.size.width, board.size.height
    plan = plan_tiles(W, H, PAPERS[paper], overlap=overlap)
    sheet = plan.paper
    c = _canvas(str(target), sheet.width, sheet.height, board.name.get(lang))
    c.beginForm("board", 0, 0, W * MM, H * MM)
    Painter(c, H, scene.folder).scene(scene)
    c.endForm()
    # the assembly page shows the board shrunk: without its texts, which would print far below 6 pt
    c.beginForm("overview", 0, 0, W * MM, H * MM)
    shapes_only = Scene(
        width=scene.width,
        height=scene.height,
        items=[i for i in scene.items if not isinstance(i, (Label, Mark, Compass, Texture))],
    )
    Painter(c, H, scene.folder).scene(shapes_only)
    c.endForm()
    _assembly_page(c, plan, board, lang)
    for tile in plan.tiles:
        _tile_page(c, plan, tile, board, lang)
    c.save()
    return {"pages": 1 + len(plan.tiles)}


def _assembly_page(c, plan: TilePlan, board, lang: str) -> None:
    sheet = plan.paper
    margin = 12.0
    c.setFont("Body-Bold", 14)
    c.setFillColorRGB(0, 0, 0)
    title = f"{board.name.get(lang)} – {_word('assembly', lang)}"
    c.drawString(margin * MM, (sheet.height - margin - 5) * MM, title)
    # instructions, wrapped
    from rulepress.layout.boardgeom import wrap

    text = _word("howto", lang).format(overlap=i18n.decimal(plan.overlap, lang))
    lines = wrap(text, sheet.width - 2 * margin, measure, "Body", 8.5)
    c.setFont("Body", 8.5)
    y = sheet.height - margin - 12
    for line in lines:
        c.drawString(margin * MM, y * MM, line)
        y -= 4.2
    top = sheet.height - y + 4
    # the board scaled into the rest of the page, tiles outlined
    avail_w, avail_h = sheet.width - 2 * margin, sheet.height - top - margin - 8
    scale = min(avail_w / plan.board_width, avail_h / plan.board_height)
    ox = margin + (avail_w - plan.board_width * scale) / 2
    oy = top
    c.saveState()
    c.translate(ox * MM, (sheet.height - oy - plan.board_height * scale) * MM)
    c.scale(scale, scale)
    c.doForm("overview")
    c.restoreState()
    for tile in plan.tiles:
        x = ox + tile.x * scale
        yt = oy + tile.y * scale
        w, h = tile.width * scale, tile.height * scale
        c.saveState()
        c.setStrokeColorRGB(0.8, 0.1, 0.1)
        c.setLineWidth(0.8)
        c.rect(x * MM, (sheet.height - yt - h) * MM, w * MM, h * MM, stroke=1, fill=0)
        size = max(7.0, min(16.0, min(w, h) * 0.25 / (25.4 / 72)))
        label_w = measure(tile.label, "Body-Bold", size) + 2
        c.setFillColorRGB(1, 1, 1)
        c.rect(
            (x + w / 2 - label_w / 2) * MM,
            (sheet.height - yt - h / 2) * MM - size * 0.45,
            label_w * MM,
            size * 1.25,
            stroke=0,
            fill=1,
        )
        c.setFillColorRGB(0.8, 0.1, 0.1)
        c.setFont("Body-Bold", size)
        c.drawCentredString((x + w / 2) * MM, (sheet.height - yt - h / 2) * MM - size * 0.1, tile.label)
        c.restoreState()
    c.setFont("Body", 8)
    c.setFillColorRGB(0, 0, 0)
    summary = (
        f"{len(plan.tiles)} × {plan.paper.name.upper()} · {plan.rows} × {plan.cols} · "
        f"{plan.board_width:g} × {plan.board_height:g} mm"
    )
    c.drawString(margin * MM, (margin - 2) * MM, summary)
    c.showPage()


def _tile_page(c, plan: TilePlan, tile, board, lang: str) -> None:
    sheet = plan.paper
    wx, wy = plan.window_x, plan.window_y
    ww, wh = tile.width, tile.height

    def pdf(x_mm: float, y_mm: float) -> tuple[float, float]:
        return x_mm * MM, (sheet.height - y_mm) * MM

    # the board part
    c.saveState()
    clip = c.beginPath()
    clip.rect(wx * MM, (sheet.height - wy - wh) * MM, ww * MM, wh * MM)
    c.clipPath(clip, stroke=0, fill=0)
    c.translate((wx - tile.x) * MM, (sheet.height - wy + tile.y - plan.board_height) * MM)
    c.doForm("board")
    c.restoreState()

    neighbours = plan.neighbours(tile)
    c.saveState()
    c.setLineWidth(0.35)
    # glue strips: right and bottom edges that a neighbour covers (dashed line where its edge goes)
    c.setStrokeColorRGB(0.2, 0.2, 0.2)
    c.setDash([3, 2], 0)
    if "right" in neighbours:
        x = wx + neighbours["right"].x - tile.x
        c.line(*pdf(x, wy - 3), *pdf(x, wy + wh + 3))
    if "bottom" in neighbours:
        y = wy + neighbours["bottom"].y - tile.y
        c.line(*pdf(wx - 3, y), *pdf(wx + ww + 3, y))
    c.setDash([], 0)
    # cut marks at the window corners (trim the white margin where a neighbour lies left or above),
    # ending 5 mm from the paper edge at the least
    reach = max(1.5, min(6.0, plan.window_x - EDGE_CLEAR, plan.window_y - EDGE_CLEAR))
    for cx in (wx, wx + ww):
        for cy in (wy, wy + wh):
            dx = -1 if cx == wx else 1
            dy = -1 if cy == wy else 1
            c.line(*pdf(cx + dx * 0.5, cy), *pdf(cx + dx * reach, cy))
            c.line(*pdf(cx, cy + dy * 0.5), *pdf(cx, cy + dy * reach))
    # registration crosses at the same board points on both tiles of an overlap: bold and ringed on the
    # glue strip a neighbour covers, a hairline on the strip laid over the neighbour's
    c.setStrokeColorRGB(0, 0, 0)
    for kind, sx, sy in mark_placements(plan, tile):
        px, py = pdf(sx, sy)
        if kind == "cross":
            c.circle(px, py, 1.6 * MM, stroke=1, fill=0)
            arm = CROSS_ARM
        else:
            c.saveState()
            c.setLineWidth(FINE_CROSS_LINE)
            arm = FINE_CROSS_ARM
        c.line(px - arm * MM, py, px + arm * MM, py)
        c.line(px, py - arm * MM, px, py + arm * MM)
        if kind != "cross":
            c.restoreState()
    c.restoreState()

    # labels in the margins
    c.saveState()
    c.setFillColorRGB(0, 0, 0)
    c.setFont("Body-Bold", 11)
    footer_y = wy + wh + 6.5
    heading = f"{_word('tile', lang)} {tile.label}"
    c.drawString(*pdf(wx, footer_y), heading)
    heading_w = measure(heading, "Body-Bold", 11) + 3
    c.setFont("Body", 7)
    where = (
        f"{_word('row', lang)} {tile.label.rstrip('0123456789')} {_word('of', lang)} {plan.rows}, "
        f"{_word('col', lang)} {tile.col + 1} {_word('of', lang)} {plan.cols} · {board.name.get(lang)}"
    )
    c.drawString(*pdf(wx + heading_w, footer_y), where)
    near = " ".join(
        f"{ {'left': '←', 'right': '→', 'top': '↑', 'bottom': '↓'}[side] }{t.label}" for side, t in neighbours.items()
    )
    if near:
        c.drawRightString(*pdf(wx + ww, footer_y), f"{_word('neighbours', lang)}: {near}")
        c.setFont("Body", 6.5)
        c.drawString(*pdf(wx, footer_y + 3.6), _word("align", lang))
    c.setFont("Body", 6)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    if "left" in neighbours:
        c.saveState()
        c.translate(*pdf(wx - 1.0, wy + wh / 2))
        c.rotate(90)
        c.drawCentredString(0, 0, f"✂ {_word('cut', lang)} ({_word('tile', lang)} {tile.label})")
        c.restoreState()
    if "top" in neighbours:
        c.drawCentredString(*pdf(wx + ww / 2, wy - 1.0), f"✂ {_word('cut', lang)}")
    if "right" in neighbours:
        c.saveState()
        x = wx + neighbours["right"].x - tile.x
        c.translate(*pdf(wx + ww + 2.2, wy + wh / 2))
        c.rotate(90)
        c.drawCentredString(
            0, 0, f"{_word('glue', lang)} {i18n.decimal(plan.overlap, lang)} mm → {neighbours['right'].label}"
        )
        c.restoreState()
    if "bottom" in neighbours:
        c.drawCentredString(
            *pdf(wx + ww / 2, wy + wh + 2.6),
            f"{_word('glue', lang)} {i18n.decimal(plan.overlap, lang)} mm ↓ {neighbours['bottom'].label}",
        )
    c.restoreState()
    c.showPage()


def board_png(board, lang: str, target: Path, width_px: int = PNG_WIDTH_PX, scene: Scene | None = None) -> dict:
    """A preview PNG of the whole board (website gallery), rasterised with pypdfium2 (no system tools); its
    DPI tag says the real resolution at the board's size (about 70 dpi for a 500 mm board: a preview, named so,
    not a file to print from: the board's PDFs are)."""
    import pypdfium2 as pdfium

    buffer = io.BytesIO()
    write_full(board, lang, buffer, scene)
    pdf = pdfium.PdfDocument(buffer.getvalue())
    try:
        page = pdf[0]
        scale = width_px / page.get_width()
        image = page.render(scale=scale).to_pil().convert("RGB")
        dpi = round(width_px / (board.size.width / 25.4), 1)
        image.save(target, format="PNG", dpi=(dpi, dpi))
        page.close()
    finally:
        pdf.close()
    return {"pages": 1}


def board_path(game: str, board_id: str, lang: str, paper: str | None = None, png: bool = False) -> str:
    """Output path convention of the board files (relative to the output folder)."""
    if png:
        return f"{game}/board-{board_id}.{lang}.preview.png"
    if paper:
        return f"{game}/board-{board_id}.{lang}.{paper}.tiled.pdf"
    return f"{game}/board-{board_id}.{lang}.pdf"


def plan(content, options: BoardOptions) -> list[Artifact]:
    """Artifacts for every board of a game, per language (and paper for the tiled PDFs): the tiled PDFs
    belong to the print-and-play bundle of their paper, the board on one sheet and its PNG to the board's."""
    game = content.game
    overlap = options.overlap
    artifacts = []
    for index, board in enumerate(game.boards):
        context = board_context(content, board)
        held = context.held
        shared: dict = {"held": {k: held[k] for k in sorted(held) if any(s.size_from == k for s in board.spaces)}}
        if context.pools:  # only then, so a board without supplies keeps its key
            shared["pools"] = context.pools
        if context.counts:  # likewise
            shared["counts"] = context.counts
        shared["images"] = {
            layer.file: _digest(content.folder / layer.file)
            for layer in board.layers
            if layer.kind == "image" and layer.file
        }
        scenes = _Scenes(board, context, content.locate(("boards", index)), f"boards.{index}", content.folder)
        for lang in game.languages:
            data = view.in_language(board, lang) | shared  # the board in `lang`: an edit in another leaves it
            artifacts.append(
                Artifact(
                    game=game.id,
                    kind="board",
                    path=board_path(game.id, board.id, lang),
                    inputs={"board": data, "lang": lang},
                    write=_bind(write_full, scenes, board, lang),
                    lang=lang,
                    bundles=("board",),
                )
            )
            for paper in options.papers:
                artifacts.append(
                    Artifact(
                        game=game.id,
                        kind="board",
                        path=board_path(game.id, board.id, lang, paper),
                        inputs={"board": data, "lang": lang, "paper": paper, "overlap": overlap},
                        write=_bind(write_tiled, scenes, board, lang, paper, overlap),
                        lang=lang,
                        paper=paper,
                        bundles=("play",),
                    )
                )
            artifacts.append(
                Artifact(
                    game=game.id,
                    kind="board-png",
                    path=board_path(game.id, board.id, lang, png=True),
                    inputs={"board": data, "lang": lang, "width_px": PNG_WIDTH_PX},
                    write=_bind_png(scenes, board, lang, PNG_WIDTH_PX),
                    lang=lang,
                    bundles=("board",),
                )
            )
    return artifacts


def _digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "missing"


class _Scenes:
    """The scenes of one board, computed once per language for the artifacts of one plan."""

    def __init__(
        self,
        board,
        context: BoardContext | None = None,
        where: tuple = ("", None, None),
        key: str = "",
        folder: Path | None = None,
    ):
        self.board = board
        self.context = context
        self.folder = folder
        self.where = where
        self.key = key
        self.done: dict[str, Scene] = {}

    def get(self, lang: str) -> Scene:
        if lang not in self.done:
            scene = scene_for(self.board, lang, self.context)
            if scene.errors:
                raise ContentErrors(
                    [
                        Problem(self.where[0], self.where[1], self.where[2], self.key, f"[{lang}] {e}")
                        for e in scene.errors
                    ]
                )
            scene.folder = self.folder
            self.done[lang] = scene
        return self.done[lang]


def _bind(function, scenes: _Scenes, board, lang: str, *args):
    def write(tmp: Path):
        return function(board, lang, *args, tmp, scene=scenes.get(lang))

    return write


def _bind_png(scenes: _Scenes, board, lang: str, width_px: int):
    def write(tmp: Path):
        return board_png(board, lang, tmp, width_px, scene=scenes.get(lang))

    return write


def _layer_image_problems(content, i: int, board) -> list[Problem]:
    """Image layers whose file is outside the game folder, missing or no readable picture."""
    from rulepress.layout.pictures import PictureError, picture_size

    problems = []
    for k, layer in enumerate(board.layers):
        if layer.kind != "image" or not layer.file:
            continue
        key = ("boards", i, "layers", k, "file")
        path = inside(content.folder, layer.file)
        try:
            if path is None:
                raise PictureError("is outside the game folder")
            picture_size(path)
        except PictureError as exc:
            problems.append(_problem_at(content, key, f"image {layer.file!r} {exc}"))
    return problems


def _problem_at(content, key: tuple, message: str, rule: str = "") -> Problem:
    """A problem at the line of `key` in the game's files (its dotted key path named)."""
    where, row, column = content.locate(key)
    return Problem(where, row, column, ".".join(map(str, key)), message, rule=rule)


def _greyscale_warnings(content, i: int, board) -> list[Problem]:
    """A warning at a space type's (or group's) colour for each pair of fills that print as nearly the same grey."""
    from rulepress.layout.boardscene import greyscale_clashes

    found = []
    for a, b, la, lb in greyscale_clashes(board):

        def name(key) -> str:
            item = (board.space_types if key[0] == "space_types" else board.groups)[key[1]]
            return f"{'space type' if key[0] == 'space_types' else 'group'} {item.id}"

        at = max(a, b, key=lambda k: (k[0] == "space_types", k[1]))  # the type's colour, else the later group's
        other = b if at == a else a
        found.append(
            _problem_at(
                content,
                ("boards", i, *at, "color"),
                f"board {board.id}: the fill of {name(at)} ({la if at == a else lb:.2f}) prints as nearly the same grey "
                f"as {name(other)}'s ({lb if at == a else la:.2f}) in a greyscale copy",
                rule=GREYSCALE_RULE,  # a warning until the format that makes it an error (`formats.settle`)
            )
        )
    return found


def _icon_problems(content, i: int, board) -> list[Problem]:
    """A space type's icon that the game's icon table does not know (at the icon's line)."""
    from rulepress.render.cards import game_icons

    wanted = [(("space_types", k), t.icon) for k, t in enumerate(board.space_types) if t.icon]
    wanted += [(("spaces", k), s.icon) for k, s in enumerate(board.spaces) if s.icon]
    wanted += [(("layers", k), layer.icon) for k, layer in enumerate(board.layers) if layer.icon]
    if not wanted:
        return []
    table = game_icons(content.folder)
    return [
        _problem_at(
            content,
            ("boards", i, *where, "icon"),
            f"board {board.id}: unknown icon {icon!r}; icons: {', '.join(sorted(table))}",
        )
        for where, icon in wanted
        if icon not in table
    ]


def check(content, options: BoardOptions) -> list[Problem]:
    """Problems that would stop or spoil a board's build: a scene that cannot be laid out, a text the
    bundled fonts cannot show, a tiling that does not fit the paper with the chosen overlap."""
    problems: list[Problem] = []
    overlap = options.overlap
    for i, board in enumerate(content.game.boards):
        file, line, col = content.locate(("boards", i))
        broken = _layer_image_problems(content, i, board)
        if broken:
            problems.extend(broken)
            continue  # the board cannot be drawn with these pictures
        if any(s.outline for s in board.spaces):  # drawn borders against the links (the geometry library's work)

            def located(key: tuple, message: str) -> None:
                problems.append(_problem_at(content, key, message))

            before = len(problems)
            check_board(board, located, ("boards", i))
            if len(problems) > before:
                continue  # a scene cannot be laid out from broken outlines

        def report(message: str, board=board) -> None:
            problems.append(Problem(file, line, col, f"boards.{i}", f"board {board.id}: {message}"))  # noqa: B023

        problems.extend(_greyscale_warnings(content, i, board))
        problems.extend(_icon_problems(content, i, board))
        for lang in content.game.languages:
            try:
                scene = content_scene(content, board, lang)  # the scene the build draws
            except ValueError as exc:
                report(f"cannot be laid out ({lang}): {exc}")
                continue
            for label in scene.labels:
                for row in label.rows:
                    missing = fonts.missing_glyphs(row.text, row.font)
                    if missing:
                        report(f"font {row.font} has no glyph for {' '.join(missing)} in {row.text!r}")
        for paper in options.papers:
            try:
                plan_tiles(board.size.width, board.size.height, PAPERS[paper], overlap=overlap)
            except ValueError as exc:
                report(f"cannot be tiled on {paper}: {exc}")
    return list(dict.fromkeys(problems))
