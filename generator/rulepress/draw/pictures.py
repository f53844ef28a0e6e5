"""Pictures on card sheets: PNG and JPEG data go into the PDF unchanged; SVG is drawn as vectors.

ReportLab re-encodes PNG pixels. So while a sheet is drawn, each raster picture is
a placeholder: an empty form XObject named ``pic<n>`` (ReportLab's public
beginForm/doForm), placed with the picture's size as its transformation. After
ReportLab has saved the file, `Pictures.embed` opens it with pikepdf and gives
each placeholder form one image XObject holding the file's own data: a JPEG's
bytes as DCTDecode, a PNG's IDAT data as FlateDecode with the PNG predictor. PNGs
that PDF cannot take that way (palette with transparency, alpha, 16 bit, interlaced)
are decoded by Pillow and stored losslessly (Flate). Nothing of ReportLab's
internals is touched and the finished PDF is rewritten by qpdf, not by splicing bytes.

Memory stays small for a thousand pictures: the image data is handed to qpdf as
files through pikepdf's qpdf-JSON update (``datafile``), which qpdf reads only
while it writes the output. A JPEG is its own data file; a PNG's IDAT chunks are
copied once into a temporary file beside the output.
SVG files are converted by svglib to ReportLab drawings (vectors).
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import io

from rulepress.layout.pictures import PNG_SIGNATURE, PictureError, picture_size, png_layout, svg_drawing

__all__ = ["PictureError", "Pictures", "draw_picture", "picture_size", "png_layout"]


def draw_picture(c, path: Path, x: float, y: float, w: float, h: float, pictures: Pictures | None) -> None:
    """Draw a picture into the box (points): SVG as vectors, PNG/JPEG via `pictures` (or ReportLab)."""
    path = Path(path)
    if path.suffix.lower() == ".svg":
        from reportlab.graphics import renderPDF

        drawing = svg_drawing(str(path), path.stat().st_mtime)
        c.saveState()
        c.translate(x, y)
        c.scale(w / drawing.width, h / drawing.height)
        renderPDF.draw(drawing, c, 0, 0)
        c.restoreState()
    elif pictures is not None:
        pictures.draw(path, x, y, w, h)
    else:
        c.drawImage(str(path), x, y, w, h, mask="auto")


class Pictures:
    """Raster pictures of one PDF: placeholders while ReportLab draws, the files' data after it saved."""

    def __init__(self, canvas) -> None:
        self.c = canvas
        self.names: dict[Path, str] = {}
        self.drawn: set[str] = set()  # the placeholders placed on a page or in a form (the others stay empty)

    def prepare(self, path: Path) -> str:
        """The placeholder of a picture, defined on first use: call it outside any other form (they do not nest)."""
        path = Path(path).resolve()
        if path not in self.names:
            name = f"pic{len(self.names)}"
            self.c.beginForm(name, 0, 0, 1, 1)
            self.c.endForm()
            self.names[path] = name
        return self.names[path]

    def draw(self, path: Path, x: float, y: float, w: float, h: float) -> None:
        path = Path(path).resolve()
        self.prepare(path)
        self.c.saveState()
        self.c.transform(w, 0, 0, h, x, y)
        self.c.doForm(self.names[path])
        self.c.restoreState()
        self.drawn.add(self.names[path])

    def embed(self, pdf_path: Path) -> None:
        """Give every placeholder drawn in the saved PDF its picture (the file is rewritten in place by qpdf).

        A placeholder prepared but never drawn (a back picture the layout does not show, the faces of a sheet
        not redrawn after a one-card edit) is in no page's resources: there is nothing to fill."""
        if not self.drawn:
            return
        import tempfile

        import pikepdf

        wanted = {f"/FormXob.{name}": path for path, name in self.names.items() if name in self.drawn}
        with (
            tempfile.TemporaryDirectory(dir=Path(pdf_path).parent, prefix=".pictures-") as scratch,
            pikepdf.open(pdf_path, allow_overwriting_input=True) as pdf,
        ):
            done: dict[str, object] = {}
            files: list[tuple[object, Path]] = []  # (image stream, data file) for qpdf to read when writing
            for form_name, form in _forms(pdf):
                path = wanted.get(form_name)
                if path is None or form_name in done:
                    continue
                image, data_file = _image_xobject(pdf, path, Path(scratch) / f"{len(files)}.dat")
                image = pdf.make_indirect(image)
                if data_file is not None:
                    files.append((image, data_file))
                form.write(b"/Im0 Do")
                form.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=image))
                done[form_name] = image
            missing = set(wanted) - set(done)
            if missing:
                raise RuntimeError(f"picture placeholders not found in the PDF: {sorted(missing)}")
            if files:
                pdf.update_from_qpdf_json(_datafile_update(pdf, files))
            pdf.save(pdf_path, stream_decode_level=pikepdf.StreamDecodeLevel.none, deterministic_id=True)


def _forms(pdf):
    """(resource name, form XObject) of every form reachable from the pages, each once."""
    seen = set()
    stack = [page.obj.get("/Resources") for page in pdf.pages]
    while stack:
        resources = stack.pop()
        if resources is None or "/XObject" not in resources:
            continue
        for name, xobj in resources.XObject.items():
            key = xobj.objgen
            if key in seen or xobj.get("/Subtype") != "/Form":
                continue
            seen.add(key)
            yield name, xobj
            stack.append(xobj.get("/Resources"))


def _image_xobject(pdf, path: Path, scratch: Path):
    """An image XObject for the picture, and the file qpdf is to read its (unchanged) data from
    (None when the data is already in the stream: pictures PDF cannot take as they are)."""
    import pikepdf
    from pikepdf import Array, Dictionary, Name

    with open(path, "rb") as f:
        signature = f.read(8)
    stream = pikepdf.Stream(pdf, b"")
    if signature == PNG_SIGNATURE:
        layout = png_layout(path)
        if not layout.passthrough:
            return _decoded(pdf, path), None
        with open(path, "rb") as src, open(scratch, "wb") as out:  # the IDAT chunks' data, in 1 MiB blocks
            for start, length in layout.idat:
                src.seek(start)
                while length:
                    block = src.read(min(length, 1 << 20))
                    out.write(block)
                    length -= len(block)
        colors = {0: 1, 2: 3, 3: 1}[layout.color_type]
        space: Array | Name
        if layout.color_type == 3:
            assert layout.palette is not None  # (passthrough: a palette PNG with its PLTE)
            space = Array([Name.Indexed, Name.DeviceRGB, len(layout.palette) // 3 - 1, pikepdf.String(layout.palette)])
        else:
            space = Name.DeviceGray if colors == 1 else Name.DeviceRGB
        stream.Filter = Name.FlateDecode
        stream.DecodeParms = Dictionary(Predictor=15, Colors=colors, BitsPerComponent=8, Columns=layout.width)
        stream.Width, stream.Height, stream.ColorSpace = layout.width, layout.height, space
        data_file = scratch
    else:
        from PIL import Image

        with Image.open(path) as im:
            mode, width, height = im.mode, im.width, im.height
        if mode not in ("RGB", "L", "CMYK"):
            return _decoded(pdf, path), None
        stream.Filter = Name.DCTDecode
        stream.Width, stream.Height = width, height
        stream.ColorSpace = {"RGB": Name.DeviceRGB, "L": Name.DeviceGray, "CMYK": Name.DeviceCMYK}[mode]
        if mode == "CMYK":  # Adobe's inverted CMYK JPEGs, as Photoshop writes them
            stream.Decode = Array([1, 0, 1, 0, 1, 0, 1, 0])
        data_file = Path(path)
    stream.Type, stream.Subtype, stream.BitsPerComponent = Name.XObject, Name.Image, 8
    return stream, data_file


def _datafile_update(pdf, files: list) -> io.BytesIO:
    """qpdf JSON (version 2) that points each image stream at its data file, read lazily by qpdf."""
    import io
    import json

    objects = {}
    for stream, data_file in files:
        number, generation = stream.objgen
        head = json.loads(stream.stream_dict.to_json(dereference=True))
        head.pop("/Length", None)
        objects[f"obj:{number} {generation} R"] = {"stream": {"dict": head, "datafile": str(data_file)}}
    top = max(o.objgen[0] for o, _ in files)
    header = {"jsonversion": 2, "pushedinheritedpageresources": False, "calledgetallpages": False, "maxobjectid": top}
    return io.BytesIO(json.dumps({"qpdf": [header, objects]}).encode())


def _decoded(pdf, path: Path):
    """A picture PDF cannot take as it is: pixels decoded by Pillow, stored losslessly (alpha as SMask)."""
    import pikepdf
    from pikepdf import Name
    from PIL import Image

    with Image.open(path) as opened:
        im = (
            opened.convert("RGBA")
            if (opened.mode in ("RGBA", "LA", "PA") or "transparency" in opened.info)
            else opened.convert("RGB")
        )
    stream = pikepdf.Stream(pdf, b"")
    stream.write(zlib.compress(im.convert("RGB").tobytes(), 6), filter=Name.FlateDecode)
    stream.Type, stream.Subtype = Name.XObject, Name.Image
    stream.Width, stream.Height, stream.BitsPerComponent, stream.ColorSpace = im.width, im.height, 8, Name.DeviceRGB
    if im.mode == "RGBA":
        mask = pikepdf.Stream(pdf, b"")
        mask.write(zlib.compress(im.getchannel("A").tobytes(), 6), filter=Name.FlateDecode)
        mask.Type, mask.Subtype = Name.XObject, Name.Image
        mask.Width, mask.Height, mask.BitsPerComponent, mask.ColorSpace = im.width, im.height, 8, Name.DeviceGray
        stream.SMask = mask
    return stream
