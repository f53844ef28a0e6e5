"""`credits:` of game.yaml: in credits.txt, the card PDFs' metadata and the website's overview page."""

import yaml
from pypdf import PdfReader

from rulepress.model import load_game
from rulepress.options import CardOptions
from rulepress.render import cards
from rulepress.site.sources import GameExtras, render_game

CREDITS = [
    {
        "kind": "font",
        "name": "Fira Sans",
        "author": "Carrois Apostrophe",
        "licence": "SIL OFL 1.1",
        "source": "https://pypi.org/project/fonts-fira/",
    },
    {"kind": "art", "name": "Suit pictures", "author": "Jo Example", "licence": "CC BY 4.0"},
]


def test_credits_reach_file_pdf_metadata_and_site(tmp_path, picture_game):
    folder = picture_game(tmp_path, "credittest")
    game = yaml.safe_load((folder / "game.yaml").read_text())
    game["credits"] = CREDITS
    (folder / "game.yaml").write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False))
    content = load_game(folder)
    planned = cards.plan(content, CardOptions(papers=("a4",)))
    credits_file = next(a for a in planned if a.path.endswith("/credits.txt"))
    assert credits_file.bundles == ("credits",)
    credits_file.write(tmp_path / "credits.txt")
    text = (tmp_path / "credits.txt").read_text()
    assert (
        "Fira Sans (font)\n  by Carrois Apostrophe\n  licence: SIL OFL 1.1\n  source: https://pypi.org/project/fonts-fira/"
        in text
    )
    assert "Suit pictures (art)\n  by Jo Example\n  licence: CC BY 4.0" in text
    sheet = next(a for a in planned if a.path.endswith("deck.en.a4.pdf"))
    sheet.write(tmp_path / "deck.pdf")
    keywords = PdfReader(tmp_path / "deck.pdf").metadata["/Keywords"]
    assert (
        keywords
        == "Credits: Fira Sans (font) by Carrois Apostrophe, SIL OFL 1.1; Suit pictures (art) by Jo Example, CC BY 4.0"
    )
    for lang, heading in (("en", "## Credits"), ("de", "## Danksagungen und Rechte")):
        pages, _ = render_game(content, lang, GameExtras())
        overview = pages["credittest/index.md"].replace("\\", "")  # Markdown escapes (1\.1) removed
        assert heading in overview and "Carrois Apostrophe" in overview and "SIL OFL 1.1" in overview
    assert (
        "| Fira Sans (font) | Carrois Apostrophe | SIL OFL 1\\.1 |"
        in render_game(content, "en", GameExtras())[0]["credittest/index.md"]
    )


def test_a_game_without_credits_has_no_credits_file(tmp_path, picture_game):
    content = load_game(picture_game(tmp_path, "nocredits"))
    assert not any(a.path.endswith("/credits.txt") for a in cards.plan(content, CardOptions(papers=("a4",))))
