"""Build one language of the website with Sphinx, in-process, incrementally, warnings as errors.

The MyST sources and ``conf.py`` live in a persistent work folder (under the
output folder's state, ``.rulepress-cache/site-<lang>``) together with Sphinx's
doctrees, environment and HTML: a source file is rewritten only when its text
changes, so Sphinx's own incremental build re-reads only edited pages. The
finished HTML is then copied into `out` (the artifact's temporary folder).
Sphinx's warnings are collected and raised as one `ContentError` so a broken
page never ships; after a failure the work folder is removed, so the next
build starts clean and reports the warning again.

A build killed while it wrote the work folder (SIGKILL, power loss) leaves sources, environment,
doctrees and HTML that disagree (an environment that lists pages whose ``searchindex.js`` was never
written: "search index couldn't be loaded"; sources newer than their HTML). So the folder holds a
marker file (`UNFINISHED`) from before the first change until the HTML is complete: a build that
finds the marker removes the folder and builds from scratch.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import io
import shutil
from pathlib import Path

from jinja2 import FileSystemLoader
from jinja2.sandbox import SandboxedEnvironment

from rulepress import paths
from rulepress.errors import ContentError
from rulepress.site.locale import write_catalog, write_if_changed

SITE_TEMPLATES = paths.TEMPLATES / "site"
SPHINX_PAGES = ("search", "genindex", "404")
NOT_COPIED = (".buildinfo", ".buildinfo.bak", "_sources", ".doctrees", "objects.inv")  # .bak: after a config change
UNFINISHED = ".rulepress-unfinished"  # in a work folder while a build changes it


@functools.lru_cache(maxsize=1)  # its compiled template serves every build of the process
def _conf_environment() -> SandboxedEnvironment:
    env = SandboxedEnvironment(loader=FileSystemLoader(str(SITE_TEMPLATES)), keep_trailing_newline=True)
    env.policies["json.dumps_kwargs"] = {"sort_keys": True, "ensure_ascii": False}
    return env


def conf_text(
    lang: str,
    title: str,
    languages: list[str],
    language_names: dict[str, str],
    choose: str,
    strings: dict | None = None,
    site_url: str = "",
    code: str = "",
    game_languages: dict[str, list[str]] | None = None,
    draft: dict | None = None,
    printed: dict[str, str] | None = None,
) -> str:
    """conf.py of one language build, from templates/site/conf.py.j2 (`game_languages`: the languages of each
    game written in fewer or other languages than the site's, for its pages' language switch; `draft`: the
    draft banner's words and links while worked examples fail, `rulepress.site.sphinx_ext.draft_context`;
    `printed`: the line each printed page carries, by game id, `rulepress.site.sources.printed_lines`)."""
    env = _conf_environment()
    strings = strings or {}
    site_url = site_url.rstrip("/") + "/" if site_url else ""
    site_path = site_url.split("://", 1)[-1].split("/", 1)[1] if site_url else ""
    return env.get_template("conf.py.j2").render(
        lang=lang,
        title=title,
        languages=languages,
        language_names=language_names,
        game_languages=game_languages or {},
        choose=choose,
        templates=str(SITE_TEMPLATES / "_templates"),
        static=str(SITE_TEMPLATES / "static"),
        strings={k: v for k, v in strings.items() if k in SITE_STRINGS},
        site_url=site_url,
        site_path=site_path,
        code=code,
        not_found_title=strings.get("not_found_title", ""),
        not_found_body=strings.get("not_found_body", ""),
        draft=draft or {},
        printed=printed or {},
    )


SITE_STRINGS = (  # the interface words the theme's templates and scripts use (templates/locales/*.yaml)
    "pages",
    "search_placeholder",
    "language",
    "theme_literals",
    "sections_found",
    "search_hits",
    "did_you_mean",
    "search_all_games",
    "offline",
    "size_kb",
    "size_mb",
)


def sync_sources(src: Path, sources: dict[str, str], conf: str) -> bool:
    """Make `src` hold exactly `sources` and conf.py, touching only files whose text changed; True if any did."""
    wanted = {src / relative: text for relative, text in sources.items()}
    wanted[src / "conf.py"] = conf
    changed = False
    if src.is_dir():
        for path in sorted(src.rglob("*.md"), reverse=True):
            if path not in wanted:
                path.unlink()
                changed = True
    for path, text in wanted.items():
        changed = write_if_changed(path, text.encode("utf-8")) or changed
    return changed


def import_translatable_modules() -> None:
    """Import Sphinx's built-in extensions while no translator is registered.

    Their module-level texts (``_('Python Module Index')``) are translated at
    import time once a translator exists; imported first during a German build,
    they would stay German for every later build in the same process (a build
    on one core would differ from one on two). Imported with no translator, they
    stay lazy and follow each build's language. Call right after clearing
    `sphinx.locale.translators`.
    """
    from sphinx.application import builtin_extensions

    for name in builtin_extensions:
        importlib.import_module(name)


def preload() -> None:
    """Import Sphinx, its built-in extensions and the site's extensions and theme (no build): done by the
    build's process before it forks workers, they need not import them again for every build."""
    from sphinx import locale

    locale.translators.clear()
    import_translatable_modules()
    with contextlib.redirect_stdout(io.StringIO()):  # it prints a note about optional social cards on import
        importlib.import_module("sphinxext.opengraph")
    for name in ("sphinx.application", "myst_parser", "notfound.extension", "furo", "rulepress.site.sphinx_ext"):
        importlib.import_module(name)


def build_html(
    sources: dict[str, str], conf: str, out: Path, work: Path, lang: str = "en", words: dict | None = None
) -> None:
    """Build `sources` with `conf` in the work folder `work` (incremental) and copy the HTML into `out`."""
    from sphinx import locale
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    with contextlib.redirect_stdout(io.StringIO()):  # it prints a note about optional social cards on import
        importlib.import_module("sphinxext.opengraph")
    src, doctrees, html = work / "src", work / "doctrees", work / "html"
    begin_work(work)
    changed = sync_sources(src, sources, conf)
    changed = write_catalog(src, lang, words or {}) or changed
    if not changed and (html / "index.html").is_file():  # Sphinx would find nothing to do
        _copy(html, out, sources)
        end_work(work)
        return
    warnings = io.StringIO()
    locale.translators.clear()  # Sphinx caches its UI translations per process: the last build's language would stick
    import_translatable_modules()
    try:
        with patch_docutils(src), docutils_namespace():  # docutils' registries stay clean for the next build
            app = Sphinx(
                str(src),
                str(src),
                str(html),
                str(doctrees),
                "html",
                status=None,
                warning=warnings,
                freshenv=False,
                warningiserror=False,
                verbosity=0,
            )
            app.connect("build-finished", complete_search_index)
            keep_compiled_templates(app, work / "templates")
            app.build()
        text = warnings.getvalue().strip()
        if app.statuscode or text:
            raise ContentError("website", f"Sphinx reported problems while building the website:\n{text}")
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    finally:
        locale.translators.clear()
    _copy(html, out, sources)
    end_work(work)


def begin_work(work: Path) -> None:
    """Mark `work` as being changed; a folder an earlier build left marked (killed) is removed first."""
    if (work / UNFINISHED).exists():
        shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True, exist_ok=True)
    (work / UNFINISHED).write_text("a build is changing this folder (removed when it has finished)\n")


def end_work(work: Path) -> None:
    """`work` is complete again: its sources, environment, doctrees and HTML agree."""
    (work / UNFINISHED).unlink(missing_ok=True)


def keep_compiled_templates(app, folder: Path) -> None:
    """Let the HTML builder's Jinja keep compiled templates in `folder` (keyed by each template's source):
    a new Sphinx application per build would otherwise compile the theme's templates every time."""
    from jinja2 import FileSystemBytecodeCache

    environment = getattr(getattr(app.builder, "templates", None), "environment", None)
    if environment is not None:
        folder.mkdir(parents=True, exist_ok=True)
        environment.bytecode_cache = FileSystemBytecodeCache(str(folder))


def index_entries(domain_entries: dict[str, list[tuple]], docnames: list[str]) -> dict[str, list[list]]:
    """The search index's ``indexentries`` from the index domain's entries per page, as Sphinx's
    `IndexBuilder` computes them for the pages it writes (pages in the order Sphinx writes them)."""
    from sphinx.util.index_entries import split_index_msg

    position = {doc: i for i, doc in enumerate(docnames)}
    result: dict[str, list[list]] = {}
    for doc in sorted(d for d in domain_entries if d in position):
        found: set[tuple[str, str, str]] = set()
        for entry_type, value, target_id, main, _category in domain_entries[doc]:
            try:
                parts = split_index_msg(entry_type, value)
            except ValueError:
                continue
            if entry_type in {"see", "seealso"}:
                found.add((parts[0], target_id or "", main))
            found |= {(part, target_id or "", main) for part in parts}
        for entry, target, main in sorted(found):
            result.setdefault(entry.lower(), []).append([position[doc], target, main == "main"])
    return result


def complete_search_index(app, exception) -> None:
    """Make an incremental build's ``searchindex.js`` what a clean build writes: Sphinx keeps the index
    entries (``{index}``) only of the pages it wrote in this build and keeps words of removed text with
    no page; the entries are taken again from the environment's index domain, the empty words dropped."""
    from sphinx.search import js_index

    path = Path(app.outdir) / "searchindex.js"
    if exception is not None or not path.is_file():
        return
    text = path.read_text(encoding="utf-8")
    data = js_index.loads(text)
    for key in ("terms", "titleterms"):
        data[key] = {word: pages for word, pages in data[key].items() if pages != []}
    data["indexentries"] = index_entries(app.env.get_domain("index").entries, list(data["docnames"]))
    fixed = js_index.dumps(data)
    if fixed != text:
        path.write_text(fixed, encoding="utf-8")


def _copy(html: Path, out: Path, sources: dict[str, str]) -> None:
    """The built HTML into `out`, without Sphinx's bookkeeping and pages of removed sources."""
    shutil.copytree(html, out, ignore=shutil.ignore_patterns(*NOT_COPIED), dirs_exist_ok=True)
    pages = {Path(relative).with_suffix("").as_posix() for relative in sources if relative.endswith(".md")}
    for page in sorted(out.rglob("*.html")):
        name = page.relative_to(out).with_suffix("").as_posix()
        if name not in pages and name not in SPHINX_PAGES:
            page.unlink()  # the page of a source removed since an earlier build
