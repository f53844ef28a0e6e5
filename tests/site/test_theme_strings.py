"""The theme's own words in the page's language: Furo writes its icon titles and some labels in English
without gettext; the message catalogs translate each of them (`theme_literals`), and no German page keeps one."""

from __future__ import annotations

import re
from pathlib import Path

import furo
import pytest

from rulepress import i18n

ICONS = Path(furo.__file__).parent / "theme" / "furo" / "partials" / "icons.html"


def _icon_titles() -> list[str]:
    titles = re.findall(r"<title>([^<]+)</title>", ICONS.read_text(encoding="utf-8"))
    assert len(titles) >= 5, "the theme's icon titles moved"
    return titles


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_every_icon_title_of_the_theme_has_a_translation(lang):
    literals = i18n.words(lang, "site")["theme_literals"]
    missing = [t for t in _icon_titles() if f"<title>{t}</title>" not in literals]
    assert missing == [], (lang, missing)


def test_german_pages_keep_none_of_the_theme_s_english_words(bundled_build):
    out, _result = bundled_build
    literals = i18n.words("de", "site")["theme_literals"]
    english = [snippet for snippet, translated in literals.items() if snippet != translated]
    pages = sorted((out / "site" / "de").rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        text = page.read_text(encoding="utf-8")
        left = [snippet for snippet in english if snippet in text]
        assert left == [], (page.name, left)
