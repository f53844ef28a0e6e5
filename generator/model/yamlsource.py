"""Safe YAML loading that remembers where every value came from.

`load_yaml(path)` returns the plain Python data (dicts, lists, scalars) and a
`Positions` map from key paths such as ``("components", 0, "cards", 3, "qty")``
to the line and column of that value, so validation errors can point at the
exact place in the file. Only YAML's safe subset is accepted; duplicate keys
are an error (PyYAML silently keeps the last one).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from rulepress.errors import ContentError

Key = tuple
# libyaml's loader when available (several times faster); marks and errors are the same.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_PLAIN_TAGS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")


@dataclass
class Positions:
    """Line/column (1-based) of every value and key in one YAML file."""

    path: str
    values: dict[Key, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Key, tuple[int, int]] = field(default_factory=dict)

    def locate(self, key: Key, at_key: bool = False) -> tuple[int | None, int | None]:
        """Position of the value at `key` (or of the key itself when `at_key`),
        falling back to the nearest located parent."""
        key = tuple(key)
        if at_key and key in self.keys:
            return self.keys[key]
        while key:
            if key in self.values:
                return self.values[key]
            key = key[:-1]
        return self.values.get((), (None, None))


def _construct(node: yaml.Node, key: Key, positions: Positions, path: str):
    positions.values[key] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _PLAIN_TAGS:
        raise ContentError(path, f"unsupported YAML value: tag {node.tag!r} is not allowed",
                           node.start_mark.line + 1, node.start_mark.column + 1, ".".join(map(str, key)))
    if isinstance(node, yaml.MappingNode):
        result: dict = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise ContentError(path, "mapping keys must be plain scalars",
                                   key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            name = _scalar(key_node, path)
            if name in result:
                raise ContentError(path, f"duplicate key {name!r}", key_node.start_mark.line + 1,
                                   key_node.start_mark.column + 1, ".".join(map(str, key + (name,))))
            positions.keys[key + (name,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            result[name] = _construct(value_node, key + (name,), positions, path)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_construct(item, key + (i,), positions, path) for i, item in enumerate(node.value)]
    return _scalar(node, path)


def _scalar(node: yaml.ScalarNode, path: str):
    constructor = yaml.constructor.SafeConstructor()
    try:
        return constructor.construct_object(node, deep=True)
    except yaml.constructor.ConstructorError as exc:
        raise ContentError(path, f"unsupported YAML value: {exc.problem}",
                           node.start_mark.line + 1, node.start_mark.column + 1) from None


def load_yaml(path: Path, display: str | None = None) -> tuple[object, Positions]:
    """Load one YAML file safely; return its data and the positions of its values."""
    shown = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError(shown, f"file is not UTF-8 ({exc.reason})") from None
    positions = Positions(shown)
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        raise ContentError(shown, f"invalid YAML: {exc.problem}", line, col) from None
    if node is None:
        return None, positions
    return _construct(node, (), positions, shown), positions
