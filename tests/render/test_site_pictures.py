"""The rules pages of every bundled game show illustrated worked examples (rulepress.draw.examplepictures)."""

from __future__ import annotations

import re

import pytest
from PIL import Image

from rulepress import i18n, paths
from rulepress.model import load_games

FIGURE = re.compile(r'<img src="(pictures/[^"]+\.png)" width="(\d+)" height="(\d+)" alt="([^"]+)"')
BOX = re.compile(r'<div class="rp-example [^"]*" id="([^"]+)">(.*?)<a class="rp-example-id"', re.S)


@pytest.mark.parametrize("game", sorted(p.name for p in paths.BUNDLED_CONTENT.iterdir() if (p / "game.yaml").is_file()))
def test_every_bundled_rules_page_shows_at_least_two_illustrated_examples(bundled_build, game):
    out, _result = bundled_build
    for lang in load_games(paths.BUNDLED_CONTENT, [game])[0].game.languages:
        page = out / "site" / lang / game / "rules.html"
        html = page.read_text(encoding="utf-8")
        illustrated = {box: FIGURE.findall(body) for box, body in BOX.findall(html) if "rp-pictures" in body}
        assert len(illustrated) >= 2, (page, list(illustrated))
        words = i18n.words(lang, "site")
        prefixes = [words[k].split("{")[0] for k in ("picture_cards", "picture_dice", "picture_board")]
        for figures in illustrated.values():
            assert figures
            for src, width, height, alt in figures:
                assert any(p in alt for p in prefixes), (lang, alt)  # in the page's language
                with Image.open(page.parent / src) as im:
                    assert im.format == "PNG"
                    assert im.width >= 2 * int(width) and im.height >= 2 * int(height) - 2, (src, im.size)
