"""Reference pages of the project documentation, generated from the code.

`content_format()` walks the content model (`rulepress.model.schema`, from
`Game` down) and writes one Markdown table per class with every field, its
type, default and description (`rulepress.reference.tables`; `tables.undocumented()` lists fields without a
description, a test keeps it empty). `cli_reference()` renders the commands
that `rulepress.cli` declares (no private parts of argparse).
`write_reference(docs)` writes them, and the layout page (`rulepress.reference.layouts`), into the docs
folder as complete Markdown files (``python -m rulepress.reference``; the wheel carries them as
``rulepress/docs/``); `stale(docs)` names the files that differ from what the code gives (a test keeps it
empty).
"""

from __future__ import annotations

from pathlib import Path

from rulepress.reference.layouts import layout_reference
from rulepress.reference.tables import cell, field_table, models


def content_format() -> str:
    """The content-format reference as MyST Markdown."""
    lines = [
        "# Content format reference",
        "",
        "Generated from the field descriptions in `generator/rulepress/model/schema.py`. "
        "The root is `game.yaml`; `components.yaml`, `boards.yaml`, `glossary.yaml` and `ambiguities.yaml` "
        "may hold top-level keys of it. Unknown keys are errors.",
        "",
    ]
    for cls in models():
        lines += [
            f"(schema-{cls.__name__.lower()})=",
            f"## {cls.__name__}",
            "",
            cell((cls.__doc__ or "").strip().split("\n\n")[0]),
            "",
            *field_table(cls),
            "",
        ]
    return "\n".join(lines)


def cli_reference() -> str:
    """The command-line reference as MyST Markdown, from the commands `rulepress.cli` declares."""
    from rulepress.cli import command_line

    parser, commands = command_line(width=88)  # fixed width: the page must not depend on the terminal
    lines = [
        "# Command-line reference",
        "",
        cell(parser.description or ""),
        "",
        "Exit codes: 0 success, 1 a check found differences (also a build whose worked examples do not all "
        "pass), 2 bad input.",
        "",
    ]
    for command in commands:
        lines += [
            f"## rulepress {command.name}",
            "",
            cell(command.help),
            "",
            "```text",
            command.parser.format_usage().strip(),
            "```",
            "",
            "| argument | description |",
            "|---|---|",
        ]
        for action in command.arguments:
            shown = ", ".join(f"`{o}`" for o in action.option_strings) or f"`{action.metavar or action.dest}`"
            text = (action.help or "").replace("%%", "%")  # argparse's escape of a percent sign
            if action.choices:
                text += f" (choices: {', '.join(map(str, action.choices))})"
            lines.append(f"| {shown} | {cell(text)} |")
        lines.append("")
    return "\n".join(lines)


GENERATED_NOTE = "<!-- Generated from the code by `python -m rulepress.reference`: edit the code, not this file. -->"


def reference_pages() -> dict[str, str]:
    """Every generated page by file name, as written to the docs folder."""
    pages = {"cli.md": cli_reference(), "content-format.md": content_format(), "layouts.md": layout_reference()}
    return {name: f"{GENERATED_NOTE}\n\n{text.rstrip()}\n" for name, text in pages.items()}


def write_reference(docs) -> list:
    """Write the generated pages and the layout examples' pictures (``images/``) into the folder `docs`;
    returns the paths written."""
    docs = Path(docs)
    layout_reference(docs / "images")  # the pictures; the page text comes from reference_pages
    written = []
    for name, text in reference_pages().items():
        (docs / name).write_text(text, encoding="utf-8")
        written.append(docs / name)
    return written


def stale(docs) -> list[str]:
    """The generated pages in `docs` whose text is not what the code gives now (missing ones included)."""
    found = []
    for name, text in reference_pages().items():
        path = Path(docs) / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            found.append(name)
    return found
