"""Helpers of the renderer tests: a small game with every printed kind and a picture deck, and a bundled board
painted as the build draws it."""

from pathlib import Path

import pytest
import yaml
from PIL import Image

from rulepress.scaffold import new_game

FIXTURE = Path(__file__).parent.parent / "data" / "cards" / "components.yaml"


def make_picture_game(tmp: Path, name: str) -> Path:
    """The card fixture plus a picture deck: an opaque saturated PNG, a photo-like JPEG and a PNG with alpha."""
    folder = new_game(name, tmp / "content")
    game = yaml.safe_load((folder / "game.yaml").read_text())
    fixture = [c for c in yaml.safe_load(FIXTURE.read_text()) if c["id"] in ("deck", "chips")]
    art = folder / "art"
    art.mkdir()
    Image.new("RGB", (410, 560), (0, 40, 255)).save(art / "blue.png")
    gradient = Image.linear_gradient("L").resize((410, 560)).convert("RGB")
    Image.merge("RGB", (gradient.getchannel(0), Image.new("L", (410, 560), 30), Image.new("L", (410, 560), 10))).save(
        art / "photo.jpg", quality=90
    )
    ghost = Image.new("RGBA", (410, 560), (10, 10, 10, 0))
    ghost.paste((20, 0, 0, 255), (100, 100, 300, 460))
    ghost.save(art / "ghost.png")
    pictures = {
        "id": "pictures",
        "kind": "deck",
        "name": {"de": "Bilder", "en": "Pictures"},
        "layout": "picture-card",
        "size": "poker",
        "provenance": "original",
        "cards": [
            {"id": "blue", "title": {"de": "Blau", "en": "Blue"}, "image": "art/blue.png"},
            {"id": "photo", "title": {"de": "Foto", "en": "Photo"}, "image": "art/photo.jpg"},
            {"id": "ghost", "title": {"de": "Geist", "en": "Ghost"}, "image": "art/ghost.png"},
        ],
    }
    game["components"] = [c for c in game["components"] if c["kind"] == "board"] + fixture + [pictures]
    (folder / "game.yaml").write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False))
    return folder


@pytest.fixture(scope="session")
def picture_game():
    """`make_picture_game(tmp, name)`: the game's folder."""
    return make_picture_game


@pytest.fixture(scope="session")
def paint_board(tmp_path_factory):
    """paint_board(game, lang, dpi): a bundled game's first board as the build draws it (its scene with the
    game's other content), written to a PDF and rendered at `dpi`: (content, board, scene, pdf, image)."""
    return lambda game, lang, dpi: _painted_board(game, tmp_path_factory, lang, dpi)


def _painted_board(game: str, tmp_path_factory, lang: str, dpi: float):
    import pypdfium2 as pdfium

    from rulepress import paths
    from rulepress.draw import boardpaint
    from rulepress.model import load_game
    from rulepress.render import boards

    content = load_game(paths.BUNDLED_CONTENT / game)
    board = content.game.boards[0]
    scene = boardpaint.content_scene(content, board, lang)
    scene.folder = content.folder
    pdf = tmp_path_factory.mktemp(game) / f"board.{lang}.pdf"
    boards.write_full(board, lang, pdf, scene)
    doc = pdfium.PdfDocument(str(pdf))
    try:
        image = doc[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    return content, board, scene, pdf, image
