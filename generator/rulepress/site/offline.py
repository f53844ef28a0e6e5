"""The rules website as an installable web app that works offline at the table, when the player chooses so.

Nothing is stored on a player's device until they choose it: every page has a button (``.rp-offline``,
`templates/site/static/rp-offline.js`) that shows what can be kept and its size, read from the site's
``offline.json`` (written by `write_list`): the *pages* (every page of every language, the search index and
data, the theme's files, the images the pages show, also those of the shared ``files/`` folder) and the
*printable files* (everything else in ``files/``: the PDFs, Tabletop Simulator sheets). Only then the page
registers the service worker (``sw.js`` at the site's root, one for every language) and stores the chosen
files; the worker stores nothing by itself, it serves from the network when there is one (refreshing what is
stored) and from the store when not. The list's version is a digest of the files' names and bytes, so the same
build writes the same bytes and a changed site lets the page refresh the store.

For one language's folder `write_offline` writes ``manifest.webmanifest`` (name, start page, icon, colours).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path

from rulepress import paths

WORKER = paths.TEMPLATES / "site" / "offline" / "sw.js"
STORED = {".html", ".js", ".css", ".svg", ".png", ".jpg", ".jpeg", ".webp", ".gif", ".woff", ".woff2"}
IMAGE = re.compile(r"<img\b[^>]*?\bsrc=\"([^\"]+)\"", re.IGNORECASE)
NOT_STORED = {"404.html", "sw.js"}  # the not-found page is the server's; the worker is not its own content
PARTS = ("pages", "prints")


def manifest(name: str, lang: str, description: str) -> str:
    """The web app manifest of one language's site (JSON, keys sorted)."""
    data = {
        "name": name,
        "short_name": name[:30],
        "description": description,
        "lang": lang,
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1f5f8b",
        "icons": [{"src": "_static/favicon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    }
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def stored_files(folder: Path) -> list[str]:
    """What a language's pages need offline, as URLs relative to the language's folder: its own files of the
    kinds a page needs, and the images its pages show from outside it (``../files/...``), sorted."""
    files = {
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and p.suffix.lower() in STORED and p.name not in NOT_STORED
    }
    for page in sorted(folder.rglob("*.html")):
        here = page.parent.relative_to(folder)
        for src in IMAGE.findall(page.read_text(encoding="utf-8")):
            if "://" in src or src.startswith(("data:", "/")):
                continue
            files.add(_resolved([*here.parts], src))
    return sorted(files)


def _resolved(parts: list[str], src: str) -> str:
    """`src` (a relative link without its query and fragment) from the folder `parts` below a language's folder."""
    for part in src.split("#")[0].split("?")[0].split("/"):
        if part == "..":
            if parts and parts[-1] != "..":
                parts.pop()
            else:
                parts.append("..")  # above the language's folder: the shared files
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)


def offline_list(languages: dict[str, Path], files: Path | None, find: Callable[[str], Path]) -> dict:
    """What a player can keep offline, as URLs relative to the site's root: {"version", "pages": {"files",
    "bytes"}, "prints": {...}}. `languages`: each language's built folder; `files`: the shared files' folder;
    `find(url)`: the file on disk of a URL relative to the site's root."""
    pages = {"index.html"}
    for lang, folder in sorted(languages.items()):
        for url in stored_files(folder):
            pages.add(url[3:] if url.startswith("../") else f"{lang}/{url}")
    shared = (
        sorted(f"files/{p.relative_to(files).as_posix()}" for p in files.rglob("*") if p.is_file()) if files else []
    )
    prints = [url for url in shared if url not in pages]
    digest = hashlib.sha256()
    listed: dict = {}
    for part, urls in (("pages", sorted(pages)), ("prints", prints)):
        found = [(url, find(url)) for url in urls]
        found = [(url, path) for url, path in found if path.is_file()]
        for url, path in found:
            digest.update(url.encode("utf-8") + b"\0" + hashlib.sha256(path.read_bytes()).digest())
        listed[part] = {"files": [url for url, _path in found], "bytes": sum(path.stat().st_size for _u, path in found)}
    return {"version": digest.hexdigest()[:16], **listed}


def write_list(target: Path, languages: dict[str, Path], files: Path | None, find: Callable[[str], Path]) -> None:
    """Write ``offline.json`` (`offline_list`, keys sorted) to `target`."""
    data = offline_list(languages, files, find)
    target.write_text(json.dumps(data, ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8")


def write_worker(target: Path) -> None:
    """Write the site's service worker (the same bytes for every build: what it stores is the page's choice)."""
    target.write_text(WORKER.read_text(encoding="utf-8"), encoding="utf-8")


def write_offline(folder: Path, name: str, lang: str, description: str) -> None:
    """Write the web app manifest into one language's built site `folder`."""
    (folder / "manifest.webmanifest").write_text(manifest(name, lang, description), encoding="utf-8")
