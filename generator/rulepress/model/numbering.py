"""Numbers of the rule paragraphs, so a rule can be cited ("see 4.2") on the website and in the rulebook.

Sections are numbered by heading depth from the order of the headings (1, 1.1, 1.1.2: `rules_text`).
Within a section, its rule paragraphs are numbered after the section's number, in order: every top-level
paragraph, table and block quote, and every item of a top-level list, is one rule. The numbers of a
section's paragraphs continue after those of its direct subsections (a section 3 with subsections 3.1 and
3.2 numbers its own paragraphs 3.3, 3.4, ...), so no paragraph ever has a subsection's number.

A number cites a rule, so what is no rule has none: the paragraph standing directly before a worked example
(the example's situation, which the website and the rulebook show inside the example box: an example's setup,
not a rule), worked examples (doctest blocks), other code blocks, HTML blocks, labels, comments and footnotes'
texts.

A number depends only on the order of the blocks and headings: editing the words of a paragraph or of
another section changes no number; inserting, removing or moving a block or a heading renumbers what
follows it in its section. Computed once when the rules are read (`rules_text.parse_rules`); the website
and the rulebook both read `Section.numbered`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulepress.markdown import Token, parse

NUMBERED_BLOCKS = {"paragraph_open": "paragraph", "table_open": "table", "blockquote_open": "quote"}
LISTS = ("bullet_list_open", "ordered_list_open")
FOOTNOTE = re.compile(r"^\[\^[^\]\s]+\]:")  # a footnote's definition, ``[^note]: text``


@dataclass(frozen=True)
class Numbered:
    """One numbered rule paragraph of a section body."""

    number: str  # "4.2"
    kind: str  # paragraph, item, table, quote
    first: int  # its first line in the section body (0-based)
    end: int  # the line after its last line in the body


def anchor(number: str) -> str:
    """The permalink anchor of a rule paragraph's number: ``4.2`` -> ``r-4-2`` (the same on every page)."""
    return "r-" + number.replace(".", "-")


def situations(tokens: list[Token]) -> set[int]:
    """Indexes of the top-level paragraph_open tokens that stand directly before a worked example (its situation)."""
    found: set[int] = set()
    last_block: int | None = None  # index of the opening token of the last top-level block
    for index, token in enumerate(tokens):
        if token.level != 0 or token.nesting == -1 or token.type == "myst_line_comment":
            continue
        if token.type == "fence" and token.info.strip().startswith("{doctest}"):
            if last_block is not None and tokens[last_block].type == "paragraph_open":
                found.add(last_block)
        last_block = index
    return found


def number_blocks(body: str, section_number: str, subsections: int = 0) -> list[Numbered]:
    """The numbered rule paragraphs of a section `body` (Markdown), numbered after `section_number` and its
    `subsections` direct subsections."""
    tokens = parse(body)
    setups = situations(tokens)
    found: list[Numbered] = []
    count = subsections

    def add(kind: str, token: Token) -> None:
        nonlocal count
        assert token.map is not None
        count += 1
        found.append(Numbered(f"{section_number}.{count}" if section_number else str(count), kind, *token.map))

    for index, token in enumerate(tokens):
        if token.nesting == -1 or token.map is None:
            continue
        if token.level == 0 and token.type in NUMBERED_BLOCKS and index not in setups:
            if token.type == "paragraph_open" and FOOTNOTE.match(tokens[index + 1].content):
                continue  # a footnote's text: the website shows it as a footnote (a number there broke it)
            add(NUMBERED_BLOCKS[token.type], token)
        elif token.level == 1 and token.type == "list_item_open" and _in_top_list(tokens, index):
            add("item", token)
    return found


def _in_top_list(tokens: list[Token], index: int) -> bool:
    """Whether the list item `tokens[index]` belongs to a list at the top level (not inside a quote)."""
    for before in range(index - 1, -1, -1):
        if tokens[before].level == 0 and tokens[before].nesting == 1:
            return tokens[before].type in LISTS
    return False
