"""Parse a game's Markdown rule texts into sections and worked examples.

Rule files are MyST Markdown (``rules.de.md``, ``rules.en.md``). Every heading
carries a stable id, written as a MyST label on the line before it::

    (trade-in)=
    ## Karten eintauschen

Worked examples are doctest blocks with an example id, so the same example
exists in both languages::

    ```{doctest} ex-trade-in-7
    >>> trade_in_armies(7)
    20
    ```

An example may start with MyST-style options, one per line, before its
first ``>>>``; ``:reading: option=reading-id, ...`` runs it under other
readings of the ambiguities (see `rulepress.check.examples` for what an
example may expect: plain output, ``Refused: ...`` or ``Result: ...``)::

    ```{doctest} ex-bonus-capped
    :reading: territory_bonus=max-two-per-turn
    >>> territory_bonus(3)
    2
    ```

A statement's trailing comment is its caption, the words the website shows
before its result (``>>> must_trade(5)  # with 5 cards``; `steps`, `caption`).

Glossary references are written ``{term}`shown text <term-id>` ``.
This module only reads text; it knows nothing about any game.
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

from rulepress.errors import Problem

LABEL = re.compile(r"^\(([a-z0-9][a-z0-9_-]*)\)=\s*$")
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
FENCE_OPEN = re.compile(r"^(```+|~~~+)\s*(\{[a-z-]+\}|[a-zA-Z0-9_-]*)?\s*(.*)$")
EXAMPLE_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
OPTION = re.compile(r"^:([a-z][a-z-]*):\s*(.*?)\s*$")
TERM_REF = re.compile(r"\{term\}`([^`<]*?)\s*<([a-z0-9][a-z0-9_-]*)>`")


@dataclass
class Example:
    """A worked example: a doctest block with a stable id."""

    id: str
    lang: str
    path: str
    line: int  # line of the opening fence
    source: str  # the doctest text (>>> lines and expected output)
    section: str | None  # id of the enclosing section
    caption: str = ""  # the paragraph just before the block, as written
    options: dict[str, str] = field(default_factory=dict)  # ':name: value' lines at the top
    option_lines: dict[str, int] = field(default_factory=dict)  # option name -> its file line
    source_line: int = 0  # file line of the first line of `source`

    def readings(self) -> dict[str, str]:
        """The ``:reading:`` option as {engine option: reading id} (malformed parts are left out)."""
        pairs = (part.split("=", 1) for part in self.options.get("reading", "").split(",") if "=" in part)
        return {name.strip(): value.strip() for name, value in pairs if name.strip() and value.strip()}


@dataclass
class Section:
    """One headed section of a rule text."""

    id: str
    lang: str
    path: str
    line: int  # line of the heading
    level: int
    title: str
    body: str  # Markdown below the heading up to the next heading
    parent: str | None = None
    number: str = ""  # "2.3", assigned from the order of headings
    examples: list[str] = field(default_factory=list)

    def paragraphs(self) -> list[str]:
        """Body paragraphs without code blocks (for comparing languages)."""
        text = re.sub(r"^(```+|~~~+).*?^\1\s*$", "", self.body, flags=re.S | re.M)
        return [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]


@dataclass
class RuleText:
    """A whole rules file: sections in order and the examples found in them."""

    lang: str
    path: str
    sections: list[Section]
    examples: list[Example]
    preamble: str = ""  # text before the first heading

    def section(self, section_id: str) -> Section | None:
        return next((s for s in self.sections if s.id == section_id), None)

    def example(self, example_id: str) -> Example | None:
        return next((e for e in self.examples if e.id == example_id), None)


def term_refs(text: str) -> list[tuple[str, str]]:
    """(shown text, term id) of every glossary reference in `text`."""
    return TERM_REF.findall(text)


def strip_term_refs(text: str) -> str:
    """Replace glossary references by their shown text (for plain outputs)."""
    return TERM_REF.sub(lambda m: m.group(1), text)


def parse_rules(text: str, lang: str, path: str) -> tuple[RuleText, list[Problem]]:
    """Split Markdown into labelled sections and examples; report structural problems."""
    problems: list[Problem] = []
    sections: list[Section] = []
    examples: list[Example] = []
    preamble: list[str] = []
    lines = text.splitlines()
    pending_label: tuple[str, int] | None = None
    current: Section | None = None
    body: list[str] = []
    stack: list[Section] = []
    counters: list[int] = []
    fence: str | None = None
    example: Example | None = None
    example_lines: list[str] = []
    last_paragraph: list[str] = []
    paragraph_closed = False

    def close_section():
        if current is not None:
            current.body = "\n".join(body).strip("\n")

    for number, line in enumerate(lines, start=1):
        if fence is not None:
            if line.strip().startswith(fence) and line.strip().strip(fence[0]) == "":
                fence = None
                if example is not None:
                    example.source = "\n".join(example_lines).strip("\n") + "\n"
                    if ">>>" not in example.source:
                        problems.append(Problem(path, example.line, 1, example.id, "example has no '>>>' line to run"))
                    examples.append(example)
                    example = None
            elif example is not None:
                option = OPTION.match(line.strip())
                if option and not any(x.strip() for x in example_lines):
                    example.options[option.group(1)] = option.group(2)
                    example.option_lines[option.group(1)] = number
                else:
                    if line.strip() and not example.source_line:
                        example.source_line = number
                    example_lines.append(line)
            (body if current else preamble).append(line)
            continue
        match = FENCE_OPEN.match(line.strip()) if line.strip().startswith(("```", "~~~")) else None
        if match:
            fence = match.group(1)
            directive = match.group(2) or ""
            if directive == "{doctest}":
                example_id = match.group(3).strip()
                if not EXAMPLE_ID.match(example_id):
                    problems.append(
                        Problem(
                            path, number, 1, "doctest", "a doctest block needs an example id: ```{doctest} example-id"
                        )
                    )
                    example_id = f"line-{number}"
                if any(e.id == example_id for e in examples):
                    problems.append(Problem(path, number, 1, example_id, "duplicate example id"))
                example = Example(
                    example_id,
                    lang,
                    path,
                    number,
                    "",
                    current.id if current else None,
                    caption=" ".join(last_paragraph).strip(),
                )
                example_lines = []
                if current:
                    current.examples.append(example_id)
            (body if current else preamble).append(line)
            continue
        label = LABEL.match(line)
        if label:
            pending_label = (label.group(1), number)
            continue
        heading = HEADING.match(line)
        if heading:
            level = len(heading.group(1))
            if pending_label is None:
                problems.append(
                    Problem(
                        path,
                        number,
                        1,
                        "heading",
                        f"heading {heading.group(2)!r} has no id label: write (some-id)= on the line before it",
                    )
                )
                section_id = f"line-{number}"
            else:
                section_id = pending_label[0]
                if any(s.id == section_id for s in sections):
                    problems.append(Problem(path, pending_label[1], 1, section_id, "duplicate section id"))
            pending_label = None
            close_section()
            while stack and stack[-1].level >= level:
                stack.pop()
            depth = len(stack)
            counters = counters[: depth + 1]
            while len(counters) < depth + 1:
                counters.append(0)
            counters[depth] += 1
            current = Section(
                section_id,
                lang,
                path,
                number,
                level,
                heading.group(2).strip(),
                "",
                parent=stack[-1].id if stack else None,
                number=".".join(str(c) for c in counters),
            )
            stack.append(current)
            sections.append(current)
            body = []
            last_paragraph = []
            continue
        if pending_label is not None and line.strip():
            problems.append(
                Problem(path, pending_label[1], 1, pending_label[0], "a label must stand directly before a heading")
            )
            pending_label = None
        if line.strip():
            if paragraph_closed:
                last_paragraph = []
                paragraph_closed = False
            last_paragraph.append(line.strip())
        else:
            paragraph_closed = True
        (body if current else preamble).append(line)
    if fence is not None:
        problems.append(Problem(path, len(lines), 1, "fence", "code block is not closed"))
    close_section()
    return RuleText(lang, path, sections, examples, "\n".join(preamble).strip()), problems


def read_rules(path: Path, lang: str, display: str) -> tuple[RuleText, list[Problem]]:
    """Read and parse one rules file."""
    from rulepress.model.sourcefile import read_source

    return parse_rules(read_source(path, display), lang, display)


# ---------------------------------------------------------------- the statements of an example


@dataclass(frozen=True)
class Step:
    """One ``>>>`` statement of a doctest and the output it expects ("" when none)."""

    code: str
    expected: str
    line: int = 0  # index of its ``>>>`` line among the lines of the doctest


def steps(source: str) -> list[Step]:
    """The statements of a doctest with their expected outputs (continuation lines joined)."""
    found: list[Step] = []
    code: list[str] = []
    expected: list[str] = []
    start = 0

    def close():
        if code:
            found.append(Step("\n".join(code), "\n".join(expected).strip(), start))

    for number, line in enumerate(source.splitlines()):
        stripped = line.strip()
        if stripped.startswith(">>>"):
            close()
            code, expected, start = [stripped[3:].strip()], [], number
        elif stripped.startswith("...") and code and not expected:
            code.append(stripped[3:].strip())
        elif code:
            expected.append(line)
    close()
    return found


def caption(code: str) -> str:
    """What a statement's result is, in the author's words: its trailing comment
    (``>>> must_trade(4)  # with 4 cards``); "" when it has none (doctest directives are no caption)."""
    try:
        comments = [
            t.string for t in tokenize.generate_tokens(io.StringIO(code + "\n").readline) if t.type == tokenize.COMMENT
        ]
    except (tokenize.TokenError, SyntaxError):
        return ""
    words = [c.lstrip("#").strip() for c in comments]
    words = [w for w in words if w and not w.startswith("doctest:")]
    return words[-1] if words else ""
