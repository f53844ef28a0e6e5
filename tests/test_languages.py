"""Games in any languages: `rulepress new tri --languages en,fr,de` builds every output in three languages,
its French site switches between all three, and both translations are checked against the English source."""

from __future__ import annotations

import json
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rulepress import paths
from rulepress.check import translations
from rulepress.errors import ContentErrors, UsageError
from rulepress.model import load_game
from rulepress.scaffold import in_languages, languages_option, new_game


def _rulepress(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rulepress", *args], cwd=cwd, capture_output=True, text=True, check=False
    )


@pytest.fixture(scope="module")
def tri(tmp_path_factory) -> tuple[Path, Path]:
    """The content folder holding ``tri`` (en, fr, de; source en) and the folder it was built into."""
    root = tmp_path_factory.mktemp("tri")
    made = _rulepress("new", "tri", "--languages", "en,fr,de", "--content", "games", cwd=root)
    assert made.returncode == 0, made.stderr
    built = _rulepress("build", "tri", "--content", "games", "--out", "out", "--quiet", cwd=root)
    assert built.returncode == 0, built.stderr
    return root / "games", root / "out"


def test_the_three_language_game_declares_its_languages_and_source(tri):
    game = load_game(tri[0] / "tri").game
    assert game.languages == ["en", "fr", "de"] and game.source == "en" and game.translations == ("fr", "de")
    assert game.title.get("fr") == "Mon jeu" and game.glossary[0].name("fr") == "case"


def test_every_output_is_built_in_each_language(tri):
    manifest = json.loads((tri[1] / "manifest.json").read_text(encoding="utf-8"))
    kinds: dict[str, set] = {}
    for artifact in manifest["artifacts"]:
        assert (tri[1] / artifact["path"]).exists(), artifact["path"]
        kinds.setdefault(artifact["kind"], set()).add(artifact.get("lang"))
    for kind in ("cards", "board", "board-png", "quickref", "png", "print", "tts", "site"):
        assert {"en", "fr", "de"} <= kinds[kind], kind


class _Links(HTMLParser):
    """The language links of a page's switcher (``nav.rp-switcher``): (hreflang or lang, current)."""

    def __init__(self):
        super().__init__()
        self.depth, self.found, self.lang = 0, [], None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        if tag == "nav" and "rp-switcher" in (attrs.get("class") or ""):
            self.depth = 1
        elif self.depth and tag in ("a", "span") and "rp-lang" in (attrs.get("class") or ""):
            self.found.append((attrs.get("hreflang") or attrs.get("lang"), attrs.get("aria-current") == "true"))

    def handle_endtag(self, tag):
        if tag == "nav" and self.depth:
            self.depth = 0


def test_the_french_site_switches_between_all_three_languages(tri):
    site = tri[1] / "site"
    for page in ("index", "rules", "glossary", "downloads"):
        parser = _Links()
        parser.feed((site / "fr" / "tri" / f"{page}.html").read_text(encoding="utf-8"))
        assert parser.lang == "fr"
        assert parser.found == [("en", False), ("fr", True), ("de", False)], page
        for lang in ("en", "de"):
            assert (site / lang / "tri" / f"{page}.html").is_file()
    rules = (site / "fr" / "tri" / "rules.html").read_text(encoding="utf-8")
    assert "Déplacement" in rules and "Rechercher dans les règles" in rules  # the game's and the site's French
    chooser = (site / "index.html").read_text(encoding="utf-8")
    assert all(f'href="{lang}/tri/index.html"' in chooser for lang in ("en", "fr", "de"))
    assert "Français" in chooser


def test_both_translations_are_checked_against_the_source(tri):
    content = load_game(tri[0] / "tri")
    report = translations.report(content)
    assert report.langs == ("en", "fr", "de")
    assert report.sections == 4  # two sections, in French and in German, each paired with English
    assert report.undocumented == []
    # a French number that is not the English one is found (digits are language-neutral)
    rules = tri[0] / "tri" / "rules.fr.md"
    original = rules.read_text(encoding="utf-8")
    try:
        rules.write_text(original.replace("depuis la case 3", "depuis la case 4"), encoding="utf-8")
        found = translations.report(load_game(tri[0] / "tri")).undocumented
    finally:
        rules.write_text(original, encoding="utf-8")
    assert found and {(f.kind, Path(f.path).name, Path(f.other.split(":")[0]).name) for f in found} == {
        ("number", "rules.en.md", "rules.fr.md"),  # the example's caption ("case 3" there)
        ("number", "rules.fr.md", "rules.en.md"),  # the sentence, by the aligned comparison (at the French 4)
    }


def test_a_missing_language_is_an_error_at_the_text(tmp_path):
    folder = new_game("duo", tmp_path, ("en", "fr"), table=False)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text(encoding="utf-8").replace("title: {en: My Game, fr: Mon jeu}", "title: {en: My Game}", 1),
        encoding="utf-8",
    )
    with pytest.raises(ContentErrors) as caught:
        load_game(folder)
    problems = caught.value.problems()
    assert [(Path(p.path).name, p.line, p.key) for p in problems] == [("game.yaml", 6, "title.fr")]
    assert problems[0].message.startswith("required key is missing") and "en, fr" in problems[0].message


def test_a_text_in_an_undeclared_language_is_a_warning(tmp_path):
    folder = new_game("duo", tmp_path, ("en", "fr"), table=False)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text(encoding="utf-8").replace(
            "title: {en: My Game, fr: Mon jeu}",
            "title: {en: My Game, fr: Mon jeu, es: Mi juego}",
            1,
        ),
        encoding="utf-8",
    )
    content = load_game(folder)
    assert [(w.key, w.rule) for w in content.warnings] == [("title.es", "text-language-undeclared")]


def test_the_default_languages_stay_german_and_english_with_german_as_source():
    game = load_game(paths.BUNDLED_CONTENT / "risk").game
    assert game.languages == ["de", "en"] and game.source == "de" and game.translations == ("en",)


def test_languages_option_names_the_template_languages():
    assert languages_option("en, fr") == ("en", "fr")
    assert languages_option("es,en") == ("es", "en") and languages_option("nl,en") == ("nl", "en")  # any code
    for bad in ("en,xx", "en,en", "", "en,EN", "en,english"):
        with pytest.raises(UsageError):
            languages_option(bad)


def test_the_template_keeps_only_the_languages_asked_for():
    text = 'title: {de: Ein, en: "One, two", fr: Un}\n  - id: t\n    de: Feld\n    en: space\n    fr: case\nsize: {width: 2}\n'
    assert in_languages(text, ("fr", "en")) == (
        'title: {fr: Un, en: "One, two"}\n  - id: t\n    en: space\n    fr: case\nsize: {width: 2}\n'
    )
