"""The rules website: one Sphinx build per language plus a root page to choose the language.

Artifacts: ``site/de`` and ``site/en`` (folders) and ``site/index.html``. The
pages link to the PDFs and PNGs built before the site by relative paths
(``../../<game>/...``), so the site works when the output folder is served as
a static root. A site's inputs are the content digests of all games and the
inputs of every artifact it shows, so a no-op re-run skips it.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from pathlib import Path

from generator import paths
from generator.model import GameContent
from generator.render import Artifact
from generator.site import sources as site_sources
from generator.site.sphinx_run import build_html, conf_text

LANGS = ("de", "en")


def _shown(artifacts: list[Artifact]) -> list[Artifact]:
    """The per-game artifacts the site links to or shows."""
    return [a for a in artifacts if a.game is not None and a.kind != "site"]


def _optional(module: str, name: str):
    """A function of another helper's module, or None while it does not exist."""
    try:
        return getattr(importlib.import_module(module), name, None)
    except ModuleNotFoundError:
        return None


def game_extras(content: GameContent, shown: list[Artifact], out: Path) -> site_sources.GameExtras:
    """Example results, translation report and the built files of one game."""
    run_game = _optional("generator.check.examples", "run_game")
    report = _optional("generator.check.translations", "report")
    results = run_game(content) if run_game and content.game.engine else None
    translations = report(content).to_dict() if report else None
    items = []
    for artifact in shown:
        if artifact.game != content.id:
            continue
        files: tuple[str, ...] = ()
        if artifact.directory:
            folder = out / artifact.path
            files = tuple(sorted(f"{artifact.path}/{p.relative_to(folder).as_posix()}"
                                 for p in folder.rglob("*") if p.is_file())) if folder.is_dir() else ()
            if not files:
                continue
        items.append(site_sources.Shown(artifact.game, artifact.kind, artifact.path, artifact.lang, artifact.paper, files))
    return site_sources.GameExtras(results, translations, items)


def write_language(contents: list[GameContent], shown: list[Artifact], out: Path, lang: str, tmp: Path,
                   cache: dict) -> dict:
    """Build the site in `lang` into `tmp`; `cache` shares the example and translation checks between languages."""
    for c in contents:
        if c.id not in cache:
            cache[c.id] = game_extras(c, shown, out)
    extras = {c.id: cache[c.id] for c in contents}
    pages = site_sources.render_sources(contents, lang, extras)
    s = site_sources.strings()
    conf = conf_text(lang, s[lang]["site_title"], list(LANGS), {l: s[l]["language_name"] for l in LANGS},
                     s[lang]["choose_language"])
    build_html(pages, conf, tmp)
    return {"pages": len(pages)}


def write_chooser(contents: list[GameContent], tmp: Path) -> dict:
    env = site_sources.environment()
    env.loader.searchpath = [str(paths.TEMPLATES / "site")]
    games = [{"id": c.id, "title": {l: c.game.title.get(l) for l in LANGS}} for c in sorted(contents, key=lambda c: c.id)]
    tmp.write_text(env.get_template("chooser.html.j2").render(strings=site_sources.strings(), langs=LANGS, games=games),
                   encoding="utf-8")
    return None


def plan_all(contents: list[GameContent], options, artifacts: list[Artifact]) -> list[Artifact]:
    """The website artifacts: one folder per language and the language chooser."""
    shown = sorted(_shown(artifacts), key=lambda a: a.path)
    out = Path(options.out)
    digests = {c.id: c.digest() for c in sorted(contents, key=lambda c: c.id)}
    # one digest of everything shown, serialised once for both languages
    shown_inputs = hashlib.sha256(json.dumps([[a.path, a.kind, a.lang, a.paper, a.inputs] for a in shown], sort_keys=True,
                                             default=str, ensure_ascii=False).encode()).hexdigest()
    planned = []
    cache: dict = {}  # lives as long as this plan: both languages run the checks once
    for lang in LANGS:
        def write(tmp: Path, lang=lang):
            return write_language(contents, shown, out, lang, tmp, cache)
        planned.append(Artifact(None, "site", f"site/{lang}", {"games": digests, "shown": shown_inputs, "lang": lang},
                                write, lang=lang, directory=True, after=tuple(a.path for a in shown)))
    planned.append(Artifact(None, "site", "site/index.html",
                            {"games": {c.id: [c.game.title.de, c.game.title.en] for c in contents}},
                            lambda tmp: write_chooser(contents, tmp)))
    return planned
