"""The rules website: one Sphinx build per language plus a root page to choose the language.

Artifacts: ``site/de`` and ``site/en`` (folders) and ``site/index.html``. The
pages link to the PDFs and PNGs built before the site by relative paths
(``../../<game>/...``), so the site works when the output folder is served as
a static root. A site's inputs are what it shows (`site_view`: every input file
of a game except the printed card texts, which no page prints) and the paths of
the artifacts it links to, not their bytes: a no-op re-run skips the site, and
so does an edit of one card's text (its PNG keeps its path; the site only links it).
"""

from __future__ import annotations

import hashlib
import importlib
import json
from pathlib import Path

from rulepress import paths
from rulepress.model import GameContent
from rulepress.model.loader import display_path
from rulepress.render import Artifact
from rulepress.site import sources as site_sources
from rulepress.site.sphinx_run import build_html, conf_text

LANGS = ("de", "en")


def _shown(artifacts: list[Artifact]) -> list[Artifact]:
    """The per-game artifacts the site links to or shows."""
    return [a for a in artifacts if a.game is not None and a.kind != "site"]


def site_view(content: GameContent) -> str:
    """Digest of the game as the website sees it: the model without card body texts, plus the
    non-YAML inputs (rule texts, engine). Galleries and downloads list files whose names follow
    from card ids, quantities and backs, all kept here."""
    data = content.game.model_dump(mode="json")
    for comp in data.get("components", []):
        for card in comp.get("cards", []):
            card.pop("text", None)
            if isinstance(card.get("back_face"), dict):
                card["back_face"].pop("text", None)
    h = hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False, default=str).encode())
    for path in sorted(content.files):
        if path.suffix not in (".yaml", ".yml"):
            h.update(str(path.relative_to(content.folder)).encode() + b"\0")
            h.update(path.read_bytes())
    return h.hexdigest()


def _optional(module: str, name: str):
    """A function of another helper's module, or None while it does not exist."""
    try:
        return getattr(importlib.import_module(module), name, None)
    except ModuleNotFoundError:
        return None


def portable(value, content: GameContent):
    """`value` (nested dicts, lists, strings) with the game's file paths written relative to the
    content folder ("risk/rules.de.md") instead of the working directory, so that no output
    depends on where the build was started."""
    shown = display_path(content.folder)
    if shown == ".":
        return value  # started inside the game folder: the paths are already the game's own
    prefix, replacement = shown.rstrip("/") + "/", content.id + "/"
    if isinstance(value, str):
        return value.replace(prefix, replacement)
    if isinstance(value, dict):
        return {portable(k, content): portable(v, content) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(portable(v, content) for v in value)
    return value


def game_extras(content: GameContent, shown: list[Artifact], out: Path) -> site_sources.GameExtras:
    """Example results, translation report and the built files of one game."""
    run_game = _optional("rulepress.check.examples", "run_game")
    report = _optional("rulepress.check.translations", "report")
    results = run_game(content) if run_game and content.game.engine else None
    translations = portable(report(content).to_dict(), content) if report else None
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
    digests = {c.id: site_view(c) for c in sorted(contents, key=lambda c: c.id)}
    # what is shown: the linked paths (their bytes do not change a page), serialised once for both languages
    shown_inputs = hashlib.sha256(json.dumps([[a.path, a.kind, a.lang, a.paper] for a in shown], sort_keys=True,
                                             default=str, ensure_ascii=False).encode()).hexdigest()
    planned = []
    cache: dict = {}  # lives as long as this plan: languages built in one process run the checks once
    for lang in LANGS:
        def write(tmp: Path, lang=lang):
            return write_language(contents, shown, out, lang, tmp, cache)
        planned.append(Artifact(None, "site", f"site/{lang}", {"games": digests, "shown": shown_inputs, "lang": lang},
                                write, lang=lang, directory=True, after=tuple(a.path for a in shown)))
    planned.append(Artifact(None, "site", "site/index.html",
                            {"games": {c.id: [c.game.title.de, c.game.title.en] for c in contents}},
                            lambda tmp: write_chooser(contents, tmp)))
    return planned
