"""SVG icons as a font: glyphs fill their cell, centred, deterministic bytes, broken SVGs reported."""

from __future__ import annotations

import io

import pytest

from rulepress.text.iconfont import BELOW, EXTENT, IconError, build, icon_files, icon_font

SQUARE = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M0 0H512V512H0Z"/></svg>'


def test_same_icons_same_bytes_and_one_glyph_each():
    from fontTools.ttLib import TTFont

    a = build((("box", SQUARE),), "IconsTest")
    assert a == build((("box", SQUARE),), "IconsTest")
    font = TTFont(io.BytesIO(a))
    assert font.getBestCmap()[0xE000] == "icon0"


def test_broken_svg_is_an_icon_error():
    with pytest.raises(IconError, match="not a readable SVG") as caught:
        build((("bad", b"<svg><path d='M 0 0 L"),), "IconsBad")
    assert caught.value.name == "bad"


def test_an_icon_with_more_points_than_a_glyph_holds_is_an_icon_error():
    """fontTools stopped with an OverflowError at 65,536 points (a 700 kB SVG has them), for every card."""
    path = " ".join(f"M{i % 500} {i // 500} l5 0 0 5z" for i in range(30_000))
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="{path}"/></svg>'.encode()
    with pytest.raises(IconError, match=r"too detailed for an icon: \d+ points, at most 65535") as caught:
        build((("busy", svg),), "IconsBusy")
    assert caught.value.name == "busy"


def test_bundled_icon_fills_and_centres_in_its_cell(tmp_path):
    import pypdfium2 as pdfium
    from reportlab.pdfgen import canvas

    from rulepress.text import fonts

    fonts.register()
    font = icon_font(None)
    assert {"cannon", "cavalry", "world"} <= set(icon_files(None))
    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(200, 200))
    size = 100 / EXTENT  # a 100 pt cell at (50, 50)
    c.setFont(font.name, size)
    c.drawCentredString(100, 50 + BELOW * size, font.char("world"))
    c.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0].render(scale=1).to_pil().convert("L")
    ink = page.point(lambda v: 255 if v < 128 else 0).getbbox()
    assert ink is not None
    left, top, right, bottom = ink
    assert (left + right) / 2 == pytest.approx(100, abs=3) and (top + bottom) / 2 == pytest.approx(100, abs=3)
    assert right - left > 85 and bottom - top > 85
