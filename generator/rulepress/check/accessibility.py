"""The accessibility lint of `rulepress check content` and `rulepress build`: warnings for now.

Two checks (docs/content-format.md, "Accessibility"): things a player tells apart only by a colour that a
colour-blind player cannot see (`rulepress.check.colourkinds`), and card text too faint for its ground
(`rulepress.check.contrast`). Both are rules of content format 3 (`rulepress.model.formats`): a stricter
rule comes as a warning first, so they warn for every game until that format is released.
"""

from __future__ import annotations

from rulepress.check.colourkinds import colour_problems
from rulepress.check.contrast import contrast_problems
from rulepress.errors import Problem


def accessibility_problems(content) -> list[Problem]:
    """Every accessibility warning of a loaded game."""
    return colour_problems(content) + contrast_problems(content)
