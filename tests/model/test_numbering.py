"""Rule paragraph numbers: by order only, after the section's number and its subsections, stable under edits
of wording and of other sections."""

from __future__ import annotations

from rulepress.model import numbering
from rulepress.model.rules_text import parse_rules

TEXT = """(setup)=
# Setup

Each player takes a screen.

- Shuffle the deck.
- Deal five cards:
  - one face up,
  - four face down.

| Players | Cards |
|---|---|
| 2 | 7 |

> Quoted rule.

(turn)=
## A turn

Draw one card.

The deck holds two cards; you draw one.

```{doctest} ex-draw
>>> 1
1
```

```python
not = a rule
```

(end)=
# End

The game ends when the deck is empty.
"""


def _numbers(text: str) -> dict[str, list[tuple[str, str]]]:
    rules, problems = parse_rules(text, "en", "rules.en.md")
    assert not problems
    return {s.id: [(n.number, n.kind) for n in s.numbered] for s in rules.sections}


def test_paragraphs_items_tables_and_quotes_are_numbered_after_the_subsections():
    assert _numbers(TEXT) == {
        # section 1 has one subsection (1.1): its own rules continue at 1.2; nested items belong to their item
        "setup": [
            ("1.2", "paragraph"),
            ("1.3", "item"),
            ("1.4", "item"),
            ("1.5", "table"),
            ("1.6", "quote"),
        ],
        # the situation before an example is its setup, not a rule: no number; nor examples and code blocks
        "turn": [("1.1.1", "paragraph")],
        "end": [("2.1", "paragraph")],
    }


def test_numbers_follow_the_order_only():
    reworded = TEXT.replace("Each player takes a screen.", "Every player takes one screen and a pencil.")
    other_section = TEXT.replace("The game ends when the deck is empty.", "The game ends at once.\n\nScore.")
    assert _numbers(reworded) == _numbers(TEXT)
    assert _numbers(other_section)["setup"] == _numbers(TEXT)["setup"]
    inserted = TEXT.replace("Each player takes a screen.", "New first rule.\n\nEach player takes a screen.")
    assert [n for n, _ in _numbers(inserted)["setup"]] == ["1.2", "1.3", "1.4", "1.5", "1.6", "1.7"]


def test_numbers_are_the_lines_they_start_on_and_anchor_as_on_the_site():
    rules, _ = parse_rules(TEXT, "en", "rules.en.md")
    setup = rules.sections[0]
    lines = setup.body.splitlines()
    assert [lines[n.first] for n in setup.numbered][:3] == [
        "Each player takes a screen.",
        "- Shuffle the deck.",
        "- Deal five cards:",
    ]
    assert numbering.anchor("4.2.1") == "r-4-2-1"


def test_a_real_text_is_numbered_by_its_structure():
    # the opening of the CommonMark spec's own README structure: headings, paragraphs, an ordered list
    text = (
        "(intro)=\n# Introduction\n\nMarkdown is a plain text format for writing structured documents.\n\n"
        "1. It should be easy to read.\n2. It should be easy to write.\n\n"
        "(why)=\n## Why is a spec needed?\n\nJohn Gruber's canonical description leaves many questions open.\n"
    )
    assert _numbers(text) == {
        "intro": [("1.2", "paragraph"), ("1.3", "item"), ("1.4", "item")],
        "why": [("1.1.1", "paragraph")],
    }


def test_a_footnotes_text_is_no_rule():
    """A number before ``[^n]:`` made it a paragraph on the website, whose Sphinx then refused the reference."""
    body = "Draw one card[^n].\n\n[^n]: Or two, in the long game.\n\nThen play.\n"
    assert [(n.number, n.first) for n in numbering.number_blocks(body, "3")] == [("3.1", 0), ("3.2", 4)]
