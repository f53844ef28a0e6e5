"""Art warnings: pictures under 300 ppi at print size and crops by fit: cover, at the card's image: line."""

import re

import yaml
from PIL import Image

from rulepress.draw import artcheck
from rulepress.model import load_game
from rulepress.options import CardOptions
from rulepress.render import cards


def test_effective_ppi_and_crop():
    assert artcheck.effective_ppi((744, 1039), (69.5, 94.9)) == min(744 / (69.5 / 25.4), 1039 / (94.9 / 25.4))
    assert round(artcheck.effective_ppi((744, 1039), (69.5, 94.9))) == 272  # the stretched picture
    assert artcheck.cropped_share((50, 50), (100, 50)) == 0.5
    assert artcheck.cropped_share((50, 50), (50, 50)) == 0.0


def test_low_resolution_and_cropped_art_are_warned_at_the_cards_image(tmp_path, picture_game):
    folder = picture_game(tmp_path, "arttest")
    Image.new("RGB", (1700, 1121), (200, 30, 30)).save(folder / "art" / "wide.png")  # sharp, but wide
    Image.new("RGB", (821, 1121), (30, 200, 30)).save(folder / "art" / "exact.png")  # 300 ppi, right shape
    game = yaml.safe_load((folder / "game.yaml").read_text())
    deck = next(c for c in game["components"] if c["id"] == "pictures")
    deck["cards"] += [
        {"id": "wide", "title": {"de": "Breit", "en": "Wide"}, "image": "art/wide.png"},
        {"id": "exact", "title": {"de": "Genau", "en": "Exact"}, "image": "art/exact.png"},
    ]
    (folder / "game.yaml").write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False))
    problems = cards.check(load_game(folder), CardOptions(papers=("a4",)))
    assert all(p.warning for p in problems), [str(p) for p in problems if not p.warning]
    lines = (folder / "game.yaml").read_text().splitlines()
    text = [str(p) for p in problems]
    blue = [p for p in problems if "art/blue.png" in p.message]
    assert blue and all(
        re.search(r"is 150 ppi at print size \(410 x 560 px over 69\.5 x 94\.9 mm\)", p.message) for p in blue
    )
    assert "image: art/blue.png" in lines[blue[0].line - 1], (blue[0], lines[blue[0].line - 1])  # the card's image:
    wide = [p for p in problems if "art/wide.png" in p.message]
    assert len(wide) == 1 and "cropped by fit: cover: 52% of it is cut off" in wide[0].message, wide
    assert not any("art/exact.png" in t for t in text)
    assert not any("ghost.png" in t and "cropped" in t for t in text)
