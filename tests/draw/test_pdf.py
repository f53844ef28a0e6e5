"""Every PDF of a bundled build: fonts embedded, metadata from game.yaml, a fixed creation date."""

from pathlib import Path

import pytest
from pypdf import PdfReader

from rulepress import paths
from rulepress.draw.pdf import Meta, duplex_mode, new_canvas, print_preferences
from rulepress.model import load_games


def _fonts(reader: PdfReader):
    """Every font dictionary used by a page, its forms included."""
    seen = set()

    def walk(resources):
        if resources is None:
            return
        resources = resources.get_object()
        for font in resources.get("/Font", {}).values():
            if font.indirect_reference is None or font.indirect_reference.idnum not in seen:
                if font.indirect_reference is not None:
                    seen.add(font.indirect_reference.idnum)
                yield font.get_object()
        for xobject in resources.get("/XObject", {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                yield from walk(xobject.get("/Resources"))

    for page in reader.pages:
        yield from walk(page.get("/Resources"))


def _embedded(font) -> bool:
    if "/DescendantFonts" in font:
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(
        k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")
    )


def test_every_pdf_embeds_its_fonts_and_carries_metadata(bundled_build):
    out, result = bundled_build
    authors = {c.id: c.game.author for c in load_games(paths.BUNDLED_CONTENT)}
    pdfs = sorted(p for p in Path(out).rglob("*.pdf") if "site" not in p.relative_to(out).parts[:1])
    kinds = {e["kind"] for e in result.manifest if e["path"].endswith(".pdf")}
    assert {"cards", "board", "quickref", "calibration"} <= kinds
    assert len(pdfs) > 40
    dates = set()
    for path in pdfs:
        reader = PdfReader(path)
        fonts = list(_fonts(reader))
        assert fonts, path
        for font in fonts:
            assert _embedded(font), (path.name, font.get("/BaseFont"))
        info = reader.metadata
        assert info.title and info.creator == "Rulepress", path
        game = path.relative_to(out).parts[0]
        if "board" not in path.name:  # boards get the game's author once their renderer passes the game
            assert info.author == authors[game], path
        dates.add(info["/CreationDate"])
    assert len(dates) == 1  # a fixed date: the same input gives the same bytes
    sheets = {"cards", "tiles", "tokens", "money", "pieces", "board", "quickref", "calibration"}
    duplex = {"cards", "tiles", "tokens", "money", "calibration"}
    for entry in result.manifest:
        if entry["kind"] in sheets and entry["path"].endswith(".pdf"):
            prefs = PdfReader(Path(out) / entry["path"]).trailer["/Root"]["/ViewerPreferences"]
            assert prefs["/PrintScaling"] == "/None", entry["path"]
            if entry["kind"] in duplex:
                assert prefs["/Duplex"] in ("/DuplexFlipLongEdge", "/DuplexFlipShortEdge"), entry["path"]
            elif entry["kind"] == "quickref" and entry["pages"] == 2:  # two-sided panels
                assert prefs["/Duplex"] == "/DuplexFlipLongEdge", entry["path"]
            elif entry["kind"] != "pieces":  # pieces: duplex for tokens only
                assert prefs["/Duplex"] == "/Simplex", entry["path"]


def test_new_canvas_embeds_even_an_empty_page(tmp_path):
    target = tmp_path / "empty.pdf"
    c = new_canvas(target, (100, 100), Meta("empty", "Someone", "nothing"))
    c.drawString(10, 10, "x")
    c.showPage()
    c.save()
    reader = PdfReader(target)
    assert [f["/BaseFont"] for f in _fonts(reader)] and all(_embedded(f) for f in _fonts(reader))
    assert (reader.metadata.title, reader.metadata.author, reader.metadata.subject) == ("empty", "Someone", "nothing")


def test_marks_and_text_keep_5_mm_from_the_page_edge_in_every_sheet(bundled_build):
    """Card, tile, token and money sheets, quick references and calibration sheets of the bundled build."""
    import pdfplumber

    out, result = bundled_build
    pt = 25.4 / 72
    kinds = {"cards", "tiles", "tokens", "money", "quickref", "calibration"}
    checked = 0
    for entry in result.manifest:
        if entry["kind"] not in kinds or not entry["path"].endswith(".pdf"):
            continue
        with pdfplumber.open(Path(out) / entry["path"]) as pdf:
            for page in pdf.pages[:1]:  # the first front page: marks, cut lines, text (backs mirror it)
                W, H = page.width * pt, page.height * pt
                for item in page.lines + page.chars:
                    assert item["x0"] * pt >= 5 - 0.01 and item["top"] * pt >= 5 - 0.01, (entry["path"], item)
                    assert item["x1"] * pt <= W - 5 + 0.01 and item["bottom"] * pt <= H - 5 + 0.01, entry["path"]
        checked += 1
    assert checked > 30


@pytest.mark.parametrize(
    ("flip", "mode"), [(None, "/Simplex"), ("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge")]
)
def test_print_preferences_ask_for_actual_size_and_the_duplex_edge(tmp_path, flip, mode):
    target = tmp_path / "prefs.pdf"
    c = new_canvas(target, (100, 100), Meta("prefs"))
    print_preferences(c, duplex_mode(flip))
    c.drawString(10, 10, "x")
    c.showPage()
    c.save()
    prefs = PdfReader(target).trailer["/Root"]["/ViewerPreferences"]
    assert (prefs["/Duplex"], prefs["/PrintScaling"]) == (mode, "/None")
    with pytest.raises(ValueError):
        duplex_mode("diagonal")
