"""Rules Markdown is split into labelled, numbered sections and identified examples."""

from rulepress.model.rules_text import parse_rules, strip_term_refs, term_refs

TEXT = """Intro text.

(setup)=
# Setup

Put the board down.

(turn)=
# A turn

(turn-move)=
## Moving

Move {term}`two spaces <space>` forward.

Moving from 3 by 2 ends on 5.

```{doctest} ex-move
>>> 3 + 2
5
```

(end)=
# End
"""


def test_sections_are_numbered_and_nested():
    text, problems = parse_rules(TEXT, "en", "rules.en.md")
    assert problems == []
    assert [(s.id, s.number, s.parent, s.line) for s in text.sections] == [
        ("setup", "1", None, 4),
        ("turn", "2", None, 9),
        ("turn-move", "2.1", "turn", 12),
        ("end", "3", None, 24),
    ]
    assert text.preamble == "Intro text."


def test_examples_carry_id_section_line_and_caption():
    text, _ = parse_rules(TEXT, "en", "rules.en.md")
    [example] = text.examples
    assert (example.id, example.section, example.line) == ("ex-move", "turn-move", 18)
    assert example.source == ">>> 3 + 2\n5\n"
    assert example.caption == "Moving from 3 by 2 ends on 5."
    assert text.section("turn-move").examples == ["ex-move"]


def test_paragraphs_leave_out_code():
    text, _ = parse_rules(TEXT, "en", "rules.en.md")
    assert text.section("turn-move").paragraphs() == [
        "Move {term}`two spaces <space>` forward.",
        "Moving from 3 by 2 ends on 5.",
    ]


def test_term_references():
    assert term_refs("a {term}`two spaces <space>` b") == [("two spaces", "space")]
    assert strip_term_refs("a {term}`two spaces <space>` b") == "a two spaces b"


def test_structural_problems_are_located():
    _, problems = parse_rules("(a)=\n# A\n\n# B\n\n(a)=\n# C\n```{doctest}\n1\n```\n", "de", "r.md")
    messages = [(p.line, p.key, p.message.split(":")[0]) for p in problems]
    assert (4, "heading", "heading 'B' has no id label") in messages
    assert (6, "a", "duplicate section id") in messages
    assert any(p.line == 8 and p.key == "doctest" for p in problems)
