"""Sphinx extension of the project docs: fills the generated reference pages.

``content-format.md``, ``cli.md`` and ``layouts.md`` are stubs in the repository; their text is
generated at build time by `rulepress.reference.pages` from the schema's field
descriptions and from the argparse parser, so they can never fall behind.
"""

from pathlib import Path

from rulepress.reference import pages as reference

GENERATED = {"content-format": reference.content_format, "cli": reference.cli_reference}


def _source_read(app, docname, source):
    if docname in GENERATED:
        source[0] = GENERATED[docname]()
    elif docname == "layouts":  # the page and its example pictures (docs/_generated/, not in git)
        from rulepress.reference.layouts import layout_reference

        source[0] = layout_reference(Path(app.srcdir) / "_generated")


def setup(app):
    app.connect("source-read", _source_read)
    return {"parallel_read_safe": True, "version": "1"}
