import subprocess
from pathlib import Path

import pdfplumber
import pytest
import yaml
from PIL import Image
from pypdf import PdfReader

from rulepress.build import BuildOptions, build
from rulepress.errors import ContentError
from rulepress.layout.paper import PRINTABLE_MARGIN
from rulepress.layout.sheet import Box, back_box
from rulepress.scaffold import new_game

PT = 25.4 / 72

PIECES = [
    {
        "id": "discs",
        "kind": "pieces",
        "name": {"de": "Scheiben", "en": "Discs"},
        "count": 5,
        "count_unknown": True,
        "piece": {"form": "token", "shape": "hexagon", "size": {"width": 24, "height": 21}},
        "provenance": {"kind": "reconstructed", "note": "a test"},
        "cards": [
            {
                "id": "d",
                "qty": 5,
                "title": {"de": "7", "en": "7"},
                "text": {"de": "Vorne", "en": "Front"},
                "color": "#1f4e9c",
                "back_face": {"title": {"de": "B", "en": "B"}, "color": "#c0392b"},
            }
        ],
    },
    {
        "id": "heroes",
        "kind": "pieces",
        "name": {"de": "Helden", "en": "Heroes"},
        "count": 2,
        "piece": {"form": "standee", "size": {"width": 25, "height": 40}, "base": 12},
        "provenance": {"kind": "original"},
        "cards": [{"id": "h", "qty": 2, "title": {"de": "Held", "en": "Hero"}, "color": "#2c7a3f"}],
    },
]


def make_game(tmp_path: Path, pieces) -> Path:
    content = tmp_path / "content"
    folder = new_game("piecetest", content, table=False)
    game = yaml.safe_load((folder / "game.yaml").read_text())
    game["components"] = [c for c in game["components"] if c["kind"] == "board"] + pieces
    (folder / "game.yaml").write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False))
    return content


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("pieces")
    build(BuildOptions(content=make_game(tmp, PIECES), out=tmp / "out", kinds=("pieces",), papers=("a4",)))
    return tmp / "out" / "piecetest"


def _prefs(path: Path) -> dict:
    prefs = PdfReader(path).trailer["/Root"]["/ViewerPreferences"]
    return {k: str(v) for k, v in prefs.items()}


def test_tokens_print_duplex_and_standees_on_one_side_at_actual_size(out):
    assert _prefs(out / "discs.en.a4.pdf") == {"/PrintScaling": "/None", "/Duplex": "/DuplexFlipLongEdge"}
    assert _prefs(out / "heroes.en.a4.pdf") == {"/PrintScaling": "/None", "/Duplex": "/Simplex"}
    assert len(PdfReader(out / "discs.en.a4.pdf").pages) == 2  # fronts, then backs
    assert len(PdfReader(out / "heroes.en.a4.pdf").pages) == 1


def test_the_margin_says_how_to_print_and_that_the_count_is_reconstructed(out):
    with pdfplumber.open(out / "discs.de.a4.pdf") as pdf:
        front = pdf.pages[0].extract_text()
        for page in pdf.pages:
            w, h = page.width * PT, page.height * PT
            for ch in page.chars:
                assert ch["size"] >= 6.0 - 1e-6, ch["text"]
                assert ch["x0"] * PT >= PRINTABLE_MARGIN and ch["x1"] * PT <= w - PRINTABLE_MARGIN
                assert ch["top"] * PT >= PRINTABLE_MARGIN and ch["bottom"] * PT <= h - PRINTABLE_MARGIN
    flat = " ".join(front.split())
    assert "Beidseitig drucken, an der langen Kante wenden" in flat
    assert "100 %" in flat and "(×5)" in flat and "rekonstruiert" in flat
    with pdfplumber.open(out / "heroes.en.a4.pdf") as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert "Print on one side" in text and "fold on the dashed middle line" in text
    assert "reconstructed" not in text


def _png(pdf: Path, page: int, tmp_path: Path) -> Image.Image:
    stem = tmp_path / f"{pdf.stem}-{page}"
    subprocess.run(["pdftoppm", "-r", "100", "-png", "-f", str(page), "-l", str(page), str(pdf), str(stem)], check=True)
    return Image.open(next(tmp_path.glob(f"{stem.name}*.png"))).convert("RGB")


def _near(pixel, color: str, tol: int = 40) -> bool:
    want = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    return all(abs(a - b) <= tol for a, b in zip(pixel, want))


def test_token_backs_sit_behind_their_fronts_in_their_own_colour(out, tmp_path):
    pdf = out / "discs.en.a4.pdf"
    with pdfplumber.open(pdf) as doc:
        page_w, page_h = doc.pages[0].width * PT, doc.pages[0].height * PT
        seven = next(w for w in doc.pages[0].extract_words() if w["text"] == "7")
        b = next(w for w in doc.pages[1].extract_words() if w["text"] == "B")
    # the first front's back is where the long-edge flip brings it (columns of a portrait page, rows of a landscape one)
    centre = ((seven["x0"] + seven["x1"]) / 2 * PT, (seven["top"] + seven["bottom"]) / 2 * PT)
    mirrored = back_box(Box(centre[0], centre[1], 0, 0), page_w, page_h, "long")
    back_centre = ((b["x0"] + b["x1"]) / 2 * PT, (b["top"] + b["bottom"]) / 2 * PT)
    assert back_centre[0] == pytest.approx(mirrored.x, abs=1.0)
    assert abs(back_centre[1] - mirrored.y) < 6  # the same token (its title sits a little off centre)
    front, back = _png(pdf, 1, tmp_path), _png(pdf, 2, tmp_path)
    beside = (round((seven["x0"] * PT - 2) / 25.4 * 100), round(centre[1] / 25.4 * 100))
    assert _near(front.getpixel(beside), "#1f4e9c")
    spot = back_box(Box(seven["x0"] * PT - 2, centre[1], 0, 0), page_w, page_h, "long")
    assert _near(back.getpixel((round(spot.x / 25.4 * 100), round(spot.y / 25.4 * 100))), "#c0392b")


def test_the_standee_back_is_upside_down_above_the_fold(out):
    with pdfplumber.open(out / "heroes.en.a4.pdf") as pdf:
        page = pdf.pages[0]
        heroes = [c for c in page.chars if c["text"] == "H" and c["size"] > 9]  # the titles, not the margin
        folds = sorted({round(e["top"] * PT, 1) for e in page.lines if abs(e["top"] - e["bottom"]) < 0.01})
    upright = [c for c in heroes if c["upright"] and c["matrix"][0] > 0]
    turned = [c for c in heroes if c["matrix"][0] < 0]
    assert len(upright) == 2 and len(turned) == 2  # each standee: the front upright, the back turned
    # three folds per standee: base tab, the middle (where the faces join), base tab
    assert len(folds) == 3
    middle = folds[1]
    assert all(c["top"] * PT > middle for c in upright) and all(c["bottom"] * PT < middle for c in turned)


def test_a_text_too_long_for_its_piece_is_an_error_naming_the_component(tmp_path):
    long = [dict(PIECES[0], cards=[dict(PIECES[0]["cards"][0], text={"de": "Wort " * 40, "en": "word " * 40})])]
    with pytest.raises(ContentError, match="discs"):
        build(BuildOptions(content=make_game(tmp_path, long), out=tmp_path / "out", kinds=("pieces",), papers=("a4",)))
    assert not (tmp_path / "out" / "piecetest" / "discs.en.a4.pdf").exists()


def test_a_piece_icon_is_printed_on_every_face_and_credited(tmp_path):
    chips = {
        "id": "chips",
        "kind": "pieces",
        "name": {"de": "Chips", "en": "Chips"},
        "count": 2,
        "piece": {"form": "token", "shape": "circle", "size": {"width": 20, "height": 20}, "icon": "cannon"},
        "provenance": {"kind": "original"},
        "cards": [{"id": "c", "qty": 2, "title": {"de": "5", "en": "5"}, "color": "#1f4e9c"}],
    }
    content = make_game(tmp_path, [chips])
    build(BuildOptions(content=content, out=tmp_path / "out", kinds=("pieces", "cards"), papers=("a4",)))
    pdf = tmp_path / "out" / "piecetest" / "chips.en.a4.pdf"
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:  # fronts and backs
            icons = [c for c in page.chars if "Icons" in c["fontname"]]
            assert len(icons) == 2 and all(c["size"] > 20 for c in icons)  # large, behind the title
    assert "CC BY 3.0" in str(PdfReader(pdf).metadata["/Subject"])
    credits = (tmp_path / "out" / "piecetest" / "icons-license.txt").read_text(encoding="utf-8")
    assert credits.strip().endswith("Icons used on these sheets: cannon")
    chips["piece"]["icon"] = "no-such-icon"
    with pytest.raises(ContentError) as info:
        build(
            BuildOptions(
                content=make_game(tmp_path / "bad", [chips]),
                out=tmp_path / "bad-out",
                kinds=("pieces",),
                papers=("a4",),
            )
        )
    assert info.value.problem.key.endswith("piece.icon") and "unknown icon 'no-such-icon'" in info.value.problem.message


def test_one_sided_pieces_of_several_components_share_pages(out, tmp_path):
    assert not (out / "one-sided-pieces.en.a4.pdf").exists()  # one one-sided component: nothing to share
    pawns = {
        "id": "pawns",
        "kind": "pieces",
        "name": {"de": "Spielsteine", "en": "Pawns"},
        "count": 3,
        "piece": {"form": "pawn", "size": {"width": 18, "height": 26}},
        "provenance": {"kind": "original"},
        "cards": [{"id": "p", "qty": 3, "title": {"de": "P", "en": "P"}, "color": "#8e44ad"}],
    }
    content = make_game(tmp_path, PIECES + [pawns])
    build(BuildOptions(content=content, out=tmp_path / "out", kinds=("pieces",), papers=("a4", "letter")))
    folder = tmp_path / "out" / "piecetest"
    for paper in ("a4", "letter"):
        shared = folder / f"one-sided-pieces.en.{paper}.pdf"
        assert _prefs(shared) == {"/PrintScaling": "/None", "/Duplex": "/Simplex"}
        with pdfplumber.open(shared) as pdf:
            assert len(pdf.pages) == 1  # two standees and three pawns: one sheet, not two
            page = pdf.pages[0]
            text = " ".join(page.extract_text().split())
            titles = [c for c in page.chars if c["size"] > 9 and c["upright"] and c["matrix"][0] > 0]
            w, h = page.width * PT, page.height * PT
            for ch in page.chars:
                assert ch["size"] >= 6.0 - 1e-6
                assert PRINTABLE_MARGIN <= ch["x0"] * PT and ch["x1"] * PT <= w - PRINTABLE_MARGIN
                assert PRINTABLE_MARGIN <= ch["top"] * PT and ch["bottom"] * PT <= h - PRINTABLE_MARGIN
        assert "Heroes (×2), Pawns (×3)" in text and "Discs" not in text  # the tokens print duplex on their own
        assert "Heroes: Cut along" in text and "Pawns: Cut along" in text
        assert sorted(c["text"] for c in titles if c["text"] in "HP") == ["H"] * 2 + ["P"] * 3
        assert (folder / f"heroes.en.{paper}.pdf").exists() and (folder / f"pawns.en.{paper}.pdf").exists()
