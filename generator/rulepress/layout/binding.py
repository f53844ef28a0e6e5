"""Binding card data into layout elements: ``{title}``, ``{values.cost}``, ``{symbol}``; conditions.

A layout element's strings may hold references in braces. `face_data` turns one
card face into the flat mapping the references read (every value a string, in
one language); `render` fills a template; `holds` evaluates a `when:` condition;
`rulepress.layout.face.known_refs` lists what a component's cards can bind, so a layout that names
anything else is rejected before a build. All pure.

References:
  id, title, text, color, image, mark, name (the component), face (the name of the
  side for double-sided tiles), values.<name> (the printed value; ``?`` when
  unknown), labels.<name> (the value's printed label), and each field the
  component declares (``{symbol}``).
Conditions (`when:`): ``ref`` (not empty, not false, not 0), ``not ref``,
``ref == literal``, ``ref != literal``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

REF = re.compile(r"\{([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)?)\}")
CONDITION = re.compile(r"^\s*(not\s+)?([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)?)\s*(?:(==|!=)\s*(.*?))?\s*$")
BUILTINS = ("id", "title", "text", "color", "image", "mark", "name", "face")
FALSE = ("", "false", "0", "no", "none")


class BindingError(ValueError):
    """A reference or condition that cannot be read."""


def refs(template: str) -> list[str]:
    """The references of a template, in order."""
    return REF.findall(template)


def stray_brace(template: str) -> str | None:
    """What is wrong with a brace of `template` that is not part of a reference (``{title``, ``{ title }``,
    ``title}``), or None: such a brace would be printed as it stands."""
    rest = REF.sub("", template)
    opened = rest.find("{")
    if opened >= 0:
        shown = rest[opened : opened + 24]
        return f"'{{' not closed or not a reference: {shown!r} (a reference is written {{name}} or {{values.name}})"
    if "}" in rest:
        return "'}' without its '{' (a reference is written {name} or {values.name})"
    return None


def render(template: str, data: Mapping[str, str]) -> str:
    """`template` with every reference replaced by its value (a missing one by the empty string)."""
    if "{" not in template:
        return template
    return REF.sub(lambda m: data.get(m.group(1), ""), template)


def condition_refs(expr: str) -> list[str]:
    """The reference a condition reads; BindingError when it is not a condition."""
    m = CONDITION.match(expr)
    if not m:
        raise BindingError(f"cannot read condition {expr!r}; write ref, not ref, ref == value or ref != value")
    return [m.group(2)]


def holds(expr: str | None, data: Mapping[str, str]) -> bool:
    """Whether a `when:` condition holds for the face's data (no condition: always)."""
    if expr is None:
        return True
    m = CONDITION.match(expr)
    if not m:
        raise BindingError(f"cannot read condition {expr!r}")
    negate, ref, op, literal = m.groups()
    value = data.get(ref, "")
    if op is None:
        result = value.strip().lower() not in FALSE
    else:
        literal = literal.strip().strip("'\"")
        result = (value == literal) if op == "==" else (value != literal)
    return not result if negate else result


def _plain(value, lang: str) -> str:
    from rulepress.model.schema import Text

    if value is None:
        return "?"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Text):
        return value.get(lang)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def face_data(face, comp, lang: str, card_id: str, mark: str | None, side: int = 0) -> dict[str, str]:
    """The references of one face (a `Face` of the model) in one language."""
    data = {
        "id": card_id,
        "title": face.title.get(lang) if face.title else "",
        "text": face.text.get(lang) if face.text else "",
        "color": face.color or "",
        "image": face.image or "",
        "mark": mark or "",
        "name": comp.name.get(lang),
        "face": comp.faces[side].get(lang) if side < len(comp.faces) else "",
    }
    for name, value in face.values.items():
        data[f"values.{name}"] = _plain(value, lang)
        label = comp.value_labels.get(name)
        data[f"labels.{name}"] = label.get(lang) if label else name
    for name in comp.value_labels:
        data.setdefault(f"labels.{name}", comp.value_labels[name].get(lang))
    for name, value in face.fields.items():
        data[name] = "" if value is None else _plain(value, lang)
    return data
