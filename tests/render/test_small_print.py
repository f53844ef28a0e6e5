"""What a player reads is at least 6 pt, and nothing but paper lies within 5 mm of a home sheet's edge: every
PDF of the bundled games' build, read with PDFium (each glyph's size times its transformation, so text in a
scaled form or a rotated label counts at the size it prints)."""

from __future__ import annotations

import ctypes
import math

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from reportlab.pdfgen import canvas

from rulepress.layout.smallprint import MIN_PT

EDGE_MM = 5.0


def glyph_sizes(path) -> list[tuple[int, str, float]]:
    """(page, character, printed size in pt) of every visible glyph of a PDF."""
    found = []
    pdf = pdfium.PdfDocument(path)
    for number in range(len(pdf)):
        text = pdf[number].get_textpage()
        for k in range(text.count_chars()):
            char = chr(raw.FPDFText_GetUnicode(text.raw, k))
            if not char.strip():
                continue
            matrix = raw.FS_MATRIX()
            raw.FPDFText_GetMatrix(text.raw, k, ctypes.byref(matrix))
            found.append((number + 1, char, raw.FPDFText_GetFontSize(text.raw, k) * math.hypot(matrix.c, matrix.d)))
    pdf.close()
    return found


def inked_edges(path, dpi: int = 36) -> list[tuple[int, str, int]]:
    """(page, edge, darkest grey) of each page edge with ink within `EDGE_MM` of the paper's edge."""
    band = int((EDGE_MM - 0.1) * dpi / 25.4)
    found = []
    pdf = pdfium.PdfDocument(path)
    for number in range(len(pdf)):
        image = pdf[number].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        w, h = image.size
        for edge, box in {
            "top": (0, 0, w, band),
            "bottom": (0, h - band, w, h),
            "left": (0, 0, band, h),
            "right": (w - band, 0, w, h),
        }.items():
            darkest = min(image.crop(box).get_flattened_data())
            if darkest < 235:
                found.append((number + 1, edge, darkest))
    pdf.close()
    return found


def test_the_measures_see_scaled_and_rotated_text_and_ink_near_the_edge(tmp_path):
    """The helpers find what they look for: 10 pt text scaled by 0.5 is 5 pt, rotated 10 pt is 10 pt, a line
    3 mm from the edge is ink there."""
    path = tmp_path / "probe.pdf"
    c = canvas.Canvas(str(path), pagesize=(595, 842))
    c.setFont("Helvetica", 10)
    c.drawString(100, 400, "A")
    c.saveState()
    c.translate(200, 400)
    c.scale(0.5, 0.5)
    c.drawString(0, 0, "B")
    c.restoreState()
    c.saveState()
    c.translate(300, 400)
    c.rotate(90)
    c.drawString(0, 0, "C")
    c.restoreState()
    c.line(3 / 25.4 * 72, 300, 3 / 25.4 * 72, 500)
    c.save()
    sizes = {char: round(size, 3) for _page, char, size in glyph_sizes(path)}
    assert sizes == {"A": 10.0, "B": 5.0, "C": 10.0}
    assert inked_edges(path) == [(1, "left", pytest.approx(0, abs=120))]


def test_no_glyph_under_6_pt_in_any_pdf_of_the_bundled_games(bundled_build):
    """Every page of every PDF of the bundled build, A4 and Letter (card, tile, token and money sheets, pieces,
    quick references, calibration, rulebooks, boards): no glyph under 6 pt, turned or scaled ones included (the
    provenance marks and the calibration's ruler numbers among them)."""
    out, _result = bundled_build
    pdfs = sorted(p for p in out.glob("*/*.pdf"))
    assert len(pdfs) > 50
    stems = {p.name.split(".")[0] for p in pdfs}
    assert {"calibration", "rulebook", "rulebook-booklet", "one-sided-pieces", "money", "armies"} <= stems
    small = {}
    for path in pdfs:
        for page, char, size in glyph_sizes(path):
            if size < MIN_PT - 0.005:
                small.setdefault(path.name, (page, char, round(size, 2)))
    assert small == {}


def test_nothing_within_5_mm_of_the_edge_of_a_home_sheet(bundled_build):
    """Every page on A4 or Letter (card sheets, pieces, tiles and their assembly page, quick references,
    calibration, rulebooks): the outer 5 mm are blank."""
    out, _result = bundled_build
    sheets = sorted(p for p in out.glob("*/*.pdf") if ".a4." in p.name or ".letter." in p.name)
    assert any(p.name.endswith(".tiled.pdf") for p in sheets) and len(sheets) > 40
    inked = {p.name: inked_edges(p)[:1] for p in sheets}
    assert {name: found for name, found in inked.items() if found} == {}
