"""Card images: one PNG per card design at 300 dpi (with bleed and trimmed), and Tabletop Simulator deck sheets.

Folder artifacts per printed component and language:

- ``<game>/<component>.<lang>.images/`` (kind 'png'): ``bleed/<card>.png`` and
  ``trim/<card>.png`` per card design, plus ``bleed/back-<id>.png`` and
  ``trim/back-<id>.png`` per shared back (individual back faces:
  ``<card>.back.png``). `card_images` returns the trimmed fronts for galleries.
- ``<game>/<component>.<lang>.tts/`` (kind 'tts'): ``deck-<n>.jpg`` sheets of at
  most 10 x 7 cards and 4096 x 4096 px (RGB, every copy once), ``back.png``,
  and ``backs-<n>.jpg`` sheets when cards have individual back faces; ``deck.json`` says for each sheet
  its grid (columns, rows), how many cards it holds and its real resolution (the DPI tag of a sheet
  scaled down to fit 4096 px says its scaled resolution, to the whole dpi, not 300). The sheets are
  JPEG at quality 92 without chroma subsampling: Tabletop Simulator takes JPEG or PNG, the sheets are
  already scaled down for a screen, and a JPEG sheet is half the size of a PNG one and written in a
  fifth of the time (a 4096 px PNG takes about 0.45 s to encode however little it compresses).

- ``<game>/<component>.<lang>.print.pdf`` (kind 'print'): the print-shop file, one
  card per page (each printed copy's front, then its back), the page the size of
  trim plus bleed, with TrimBox and BleedBox set (`write_print_pdf`).

Every PNG is exactly the card's size at 300 dpi (trim plus bleed, or the trim,
each rounded to whole pixels) and says so in its pHYs chunk (`exact_size`).
The pictures are drawn by the one face painter of every output (`rulepress.draw.painter`),
one page per distinct face, and rasterised with pypdfium2 (a wheel, so the build
needs no system package): a PNG can never differ from the printed card. Each face's
PNGs are kept in the output folder's cache by the face's digest, so a rebuild after
a one-card edit rasterises only that card; each is a file of the cache (`rulepress.store`, kind
"files") and the folder's PNGs are hard links to them. PNG compression runs in two threads
(zlib releases the GIL). The TTS sheets are assembled from the trimmed PNGs, each card's cell and each
sheet kept in the cache, so a sheet none of whose cards changed is not encoded again. PNGs and JPEGs
carry no timestamps. The print-shop PDF places each distinct face as a form XObject
drawn once (`painter.Forms`, as the duplex sheets do).
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import shutil
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

from PIL import Image

from rulepress.draw import pdfx, shops
from rulepress.draw.cardjobs import KIND, Job, check_images, common_digest, designs, job_inputs, jobs, picture_files
from rulepress.draw.painter import (
    FaceRef,
    distinct_faces,
    face_digest,
    paint,
)
from rulepress.draw.pictures import Pictures
from rulepress.draw.shoppdf import write_print_pdf
from rulepress.layout.paper import MM
from rulepress.options import ExportOptions
from rulepress.render import Artifact
from rulepress.store import Store
from rulepress.text import fonts
from rulepress.version import code_version

DPI = 300
TTS_COLS, TTS_ROWS, TTS_MAX_PX = 10, 7, 4096


def image_folder(game: str, comp_id: str, lang: str) -> str:
    return f"{game}/{comp_id}.{lang}.images"


def tts_folder(game: str, comp_id: str, lang: str) -> str:
    return f"{game}/{comp_id}.{lang}.tts"


def _one_per_page(job: Job, faces: list[FaceRef]) -> bytes:
    """A PDF with one page per face of `faces` (each the size of trim plus bleed); raster pictures go in as
    their files' own data (`Pictures`: ReportLab would encode their pixels again, slowly)."""
    import tempfile

    from reportlab.pdfgen import canvas as rl_canvas

    fonts.register()
    w, h = job.size
    b = job.settings.bleed
    with tempfile.TemporaryDirectory(prefix="rulepress-faces-") as scratch:
        pdf = Path(scratch) / "faces.pdf"
        c = rl_canvas.Canvas(
            str(pdf), pagesize=((w + 2 * b) * MM, (h + 2 * b) * MM), invariant=1, initialFontName="Body"
        )
        pictures = Pictures(c)
        for path in picture_files(job):  # placeholders before any page
            pictures.prepare(path)
        for ref in faces:
            c.translate(b * MM, b * MM)
            paint(c, job, ref, pictures)
            c.showPage()
        c.save()
        pictures.embed(pdf)
        return pdf.read_bytes()


def _render(pdf_bytes: bytes, count: int):
    """Every page as an RGB PIL image at DPI (PDFium is not re-entrant: serially)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf_bytes)
    try:
        return [doc[i].render(scale=DPI / 72, rev_byteorder=True).to_pil().convert("RGB") for i in range(count)]
    finally:
        doc.close()


def _png(image) -> bytes:
    """The PNG file of an image at DPI (fast compression: the pictures are large, the zlib level matters little)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1, dpi=(DPI, DPI))
    return buffer.getvalue()


def _jpeg(image, dpi: float) -> bytes:
    """A TTS sheet as a JPEG file: quality 92 (15 % smaller than 95, the same to the eye at a sheet's scale),
    no chroma subsampling, its resolution to the whole dpi."""
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=92, subsampling=0, dpi=(round(dpi), round(dpi)))
    return buffer.getvalue()


def pixels(mm: float) -> int:
    """A length in whole pixels at DPI."""
    return round(mm / 25.4 * DPI)


def exact_size(image, width: int, height: int):
    """`image` cut (or padded with its edge colour) around its centre to exactly width x height pixels.

    Rasterising a page of 69.5 mm gives 820 or 821 pixels depending on rounding; a print shop expects the
    size the millimetres say. The difference is at most a pixel or two of bleed."""
    if image.size == (width, height):
        return image
    from PIL import ImageOps

    left = (image.width - width) // 2
    top = (image.height - height) // 2
    padded = ImageOps.expand(image, border=2, fill=image.getpixel((0, 0)))
    return padded.crop((left + 2, top + 2, left + 2 + width, top + 2 + height))


def write_images(job: Job, target: Path, out: Path | None = None) -> dict:
    """The PNG folder of one component and language. Each distinct face is rasterised once; with `out` (the
    output folder) its PNGs are kept in the cache by the face's digest, so a rebuild rasterises only the
    faces that changed (`rulepress.draw.painter`)."""
    check_images(job)
    faces, aliases = distinct_faces(designs(job))
    store = Store.at(out, f"faces/{job.game}/{job.comp.id}.{job.lang}", version=code_version(), kind="files")
    common = common_digest(job, {"dpi": DPI})
    digests = {ref.name: face_digest(job, ref, common) for ref in faces}
    missing = [
        ref for ref in faces if not (store.has((digests[ref.name], "bleed")) and store.has((digests[ref.name], "trim")))
    ]
    if missing:
        images = _render(_one_per_page(job, missing), len(missing))
        w, h = job.size
        b = job.settings.bleed
        full = (pixels(w + 2 * b), pixels(h + 2 * b))
        trim = (pixels(w), pixels(h))

        def encode(item):
            ref, image = item
            image = exact_size(image, *full)
            return ref.name, (_png(image), _png(exact_size(image, *trim)))

        with ThreadPoolExecutor(2) as pool:  # zlib releases the GIL
            for name, (bleed_png, trim_png) in pool.map(encode, zip(missing, images)):
                store.put((digests[name], "bleed"), bleed_png)
                store.put((digests[name], "trim"), trim_png)
    store.save()  # the new faces get their files: the folder's PNGs are hard links to them
    for part in ("bleed", "trim"):
        (target / part).mkdir(parents=True, exist_ok=True)
        for ref in faces:
            store.link((digests[ref.name], part), target / part / f"{ref.name}.png")
        for alias, original in aliases.items():
            store.link((digests[original], part), target / part / f"{alias}.png")
    return {"pages": len(faces) + len(aliases)}


def print_path(game: str, comp_id: str, lang: str) -> str:
    return f"{game}/{comp_id}.{lang}.print.pdf"


def tts_grid(count: int, card_px: tuple[int, int]) -> tuple[int, int, tuple[int, int]]:
    """Columns, rows and cell size (px) of one TTS sheet for `count` cards: at most 10 x 7 and 4096 px a side."""
    cols = min(TTS_COLS, max(2, count))  # TTS needs at least 2 columns and 2 rows
    rows = min(TTS_ROWS, max(2, math.ceil(count / cols)))
    scale = min(1.0, TTS_MAX_PX / (cols * card_px[0]), TTS_MAX_PX / (rows * card_px[1]))
    return cols, rows, (max(1, int(card_px[0] * scale)), max(1, int(card_px[1] * scale)))


def write_tts(job: Job, images_dir: Path, target: Path, out: Path | None = None) -> dict:
    """Tabletop Simulator deck sheets of one component and language, from the trimmed PNGs in `images_dir`.
    With `out`, each card's cell (the PNG scaled to the sheet's grid) is kept in the output folder's cache by
    the PNG's digest and the cell size: a rebuild decodes and scales only the cards that changed."""
    cells = _TtsCells(
        images_dir / "trim",
        Store.at(out, f"faces/{job.game}/{job.comp.id}.{job.lang}.tts", version=code_version(), kind="files"),
    )
    cards = [d for d in designs(job) for _ in range(d.qty)]
    target.mkdir(parents=True, exist_ok=True)
    per_sheet = TTS_COLS * TTS_ROWS - 1  # the last slot is TTS's hidden-card image
    described = []
    for n, start in enumerate(range(0, len(cards), per_sheet), start=1):
        chunk = cards[start : start + per_sheet]
        cols, rows, cell = tts_grid(len(chunk) + 1, cells.size_of(chunk[0].id))
        dpi = round(cell[0] / (job.size[0] / 25.4), 1)  # the cell's real resolution at the card's trim size
        for side, key in (("deck", "front"), ("backs", "back")):
            if side == "backs" and all(d.back_face is None for d in chunk):
                continue
            names = [
                design.id
                if key == "front"
                else (f"{design.id}.back" if design.back_face is not None else f"back-{design.back_key or 'default'}")
                for design in chunk
            ]
            cells.sheet(names, (cols, rows), cell, dpi, target / f"{side}-{n}.jpg")
        described.append(
            {
                "face": f"deck-{n}.jpg",
                "back": f"backs-{n}.jpg" if any(d.back_face is not None for d in chunk) else "back.png",
                "columns": cols,
                "rows": rows,
                "cards": len(chunk),
                "card_px": list(cell),
                "dpi": dpi,
            }
        )
    back_name = next((f"back-{d.back_key or 'default'}" for d in cards if d.back_face is None), None)
    shutil.copyfile(images_dir / "trim" / f"{back_name or cards[0].id + '.back'}.png", target / "back.png")
    about = {"component": job.comp.id, "lang": job.lang, "cards": len(cards), "sheets": described}
    (target / "deck.json").write_text(json.dumps(about, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    cells.store.save()
    return {"pages": len(described)}


class _TtsCells:
    """The trimmed card PNGs of a folder as cells of TTS sheets, and the sheets, kept in a `store` by the PNGs'
    digests: a card whose PNG did not change is not decoded or scaled again, a sheet none of whose cards
    changed not encoded again."""

    def __init__(self, trim: Path, store: Store):
        self.trim, self.store = trim, store
        self.images: dict[str, Image.Image] = {}
        self.digests: dict[str, str] = {}

    def _trimmed(self, name: str) -> Image.Image:
        if name not in self.images:
            with Image.open(self.trim / f"{name}.png") as im:
                im.load()  # our PNGs are RGB already: no converted copy
                self.images[name] = im if im.mode == "RGB" else im.convert("RGB")
        return self.images[name]

    def digest_of(self, name: str) -> str:
        if name not in self.digests:
            self.digests[name] = hashlib.sha256((self.trim / f"{name}.png").read_bytes()).hexdigest()
        return self.digests[name]

    def size_of(self, name: str) -> tuple[int, int]:
        with Image.open(self.trim / f"{name}.png") as im:
            return im.size

    def _cell(self, name: str, cell: tuple[int, int]) -> Image.Image:
        key = (self.digest_of(name), cell)
        raw = self.store.get(key)
        if raw is None:
            raw = self._trimmed(name).resize(cell, Image.Resampling.BILINEAR).tobytes()
            self.store.put(key, raw)
        return Image.frombytes("RGB", cell, raw)

    def sheet(self, names: list[str], grid: tuple[int, int], cell: tuple[int, int], dpi: float, target: Path) -> None:
        """The sheet of the cards `names` in a grid of (columns, rows) cells, as a JPEG at `target`."""
        cols, rows = grid
        made = ("sheet", [self.digest_of(name) for name in names], cols, rows, cell, dpi)  # a sheet PNG's inputs
        if not self.store.has(made):
            sheet = Image.new("RGB", (cols * cell[0], rows * cell[1]), "white")
            resized: dict[str, Image.Image] = {}
            for i, name in enumerate(names):
                if name not in resized:
                    resized[name] = self._cell(name, cell)
                sheet.paste(resized[name], ((i % cols) * cell[0], (i // cols) * cell[1]))
            self.store.put(made, _jpeg(sheet, dpi))
        self.store.link(made, target)


def card_images(content, out_dir: Path) -> dict[str, dict[str, list[Path]]]:
    """Trimmed front PNGs per component and language, in card order (as the build writes them)."""
    from rulepress.layout.face import printed_cards

    result: dict[str, dict[str, list[Path]]] = {}
    for comp in content.game.components:
        if not comp.printed:
            continue
        for lang in content.game.languages:
            folder = Path(out_dir) / image_folder(content.game.id, comp.id, lang) / "trim"
            result.setdefault(comp.id, {})[lang] = [folder / f"{card.id}.png" for card in printed_cards(comp)]
    return result


def plan(content, options: ExportOptions) -> list[Artifact]:
    """PNG and TTS folders per printed component and language (independent of the paper), for virtual
    tables (the digital bundle), and the print-shop PDFs (the print-shop bundle)."""
    artifacts = []
    first_paper = options.cards.papers[0] if options.cards.papers else "a4"
    for job in jobs(content, options.cards):
        if job.paper != first_paper:
            continue
        inputs = dict(job_inputs(job), paper=None, dpi=DPI)
        inputs["settings"] = {"bleed": job.settings.bleed}
        artifacts.append(
            Artifact(
                game=job.game,
                kind="png",
                path=image_folder(job.game, job.comp.id, job.lang),
                inputs=inputs,
                write=partial(write_images, job, out=Path(options.out)),
                lang=job.lang,
                directory=True,
                bundles=("digital",),
            )
        )
        images = image_folder(job.game, job.comp.id, job.lang)
        artifacts.append(
            Artifact(
                game=job.game,
                kind="tts",
                path=tts_folder(job.game, job.comp.id, job.lang),
                inputs=inputs,
                write=partial(write_tts, job, Path(options.out) / images, out=Path(options.out)),
                lang=job.lang,
                directory=True,
                after=(images,),
                bundles=("digital",),
            )
        )
        artifacts.append(
            Artifact(
                game=job.game,
                kind="print",
                path=print_path(job.game, job.comp.id, job.lang),
                inputs=dict(job_inputs(job), paper=None, pdfx=options.pdfx and options.pdfx.__dict__),
                write=pdfx.then_convert(_bind(write_print_pdf, job), options.pdfx)
                if options.pdfx
                else _bind(write_print_pdf, job),
                lang=job.lang,
                bundles=("shop",),
            )
        )
    return artifacts


def check(content, options: ExportOptions) -> list:
    """Warnings for components whose size the chosen print shop does not make (`rulepress.draw.shops`)."""
    return shops.size_warnings(jobs(content, options.cards), options.shop) if options.shop else []


def _bind(function, *args):
    def write(tmp: Path):
        return function(*args, tmp)

    return write


__all__ = ["KIND", "card_images", "exact_size", "plan", "tts_grid", "write_images", "write_print_pdf", "write_tts"]
