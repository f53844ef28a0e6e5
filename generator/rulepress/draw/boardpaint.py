"""The board painter: draws a board's scene (`rulepress.layout.boardscene`, pure) on a ReportLab canvas.

`Painter` paints every scene item (regions, textures, links, spaces, labels, marks, pictures); `content_scene`
makes the scene of a game's board in one language with what the board shows of the rest of the game (piles,
held cards). The board renderer and the example pictures both paint with it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rulepress import i18n
from rulepress.errors import ContentError
from rulepress.layout import sceneview
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
from rulepress.layout.paper import MM
from rulepress.text import fonts

CARD_RADIUS = 3.0  # mm: corner radius of a card or tile's place on a board


PANEL_RADIUS = 5.0  # mm: corner radius of a group's panel


TEXTURE_LINE = 0.12  # mm: a background texture's hairlines


TEXTURE_DOT = 0.22  # mm: radius of a dotted texture's dots


def board_word(key: str, lang: str) -> str:
    """One of the tiled board's own words (``print.board_words`` of the catalogs, `rulepress.i18n`)."""
    return i18n.word(lang, f"print.board_words.{key}")


def board_rgb(color: str) -> tuple[float, float, float]:
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
    """Paints scene items onto a ReportLab canvas; board mm (top-left origin) to PDF points. With a `view` (an
    excerpt the canvas is clipped to), only what can mark it is drawn (`rulepress.layout.sceneview`)."""

    def pt(self, p: Point) -> tuple[float, float]:
        return p[0] * MM, (self.h - p[1]) * MM

    def __init__(self, canvas, height_mm: float, folder: Path | None = None, view: Rect | None = None):
        self.c = canvas
        self.h = height_mm
        self.folder = folder
        self.view = view
        self._icons: dict | None = None

    def _shown(self, points: list, margin: float) -> list:
        """The texture's dots that can mark the view (all of them without one)."""
        return points if self.view is None else sceneview.points_near(points, self.view, margin)

    def _threads(self, lines: list, margin: float) -> list:
        """The texture's threads, waves or hatching lines cut to the view (all of them without one)."""
        return lines if self.view is None else sceneview.lines_near(lines, self.view, margin)

    def scene(self, scene: Scene) -> None:
        items = scene.items if self.view is None else sceneview.in_view(scene.items, self.view)
        paint: dict[type, Callable[[Any], None]] = {
            Region: self.region,
            Halo: self.halo,
            Picture: self.picture,
            Compass: self.compass,
            Texture: self.texture,
            Shape: self.shape,
            Line: self.line,
            Polygon: self.polygon,
            Mark: self.mark,
            Glyph: self.glyph,
            Label: self.label,
        }
        for item in items:
            painter = paint.get(type(item))
            if painter is not None:
                painter(item)

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
            c.setStrokeColorRGB(*board_rgb(color))
            c.setLineWidth(0.25 * MM)
            hatch = c.beginPath()
            for a, b in self._threads(hatch_lines(box, 2.2), 2.2):
                hatch.moveTo(*self.pt(a))
                hatch.lineTo(*self.pt(b))
            c.drawPath(hatch, stroke=1, fill=0)
        elif pattern == "dotted":
            c.setFillColorRGB(*board_rgb(color))
            dots = c.beginPath()
            for x, y in self._shown(dot_grid(box, 2.4), 2.4):
                px, py = self.pt((x, y))
                dots.circle(px, py, 0.3 * MM)
            c.drawPath(dots, stroke=0, fill=1)
        c.restoreState()

    def region(self, r: Region) -> None:
        c = self.c
        c.saveState()
        if r.fill:
            c.setFillColorRGB(*board_rgb(r.fill))
            c.drawPath(self._rings_path(r.rings), stroke=0, fill=1, fillMode=0)
        if r.pattern in ("hatched", "dotted"):
            self._texture(r.rings, r.pattern, r.pattern_color)
        if r.stroke:
            c.setStrokeColorRGB(*board_rgb(r.stroke))
            c.setLineWidth(r.stroke_width * MM)
            c.setLineJoin(1)
            c.drawPath(self._rings_path(r.rings), stroke=1, fill=0)
        c.restoreState()

    def halo(self, h: Halo) -> None:
        c = self.c
        c.saveState()
        c.setStrokeColorRGB(*board_rgb(h.color))
        c.setLineJoin(1)
        for factor, lighten in ((1.0, 1.45), (0.5, 1.15)):
            c.setStrokeColorRGB(*board_rgb(shade(h.color, lighten)))
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
            c.setFillColorRGB(*board_rgb(t.color))
            for x, y in self._shown(dot_grid(t.rect, t.spacing), t.spacing):
                px, py = self.pt((x, y))
                path.circle(px, py, TEXTURE_DOT * MM)
            c.drawPath(path, stroke=0, fill=1)
        else:
            c.setStrokeColorRGB(*board_rgb(t.color))
            c.setLineWidth(TEXTURE_LINE * MM)
            c.setLineJoin(1)
            rows = wave_rows(t.rect, t.spacing) if t.pattern == "waves" else weave_lines(t.rect, t.spacing)
            for row in self._threads(rows, 4 * t.spacing):
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
        c.setStrokeColorRGB(*board_rgb(k.color))
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
                c.setFillColorRGB(*board_rgb(color))
                c.drawPath(p, stroke=1, fill=1)
            c.setFillColorRGB(*board_rgb(k.color))
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
            c.setFillColorRGB(*board_rgb(s.fill))
            c.drawPath(path, stroke=0, fill=1)
        if s.dotted:
            c.saveState()
            c.clipPath(self._shape_path(s.rect, s.shape), stroke=0, fill=0)
            c.setFillColorRGB(*board_rgb(s.hatch_color))
            dots = c.beginPath()
            for x, y in dot_grid(s.rect, 2.4):
                px, py = self.pt((x, y))
                dots.circle(px, py, 0.3 * MM)
            c.drawPath(dots, stroke=0, fill=1)
            c.restoreState()
        if s.hatched:
            c.saveState()
            c.clipPath(self._shape_path(s.rect, s.shape), stroke=0, fill=0)
            c.setStrokeColorRGB(*board_rgb(s.hatch_color))
            c.setLineWidth(0.25 * MM)
            hatch = c.beginPath()
            for a, b in hatch_lines(s.rect, 2.2):
                hatch.moveTo(*self.pt(a))
                hatch.lineTo(*self.pt(b))
            c.drawPath(hatch, stroke=1, fill=0)
            c.restoreState()
        if s.stroke:
            c.setStrokeColorRGB(*board_rgb(s.stroke))
            c.setLineWidth(s.stroke_width * MM)
            c.drawPath(self._shape_path(s.rect, s.shape), stroke=1, fill=0)
        c.restoreState()

    def line(self, line: Line) -> None:
        c = self.c
        c.saveState()
        c.setStrokeColorRGB(*board_rgb(line.color))
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
        c.setFillColorRGB(*board_rgb(poly.color))
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

        from rulepress.draw.elements.icon import GLYPH_SCALE
        from rulepress.text.iconfont import BELOW, EXTENT
        from rulepress.text.outlines import text_outline

        icon = self.icons().get(g.name)
        if icon is None:
            raise ContentError(self.folder or Path("."), f"unknown icon {g.name!r} on a board space")
        c = self.c
        c.saveState()
        c.setFillColorRGB(*board_rgb(g.color))
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
            from rulepress.draw.cardjobs import game_icons

            self._icons = game_icons(self.folder)
        return self._icons

    def mark(self, mark: Mark) -> None:
        c = self.c
        c.saveState()
        x, y = self.pt(mark.centre)
        c.setFillColorRGB(1, 1, 1)
        c.setStrokeColorRGB(*(board_rgb("#b00020") if mark.kind == "unknown" else board_rgb("#8a4b00")))
        c.setLineWidth(0.25 * MM)
        c.circle(x, y, mark.radius * MM, stroke=1, fill=1)
        c.setFillColorRGB(*(board_rgb("#b00020") if mark.kind == "unknown" else board_rgb("#8a4b00")))
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
        c.setStrokeColorRGB(*board_rgb(color))
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
            c.setFillColorRGB(*board_rgb(label.background))
            b = label.box
            c.rect(b.x * MM, (self.h - b.bottom) * MM, b.w * MM, b.h * MM, stroke=0, fill=1)
        for row in label.rows:
            c.setFillColorRGB(*board_rgb(row.color))
            c.setFont(row.font, row.size)
            x, y = self.pt((row.x, row.baseline))
            if label.halo:
                self._halo(row, x, y, label.halo)
            if row.align == "left":
                c.drawString(x, y, row.text)
            else:
                c.drawCentredString(x, y, row.text)
        c.restoreState()


def board_canvas(target, width_mm: float, height_mm: float, title: str):
    from rulepress.draw.pdf import Meta, new_canvas, print_preferences

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
