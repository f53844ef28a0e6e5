"""The incremental build's one promise, for every renderer: after any edit, an incremental build gives the
bytes a clean build gives, and an edit in one language rebuilds no output of another.

One game uses every feature an edit can reach: a spreadsheet deck whose cards appear in example pictures,
a shared back with a PNG, the game's own font and SVG icon in the card layout, a board, a quick reference,
a glossary, a changelog entry that names a section, an engine, rules in two languages. Seventeen single
edits are made one after another; after each, the incremental build's manifest (every artifact's SHA-256)
must equal that of a clean build of the same files, and nothing may crash.
"""

from __future__ import annotations

import csv
import shutil
from collections.abc import Callable
from pathlib import Path

from PIL import Image

from rulepress import paths
from rulepress.build import BuildOptions, build
from rulepress.scaffold import new_game

LANGS = ("en", "de")
STAR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="{d}"/></svg>\n'
STAR_PATH = "M256 32 L320 192 L480 192 L352 288 L400 448 L256 352 L112 448 L160 288 L32 192 L192 192 Z"


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _every_feature_game(content: Path) -> Path:
    """The new game in English and German, with every feature an edit below reaches."""
    folder = new_game("every", content, languages=LANGS)
    rows = [["id", "qty", "title.en", "title.de", "text.en", "text.de", "values.value"]]
    rows += [[f"c{i}", "1", f"Card {i}", f"Karte {i}", f"Move {i}.", f"Ziehe {i}.", str(i)] for i in range(1, 7)]
    rows[2][:4] = ["two", "1", "Two", "Zwei"]  # the example pictures show the card "two"
    with open(folder / "cards.csv", "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    Image.new("RGB", (64, 64), (200, 30, 30)).save(folder / "back.png")
    (folder / "fonts").mkdir()
    shutil.copy(paths.FONTS / "DejaVuSansCondensed-Bold.ttf", folder / "fonts" / "Title.ttf")
    (folder / "icons").mkdir()
    (folder / "icons" / "star.svg").write_text(STAR.format(d=STAR_PATH), encoding="utf-8")
    game = folder / "game.yaml"
    _replace(game, "    count: 3\n", "    count: 6\n")
    _replace(game, "      - id: default\n", "      - id: default\n        image: back.png\n")
    _replace(
        game,
        "engine: engine.py\n",
        "engine: engine.py\nfonts:\n  - {name: Title, file: fonts/Title.ttf}\nversion: '1.1'\nchangelog:\n"
        "  - {version: '1.0', date: 2026-01-10}\n"
        "  - version: '1.1'\n    date: 2026-03-02\n    changes:\n"
        "      - text: {en: The goal stops the piece., de: Das Ziel hält die Figur an.}\n"
        "        sections: []\n",  # SECTIONS
    )
    layout = folder / "layouts" / "number-card.yaml"
    _replace(layout, "font: Body-Bold, size: 13,", "font: Title, size: 13,")
    _replace(layout, "icon: walking-boot, x: 16.5", "icon: star, x: 16.5")
    _replace(
        layout,
        'back_elements:\n  - {kind: rect, from: bleed, fill: "#1f4e79"}\n',
        'back_elements:\n  - {kind: rect, from: bleed, fill: "#1f4e79"}\n'
        '  - {kind: image, src: "{image}", x: 24, y: 60, w: 15, h: 15}\n',
    )
    return folder


def _edits(folder: Path) -> list[tuple[str, str | None, Callable[[], None]]]:
    """(what, the language it is in or None, the edit), in the order they are made."""
    game, cards, layout = folder / "game.yaml", folder / "cards.csv", folder / "layouts" / "number-card.yaml"

    def repaint_back() -> None:
        Image.new("RGB", (64, 64), (30, 120, 30)).save(folder / "back.png")

    def other_font() -> None:
        shutil.copy(paths.FONTS / "DejaVuSans-Bold.ttf", folder / "fonts" / "Title.ttf")

    return [
        ("card text en, a card no picture shows", "en", lambda: _replace(cards, "Move 5.", "Move 5 now.")),
        ("card text de, the pictured card", "de", lambda: _replace(cards, "Ziehe 2.", "Ziehe zwei.")),
        ("card title en, the pictured card", "en", lambda: _replace(cards, ",Two,", ",Deuce,")),
        ("layout colour", None, lambda: _replace(layout, 'fill: "#dbe7f3"', 'fill: "#f3e7db"')),
        ("rules paragraph en", "en", lambda: _replace(folder / "rules.en.md", "wins.", "wins the game.")),
        ("rules paragraph de", "de", lambda: _replace(folder / "rules.de.md", "gewinnt.", "gewinnt das Spiel.")),
        ("quick reference line en", "en", lambda: _replace(folder / "quickref.en.md", "The goal", "The goal space")),
        ("glossary entry de", "de", lambda: _replace(game, "Ein Platz auf der Laufbahn.", "Ein Platz der Bahn.")),
        ("changelog entry en", "en", lambda: _replace(game, "The goal stops the piece.", "The goal halts a piece.")),
        ("engine line", None, lambda: _replace(folder / "engine.py", "return min(", "return min(  # capped\n        ")),
        ("board space", None, lambda: _replace(game, "pos: [110, 30]", "pos: [115, 34]")),
        ("icon", None, lambda: _replace(folder / "icons" / "star.svg", "L320 192", "L330 200")),
        ("font", None, other_font),
        ("back picture", None, repaint_back),
        (
            "game title de",
            "de",
            lambda: _replace(game, "title: {en: My Game, de: Mein Spiel}", "title: {en: My Game, de: Unser Spiel}"),
        ),
        (
            "board name en",
            "en",
            lambda: _replace(game, "name: {en: Track, de: Laufbahn}", "name: {en: Race track, de: Laufbahn}"),
        ),
        ("card text en back as before", "en", lambda: _replace(cards, "Move 5 now.", "Move 5.")),
    ]


def _hashes(result) -> dict[str, str]:
    return {entry["path"]: entry["sha256"] for entry in result.manifest}


def test_every_single_edit_builds_incrementally_as_a_clean_build_would(tmp_path):
    content = tmp_path / "games"
    folder = _every_feature_game(content)
    options = {"content": content, "papers": ("a4",)}
    out = tmp_path / "out"
    before = _hashes(build(BuildOptions(out=out, **options)))
    edits = _edits(folder)
    assert len(edits) >= 15
    for step, (what, lang, edit) in enumerate(edits, 1):
        edit()
        again = build(BuildOptions(out=out, **options))
        clean = build(BuildOptions(out=tmp_path / f"clean-{step}", **options))
        after = _hashes(again)
        assert again.built, f"{what}: the edit rebuilt nothing"
        assert after == _hashes(clean), f"{what}: the incremental build differs from a clean one"
        if lang is not None:  # no output of another language is made again, but a website whose page changed:
            langs = {e["path"]: e["lang"] for e in again.manifest}  # each language's downloads list every file
            others = [p for p in again.built if langs.get(p) not in (None, lang)]
            assert [p for p in others if not p.startswith("site/")] == [], f"{what}: other languages rebuilt"
            assert [p for p in others if before[p] == after[p]] == [], f"{what}: rebuilt to the same bytes"
        before = after
        shutil.rmtree(tmp_path / f"clean-{step}")
