"""A game in a language beyond German, English and French: `rulepress new juego --languages es,en` makes a Spanish
game (the template is written in Spanish and Italian too) whose Spanish site has no English interface word, and whose
translation check is clean."""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rulepress import i18n
from rulepress.check import translations
from rulepress.model import load_game


class _Visible(HTMLParser):
    """The text a reader sees or hears: text outside scripts and styles, and labels, titles and placeholders."""

    def __init__(self):
        super().__init__()
        self.skip, self.parts = 0, []

    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("script", "style")
        self.parts += [v for k, v in attrs if k in ("aria-label", "title", "placeholder", "alt") and v]

    def handle_endtag(self, tag):
        self.skip -= tag in ("script", "style")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def _flat(data):
    if isinstance(data, dict):
        for value in data.values():
            yield from _flat(value)
    elif isinstance(data, list):
        for value in data:
            yield from _flat(value)
    else:
        yield str(data)


def _english_words() -> set[str]:
    """The English site words (and the theme's English messages) that Spanish says otherwise."""
    site_es = i18n.words("es", "site")
    english = set(_flat(i18n.words("en", "site"))) | set(site_es["theme_gettext"])
    names = {i18n.own_name(lang) for lang in ("en", "de", "fr")}  # a language switch names each language in itself
    return {w for w in english - set(_flat(site_es)) - names if re.fullmatch(r"[A-Za-z][A-Za-z ]{3,}", w.strip())}


@pytest.fixture(scope="module")
def juego(tmp_path_factory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("juego")
    run = [sys.executable, "-m", "rulepress"]
    made = subprocess.run(
        [*run, "new", "juego", "--languages", "es,en", "--content", "games"], cwd=root, capture_output=True, text=True
    )
    assert made.returncode == 0, made.stderr
    built = subprocess.run(
        [*run, "build", "juego", "--content", "games", "--out", "out", "--paper", "a4", "--only", "site", "--quiet"],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    return root / "games" / "juego", root / "out" / "site"


def test_the_spanish_site_has_no_english_interface_word(juego):
    pages = sorted((juego[1] / "es" / "juego").glob("*.html"))
    assert {p.name for p in pages} >= {"index.html", "rules.html", "glossary.html", "downloads.html"}
    words = _english_words()
    assert {"Glossary", "Downloads", "Search the rules", "Skip to content"} <= words
    for page in pages:
        parser = _Visible()
        parser.feed(page.read_text(encoding="utf-8"))
        text = " ".join(" ".join(parser.parts).split())
        found = sorted(w for w in words if re.search(r"(?<![\w-])" + re.escape(w.strip()) + r"(?![\w-])", text))
        assert found == [], page.name
    rules = (juego[1] / "es" / "juego" / "rules.html").read_text(encoding="utf-8")
    assert "Objetivo del juego" in rules and "Buscar en las reglas" in rules  # the game's and the site's Spanish


def test_the_spanish_game_is_its_source_and_its_translation_checks_clean(juego):
    content = load_game(juego[0])
    assert content.game.source == "es" and content.game.title.get("es") == "Mi juego"
    report = translations.report(content)
    assert [str(f) for f in report.undocumented] == []
    assert report.not_checked == []  # Spanish has a lexicon: its words are read
