"""What of a board's scene an excerpt shows (rulepress.layout.sceneview): items that cannot mark the view are
left out, a texture is cut to it; drawn with and without the cut, an excerpt has the same pixels."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pypdfium2 as pdfium

from rulepress import paths
from rulepress.layout.boardscene import Halo, Label, Line, Region, Shape, Texture
from rulepress.layout.geometry import Rect
from rulepress.layout.sceneview import MARGIN, in_view, lines_near, points_near, reach

VIEW = Rect(100, 100, 50, 40)


def _square(x: float, y: float, side: float = 10.0) -> tuple:
    return ((x, y), (x + side, y), (x + side, y + side), (x, y + side))


def test_items_outside_the_view_and_its_margin_are_left_out_in_paint_order():
    inside = Region(rings=(_square(110, 110),), fill="#ffffff")
    beyond = Region(rings=(_square(10, 10),), fill="#ffffff")
    in_margin = Halo((_square(150 + MARGIN - 1, 120),), "#88aacc", 2.0)  # its stroke can reach into the view
    crossing = Line(((0.0, 120.0), (300.0, 120.0)), "#000000")  # both ends outside, the line through it
    label_far = Label((), Rect(300, 300, 20, 5), "space")
    unknown = object()  # a kind it does not know: kept
    items = [beyond, inside, label_far, in_margin, unknown, crossing]
    assert in_view(items, VIEW) == [inside, in_margin, unknown, crossing]
    assert reach(Shape(rect=Rect(1, 2, 3, 4), shape="rect", fill=None)) == Rect(1, 2, 3, 4)
    assert reach(Texture(Rect(0, 0, 5, 5), "dots", "#eeeeee", 2.0)) == Rect(0, 0, 5, 5)


def test_a_texture_is_cut_to_the_view_its_threads_kept_whole_where_they_cross_it():
    dots = [(x, y) for x in range(0, 300, 5) for y in range(0, 300, 5)]
    kept = points_near(dots, VIEW, 2.0)
    assert kept and all(98 <= x <= 152 and 98 <= y <= 142 for x, y in kept)
    assert len(kept) == 11 * 9
    across = ((0.0, 130.0), (300.0, 130.0))  # a straight thread: kept whole
    away = ((0.0, 10.0), (300.0, 10.0))
    wave = tuple((float(x), 120.0) for x in range(0, 300, 2))  # a row of waves: cut to its points near the view
    found = lines_near([across, away, wave], VIEW, 4.0)
    assert found[0] == across and len(found) == 2
    assert [x for x, _y in found[1]] == list(range(96, 155, 2))


def _pixels(pdf: bytes) -> str:
    document = pdfium.PdfDocument(pdf)
    try:
        image = document[0].render(scale=3).to_pil().convert("RGB")
    finally:
        document.close()
    return hashlib.sha256(image.tobytes()).hexdigest()


def test_an_excerpt_of_the_risk_map_has_the_same_pixels_drawn_cut_to_its_view_and_whole(monkeypatch):
    from rulepress.check.examples import ExampleRuns
    from rulepress.draw import boardpaint, examplepictures
    from rulepress.model import load_game

    content = load_game(Path(paths.BUNDLED_CONTENT) / "risk")
    runs = ExampleRuns(content)
    try:
        pictured = [r for r in runs.all() if r.lang == "en" and any(p["kind"] == "board" for p in r.pictures)]
    finally:
        runs.close()
    picture = next(p for p in pictured[0].pictures if p["kind"] == "board")
    cut = examplepictures.picture_pdf(content, picture, "en")
    monkeypatch.setattr(boardpaint.sceneview, "in_view", lambda items, view, margin=MARGIN: items)
    monkeypatch.setattr(boardpaint.sceneview, "points_near", lambda points, view, margin: points)
    monkeypatch.setattr(boardpaint.sceneview, "lines_near", lambda lines, view, margin: lines)
    whole = examplepictures.picture_pdf(content, picture, "en")
    assert len(cut) < len(whole) / 2  # the other territories and their textures are not in the file
    assert _pixels(cut) == _pixels(whole)
