"""The rules website as an installable web app that works offline at the table.

For one language's built site folder this writes ``manifest.webmanifest`` (name, start page, icon, colours)
and ``sw.js``, the service worker that stores, when a player first opens the site, every page of the
language, the search index and data, the theme's files and the images the pages show (also those of the
shared ``files/`` folder they link). Download files (PDF, ZIP) are not stored: they are what a player
prints, not what they read at the table. The worker's version is a digest of the stored files' names and
bytes, so a rebuild with the same content writes the same bytes and a changed site replaces the old store.
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
    """What the worker stores, as URLs relative to the language's folder: its own files of the kinds a page
    needs, and the images its pages show from outside it (``../files/...``), sorted."""
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
            parts: list[str] = [*here.parts]
            for part in src.split("#")[0].split("?")[0].split("/"):
                if part == "..":
                    if parts:
                        parts.pop()
                    else:
                        parts.append("..")  # above the language's folder: the shared files
                elif part not in ("", "."):
                    parts.append(part)
            files.add("/".join(parts))
    return sorted(files)


def worker(folder: Path, files: list[str], find: Callable[[str], Path] | None = None) -> str:
    """The service worker storing `files` (relative to `folder`), versioned by their names and bytes; `find`
    says where a file is (default: below `folder`; the site's shared files, ``../files/...``, may be in the
    output folder of an earlier build rather than beside the folder being written)."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode("utf-8") + b"\0")
        path = find(name) if find is not None else folder / name
        if path.is_file():
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    text = WORKER.read_text(encoding="utf-8")
    listed = json.dumps(["./"] + [f for f in files], ensure_ascii=False, indent=1)
    return text.replace("__VERSION__", digest.hexdigest()[:16]).replace("__FILES__", listed)


def write_offline(
    folder: Path, name: str, lang: str, description: str, find: Callable[[str], Path] | None = None
) -> None:
    """Write the manifest and the service worker into one language's built site `folder` (`find`: see `worker`)."""
    (folder / "manifest.webmanifest").write_text(manifest(name, lang, description), encoding="utf-8")
    files = [f for f in stored_files(folder) if (folder / f).resolve().is_file() or f.startswith("../")]
    (folder / "sw.js").write_text(worker(folder, files, find), encoding="utf-8")
