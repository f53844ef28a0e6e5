"""Where Rulepress finds its bundled files (templates, fonts, bundled games).

Two ways to be installed, one answer:

- from a wheel, the bundled files travel inside the package, as
  ``rulepress/templates`` and ``rulepress/content`` (see ``pyproject.toml``);
- from a checkout (``pip install -e .``), the import package ``rulepress`` is the
  folder ``generator/rulepress/`` and the bundled files sit at the top of the
  project, beside ``generator/``: ``templates/`` and ``content/``.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def _bundled(name: str) -> Path:
    inside = PACKAGE / name
    return inside if inside.is_dir() else PACKAGE.parents[1] / name


TEMPLATES = _bundled("templates")
FONTS = TEMPLATES / "fonts"
LAYOUTS = TEMPLATES / "layouts"
ICONS = TEMPLATES / "icons"
BUNDLED_CONTENT = _bundled("content")
DEFAULT_OUTPUT = Path("output")
