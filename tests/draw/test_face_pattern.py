"""The pattern element drawn: inside its box and clipped to its shape, the same bytes every time, visible
in a rendered PNG; a pattern too fine to print is a FaceError, not a huge PDF."""

from __future__ import annotations

import io
import subprocess

import pikepdf
import pytest
from PIL import Image
from pydantic import TypeAdapter

from rulepress.draw.elements import Context, FaceError, draw_elements
from rulepress.draw.face import Art
from rulepress.layout.elements import Element
from rulepress.layout.paper import MM
from rulepress.layout.spec import Layout

W, H, BLEED = 40.0, 30.0, 3.0


def _pdf(elements: list[dict]) -> bytes:
    """A one-page PDF of a 40 x 30 mm face with 3 mm bleed; the page is the bleed box."""
    from reportlab.pdfgen import canvas as rl_canvas

    parsed = TypeAdapter(list[Element]).validate_python(elements)
    buffer = io.BytesIO()
    c = rl_canvas.Canvas(buffer, pagesize=((W + 2 * BLEED) * MM, (H + 2 * BLEED) * MM), invariant=1)
    c.translate(BLEED * MM, BLEED * MM)
    art = Art(front=parsed, back_face=None, back=[], layout=Layout())
    draw_elements(parsed, Context(c=c, w=W, h=H, bleed=BLEED, data={"color": "#204080"}, icons=art.icons))
    c.showPage()
    c.save()
    return buffer.getvalue()


def _png(pdf: bytes, tmp_path, dpi: int = 254) -> Image.Image:
    """The page at 10 pixels per mm."""
    (tmp_path / "p.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", tmp_path / "p.pdf", tmp_path / "p"], check=True)
    return Image.open(tmp_path / "p.png").convert("RGB")


def _operators(pdf: bytes) -> list[tuple[list, str]]:
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return [(list(ops), str(op)) for ops, op in pikepdf.parse_content_stream(doc.pages[0])]


BOX = {"x": 5, "y": 4, "w": 20, "h": 12}


def test_the_texture_is_clipped_to_its_box_in_the_pdf():
    ops = _operators(_pdf([{"kind": "pattern", "pattern": "lattice", "spacing": 2, "color": "{color}", **BOX}]))
    names = [op for _args, op in ops]
    at = next(i for i, op in enumerate(names) if op in ("W", "W*"))  # the clip comes before any line is stroked
    assert names[at - 1] == "re" and names[at + 1] == "n" and "S" in names[at:]
    x, y, w, h = (float(v) / MM for v in ops[at - 1][0])
    # in mm from the trim's bottom-left (the canvas is moved there): the box from the trim's top-left
    assert (x, y, w, h) == pytest.approx((5, H - 4 - 12, 20, 12), abs=1e-3)
    lines = [args for args, op in ops if op in ("m", "l")]
    assert len(lines) > 20
    for px, py in ((float(a) / MM, float(b) / MM) for a, b in lines):  # the straight lines are cut to the box
        assert 5 - 1e-3 <= px <= 25 + 1e-3 and H - 16 - 1e-3 <= py <= H - 4 + 1e-3
    colour = next(args for args, op in ops if op == "RG")
    assert [round(float(v), 3) for v in colour] == [round(0x20 / 255, 3), round(0x40 / 255, 3), round(0x80 / 255, 3)]


def test_the_same_pattern_gives_the_same_bytes():
    element = [{"kind": "pattern", "pattern": "dots", "spacing": 1.5, "from": "bleed"}]
    assert _pdf(element) == _pdf(element)
    assert _pdf(element) != _pdf([{**element[0], "spacing": 1.6}])


def test_pixels_inside_the_box_only_and_a_circle_leaves_the_corners(tmp_path):
    image = _png(_pdf([{"kind": "pattern", "pattern": "hatch", "spacing": 1, "stroke_width": 0.3, **BOX}]), tmp_path)
    px = 10  # pixels per mm; the page starts at the bleed edge

    def dark(x0, y0, x1, y1):
        """Dark pixels in the rectangle, in mm from the trim's top-left."""
        crop = image.crop(
            (round((x0 + BLEED) * px), round((y0 + BLEED) * px), round((x1 + BLEED) * px), round((y1 + BLEED) * px))
        )
        return sum(crop.convert("L").histogram()[:100])

    inside = dark(5.5, 4.5, 24.5, 15.5)
    assert inside > 0.15 * 190 * 110  # lines 0.3 mm wide every 1 mm: about a third of the pixels
    assert dark(-BLEED, -BLEED, W + BLEED, 3.8) == 0 and dark(-BLEED, 16.2, W + BLEED, H + BLEED) == 0
    assert dark(-BLEED, -BLEED, 4.8, H + BLEED) == 0 and dark(25.2, -BLEED, W + BLEED, H + BLEED) == 0
    circle = _png(
        _pdf([{"kind": "pattern", "pattern": "hatch", "spacing": 1, "stroke_width": 0.3, "shape": "circle", **BOX}]),
        tmp_path,
    )
    image = circle
    assert dark(5, 4, 7, 6) == 0 and dark(23, 14, 25, 16) == 0  # the corners outside the ellipse stay blank
    assert dark(13, 8, 17, 12) > 0.15 * 1600


def test_dots_print_as_round_dots(tmp_path):
    image = _png(_pdf([{"kind": "pattern", "pattern": "dots", "spacing": 3, "size": 1.2, **BOX}]), tmp_path)
    grey = image.convert("L")
    dark = sum(grey.histogram()[:128]) / 100  # mm2
    expected = 3.14159 * 0.6**2 * (20 * 12) / (3 * 3 * 0.866)  # dot area x dots per area
    assert dark == pytest.approx(expected, rel=0.3)


def test_a_pattern_too_fine_to_print_is_an_error():
    with pytest.raises(FaceError, match="raise its spacing"):
        _pdf([{"kind": "pattern", "pattern": "dots", "spacing": 0.3, "x": 0, "y": 0, "w": 200, "h": 200}])
