"""Rule prose stays rule prose: a section must state its rule outside its worked examples.

The website moves the paragraph written directly before a worked example into the example's
box as its situation (`rulepress.site.rules_myst`). A section whose every paragraph is such a
situation has no rule text left outside its examples: a player reading the section sees only
examples, and a reader who skips them (or a print of the rules without them) loses the rule.
`sections_without_prose` reports each such section at its heading's line.
"""

from __future__ import annotations

from rulepress.errors import Problem
from rulepress.model import GameContent
from rulepress.model.loader import display_path


def sections_without_prose(content: GameContent) -> list[Problem]:
    """A problem for each rule section whose only prose is the situations of its examples."""
    problems = []
    for _lang, text in sorted(content.rules.items()):
        for section in text.sections:
            if not section.prose_outside_examples():
                problems.append(
                    Problem(
                        display_path(section.path),
                        section.line,
                        None,
                        f"section {section.id}",
                        "its only prose is the situation of its examples (the website shows that inside the "
                        "example boxes): state the rule in a paragraph of its own, before the example's situation",
                        "section-prose",
                    )
                )
    return problems
