"""Sphinx configuration of the Rulepress project documentation (build: sphinx-build -W docs docs/_build)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "Rulepress"
language = "en"
extensions = ["myst_parser", "rulepress_docs"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_last_updated_fmt = None
html_show_sourcelink = False
html_copy_source = False
html_show_sphinx = False
html_show_copyright = False
