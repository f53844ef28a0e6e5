"""Safe YAML loading that remembers where every value came from.

`load_yaml(path)` returns the plain Python data (dicts, lists, scalars) and a
`Positions` map from key paths such as ``("components", 0, "cards", 3, "qty")``
to the line and column of that value, so validation errors can point at the
exact place in the file. Only YAML's safe subset is accepted; duplicate keys
are an error (PyYAML silently keeps the last one).

Bounded: the file is read by `sourcefile.read_source` (size limit, UTF-8, BOM
and CRLF accepted), and building the data counts every value, so an alias
bomb ("billion laughs") or absurd nesting stops with an error at the node that
crossed `MAX_VALUES` or `MAX_DEPTH` instead of filling the memory. A syntax
error is reported where the mistake starts: an unclosed quote at its opening
quote, not where the parser gave up.

Parsed once: `load_yaml` keeps the results of the last `MEMO_SIZE` parses,
keyed by the text and the shown path, and hands out a fresh copy each time; a
rebuild in `rulepress serve`, and every worker process a build forks after
loading its games, parse again only the files that changed.
"""

from __future__ import annotations

import hashlib
import pickle
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from rulepress import plainyaml
from rulepress.errors import ContentError
from rulepress.model.sourcefile import read_source

Key = tuple
# libyaml's loader when available (several times faster); marks and errors are the same.
_LOADER = plainyaml.LOADER
_PLAIN_TAGS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")
MAX_VALUES = 100_000  # values after expanding aliases (the largest bundled file has about 5,000)
MAX_DEPTH = 64  # nesting of mappings and lists
MEMO_SIZE = 256  # parsed files kept (the bundled games have about 170)
_PARSED: OrderedDict[tuple[str, bytes], bytes] = OrderedDict()  # (shown, SHA-256 of the text) -> pickled result


@dataclass
class _Budget:
    """Values still allowed while building the data of one file."""

    left: int = MAX_VALUES


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


def _where(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _construct(node: yaml.Node, key: Key, positions: Positions, path: str, budget: _Budget):
    budget.left -= 1
    if budget.left < 0:
        raise ContentError(
            path,
            f"too many values (more than {MAX_VALUES}; do aliases expand to a huge tree?)",
            *_where(node),
            ".".join(map(str, key)),
        )
    if len(key) > MAX_DEPTH:  # reached through aliases (plain nesting is stopped by _check_depth)
        raise ContentError(
            path, f"nested more than {MAX_DEPTH} levels deep", *_where(node), ".".join(map(str, key[:3])) + "..."
        )
    positions.values[key] = _where(node)
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _PLAIN_TAGS:
        raise ContentError(
            path,
            f"unsupported YAML value: tag {node.tag!r} is not allowed",
            node.start_mark.line + 1,
            node.start_mark.column + 1,
            ".".join(map(str, key)),
        )
    if isinstance(node, yaml.MappingNode):
        result: dict = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise ContentError(
                    path,
                    "mapping keys must be plain scalars",
                    key_node.start_mark.line + 1,
                    key_node.start_mark.column + 1,
                )
            name = _scalar(key_node, path)
            if name in result:
                raise ContentError(
                    path,
                    f"duplicate key {name!r}",
                    key_node.start_mark.line + 1,
                    key_node.start_mark.column + 1,
                    ".".join(map(str, key + (name,))),
                )
            positions.keys[key + (name,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            result[name] = _construct(value_node, key + (name,), positions, path, budget)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_construct(item, key + (i,), positions, path, budget) for i, item in enumerate(node.value)]
    return _scalar(node, path)


def _scalar(node: yaml.Node, path: str):
    constructor = yaml.constructor.SafeConstructor()
    try:
        return constructor.construct_object(node, deep=True)
    except yaml.constructor.ConstructorError as exc:
        raise ContentError(
            path, f"unsupported YAML value: {exc.problem}", node.start_mark.line + 1, node.start_mark.column + 1
        ) from None
    except (ValueError, OverflowError) as exc:  # a date-like value that is no date: 2026-13-45, 2026-02-30
        raise ContentError(
            path,
            f"{node.value!r} reads as a date but is none ({exc}): write a real date (YYYY-MM-DD) or quote the text",
            node.start_mark.line + 1,
            node.start_mark.column + 1,
        ) from None


_OPENED = {
    "while scanning a quoted scalar": "a quoted value",
    "while parsing a flow mapping": "a { } mapping",
    "while parsing a flow sequence": "a [ ] list",
}


def _syntax_error(text: str, exc: yaml.MarkedYAMLError, shown: str) -> ContentError:
    """The error at the place the mistake starts (see the module docstring)."""
    mark = exc.problem_mark or exc.context_mark
    problem = exc.problem or "syntax error"
    at_end = mark is not None and mark.index >= len(text.rstrip())
    if exc.context_mark is not None and exc.context and ("end of stream" in problem or at_end):
        mark = exc.context_mark  # an unclosed quote or bracket: where it was opened
        opened = _OPENED.get(exc.context, exc.context.removeprefix("while "))
        problem = f"{opened} is opened here and never closed"
    else:
        closing = _quote_closed_on_line(text, mark.line) if mark else None
        if closing is not None:
            mark = closing
            problem += " (the quoted value opened here ends on a later line: is a closing quote missing?)"
    line = mark.line + 1 if mark else None
    col = mark.column + 1 if mark else None
    return ContentError(shown, f"invalid YAML: {problem}", line, col)


def _own_error(text: str, exc: yaml.YAMLError, shown: str) -> ContentError:
    """The error Rulepress reports for text the fast loader refused. Rulepress's own limits come
    first: libyaml has limits of its own (PyYAML 6.0.4's wheels stop flow nesting at 1,000 levels,
    before any event reaches `_check_depth`), so the text is walked again by the pure-Python parser,
    which has none and stops at MAX_DEPTH. Only then is it a syntax error, and the message never
    depends on the library's version."""
    try:
        _check_depth(text, shown, yaml.SafeLoader)
    except yaml.YAMLError:
        pass  # the syntax error below, found by the fast loader
    if isinstance(exc, yaml.MarkedYAMLError):
        return _syntax_error(text, exc, shown)
    return ContentError(shown, f"invalid YAML: {exc}")


def _quote_closed_on_line(text: str, line: int):
    """Start mark of a quoted value spanning several lines that ends on `line`, if any."""
    found = None
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if (
                isinstance(token, yaml.ScalarToken)
                and token.style in ("'", '"')
                and token.start_mark.line < token.end_mark.line == line
            ):
                found = token.start_mark
            if token.start_mark.line > line:
                break
    except yaml.YAMLError:
        pass
    return found


def _check_depth(text: str, shown: str, loader: type = _LOADER) -> None:
    """ContentError where mappings and lists nest deeper than MAX_DEPTH. Runs on the parser's event
    stream (no recursion) before composing, whose recursion would otherwise overflow the C stack."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                assert event.start_mark is not None  # the parser marks every event
                raise ContentError(
                    shown,
                    f"nested more than {MAX_DEPTH} levels deep",
                    event.start_mark.line + 1,
                    event.start_mark.column + 1,
                )
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


def load_text(text: str, shown: str) -> tuple[object, Positions]:
    """Parse YAML text (already read); return its data and the positions of its values."""
    positions = Positions(shown)
    try:
        _check_depth(text, shown)
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError as exc:
        raise _own_error(text, exc, shown) from None
    if node is None:
        return None, positions
    return _construct(node, (), positions, shown, _Budget()), positions


def load_yaml(path: Path, display: str | None = None) -> tuple[object, Positions]:
    """Load one YAML file safely; return its data and the positions of its values."""
    shown = display or str(path)
    text = read_source(path, shown)
    key = (shown, hashlib.sha256(text.encode("utf-8")).digest())
    blob = _PARSED.get(key)
    if blob is None:
        blob = pickle.dumps(load_text(text, shown), protocol=pickle.HIGHEST_PROTOCOL)  # a problem is raised, not kept
        _PARSED[key] = blob
        while len(_PARSED) > MEMO_SIZE:
            _PARSED.popitem(last=False)
    else:
        _PARSED.move_to_end(key)
    return pickle.loads(blob)  # a copy of its own for every caller
