"""Reference pages of the project documentation, generated from the code.

`content_format()` walks the content model (`rulepress.model.schema`, from
`Game` down) and writes one Markdown table per class with every field, its
type, default and description; `undocumented()` lists fields without a
description (a test keeps it empty). `cli_reference()` renders the commands
that `rulepress.cli` declares (no private parts of argparse).
`write_reference(docs)` writes them, and the layout page (`rulepress.reference.layouts`), into the docs
folder as complete Markdown files (``python -m rulepress.reference``; the wheel carries them as
``rulepress/docs/``); `stale(docs)` names the files that differ from what the code gives (a test keeps it
empty).
"""

from __future__ import annotations

import typing

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from rulepress.model import schema


def models(root: type[BaseModel] = schema.Game) -> list[type[BaseModel]]:
    """Every model class reachable from `root`, in the order first met."""
    found: list[type[BaseModel]] = []

    def visit(cls):
        if cls in found:
            return
        found.append(cls)
        for info in cls.model_fields.values():
            for inner in _model_args(info.annotation):
                visit(inner)

    visit(root)
    return found


def _model_args(annotation) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    result = []
    for arg in typing.get_args(annotation):
        result.extend(_model_args(arg))
    return result


def type_name(annotation) -> str:
    """A readable type: ``list[Card]``, ``Text or null``."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Annotated:
        return type_name(args[0])
    if origin is typing.Literal:
        return " | ".join(repr(a) for a in args)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return " or ".join(type_name(a) for a in args)
    if origin in (list, tuple, dict):
        return f"{origin.__name__}[{', '.join(type_name(a) for a in args)}]"
    if annotation is type(None):
        return "null"
    return getattr(annotation, "__name__", str(annotation))


def _default(info) -> str:
    """A pydantic field's default as the reference tables show it ("required", `null`, a value)."""
    if info.is_required():
        return "required"
    if info.default_factory is not None:
        return f"`{info.default_factory()!r}`"
    if isinstance(info.default, BaseModel):
        return "see below"  # a section with defaults of its own: the page gives its table
    return "`null`" if info.default is None else f"`{info.default!r}`" if info.default is not PydanticUndefined else ""


def _cell(text: str) -> str:
    """Text for one cell of a Markdown table: one line, pipes escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def undocumented() -> list[str]:
    """``Class.field`` of every field without a description."""
    return [
        f"{cls.__name__}.{name}"
        for cls in models()
        for name, info in cls.model_fields.items()
        if not (info.description or "").strip()
    ]


def field_table(cls: type[BaseModel]) -> list[str]:
    """A Markdown table of a model's keys (as written in YAML: a field's alias if it has one), types,
    defaults and descriptions."""
    lines = ["| key | type | default | description |", "|---|---|---|---|"]
    for name, info in cls.model_fields.items():
        lines.append(
            f"| `{info.alias or name}` | {_cell(type_name(info.annotation))} | {_default(info)} | "
            f"{_cell(info.description or '')} |"
        )
    return lines


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
            _cell((cls.__doc__ or "").strip().split("\n\n")[0]),
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
        _cell(parser.description or ""),
        "",
        "Exit codes: 0 success, 1 a check found differences (also a build whose worked examples do not all "
        "pass), 2 bad input.",
        "",
    ]
    for command in commands:
        lines += [
            f"## rulepress {command.name}",
            "",
            _cell(command.help),
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
            text = action.help or ""
            if action.choices:
                text += f" (choices: {', '.join(map(str, action.choices))})"
            lines.append(f"| {shown} | {_cell(text)} |")
        lines.append("")
    return "\n".join(lines)


GENERATED_NOTE = "<!-- Generated from the code by `python -m rulepress.reference`: edit the code, not this file. -->"


def reference_pages() -> dict[str, str]:
    """Every generated page by file name, as written to the docs folder."""
    from rulepress.reference.layouts import layout_reference

    pages = {"cli.md": cli_reference(), "content-format.md": content_format(), "layouts.md": layout_reference()}
    return {name: f"{GENERATED_NOTE}\n\n{text.rstrip()}\n" for name, text in pages.items()}


def write_reference(docs) -> list:
    """Write the generated pages and the layout examples' pictures (``images/``) into the folder `docs`;
    returns the paths written."""
    from pathlib import Path

    from rulepress.reference.layouts import layout_reference

    docs = Path(docs)
    layout_reference(docs / "images")  # the pictures; the page text comes from reference_pages
    written = []
    for name, text in reference_pages().items():
        (docs / name).write_text(text, encoding="utf-8")
        written.append(docs / name)
    return written


def stale(docs) -> list[str]:
    """The generated pages in `docs` whose text is not what the code gives now (missing ones included)."""
    from pathlib import Path

    found = []
    for name, text in reference_pages().items():
        path = Path(docs) / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            found.append(name)
    return found
