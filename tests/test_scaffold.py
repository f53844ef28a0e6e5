"""`rulepress new`: the new game's cards are drawn by a layout of its own, in the game folder."""

from __future__ import annotations

import subprocess

import pdfplumber
from PIL import Image

from rulepress.build import BuildOptions, build
from rulepress.draw.cardjobs import Settings, choose_paper
from rulepress.scaffold import new_game

PT = 25.4 / 72
BLUE = (0x1F, 0x4E, 0x79)


def test_the_new_games_number_cards_show_their_value_large_and_a_blue_bleed(tmp_path):
    folder = new_game("demo", tmp_path / "games")
    assert (folder / "layouts" / "number-card.yaml").is_file()  # the user's to change, like any game's layouts
    out = tmp_path / "out"
    build(BuildOptions(content=tmp_path / "games", out=out, papers=("a4",), kinds=("cards",)))
    pdf = out / "demo" / "cards.en.a4.pdf"
    with pdfplumber.open(pdf) as doc:
        words = doc.pages[0].extract_words(extra_attrs=["size", "fontname"])
    big = [w for w in words if w["size"] > 40]
    assert [w["text"] for w in big] == ["1", "2", "2"]  # one card per value, the Two twice (qty 2)
    corner = [w for w in words if w["text"] == "1" and 15 < w["size"] < 25]
    assert len(corner) == 2  # the corner index, and upside down in the opposite corner
    assert {w["text"] for w in words} >= {"One", "Two", "Move", "forward."}
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-f", "1", "-l", "2", str(pdf), str(tmp_path / "p")], check=True)
    front, back = (Image.open(tmp_path / f"p-{n}.png").convert("RGB") for n in (1, 2))
    _paper, grid = choose_paper("a4", (63.5, 88.9), Settings())
    trim = grid.trims[0]  # the first card: One

    def at(image, x_mm, y_mm):
        return image.getpixel((round(x_mm / 25.4 * 50), round(y_mm / 25.4 * 50)))

    assert abs((big[0]["x0"] + big[0]["x1"]) / 2 * PT - (trim.x + 31.5)) < 1  # the value centred in the circle
    assert _near(at(front, trim.x + 1.5, trim.y + 44), BLUE)  # the border, inside the trim
    assert _near(at(front, trim.x - 2, trim.y + 44), BLUE)  # the bleed
    assert _near(at(front, trim.x + 8, trim.y + 60), (0xFB, 0xF8, 0xF1))  # the light face
    assert _near(at(front, trim.x + 31.75, trim.y + 25), (0xDB, 0xE7, 0xF3))  # the circle behind the value
    assert sum(_near(back.getpixel((x, back.height // 2)), BLUE) for x in range(back.width)) > back.width // 3


def _near(rgb, want, tolerance=12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, want))
