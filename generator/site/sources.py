"""The MyST sources of the website in one language, rendered from the content through Jinja templates.

`page_data` gathers, per game, everything a page shows as plain values
(names in the page's language, marks, relative links to the PDFs and PNGs
built before the site); `render_sources` feeds that to the templates in
``templates/site/myst/`` and returns ``{relative path: MyST text}``. Example
results and translation reports are passed in, so this module does no I/O
beyond reading its templates.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml
from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from rulepress import paths
from rulepress.model import GameContent
from rulepress.model.schema import Provenance, Term
from rulepress.site import rules_myst, search

TEMPLATES = paths.TEMPLATES / "site"
GAME_PAGES = ("index", "rules", "glossary", "ambiguities", "gallery", "downloads")


@dataclass(frozen=True)
class Shown:
    """An artifact shown on the site: its output path and, for PNG folders, the files inside."""

    game: str
    kind: str
    path: str
    lang: str | None = None
    paper: str | None = None
    files: tuple[str, ...] = ()  # for folders: file paths relative to the output folder


@dataclass
class GameExtras:
    """Results computed outside: example checks and the translation report of one game."""

    example_results: list | None = None  # objects with id, lang, passed; None = not checked
    translations: dict | None = None
    artifacts: list[Shown] = field(default_factory=list)


@lru_cache(maxsize=1)
def strings() -> dict:
    """The site's fixed words per language (templates/site/strings.yaml)."""
    return yaml.safe_load((TEMPLATES / "strings.yaml").read_text(encoding="utf-8"))


def environment() -> SandboxedEnvironment:
    env = SandboxedEnvironment(loader=FileSystemLoader(str(TEMPLATES / "myst")), undefined=StrictUndefined,
                               keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True)
    env.filters["cell"] = lambda text: " ".join(str(text).split()).replace("|", "\\|")
    env.filters["attr"] = lambda text: html.escape(str(text), quote=True)
    return env


def term_names(contents: list[GameContent], lang: str) -> dict[str, dict[str, str]]:
    """Glossary entry name per game and term id; names used by two games get the game title added
    (Sphinx glossary terms are global to a site)."""
    counts: dict[str, int] = {}
    for content in contents:
        for term in content.game.glossary:
            key = getattr(term, lang).lower()
            counts[key] = counts.get(key, 0) + 1
    titles = [c.game.title.get(lang) for c in contents]
    names = {}
    for content in contents:
        title = content.game.title.get(lang)
        if titles.count(title) > 1:  # two games with one title: the id tells them apart
            title = f"{title}, {content.id}"
        names[content.id] = {t.id: getattr(t, lang) + (f" ({title})" if counts[getattr(t, lang).lower()] > 1 else "")
                             for t in content.game.glossary}
    return names


def provenance_label(provenance: Provenance | None, lang: str) -> str:
    if provenance is None:
        return ""
    return strings()[lang][f"provenance_{provenance.kind}"]


def _relative(path: str, depth: int) -> str:
    """Link from a page `depth` folders below site/<lang>/ to an output file."""
    return "../" * (depth + 2) + path


def _example_marks(results, lang: str) -> dict[str, rules_myst.ExampleMark]:
    s = strings()[lang]
    if results is None:
        return {}
    marks = {}
    for result in results:
        if result.lang == lang:
            state = "verified" if result.passed else "failed"
            marks[result.id] = rules_myst.ExampleMark(state, s[state])
    return marks


def game_data(content: GameContent, lang: str, names: dict[str, str], extras: GameExtras) -> dict:
    """Everything the game's pages show, in `lang`."""
    s = strings()[lang]
    game = content.game
    marks = _example_marks(extras.example_results, lang)
    for example in content.rules.get(lang).examples if lang in content.rules else []:
        marks.setdefault(example.id, rules_myst.ExampleMark("unchecked", s["unchecked"]))
    rules_body = rules_meta = ""
    if lang in content.rules:
        text = content.rules[lang]
        prov = {r.id: provenance_label(r.provenance, lang) for r in game.rules if r.provenance.marked}
        rules_body = rules_myst.rules_page(game.id, text, names, marks, prov, s["example"])
        rules_meta = rules_myst.front_matter(rules_myst.page_search_words(text, game.glossary, lang))
    results = [r for r in (extras.example_results or []) if r.lang == lang]
    return {
        "id": game.id,
        "title": game.title.get(lang),
        "subtitle": game.subtitle.get(lang) if game.subtitle else "",
        "players": f"{game.players.min}–{game.players.max}" if game.players.min != game.players.max else str(game.players.min),
        "age": s["age_from"].format(age=game.age) if game.age else "",
        "provenance": _provenance(game.provenance, lang),
        "sources": list(game.sources),
        "components": [_component(c, lang) for c in game.components],
        "rules": rules_body,
        "rules_meta": rules_meta,
        "glossary_meta": rules_myst.front_matter([w for t in game.glossary for w in search.term_words(t, lang)]),
        "examples": {"checked": extras.example_results is not None, "total": len(results),
                     "passed": sum(1 for r in results if r.passed)},
        "glossary": [_term(t, names, lang) for t in sorted(game.glossary, key=lambda t: (names[t.id].lower(), names[t.id], t.id))],
        "ambiguities": [_ambiguity(a, lang) for a in game.ambiguities],
        "gallery": _gallery(extras.artifacts, lang),
        "downloads": _downloads(extras.artifacts, lang),
        "translations": extras.translations,
        "pages": [p for p in GAME_PAGES if p != "index"] + (["translations"] if extras.translations is not None else []),
    }


def _provenance(provenance: Provenance | None, lang: str) -> dict:
    if provenance is None:
        return {"kind": "", "label": "", "marked": False, "note": "", "source": ""}
    return {"kind": provenance.kind, "label": provenance_label(provenance, lang), "marked": provenance.marked,
            "note": provenance.note or "", "source": provenance.source or ""}


def _component(comp, lang: str) -> dict:
    count = comp.count if comp.count is not None else (comp.total() if comp.printed else None)
    return {"id": comp.id, "name": comp.name.get(lang), "kind": strings()[lang]["kinds"][comp.kind],
            "count": "?" if count is None else count, "count_unknown": comp.count_unknown,
            "provenance": _provenance(comp.provenance, lang), "note": comp.note.get(lang) if comp.note else ""}


def _term(term: Term, names: dict[str, str], lang: str) -> dict:
    other = "en" if lang == "de" else "de"
    return {"id": term.id, "name": names[term.id], "other": getattr(term, other),
            "definition": " ".join(term.definition.get(lang).split())}


def _ambiguity(amb, lang: str) -> dict:
    return {"id": amb.id, "title": amb.title.get(lang), "description": amb.description.get(lang),
            "sources": list(amb.sources), "engine_option": amb.engine_option or "",
            "edition_variant": amb.edition_variant,
            "readings": [{"id": r.id, "text": r.text.get(lang), "source": r.source or "", "used": r.id == amb.used}
                         for r in amb.readings]}


def _kind_label(kind: str, lang: str) -> str:
    return strings()[lang]["artifact_kinds"].get(kind, kind)


def _gallery(shown: list[Shown], lang: str) -> list[dict]:
    groups = []
    for item in sorted(shown, key=lambda a: a.path):
        if item.lang not in (None, lang):
            continue
        if item.files and item.kind != "png":
            continue  # other folders (e.g. Tabletop Simulator sheets) are downloads
        images = [f for f in item.files if f.endswith(".png") and "/bleed/" not in f] if item.files \
            else ([item.path] if item.path.endswith(".png") else [])
        if images:
            groups.append({"title": Path(item.path).name, "kind": _kind_label(item.kind, lang),
                           "images": [{"src": _relative(f, 1), "alt": Path(f).stem} for f in sorted(images)]})
    return groups


def _downloads(shown: list[Shown], lang: str) -> list[dict]:
    rows = []
    for item in shown:
        if item.kind == "png" or item.path.endswith(".png"):
            continue  # shown in the gallery
        for path in item.files or (item.path,):
            rows.append({"name": path.split("/", 1)[-1], "href": _relative(path, 1), "kind": _kind_label(item.kind, lang),
                         "lang": item.lang or "", "paper": item.paper or "",
                         "order": (item.lang not in (None, lang), path)})
    return [{k: v for k, v in r.items() if k != "order"} for r in sorted(rows, key=lambda r: r["order"])]


def render_sources(contents: list[GameContent], lang: str, extras: dict[str, GameExtras]) -> dict[str, str]:
    """All MyST pages of the site in `lang`: {relative path: text}."""
    env = environment()
    names = term_names(contents, lang)
    s = strings()[lang]
    games = [game_data(c, lang, names[c.id], extras.get(c.id, GameExtras())) for c in sorted(contents, key=lambda c: c.id)]
    pages = {"index.md": env.get_template("index.md.j2").render(s=s, lang=lang, games=games)}
    for game in games:
        for page in game["pages"] + ["index"]:
            pages[f"{game['id']}/{page}.md"] = env.get_template(f"{'overview' if page == 'index' else page}.md.j2").render(s=s, lang=lang, game=game)
    return dict(sorted(pages.items()))
