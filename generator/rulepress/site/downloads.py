"""The downloads page's bundles: the built files of a game grouped by what a player does with them.

`bundles` sorts the files a game's pages link into the bundles their renderers
named (`rulepress.artifact.Artifact.bundles`; no game is known here): a
print-and-play set per paper size (cards, tiles, the board in parts, the quick
reference, the calibration page), the print-shop files, the board on one sheet,
the quick reference, files for virtual tables (Tabletop Simulator sheets,
single card images) and the credits; a file of no bundle goes under "other". Each file carries its
size, page count and page size in the page's language (`FileFacts`, read by
`read_facts` at the I/O edge); each bundle, its totals.

`zip_plan` names the ZIP files offered for a whole bundle (each print-and-play
set, the print-shop files of a language, each folder of card images). The site
stores no ZIP: the page's button (`templates/site/static/rp-zip.js`) makes it in
the browser from the files beside it, every file stored once. `write_zip`
writes the same ZIP in Python (sorted entries, a fixed timestamp and mode, stored
uncompressed: PDFs and PNGs are compressed already), so `zip_size` knows its size.
"""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

BUNDLES = ("play", "shop", "board", "quickref", "digital", "credits", "other")
ZIPPED = ("play", "shop")  # bundles offered as one ZIP too (card-image folders get one each)
# order of kinds inside a bundle: check the scale first, the components, then board and quick reference
KIND_ORDER = {"calibration": 0, "board": 2, "board-png": 2, "quickref": 3}
PAPERS = ("a4", "letter")
MM_PER_POINT = 25.4 / 72
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
TTS_FILE = re.compile(r"^(deck|backs)-(\d+)\.jpg$|^(back)\.png$|^deck\.(json)$")


@dataclass(frozen=True)
class FileFacts:
    """What a downloader wants to know of one file: bytes, and for PDFs the page count and first page size
    in mm, for images their size in pixels."""

    size: int
    pages: int | None = None
    page_mm: tuple[int, int] | None = None
    pixels: tuple[int, int] | None = None


def read_facts(file: Path) -> FileFacts:
    """The facts of a built file (PDF: pages and page size via pikepdf; PNG, JPEG: pixels via Pillow)."""
    size = file.stat().st_size
    if file.suffix == ".pdf":
        import pikepdf

        with pikepdf.open(file) as pdf:
            box = [float(v) for v in pdf.pages[0].mediabox]
            mm = (round((box[2] - box[0]) * MM_PER_POINT), round((box[3] - box[1]) * MM_PER_POINT))
            return FileFacts(size, len(pdf.pages), mm)
    if file.suffix in (".png", ".jpg"):
        from PIL import Image

        with Image.open(file) as image:
            return FileFacts(size, pixels=image.size)
    return FileFacts(size)


def read_all(shown: list, locate, known: dict | None = None) -> tuple[dict[str, FileFacts], dict]:
    """`FileFacts` of every file of the `Shown` artifacts (`locate(path)`: the file on disk), and what to
    keep for next time; card-image folders are counted by size only (their pictures are in the gallery).
    `known` (what was kept, JSON) spares reading a file again whose size, time and inode are unchanged."""
    known = known or {}
    facts, keep = {}, {}
    for item in shown:
        for path in item.files or (item.path,):
            file = locate(path)
            stat = file.stat()
            stamp = [stat.st_size, stat.st_mtime_ns, stat.st_ino]
            kept = known.get(path)
            if kept and kept[0] == stamp:
                stored: list[Any] = [tuple(v) if isinstance(v, list) else v for v in kept[1]]  # from JSON
                found = FileFacts(*stored)
            else:
                found = FileFacts(stat.st_size) if item.kind == "png" else read_facts(file)
            facts[path] = found
            keep[path] = [stamp, [found.size, found.pages, found.page_mm, found.pixels]]
    return facts, keep


def bundle_keys(bundles: tuple[str, ...], paper: str | None) -> list[tuple[str, str | None]]:
    """The bundles (key, paper) a file on `paper` that its renderer put in `bundles` belongs to: the
    print-and-play set is one per paper, the other bundles one for all; a file of none is "other"."""
    return [(b, paper if b == "play" else None) for b in bundles] or [("other", None)]


def _grouped(shown: list) -> dict[tuple[str, str | None], list]:
    """The artifacts of each bundle (key, paper), in reading order, the bundles in page order."""
    found: dict[tuple[str, str | None], list] = {}
    for item in shown:
        for key in bundle_keys(item.bundles, item.paper):
            found.setdefault(key, []).append(item)
    ranked = sorted(found, key=lambda k: (BUNDLES.index(k[0]), PAPERS.index(k[1]) if k[1] in PAPERS else 9, k[1] or ""))
    return {
        key: sorted(
            found[key],
            key=lambda i: (KIND_ORDER.get(i.kind, 1), PAPERS.index(i.paper) if i.paper in PAPERS else 9, i.path),
        )
        for key in ranked
    }


# --- ZIP files of whole bundles ----------------------------------------------------------------------------


def zip_path(game: str, key: str, lang: str | None, paper: str | None) -> str:
    """Where the ZIP of a bundle goes (relative to the built files' folder)."""
    return (
        f"{game}/{game}-{'print-and-play' if key == 'play' else 'print-shop'}"
        + "".join(f".{x}" for x in (lang, paper) if x)
        + ".zip"
    )


def zip_plan(shown: list) -> dict[str, list[tuple[str, str]]]:
    """The ZIPs offered for the `Shown` artifacts of one game: {zip path: [(name in the ZIP, file path)]}:
    each print-and-play set and the print-shop files per language (the files of no language in every
    language's set), each folder of card images (its files under the folder's name)."""
    plan = {}
    langs = sorted({i.lang for i in shown if i.lang}) or [None]
    for lang in langs:
        items = [i for i in shown if i.lang in (None, lang)]
        for (key, paper), members in _grouped(items).items():
            files = [p for i in members for p in (i.files or (i.path,))]
            if key in ZIPPED and len(files) > 1:
                plan[zip_path(members[0].game, key, lang, paper)] = [
                    (_zip_name(i, p), p) for i in members for p in (i.files or (i.path,))
                ]
    for item in shown:
        if item.kind == "png" and item.files:
            plan[f"{item.path}.zip"] = [(_zip_name(item, p), p) for p in item.files]
    return {path: sorted(entries) for path, entries in sorted(plan.items())}


def _zip_name(item, path: str) -> str:
    """A file's name inside a ZIP: its name, under its folder's name for the files of a folder."""
    return Path(item.path).name + "/" + path[len(item.path) + 1 :] if item.files else Path(path).name


def zip_size(entries: list[tuple[str, int]]) -> int:
    """Bytes of the ZIP `write_zip` writes for entries (name, size): each stored entry has a local header
    (30 bytes and the name) and a central directory record (46 bytes and the name); 22 bytes end it."""
    return sum(76 + 2 * len(name.encode()) + size for name, size in entries) + 22


def zip_entries(entries: list[tuple[str, str]], link) -> str:
    """The entries of an offered ZIP as the page's button reads them: JSON [[name in the ZIP, link], ...]."""
    return json.dumps([[name, link(path)] for name, path in entries], ensure_ascii=False, separators=(",", ":"))


def write_zip(target: Path, entries: list[tuple[str, Path]]) -> None:
    """Write a ZIP of the files (name in the ZIP, file on disk), in the given order, with fixed metadata."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, file in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.create_system = 3  # unix, on every platform
            info.external_attr = 0o644 << 16
            with file.open("rb") as source, archive.open(info, "w") as dest:
                shutil.copyfileobj(source, dest)


# --- the words of the page -----------------------------------------------------------------------------------


def size_text(size: int, lang: str, s: dict) -> str:
    """Bytes to two significant digits, in kB below a megabyte, else in MB (decimal units, the page's number
    format): '410 kB', '4.5 MB', '71 MB'. A download page needs no more, and a few bytes more (a one-card
    edit) then leave the page as it was, so the site is not built again for them (`render.site.shown_facts`)."""
    kb = float(f"{max(1.0, size / 1000):.2g}")
    if kb < 1000:
        return s["size_kb"].format(n=format_decimal(round(kb), locale=lang))
    mb = float(f"{size / 1_000_000:.2g}")
    return s["size_mb"].format(n=format_decimal(mb, format="#,##0.0" if mb < 10 else "#,##0", locale=lang))


def count_text(n: int, forms: list[str]) -> str:
    """`n` with the singular or plural form of its word ({n} in the form)."""
    return (forms[0] if n == 1 else forms[1]).format(n=n)


def language_name(lang: str, in_lang: str) -> str:
    """The name of language `lang` in language `in_lang` (CLDR, via Babel)."""
    return Locale.parse(in_lang).languages.get(lang, lang)


def facts_text(facts: FileFacts | None, paper: str | None, lang: str, s: dict) -> str:
    """One line of facts: pages, paper or page size, pixels, size."""
    if facts is None:
        return ""
    parts = []
    if facts.pages is not None:
        parts.append(count_text(facts.pages, s["n_pages"]))
    if paper:
        parts.append(s["papers"].get(paper, paper.upper()))
    elif facts.page_mm:
        parts.append(s["page_mm"].format(w=facts.page_mm[0], h=facts.page_mm[1]))
    if facts.pixels:
        parts.append(s["pixels"].format(w=facts.pixels[0], h=facts.pixels[1]))
    parts.append(size_text(facts.size, lang, s))
    return " · ".join(parts)


def _file_type(path: str) -> str:
    return Path(path).suffix.lstrip(".").upper()


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _part_name(name: str, path: str, s: dict) -> str:
    """The caption of one file inside a folder: Tabletop Simulator sheets by what they are, others by name."""
    match = TTS_FILE.match(Path(path).name)
    if match:
        kind = match.group(1) or match.group(3) or ("about" if match.group(4) else "")
        return f"{name} – {s['tts_files'][kind].format(n=match.group(2))}"
    return f"{name} – {Path(path).name}"


def _rows(item, facts: dict[str, FileFacts], name: str, lang: str, s: dict, link) -> list[dict]:
    """The rows of one artifact: itself, the files inside its folder, or its card images as one ZIP."""
    if item.kind == "png" and item.files:
        size = zip_size([(_zip_name(item, p), facts[p].size) for p in item.files])
        return [
            {
                "name": s["card_images"].format(name=name),
                "href": "",
                "zip": zip_entries([(_zip_name(item, p), p) for p in item.files], link),
                "file": Path(item.path).name + ".zip",
                "size": size,
                "meta": " · ".join([count_text(len(item.files), s["n_images"]), size_text(size, lang, s), "ZIP"]),
            }
        ]
    rows = []
    for path in item.files or (item.path,):
        meta = [facts_text(facts.get(path), item.paper, lang, s), _file_type(path)]
        rows.append(
            {
                "name": _part_name(name, path, s) if item.files else name,
                "href": link(path),
                "file": Path(path).name,
                "size": facts[path].size if path in facts else 0,
                "meta": " · ".join(x for x in meta if x),
            }
        )
    return rows


def _explanation(words: dict, items: list) -> str:
    """A bundle's line of explanation; one that names no calibration page when the bundle has none."""
    if "explain_uncalibrated" in words and not any(i.kind == "calibration" for i in items):
        return words["explain_uncalibrated"]
    return words["explain"]


def bundles(
    shown: list,
    facts: dict[str, FileFacts],
    zips: dict,
    files_lang: str | None,
    names: dict[str, str],
    lang: str,
    s: dict,
    link,
) -> list[dict]:
    """The bundles of the `Shown` artifacts, described in the page's language `lang`.

    `files_lang`: the language of the files (names the ZIPs of the bundles); `facts`: `FileFacts` by
    file path; `zips`: the game's `zip_plan`; `names`: a caption per artifact path; `s`: the site's
    words in `lang`; `link(path)`: the page's link to a built file."""
    result = []
    for (key, paper), items in _grouped(shown).items():
        rows = [
            row
            for item in items
            for row in _rows(item, facts, _capitalised(names.get(item.path) or item.kind), lang, s, link)
        ]
        pages = sum(
            f.pages or 0 for i in items if i.kind != "png" for p in (i.files or (i.path,)) if (f := facts.get(p))
        )
        size = sum(r["size"] for r in rows)
        total = (
            [count_text(len(rows), s["n_files"])]
            + ([count_text(pages, s["n_pages"])] if pages else [])
            + [size_text(size, lang, s)]
        )
        paper_name = s["papers"].get(paper, (paper or "").upper())
        bundle = {
            "key": f"{key}-{paper}" if paper else key,
            "title": s["bundles"][key]["title"].format(paper=paper_name),
            "explain": _explanation(s["bundles"][key], items).format(paper=paper_name),
            "total": " · ".join(total),
            "files": [{k: r.get(k, "") for k in ("name", "href", "zip", "file", "meta")} for r in rows],
            "zip": None,
        }
        # the ZIP of this language's bundle, or of the bundle of a game whose files have no language
        path = next(
            (
                p
                for p in (zip_path(items[0].game, key, x, paper) for x in (files_lang, None))
                if key in ZIPPED and p in zips
            ),
            None,
        )
        if path:
            zipped = zip_size([(name, facts[p].size) for name, p in zips[path] if p in facts])
            bundle["zip"] = {
                "files": zip_entries(zips[path], link),
                "file": Path(path).name,
                "label": s["zip_all"].format(
                    files=count_text(len(zips[path]), s["n_files"]), size=size_text(zipped, lang, s)
                ),
            }
        result.append(bundle)
    return result
