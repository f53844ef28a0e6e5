"""Print-and-cut: the cut files' outlines lie on the sheet's trim lines (to 0.1 mm), marks where the machine wants them."""

import math
import re
from pathlib import Path

import pikepdf
import pytest
import yaml
from PIL import Image
from svg.path import parse_path

from rulepress.layout.printcut import MarkSpec, sheet
from rulepress.model import load_game
from rulepress.options import CardOptions, ExportOptions, PrintCutOptions
from rulepress.render import exports, printcut
from rulepress.scaffold import new_game

FIXTURE = Path(__file__).parent.parent / "data" / "cards" / "components.yaml"
PT = 72 / 25.4


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("printcut")
    folder = new_game("cuttest", tmp / "content")
    game = yaml.safe_load((folder / "game.yaml").read_text())
    game["components"] = [c for c in game["components"] if c["kind"] == "board"] + yaml.safe_load(FIXTURE.read_text())
    (folder / "game.yaml").write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False))
    out = tmp / "out"
    content = load_game(folder)
    cards = CardOptions(papers=("a4",))
    planned = exports.plan(content, ExportOptions(cards)) + printcut.plan(
        content, PrintCutOptions(("silhouette", "cricut", "scanncut"), cards)
    )
    for artifact in planned:  # the English print-shop PDFs and cut folders, as a build writes them
        if artifact.lang == "en" and artifact.kind in ("print", "printcut"):
            target = out / artifact.path
            target.parent.mkdir(parents=True, exist_ok=True)
            artifact.write(target)
    return out / "cuttest"


def svg_paths(path: Path) -> list:
    return [parse_path(d) for d in re.findall(r'class="cut"[^>]* d="([^"]+)"', path.read_text())]


def placed_trims(sheet_pdf: Path, print_pdf: Path) -> list[list[tuple[float, float, float, float]]]:
    """Per sheet, the trim box (mm, top-left origin) of every placed face: where its form is drawn (cm ... Do)
    plus the print-shop page's TrimBox inside it."""
    with pikepdf.open(print_pdf) as shop:
        trim = [float(v) for v in shop.pages[0].trimbox]
        media = [float(v) for v in shop.pages[0].mediabox]
    result = []
    with pikepdf.open(sheet_pdf) as pdf:
        for page in pdf.pages:
            height = float(page.mediabox[3])
            boxes, matrix = [], None
            for operands, operator in pikepdf.parse_content_stream(page):
                if str(operator) == "cm":
                    matrix = [float(v) for v in operands]
                elif str(operator) == "Do":
                    e, f = matrix[4], matrix[5]
                    x0, y0, x1, y1 = (
                        e + trim[0] - media[0],
                        f + trim[1] - media[1],
                        e + trim[2] - media[0],
                        f + trim[3] - media[1],
                    )
                    boxes.append((x0 / PT, (height - y1) / PT, (x1 - x0) / PT, (y1 - y0) / PT))
            result.append(boxes)
    return result


def distance_to_outline(point: complex, box, shape: str, radius: float) -> float:
    """Distance (mm) of a point from a trim outline: a rectangle with rounded corners, or a circle."""
    x, y, w, h = box
    px, py = point.real, point.imag
    if shape == "circle":
        return abs(math.hypot(px - (x + w / 2), py - (y + h / 2)) - min(w, h) / 2)
    r = radius
    cx = min(max(px, x + r), x + w - r)
    cy = min(max(py, y + r), y + h - r)
    if (cx, cy) != (px, py) and r > 0 and not (x + r <= px <= x + w - r or y + r <= py <= y + h - r):
        return abs(math.hypot(px - cx, py - cy) - r)  # in a corner zone
    return min(abs(px - x), abs(px - x - w), abs(py - y), abs(py - y - h))


@pytest.mark.parametrize(
    "component, shape, radius", [("deck", "rect", 3.0), ("chips", "circle", 0.0), ("money", "rect", 1.5)]
)
@pytest.mark.parametrize("machine", ["silhouette", "scanncut"])
def test_cut_outlines_equal_the_sheets_trim_lines(built, component, shape, radius, machine):
    folder = built / f"{component}.en.cut-{machine}.a4"
    trims = placed_trims(folder / "sheets.pdf", built / f"{component}.en.print.pdf")
    assert sum(map(len, trims)) >= 2
    for n, boxes in enumerate(trims, start=1):
        paths = svg_paths(folder / f"cut-{n}.svg")
        assert len(paths) == len(boxes)
        for path, box in zip(paths, boxes):
            points = [path.point(i / 720) for i in range(721)]
            worst = max(distance_to_outline(p, box, shape, radius) for p in points)
            assert worst <= 0.1, (component, n, box, worst)
            xs, ys = [p.real for p in points], [p.imag for p in points]  # the cut goes all the way round
            assert min(xs) == pytest.approx(box[0], abs=0.1) and max(xs) == pytest.approx(box[0] + box[2], abs=0.1)
            assert min(ys) == pytest.approx(box[1], abs=0.1) and max(ys) == pytest.approx(box[1] + box[3], abs=0.1)


def test_dxf_holds_the_same_outlines(built):
    import ezdxf

    folder = built / "deck.en.cut-silhouette.a4"
    doc = ezdxf.readfile(folder / "cut-1.dxf")
    polylines = list(doc.modelspace().query("POLYLINE"))
    paths = svg_paths(folder / "cut-1.svg")
    assert len(polylines) == len(paths)
    with pikepdf.open(folder / "sheets.pdf") as pdf:
        height = float(pdf.pages[0].mediabox[3]) / PT
    for poly, path in zip(polylines, paths):
        xs = [v.dxf.location.x for v in poly.vertices]
        ys = [height - v.dxf.location.y for v in poly.vertices]
        svg_x = [path.point(i / 360).real for i in range(361)]
        svg_y = [path.point(i / 360).imag for i in range(361)]
        assert min(xs) == pytest.approx(min(svg_x), abs=0.1) and max(xs) == pytest.approx(max(svg_x), abs=0.1)
        assert min(ys) == pytest.approx(min(svg_y), abs=0.1) and max(ys) == pytest.approx(max(svg_y), abs=0.1)
        assert poly.is_closed and any(v.dxf.bulge for v in poly.vertices)  # corners are arcs
    assert len(list(doc.modelspace().query("CIRCLE"))) == 0
    assert (
        len(list(ezdxf.readfile(built / "chips.en.cut-silhouette.a4" / "cut-1.dxf").modelspace().query("CIRCLE"))) >= 2
    )


def test_silhouette_marks_are_black_at_studios_positions(built):
    """Rasterised: the filled square top left and the L marks' corners are black, the paper around them white."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(built / "deck.en.cut-silhouette.a4" / "sheets.pdf"))
    image = doc[0].render(scale=100 / 72).to_pil().convert("L")
    doc.close()
    s = image.width / 210 if image.width < image.height else image.width / 297
    w, h = image.width / s, image.height / s
    spec = MarkSpec()
    marks = sheet("silhouette", (w, h), spec).marks

    def at(x, y):
        return image.getpixel((int(x * s), int(y * s)))

    assert at(spec.inset + 2.5, spec.inset + 2.5) < 40  # the square
    assert at(w - spec.inset - 10, spec.inset + 0.25) < 100  # top-right L, arm along the top
    assert at(spec.inset + 0.25, h - spec.inset - 10) < 100  # bottom-left L
    assert at(spec.inset - 2, spec.inset - 2) > 240 and at(spec.inset + 8, spec.inset + 8) > 240
    assert len(marks) == 5


def test_cricut_image_fits_print_then_cut_and_is_transparent_outside_the_trim(built):
    folder = built / "chips.en.cut-cricut"
    with Image.open(folder / "print-1.png") as im:
        assert im.width <= 6.75 * 300 and im.height <= 9.25 * 300  # Design Space's limit in pixels, not one over
        paths = svg_paths(folder / "cut-1.svg")
        alpha = im.getchannel("A")
        for path in paths:
            xs = [path.point(i / 360).real for i in range(361)]
            ys = [path.point(i / 360).imag for i in range(361)]
            cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
            px = lambda mm: int(mm / 25.4 * 300)  # noqa: E731
            assert alpha.getpixel((px(cx), px(cy))) == 255  # inside the piece: printed
            assert alpha.getpixel((px(min(xs) + 0.5), px(min(ys) + 0.5))) == 0  # a circle's corner: cut away
            assert alpha.getpixel((px(cx), px(max(ys) - 0.3))) == 255


def test_cricut_image_of_a_partial_sheet_has_no_blank_pieces(built):
    """The 4 chips fill a few places of the sheet: the image is opaque only inside those 4 outlines (an opaque
    empty place would be a blank piece Design Space cuts)."""
    folder = built / "chips.en.cut-cricut"
    paths = svg_paths(folder / "cut-1.svg")
    assert len(paths) == 4
    radius = [
        (max(p.point(i / 360).real for i in range(361)) - min(p.point(i / 360).real for i in range(361))) / 2
        for p in paths
    ]
    expected = sum(math.pi * (r / 25.4 * 300) ** 2 for r in radius)
    with Image.open(folder / "print-1.png") as im:
        opaque = sum(1 for value in im.getchannel("A").getdata() if value > 127)
    assert opaque == pytest.approx(expected, rel=0.02)


@pytest.mark.parametrize("machine", ["silhouette", "scanncut"])
def test_print_and_cut_sheets_print_the_bleed(built, machine):
    """Around every piece the sheet prints the card's bleed, as the print-shop page has it (a cut a little off
    shows the card's colour, not white paper): the ring 1.5 mm outside the trim matches the print file's."""
    import pypdfium2 as pdfium

    def render(path, page, dpi=100):
        doc = pdfium.PdfDocument(str(path))
        try:
            return doc[page].render(scale=dpi / 72).to_pil().convert("RGB")
        finally:
            doc.close()

    folder = built / f"tiles.en.cut-{machine}.a4"  # tiles: a light blue face to the bleed
    shop = built / "tiles.en.print.pdf"
    with pikepdf.open(shop) as pdf:
        trim = [float(v) / PT for v in pdf.pages[0].trimbox]
        media_h = float(pdf.pages[0].mediabox[3]) / PT
    face, sheet_image = render(shop, 0), render(folder / "sheets.pdf", 0)
    px = lambda mm: round(mm / 25.4 * 100)  # noqa: E731
    box = placed_trims(folder / "sheets.pdf", shop)[0][0]
    face_box = (trim[0], media_h - trim[3], box[2], box[3])  # the trim on the print page, top-left origin
    outside = lambda b: [  # noqa: E731
        (b[0] - 1.5, b[1] + b[3] / 2),
        (b[0] + b[2] / 2, b[1] - 1.5),
        (b[0] + b[2] + 1.5, b[1] + b[3] / 2),
        (b[0] + b[2] / 2, b[1] + b[3] + 1.5),
    ]
    compared = 0
    for (fx, fy), (sx, sy) in zip(outside(face_box), outside(box)):  # left, top, right and bottom of the trim
        expected, got = face.getpixel((px(fx), px(fy))), sheet_image.getpixel((px(sx), px(sy)))
        assert expected != (255, 255, 255), "the print file's bleed is coloured"
        assert max(abs(a - b) for a, b in zip(expected, got)) <= 12, (machine, expected, got)
        compared += 1
    assert compared == 4


@pytest.fixture(scope="module")
def army_cut(tmp_path_factory):
    """The Risk army tokens' Silhouette folder (English, A4), as a build with `--cut silhouette` writes it."""
    from rulepress import paths

    content = load_game(paths.BUNDLED_CONTENT / "risk")
    out = tmp_path_factory.mktemp("army-cut")
    planned = printcut.plan(content, PrintCutOptions(("silhouette",), CardOptions(papers=("a4",))))
    (artifact,) = [a for a in planned if a.path == "risk/armies.en.cut-silhouette.a4"]
    artifact.write(out / "armies")
    return content, out / "armies"


def test_round_pieces_get_cut_files_too(army_cut):
    """Every one of the 276 army tokens has its cut circle, the size of the printed disc, centred on it."""
    import pypdfium2 as pdfium

    content, folder = army_cut
    piece = next(c for c in content.game.components if c.id == "armies").piece
    circles = []
    for svg in sorted(folder.glob("cut-*.svg")):
        circles += [(svg, p) for p in svg_paths(svg)]
    assert len(circles) == 276
    doc = pdfium.PdfDocument(str(folder / "sheets.pdf"))
    try:
        image = doc[0].render(scale=100 / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    for svg, path in circles:
        xs = [path.point(i / 360).real for i in range(361)]
        ys = [path.point(i / 360).imag for i in range(361)]
        assert max(xs) - min(xs) == pytest.approx(piece.size.width, abs=0.05)
        if svg.name == "cut-1.svg":  # printed under the cut: the disc's colour, also 0.7 mm outside the cut
            cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
            for x, y in ((cx, cy - piece.size.height / 2 + 1.5), (max(xs) + 0.7, cy)):
                assert min(image.getpixel((round(x / 25.4 * 100), round(y / 25.4 * 100)))) < 200, (x, y)


def test_silhouette_sheets_use_the_whole_frame_of_the_marks():
    """Poker cards with 1 mm bleed: 8 on a landscape A4 Silhouette sheet (4 x 2; a frame as wide as the square
    mark held 4), every bleed box at least 3 mm from each mark and inside the marks' frame (10.5 mm + 3 mm)."""
    from rulepress.layout.printcut import place

    sheet_ = sheet("silhouette", (297.0, 210.0))
    plan = place(sheet_, (63.5, 88.9), 1.0, "rect", 3.0)
    assert plan.per_sheet == 8
    for x, y in plan.origins:
        w, h = 65.5, 90.9
        assert x >= 13.5 - 1e-9 and y >= 13.5 - 1e-9 and x + w <= 297 - 13.5 + 1e-9 and y + h <= 210 - 13.5 + 1e-9
        for m in sheet_.marks:
            apart = max(m.x - (x + w), x - (m.x + m.w), m.y - (y + h), y - (m.y + m.h))
            assert apart >= 3.0 - 1e-9, (x, y, m)
