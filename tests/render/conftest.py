"""Helpers of the renderer tests: a small game with every printed kind and a picture deck."""

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
