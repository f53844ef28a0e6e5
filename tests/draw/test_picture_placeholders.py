"""Raster pictures go into the PDFs as their files' data; a picture prepared but not drawn is no error.

Regression: a shared back with a PNG that the layout does not show, and a one-card edit of a spreadsheet
deck (only the changed face is drawn again, while every picture of the component is prepared), stopped
the build with ``picture placeholders not found in the PDF``.
"""

from __future__ import annotations

import csv

import pikepdf
import pytest
from PIL import Image

from rulepress.build import BuildOptions, build
from rulepress.scaffold import new_game

BACK_IMAGE = '  - {kind: image, src: "{image}", x: 10, y: 10, w: 43, h: 43}\n'


def _deck(folder, cards: int = 16) -> None:
    """The new game's deck as a 16-card spreadsheet, its shared back a 64 x 64 PNG."""
    rows = [["id", "qty", "title.en", "title.fr", "text.en", "text.fr", "values.value"]]
    rows += [[f"c{i}", "1", f"Card {i}", f"Carte {i}", f"Move {i}.", f"Avance de {i}.", str(i)] for i in range(1, 17)]
    rows[2][0] = "two"  # the example pictures show the card "two"
    with open(folder / "cards.csv", "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows[: cards + 1])
    Image.new("RGB", (64, 64), (200, 30, 30)).save(folder / "back.png")
    game = (folder / "game.yaml").read_text(encoding="utf-8")
    game = game.replace("    count: 3\n", f"    count: {cards}\n")
    game = game.replace("      - id: default\n", "      - id: default\n        image: back.png\n")
    (folder / "game.yaml").write_text(game, encoding="utf-8")


def _show_back_image(folder) -> None:
    layout = folder / "layouts" / "number-card.yaml"
    text = layout.read_text(encoding="utf-8")
    head, tail = text.split("back_elements:\n")
    first, rest = tail.split("\n", 1)
    layout.write_text(f"{head}back_elements:\n{first}\n{BACK_IMAGE}{rest}", encoding="utf-8")


def _edit_card(folder, old: str, new: str) -> None:
    path = folder / "cards.csv"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def _images(pdf_path) -> int:
    """The image XObjects of a PDF (inside forms too)."""
    with pikepdf.open(pdf_path) as pdf:
        return sum(1 for obj in pdf.objects if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image")


@pytest.mark.parametrize("shown", [False, True], ids=["back-image-not-in-layout", "back-image-drawn"])
def test_a_one_card_edit_of_a_spreadsheet_deck_with_a_picture_back_builds_like_a_clean_build(tmp_path, shown):
    content = tmp_path / "games"
    folder = new_game("demo", content, languages=("en", "fr"))
    _deck(folder)
    if shown:
        _show_back_image(folder)
    options = dict(content=content, papers=("a4",), kinds=("cards", "exports", "rulebook"))
    out = tmp_path / "out"
    build(BuildOptions(out=out, **options))
    _edit_card(folder, "Move 5.", "Move 5 now.")
    again = build(BuildOptions(out=out, **options))
    assert again.built and "demo/cards.en.a4.pdf" in again.built
    clean = build(BuildOptions(out=tmp_path / "clean", **options))
    assert {e["path"]: e["sha256"] for e in again.manifest} == {e["path"]: e["sha256"] for e in clean.manifest}
    sheet = out / "demo" / "cards.en.a4.pdf"
    assert (_images(sheet) > 0) == shown  # the back's PNG is in the sheet exactly when the layout draws it
