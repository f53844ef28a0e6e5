"""The site's budgets on a phone, measured on the built site of the bundled games (the session's build):
the whole site at most 120 MB with no file stored twice (no ZIP beside its files), a first rules page at most
300 kB on the wire (HTML, CSS, JS, fonts and images, gzip as a server sends them), the search data in parts
(a search on a game's page loads that game's part) and an offline store that is the reader's choice."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path

import pytest

SITE_BUDGET = 120_000_000
PAGE_BUDGET = 300_000
COMPRESSED = {".html", ".css", ".js", ".svg", ".json", ".txt", ".map", ".webmanifest", ".woff"}  # woff2: no
LINKED = re.compile(r'<(?:script|img)\b[^>]*?\bsrc="([^"]+)"|<link\b[^>]*?rel="stylesheet"[^>]*?href="([^"]+)"')
CSS_URL = re.compile(r"url\(['\"]?([^'\")]+)['\"]?\)")


@pytest.fixture(scope="module")
def site(bundled_build) -> Path:
    out, _result = bundled_build
    return out / "site"


def wire(file: Path) -> int:
    """Bytes a server sends for `file`: gzip (level 6) for text, as stored for images and woff2."""
    data = file.read_bytes()
    return len(gzip.compress(data, 6, mtime=0)) if file.suffix in COMPRESSED else len(data)


def loaded(page: Path) -> set[Path]:
    """The files a page loads: itself, its scripts, style sheets and images, and the fonts and images its
    style sheets name (every image counted, also those loaded lazily)."""
    found = {page}
    for script, style in LINKED.findall(page.read_text(encoding="utf-8")):
        link = (script or style).split("?")[0].split("#")[0]
        if "://" in link or link.startswith("data:"):
            continue
        file = (page.parent / link).resolve()
        found.add(file)
        if file.suffix == ".css":
            for url in CSS_URL.findall(file.read_text(encoding="utf-8")):
                if not url.startswith(("data:", "#", "http")):
                    found.add((file.parent / url.split("?")[0].split("#")[0]).resolve())
    return {f for f in found if f.is_file()}


def test_the_whole_site_is_within_120_mb_and_stores_no_file_twice(site):
    files = [p for p in site.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    assert total <= SITE_BUDGET, f"site: {total / 1e6:.1f} MB"
    assert not [p for p in files if p.suffix == ".zip"]  # a bundle's ZIP is made by the page from its files
    # the same bytes under two names happen (a card printed twice, a back shared by both languages' decks, the
    # theme's files in each language); whole bundles do not: what is there twice stays under 5 % of the site
    seen: set[str] = set()
    twice = 0
    for file in sorted(files):
        digest = hashlib.sha256(file.read_bytes()).hexdigest()
        twice += file.stat().st_size if digest in seen else 0
        seen.add(digest)
    assert twice <= total // 20, f"{twice / 1e6:.1f} MB stored twice"


def test_every_rules_page_is_within_300_kb_on_the_wire(site):
    pages = sorted(site.glob("*/*/rules.html"))
    assert len(pages) >= 8  # four games, two languages
    weights = {p.relative_to(site).as_posix(): sum(wire(f) for f in loaded(p)) for p in pages}
    assert max(weights.values()) <= PAGE_BUDGET, weights


def test_the_search_data_comes_in_one_part_per_game_and_no_page_but_search_loads_an_index(site):
    for lang in ("de", "en"):
        folder = site / lang
        listing = (folder / "_static" / "rp-sections.js").read_text(encoding="utf-8")
        games = json.loads(listing.split("=", 1)[1].strip().rstrip(";"))
        assert games == sorted(p.parent.name for p in folder.glob("*/rules.html"))
        parts = {g: folder / "_static" / "rp-sections" / f"{g}.js" for g in games}
        assert all(p.is_file() for p in parts.values())
        every = [json.loads(re.search(r"RP_SECTIONS = (\[.*?\]);\n", p.read_text()).group(1)) for p in parts.values()]
        assert all(e and {x["gid"] for x in e} == {g} for e, g in zip(every, games))
        # the largest part with the index, the rank script and the search page, as a game's search loads them
        search = [folder / "search.html", folder / "searchindex.js", folder / "_static" / "rp-search-rank.js"]
        loaded_bytes = sum(wire(f) for f in search) + max(wire(p) for p in parts.values())
        assert loaded_bytes <= 200_000, loaded_bytes
        for page in folder.rglob("*.html"):
            if page.name != "search.html":
                text = page.read_text(encoding="utf-8")
                assert "searchindex.js" not in text and "rp-sections.js" not in text, page


def test_the_offline_store_is_listed_with_its_sizes_and_holds_both_languages_and_the_pdfs(site):
    data = json.loads((site / "offline.json").read_text(encoding="utf-8"))
    pages, prints = data["pages"], data["prints"]
    assert pages["bytes"] == sum((site / url).stat().st_size for url in pages["files"])
    assert prints["bytes"] == sum((site / url).stat().st_size for url in prints["files"])
    assert {url.split("/")[0] for url in pages["files"]} >= {"de", "en", "files", "index.html"}
    assert "de/risk/rules.html" in pages["files"] and "en/risk/rules.html" in pages["files"]
    pdfs = {p.relative_to(site).as_posix() for p in (site / "files").rglob("*.pdf")}
    assert pdfs and pdfs <= set(prints["files"])
    assert not set(pages["files"]) & set(prints["files"])
    worker = (site / "sw.js").read_text(encoding="utf-8")
    assert "install" in worker and "addAll" not in worker  # the worker stores nothing by itself
    assert not list(site.glob("*/sw.js"))  # one worker for the whole site
