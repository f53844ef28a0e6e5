"""Faces drawn from layout elements: positions in mm, art to the bleed edge, pictures unchanged,
game fonts embedded, layout mistakes reported by `check content` at their line."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
import yaml
from PIL import Image

from rulepress.build import BuildOptions, build
from rulepress.commands.check_content import run as run_check_content
from rulepress.draw.cardjobs import Settings, choose_paper
from rulepress.errors import ContentErrors, RulepressError
from rulepress.layout.sheet import back_box
from rulepress.paths import FONTS
from rulepress.scaffold import new_game

PT = 25.4 / 72
LAYOUT = """\
extends: basic-card
size: poker
elements:
  - {kind: rect, from: bleed, fill: "{color}"}
  - {kind: image, src: "{image}", x: 10, y: 10, w: 20, h: 20, fit: contain, when: image}
  - {kind: text, text: "{title}", x: 5, y: 40, w: 53.5, h: 10, font: Fancy, size: 12, align: center}
  - {kind: icon, icon: "{symbol}", repeat: "{values.power}", x: 5, y: 60, w: 53.5, h: 8, size: 8}
"""


def poker_grid():
    """The grid the renderer chooses for poker cards on A4 with the default sheet settings."""
    _paper, g = choose_paper("a4", (63.5, 88.9), Settings())
    return g


def poker_back(index: int):
    """Where the back of card `index` lands on the back page (default long-edge flip)."""
    paper, g = choose_paper("a4", (63.5, 88.9), Settings())
    return back_box(g.trims[index], paper.width, paper.height, Settings().flip)


def check_content(content: Path) -> None:
    """`rulepress check content` on the games in `content` (layouts are checked with the renderers)."""
    run_check_content(content, [])


def game(tmp_path: Path, layout: str = LAYOUT, cards=None) -> Path:
    content = tmp_path / "content"
    folder = new_game("facetest", content, table=False)
    (folder / "layouts").mkdir(exist_ok=True)  # the new game has a layout of its own
    (folder / "layouts" / "art-card.yaml").write_text(layout)
    (folder / "fonts").mkdir()
    (folder / "fonts" / "fancy.ttf").write_bytes((FONTS / "DejaVuSansCondensed.ttf").read_bytes())
    Image.new("RGB", (300, 300), (10, 120, 200)).save(folder / "art.png")
    data = yaml.safe_load((folder / "game.yaml").read_text())
    data["fonts"] = [{"name": "Fancy", "file": "fonts/fancy.ttf"}]
    data["components"] = [c for c in data["components"] if c["kind"] == "board"] + [
        {
            "id": "deck",
            "kind": "deck",
            "name": {"de": "Stapel", "en": "Deck"},
            "layout": "art-card",
            "provenance": "seed",
            "fields": {"symbol": {"kind": "id"}},
            "cards": cards
            or [
                {
                    "id": "a",
                    "title": {"de": "Erste", "en": "First"},
                    "color": "#c03030",
                    "image": "art.png",
                    "values": {"power": 3},
                    "fields": {"symbol": "cannon"},
                },
                {
                    "id": "b",
                    "qty": 2,
                    "title": {"de": "Zweite", "en": "Second"},
                    "color": "#30c030",
                    "values": {"power": 1},
                    "fields": {"symbol": "cavalry"},
                },
            ],
        }
    ]
    (folder / "game.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    return content


@pytest.fixture(scope="module")
def sheet(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("face")
    content = game(tmp)
    build(BuildOptions(content=content, out=tmp / "out", kinds=("cards",), papers=("a4",)))
    return tmp / "out" / "facetest" / "deck.en.a4.pdf", content / "facetest"


def test_text_sits_where_the_layout_puts_it_in_the_game_font(sheet):
    pdf, _ = sheet
    g = poker_grid()
    with pdfplumber.open(pdf) as doc:
        words = doc.pages[0].extract_words(extra_attrs=["fontname", "size"])
    first = next(w for w in words if w["text"] == "First")
    trim = g.trims[0]
    assert first["fontname"].endswith("DejaVuSansCondensed") and first["size"] == pytest.approx(12, abs=0.01)
    centre = (first["x0"] + first["x1"]) / 2 * PT - trim.x
    assert centre == pytest.approx(63.5 / 2, abs=0.3)
    assert trim.y + 40 <= first["top"] * PT <= trim.y + 50


def test_fonts_are_embedded(sheet):
    pdf, _ = sheet
    with pikepdf.open(pdf) as doc:
        for page in doc.pages:
            for font in page.Resources.get("/Font", {}).values():
                desc = font.get("/FontDescriptor") or font.DescendantFonts[0].FontDescriptor
                assert "/FontFile2" in desc


def test_art_reaches_the_bleed_edge(sheet, tmp_path):
    pdf, _ = sheet
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "p")], check=True)
    page = Image.open(tmp_path / "p-1.png").convert("RGB")
    g = poker_grid()
    cell = g.bleeds[0]
    px = lambda mm: round(mm / 25.4 * 50)  # noqa: E731
    assert page.getpixel((px(cell.x + 0.6), px(cell.y + 30))) == pytest.approx((192, 48, 48), abs=6)
    assert page.getpixel((px(g.trims[0].x + 20), px(g.trims[0].y + 20))) == pytest.approx((10, 120, 200), abs=6)


def test_png_data_goes_in_unchanged(sheet):
    pdf, folder = sheet
    from rulepress.draw.pictures import png_layout

    raw = (folder / "art.png").read_bytes()
    idat = b"".join(raw[s : s + n] for s, n in png_layout(folder / "art.png").idat)
    with pikepdf.open(pdf) as doc:
        images = [o for o in doc.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]
        assert any(o.read_raw_bytes() == idat for o in images)


def test_icon_row_repeats_by_a_number_field(sheet):
    pdf, _ = sheet
    trim = poker_grid().trims[0]
    with pdfplumber.open(pdf) as doc:
        chars = [
            c
            for c in doc.pages[0].chars
            if "Icons" in c["fontname"]
            and trim.x <= c["x0"] * PT <= trim.right
            and trim.y <= c["top"] * PT <= trim.bottom
        ]
    assert len(chars) == 3  # power 3
    lefts = sorted(c["x0"] * PT for c in chars)
    assert lefts[1] - lefts[0] == pytest.approx(9, abs=0.05)  # 8 mm icons, 1 mm apart


@pytest.mark.parametrize(
    "layout, line, message",
    [
        (LAYOUT.replace("font: Fancy", "font: Nope"), 6, "unknown font 'Nope'"),
        (LAYOUT.replace("{values.power}", "{values.speed}"), 7, "unknown field {values.speed}"),
        (LAYOUT.replace("kind: image", "kind: picture"), 5, "unknown element kind 'picture'"),
        (LAYOUT.replace("x: 10,", "x: 10mm,"), 5, "valid number"),
    ],
)
def test_check_content_reports_layout_mistakes_at_their_line(tmp_path, layout, line, message):
    content = game(tmp_path, layout)
    with pytest.raises(RulepressError) as info:
        check_content(content)
    problem = info.value.problems()[0]
    assert problem.path.endswith("art-card.yaml") and problem.line == line and message in problem.message


def test_missing_card_image_is_reported_at_the_card(tmp_path):
    content = game(tmp_path, cards=[{"id": "a", "image": "missing.png", "fields": {"symbol": "cannon"}}])
    with pytest.raises(RulepressError, match="image 'missing.png' is not found"):
        check_content(content)


def test_picture_deck_pictures_unchanged_to_the_bleed(tmp_path):
    """A picture deck: PNG and JPEG fronts go in unchanged and cover trim and bleed; same sheet grid."""
    content = tmp_path / "content"
    folder = new_game("pictest", content, table=False)
    Image.new("RGB", (821, 1121), (200, 40, 40)).save(folder / "a.png")
    Image.new("RGB", (821, 1121), (40, 40, 200)).save(folder / "b.jpg", quality=90)
    Image.new("RGB", (821, 1121), (30, 30, 30)).save(folder / "back.png")
    data = yaml.safe_load((folder / "game.yaml").read_text())
    data["components"] = [c for c in data["components"] if c["kind"] == "board"] + [
        {
            "id": "pics",
            "kind": "deck",
            "name": {"de": "Bilder", "en": "Pictures"},
            "layout": "picture-card",
            "provenance": "seed",
            "back": "b",
            "backs": [{"id": "b", "image": "back.png"}],
            "cards": [{"id": "a", "image": "a.png", "qty": 2}, {"id": "b", "image": "b.jpg"}],
        }
    ]
    (folder / "game.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    build(BuildOptions(content=content, out=tmp_path / "out", kinds=("cards",), papers=("a4",)))
    pdf = tmp_path / "out" / "pictest" / "pics.en.a4.pdf"
    with pikepdf.open(pdf) as doc:
        raws = {
            o.read_raw_bytes() for o in doc.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"
        }
    assert (folder / "b.jpg").read_bytes() in raws and len(raws) == 3
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-f", "1", "-l", "2", str(pdf), str(tmp_path / "p")], check=True)
    front = Image.open(tmp_path / "p-1.png").convert("RGB")
    g = poker_grid()
    px = lambda mm: round(mm / 25.4 * 50)  # noqa: E731
    cell = g.bleeds[0]
    assert front.getpixel((px(cell.x + 0.5), px(cell.y + 0.5))) == pytest.approx((200, 40, 40), abs=6)
    assert front.getpixel((px(g.bleeds[2].x + 30), px(g.bleeds[2].y + 40))) == pytest.approx((40, 40, 200), abs=8)
    back = Image.open(tmp_path / "p-2.png").convert("RGB")
    box = poker_back(0)
    assert back.getpixel((px(box.x + 30), px(box.y + 40))) == pytest.approx((30, 30, 30), abs=6)


def test_icon_licence_travels_with_the_sheets(sheet):
    pdf, _ = sheet
    with pikepdf.open(pdf) as doc:
        assert "CC BY 3.0" in str(doc.docinfo["/Subject"]) and "game-icons.net" in str(doc.docinfo["/Subject"])
    credits = (pdf.parent / "icons-license.txt").read_text(encoding="utf-8")
    assert "Creative Commons Attribution 3.0" in credits
    assert credits.strip().endswith("Icons used on these sheets: cannon, cavalry")


BUNDLED_SHEETS = [
    "risk/territory-cards",
    "revolution-1848/person-cards-known",
    "revolution-1848/army-cards",
    "revolution-1848/extra-cards-known",
    "anti-monopoly-3/cooperation",
    "anti-monopoly-3/money",
    "anti-monopoly-3/action",
    "anti-monopoly-3/accusation-chips",
    "xidit/city-tiles",
]


@pytest.mark.parametrize("sheet_name", BUNDLED_SHEETS)
def test_bundled_redesigned_sheets_print_readable_text(bundled_build, sheet_name):
    """Every bundled card sheet is drawn from elements; no printed text below 5 pt; every font embedded."""
    out, _ = bundled_build
    pdf = out / f"{sheet_name}.en.a4.pdf"
    with pdfplumber.open(pdf) as doc:
        sizes = [round(c["size"], 2) for page in doc.pages[:2] for c in page.chars]
        names = {c["fontname"] for page in doc.pages[:2] for c in page.chars}
    assert sizes and min(sizes) >= 5.0, (sheet_name, min(sizes))
    assert any("Icons" in n for n in names), f"{sheet_name}: no game-icons.net icon on the sheet"
    assert all("+" in n for n in names), names  # subset-embedded TrueType fonts only


def test_game_font_without_a_glyph_is_a_located_error(tmp_path):
    from rulepress.errors import ContentError

    content = game(
        tmp_path,
        cards=[
            {
                "id": "a",
                "title": {"de": "Zeichen \u6f22", "en": "Sign \u6f22"},
                "values": {"power": 1},
                "fields": {"symbol": "cannon"},
            }
        ],
    )
    with pytest.raises((ContentError, ContentErrors), match="font Fancy has no glyph for '\u6f22' U\\+6F22"):
        build(BuildOptions(content=content, out=tmp_path / "out", kinds=("cards",), papers=("a4",)))


def test_unusable_font_file_is_reported_at_its_declaration(tmp_path):
    content = game(tmp_path)
    (content / "facetest" / "fonts" / "fancy.ttf").write_bytes(b"OTTO" + bytes(200))
    with pytest.raises(RulepressError) as info:
        check_content(content)
    problem = info.value.problems()[0]
    assert (
        problem.path.endswith("game.yaml")
        and problem.key == "fonts.0.file"
        and "cannot use font file" in problem.message
    )


UNKNOWN_LAYOUT = """\
extends: basic-card
size: poker
elements:
  - {kind: text, text: "{values.power}", x: 20, y: 10, w: 20, h: 15, size: 20, align: center, valign: middle}
  - {kind: text, text: "Power: {values.power}", x: 5, y: 60, w: 53.5, h: 6, size: 9, align: center}
"""


def test_an_unknown_value_prints_as_a_write_in_field_never_a_bare_question_mark(tmp_path):
    card = {"id": "u", "title": {"de": "U", "en": "U"}, "values": {"power": None}, "fields": {"symbol": "cannon"}}
    content = game(tmp_path, UNKNOWN_LAYOUT, [card])
    build(BuildOptions(content=content, out=tmp_path / "out", kinds=("cards",), papers=("a4",)))
    with pdfplumber.open(tmp_path / "out" / "facetest" / "deck.en.a4.pdf") as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        assert "?" not in text
        assert "Power: ____" in text  # inside a text: a blank to fill in, after its label
        trim = poker_grid().trims[0]
        # the value standing alone: a line to write on, inside its box (x 20..40 mm, y 10..25 mm of the card)
        lines = [
            ln
            for ln in page.lines
            if abs(ln["top"] - ln["bottom"]) < 0.1
            and trim.x + 20 <= ln["x0"] / (72 / 25.4) < ln["x1"] / (72 / 25.4) <= trim.x + 40
            and trim.y + 10 <= ln["top"] / (72 / 25.4) <= trim.y + 25
        ]
        assert lines, "no write-in line where the unknown value stands"


def test_a_known_value_that_is_a_question_mark_prints_as_itself(tmp_path):
    """Unknown is what the content says (a value left empty), not what the value looks like: a card whose
    power really is the text "?" prints "?", in both places, and draws no write-in line."""
    card = {"id": "q", "title": {"de": "Q", "en": "Q"}, "values": {"power": "?"}, "fields": {"symbol": "cannon"}}
    content = game(tmp_path, UNKNOWN_LAYOUT, [card])
    build(BuildOptions(content=content, out=tmp_path / "out", kinds=("cards",), papers=("a4",)))
    with pdfplumber.open(tmp_path / "out" / "facetest" / "deck.en.a4.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "Power: ?" in text and "____" not in text
    assert text.count("?") == 2
