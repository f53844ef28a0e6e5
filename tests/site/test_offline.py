"""The web app files: each language's manifest, and the list of what a player may keep offline (with sizes)."""

from __future__ import annotations

import json

from rulepress.site.offline import manifest, offline_list, stored_files, write_offline


def _site(tmp_path):
    root = tmp_path / "site"
    lang = root / "de"
    (lang / "game" / "pictures").mkdir(parents=True)
    (lang / "_static").mkdir()
    (root / "files" / "game").mkdir(parents=True)
    (lang / "index.html").write_text('<img src="_static/logo.svg">', encoding="utf-8")
    (lang / "game" / "gallery.html").write_text(
        '<img src="../../files/game/card.png"><img alt="x" src="pictures/ex.png"><img src="https://example.org/a.png">'
        '<a href="../../files/game/cards.pdf">PDF</a>',
        encoding="utf-8",
    )
    (lang / "game" / "pictures" / "ex.png").write_bytes(b"png")
    (lang / "_static" / "logo.svg").write_text("<svg/>", encoding="utf-8")
    (lang / "404.html").write_text("gone", encoding="utf-8")
    (lang / "searchindex.js").write_text("Search.setIndex({})", encoding="utf-8")
    (root / "files" / "game" / "card.png").write_bytes(b"card")
    (root / "files" / "game" / "cards.pdf").write_bytes(b"%PDF")
    return lang


def test_the_worker_stores_pages_search_and_shown_images_not_downloads(tmp_path):
    lang = _site(tmp_path)
    files = stored_files(lang)
    assert files == [
        "../files/game/card.png",
        "_static/logo.svg",
        "game/gallery.html",
        "game/pictures/ex.png",
        "index.html",
        "searchindex.js",
    ]


def test_the_offline_list_has_pages_of_every_language_and_the_printable_files_with_their_sizes(tmp_path):
    lang = _site(tmp_path)
    root = lang.parent
    (root / "index.html").write_text("choose", encoding="utf-8")
    english = root / "en"
    english.mkdir()
    (english / "index.html").write_text('<img src="../files/game/card.png">', encoding="utf-8")
    listed = offline_list({"de": lang, "en": english}, root / "files", lambda url: root / url)
    assert listed["pages"]["files"] == [
        "de/_static/logo.svg",
        "de/game/gallery.html",
        "de/game/pictures/ex.png",
        "de/index.html",
        "de/searchindex.js",
        "en/index.html",
        "files/game/card.png",
        "index.html",
    ]
    assert listed["prints"] == {"files": ["files/game/cards.pdf"], "bytes": 4}
    assert listed["pages"]["bytes"] == sum((root / url).stat().st_size for url in listed["pages"]["files"])
    again = offline_list({"de": lang, "en": english}, root / "files", lambda url: root / url)
    assert again == listed  # the same files give the same list and version
    (lang / "index.html").write_text("changed", encoding="utf-8")
    changed = offline_list({"de": lang, "en": english}, root / "files", lambda url: root / url)
    assert changed["version"] != listed["version"]


def test_manifest_names_the_site_and_its_start_page(tmp_path):
    lang = _site(tmp_path)
    write_offline(lang, "Spielregeln", "de", "Risiko, Xidit")
    data = json.loads((lang / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert data["name"] == "Spielregeln" and data["lang"] == "de" and data["start_url"] == "./index.html"
    assert data["display"] == "standalone" and data["icons"][0]["src"] == "_static/favicon.svg"
    assert not (lang / "sw.js").exists()  # one worker for the whole site, registered by the player's choice
    assert manifest("A", "en", "b") == manifest("A", "en", "b")
