"""Tables of the content model for the reference pages: every model class reachable from `Game`, a readable
name for each field's type, its default, and one Markdown table per class (`field_table`). The content-format
page (`rulepress.reference.pages`) and the layout page (`rulepress.reference.layouts`) both write with it.
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


def cell(text: str) -> str:
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
            f"| `{info.alias or name}` | {cell(type_name(info.annotation))} | {_default(info)} | "
            f"{cell(info.description or '')} |"
        )
    return lines
