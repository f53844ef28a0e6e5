"""Card sheets measured in the PDF: trim positions, crop marks, duplex mirroring, fonts, pixels, bad input."""

import re
import subprocess
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest
import yaml
from PIL import Image
from pypdf import PdfReader

from rulepress.build import BuildOptions, build
from rulepress.draw.cardjobs import Settings, choose_paper
from rulepress.errors import ContentError, ContentErrors
from rulepress.layout.paper import PRINTABLE_MARGIN
from rulepress.layout.sheet import back_box
from rulepress.render.cards import GUIDE_BAND
from rulepress.scaffold import new_game

FIXTURE = Path(__file__).parent.parent / "data" / "cards" / "components.yaml"
PT = 25.4 / 72


def make_game(tmp_path: Path, edit=None) -> Path:
    """A scaffold game whose printed components are the fixture's (optionally edited)."""
    content = tmp_path / "content"
    folder = new_game("cardtest", content, table=False)
    game = yaml.safe_load((folder / "game.yaml").read_text())
    comps = yaml.safe_load(FIXTURE.read_text())
    if edit:
        edit(comps)
    game["components"] = [c for c in game["components"] if c["kind"] == "board"] + comps
    (folder / "game.yaml").write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False))
    return content


def build_cards(tmp_path, edit=None, **options):
    content = make_game(tmp_path, edit)
    out = tmp_path / "out"
    opts = BuildOptions(content=content, out=out, kinds=("cards", "calibration"))
    opts.papers = options.pop("papers", opts.papers)
    opts.cards = replace(opts.cards, **options)
    build(opts)
    return out / "cardtest"


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    return build_cards(tmp_path_factory.mktemp("cards"))


def poker_grid(paper: str, **settings):
    """The paper (turned as the sheet is) and grid of a poker deck with default settings."""
    return choose_paper(paper, (63.5, 88.9), Settings(**settings))


def fill_rects(page, color=None):
    """Filled rectangles in mm, top-left origin, larger than 10 mm (the card backgrounds)."""
    result = []
    for r in page.rects:
        if r["fill"] and r["width"] * PT > 10:
            if color is None or tuple(round(v, 2) for v in r["non_stroking_color"]) == color:
                result.append((r["x0"] * PT, r["top"] * PT, r["width"] * PT, r["height"] * PT))
    return result


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fronts_at_the_grid_positions_and_backs_mirrored(sheets, paper):
    p, g = poker_grid(paper)
    assert g.per_page == {"a4": 8, "letter": 6}[paper]  # landscape, cards spaced by twice the bleed
    with pdfplumber.open(sheets / f"deck.en.{paper}.pdf") as pdf:
        assert len(pdf.pages) == 4  # 11 cards: 2 front pages, each followed by its backs
        assert pdf.pages[0].width > pdf.pages[0].height
        front = sorted(fill_rects(pdf.pages[0], (1.0, 1.0, 1.0)))
        expected = sorted((t.x - 3, t.y - 3, t.w + 6, t.h + 6) for t in g.trims)
        assert len(front) == g.per_page
        for got, want in zip(front, expected):
            assert got == pytest.approx(want, abs=0.1)
        back = sorted(fill_rects(pdf.pages[1], (0.13, 0.19, 0.38)))
        mirrored = sorted(
            (b.x - 3, b.y - 3, b.w + 6, b.h + 6) for b in (back_box(t, p.width, p.height, "long") for t in g.trims)
        )
        assert len(back) == g.per_page
        for got, want in zip(back, mirrored):
            assert got == pytest.approx(want, abs=0.1)
        assert len(fill_rects(pdf.pages[3], (0.13, 0.19, 0.38))) == 11 - g.per_page


def test_every_card_has_its_own_bleed_with_a_gap_of_twice_the_bleed(sheets):
    """Measured in the PDF: neighbouring cards' painted areas (trim + bleed) touch, their trims are 6 mm apart."""
    p, g = poker_grid("a4")
    with pdfplumber.open(sheets / "deck.en.a4.pdf") as pdf:
        front = sorted(fill_rects(pdf.pages[0], (1.0, 1.0, 1.0)), key=lambda r: (round(r[1]), r[0]))
    row = [r for r in front if abs(r[1] - front[0][1]) < 0.1]
    assert len(row) == g.cols
    for a, b in zip(row, row[1:]):
        trim_a_right = a[0] + a[2] - 3
        trim_b_left = b[0] + 3
        assert trim_b_left - trim_a_right == pytest.approx(6.0, abs=0.01)
        assert b[0] - (a[0] + a[2]) == pytest.approx(0.0, abs=0.01)  # each card paints its full 3 mm bleed


def test_butted_cards_share_cut_lines(tmp_path):
    out = build_cards(tmp_path, gap="butted", papers=("a4",))
    p, g = poker_grid("a4", gap="butted")
    assert (p.width, g.per_page) == (210, 9)
    with pdfplumber.open(out / "deck.en.a4.pdf") as pdf:
        page = pdf.pages[0]
        assert page.width < page.height
        front = fill_rects(page, (1.0, 1.0, 1.0))
        verticals = {round(ln["x0"] * PT, 2) for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01}
    assert len(front) == 9
    assert len(verticals) == 4  # three columns, four cut lines


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_marks_and_text_stay_5_mm_from_the_page_edge(sheets, paper):
    for name in ("deck.en", "chips.en", "money.de", "tiles.de"):
        with pdfplumber.open(sheets / f"{name}.{paper}.pdf") as pdf:
            for page in pdf.pages:
                W, H = page.width * PT, page.height * PT
                for ln in page.lines:
                    assert min(ln["x0"], ln["top"]) * PT >= 5 - 0.01, (name, ln)
                    assert ln["x1"] * PT <= W - 5 + 0.01 and ln["bottom"] * PT <= H - 5 + 0.01, (name, ln)
                for ch in page.chars:
                    assert min(ch["x0"], ch["top"]) * PT >= 5 and ch["x1"] * PT <= W - 5
                    assert ch["bottom"] * PT <= H - 5, (name, ch["text"])


def test_a_layout_closer_to_the_edge_than_5_mm_is_an_error(tmp_path):
    content = make_game(tmp_path)
    layouts = content / "cardtest" / "layouts"
    layouts.mkdir(exist_ok=True)
    (layouts / "edgy.yaml").write_text("extends: basic-card\nsheet: {page_clearance: 2}\n")
    game = yaml.safe_load((content / "cardtest" / "game.yaml").read_text())
    deck = next(c for c in game["components"] if c.get("id") == "deck")
    deck["layout"] = "edgy"
    (content / "cardtest" / "game.yaml").write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False))
    with pytest.raises(ContentError, match=r"deck deck, layout edgy on a4: page_clearance 2 mm is less than the 5"):
        build(BuildOptions(content=content, out=tmp_path / "out", kinds=("cards",), papers=("a4",)))
    assert not list((tmp_path / "out").glob("cardtest/deck.*.pdf"))


def test_no_crop_marks_for_the_empty_rows_of_the_last_page(sheets):
    p, g = poker_grid("a4")  # 11 cards, 8 a page: the second page holds one row of three
    with pdfplumber.open(sheets / "deck.en.a4.pdf") as pdf:
        lines = pdf.pages[2].lines
    outer = g.outer  # marks lie outside the grid (write-in lines on a card are inside)
    horizontal = {
        round(ln["top"] * PT, 1)
        for ln in lines
        if abs(ln["top"] - ln["bottom"]) < 0.01 and (ln["x1"] * PT < outer.x or ln["x0"] * PT > outer.right)
    }
    vertical = {round(ln["x0"] * PT, 1) for ln in lines if abs(ln["x0"] - ln["x1"]) < 0.01}
    assert horizontal == {round(g.trims[0].y, 1), round(g.trims[0].bottom, 1)}
    assert len(vertical) == 6  # three cards, each with its own two cut lines
    assert max(ln["bottom"] * PT for ln in lines) <= g.trims[0].bottom + 3 + 0.5 + 4 + 0.01  # marks of row 1 only


def test_short_edge_flip_and_offset(tmp_path):
    out = build_cards(tmp_path, flip="short", offset=(1.5, -2.0), papers=("a4",))
    p, g = poker_grid("a4")
    with pdfplumber.open(out / "deck.en.a4.pdf") as pdf:
        back = sorted(fill_rects(pdf.pages[1], (0.13, 0.19, 0.38)))
    want = sorted(
        (b.x - 3, b.y - 3, b.w + 6, b.h + 6)
        for b in (back_box(t, p.width, p.height, "short", (1.5, -2.0)) for t in g.trims)
    )
    for got, exp in zip(back, want):
        assert got == pytest.approx(exp, abs=0.1)
    prefs = PdfReader(out / "deck.en.a4.pdf").trailer["/Root"]["/ViewerPreferences"]
    assert (prefs["/Duplex"], prefs["/PrintScaling"]) == ("/DuplexFlipShortEdge", "/None")
    prefs = PdfReader(out / "calibration.a4.pdf").trailer["/Root"]["/ViewerPreferences"]
    assert (prefs["/Duplex"], prefs["/PrintScaling"]) == ("/DuplexFlipShortEdge", "/None")


def test_crop_marks_on_trim_lines_outside_bleed(sheets):
    p, g = poker_grid("a4")
    xs = sorted({round(v, 2) for t in g.trims for v in (t.x, t.right)})
    with pdfplumber.open(sheets / "deck.en.a4.pdf") as pdf:
        lines = pdf.pages[0].lines
    vertical = [ln for ln in lines if abs(ln["x0"] - ln["x1"]) < 0.01]
    assert sorted({round(ln["x0"] * PT, 2) for ln in vertical}) == pytest.approx(xs, abs=0.1)
    outer = g.outer
    for ln in vertical:  # outside the bleed, or (the bottom ones, above the guidance line) 1 mm into it at most
        top, bottom = ln["top"] * PT, ln["bottom"] * PT
        assert bottom <= outer.y - 3 + 0.01 or top >= outer.bottom + 2 - 0.01
        assert top >= 5 - 0.01 and bottom <= p.height - 5 + 0.01
        assert bottom - top >= 3 - 0.01  # never shorter than 3 mm


def _forms(pages) -> set[int]:
    forms = set()
    for page in pages:
        xobjects = page["/Resources"].get("/XObject", {})
        forms |= {xobjects[name].indirect_reference.idnum for name in xobjects}
    return forms


def test_shared_back_is_stored_once_and_fonts_are_embedded(sheets):
    reader = PdfReader(sheets / "deck.en.a4.pdf")
    assert len(_forms(reader.pages[1::2])) == 1  # the shared back
    # fronts: card a (7 copies) and card b (3 copies) stored once each (card c, a single copy, is drawn in place)
    assert len(_forms(reader.pages[0::2])) == 2
    assert not _forms(reader.pages[0::2]) & _forms(reader.pages[1::2])
    content = reader.pages[2].get_contents().get_data()
    assert content.count(b" Do") == 2  # page 2: two copies of b (its form); card c in place
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = (
                font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
                if "/DescendantFonts" in font
                else font["/FontDescriptor"]
            )
            assert "/FontFile2" in descriptor.get_object()
            fonts.add(str(font["/BaseFont"]))
    assert any("DejaVuSans-Bold" in f for f in fonts)


def test_text_stays_in_the_safe_zone_and_marks_are_visible(sheets):
    p, g = poker_grid("a4")
    with pdfplumber.open(sheets / "deck.en.a4.pdf") as pdf:
        page = pdf.pages[2]
        chars = page.chars
        text = page.extract_text()
    assert "reconstructed" in text and "text unknown" in text and "? (unknown)" in text
    safe = [(t.x + 3.2, t.y + 3.2, t.right - 3.2, t.bottom - 3.2) for t in g.trims]
    band = p.height - PRINTABLE_MARGIN - GUIDE_BAND  # the print guidance under the cards
    for ch in (ch for ch in chars if ch["top"] * PT < band - 0.05):
        x0, x1, top, bottom = ch["x0"] * PT, ch["x1"] * PT, ch["top"] * PT, ch["bottom"] * PT
        assert any(
            s[0] - 0.05 <= x0 and x1 <= s[2] + 0.05 and s[1] - 0.05 <= top and bottom <= s[3] + 0.05 for s in safe
        ), ch["text"]


def test_nothing_drawn_outside_the_bleed(sheets, tmp_path):
    p, g = poker_grid("a4")
    dpi = 50
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-png", "-f", "1", "-l", "2", str(sheets / "deck.en.a4.pdf"), str(tmp_path / "p")],
        check=True,
    )
    for png, allowed_marks in (("p-1.png", True), ("p-2.png", False)):
        image = Image.open(tmp_path / png).convert("L")
        px = image.load()
        outer = g.outer
        bleed_area = (outer.x - 3, outer.y - 3, outer.right + 3, outer.bottom + 3)
        mark_band = 3 + 0.5 + 4 + 0.5
        for y in range(image.height):
            for x in range(0, image.width, 2):
                xm, ym = (x + 0.5) * 25.4 / dpi, (y + 0.5) * 25.4 / dpi
                inside = (
                    bleed_area[0] - 0.6 <= xm <= bleed_area[2] + 0.6
                    and bleed_area[1] - 0.6 <= ym <= bleed_area[3] + 0.6
                )
                in_marks = allowed_marks and (
                    outer.x - mark_band <= xm <= outer.right + mark_band
                    and outer.y - mark_band <= ym <= outer.bottom + mark_band
                )
                in_guide = p.height - PRINTABLE_MARGIN - GUIDE_BAND <= ym <= p.height - PRINTABLE_MARGIN
                if not inside and not in_marks and not in_guide:
                    assert px[x, y] > 250, (png, xm, ym)
        assert px[image.width // 2, image.height // 2] < 250 or png == "p-1.png"


def test_tiles_tokens_money_and_calibration(sheets):
    with pdfplumber.open(sheets / "tiles.de.a4.pdf") as pdf:
        assert len(pdf.pages) == 2
        assert "Bedrohung" in pdf.pages[1].extract_text() and "Rekrut" in pdf.pages[0].extract_text()
    with pdfplumber.open(sheets / "chips.en.letter.pdf") as pdf:
        assert "Chip" in pdf.pages[0].extract_text()
    with pdfplumber.open(sheets / "money.en.a4.pdf") as pdf:
        assert pdf.pages[0].extract_text().count("1 million") == 3
    assert len(PdfReader(sheets / "calibration.a4.pdf").pages) == 2
    for name in ("deck.en.a4.pdf", "money.de.letter.pdf", "calibration.a4.pdf"):  # duplex, long edge by default
        prefs = PdfReader(sheets / name).trailer["/Root"]["/ViewerPreferences"]
        assert (prefs["/Duplex"], prefs["/PrintScaling"]) == ("/DuplexFlipLongEdge", "/None"), name


def test_build_is_deterministic(tmp_path, sheets):
    again = build_cards(tmp_path, papers=("a4",))
    assert (again / "deck.de.a4.pdf").read_bytes() == (sheets / "deck.de.a4.pdf").read_bytes()


def _set(comp_id, **changes):
    def edit(comps):
        for comp in comps:
            if comp["id"] == comp_id:
                for key, value in changes.items():
                    if key == "card":
                        comp["cards"][0].update(value)
                    else:
                        comp[key] = value

    return edit


@pytest.mark.parametrize(
    "edit, message",
    [
        (
            _set("deck", card={"text": {"de": "viel " * 900, "en": "much " * 900}}),
            "game cardtest, deck deck, card a: text",
        ),
        (_set("deck", card={"title": {"de": "Zeichen \u6f22", "en": "Sign \u6f22"}}), "no glyph for '\u6f22' U+6F22"),
        (_set("deck", size="jumbo"), "unknown size preset 'jumbo'"),
        (_set("deck", size={"width": 400, "height": 100}), "does not fit on paper"),
        (_set("deck", card={"text": {"de": ":moon:", "en": ":moon:"}}), "unknown icon :moon:"),
    ],
)
def test_bad_input_is_a_clear_error_and_writes_nothing(tmp_path, edit, message):
    with pytest.raises((ContentError, ContentErrors), match=re.escape(message)):  # all problems at once
        build_cards(tmp_path, edit, papers=("a4",))
    assert not list((tmp_path / "out").glob("cardtest/deck.*.pdf"))


def _cut_circle_darkness(pdf: Path, tmp_path: Path) -> list[int]:
    """Rendered at 200 dpi: per chip and per ray (every 30 degrees), the darkest pixel within 0.15 mm of the
    25 mm trim circle."""
    import math

    p, g = choose_paper("a4", (25, 25), Settings())
    dpi = 200
    tmp_path.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "c")], check=True
    )
    image = Image.open(next(tmp_path.glob("c-*.png"))).convert("L")
    assert image.size == (round(p.width / 25.4 * dpi), round(p.height / 25.4 * dpi))
    result = []
    for trim in g.trims[:4]:  # the four chips printed
        cx, cy = trim.centre
        for angle in range(0, 360, 30):
            samples = []
            for step in range(-3, 4):  # 0.05 mm steps across the circle
                r = 12.5 + step * 0.05
                x = (cx + r * math.cos(math.radians(angle))) / 25.4 * dpi
                y = (cy + r * math.sin(math.radians(angle))) / 25.4 * dpi
                samples.append(image.getpixel((int(x), int(y))))
            result.append(min(samples))
    return result


def test_round_tokens_get_their_cut_circle(sheets, tmp_path):
    assert max(_cut_circle_darkness(sheets / "chips.en.a4.pdf", tmp_path / "crop")) < 140
    none = build_cards(tmp_path, marks="none", papers=("a4",))
    assert min(_cut_circle_darkness(none / "chips.en.a4.pdf", tmp_path / "none")) > 200  # marks: none draws none


def test_each_page_says_how_to_print_it_clear_of_the_crop_marks(sheets):
    with pdfplumber.open(sheets / "deck.en.a4.pdf") as pdf:
        for page in pdf.pages[:2]:
            words = " ".join(page.extract_text().split())
            assert "Print both sides (duplex), flip on the long edge, at actual size (100 %" in words
            guide = [ch for ch in page.chars if ch["bottom"] * PT > page.height * PT - 10]
            assert guide and min(ch["size"] for ch in guide) >= 6.0
            top = min(ch["top"] for ch in guide)
            assert max(ch["bottom"] for ch in guide) * PT <= page.height * PT - 5.0 + 1e-6
            for line in page.lines:  # the marks end above the guidance line
                assert line["bottom"] <= top + 0.01 or line["top"] >= max(ch["bottom"] for ch in guide)
    with pdfplumber.open(sheets / "deck.de.a4.pdf") as pdf:
        assert "an der langen Kante wenden" in pdf.pages[0].extract_text()


def test_a_classic_back_is_framed_twice_in_its_title_colour(sheets):
    """A shared back without `back_elements` is designed, not a flat colour and a word: a solid and a dashed
    frame in the title's colour inside each back, the same whichever way up the card lies."""
    p, g = poker_grid("a4")
    with pdfplumber.open(sheets / "deck.en.a4.pdf") as pdf:
        page = pdf.pages[1]
        outlines = [
            o
            for o in page.rects + page.curves
            if o.get("stroke") and tuple(round(v, 2) for v in o.get("stroking_color") or ()) == (1.0, 1.0, 1.0)
        ]
        title = [ch for ch in page.chars if ch["text"].strip()]
    backs = [back_box(t, p.width, p.height, "long") for t in g.trims]
    for back in backs:
        inside = [
            o
            for o in outlines
            if back.x - 0.1 <= o["x0"] * PT
            and o["x1"] * PT <= back.right + 0.1
            and back.y - 0.1 <= o["top"] * PT
            and o["bottom"] * PT <= back.bottom + 0.1
        ]
        widths = sorted(round(o["linewidth"] * PT, 2) for o in inside)
        assert widths == [0.2, 0.5], (back, widths)  # the fine dashed frame inside the solid one
        dashed = [o for o in inside if o.get("dash") and o["dash"][0]]
        assert len(dashed) == 1
    on_backs = [
        ch for ch in title if any(b.x <= ch["x0"] * PT <= b.right and b.y <= ch["top"] * PT <= b.bottom for b in backs)
    ]
    assert on_backs and all(tuple(round(v, 2) for v in ch["non_stroking_color"]) == (1.0, 1.0, 1.0) for ch in on_backs)
