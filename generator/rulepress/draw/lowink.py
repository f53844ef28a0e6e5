"""Low-ink playtest prints (`--ink low`): a finished sheet PDF rewritten to use little ink (pikepdf).

What is drawn large is background: a filled path or a picture covering at least `LARGE` of one piece (a card
with its bleed: the caller gives its area) is lightened to `STRENGTH` of its colour (a full-bleed picture
becomes a faint ghost, a dark background a pale tint), and so is a texture: one stroked path of `TEXTURE_LINES`
lines or more spread over such a share of a piece (the rays of a chip, a hatching). Everything else is kept as
drawn: frames and lines (strokes), small fills such as icons and pips, and text, whose colour is made dark when it
was light (white on a dark background would vanish once the background is pale). Pictures keep their soft
masks. Works on any PDF Rulepress writes, so it follows whatever the card faces draw.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulepress.draw.pdfstreams import put_content

LARGE = 0.2  # share of a piece's area from which a fill or picture counts as background
STRENGTH = 0.15  # how much of a background's colour is kept (0: dropped, 1: unchanged)
DARK_TEXT = (0.2, 0.2, 0.2)  # light text (on a dark background) is set in this instead

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF's row-vector convention: a `cm` m inside current n gives m x n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def lighten(values: list[float], strength: float = STRENGTH) -> list[float]:
    """A colour's components (gray, RGB: 1 = white; CMYK: 0 = no ink) moved towards paper white."""
    if len(values) == 4:
        return [round(v * strength, 4) for v in values]
    return [round(1 - (1 - v) * strength, 4) for v in values]


def _luminance(values: list[float]) -> float:
    if len(values) == 1:
        return values[0]
    if len(values) == 3:
        r, g, b = values
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    c, m, y, k = values
    return (1 - min(1, c + k)) * 0.3 + (1 - min(1, m + k)) * 0.59 + (1 - min(1, y + k)) * 0.11


PAINT_FILL = {"f", "F", "f*", "B", "B*", "b", "b*"}
PAINT_ANY = PAINT_FILL | {"S", "s", "n"}
PATH = {"m", "l", "c", "v", "y", "re", "h"}
FILL_COLOUR = {"g": 1, "rg": 3, "k": 4}
STROKE_COLOUR = {"G": 1, "RG": 3, "K": 4}
PAINT_STROKE = {"S", "s"}  # stroked only (a filled and stroked path is a shape, handled as a fill)
TEXTURE_LINES = 8  # a stroked path of this many lines or more over a piece is a texture (rays, hatching), no frame
TEXT_SHOW = {"Tj", "TJ", "'", '"'}


def _rewrite(pdf, stream_holder, area: float, large_images: set, done: set, start: Matrix = IDENTITY) -> None:
    """Rewrite one content stream: large fills lightened, light text darkened; note images drawn large. A form
    is rewritten where it is first drawn, at the size it is drawn there (`start`: the CTM at that place)."""
    import pikepdf

    resources = (
        stream_holder.get("/Resources") if not isinstance(stream_holder, pikepdf.Page) else stream_holder.Resources
    )
    rewriter = _Rewriter(
        pdf=pdf,
        area=area,
        large_images=large_images,
        done=done,
        start=start,
        ctm=start,
        xobjects=resources.get("/XObject") if resources is not None else None,
    )
    for instruction in pikepdf.parse_content_stream(stream_holder):
        rewriter.take(instruction.operands, instruction.operator)
    if rewriter.changed:
        put_content(pdf, stream_holder, rewriter.out)


@dataclass(kw_only=True)
class _Rewriter:
    """Where the rewrite of one content stream stands: the graphics state it follows (CTM and its stack, fill
    and stroke colours, the text's origin), the path being built, the filled boxes so far, and the
    instructions written (`out`)."""

    pdf: Any
    area: float  # one piece's area in points²
    large_images: set
    done: set  # the forms rewritten already
    start: Matrix
    ctm: Matrix
    xobjects: Any
    out: list = field(default_factory=list)
    stack: list = field(default_factory=list)
    fill: list[float] | None = None
    stroke: list[float] | None = None
    subpaths: int = 0
    path_start: int | None = None
    points: list[tuple[float, float]] = field(default_factory=list)
    changed: bool = False
    painted: list[tuple[float, float, float, float, bool]] = field(default_factory=list)  # filled boxes, lightened?
    text_at: tuple[float, float] = (0.0, 0.0)  # the text matrix's origin (Tm, moved by Td/TD)

    def take(self, operands, operator) -> None:
        """One instruction: followed, and written as it is or rewritten."""
        op = str(operator)
        nums = (
            [float(v) for v in operands] if op in ("cm", "Tm", "Td", "TD", *PATH, *FILL_COLOUR, *STROKE_COLOUR) else []
        )
        self._follow(op, nums)
        if op in TEXT_SHOW and self._light_text(operands, operator):
            return
        if op in PATH:
            self._extend_path(op, nums)
        if op in PAINT_STROKE and self._lighten_texture(operands, operator):
            return
        if op in PAINT_ANY and self._paint(op, operands, operator):
            return
        if op == "Do" and self.xobjects is not None:
            self._drawn(operands[0])
        self.out.append((operands, operator))

    def _follow(self, op: str, nums: list[float]) -> None:
        """The graphics state after the instruction: text origin, CTM and its stack, colours."""
        if op == "Tm":
            self.text_at = (nums[4], nums[5])
        elif op in ("Td", "TD"):
            self.text_at = (self.text_at[0] + nums[0], self.text_at[1] + nums[1])
        if op == "q":
            self.stack.append(self.ctm)
        elif op == "Q":
            self.ctm = self.stack.pop() if self.stack else self.start
        elif op == "cm":
            self.ctm = _multiply(tuple(nums), self.ctm)  # type: ignore[arg-type]
        if op in FILL_COLOUR:
            self.fill = nums
        elif op in STROKE_COLOUR:
            self.stroke = nums

    def _light_text(self, operands, operator) -> bool:
        """Light text on a background that becomes pale: shown dark, the fill colour restored after."""
        import pikepdf

        fill = self.fill
        if fill is None or _luminance(fill) <= 0.7 or _on_kept_fill(self.painted, self.ctm, self.text_at):
            return False
        self.out.append(([*DARK_TEXT], pikepdf.Operator("rg")))
        self.out.append((operands, operator))
        self.out.append(([*fill], pikepdf.Operator({1: "g", 3: "rg", 4: "k"}[len(fill)])))
        self.changed = True
        return True

    def _extend_path(self, op: str, nums: list[float]) -> None:
        """A path instruction: its points (in page space) added to the path being built."""
        if self.path_start is None:
            self.path_start, self.points, self.subpaths = len(self.out), [], 0
        self.subpaths += op in ("m", "re")
        ctm = self.ctm
        if op == "re":
            x, y, w, h = nums
            self.points += [_apply(ctm, x, y), _apply(ctm, x + w, y + h), _apply(ctm, x + w, y), _apply(ctm, x, y + h)]
        else:
            self.points += [_apply(ctm, nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]

    def _wrapped(self, colour: list[float], operator_name: str, operands, operator) -> None:
        """The path being built painted in `colour`, inside q ... Q so the colour in effect stays."""
        import pikepdf

        assert self.path_start is not None
        self.out.insert(self.path_start, ([], pikepdf.Operator("q")))
        self.out.insert(self.path_start + 1, (colour, pikepdf.Operator(operator_name)))
        self.out += [(operands, operator), ([], pikepdf.Operator("Q"))]
        self.path_start, self.points, self.changed = None, [], True

    def _lighten_texture(self, operands, operator) -> bool:
        """A stroked texture over a piece: its lines lightened as a background is."""
        stroke = self.stroke
        if stroke is None or self.path_start is None or not _texture(self.points, self.subpaths, self.area):
            return False
        self._wrapped(lighten(stroke), {1: "G", 3: "RG", 4: "K"}[len(stroke)], operands, operator)
        return True

    def _paint(self, op: str, operands, operator) -> bool:
        """A painted path: a large fill lightened (True: written); the path ends either way."""
        fill = self.fill
        if op in PAINT_FILL and fill is not None and self.path_start is not None and self.points:
            xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
            large = (max(xs) - min(xs)) * (max(ys) - min(ys)) >= LARGE * self.area
            self.painted.append((min(xs), min(ys), max(xs), max(ys), large))
            if large:
                self._wrapped(lighten(fill), {1: "g", 3: "rg", 4: "k"}[len(fill)], operands, operator)
                return True
        self.path_start, self.points = None, []
        return False

    def _drawn(self, name) -> None:
        """An XObject drawn: an image drawn large is noted, a form rewritten where it is first drawn."""
        import pikepdf

        drawn = self.xobjects.get(str(name))
        if drawn is not None and drawn.get("/Subtype") == pikepdf.Name.Image:
            a, b, c, d, _, _ = self.ctm
            if abs(a * d - b * c) >= LARGE * self.area:
                self.large_images.add(drawn.objgen)
        elif drawn is not None and drawn.get("/Subtype") == pikepdf.Name.Form and drawn.objgen not in self.done:
            self.done.add(drawn.objgen)
            matrix = tuple(float(v) for v in drawn.get("/Matrix", [1, 0, 0, 1, 0, 0]))
            _rewrite(self.pdf, drawn, self.area, self.large_images, self.done, _multiply(matrix, self.ctm))  # type: ignore[arg-type]


def _texture(points: list[tuple[float, float]], subpaths: int, area: float) -> bool:
    """Whether a stroked path is a texture over a piece (many lines, spread over a large share of one piece,
    not over many pieces as crop marks are): its lines are lightened as a background is."""
    if subpaths < TEXTURE_LINES or not points:
        return False
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return LARGE * area <= (max(xs) - min(xs)) * (max(ys) - min(ys)) <= 2 * area


def _on_kept_fill(painted: list, ctm: Matrix, text_at: tuple[float, float]) -> bool:
    """Whether text starting at `text_at` (text space, under `ctm`) lies on the last fill drawn there and that
    fill was kept dark (light text on a small dark band stays light); False when nothing was drawn under it
    in this stream (the background is elsewhere: a form, the page)."""
    x, y = _apply(ctm, *text_at)
    for x0, y0, x1, y1, lightened in reversed(painted):
        if x0 <= x <= x1 and y0 <= y <= y1:
            return not lightened
    return False


def _lighten_image(image) -> None:
    """An image XObject blended towards white to `STRENGTH` (its soft mask kept)."""
    import zlib

    import pikepdf
    from PIL import Image

    pil = pikepdf.PdfImage(image).as_pil_image()
    mode = "CMYK" if pil.mode == "CMYK" else "RGB"
    pil = pil.convert(mode)
    paper = Image.new(mode, pil.size, (0, 0, 0, 0) if mode == "CMYK" else (255, 255, 255))
    light = Image.blend(paper, pil, STRENGTH)
    image.write(zlib.compress(light.tobytes(), 6), filter=pikepdf.Name.FlateDecode)
    image.ColorSpace = pikepdf.Name.DeviceCMYK if mode == "CMYK" else pikepdf.Name.DeviceRGB
    image.BitsPerComponent = 8
    for key in ("/DecodeParms", "/Decode"):
        if key in image:
            del image[key]


def convert(path: Path, piece_area: float) -> None:
    """Rewrite the PDF at `path` in place for low-ink printing (see the module's docstring); `piece_area` is
    the area (pt²) of one piece with its bleed."""
    import pikepdf

    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        seen: set = set()
        large_images: set = set()
        images: dict = {}

        def collect(holder) -> None:
            resources = holder.get("/Resources")
            for x in (resources.get("/XObject") or pikepdf.Dictionary()).values() if resources is not None else []:
                if x.objgen not in seen:
                    seen.add(x.objgen)
                    if x.get("/Subtype") == pikepdf.Name.Form:
                        collect(x)
                    else:
                        images[x.objgen] = x

        done: set = set()
        for page in pdf.pages:
            collect(page.obj)
            _rewrite(pdf, page, piece_area, large_images, done)
        for key in sorted(large_images):
            if key in images:
                _lighten_image(images[key])
        pdf.save(path, deterministic_id=True, compress_streams=True)


def then_lighten(write: Callable[[Path], dict], piece: tuple[float, float]) -> Callable[[Path], dict]:
    """An artifact's `write` that makes the PDF it wrote a low-ink one (the hook the card sheets use); `piece`
    is the size (w, h; pt) of one piece with its bleed."""

    def write_low_ink(target: Path) -> dict:
        result = write(target)
        convert(target, piece[0] * piece[1])
        return result

    return write_low_ink


__all__ = ["convert", "lighten", "then_lighten"]
