"""PDF/X print-shop files: CMYK only (no DeviceRGB left), OutputIntent and markers, ink limited, fonts embedded."""

import warnings
from pathlib import Path

import pikepdf
import pytest

from rulepress.build import BuildOptions, export_options
from rulepress.draw import pdfx
from rulepress.draw.pdfstreams import every_stream
from rulepress.model import load_game
from rulepress.options import CardOptions
from rulepress.render import exports


@pytest.fixture(scope="module")
def shop_builds(tmp_path_factory, picture_game):
    """The print-shop PDFs only (as the build plans them, without PNGs): plain RGB, PDF/X-4, the DTC preset."""
    tmp = tmp_path_factory.mktemp("pdfx")
    content = load_game(picture_game(tmp, "shoptest"))
    outs = {}
    for name, extra in (("rgb", {}), ("x4", {"pdfx": "x4"}), ("dtc", {"shop": "dtc"})):
        outs[name] = tmp / name
        options = export_options(BuildOptions(papers=("a4",), **extra), CardOptions(papers=("a4",)))
        for artifact in exports.plan(content, options):
            if artifact.kind == "print":
                target = outs[name] / artifact.path
                target.parent.mkdir(parents=True, exist_ok=True)
                artifact.write(target)
    return {name: out / "shoptest" for name, out in outs.items()}


def colour_operators(path: Path) -> dict[str, list[list[float]]]:
    """Every colour-setting operator of every page and form, with its operands."""
    found: dict[str, list[list[float]]] = {}
    with pikepdf.open(path) as pdf:
        for _, stream in every_stream(pdf):
            for operands, operator in pikepdf.parse_content_stream(stream):
                if str(operator) in ("rg", "RG", "k", "K", "g", "G"):
                    found.setdefault(str(operator), []).append([float(v) for v in operands])
    return found


def images(path: Path) -> list:
    """(colour space, has a soft mask, Pillow image) of every image in pages and forms, each once, in order."""
    with pikepdf.open(path) as pdf:
        result, seen = [], set()

        def walk(holder):
            res = holder.get("/Resources")
            for x in (res.get("/XObject") or {}).values() if res is not None else []:
                if x.objgen in seen:
                    continue
                seen.add(x.objgen)
                if x.get("/Subtype") == "/Form":
                    walk(x)
                else:
                    with warnings.catch_warnings():  # a CMYK image with a soft mask comes out as RGBA: not read here
                        warnings.simplefilter("ignore", UserWarning)
                        image = pikepdf.PdfImage(x).as_pil_image() if "/SMask" not in x else None
                    result.append((str(x.get("/ColorSpace")), "/SMask" in x, image))

        for page in pdf.pages:
            walk(page.obj)
        return result


def test_the_rgb_print_file_is_what_pdfx_must_change(shop_builds):
    """The plain print-shop file has RGB colours and images: the conversion has something to do."""
    path = shop_builds["rgb"] / "pictures.en.print.pdf"
    assert any("DeviceRGB" in line for line in pdfx.check(path))
    assert "no GTS_PDFX OutputIntent" in pdfx.check(path)
    assert "rg" in colour_operators(shop_builds["rgb"] / "deck.en.print.pdf")


@pytest.mark.parametrize("build_name, version", [("x4", "PDF/X-4"), ("dtc", "PDF/X-1:2003")])
def test_pdfx_markers_and_no_device_rgb(shop_builds, build_name, version):
    for component in ("deck", "chips", "pictures"):
        path = shop_builds[build_name] / f"{component}.en.print.pdf"
        assert pdfx.check(path) == [], component
        with pikepdf.open(path) as pdf:
            assert pdf.docinfo["/GTS_PDFXVersion"] == version
            assert pdf.docinfo["/Trapped"] == pikepdf.Name("/False")
            intent = pdf.Root.OutputIntents[0]
            assert intent.S == "/GTS_PDFX" and intent.OutputConditionIdentifier == "FOGRA39"
            profile = intent.DestOutputProfile.read_bytes()
            assert profile[36:40] == b"acsp" and profile[16:20] == b"CMYK"  # an ICC output profile for CMYK
            assert pdf.pdf_version >= ("1.6" if version == "PDF/X-4" else "1.4")
            for page in pdf.pages:
                assert "/TrimBox" in page.obj and "/BleedBox" in page.obj
            meta = pdf.open_metadata()
            assert meta.get("pdfxid:GTS_PDFXVersion") == version
        ops = colour_operators(path)
        assert "rg" not in ops and "RG" not in ops


# The standard's literal values, written here (not taken from pdfx's constants): ISO 15930-4:2003 (PDF/X-1a:2003)
# 6.2: GTS_PDFXVersion "PDF/X-1:2003" and GTS_PDFXConformance "PDF/X-1a:2003", PDF 1.4 at most; ISO 15930-7
# (PDF/X-4): "PDF/X-4" in the XMP (and the info), PDF 1.6 at most; both: /Trapped the name /True or /False, Title,
# CreationDate, ModDate, a trailer ID, and on each page a TrimBox or an ArtBox but not both, inside the BleedBox.
STANDARD = {
    "dtc": {"version": b"(PDF/X-1:2003)", "conformance": b"(PDF/X-1a:2003)", "pdf": "1.4"},
    "x4": {"version": b"(PDF/X-4)", "conformance": None, "pdf": "1.6"},
}


@pytest.mark.parametrize("build_name", ["x4", "dtc"])
def test_pdfx_files_follow_the_standard_literally(shop_builds, build_name):
    expected = STANDARD[build_name]
    for component in ("deck", "chips", "pictures"):
        path = shop_builds[build_name] / f"{component}.en.print.pdf"
        assert path.read_bytes()[:8] == b"%PDF-" + expected["pdf"].encode()
        with pikepdf.open(path) as pdf:
            info = pdf.docinfo
            assert info["/GTS_PDFXVersion"].unparse() == expected["version"]
            if expected["conformance"]:
                assert info["/GTS_PDFXConformance"].unparse() == expected["conformance"]
            else:
                assert "/GTS_PDFXConformance" not in info
            assert info["/Trapped"].unparse() == b"/False"  # a name, spelt exactly
            assert all(key in info for key in ("/Title", "/CreationDate", "/ModDate")) and "/ID" in pdf.trailer
            assert pdf.open_metadata().get("pdf:Trapped") == "False"
            for page in pdf.pages:
                assert not ("/ArtBox" in page.obj and "/TrimBox" in page.obj)
                trim, bleed = (list(map(float, page.obj[key])) for key in ("/TrimBox", "/BleedBox"))
                assert trim[0] > bleed[0] and trim[2] < bleed[2]  # the bleed around the cut


def test_the_check_reports_what_preflight_rejects(shop_builds, tmp_path):
    """The checker knows the three defects an earlier build had (Trapped /False_, ArtBox with TrimBox, X-1a's
    version as its conformance): a file carrying them is not passed."""
    path = tmp_path / "broken.pdf"
    with pikepdf.open(shop_builds["dtc"] / "deck.en.print.pdf") as pdf:
        pdf.docinfo["/Trapped"] = pikepdf.Name("/False_")
        pdf.docinfo["/GTS_PDFXVersion"] = "PDF/X-1a:2003"
        pdf.pages[0].obj["/ArtBox"] = pdf.pages[0].obj["/TrimBox"]
        pdf.save(path)
    found = pdfx.check(path)
    assert "Trapped is /False_, not /True or /False" in found
    assert "page 1: both TrimBox and ArtBox" in found
    assert any(line.startswith("GTS_PDFXVersion 'PDF/X-1a:2003'") for line in found)


def test_colours_are_converted_and_ink_limited(shop_builds):
    # DriveThruCards preset: total ink at most 240 % in vector colours and in every image pixel
    ops = colour_operators(shop_builds["dtc"] / "deck.en.print.pdf")
    assert ops["k"], "fills are CMYK"
    assert max(sum(v) for v in ops["k"] + ops.get("K", [])) <= 2.4 + 1e-3
    pictures = images(shop_builds["dtc"] / "pictures.en.print.pdf")
    assert pictures and all(space == "/DeviceCMYK" and not smask for space, smask, _ in pictures)  # X-1a: no alpha
    import numpy as np

    for _, _, image in pictures:
        total = np.asarray(image, dtype=np.int32).sum(axis=2).max() / 255 * 100
        assert total <= 240.5
    x4 = images(shop_builds["x4"] / "pictures.en.print.pdf")
    assert any(smask for _, smask, _ in x4), "PDF/X-4 keeps the picture's transparency"
    blue = next(image for _, smask, image in x4 if not smask and image.getpixel((5, 5))[0] > 200)
    c, m, y, k = blue.getpixel((blue.width // 2, blue.height // 2))
    assert c > 200 and y < 40  # a saturated blue stays cyan-heavy, not grey


def test_neutral_colours_become_black_ink_only():
    assert pdfx.rgb_to_cmyk(0.0, 0.0, 0.0, 300.0) == (0.0, 0.0, 0.0, 1.0)
    assert pdfx.rgb_to_cmyk(0.5, 0.5, 0.5, 300.0) == (0.0, 0.0, 0.0, 0.5)
    assert pdfx.limit_ink(1.0, 1.0, 1.0, 1.0, 300) == pytest.approx((2 / 3, 2 / 3, 2 / 3, 1.0))
    assert sum(pdfx.rgb_to_cmyk(0.1, 0.05, 0.2, 240.0)) <= 2.4 + 1e-3


def test_shop_sizes():
    from rulepress.draw import shops

    assert shops.product(shops.SHOPS["dtc"], (63.5, 88.9)) == "poker"
    assert shops.product(shops.SHOPS["tgc"], (88.9, 63.5)) == "poker"  # landscape cards too
    assert shops.product(shops.SHOPS["dtc"], (50, 50)) is None
    assert shops.product(shops.SHOPS["mpc"], (63.5, 63.5)) == "square"


def test_shop_warns_about_sizes_it_does_not_make(picture_game, tmp_path):
    content = load_game(picture_game(tmp_path, "sizetest"))
    options = export_options(BuildOptions(papers=("a4",), shop="dtc"), CardOptions(papers=("a4",)))
    found = exports.check(content, options)
    assert [p.warning for p in found] == [True]  # the 25 mm chips; the poker decks are fine
    assert "DriveThruCards makes no 25 x 25 mm card" in found[0].message and found[0].key.endswith(".size")


def test_shop_preset_sets_its_bleed(shop_builds):
    """DriveThruCards: 1/8 in bleed, so a poker page is 2.75 x 3.75 in."""
    with pikepdf.open(shop_builds["dtc"] / "deck.en.print.pdf") as pdf:
        box = [float(v) for v in pdf.pages[0].mediabox]
    assert box[2] == pytest.approx(2.75 * 72, abs=0.05) and box[3] == pytest.approx(3.75 * 72, abs=0.05)
