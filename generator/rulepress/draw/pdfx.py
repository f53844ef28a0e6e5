"""PDF/X for print shops: a finished RGB PDF made CMYK, ink-limited, with an OutputIntent (pikepdf, Pillow ImageCms).

`convert` rewrites a PDF that Rulepress wrote (the print-shop file) in place:

- every DeviceRGB colour of the page and form content streams (``rg``/``RG``, ``sc``/``scn`` after an RGB
  ``cs``) becomes DeviceCMYK through one colour-managed transform (littleCMS: sRGB to the output profile,
  relative colorimetric with black-point compensation); neutral greys become black ink only (text and lines
  stay sharp, no registration of four inks needed);
- every RGB or greyscale-with-alpha image goes through the same transform, pixel by pixel; PDF/X-1a allows no
  transparency, so there an image's alpha is flattened onto white paper (PDF/X-4 keeps its soft mask);
- total ink (C+M+Y+K) is at most `ink_limit` % everywhere: cyan, magenta and yellow are scaled down, black
  is kept;
- the OutputIntent (GTS_PDFX) carries the output profile (`PROFILE`, characterised print condition
  FOGRA39), the document info GTS_PDFXVersion and Trapped, the XMP metadata the same, and every page keeps
  its TrimBox and BleedBox (a page without one is an error: the shop would not know where to cut).

`check` lists what a PDF still breaks (DeviceRGB anywhere, a missing marker, a font not embedded); the test
uses it and so can a user. It is no full PDF/X validator (docs/printing.md says what is and is not checked).
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Callable
from pathlib import Path

from rulepress import paths
from rulepress.draw.pdfstreams import put_content
from rulepress.options import PdfxOptions

PROFILE = paths.TEMPLATES / "color" / "FOGRA39L-coated.icc"  # made by scripts/prepare_cmyk_profile.py
PROFILE_CONDITION = "FOGRA39"  # the characterised printing condition of the profile (ISO 12647-2 coated paper)
PROFILE_INFO = (
    "Coated FOGRA39 (ISO 12647-2:2004), profile made with ArgyllCMS from icc-profiles-free data (zlib licence)"
)
# GTS_PDFXVersion and the PDF version of each kind; ISO 15930-4 names the X-1a family "PDF/X-1:2003" and puts
# the conformance level "PDF/X-1a:2003" in its own key (GTS_PDFXConformance)
VERSIONS = {"x4": ("PDF/X-4", "1.6"), "x1a": ("PDF/X-1:2003", "1.4")}
CONFORMANCE = {"x1a": "PDF/X-1a:2003"}


@functools.lru_cache(maxsize=1)
def _transform():
    from PIL import ImageCms

    srgb = ImageCms.createProfile("sRGB")
    cmyk = ImageCms.getOpenProfile(str(PROFILE))
    return ImageCms.buildTransform(
        srgb,
        cmyk,
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )


def limit_ink(c: float, m: float, y: float, k: float, limit: float) -> tuple[float, float, float, float]:
    """CMYK (0..1 each) with C+M+Y+K at most `limit` percent: CMY scaled down, K kept (K alone may reach 100 %)."""
    total = (c + m + y + k) * 100
    if total <= limit + 1e-9:
        return c, m, y, k
    k = min(k, limit / 100)
    room = max(0.0, limit / 100 - k)
    scale = room / (c + m + y) if c + m + y > 0 else 0.0
    return c * scale, m * scale, y * scale, k


@functools.lru_cache(maxsize=4096)
def rgb_to_cmyk(r: float, g: float, b: float, limit: float) -> tuple[float, float, float, float]:
    """One RGB colour (0..1) as CMYK (0..1) through the colour-managed transform; greys as black ink only."""
    if abs(r - g) < 1e-6 and abs(g - b) < 1e-6:
        return 0.0, 0.0, 0.0, round(1 - r, 4)
    from PIL import Image, ImageCms

    pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in (r, g, b)))
    converted = ImageCms.applyTransform(pixel, _transform())
    assert converted is not None  # a new image, not converted in place
    c, m, y, k = (v / 255 for v in converted.tobytes())
    return tuple(round(v, 4) for v in limit_ink(c, m, y, k, limit))  # type: ignore[return-value]


def _image_to_cmyk(image, limit: float):
    """A Pillow RGB image as CMYK through the transform, each pixel's total ink at most `limit` %."""
    import numpy as np
    from PIL import Image, ImageCms

    cmyk = ImageCms.applyTransform(image.convert("RGB"), _transform())
    data = np.asarray(cmyk, dtype=np.float32) / 255
    cmy, k = data[..., :3], data[..., 3:]
    total = data.sum(axis=2, keepdims=True) * 100
    room = np.maximum(0, limit / 100 - np.minimum(k, limit / 100))
    sums = cmy.sum(axis=2, keepdims=True)
    scale = np.where((total > limit) & (sums > 0), room / np.maximum(sums, 1e-9), 1.0)
    limited = np.concatenate([cmy * scale, np.minimum(k, limit / 100)], axis=2)
    return Image.fromarray(np.round(limited * 255).astype(np.uint8), "CMYK")


def _operand_numbers(operands) -> list[float]:
    return [float(v) for v in operands]


def _convert_stream(pdf, obj, limit: float) -> None:
    """Rewrite one content stream (a page or a form XObject): RGB colour operators to CMYK."""
    import pikepdf

    out: list = []
    rgb_space = {"fill": False, "stroke": False}
    changed = False
    for instruction in pikepdf.parse_content_stream(obj):
        operands, operator = instruction.operands, instruction.operator
        op = str(operator)
        if op in ("rg", "RG"):
            cmyk = rgb_to_cmyk(*_operand_numbers(operands), limit)
            out.append(([*cmyk], pikepdf.Operator("k" if op == "rg" else "K")))
            changed = True
            continue
        if op in ("cs", "CS"):
            side = "fill" if op == "cs" else "stroke"
            rgb_space[side] = str(operands[0]) == "/DeviceRGB"
            if rgb_space[side]:
                out.append(([pikepdf.Name.DeviceCMYK], operator))
                changed = True
                continue
        if op in ("sc", "scn", "SC", "SCN") and rgb_space["fill" if op.islower() else "stroke"] and len(operands) == 3:
            out.append(([*rgb_to_cmyk(*_operand_numbers(operands), limit)], operator))
            changed = True
            continue
        out.append((operands, operator))
    if changed:
        put_content(pdf, obj, out)


def _convert_image(pdf, image, version: str, limit: float) -> None:
    """An RGB (or palette, grey with alpha) image XObject made DeviceCMYK, Flate-compressed."""
    import pikepdf
    from PIL import Image

    space = image.get("/ColorSpace")
    if space == pikepdf.Name.DeviceCMYK or space == pikepdf.Name.DeviceGray:
        return
    pil = pikepdf.PdfImage(image).as_pil_image()
    smask = image.get("/SMask")
    if version == "x1a" and smask is not None:  # no transparency in X-1a: the picture as it looks on white paper
        alpha = pikepdf.PdfImage(smask).as_pil_image().convert("L").resize(pil.size)
        white = Image.new("RGB", pil.size, "white")
        pil = Image.composite(pil.convert("RGB"), white, alpha)
        del image["/SMask"]
    cmyk = _image_to_cmyk(pil, limit)
    image.write(zlib.compress(cmyk.tobytes(), 6), filter=pikepdf.Name.FlateDecode)
    image.ColorSpace = pikepdf.Name.DeviceCMYK
    image.BitsPerComponent = 8
    for key in ("/DecodeParms", "/Decode"):
        if key in image:
            del image[key]


def _walk(pdf, holder, seen: set, version: str, limit: float) -> None:
    """Convert the resources of a page or form: its forms' streams (recursively) and images."""
    import pikepdf

    resources = holder.get("/Resources")
    if resources is None:
        return
    for xobject in (resources.get("/XObject") or pikepdf.Dictionary()).values():
        if xobject.objgen in seen:
            continue
        seen.add(xobject.objgen)
        if xobject.get("/Subtype") == pikepdf.Name.Form:
            _convert_stream(pdf, xobject, limit)
            _group_to_cmyk(xobject)
            _walk(pdf, xobject, seen, version, limit)
        elif xobject.get("/Subtype") == pikepdf.Name.Image:
            _convert_image(pdf, xobject, version, limit)


def _group_to_cmyk(holder) -> None:
    """A transparency group's blending space in CMYK (a page or form /Group with /CS /DeviceRGB)."""
    import pikepdf

    group = holder.get("/Group")
    if group is not None and group.get("/CS") == pikepdf.Name.DeviceRGB:
        group.CS = pikepdf.Name.DeviceCMYK


def convert(path: Path, options: PdfxOptions, title: str | None = None) -> None:
    """Make the PDF at `path` a CMYK PDF/X of `options.version` in place (see the module's docstring)."""
    import pikepdf

    label, pdf_version = VERSIONS[options.version]
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        seen: set = set()
        for page in pdf.pages:
            if "/TrimBox" not in page.obj or "/BleedBox" not in page.obj:
                raise ValueError(f"{path.name}: a page without TrimBox/BleedBox cannot be made PDF/X")
            if "/ArtBox" in page.obj:  # PDF/X: a TrimBox or an ArtBox, never both
                del page.obj["/ArtBox"]
            _convert_stream(pdf, page, options.ink_limit)
            _group_to_cmyk(page.obj)
            _walk(pdf, page.obj, seen, options.version, options.ink_limit)
        profile = pdf.make_stream(PROFILE.read_bytes())
        profile.N = 4
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent,
            S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=PROFILE_CONDITION,
            OutputCondition=PROFILE_INFO,
            RegistryName="http://www.color.org",
            Info=PROFILE_INFO,
            DestOutputProfile=profile,
        )
        pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
        info = pdf.docinfo
        if title:
            info["/Title"] = title
        info["/GTS_PDFXVersion"] = label
        if options.version in CONFORMANCE:
            info["/GTS_PDFXConformance"] = CONFORMANCE[options.version]
        info["/Trapped"] = pikepdf.Name("/False")  # not Name.False_: pikepdf keeps the underscore
        with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
            meta.register_xml_namespace("http://www.npes.org/pdfx/ns/id/", "pdfxid")
            meta["pdfxid:GTS_PDFXVersion"] = label
            if options.version in CONFORMANCE:
                meta["pdfx:GTS_PDFXConformance"] = CONFORMANCE[options.version]
            meta["pdf:Trapped"] = "False"
            meta["dc:title"] = str(info.get("/Title", ""))
            meta["xmp:CreateDate"] = "2000-01-01T00:00:00+00:00"  # ReportLab's invariant date: same input, same bytes
            meta["xmp:ModifyDate"] = "2000-01-01T00:00:00+00:00"
            meta["xmpMM:DocumentID"] = "uuid:" + _stable_id(path)
        pdf.save(path, deterministic_id=True, min_version=pdf_version, compress_streams=True)


def _stable_id(path: Path) -> str:
    """A document id from the file's own bytes (so the same input gives the same output)."""
    import hashlib
    import uuid

    return str(uuid.UUID(hashlib.sha256(path.read_bytes()).hexdigest()[:32]))


def check(path: Path) -> list[str]:
    """What keeps the PDF at `path` from being the CMYK PDF/X that `convert` makes: DeviceRGB in a content
    stream, image or group; a broken document rule (`_document_rules`) or page box (`_page_boxes`); a font
    without an embedded font file; in a PDF/X-1a, any transparency (soft masks, constant alpha below 1).
    Empty when none is found."""
    import pikepdf

    found: list[str] = []
    with pikepdf.open(path) as pdf:
        found += _document_rules(pdf)
        x1a = str(pdf.docinfo.get("/GTS_PDFXVersion", "")).startswith("PDF/X-1")
        seen: set = set()
        for n, page in enumerate(pdf.pages, start=1):
            found += _page_boxes(page.obj, n)
            found += _rgb_in_stream(page, f"page {n}")
            found += _resource_problems(page.obj, f"page {n}", x1a=x1a, seen=seen)
    return found


def _rgb_in_stream(obj, where: str) -> list[str]:
    """The first DeviceRGB colour a content stream sets, if any."""
    import pikepdf

    for instruction in pikepdf.parse_content_stream(obj):
        operands, operator = instruction.operands, instruction.operator
        if str(operator) in ("rg", "RG") or (
            str(operator) in ("cs", "CS") and operands and operands[0] == pikepdf.Name.DeviceRGB
        ):
            return [f"{where}: DeviceRGB colour ({operator})"]
    return []


def _resource_problems(holder, where: str, *, x1a: bool, seen: set) -> list[str]:
    """A page's or form's group and resources: an RGB group, transparency in a PDF/X-1a, fonts not embedded,
    RGB images; its forms read in turn (each object once: `seen`)."""
    import pikepdf

    found = []
    group = holder.get("/Group")
    if group is not None and group.get("/CS") == pikepdf.Name.DeviceRGB:
        found.append(f"{where}: DeviceRGB transparency group")
    res = holder.get("/Resources")
    if res is None:
        return found
    if x1a:
        found += _transparency(res, where)
    found += _fonts_not_embedded(res, where)
    for name, x in (res.get("/XObject") or pikepdf.Dictionary()).items():
        if x.objgen in seen:
            continue
        seen.add(x.objgen)
        if x.get("/Subtype") == pikepdf.Name.Form:
            found += _rgb_in_stream(x, f"{where} form {name}")
            found += _resource_problems(x, f"{where} form {name}", x1a=x1a, seen=seen)
        elif x.get("/ColorSpace") == pikepdf.Name.DeviceRGB:
            found.append(f"{where}: DeviceRGB image {name}")
        elif x1a and "/SMask" in x:
            found.append(f"{where}: soft mask of image {name} in a PDF/X-1a")
    return found


def _transparency(res, where: str) -> list[str]:
    """Graphics states with a constant alpha below 1 or a soft mask (no transparency in a PDF/X-1a)."""
    import pikepdf

    found = []
    for name, state in (res.get("/ExtGState") or pikepdf.Dictionary()).items():
        alpha = [float(state.get(k, 1)) for k in ("/CA", "/ca")]
        if min(alpha) < 1 or state.get("/SMask", pikepdf.Name.None_) != pikepdf.Name.None_:
            found.append(f"{where}: transparency ({name}) in a PDF/X-1a")
    return found


def _fonts_not_embedded(res, where: str) -> list[str]:
    """The fonts (but Type 3 ones, drawn in the file) without an embedded font file."""
    import pikepdf

    found = []
    for name, font in (res.get("/Font") or pikepdf.Dictionary()).items():
        descriptor = font.get("/FontDescriptor")
        for descendant in font.get("/DescendantFonts", []):
            descriptor = descendant.get("/FontDescriptor")
        if descriptor is None or not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
            if font.get("/Subtype") != pikepdf.Name.Type3:
                found.append(f"{where}: font {name} not embedded")
    return found


def _document_rules(pdf) -> list[str]:
    """The document-level rules of ISO 15930-4 (X-1a:2003) and -7 (X-4) that a file can break: the OutputIntent,
    the version key and its conformance, Trapped True or False (a name), Title and dates, the trailer ID."""
    import pikepdf

    found = []
    if not any(i.get("/S") == pikepdf.Name.GTS_PDFX for i in pdf.Root.get("/OutputIntents", [])):
        found.append("no GTS_PDFX OutputIntent")
    info = pdf.docinfo
    version = str(info.get("/GTS_PDFXVersion", ""))
    if not version:
        found.append("no GTS_PDFXVersion")
    elif version.startswith("PDF/X-1") and version != "PDF/X-1:2003":
        found.append(f"GTS_PDFXVersion {version!r}: PDF/X-1a:2003 files say 'PDF/X-1:2003'")
    if version == "PDF/X-1:2003" and str(info.get("/GTS_PDFXConformance", "")) != "PDF/X-1a:2003":
        found.append("a PDF/X-1:2003 file without GTS_PDFXConformance 'PDF/X-1a:2003'")
    if info.get("/Trapped") not in (pikepdf.Name("/False"), pikepdf.Name("/True")):
        found.append(f"Trapped is {info.get('/Trapped')!s}, not /True or /False")
    found += [
        f"no {key[1:]} in the document info" for key in ("/Title", "/CreationDate", "/ModDate") if key not in info
    ]
    if "/ID" not in pdf.trailer:
        found.append("no ID in the trailer")
    return found


def _page_boxes(page, n: int) -> list[str]:
    """A page's boxes as PDF/X wants them: a TrimBox (or an ArtBox) but not both, a BleedBox, and the trim inside
    the bleed inside the media box."""
    found = []
    if "/TrimBox" in page and "/ArtBox" in page:
        found.append(f"page {n}: both TrimBox and ArtBox")
    if "/TrimBox" not in page or "/BleedBox" not in page:
        return [*found, f"page {n}: no TrimBox/BleedBox"]
    trim, bleed, media = ([float(v) for v in page[key]] for key in ("/TrimBox", "/BleedBox", "/MediaBox"))
    for inner, outer, names in ((trim, bleed, "TrimBox outside BleedBox"), (bleed, media, "BleedBox outside MediaBox")):
        inside = inner[0] >= outer[0] - 1e-3 and inner[1] >= outer[1] - 1e-3
        if not (inside and inner[2] <= outer[2] + 1e-3 and inner[3] <= outer[3] + 1e-3):
            found.append(f"page {n}: {names}")
    return found


def then_convert(write: Callable[[Path], dict], options: PdfxOptions) -> Callable[[Path], dict]:
    """An artifact's `write` that converts the PDF it wrote to PDF/X (the hook the print-shop file uses)."""

    def write_pdfx(target: Path) -> dict:
        result = write(target)
        convert(target, options)
        return result

    return write_pdfx


__all__ = ["PROFILE", "check", "convert", "limit_ink", "rgb_to_cmyk", "then_convert"]
