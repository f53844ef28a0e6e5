"""The web app files of one language's site: manifest and service worker with what it stores."""

from __future__ import annotations

import json

from rulepress.site.offline import manifest, stored_files, worker, write_offline


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


def test_the_worker_version_follows_the_bytes_and_is_deterministic(tmp_path):
    lang = _site(tmp_path)
    files = stored_files(lang)
    first = worker(lang, files)
    assert worker(lang, files) == first
    assert '"../files/game/card.png"' in first and "__FILES__" not in first and "__VERSION__" not in first
    (lang / "index.html").write_text("changed", encoding="utf-8")
    assert worker(lang, files) != first


def test_manifest_names_the_site_and_its_start_page(tmp_path):
    lang = _site(tmp_path)
    write_offline(lang, "Spielregeln", "de", "Risiko, Xidit")
    data = json.loads((lang / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert data["name"] == "Spielregeln" and data["lang"] == "de" and data["start_url"] == "./index.html"
    assert data["display"] == "standalone" and data["icons"][0]["src"] == "_static/favicon.svg"
    assert (lang / "sw.js").is_file()
    assert manifest("A", "en", "b") == manifest("A", "en", "b")
