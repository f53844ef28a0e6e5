"""Worked examples for people: a doctest turned into its results, in the page's language.

A worked example is a doctest (``>>> call`` lines and the expected output). Its
prose — the situation — is the paragraph the author wrote just before it; this
module turns the expected outputs into what a player reads: ``True`` becomes
"yes"/"ja", tuples and lists become "20, 25", an id becomes the name of the
thing it names, records (``Payment(balance=2, ...)``, labelled by the game's
``site.labels``), mappings, rows and tuples of mixed parts become a small
table, numbers are written in the page's language (Babel). The expected output
is parsed, never run. Pure functions; the Markdown they return escapes every
character of the values.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from fractions import Fraction

from babel import Locale
from babel.numbers import format_decimal, format_percent

from rulepress import i18n
from rulepress.model.rules_text import Step, caption, steps

PUNCTUATION = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~&$^])")  # every character with a meaning in MyST


def escape_markdown(text: str) -> str:
    """`text` as literal MyST Markdown, on one line: every character that could start markup (HTML, links,
    roles, emphasis, lists, tables, entities) backslash-escaped."""
    return PUNCTUATION.sub(r"\\\1", " ".join(str(text).split()))


@dataclass(frozen=True)
class Record:
    """A value doctest prints as ``Name(field=value, ...)`` (a dataclass or named tuple)."""

    name: str
    fields: tuple[tuple[str, object], ...]


def parse_value(text: str):
    """The value an expected output shows: Python literals, ``Fraction(a, b)`` and records
    ``Name(field=value, ...)``; ValueError for anything else (nothing is run)."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, MemoryError, RecursionError, ValueError):
        raise ValueError(text) from None
    return _value(tree.body)


def _value(node):
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, (ast.Tuple, ast.List)):
        return tuple(_value(n) for n in node.elts)
    if isinstance(node, ast.Set):
        return frozenset(_value(n) for n in node.elts)
    if isinstance(node, ast.Dict) and None not in node.keys:
        return {_value(k): _value(v) for k, v in zip(node.keys, node.values)}
    if (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, (ast.USub, ast.UAdd))
        and isinstance(node.operand, ast.Constant)
    ):
        number = node.operand.value
        if isinstance(number, (int, float)) and not isinstance(number, bool):
            return -number if isinstance(node.op, ast.USub) else number
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id == "Fraction" and len(node.args) == 2 and not node.keywords:
            return Fraction(_value(node.args[0]), _value(node.args[1]))
        if not node.args and all(k.arg for k in node.keywords):
            return Record(node.func.id, tuple((k.arg, _value(k.value)) for k in node.keywords))
    raise ValueError(ast.dump(node))


@dataclass(frozen=True)
class Reader:
    """Whom results are written for: the page's words and language, the names of the game's things
    (a string value that is an id is shown by its name) and labels of record fields."""

    words: dict
    lang: str
    names: dict = field(default_factory=dict)  # id -> name in `lang`
    labels: dict = field(default_factory=dict)  # field name, value or refusal code -> label in `lang`

    def label(self, name: str) -> str:
        """What a record's field is called: its label, the name of the thing it is, or the field's name."""
        return self.labels.get(name) or self.names.get(name) or name.replace("_", " ")

    def knows(self, word: str) -> bool:
        """Has the reader words of its own for `word` (a thing's name or a label)?"""
        return bool(self.names.get(word) or self.labels.get(word))

    def name(self, value: str) -> str:
        """A string value as players say it: the name of the thing with that id, its label, or itself."""
        return self.names.get(value) or self.labels.get(value) or value


MINUS = "\u2212"  # a negative number is written with the minus sign, not a hyphen


# A probability (a fraction from 0 to 1) is shown as a percentage with its exact fraction on demand: `inline`
# writes it between these private-use characters, `shown` turns that into ``<abbr title="exact">percent</abbr>``.
EXACT_OPEN, EXACT_SPLIT, EXACT_CLOSE = "\ue000", "\ue001", "\ue002"
EXACT = re.compile(f"{EXACT_OPEN}([^{EXACT_SPLIT}]*){EXACT_SPLIT}([^{EXACT_CLOSE}]*){EXACT_CLOSE}")


def percent(value: Fraction, lang: str) -> str:
    """A probability as a percentage in `lang`'s format (Babel): one decimal, more for small values
    ("37,2 %", "0.13%")."""
    decimals = 1 if value >= Fraction(1, 100) or value == 0 else (2 if value >= Fraction(1, 1000) else 3)
    pattern = Locale.parse(lang).percent_formats[None].pattern.split(";")[0]
    last = pattern.rfind("0")
    pattern = pattern[: last + 1] + "." + "0" * decimals + pattern[last + 1 :]
    return format_percent(value.numerator / value.denominator, format=pattern, locale=lang)


def _number(value, lang: str) -> str:
    if isinstance(value, Fraction):
        exact = f"{abs(value.numerator)}/{value.denominator}"
        if 0 <= value <= 1 and value.denominator > 1:
            return f"{EXACT_OPEN}{exact}{EXACT_SPLIT}{percent(value, lang)}{EXACT_CLOSE}"
        text = exact
    else:
        text = format_decimal(abs(value), locale=lang)
    return MINUS + text if value < 0 else text


def plain_words(text: str) -> str:
    """`text` from `inline` for a reader without markup: a probability as "37.2 % (1445/3888)"."""
    return EXACT.sub(lambda m: f"{m.group(2)} ({m.group(1)})", text)


def shown(text: str) -> str:
    """`text` from `inline` as MyST Markdown: escaped (`escape_markdown`), a probability as its percentage with
    the exact fraction in the title of an ``<abbr>`` (a tooltip; the fraction is made of digits and '/')."""
    return EXACT.sub(
        lambda m: f'<abbr class="rp-exact" tabindex="0" title="{m.group(1)}">{m.group(2)}</abbr>', escape_markdown(text)
    )


def _is_scalar(value) -> bool:
    return not isinstance(value, (tuple, dict, frozenset, Record))


def _is_key(value) -> bool:
    """A mapping key that fits one table cell: a single value or a tuple of them ("0, 2")."""
    return _is_scalar(value) or (isinstance(value, tuple) and all(_is_scalar(v) for v in value))


def inline(value, reader: Reader) -> str:
    """A value as plain words on one line: yes/no, numbers in the page's language, names for ids,
    sequences as "a, b", nested ones separated by "·", records and mappings as "label: value"."""
    if isinstance(value, bool):
        return reader.words["word_yes"] if value else reader.words["word_no"]
    if value is None:
        return "–"
    if isinstance(value, (int, float, Fraction)):
        return _number(value, reader.lang)
    if isinstance(value, str):
        return reader.name(value)
    if isinstance(value, Record):
        return "; ".join(f"{reader.label(k)}: {inline(v, reader)}" for k, v in value.fields) or "–"
    if isinstance(value, dict):
        return "; ".join(f"{inline(k, reader)}: {inline(v, reader)}" for k, v in value.items()) or "–"
    items = sorted(value, key=str) if isinstance(value, frozenset) else list(value)
    if not items:
        return "–"
    return (", " if all(_is_scalar(v) for v in items) else " · ").join(inline(v, reader) for v in items)


def _rows_table(header: list[str], rows: list[list[str]]) -> str:
    def cells(row: list[str]) -> str:
        return "| " + " | ".join(shown(c) for c in row) + " |"

    width = max(len(header), *(len(r) for r in rows))
    return "\n".join(
        [cells(header + [""] * (width - len(header))), "|" + "---|" * width]
        + [cells(r + [""] * (width - len(r))) for r in rows]
    )


RANGE = " [range]"  # a part label ending so shows a pair of numbers as "2–6"


def _part(label: str, value, reader: Reader) -> list[str]:
    """A labelled part of a result: [label, value]; a label ending in " [range]" shows a (low, high)
    pair of numbers as a range ("2–6") under the label without the marker."""
    if label.endswith(RANGE):
        label = label[: -len(RANGE)]
        if (
            isinstance(value, tuple)
            and len(value) == 2
            and all(isinstance(v, (int, float, Fraction)) and not isinstance(v, bool) for v in value)
        ):
            return [label, f"{_number(value[0], reader.lang)}–{_number(value[1], reader.lang)}"]
    return [label, inline(value, reader)]


def row_width(value) -> int:
    """How many values each row has when `value` is rows of equal length, or 2 for a mapping of
    single values (its keys, single values or tuples of them, and its values are two columns); 0 otherwise."""
    if (
        isinstance(value, tuple)
        and value
        and all(isinstance(v, tuple) and all(_is_scalar(x) for x in v) for v in value)
    ):
        widths = {len(v) for v in value}
        return widths.pop() if len(widths) == 1 else 0
    if isinstance(value, dict) and value and all(_is_key(k) and _is_scalar(v) for k, v in value.items()):
        return 2
    return 0


def _table(value, reader: Reader, parts: list[str] | None = None, columns: list[str] | None = None) -> str | None:
    """A small Markdown table for a record, a mapping, a tuple whose `parts` the example names, rows of
    values (under the example's `columns`) or a tuple of mixed parts; None for values that read well on
    one line."""
    if columns and isinstance(value, dict) and len(columns) == row_width(value):
        return _rows_table(columns, [[inline(k, reader), inline(v, reader)] for k, v in value.items()])
    if columns and len(columns) == row_width(value):
        return _rows_table(["#", *columns], [[str(n)] + [inline(x, reader) for x in v] for n, v in enumerate(value, 1)])
    if isinstance(value, tuple) and parts and len(parts) == len(value):
        return _rows_table(["", ""], [_part(part, v, reader) for part, v in zip(parts, value)])
    if isinstance(value, Record) and value.fields:
        return _rows_table(["", ""], [[reader.label(k), inline(v, reader)] for k, v in value.fields])
    if isinstance(value, dict) and value:
        return _rows_table(["", ""], [[inline(k, reader), inline(v, reader)] for k, v in value.items()])
    if not isinstance(value, tuple) or not value or all(_is_scalar(v) for v in value):
        return None
    if all(isinstance(v, Record) for v in value) and len({tuple(k for k, _ in v.fields) for v in value}) == 1:
        keys = [k for k, _ in value[0].fields]
        return _rows_table(
            ["#"] + [reader.label(k) for k in keys],
            [[str(n)] + [inline(x, reader) for _k, x in v.fields] for n, v in enumerate(value, 1)],
        )
    if all(isinstance(v, tuple) and all(_is_scalar(x) for x in v) for v in value):
        return _rows_table(["#"], [[str(n)] + [inline(x, reader) for x in v] for n, v in enumerate(value, 1)])
    return _rows_table(["#", ""], [[str(n), inline(v, reader)] for n, v in enumerate(value, 1)])


def printed_rows(expected: str) -> list[list[str]] | None:
    """The lines an example prints, split at spaces, when there are several with the same number (more
    than one) of words: rows of a table; None otherwise."""
    rows = [line.split() for line in expected.strip().splitlines()]
    if len(rows) > 1 and len({len(r) for r in rows}) == 1 and len(rows[0]) > 1:
        return rows
    return None


def _printed_cell(text: str, reader: Reader) -> str:
    """A printed word as a value where it is one (numbers in the page's language, yes/no), else as printed."""
    try:
        value = parse_value(text)
    except ValueError:
        return text
    return inline(value, reader) if _is_scalar(value) else text


def _printed_markdown(expected: str, reader: Reader, columns: list[str] | None) -> tuple[str, bool]:
    """Printed output: rows of words as a table (under `columns` when they fit), other lines kept apart."""
    rows = printed_rows(expected)
    if rows:
        header = columns if columns and len(columns) == len(rows[0]) else [""] * len(rows[0])
        return _rows_table(header, [[_printed_cell(c, reader) for c in row] for row in rows]), True
    return "\\\n".join(escape_markdown(line) for line in expected.strip().splitlines()), False


RESULT = re.compile(r"^(?:" + "|".join(map(re.escape, i18n.every_form("examples.result"))) + r"):\s*(.*)$", re.S)
REFUSED = re.compile(r"^(?:" + "|".join(map(re.escape, i18n.every_form("examples.refused"))) + r"):\s*(.*)$", re.S)
CLASS_NAME = re.compile(r"^[A-Z]\w*(?:\.[A-Z]\w*)*$")


def refusal_markdown(reason: str, reader: Reader) -> str:
    """ "Not allowed", with the reason where it is words: ``ValueError: a set has 3 cards`` gives the
    message, a labelled code its label; a bare class name or an unlabelled code adds nothing."""
    shown = reader.words["refused"]
    name, colon, message = reason.partition(":")
    if colon and CLASS_NAME.match(name.strip()) and message.strip():
        return escape_markdown(f"{shown}: {message.strip()}")
    if reason.strip() in reader.labels:
        return escape_markdown(f"{shown}: {reader.labels[reason.strip()]}")
    return escape_markdown(shown)


def result_markdown(
    expected: str, reader: Reader, parts: list[str] | None = None, columns: list[str] | None = None
) -> tuple[str, bool]:
    """(Markdown of one expected output, True when it is a block such as a table).

    ``Result: text`` / ``Ergebnis: text`` (a result the author wrote in the reader's language) is shown
    as its text; ``Refused: reason`` / ``Abgelehnt: reason`` as the page's word for a refused move; a
    tuple with as many `parts` as the example names is a table of part and value, rows with as many
    values as `columns` a table under those headings; printed lines of words (`printed_rows`) a table too."""
    written = RESULT.match(expected.strip())
    if written:
        return escape_markdown(written.group(1)), False
    refused = REFUSED.match(expected.strip())
    if refused:
        return refusal_markdown(refused.group(1), reader), False
    try:
        value = parse_value(expected)
    except ValueError:
        return _printed_markdown(expected, reader, columns)
    table = _table(value, reader, parts, columns)
    return (table, True) if table is not None else (shown(inline(value, reader)), False)


def part_labels(option: str) -> list[list[str]]:
    """The ``:labels:`` option of an example: names of the parts of its statements written as
    ``a, b`` or of the columns of its results that are rows: ``first | second`` for the first such
    statement, groups separated by ``;`` for the next."""
    return [[p.strip() for p in group.split("|")] for group in option.split(";") if group.strip()]


def tuple_size(code: str) -> int:
    """How many parts a statement written as ``a, b, c`` has (0 for any other statement)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return 0
    if len(tree.body) == 1 and isinstance(tree.body[0], ast.Expr) and isinstance(tree.body[0].value, ast.Tuple):
        return len(tree.body[0].value.elts)
    return 0


def _parts_table(value) -> bool:
    """Is `value` a tuple shown as a numbered table of parts (some of its parts are not single values)?"""
    return isinstance(value, tuple) and len(value) > 1 and not all(_is_scalar(v) for v in value)


@dataclass(frozen=True)
class Labelled:
    """A statement that expects output, with the names the example's ``:labels:`` give its parts or columns."""

    step: Step
    parts: list[str] | None  # names of the parts of a result written as ``a, b`` or shown as a table of parts
    columns: list[str] | None  # names of the columns of a result that is rows of values or a mapping
    index: int  # its place among all ``>>>`` statements of the doctest (0-based)
    names: list[str] | None = None  # the group of labels it took (None: none), fitting or not
    wanted: int = 0  # how many names it has room for (parts, or columns), 0 when it takes none


def label_room(step: Step) -> tuple[int, int, int]:
    """(parts of a statement written as ``a, b``, columns of rows or a mapping, parts of a tuple shown as a
    table of parts) of a statement's expected output."""
    try:
        value = parse_value(step.expected)
    except ValueError:
        rows = printed_rows(step.expected)
        return tuple_size(step.code), len(rows[0]) if rows else 0, 0
    return tuple_size(step.code), row_width(value), len(value) if _parts_table(value) else 0


def labelled(source: str, labels: list[list[str]] | None = None, keep: frozenset[int] = frozenset()) -> list[Labelled]:
    """The statements of a doctest that expect output (and those at the places in `keep`), each with the names of
    its parts or columns: each group of `labels` names, in order, the next statement that has parts (written as
    ``a, b``, or a tuple of mixed parts) or columns (rows of values, a mapping), when the number of names fits."""
    groups = list(labels or [])
    found = []
    for index, step in enumerate(steps(source)):
        if not step.expected and index not in keep:
            continue
        size, width, pieces = label_room(step)
        names = groups.pop(0) if (size or width or pieces) and groups else None
        parts = columns = None
        if names and size:
            parts = names if len(names) == size else None
        elif names and width and len(names) == width:
            columns = names
        elif names and pieces and len(names) == pieces:
            parts = names
        found.append(Labelled(step, parts, columns, index, names, size or (width if not pieces else pieces)))
    return found


def labelled_steps(
    source: str, labels: list[list[str]] | None = None
) -> list[tuple[Step, list[str] | None, list[str] | None]]:
    """(statement, part names, column names) of every statement that expects output (see `labelled`)."""
    return [(found.step, found.parts, found.columns) for found in labelled(source, labels)]


def unused_labels(source: str, labels: list[list[str]] | None) -> list[str]:
    """The groups of ``:labels:`` no statement takes, joined as written ("a | b")."""
    taken = sum(1 for found in labelled(source, labels) if found.names is not None)
    return [" | ".join(group) for group in (labels or [])[taken:]]


def _failed_markdown(got: str, expected: str, reader: Reader, parts, columns) -> str:
    """A statement whose expected output the engine did not give: what it computed, then the expected
    value struck out (a block: two containers the site's CSS shows side by side)."""
    words = reader.words
    computed, computed_block = (
        result_markdown(got, reader, parts, columns) if got.strip() else (words["nothing"], False)
    )
    wrong, wrong_block = (
        result_markdown(expected, reader, parts, columns) if expected.strip() else (words["nothing"], False)
    )
    struck = f"\n\n{wrong}" if wrong_block else f" <del>{wrong}</del>"
    return "\n".join(
        [
            "```{container} rp-computed",
            f"**{escape_markdown(words['computed'])}:**" + (f"\n\n{computed}" if computed_block else f" {computed}"),
            "```",
            "",
            "```{container} rp-expected" + (" rp-struck" if wrong_block else ""),
            f"**{escape_markdown(words['expected_wrong'])}:**{struck}",
            "```",
        ]
    )


def results_markdown(
    source: str, reader: Reader, labels: list[list[str]] | None = None, computed: dict[int, str] | None = None
) -> list[str]:
    """Markdown lines of the results of a doctest: one line per expected output, tables as blocks, the
    parts and columns named by `labels` (see `labelled`), each result after its `caption`. `computed`: what
    the engine gave for each statement that failed, by its place among the ``>>>`` statements; such a
    result shows the computed value and the expected one struck out (`_failed_markdown`)."""
    failed = computed or {}
    rendered = []
    for found in labelled(source, labels, frozenset(failed)):
        step, parts, columns = found.step, found.parts, found.columns
        if found.index in failed:
            text, block = _failed_markdown(failed[found.index], step.expected, reader, parts, columns), True
        else:
            text, block = result_markdown(step.expected, reader, parts, columns)
        said = caption(step.code)
        if said:
            said = f"*{escape_markdown(said)}:*"
            text = f"{said}\n\n{text}" if block else f"{said} {text}"
        rendered.append((text, block))
    words = reader.words
    label = words["result"] if len(rendered) <= 1 else words["results"]
    lines: list[str] = []
    if not rendered:
        return lines
    if len(rendered) == 1 and not rendered[0][1]:
        return [f"**{label}:** {rendered[0][0]}"]
    lines.append(f"**{label}:**")
    lines.append("")
    if len(rendered) == 1:
        return lines + ["", rendered[0][0], ""]
    for number, (text, block) in enumerate(rendered, start=1):
        # one numbered item per result; a table stays inside its item (continuation lines indented)
        marker = f"{number}. "
        first, *rest = text.splitlines()
        lines += (
            ([f"{marker}{first}"] + [(" " * len(marker) + line).rstrip() for line in rest] + [""])
            if block
            else [f"{marker}{text}"]
        )
    return lines


ENGINE_WORD = re.compile(r"^[a-z]{3,}(?:[_-][a-z]+)*$")  # 'collect', 'right-to-left', 'helpers_pay'; not 't8', 'Anna'


PHRASE = re.compile(r"^[^\W\d_]+(?:[ '’-][^\W\d_]+)+$")  # 'no move', 'overshoots the home row'; not 'A1', 'x=2'


def engine_phrases(value, reader: Reader) -> list[str]:
    """String values of words with spaces (`PHRASE`) the reader has no label for: the engine's own sentences,
    shown the same in every language."""
    if isinstance(value, str):
        return [value] if PHRASE.match(value) and not reader.knows(value) else []
    if isinstance(value, Record):
        return [w for _, v in value.fields for w in engine_phrases(v, reader)]
    if isinstance(value, dict):
        return [w for k, v in value.items() for w in engine_phrases(k, reader) + engine_phrases(v, reader)]
    if isinstance(value, (tuple, frozenset)):
        items = sorted(value, key=str) if isinstance(value, frozenset) else value
        return [w for v in items for w in engine_phrases(v, reader)]
    return []


def engine_words(value, reader: Reader) -> list[str]:
    """The engine's own words a result would show as they are: string values that look like program words
    (`ENGINE_WORD`) and record field names, when the reader has neither a name nor a label for them."""
    if isinstance(value, str):
        return [value] if ENGINE_WORD.match(value) and not reader.knows(value) else []
    if isinstance(value, Record):
        found = [k for k, _ in value.fields if not reader.knows(k)]
        return found + [w for _, v in value.fields for w in engine_words(v, reader)]
    if isinstance(value, dict):
        return [w for k, v in value.items() for w in engine_words(k, reader) + engine_words(v, reader)]
    if isinstance(value, (tuple, frozenset)):
        items = sorted(value, key=str) if isinstance(value, frozenset) else value
        return [w for v in items for w in engine_words(v, reader)]
    return []


def unlabelled_columns(expected: str, parts: list[str] | None, columns: list[str] | None) -> int:
    """How many columns of values the table `result_markdown` makes of `expected` shows without a heading
    (rows of values or printed rows without column names, a tuple of mixed parts without part names); 0 for
    a table of label and value (a record, a mapping, named parts) or a result on one line."""
    if parts or columns or RESULT.match(expected.strip()) or REFUSED.match(expected.strip()):
        return 0
    try:
        value = parse_value(expected)
    except ValueError:
        rows = printed_rows(expected)
        return len(rows[0]) if rows else 0
    if not isinstance(value, tuple) or not value or all(_is_scalar(v) for v in value):
        return 0
    if all(isinstance(v, Record) for v in value):
        return 0  # records: their field names head the columns
    widths = {len(v) for v in value if isinstance(v, tuple)}
    if all(isinstance(v, tuple) and all(_is_scalar(x) for x in v) for v in value):
        return max(widths)
    return 1


def unreadable(source: str, reader: Reader, labels: list[list[str]] | None = None) -> list[tuple[Step, str, str]]:
    """(statement, rule, what a player could not read) for the results of a doctest as `results_markdown` shows
    them: a statement written as ``a, b`` whose parts have no names, one of several results without a caption or
    names (the list would say "1. 6  2. yes", or show two tables nobody can tell apart), a table whose columns
    have no heading, a group of ``:labels:`` that names nothing (it would be dropped) and engine words
    (`engine_words`)."""
    found = []
    shown = labelled(source, labels)
    for item in shown:
        step, parts, columns = item.step, item.parts, item.columns
        size = tuple_size(step.code)
        written = RESULT.match(step.expected.strip())
        block = result_markdown(step.expected, reader, parts, columns)[1]
        if size > 1 and parts is None and not written:
            found.append(
                (step, "example-labels", f"its {size} parts have no names (`:labels: {' | '.join(['...'] * size)}`)")
            )
        elif len(shown) > 1 and not written and not caption(step.code) and not block:
            found.append(
                (
                    step,
                    "example-caption",
                    "it is one of several results and does not say what it is "
                    "(a caption after the statement: `>>> ...  # what it is`)",
                )
            )
        elif len(shown) > 1 and block and not caption(step.code) and not (parts or columns):
            found.append(
                (
                    step,
                    "example-part-caption",
                    "it is one of several results, shown as a table that does not say what it is "
                    "(a caption after the statement: `>>> ...  # what it is`, or names in `:labels:`)",
                )
            )
        if item.names is not None and parts is None and columns is None and not size:
            found.append(
                (
                    step,
                    "example-labels-unused",
                    f"its `:labels:` group {' | '.join(item.names)!r} has {len(item.names)} names for "
                    f"{item.wanted} parts or columns, so the page would drop them",
                )
            )
        missing = unlabelled_columns(step.expected, parts, columns) if block else 0
        if missing and not written:
            found.append(
                (
                    step,
                    "table-columns",
                    f"it is a table whose {missing} column{'s' if missing > 1 else ''} of values "
                    f"{'have' if missing > 1 else 'has'} no heading (name them: `:labels: first | second`)",
                )
            )
        if written or REFUSED.match(step.expected.strip()):
            continue
        try:
            value = parse_value(step.expected)
        except ValueError:
            continue
        for word in dict.fromkeys(engine_words(value, reader)):
            found.append(
                (step, "engine-word", f"it shows the engine's word {word!r} (name it in game.yaml `site.labels`)")
            )
        for phrase in dict.fromkeys(engine_phrases(value, reader)):
            found.append(
                (
                    step,
                    "engine-phrase",
                    f"it shows the engine's text {phrase!r} as it is, the same in every language "
                    "(name it in each language in game.yaml `site.labels`)",
                )
            )
    for group in unused_labels(source, labels):
        last = shown[-1].step if shown else Step("", "", 0)
        found.append(
            (last, "example-labels-unused", f"its `:labels:` group {group!r} names no result, so the page drops it")
        )
    return found
