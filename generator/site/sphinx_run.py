"""Build one language of the website with Sphinx, in-process, warnings as errors.

The MyST sources and ``conf.py`` are written to a temporary folder, the
doctrees to another; only the HTML lands in `out`. Sphinx's warnings are
collected and raised as one `ContentError` so a broken page never ships.
"""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

from jinja2 import FileSystemLoader
from jinja2.sandbox import SandboxedEnvironment

from rulepress import paths
from rulepress.errors import ContentError

SITE_TEMPLATES = paths.TEMPLATES / "site"


def conf_text(lang: str, title: str, languages: list[str], language_names: dict[str, str], choose: str) -> str:
    """conf.py of one language build, from templates/site/conf.py.j2."""
    env = SandboxedEnvironment(loader=FileSystemLoader(str(SITE_TEMPLATES)), keep_trailing_newline=True)
    env.policies["json.dumps_kwargs"] = {"sort_keys": True, "ensure_ascii": False}
    return env.get_template("conf.py.j2").render(
        lang=lang, title=title, languages=languages, language_names=language_names, choose=choose,
        templates=str(SITE_TEMPLATES / "_templates"), static=str(SITE_TEMPLATES / "static"))


def import_translatable_modules() -> None:
    """Import Sphinx's built-in extensions while no translator is registered.

    Their module-level texts (``_('Python Module Index')``) are translated at
    import time once a translator exists; imported first during a German build,
    they would stay German for every later build in the same process (a build
    on one core would differ from one on two). Imported with no translator, they
    stay lazy and follow each build's language. Call right after clearing
    `sphinx.locale.translators`.
    """
    import importlib

    from sphinx.application import builtin_extensions

    for name in builtin_extensions:
        importlib.import_module(name)


def build_html(sources: dict[str, str], conf: str, out: Path) -> None:
    """Write `sources` and `conf` to a temporary folder and build HTML into `out` (-W)."""
    from sphinx import locale
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    with tempfile.TemporaryDirectory(prefix="rulepress-site-") as tmp:
        src = Path(tmp) / "src"
        for relative, text in sources.items():
            target = src / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        (src / "conf.py").write_text(conf, encoding="utf-8")
        warnings = io.StringIO()
        locale.translators.clear()  # Sphinx caches its UI translations per process: the last build's language would stick
        import_translatable_modules()
        with patch_docutils(src), docutils_namespace():  # docutils' registries stay clean for the next build
            app = Sphinx(str(src), str(src), str(out), str(Path(tmp) / "doctrees"), "html",
                         status=None, warning=warnings, freshenv=True, warningiserror=True, verbosity=0)
            app.build(force_all=True)
        text = warnings.getvalue().strip()
        if app.statuscode or text:
            raise ContentError("website", f"Sphinx reported problems while building the website:\n{text}")
        locale.translators.clear()
    for leftover in (".buildinfo", "_sources"):
        path = out / leftover
        if path.is_file():
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
