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
first ``>>>``; ``:picture: ...`` lines (they may repeat) name pictures drawn
from its scenario (`rulepress.model.pictures`); ``:reading: option=reading-id, ...`` runs it under other
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
from rulepress.markdown import Token, parse
from rulepress.model.numbering import Numbered, number_blocks
from rulepress.model.pictures import PictureProblem, PictureSpec, parse_picture

LABEL_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
EXAMPLE_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
OPTION = re.compile(r"^:([a-z][a-z-]*):\s*(.*?)\s*$")
TERM_REF = re.compile(r"\{term\}`([^`<]*?)\s*<([a-z0-9][a-z0-9_-]*)>`")
# A link to an entry of the ambiguity register: {ambiguity}`shown text <ambiguity-id>`.
AMBIGUITY_REF = re.compile(r"\{ambiguity\}`([^`<]*?)\s*<([a-z0-9][a-z0-9_-]*)>`")


@dataclass(kw_only=True)
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
    pictures: list[PictureSpec] = field(default_factory=list)  # its ``:picture:`` lines (`rulepress.model.pictures`)

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
    body_line: int = 0  # line of the body's first line (0: no body)
    examples: list[str] = field(default_factory=list)
    numbered: list[Numbered] = field(default_factory=list)  # its rule paragraphs' numbers (`numbering`)

    def prose_outside_examples(self) -> bool:
        """Does the section state anything outside its examples? The paragraph directly before an example is
        its situation (the website moves it into the example's box); every other paragraph, list, table or
        quote is the rule's own prose. True for a section without examples."""
        blocks = [t for t in parse(self.body) if t.level == 0 and t.nesting >= 0 and t.type != "myst_target"]
        if not any(_is_doctest(t) for t in blocks):
            return True
        for index, token in enumerate(blocks):
            if token.type == "fence" or token.type in ("hr", "myst_line_comment", "html_block"):
                continue  # examples, code, rules and comments are no prose
            following = blocks[index + 1] if index + 1 < len(blocks) else None
            if token.type == "paragraph_open" and following is not None and _is_doctest(following):
                continue  # an example's situation
            return True
        return False

    def paragraphs(self) -> list[str]:
        """Body paragraphs without code blocks (for comparing languages)."""
        lines = self.body.splitlines()
        for token in parse(self.body):
            if token.type == "fence" and token.map is not None:
                lines[token.map[0] : token.map[1]] = [""] * (token.map[1] - token.map[0])
        return [p.strip() for p in re.split(r"\n\s*\n", "\n".join(lines)) if p.strip()]


def _is_doctest(token: Token) -> bool:
    return token.type == "fence" and token.info.strip().startswith("{doctest}")


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
    """Replace glossary and register references by their shown text (for plain outputs)."""
    return AMBIGUITY_REF.sub(lambda m: m.group(1), TERM_REF.sub(lambda m: m.group(1), text))


def ambiguity_refs(text: str) -> list[tuple[str, str]]:
    """(shown text, ambiguity id) of every link to the ambiguity register in `text`."""
    return AMBIGUITY_REF.findall(text)


def split_doctest(content: str) -> tuple[dict[str, str], dict[str, int], list[str]]:
    """A doctest block's content split into its ``:name: value`` options (the lines before its first other
    non-blank line), the options' indexes among the content's lines, and the other lines (the blank lines
    before the first option or statement dropped)."""
    options: dict[str, str] = {}
    option_lines: dict[str, int] = {}
    rest: list[str] = []
    for index, line in enumerate(content.splitlines()):
        option = OPTION.match(line.strip())
        if option and not any(x.strip() for x in rest):
            options[option.group(1)] = option.group(2)
            option_lines[option.group(1)] = index
        elif options or rest or line.strip():
            rest.append(line)
    return options, option_lines, rest


def _closed(token: Token, lines: list[str]) -> bool:
    """Whether a fence token ends with its closing fence (markdown-it runs an open fence to the end)."""
    assert token.map is not None  # block tokens have their lines
    last = lines[token.map[1] - 1].strip() if token.map[1] - 1 > token.map[0] and token.map[1] <= len(lines) else ""
    return len(last) >= len(token.markup) and last == last[0] * len(last) and last[0] == token.markup[0]


def parse_rules(text: str, lang: str, path: str) -> tuple[RuleText, list[Problem]]:
    """Split Markdown into labelled sections and examples (read from the tokens of `rulepress.markdown`,
    the parser the website's MyST agrees with); report structural problems at their file lines."""
    reader = _RulesReader(lang=lang, path=path, lines=text.splitlines())
    tokens = parse(text)
    reader.label_lines = {t.map[0] for t in tokens if t.type == "myst_target" and t.map is not None}
    for index, token in enumerate(tokens):
        if token.map is None or token.nesting == -1 or (token.level != 0 and token.type != "fence"):
            continue
        if token.type == "myst_target":
            reader.label(token)
        elif token.type == "heading_open":
            reader.heading(token, tokens[index + 1].content.strip())
        else:
            reader.block(token)
    return reader.finished(), reader.problems


@dataclass(kw_only=True)
class _RulesReader:
    """What `parse_rules` has read so far of one rules text: its sections and examples, and where it stands
    (the label waiting for its heading, the open sections and their numbers, the last block's text)."""

    lang: str
    path: str
    lines: list[str]
    label_lines: set[int] = field(default_factory=set)
    problems: list[Problem] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)  # first line (0-based) of each section's heading
    ends: list[int] = field(default_factory=list)  # line after each section's heading
    pending_label: tuple[str, int] | None = None
    current: Section | None = None
    stack: list[Section] = field(default_factory=list)
    counters: list[int] = field(default_factory=list)
    last_block: str = ""  # the source of the last block before a code block in this section (an example's caption)

    def _problem(self, line: int | None, key: str, message: str) -> None:
        self.problems.append(Problem(self.path, line, 1, key, message))

    def _label_unused(self) -> None:
        if self.pending_label is not None:
            self._problem(self.pending_label[1], self.pending_label[0], "a label must stand directly before a heading")
            self.pending_label = None

    def label(self, token) -> None:
        """A ``(section-id)=`` label: the next heading's id."""
        number = token.map[0] + 1
        self._label_unused()
        if not LABEL_ID.match(token.content):
            self._problem(number, "label", f"a section id is lower-case letters, digits, - and _: {token.content!r}")
        self.pending_label = (token.content, number)

    def heading(self, token, title: str) -> None:
        """A heading opens a section under the open ones of a higher level, numbered among its siblings."""
        number, level = token.map[0] + 1, int(token.tag[1:])
        if self.pending_label is None:
            self._problem(
                number, "heading", f"heading {title!r} has no id label: write (some-id)= on the line before it"
            )
            section_id = f"line-{number}"
        else:
            section_id = self.pending_label[0]
            if any(s.id == section_id for s in self.sections):
                self._problem(self.pending_label[1], section_id, "duplicate section id")
        self.pending_label = None
        while self.stack and self.stack[-1].level >= level:
            self.stack.pop()
        depth = len(self.stack)
        self.counters = self.counters[: depth + 1]
        while len(self.counters) < depth + 1:
            self.counters.append(0)
        self.counters[depth] += 1
        self.current = Section(
            section_id,
            self.lang,
            self.path,
            number,
            level,
            title,
            "",
            parent=self.stack[-1].id if self.stack else None,
            number=".".join(str(c) for c in self.counters),
        )
        self.stack.append(self.current)
        self.sections.append(self.current)
        self.starts.append(token.map[0])
        self.ends.append(token.map[1])
        self.last_block = ""

    def block(self, token) -> None:
        """Any other block: a comment, text (the caption of a code block after it), or a fence (an example)."""
        self._label_unused()
        if token.type == "myst_line_comment":
            return
        if token.type != "fence":
            if token.level == 0:
                lines = self.lines[token.map[0] : token.map[1]]
                self.last_block = " ".join(line.strip() for line in lines if line.strip())
            return
        if not _closed(token, self.lines):
            self._problem(token.map[0] + 1, "fence", "code block opened here is not closed (no closing fence)")
            return
        if token.info.strip().startswith("{doctest}"):
            example = _example(token, self.lang, self.path, self.current, self.last_block, self.examples, self.problems)
            self.examples.append(example)
            if self.current:
                self.current.examples.append(example.id)

    def _source(self, first: int, end: int) -> str:
        return "\n".join(line for i, line in enumerate(self.lines[first:end], start=first) if i not in self.label_lines)

    def finished(self) -> RuleText:
        """The rules text: each section's body (to the next heading, labels left out) and numbered rules."""
        sections, lines = self.sections, self.lines
        for section, end, following in zip(sections, self.ends, [*self.starts[1:], len(lines)], strict=True):
            section.body = self._source(end, following).strip("\n")
            section.body_line = next(
                (i + 1 for i in range(end, following) if i not in self.label_lines and lines[i]), 0
            )
        children = {s.id: sum(1 for c in sections if c.parent == s.id) for s in sections}
        for section in sections:
            section.numbered = number_blocks(section.body, section.number, children[section.id])
        preamble = self._source(0, self.starts[0] if self.starts else len(lines)).strip()
        return RuleText(self.lang, self.path, sections, self.examples, preamble)


def _example(
    token: Token, lang: str, path: str, section: Section | None, caption: str, seen: list[Example], problems: list
) -> Example:
    """The worked example of a ``{doctest}`` fence token (its problems go to `problems`)."""
    assert token.map is not None
    number = token.map[0] + 1
    example_id = token.info.strip()[len("{doctest}") :].strip()
    if not EXAMPLE_ID.match(example_id):
        problems.append(
            Problem(path, number, 1, "doctest", "a doctest block needs an example id: ```{doctest} example-id")
        )
        example_id = f"line-{number}"
    if any(e.id == example_id for e in seen):
        problems.append(Problem(path, number, 1, example_id, "duplicate example id"))
    options, option_lines, rest = split_doctest(token.content)
    first = number + 1  # file line of the content's first line
    content_lines = token.content.splitlines()
    source_line = next(  # the first line that is no option (an option such as :picture: may repeat)
        (first + i for i, line in enumerate(content_lines) if line.strip() and not OPTION.match(line.strip())), 0
    )
    example = Example(
        id=example_id,
        lang=lang,
        path=path,
        line=number,
        source="\n".join(rest).strip("\n") + "\n",
        section=section.id if section else None,
        caption=caption,
        options=options,
        option_lines={name: first + index for name, index in option_lines.items()},
        source_line=source_line,
    )
    if ">>>" not in example.source:
        problems.append(Problem(path, number, 1, example_id, "example has no '>>>' line to run"))
    example.pictures = _pictures(content_lines, first, path, example_id, problems)
    return example


def _pictures(lines: list[str], first: int, path: str, example_id: str, problems: list) -> list[PictureSpec]:
    """The ``:picture:`` lines among the options at the top of an example (each may repeat), parsed; a line
    that cannot be read is a problem at its file line."""
    found = []
    for index, line in enumerate(lines):
        option = OPTION.match(line.strip())
        if option is None:
            if line.strip():
                break  # the first statement: options stop here
            continue
        if option.group(1) != "picture":
            continue
        try:
            found.append(parse_picture(option.group(2), first + index))
        except PictureProblem as exc:
            problems.append(Problem(path, first + index, 1, f"{example_id}.picture", str(exc)))
    return found


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
