"""Worked examples for people: a doctest turned into its results, in the page's language.

A worked example is a doctest (``>>> call`` lines and the expected output). Its
prose — the situation — is the paragraph the author wrote just before it; this
module turns the expected outputs into what a player reads: ``True`` becomes
"yes"/"ja", tuples and lists become "20, 25", lists of rows and dicts become a
small table, numbers get the language's decimal mark. Pure functions; the
Markdown they return escapes every character of the values.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

PUNCTUATION = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~&$^])")  # every character with a meaning in MyST


def escape_markdown(text: str) -> str:
    """`text` as literal MyST Markdown, on one line: every character that could start markup (HTML, links,
    roles, emphasis, lists, tables, entities) backslash-escaped."""
    return PUNCTUATION.sub(r"\\\1", " ".join(str(text).split()))


@dataclass(frozen=True)
class Step:
    """One ``>>>`` statement of a doctest and the output it expects ("" when none)."""

    code: str
    expected: str


def steps(source: str) -> list[Step]:
    """The statements of a doctest with their expected outputs (continuation lines joined)."""
    found: list[Step] = []
    code: list[str] = []
    expected: list[str] = []

    def close():
        if code:
            found.append(Step("\n".join(code), "\n".join(expected).strip()))

    for line in source.splitlines():
        stripped = line.strip()
        if stripped.startswith(">>>"):
            close()
            code, expected = [stripped[3:].strip()], []
        elif stripped.startswith("...") and code and not expected:
            code.append(stripped[3:].strip())
        elif code:
            expected.append(line)
    close()
    return found


def _scalar(value, words: dict, lang: str) -> str:
    if isinstance(value, bool):
        return words["word_yes"] if value else words["word_no"]
    if value is None:
        return "–"
    if isinstance(value, float):
        text = f"{value:g}"
        return text.replace(".", ",") if lang == "de" else text
    return str(value)


def _is_scalar(value) -> bool:
    return not isinstance(value, (list, tuple, dict, set, frozenset))


def _table(rows: list[list], words: dict, lang: str) -> str:
    width = max(len(r) for r in rows)
    cells = [[escape_markdown(_scalar(v, words, lang)) for v in row] + [""] * (width - len(row)) for row in rows]
    lines = ["| \\# |" + " |" * width, "|" + "---|" * (width + 1)]
    for number, row in enumerate(cells, start=1):
        lines.append(f"| {number} | " + " | ".join(row) + " |")
    return "\n".join(lines)


RESULT = re.compile(r"^(?:Result|Ergebnis):\s*(.*)$", re.S)
REFUSED = re.compile(r"^(?:Refused|Abgelehnt):\s*(.*)$", re.S)


def result_markdown(expected: str, words: dict, lang: str) -> tuple[str, bool]:
    """(Markdown of one expected output, True when it is a block such as a table).

    ``Result: text`` / ``Ergebnis: text`` (a result the author wrote in the reader's language) is shown
    as its text; ``Refused: reason`` / ``Abgelehnt: reason`` as the page's word for a refused move."""
    written = RESULT.match(expected.strip())
    if written:
        return escape_markdown(written.group(1)), False
    refused = REFUSED.match(expected.strip())
    if refused:
        return f"{escape_markdown(words['refused'])} ({escape_markdown(refused.group(1))})", False
    try:
        value = ast.literal_eval(expected)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return escape_markdown(expected), False
    if isinstance(value, dict) and value and all(_is_scalar(v) for v in value.values()):
        lines = ["| | |", "|---|---|"]
        lines += [f"| {escape_markdown(_scalar(k, words, lang))} | {escape_markdown(_scalar(v, words, lang))} |"
                  for k, v in value.items()]
        return "\n".join(lines), True
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, (list, tuple)) and all(_is_scalar(x) for x in v)
                                                          for v in value):
        return _table([list(v) for v in value], words, lang), True
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else list(value)
        if all(_is_scalar(v) for v in items):
            return escape_markdown(", ".join(_scalar(v, words, lang) for v in items)) if items else "–", False
        return escape_markdown(expected), False
    return escape_markdown(_scalar(value, words, lang)), False


def results_markdown(source: str, words: dict, lang: str) -> list[str]:
    """Markdown lines of the results of a doctest: one line per expected output, tables as blocks."""
    outputs = [s.expected for s in steps(source) if s.expected]
    label = words["result"] if len(outputs) <= 1 else words["results"]
    lines: list[str] = []
    rendered = [result_markdown(o, words, lang) for o in outputs]
    if not rendered:
        return lines
    if len(rendered) == 1 and not rendered[0][1]:
        return [f"**{label}:** {rendered[0][0]}"]
    lines.append(f"**{label}:**")
    lines.append("")
    for number, (text, block) in enumerate(rendered, start=1):
        if block:
            lines += ["", text, ""]
        else:
            lines.append(f"{number}. {text}" if len(rendered) > 1 else text)
    return lines
