"""Print-and-cut files for cutting machines (Silhouette, Cricut, Brother ScanNCut), from finished card faces.

Per printed component, language, machine and paper, a folder ``<game>/<component>.<lang>.cut-<machine>.<paper>/``
(kind 'printcut'; Cricut's has no paper, its area is fixed):

- ``sheets.pdf`` (Silhouette, ScanNCut): the fronts imposed on the paper with the machine's registration marks
  (`rulepress.layout.printcut`); every page is one sheet;
- ``cut-<n>.svg`` and ``cut-<n>.dxf``: the cut line of every piece of sheet n (its trim: rounded corners,
  circles) at the same place, in mm, on a drawing the size of the paper (ScanNCut: of the scanning mat, the
  paper at its top left);
- ``print-<n>.png`` (Cricut): the pieces at 300 dpi, transparent outside their trim, to upload to Design Space
  as a print-then-cut image (Design Space adds the bleed and its own registration frame), with ``cut-<n>.svg``.

The faces are the print-shop file's pages (`rulepress.render.exports.write_print_pdf`: one copy's front per
odd page, with bleed), placed unchanged as form XObjects with pikepdf, so a cut sheet cannot differ from the
printed card. Only fronts: a cutter registers one side.
"""

from __future__ import annotations

import math
import tempfile
from pathlib import Path

from rulepress.draw.cardjobs import Job, job_inputs, jobs
from rulepress.layout.paper import MM, PAPERS
from rulepress.layout.printcut import MACHINES, SCANNCUT_MAT, Outline, Placement, PrintCutError, place, sheet
from rulepress.options import PrintCutOptions
from rulepress.render import Artifact

DPI = 300
CUT_COLOR = "#ff0000"


def folder(job: Job, machine: str) -> str:
    paper = "" if machine == "cricut" else f".{job.paper}"
    return f"{job.game}/{job.comp.id}.{job.lang}.cut-{machine}{paper}"


def piece_shape(job: Job) -> tuple[str, float]:
    """The cut outline's shape and corner radius (mm) of a component's pieces, from its layout."""
    return ("circle", 0.0) if job.layout.shape == "circle" else ("rect", job.layout.corner_radius)


def placement(job: Job, machine: str) -> Placement:
    """The grid of the job's pieces on its paper for `machine`: the orientation that holds more (portrait on a tie)."""
    shape, radius = piece_shape(job)
    try:
        return best_placement(job.paper, machine, job.size, job.settings.bleed, shape, radius)
    except PrintCutError as exc:
        raise job.error(("size",), f"game {job.game}, {job.comp.kind} {job.comp.id}: {exc}") from None


def best_placement(
    paper_name: str, machine: str, size: tuple[float, float], bleed: float, shape: str, radius: float
) -> Placement:
    """The placement on `paper_name` that holds more pieces, portrait or landscape (portrait on a tie);
    PrintCutError when neither holds one."""
    base = PAPERS[paper_name]
    best: Placement | None = None
    error: PrintCutError | None = None
    for orientation in ("portrait", "landscape"):
        paper = base.oriented(orientation)
        try:
            found = place(sheet(machine, (paper.width, paper.height)), size, bleed, shape, radius)
        except PrintCutError as exc:
            error = exc
            continue
        if best is None or found.per_sheet > best.per_sheet:
            best = found
    if best is None:
        assert error is not None
        raise error
    return best


def cut_svg(outlines: list[Outline], size: tuple[float, float], paper: tuple[float, float] | None = None) -> str:
    """An SVG drawing of `size` mm (1 user unit = 1 mm) with one red hairline path per outline (class "cut");
    `paper` draws the paper's edge as a grey guide that is not cut (class "guide")."""
    w, h = size
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.3f}mm" height="{h:.3f}mm" viewBox="0 0 {w:.3f} {h:.3f}">',
    ]
    if paper is not None:
        lines.append(
            f'<rect class="guide" x="0" y="0" width="{paper[0]:.3f}" height="{paper[1]:.3f}" fill="none" stroke="#999999" stroke-width="0.2"/>'
        )
    for n, outline in enumerate(outlines, start=1):
        lines.append(
            f'<path class="cut" id="piece-{n}" d="{outline.path()}" fill="none" stroke="{CUT_COLOR}" stroke-width="0.1"/>'
        )
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def cut_dxf(outlines: list[Outline], height: float, target: Path) -> None:
    """The outlines as a DXF R12 drawing (the version every cutter program reads) in mm (y up, the sheet's
    bottom-left at 0,0) on a layer CUT: circles as CIRCLE, rounded rectangles as closed POLYLINEs whose
    corners are arcs (bulges). Written with ezdxf's fixed dates and GUIDs (its public option for reproducible
    files) instead of the time of writing: the same input gives the same bytes."""
    import io

    import ezdxf

    before = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True
    try:
        doc = ezdxf.new("R12", setup=False)
        doc.header["$MEASUREMENT"] = 1  # metric
        doc.layers.add("CUT", color=1)
        msp = doc.modelspace()
        for o in outlines:
            if o.shape == "circle":
                msp.add_circle((o.x + o.w / 2, height - o.y - o.h / 2), min(o.w, o.h) / 2, dxfattribs={"layer": "CUT"})
            else:
                msp.add_polyline2d(_bulge_points(o, height), format="xyb", close=True, dxfattribs={"layer": "CUT"})
        stream = io.StringIO()
        doc.write(stream)
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = before
    target.write_text(stream.getvalue(), encoding="utf-8")


def _bulge_points(o: Outline, height: float) -> list[tuple[float, float, float]]:
    """A rectangle's outline with y up as (x, y, bulge) points, counter-clockwise; each straight edge ends where
    a corner's quarter-circle arc (bulge tan 22.5 degrees) starts."""
    r = min(o.radius, o.w / 2, o.h / 2)
    x0, x1, y0, y1 = o.x, o.x + o.w, height - o.y - o.h, height - o.y
    if r <= 0:
        return [(x0, y0, 0.0), (x1, y0, 0.0), (x1, y1, 0.0), (x0, y1, 0.0)]
    bulge = math.tan(math.radians(90) / 4)
    return [
        (x0 + r, y0, 0.0),
        (x1 - r, y0, bulge),
        (x1, y0 + r, 0.0),
        (x1, y1 - r, bulge),
        (x1 - r, y1, 0.0),
        (x0 + r, y1, bulge),
        (x0, y1 - r, 0.0),
        (x0, y0 + r, bulge),
    ]


def _fronts(job: Job, scratch: Path) -> Path:
    """The print-shop PDF of the job (one page per copy's front and back, with bleed) in `scratch`."""
    from rulepress.draw.shoppdf import write_print_pdf

    path = scratch / "faces.pdf"
    write_print_pdf(job, path)
    return path


def impose(faces_pdf: Path, plan: Placement, target: Path, marks: bool = True) -> list[int]:
    """`plan`'s sheets with every front of `faces_pdf` (its pages 1, 3, 5, ...) at the placement's origins and
    the machine's marks; returns the number of pieces on each sheet."""
    import pikepdf

    src = pikepdf.open(faces_pdf)
    fronts = [src.pages[i] for i in range(0, len(src.pages), 2)]
    out = pikepdf.new()
    sheet_ = plan.sheet
    height = sheet_.height
    for first in range(0, len(fronts), plan.per_sheet):
        page = out.add_blank_page(page_size=(sheet_.width * MM, height * MM))
        ops = []
        xobjects = pikepdf.Dictionary()
        for n, (face, origin) in enumerate(zip(fronts[first : first + plan.per_sheet], plan.origins)):
            form = out.copy_foreign(face.as_form_xobject())
            form.BBox = pikepdf.Array([float(v) for v in face.mediabox])  # qpdf clips to the TrimBox: keep the bleed
            name = pikepdf.Name(f"/F{n}")
            xobjects[name] = form
            x, y_top = origin
            box = face.mediabox
            y = height - y_top - (float(box[3]) - float(box[1])) / MM
            ops.append(f"q 1 0 0 1 {x * MM:.4f} {y * MM:.4f} cm {name} Do Q")
        if marks:
            ops.append("q 0 0 0 rg")  # registration marks: pure black (a grey or colour mark is not read)
            for m in sheet_.marks:
                ops.append(f"{m.x * MM:.4f} {(height - m.y - m.h) * MM:.4f} {m.w * MM:.4f} {m.h * MM:.4f} re f")
            ops.append("Q")
        page.Resources = pikepdf.Dictionary(XObject=xobjects)
        page.Contents = out.make_stream("\n".join(ops).encode())
    counts = [len(fronts[i : i + plan.per_sheet]) for i in range(0, len(fronts), plan.per_sheet)]
    for key, value in src.docinfo.items():  # title, author, subject of the print-shop file
        out.docinfo[key] = value
    out.save(target, deterministic_id=True, compress_streams=True)
    return counts


def _cricut_png(sheet_pdf: Path, plan: Placement, index: int, pieces: int, target: Path) -> None:
    """Sheet `index` as an RGBA PNG at DPI, transparent outside the trim outlines of the `pieces` it holds (an
    empty place of a partial sheet is transparent too, nothing to cut), never wider or taller than the sheet
    (Design Space refuses an image a pixel over its print-then-cut size)."""
    import pypdfium2 as pdfium
    from PIL import Image, ImageDraw

    doc = pdfium.PdfDocument(str(sheet_pdf))
    try:
        image = doc[index].render(scale=DPI / 72, rev_byteorder=True).to_pil().convert("RGBA")
    finally:
        doc.close()
    size = tuple(math.floor(v / 25.4 * DPI + 1e-6) for v in (plan.sheet.width, plan.sheet.height))
    image = image.crop((0, 0, *size))  # pdfium rounds the page up to a whole pixel
    scale = DPI / 25.4
    mask = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(mask)
    for outline in plan.outlines[:pieces]:
        draw.polygon([(x * scale, y * scale) for x, y in outline.points(0.1)], fill=255)
    image.putalpha(mask)
    image.save(target, format="PNG", dpi=(DPI, DPI), compress_level=6)


def write_printcut(job: Job, machine: str, target: Path) -> dict:
    """One machine's print-and-cut folder of one component and language."""
    return _write(placement(job, machine), machine, lambda scratch: _fronts(job, scratch), target)


def write_pieces_printcut(job, machine: str, target: Path) -> dict:
    """One machine's print-and-cut folder of a pieces component (its tokens' fronts) and language."""
    from rulepress.draw import piecejobs as pieces

    shape, radius = pieces_cut_shape(job)
    size = (job.shape.width, job.shape.height)
    try:
        plan = best_placement(job.paper, machine, size, pieces.BLEED, shape, radius)
    except PrintCutError as exc:
        raise job.error(("piece", "size"), str(exc)) from None
    return _write(plan, machine, lambda scratch: pieces.write_fronts(job, scratch / "faces.pdf"), target)


def pieces_cut_shape(job) -> tuple[str, float]:
    """The cut outline of a token (circle, or a rectangle with its corner radius); ValueError for a shape
    the cut files do not draw (hexagon: no outline kind for it yet)."""
    from rulepress.layout.pieces import ROUNDED

    piece = job.comp.piece
    if piece.shape == "circle" and piece.size.width == piece.size.height:
        return "circle", 0.0
    if piece.shape in ("square", "rounded"):
        return "rect", ROUNDED * min(piece.size.width, piece.size.height) if piece.shape == "rounded" else 0.0
    raise ValueError(f"no cut outline for a {piece.shape} token")


def _write(plan: Placement, machine: str, fronts, target: Path) -> dict:
    """The folder of `plan`'s sheets with the faces `fronts(scratch)` writes (a PDF, a front on every odd page)."""
    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        faces = fronts(Path(scratch))
        sheets_pdf = target / "sheets.pdf" if machine != "cricut" else Path(scratch) / "sheets.pdf"
        counts = impose(faces, plan, sheets_pdf, marks=machine != "cricut")
        for n, pieces in enumerate(counts):
            on_sheet = list(plan.outlines[:pieces])
            paper = (plan.sheet.width, plan.sheet.height)
            size = SCANNCUT_MAT if machine == "scanncut" else paper
            svg = cut_svg(on_sheet, size, paper if machine == "scanncut" else None)
            (target / f"cut-{n + 1}.svg").write_text(svg, encoding="utf-8")
            if machine == "cricut":
                _cricut_png(sheets_pdf, plan, n, pieces, target / f"print-{n + 1}.png")
            else:
                cut_dxf(on_sheet, size[1], target / f"cut-{n + 1}.dxf")
    return {"pages": len(counts)}


def plan(content, options: PrintCutOptions) -> list[Artifact]:
    """A print-and-cut folder per printed component, language, asked-for machine and paper (Cricut: one)."""
    if not options.machines:
        return []
    artifacts = _pieces_plan(content, options)
    for job in jobs(content, options.cards):
        for machine in options.machines:
            if machine == "cricut" and job.paper != options.cards.papers[0]:
                continue
            artifacts.append(
                Artifact(
                    game=job.game,
                    kind="printcut",
                    path=folder(job, machine),
                    inputs=dict(job_inputs(job), machine=machine, paper=None if machine == "cricut" else job.paper),
                    write=_bind(write_printcut, job, machine),
                    lang=job.lang,
                    paper=None if machine == "cricut" else job.paper,
                    directory=True,
                )
            )
    return artifacts


def _pieces_plan(content, options: PrintCutOptions) -> list[Artifact]:
    """The print-and-cut folders of the game's tokens whose outline a cut file draws (round, square, rounded)."""
    from rulepress.draw import piecejobs as pieces

    artifacts = []
    for job in pieces.jobs(content, options.cards):
        piece = job.comp.piece
        if piece is None or piece.form != "token":
            continue
        try:
            pieces_cut_shape(job)
        except ValueError:
            continue
        for machine in options.machines:
            if machine == "cricut" and job.paper != options.cards.papers[0]:
                continue
            paper = None if machine == "cricut" else job.paper
            artifacts.append(
                Artifact(
                    game=job.game,
                    kind="printcut",
                    path=f"{job.game}/{job.comp.id}.{job.lang}.cut-{machine}{'' if paper is None else '.' + paper}",
                    inputs={
                        "component": job.comp.model_dump(mode="json"),
                        "lang": job.lang,
                        "machine": machine,
                        "paper": paper,
                    },
                    write=_bind(write_pieces_printcut, job, machine),
                    lang=job.lang,
                    paper=paper,
                    directory=True,
                )
            )
    return artifacts


def _bind(function, *args):
    def write(tmp: Path):
        return function(*args, tmp)

    return write


__all__ = ["MACHINES", "cut_dxf", "cut_svg", "impose", "placement", "plan", "write_pieces_printcut", "write_printcut"]
