"""Where Rulepress finds its bundled files (templates, fonts, bundled games).

The project is used from a checkout (``pip install -e .``): templates/ and
content/ sit beside the generator/ package.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
FONTS = TEMPLATES / "fonts"
LAYOUTS = TEMPLATES / "layouts"
BUNDLED_CONTENT = ROOT / "content"
DEFAULT_OUTPUT = Path("output")
