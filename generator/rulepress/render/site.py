"""The rules website: one Sphinx build per language, the built files it links, and the site's root pages.

Artifacts: ``site/files`` (every PDF and PNG a page links, copied — hard-linked
where the file system allows — so that ``site/`` alone is the whole website),
``site/<lang>`` for every language of the games shown (``site/de``, ``site/en``, ...; Sphinx
builds, incremental: Sphinx's environment and doctrees are kept in ``.rulepress-cache/`` of
the output folder; a language's site shows the games written in it, and a game's pages switch
between the game's languages),
``site/index.html`` (choose a language), ``site/404.html``,
``site/offline.json`` and ``site/sw.js`` (what a reader may keep offline, with its size, and the service
worker that serves it: `rulepress.site.offline`) and ``site/sitemap.xml``.

The site shows every game built into the output folder, not only the games of
this build: games the manifest lists from earlier builds are loaded again from
the content folder (when they are there), and their built files are taken from
the manifest. A site's inputs are what it shows (`site_view`: every input file
of a game except the printed card texts, which no page prints) and the paths of
the artifacts it links to; the copied files follow the linked artifacts' inputs.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from rulepress import i18n, paths
from rulepress.analysis import Analysis
from rulepress.draw import examplepictures
from rulepress.memo import output_root
from rulepress.model import GameContent
from rulepress.model import view as model_view
from rulepress.options import SiteOptions
from rulepress.output import CACHE
from rulepress.render import Artifact
from rulepress.site import sources as site_sources
from rulepress.site import webimages
from rulepress.site.downloads import read_all
from rulepress.site.earlier import earlier_games
from rulepress.site.offline import write_list, write_offline, write_worker
from rulepress.site.sphinx_run import build_html, conf_text, preload
from rulepress.store import Store

WORK = CACHE

NEEDS = ("examples", "terms")
PICTURES = "pictures"  # folder of a game's example pictures, beside its rules page (site/<lang>/<game>/pictures)  # what the game pages show of the analysis (`rulepress.analysis`)


def site_languages(contents: list[GameContent]) -> tuple[str, ...]:
    """The languages of the website: every language of the games it shows, sorted."""
    return tuple(sorted({lang for c in contents for lang in c.game.languages}))


def _shown(artifacts: list[Artifact]) -> list[Artifact]:
    """The per-game artifacts the site links to or shows."""
    return [a for a in artifacts if a.game is not None and a.kind not in ("site", "report")]


def site_view(content: GameContent, lang: str | None = None) -> str:
    """Digest of the game as the website (in `lang`, or in every language) sees it: the model without
    card body texts (the YAML files and card tables), plus the other inputs (rule texts, engine) except the texts of other
    languages. With `lang`, a text given in both languages counts in `lang` only (a glossary term's
    names are fields of their own and count in both: its entry shows the other language's name),
    so an edit of the German text does not rebuild the English site. Galleries and downloads list
    files whose names follow from card ids, quantities and backs, all kept here."""
    return site_views(content)[lang]


def site_views(content: GameContent) -> dict[str | None, str]:
    """`site_view` of the game in every language (key None) and in each language (`rulepress.model.view`):
    the model in that language without the cards' body texts, and the game folder's files in it (its rule
    texts, the engine, layouts, fonts, icons and pictures the example pictures are drawn with)."""
    views = {}
    for lang in (None, *content.game.languages):
        data = model_view.in_language(content.game, lang) if lang else content.game.model_dump(mode="json")
        for comp in data.get("components", []):
            for card in comp.get("cards", []):
                card.pop("text", None)
                if isinstance(card.get("back_face"), dict):
                    card["back_face"].pop("text", None)
        views[lang] = model_view.digest(data, files=model_view.folder_files(content, lang), folder=content.folder)
    return views


def example_view(content: GameContent) -> str:
    """Digest of what decides whether the game's worked examples pass, in every language: their doctests and the
    game's program files. Every language's site shows the draft banner while any example fails, so a changed
    example in one language rebuilds the other languages' sites too (a prose edit does not)."""
    h = hashlib.sha256()
    for lang, text in sorted(content.rules.items()):
        for example in text.examples:
            h.update(f"{lang}\0{example.id}\0{example.source}\0".encode())
    for path in sorted(content.files):
        if path.suffix == ".py":
            h.update(str(path.relative_to(content.folder)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def located(out: Path, relative: str) -> Path:
    """An artifact written by this build (in the staging area `out`) or by an earlier one."""
    staged = out / relative
    return staged if staged.exists() else output_root(out) / relative


def shown_items(game_id: str, shown: list[Artifact], out: Path) -> list[site_sources.Shown]:
    """The built files of one game the site shows, with the files inside folders."""
    items = []
    for artifact in shown:
        if artifact.game != game_id:
            continue
        files: tuple[str, ...] = ()
        if artifact.directory:
            folder = located(out, artifact.path)
            files = (
                tuple(
                    sorted(
                        f"{artifact.path}/{p.relative_to(folder).as_posix()}" for p in folder.rglob("*") if p.is_file()
                    )
                )
                if folder.is_dir()
                else ()
            )
            if artifact.kind == "png":  # card images: the site shows the trimmed ones (`write_files`)
                files = tuple(f for f in files if f[len(artifact.path) + 1 :].startswith("trim/"))
            if not files:
                continue
        items.append(
            site_sources.Shown(
                game=artifact.game,
                kind=artifact.kind,
                path=artifact.path,
                lang=artifact.lang,
                paper=artifact.paper,
                files=files,
                bundles=artifact.bundles,
            )
        )
    return items


def rendered_game(
    content: GameContent,
    lang: str,
    shown: list[Artifact],
    out: Path,
    code: str,
    work: Path,
    analysis: Analysis,
    view: str | None = None,
) -> tuple[dict, list, dict[str, bytes]]:
    """The pages, search entries and example pictures ({path below the language's site: PNG}) of one game
    in `lang`, from the work area's cache when the game (its `site_view` in `lang`, computed if not given),
    the files it shows and Rulepress's code are unchanged (the examples then need not run again)."""
    items = shown_items(content.id, shown, out)
    facts = _file_facts(items, out, Store.in_folder(work / "games", f"{content.id}.files"))
    key = _digest(
        [
            code,
            lang,
            view or site_view(content, lang),
            [list(vars(i).values()) for i in items],
        ]
    )
    facts_key = _digest(sorted([path, list(vars(f).values())] for path, f in facts.items()))
    store = Store.in_folder(work / "games", content.id, code)
    cached = store.get(key)
    if (
        isinstance(cached, dict)
        and isinstance(cached.get("pages"), dict)
        and isinstance(cached.get("entries"), list)
        and isinstance(cached.get("pictures"), dict)
    ):
        pictures = {path: base64.b64decode(data) for path, data in cached["pictures"].items()}
        if cached.get("facts") == facts_key:
            return cached["pages"], cached["entries"], pictures
        # only the files' sizes or pages changed: the downloads page shows them, made again from them
        failed = cached.get("failures") or []
        pages = {
            **cached["pages"],
            **site_sources.downloads_page(content, lang, site_sources.GameExtras(None, items, facts), failed),
        }
        _keep_pages(store, key, facts_key, pages, cached["entries"], pictures, failed)
        return pages, cached["entries"], pictures
    found = analysis.of(content, *NEEDS)
    drawn = examplepictures.site_pictures(content, lang, found.examples)
    shown_pictures: dict[str, list[dict]] = {}
    for picture in drawn:
        shown_pictures.setdefault(picture.example, []).append(
            {
                "src": f"{PICTURES}/{picture.file}",
                "width": picture.width,
                "height": picture.height,
                "alt": picture.alt,
                "caption": picture.caption,
            }
        )
    pages, entries = site_sources.render_game(
        content, lang, site_sources.GameExtras(found.examples, items, facts, found.terms, shown_pictures)
    )
    pictures = {f"{content.id}/{PICTURES}/{p.file}": p.png for p in drawn}
    _keep_pages(store, key, facts_key, pages, entries, pictures, site_sources.failures(content, lang, found.examples))
    return pages, entries, pictures


def _keep_pages(
    store: Store, key: str, facts_key: str, pages: dict, entries: list, pictures: dict[str, bytes], failed: list
) -> None:
    """Keep a game's pages, search entries, example pictures and failed examples in `store` (the game's in the
    work area) under `key`, for the files whose facts hash to `facts_key`."""
    kept = {path: base64.b64encode(png).decode("ascii") for path, png in pictures.items()}
    store.replace({key: {"facts": facts_key, "pages": pages, "entries": entries, "pictures": kept, "failures": failed}})
    store.save()


def _pictures_shown(shown: list[Artifact], lang: str) -> str:
    """Digest of the pictures the site in `lang` shows from the built files (card images, board previews): the
    offline store's version (`rulepress.site.offline.worker`) is made from their bytes, so a new picture under
    the same name reaches players who read the site offline."""
    pictures = [
        [a.path, a.digest()] for a in shown if a.lang in (lang, None) and (a.directory or a.path.endswith(".png"))
    ]
    return _digest(pictures)


def shown_facts(contents: list[GameContent], shown: list[Artifact], out: Path, lang: str) -> list:
    """What the site in `lang` shows of the built files, read once they are built (`Artifact.settle`): per game,
    the files (those inside folders too) and its downloads page as their sizes and page counts word it. A
    one-card edit changes the bytes of the card sheets but mostly not their size as the page rounds it."""
    work = output_root(out) / WORK / f"site-{lang}"
    found = []
    for content in (c for c in contents if lang in c.game.languages):
        items = shown_items(content.id, shown, out)
        facts = _file_facts(items, out, Store.in_folder(work / "games", f"{content.id}.files"))
        page = site_sources.downloads_page(content, lang, site_sources.GameExtras(None, items, facts), [])
        found.append([content.id, [list(vars(i).values()) for i in items], page])
    return found


def _file_facts(items: list[site_sources.Shown], out: Path, kept: Store) -> dict:
    """Sizes and page counts of the files a game's downloads page lists (`downloads.read_all`), with
    those of unchanged files taken from the store `kept` (and kept there for the next build)."""
    pictures = {p for i in items if i.kind == "png" for p in i.files}  # shown at the gallery's size

    def locate(path: str) -> Path:
        found = located(out, path)
        return webimages.preview(found, output_root(out) / WORK / "previews") if path in pictures else found

    facts, keep = read_all(items, locate, dict(kept.everything()))
    kept.replace(keep)
    kept.save()
    return facts


def write_language(
    contents: list[GameContent],
    shown: list[Artifact],
    out: Path,
    lang: str,
    tmp: Path,
    site_url: str,
    code: str,
    analysis: Analysis,
    views: dict[str, str] | None = None,
) -> dict:
    """Build the site in `lang` into `tmp` (incrementally, in the output folder's work area); `views`:
    each game's `site_view` in `lang` if known; `analysis`: the games' worked examples and terms used."""
    work = output_root(out) / WORK / f"site-{lang}"
    languages = site_languages(contents)
    written = [c for c in contents if lang in c.game.languages]
    rendered = [
        (c, *rendered_game(c, lang, shown, out, code, work, analysis, (views or {}).get(c.id))) for c in written
    ]
    pages = site_sources.render_site([(c, game_pages, entries) for c, game_pages, entries, _p in rendered], lang)
    words = site_sources.words(lang)
    conf = conf_text(
        lang,
        words["site_title"],
        list(languages),
        {l: i18n.own_name(l) for l in languages},
        words["choose_language"],
        words,
        site_url,
        code,
        {c.id: list(c.game.languages) for c in written if list(c.game.languages) != list(languages)},
        site_sources.draft(contents, analysis.example_failures(contents), lang),
        printed=site_sources.printed_lines(written, lang, words["site_title"]),
    )
    build_html(pages, conf, tmp, work, lang, words)
    for _c, _pages, _entries, pictures in rendered:  # beside the rules page that shows them
        for relative, png in sorted(pictures.items()):
            target = tmp / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(webimages.web_png(png))  # at most 256 colours: a rules page stays light
    summary = ", ".join(c.game.title.get(lang) for c in sorted(written, key=lambda c: c.id))
    write_offline(tmp, words["site_title"], lang, summary)  # installable (offline use: `write_offline_list`)
    return {"pages": sum(1 for p in pages if p.endswith(".md"))}


def write_files(shown: list[Artifact], out: Path, tmp: Path) -> dict | None:
    """Copy every file the pages link into `tmp` (hard links where possible: same bytes, no space). A card-image
    folder is shown by its trimmed pictures at the gallery's size (`webimages.preview`); the downloads pages offer
    whole bundles as ZIPs the browser makes from these files (`downloads.zip_plan`): no file is stored twice."""
    tmp.mkdir(parents=True, exist_ok=True)
    for artifact in shown:
        source = located(out, artifact.path)
        files = sorted(p for p in source.rglob("*") if p.is_file()) if source.is_dir() else [source]
        for file in files:
            relative = file.relative_to(source) if source.is_dir() else None
            if artifact.kind == "png" and relative is not None:
                if relative.parts[0] != "trim":
                    continue  # print resolution with bleed: the print-shop PDF has them; not on the site
                file = webimages.preview(file, output_root(out) / WORK / "previews")
            target = tmp / artifact.path / relative if relative is not None else tmp / artifact.path
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.link(file, target)
            except OSError:
                shutil.copyfile(file, target)
    return None


@functools.lru_cache(maxsize=1)  # compiled templates kept for every page of the process
def _env():
    """Jinja for the root pages: HTML, every value escaped."""
    from jinja2 import FileSystemLoader, StrictUndefined
    from jinja2.sandbox import SandboxedEnvironment

    return SandboxedEnvironment(
        loader=FileSystemLoader(str(paths.TEMPLATES / "site")),
        undefined=StrictUndefined,
        autoescape=True,
        keep_trailing_newline=True,
    )


def write_root(
    name: str, contents: list[GameContent], tmp: Path, site_url: str, analysis: Analysis | None = None
) -> dict | None:
    """The language chooser (index.html) or the site-wide 404 page, in every language of the site (with the draft
    banner while worked examples fail)."""
    languages = site_languages(contents)
    failed = analysis.example_failures(contents) if analysis is not None else []
    games = [
        {"id": c.id, "title": {l: c.game.title.get(l) for l in languages if l in c.game.languages}}
        for c in sorted(contents, key=lambda c: c.id)
    ]
    prefix = "/" + (
        site_url.split("://", 1)[-1].split("/", 1)[1].rstrip("/") + "/"
        if site_url and "/" in site_url.split("://", 1)[-1]
        else ""
    )
    tmp.write_text(
        _env()
        .get_template("chooser.html.j2" if name == "index" else f"{name}.html.j2")
        .render(
            strings={l: site_sources.words(l) for l in languages},
            names={l: i18n.own_name(l) for l in languages},
            langs=languages,
            games=games,
            prefix=prefix.replace("//", "/"),
            exact=bool(site_url),  # the links of the 404 page start from the site's known root
            drafts={l: site_sources.draft(contents, failed, l) for l in languages},
        ),
        encoding="utf-8",
    )
    return None


def write_offline_list(out: Path, tmp: Path, languages: tuple[str, ...]) -> dict | None:
    """``offline.json``: what a player can keep offline and its size (`rulepress.site.offline.offline_list`),
    from the languages' folders and the shared files as this build leaves them."""
    files = located(out, "site/files")
    folders = {lang: located(out, f"site/{lang}") for lang in languages}
    write_list(tmp, folders, files if files.is_dir() else None, lambda url: located(out, f"site/{url}"))
    return None


def write_sitemap(out: Path, tmp: Path, site_url: str, languages: tuple[str, ...]) -> dict | None:
    """sitemap.xml of every language, with absolute URLs (planned only when --site-url is given)."""
    from xml.sax.saxutils import escape

    base = site_url.rstrip("/") + "/" if site_url else ""
    folders = {lang: located(out, f"site/{lang}") for lang in languages}
    pages = sorted(
        {
            p.relative_to(folders[lang]).as_posix()
            for lang in languages
            for p in folders[lang].rglob("*.html")
            if p.name not in ("search.html", "genindex.html", "404.html")
        }
    )
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ]
    for page in pages:
        for lang in languages:
            if not (folders[lang] / page).is_file():
                continue
            lines.append(f"<url><loc>{escape(base + lang + '/' + page)}</loc>")
            for other in languages:
                if (folders[other] / page).is_file():
                    lines.append(
                        f'<xhtml:link rel="alternate" hreflang="{other}" href="{escape(base + other + "/" + page)}"/>'
                    )
            lines.append("</url>")
    lines.append("</urlset>")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return None


def _kept_views(content: GameContent, cache: Path, code: str) -> tuple[Store, str, dict | None]:
    """(the game's store ``<cache>/<game>.json``, the game's key, its views kept there under that key, or
    None)."""
    from rulepress.model.cache import folder_key

    key = folder_key(content.folder, code)
    store = Store.in_folder(cache, content.id, code)
    kept = store.get(key)
    if isinstance(kept, dict):
        return store, key, {None if k == "" else k: v for k, v in kept.items()}
    return store, key, None


def kept_views(content: GameContent, cache: Path, code: str) -> dict[str | None, str]:
    """`site_views` of a game, from the store ``<cache>/<game>.json`` when the game's files and Rulepress's
    code are unchanged since they were kept there (and kept there for the next build)."""
    store, key, views = _kept_views(content, cache, code)
    if views is not None:
        return views
    views = site_views(content)
    store.put(key, {"" if k is None else k: v for k, v in views.items()})
    store.save()  # a failure costs computing them again next time
    return views


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str, ensure_ascii=False).encode()).hexdigest()


def plan_all(
    contents: list[GameContent], options: SiteOptions, artifacts: list[Artifact], analysis: Analysis
) -> list[Artifact]:
    """The website artifacts: the linked files, one folder per language, the root pages, the offline list, the
    service worker and (with a site URL) the sitemap. The game pages show the games' `analysis` (worked
    examples, terms used): their artifacts say they need it."""
    site = _site(contents, options, artifacts, analysis)
    planned = [_files(site)] + [_language(site, lang) for lang in site.languages] + _roots(site)
    built = [a for a in planned if a.path == "site/files" or a.path.startswith("site/") and a.lang]
    return planned + _offline(site, built) + _sitemap(site)


@dataclass(kw_only=True)
class _Site:
    """What every artifact of the website is planned from."""

    out: Path
    code: str  # Rulepress's code version
    site_url: str
    analysis: Analysis
    everything: list[GameContent]  # the games built and those an earlier build left
    shown: list[Artifact]  # the linked files
    languages: tuple[str, ...]
    views: dict[str, dict[str, str]]  # lang -> game -> digest of what its pages show
    digests: dict[str, str]  # game -> digest of its pages in every language
    titles: dict[str, list[str]]
    examples: str  # digest of the worked examples' marks (the draft banner follows them)


def _site(contents: list[GameContent], options: SiteOptions, artifacts: list[Artifact], analysis: Analysis) -> _Site:
    from rulepress.version import code_version

    out = Path(options.out)
    code = code_version()
    every = {c.id: kept_views(c, output_root(out) / WORK / "views", code) for c in contents}
    older, older_shown = earlier_games(out, contents, options.content, {a.path for a in artifacts}, options.partial)
    everything = sorted(contents + older, key=lambda c: c.id)
    every.update({c.id: site_views(c) for c in older})
    languages = site_languages(everything)
    views = {lang: {game: v[lang] for game, v in every.items() if lang in v} for lang in languages}
    for content in contents:  # the example pictures show cards with their texts: of those cards, the texts count
        results = analysis.of(content, *NEEDS).examples
        for lang in content.game.languages:
            shown_cards = model_view.components_in_language(content, lang, model_view.pictured_cards(results, lang))
            views[lang][content.id] = _digest([views[lang][content.id], shown_cards])
    return _Site(
        out=out,
        code=code,
        site_url=options.site_url,
        analysis=analysis,
        everything=everything,
        shown=sorted(_shown(artifacts) + older_shown, key=lambda a: a.path),
        languages=languages,
        views=views,
        digests={game: v[None] for game, v in every.items()},
        titles={c.id: [c.game.title.get(l) for l in c.game.languages] for c in everything},
        examples=_digest({c.id: example_view(c) for c in everything}),
    )


def _after(site: _Site) -> tuple[str, ...]:
    """The linked files built in this build: the pages that link them come after them."""
    return tuple(a.path for a in site.shown if a.write is not None)


def _files(site: _Site) -> Artifact:
    return Artifact(
        game=None,
        kind="site",
        path="site/files",
        inputs={"files": _digest([[a.path, a.digest()] for a in site.shown])},
        write=lambda tmp: write_files(site.shown, site.out, tmp),
        directory=True,
        after=_after(site),
    )


def _language(site: _Site, lang: str) -> Artifact:
    """The pages in `lang`. What is shown: the linked paths (the sizes and page counts the downloads pages show
    are settled once the files are built: `shown_facts`)."""

    def write(tmp: Path) -> dict:
        return write_language(
            site.everything, site.shown, site.out, lang, tmp, site.site_url, site.code, site.analysis, site.views[lang]
        )

    return Artifact(
        game=None,
        kind="site",
        path=f"site/{lang}",
        inputs={
            "games": site.views[lang],
            "shown": _digest([[a.path, a.kind, a.lang, a.paper, list(a.bundles)] for a in site.shown]),
            "pictures": _pictures_shown(site.shown, lang),
            "lang": lang,
            "site_url": site.site_url,
            "examples": site.examples,
        },
        write=write,
        lang=lang,
        directory=True,
        after=_after(site),
        prepare=preload,
        needs=NEEDS,
        settle=functools.partial(shown_facts, site.everything, site.shown, lang=lang),
    )


def _roots(site: _Site) -> list[Artifact]:
    """The start page and the page for an address that is none."""
    return [
        Artifact(
            game=None,
            kind="site",
            path=f"site/{name}.html",
            inputs={"games": site.titles, "site_url": site.site_url, "examples": site.examples},
            write=functools.partial(write_root, name, site.everything, site_url=site.site_url, analysis=site.analysis),
            needs=("examples",),
        )
        for name in ("index", "404")
    ]


def _offline(site: _Site, built: list[Artifact]) -> list[Artifact]:
    """The list of what a phone keeps for reading offline (after every page), and the service worker."""
    return [
        Artifact(
            game=None,
            kind="site",
            path="site/offline.json",
            inputs={"code": site.code, "site": _digest([[a.path, a.inputs] for a in built]), "titles": site.titles},
            write=lambda tmp: write_offline_list(site.out, tmp, site.languages),
            after=(*(a.path for a in built), "site/index.html"),
        ),
        Artifact(
            game=None, kind="site", path="site/sw.js", inputs={"code": site.code}, write=lambda tmp: write_worker(tmp)
        ),
    ]


def _sitemap(site: _Site) -> list[Artifact]:
    """A sitemap needs absolute addresses: none without --site-url."""
    if not site.site_url:
        return []
    url = site.site_url
    return [
        Artifact(
            game=None,
            kind="site",
            path="site/sitemap.xml",
            inputs={"games": site.digests, "site_url": url},
            write=lambda tmp: write_sitemap(site.out, tmp, url, site.languages),
            after=tuple(f"site/{lang}" for lang in site.languages),
        )
    ]
