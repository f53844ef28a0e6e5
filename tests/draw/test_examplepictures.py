"""Worked examples' pictures: drawn from the example's own values by the card and board renderers
(rulepress.draw.examplepictures), checked with the example (exit code 2 at the `:picture:` line)."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from PIL import Image

from rulepress.check.examples import run_game
from rulepress.cli import main
from rulepress.draw.examplepictures import PIECE_COLORS, PNG_DENSITY, css_size, panels, picture_pdf, site_pictures
from rulepress.model import load_games
from rulepress.scaffold import new_game

EXAMPLE = """
```{{doctest}} ex-pictured
:picture: track track {{"A": start}}; arrows=[(f"f{{start}}", "goal")]; show=["f1", "goal"]; labels=the piece
:picture: cards card; labels=the card
>>> start, card = {start}, "{card}"
>>> move(start, 2)  # where the piece lands
4
```
"""


def _game(folder, start: int = 3, card: str = "two", extra: str = ""):
    """The `rulepress new` game with an illustrated example appended to every language's rules."""
    if not (folder / "g").is_dir():
        new_game("g", folder, ("en", "fr"))
    for rules in sorted((folder / "g").glob("rules.*.md")):
        text = rules.read_text(encoding="utf-8").split("\n```{doctest} ex-pictured")[0].rstrip("\n")
        rules.write_text(text + "\n" + EXAMPLE.format(start=start, card=card) + extra, encoding="utf-8")
    content = load_games(folder, ["g"])[0]
    return content, run_game(content)


def _red_x(png: bytes) -> float:
    """Mean x of the pixels in the first piece colour (where the piece stands)."""
    import numpy

    pixels = numpy.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=int)
    want = numpy.array([int(PIECE_COLORS[0][i : i + 2], 16) for i in (1, 3, 5)])
    xs = numpy.nonzero((abs(pixels - want) <= 10).all(axis=2))[1]
    assert len(xs), "the piece is not in the picture"
    return float(xs.mean())


def test_the_picture_follows_the_scenario_values(tmp_path):
    content, results = _game(tmp_path)
    assert all(r.passed and not r.picture_problems for r in results)
    before = {p.file: p for p in site_pictures(content, "en", results)}
    content, results = _game(tmp_path, start=2, card="one")
    after = {p.file: p for p in site_pictures(content, "en", results)}
    board, card = "ex-pictured-1-1.png", "ex-pictured-2-1.png"
    assert _red_x(after[board].png) < _red_x(before[board].png) - 20  # space 2 lies left of space 3
    assert before[card].png != after[card].png
    assert "Two" in before[card].alt and "One" in after[card].alt
    assert before[board].alt == "the piece: Excerpt of Track: Track 3 (A); Track 3 → Goal"
    assert "Track 2 (A)" in after[board].alt


def test_pictures_on_the_site_are_png_at_their_density_with_alt_text_in_the_language(tmp_path):
    content, results = _game(tmp_path)
    shown = site_pictures(content, "fr", results)
    assert [p.caption for p in shown if p.example == "ex-pictured"] == ["the piece", "the card"]
    card = next(p for p in shown if p.file == "ex-pictured-2-1.png")
    assert card.alt.startswith("the card: Cartes : Deux")
    with Image.open(io.BytesIO(card.png)) as im:
        assert PNG_DENSITY >= 2  # sharp on a phone's screen
        assert im.format == "PNG" and im.width == PNG_DENSITY * card.width
        assert abs(im.height - PNG_DENSITY * card.height) <= PNG_DENSITY


def test_the_printed_picture_is_vectors_with_the_cards_own_face(tmp_path):
    content, results = _game(tmp_path)
    result = next(r for r in results if r.id == "ex-pictured" and r.lang == "en")
    card = result.pictures[1]
    (panel,) = panels(content, card, "en")
    assert css_size(panel) == (round(panel.width * 2.2), round(panel.height * 2.2))
    with pdfplumber.open(io.BytesIO(picture_pdf(content, card, "en"))) as pdf:
        page = pdf.pages[0]
        words = page.extract_text()
        assert not page.images  # drawn, not pasted
        assert "Two" in words and "the card" in words
        caption = [ch for ch in page.chars if ch["text"] in "the card" and ch["top"] > page.height - 20]
        assert caption and {round(ch["size"], 1) for ch in caption} == {8.5}  # the caption: never under 8 pt


def test_a_picture_shrunk_for_print_sets_no_writing_under_the_smallest_size(tmp_path):
    content, results = _game(tmp_path)
    card = next(r for r in results if r.id == "ex-pictured" and r.lang == "en").pictures[1]
    plain = pdfplumber.open(io.BytesIO(picture_pdf(content, card, "en", width_mm=30)))
    small = pdfplumber.open(io.BytesIO(picture_pdf(content, card, "en", width_mm=30, min_text=8.0)))
    assert min(ch["size"] for ch in plain.pages[0].chars) < 8  # the card's own text, shrunk with the card
    page = small.pages[0]
    assert page.width < 32 * 72 / 25.4
    assert min(ch["size"] for ch in page.chars if ch["text"].strip()) >= 7.95
    assert "Two" in page.extract_text()  # the title still fits its line at 8 pt: shown, not hidden
    grey = [
        r
        for r in page.rects
        if r["non_stroking_color"] and all(abs(v - 0xA8 / 255) < 0.01 for v in r["non_stroking_color"][:3])
    ]
    assert grey, "the small print is not shown as grey lines"
    plain.close()
    small.close()


@pytest.mark.parametrize(
    ("old", "new", "picture", "says"),
    [
        ('card = 3, "two"', 'card = 3, "three"', ":picture: cards card", "no card, tile or token has the id 'three'"),
        ('"goal")]; show', '"finish")]; show', ':picture: track track {"A": start}', "has no space 'finish'"),
        ('{"A": start}', '{"A": begin}', ':picture: track track {"A": begin}', "name 'begin' is not defined"),
    ],
)
def test_an_unknown_card_space_or_value_stops_check_content_at_the_picture_line(
    tmp_path, capsys, old, new, picture, says
):
    _game(tmp_path)
    rules = tmp_path / "g" / "rules.en.md"
    text = rules.read_text(encoding="utf-8").replace(old, new)
    rules.write_text(text, encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith(picture))
    assert main(["check", "content", "--content", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"rules.en.md:{line}: example ex-pictured: picture: " in err and says in err, err


def test_a_build_with_a_picture_of_an_unknown_space_stops_before_writing_anything(tmp_path, capsys):
    _game(tmp_path / "content")
    rules = tmp_path / "content" / "g" / "rules.en.md"
    text = rules.read_text(encoding="utf-8").replace('"goal")]; show', '"finish")]; show')
    rules.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", "g", "--content", str(tmp_path / "content"), "--out", str(out)]) == 2
    assert "has no space 'finish'" in capsys.readouterr().err
    assert not (out / "manifest.json").exists()


def test_an_excerpt_leaves_out_a_title_legend_or_note_it_would_cut():
    from rulepress.draw.examplepictures import _whole_chrome
    from rulepress.layout.boardscene import Label, Shape
    from rulepress.layout.geometry import Rect

    items = [
        Shape(
            rect=Rect(80, 2, 60, 10), shape="box", fill="#fbf6e9", stroke="#1f4e79", stroke_width=0.8, owner="cartouche"
        ),  # half in the view
        Label((), Rect(82, 3, 56, 8), "title", "track"),
        Shape(
            rect=Rect(10, 60, 30, 20), shape="box", fill="#ffffff", stroke="#777777", stroke_width=0.25, owner="legend"
        ),  # wholly in it
        Label((), Rect(11, 61, 28, 5), "legend", "head"),
        Shape(rect=Rect(20, 20, 15, 15), shape="rect", fill="#cfe0f5", stroke="#333333", owner="s3"),
    ]
    kept = _whole_chrome(items, Rect(0, 8, 100, 80))
    assert [getattr(i, "owner", None) for i in kept] == ["legend", "head", "s3"]
