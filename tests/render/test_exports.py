"""PNG exports at 300 dpi (bleed and trimmed) and Tabletop Simulator deck sheets."""

from pathlib import Path

import pytest
import yaml
from PIL import Image

from rulepress.build import BuildOptions, build
from rulepress.model import load_game
from rulepress.render.exports import card_images, tts_grid
from rulepress.scaffold import new_game

FIXTURE = Path(__file__).parent.parent / "data" / "cards" / "components.yaml"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("exports")
    folder = new_game("cardtest", tmp / "content", table=False)
    game = yaml.safe_load((folder / "game.yaml").read_text())
    game["components"] = [c for c in game["components"] if c["kind"] == "board"] + yaml.safe_load(FIXTURE.read_text())
    (folder / "game.yaml").write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False))
    out = tmp / "out"
    build(BuildOptions(content=tmp / "content", out=out, kinds=("exports",), papers=("a4",)))
    return out, load_game(folder)


def px(mm):
    return round(mm / 25.4 * 300)


def test_one_png_per_design_at_300_dpi_with_and_without_bleed(built):
    out, content = built
    folder = out / "cardtest" / "deck.en.images"
    assert sorted(p.name for p in (folder / "trim").iterdir()) == ["a.png", "b.png", "back-plain.png", "c.png"]
    with Image.open(folder / "bleed" / "a.png") as im:
        assert im.size == (px(63.5 + 6), px(88.9 + 6)) == (821, 1121)  # exactly trim + bleed at 300 dpi
        assert im.mode == "RGB"
        assert im.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    with Image.open(folder / "trim" / "a.png") as im:
        assert im.size == (px(63.5), px(88.9)) == (750, 1050)
        assert im.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    with Image.open(out / "cardtest" / "chips.en.images" / "bleed" / "chip.png") as im:
        assert im.size == (px(25 + 6), px(25 + 6))
    with Image.open(folder / "trim" / "back-plain.png") as im:
        assert im.getpixel((5, 5)) == pytest.approx((0x20, 0x30, 0x60), abs=2)  # the back colour reaches the trim
    tiles = out / "cardtest" / "tiles.de.images" / "trim"
    assert {p.name for p in tiles.iterdir()} == {"t1.png", "t1.back.png"}


def test_print_shop_pdf_one_card_per_page_with_trim_and_bleed_boxes(built):
    from pypdf import PdfReader

    out, content = built
    reader = PdfReader(out / "cardtest" / "deck.en.print.pdf")
    assert len(reader.pages) == 2 * 11  # 11 printed copies, front and back each
    pt = 72 / 25.4
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 69.5 * pt, 94.9 * pt], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 69.5 * pt, 94.9 * pt], abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx([3 * pt, 3 * pt, 66.5 * pt, 91.9 * pt], abs=0.01)
    assert "/TrimBox" in reader.pages[0] and "/BleedBox" in reader.pages[0]
    texts = [p.extract_text() for p in reader.pages[:4]]
    assert "Back" in texts[1] or texts[1] != texts[0]  # a back follows each front
    assert reader.metadata.title.endswith("(print shop, one card per page)")


def test_card_images_names_the_trimmed_fronts(built):
    out, content = built
    images = card_images(content, out)
    assert [p.name for p in images["deck"]["de"]] == ["a.png", "b.png", "c.png"]
    assert all(p.exists() for comp in images.values() for paths in comp.values() for p in paths)


def test_tts_sheets(built):
    out, _ = built
    folder = out / "cardtest" / "deck.en.tts"
    with Image.open(folder / "deck-1.jpg") as sheet:
        assert sheet.format == "JPEG" and sheet.mode == "RGB" and max(sheet.size) <= 4096
        cols, rows, cell = tts_grid(12, (px(63.5), px(88.9)))
        assert sheet.size == (cols * cell[0], rows * cell[1])
    assert (folder / "back.png").exists()
    assert (out / "cardtest" / "tiles.en.tts" / "backs-1.jpg").exists()


def test_tts_sheets_say_their_grid_count_and_real_resolution(built):
    import json

    out, _ = built
    folder = out / "cardtest" / "deck.en.tts"
    about = json.loads((folder / "deck.json").read_text(encoding="utf-8"))
    (sheet,) = about["sheets"]
    assert about["cards"] == sheet["cards"] == 11  # every printed copy once
    with Image.open(folder / sheet["face"]) as image:
        assert image.size == (sheet["columns"] * sheet["card_px"][0], sheet["rows"] * sheet["card_px"][1])
        # scaled down to fit 4096 px: the tag says the scaled resolution (JPEG: whole dpi), not 300 dpi
        assert sheet["dpi"] == pytest.approx(sheet["card_px"][0] / (63.5 / 25.4), abs=0.1)
        assert image.info["dpi"][0] == round(sheet["dpi"]) < 300
    assert sheet["back"] == "back.png"
    tiles = json.loads((out / "cardtest" / "tiles.en.tts" / "deck.json").read_text(encoding="utf-8"))
    assert tiles["sheets"][0]["back"] == "backs-1.jpg"  # individual backs


def test_tts_grid_limits():
    assert tts_grid(70, (750, 1050))[:2] == (10, 7)
    cols, rows, cell = tts_grid(70, (750, 1050))
    assert cols * cell[0] <= 4096 and rows * cell[1] <= 4096
    assert tts_grid(3, (100, 100)) == (3, 2, (100, 100))


def test_a_back_is_never_deduplicated_with_its_front(built):
    """Money has an individual back face with the front's texts: the back PNG is the banknote's back layout,
    not a copy of the front (faces are told apart by their side)."""
    out, _ = built
    trim = out / "cardtest" / "money.en.images" / "trim"
    front, back = (trim / "note-1.png").read_bytes(), (trim / "note-1.back.png").read_bytes()
    assert front != back
    with Image.open(trim / "note-1.png") as f, Image.open(trim / "note-1.back.png") as b:
        from PIL import ImageChops

        mask = ImageChops.difference(f.convert("RGB"), b.convert("RGB")).convert("L").point(lambda v: 255 if v else 0)
        differing = mask.histogram()[255]
        assert differing > 0.01 * f.width * f.height
    tts = out / "cardtest" / "money.en.tts"
    with Image.open(tts / "deck-1.jpg") as deck, Image.open(tts / "backs-1.jpg") as backs:
        assert deck.tobytes() != backs.tobytes()
