"""The project documentation: every schema field documented, docs build with -W, references generated."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from rulepress.reference import pages as reference
from rulepress.reference import tables

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_every_schema_field_has_a_description():
    assert tables.undocumented() == []


def test_content_format_reference_lists_every_field_of_every_model():
    text = reference.content_format()
    for cls in tables.models():
        section = text.split(f"## {cls.__name__}\n", 1)[1].split("\n## ", 1)[0]
        for name, info in cls.model_fields.items():
            assert f"| `{name}` |" in section, f"{cls.__name__}.{name}"
            assert " ".join(info.description.split()) in section.replace("\\|", "|")


def test_undocumented_field_is_reported(monkeypatch):
    from rulepress.model import schema

    field = schema.Players.model_fields["min"]
    monkeypatch.setattr(field, "description", None)
    assert tables.undocumented() == ["Players.min"]


def test_cli_reference_lists_every_command_and_option():
    text = reference.cli_reference()
    for command in ("build", "check", "list", "new", "schema"):
        assert f"## rulepress {command}" in text
    assert "`--only`" in text and "`--content`" in text
    from rulepress.cli import command_line

    for command in command_line(width=88)[1]:  # every option the parser accepts is in the table
        section = text.split(f"## rulepress {command.name}\n", 1)[1].split("\n## ", 1)[0]
        options = set(re.findall(r"(?<![\w-])--[a-z-]+", command.parser.format_help())) - {"--help"}
        assert options and all(f"`{o}`" in section for o in options), (command.name, options)
        assert all(action.help for action in command.arguments), command.name  # each says what it is for


def test_generated_reference_pages_in_the_repository_are_current():
    """docs/cli.md, content-format.md and layouts.md are what the code gives now (else: python -m rulepress.reference)."""
    assert reference.stale(DOCS) == [], "stale reference pages: run python -m rulepress.reference"
    for name in ("cli.md", "content-format.md", "layouts.md"):
        text = (DOCS / name).read_text(encoding="utf-8")
        assert "built by Sphinx" not in text and "generated at build time" not in text and len(text) > 3000
    for image in re.findall(r"\(images/(layout-[a-z]+\.png)\)", (DOCS / "layouts.md").read_text(encoding="utf-8")):
        assert (DOCS / "images" / image).is_file(), image


def test_a_code_change_makes_the_pages_stale(tmp_path, monkeypatch):
    from rulepress.model import schema

    reference.write_reference(tmp_path)
    assert reference.stale(tmp_path) == []
    monkeypatch.setattr(schema.Players.model_fields["min"], "description", "Fewest players (changed).")
    assert reference.stale(tmp_path) == ["content-format.md"]
    from rulepress.reference.__main__ import main

    assert main([str(tmp_path), "--check"]) == 1


@pytest.fixture(scope="module")
def built_docs(tmp_path_factory) -> Path:
    from sphinx import locale
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    out = tmp_path_factory.mktemp("docs")
    warnings = io.StringIO()
    locale.translators.clear()
    with patch_docutils(DOCS), docutils_namespace():
        app = Sphinx(
            str(DOCS),
            str(DOCS),
            str(out / "html"),
            str(out / "doctrees"),
            "html",
            status=None,
            warning=warnings,
            freshenv=True,
            warningiserror=True,
        )
        app.build(force_all=True)
    locale.translators.clear()
    assert app.statuscode == 0 and not warnings.getvalue(), warnings.getvalue()
    return out / "html"


def test_docs_build_with_warnings_as_errors(built_docs):
    for page in ("index", "getting-started", "tutorial", "website", "layouts", "content-format", "cli"):
        assert (built_docs / f"{page}.html").exists(), page
    html = (built_docs / "content-format.html").read_text(encoding="utf-8")
    assert "engine_options" in html and "count_unknown" in html
    assert "rulepress build" in (built_docs / "cli.html").read_text(encoding="utf-8")


def test_layout_page_shows_a_rendered_example_of_every_element(built_docs):
    from PIL import Image

    from rulepress.layout.elements import KINDS

    html = (built_docs / "layouts.html").read_text(encoding="utf-8")
    for kind in KINDS:
        assert f'id="layout-{kind}"' in html and f"layout-{kind}.png" in html, kind
        image = Image.open(built_docs / "_images" / f"layout-{kind}.png").convert("L")
        assert abs(image.size[0] - 319) <= 1 and abs(image.size[1] - 230) <= 1  # 54 x 39 mm at 150 dpi
        assert image.getextrema()[0] < 120, f"{kind}: the example draws nothing dark"
