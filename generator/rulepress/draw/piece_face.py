"""How one face of a playing piece is painted: its colour under a fine texture in a shade of it and a frame
(`finish`: a round token looks like a game chip, a square one has a framed middle, standees and pawns are
hatched), the piece's icon or a pawn's figure, its title as large as the face allows and its text from TEXT_PT
down to MIN_PT. Pure drawing on a ReportLab canvas whose origin is the face's bottom-left corner; the sheets,
folds and cut lines are `rulepress.render.pieces`.
"""

from __future__ import annotations

from rulepress.layout.boardgeom import luminance, shade
from rulepress.layout.paper import MM
from rulepress.layout.pieces import Panel
from rulepress.model.schema import Face, Piece
from rulepress.text import fonts

MIN_PT = 6.0  # nothing a player reads is smaller
TEXT_PT = 7.0  # the body text's size before it shrinks to fit
BLEED = 2.0  # mm of colour beyond each cut line (tokens are small: less than a card's 3 mm)
INK = "#1a1a1a"
TEXTURE_TINT = 0.12  # a dark face's texture: this much lighter
TEXTURE_SHADE = 0.1  # a light face's texture: this much darker
TEXTURE_WIDTH = 0.25  # mm
EDGE_INSET = 1.4  # mm from a token's edge to its frame (less on a small token)
ICON_TINT = 0.22  # a dark token's icon: this much lighter
ICON_SHADE = 0.16  # a light token's icon: this much darker


class TextDoesNotFit(ValueError):
    """A face's text does not fit its panel at MIN_PT."""


def rgb(color: str):
    from reportlab.lib.colors import HexColor

    return HexColor(color)


def ink_on(color: str) -> str:
    return "#ffffff" if luminance(color) < 0.45 else INK


def fit_lines(text: str, width_pt: float, height_pt: float, font: str = "Body") -> tuple[list[str], float] | None:
    """`text` wrapped to `width_pt` at the largest size from TEXT_PT down to MIN_PT that fits; None if none."""
    from reportlab.lib.utils import simpleSplit

    fonts.register()
    size = TEXT_PT
    while size >= MIN_PT - 1e-9:
        lines = simpleSplit(text, font, size, width_pt)
        if len(lines) * size * 1.15 <= height_pt:
            return lines, size
        size -= 0.5
    return None


def title_size(title: str, width_pt: float, height_pt: float) -> float:
    """The title's size: as large as the panel allows (at most 60 % of its height), never under MIN_PT."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    fonts.register()
    width = stringWidth(title, "Body-Bold", 10) / 10 or 1.0
    return max(MIN_PT, min(height_pt * 0.6, width_pt / width))


def short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"


def face_texts(face: Face, lang: str) -> tuple[str, str]:
    return (face.title.get(lang) if face.title else "") or "", (face.text.get(lang) if face.text else "") or ""


def figure(c, w: float, h: float, color: str) -> None:
    """A pawn's silhouette behind a standee's or pawn's title, in a lighter tone: a round head on a collar, a body
    that widens to a flat foot (the figure of a turned wooden pawn), between 36 % and 95 % of the face's height."""
    unit = min(w, h * 0.75)
    cx = w / 2
    c.setFillColor(rgb(color))
    c.circle(cx, h * 0.795, unit * 0.12, stroke=0, fill=1)
    c.roundRect(cx - unit * 0.17, h * 0.68, unit * 0.34, unit * 0.07, unit * 0.035, stroke=0, fill=1)
    body = c.beginPath()
    top, foot = h * 0.685, h * 0.415
    body.moveTo(cx - unit * 0.1, top)
    body.curveTo(cx - unit * 0.1, h * 0.55, cx - unit * 0.3, h * 0.49, cx - unit * 0.3, foot)
    body.lineTo(cx + unit * 0.3, foot)
    body.curveTo(cx + unit * 0.3, h * 0.49, cx + unit * 0.1, h * 0.55, cx + unit * 0.1, top)
    body.close()
    c.drawPath(body, stroke=0, fill=1)
    c.roundRect(cx - unit * 0.36, h * 0.36, unit * 0.72, h * 0.065, unit * 0.03, stroke=0, fill=1)


def tint(color: str, amount: float) -> str:
    """`color` mixed with white (amount 0: unchanged, 1: white)."""
    return shade(color, 1 + amount)


def _shade(color: str, amount: float) -> str:
    """`color` mixed with black (amount 0: unchanged, 1: black)."""
    return shade(color, 1 - amount)


def _texture_color(color: str, ink: str) -> str:
    """A colour close to `color` for its texture: lighter on a dark face, darker on a light one."""
    return tint(color, TEXTURE_TINT) if ink != INK else _shade(color, TEXTURE_SHADE)


def _stroke_lines(c, lines, h: float) -> None:
    """Polylines in mm (top-left origin, y down) stroked on a canvas whose origin is the face's bottom-left."""
    path = c.beginPath()
    for line in lines:
        path.moveTo(line[0][0] * MM, h - line[0][1] * MM)
        for x, y in line[1:]:
            path.lineTo(x * MM, h - y * MM)
    c.drawPath(path, stroke=1, fill=0)


def finish(c, w: float, h: float, color: str, ink: str, token_shape: str | None) -> None:
    """The printed finish of a face (w x h points, origin at its bottom-left) over its colour: a fine texture in a
    shade of the colour and a frame in the ink's tint. A round token gets rays, a plain disc for its texts and a
    ring of edge dashes, like a game chip; other tokens a lattice border and an inner frame; standees and pawns a
    hatching."""
    from rulepress.layout.elements.pattern import PatternElement, strokes
    from rulepress.layout.geometry import Rect

    texture, line = _texture_color(color, ink), tint(ink, 0.35) if ink == INK else tint(color, 0.55)
    grow = BLEED if token_shape is not None else 0.0  # a token's colour reaches the bleed; a panel meets the next
    box = Rect(-grow, -grow, w / MM + 2 * grow, h / MM + 2 * grow)
    side = min(w, h)
    c.saveState()
    c.setStrokeColor(rgb(texture))
    c.setLineWidth(TEXTURE_WIDTH * MM)
    if token_shape == "circle":
        _stroke_lines(c, strokes(PatternElement(kind="pattern", pattern="rays", count=48, angle=0), box), h)
        c.setFillColor(rgb(color))
        c.ellipse(w / 2 - w * 0.4, h / 2 - h * 0.4, w / 2 + w * 0.4, h / 2 + h * 0.4, stroke=0, fill=1)
        c.setStrokeColor(rgb(line))
        c.setLineWidth(0.25 * MM)
        c.ellipse(w / 2 - w * 0.4, h / 2 - h * 0.4, w / 2 + w * 0.4, h / 2 + h * 0.4, stroke=1, fill=0)
        inset = min(EDGE_INSET * MM, side * 0.06)
        c.setLineWidth(0.6 * MM)
        c.setDash(1.2 * MM, 1.2 * MM)
        c.ellipse(inset, inset, w - inset, h - inset, stroke=1, fill=0)
    elif token_shape is not None:
        _stroke_lines(c, strokes(PatternElement(kind="pattern", pattern="lattice", spacing=1.4, angle=45), box), h)
        if token_shape in ("square", "rounded"):
            inset = min(EDGE_INSET * MM, side * 0.1)
            c.setFillColor(rgb(color))
            c.setStrokeColor(rgb(line))
            c.setLineWidth(0.3 * MM)
            c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, inset / 2, stroke=1, fill=1)
    else:
        _stroke_lines(c, strokes(PatternElement(kind="pattern", pattern="hatch", spacing=1.2, angle=60), box), h)
        inset = min(0.8 * MM, side * 0.06)
        c.setStrokeColor(rgb(line))
        c.setLineWidth(0.25 * MM)
        c.rect(inset, inset, w - 2 * inset, h - 2 * inset, stroke=1, fill=0)
    c.restoreState()


def _icon_shade(color: str, ink: str) -> str:
    """A token's icon behind its title: a little stronger than the texture, well short of the ink."""
    return tint(color, ICON_TINT) if ink != INK else _shade(color, ICON_SHADE)


def _icon(c, icon, w: float, h: float, color: str, token_shape: str | None) -> None:
    """The piece's icon centred on the face (a token: large, behind the title; a standee or pawn: where the
    figure would stand)."""
    from rulepress.text.iconfont import BELOW, EXTENT

    side = min(w, h) * (0.7 if token_shape is not None else 0.62)
    cy = h / 2 if token_shape is not None else h * 0.62
    c.setFillColor(rgb(color))
    if icon.font is not None:
        size = side / EXTENT
        c.setFont(icon.font, size)
        c.drawCentredString(w / 2, cy - side / 2 + BELOW * size, icon.char)
    else:  # a glyph of the text font
        size = side * 1.15
        c.setFont("Body", size)
        c.drawCentredString(w / 2, cy - side * 0.38, icon.char)


def draw_face(
    c, face: Face, panel: Panel, token_shape: str | None, lang: str, piece: Piece | None, icon: object = None
) -> None:
    """One face in its panel (the canvas at the panel's bottom-left, in points): its colour and finish, the
    piece's `icon` (or a pawn's figure), the title and the text in `lang`. TextDoesNotFit when the text does not
    fit at MIN_PT."""
    w, h = panel.box.w * MM, panel.box.h * MM
    color = face.color or "#dddddd"
    ink = ink_on(color)
    c.saveState()
    if panel.upside_down:
        c.translate(w, h)
        c.rotate(180)
    c.setFillColor(rgb(color))
    c.rect(0, 0, w, h, stroke=0, fill=1)
    finish(c, w, h, color, ink, token_shape)
    tone = tint(color, 0.3) if ink == INK else tint(color, 0.18)  # the icon's or figure's, lighter than the face
    if icon is not None:
        _icon(c, icon, w, h, tone if token_shape is None else _icon_shade(color, ink), token_shape)
    elif token_shape is None and piece is not None and piece.figure:
        figure(c, w, h, tone)
    title, text = face_texts(face, lang)
    inner = 0.72 if token_shape in ("circle", "hexagon") else 0.86
    text_h = h * 0.3 if text else 0.0
    if title:
        size = title_size(title, w * inner, (h - text_h) * (0.6 if token_shape is None else 1.0))
        c.setFont("Body-Bold", size)
        c.setFillColor(rgb(ink))
        if token_shape is None:  # under the figure
            y = text_h + h * 0.05
        else:  # in the middle of what the text leaves
            y = text_h + (h - text_h - size * 0.72) / 2
        c.drawCentredString(w / 2, y, title)
    if text:
        fitted = fit_lines(text, w * inner, text_h)
        if fitted is None:
            raise TextDoesNotFit(f"the text {short(text)!r} does not fit on the piece at {MIN_PT:g} pt")
        lines, size = fitted
        c.setFont("Body", size)
        c.setFillColor(rgb(ink))
        y = text_h - size
        for line in lines:
            c.drawCentredString(w / 2, y, line)
            y -= size * 1.15
    c.restoreState()
