"""Content formats: which rules bind a game, by the format version it was written for.

A game declares the format it was written for in game.yaml (``format: 2``); a game that
declares none was written for format 1, the format of the releases before formats existed.
A rule that rejects content an earlier release accepted is introduced by a format: content of
that format or later breaks it as an error, content of an earlier format gets a warning that
names the place and the fix, so an upgrade of Rulepress never stops a game from building.
`rulepress upgrade GAME` (`rulepress.commands.upgrade`) rewrites what can be rewritten mechanically and
declares the current format.

The checks give each such problem the id of its rule (`Problem.rule`); `settle` turns the ones
that do not bind the game yet into warnings. A new strict rule is added here with the next
format number; until `CURRENT` is raised to it, the rule warns for all content (`upcoming`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rulepress.errors import Problem

CURRENT = 2  # the format `rulepress new` writes and `rulepress upgrade` declares
FIRST = 1  # the format of content that declares none


@dataclass(frozen=True)
class Rule:
    """A rule that an earlier format did not have."""

    id: str
    since: int  # the first format whose content must keep it
    fix: str  # what the author does (shown with the warning)
    warns_only: bool = False  # a warning in every format: it stops nothing


RULES = {
    rule.id: rule
    for rule in (
        Rule(
            "example-caption",
            2,
            "write what the result is after the statement: `>>> f(x)  # what it is` (rulepress upgrade adds a TODO caption)",
        ),
        Rule(
            "example-labels",
            2,
            "name each part of the result on a line `:labels: first | second` in the example's options",
        ),
        Rule(
            "example-part-caption",
            3,
            "say what each table of a result is: a caption after the statement `>>> f(x)  # what it is`, "
            "or names in `:labels:`",
        ),
        Rule(
            "example-labels-unused",
            3,
            "give each `:labels:` group as many names as its result has parts or columns, one group per result",
        ),
        Rule("table-columns", 3, "name the columns of the result's table: `:labels: first | second`"),
        Rule(
            "section-prose",
            3,
            "state the rule in the section's own words, outside the example: the example only shows it at work",
        ),
        Rule("engine-word", 2, "give the engine's word a name in each language under game.yaml `site.labels`"),
        Rule(
            "engine-phrase",
            3,
            "give the engine's text its words in each language under game.yaml `site.labels` "
            "(a refusal: write only its class or code where the message is in another language)",
        ),
        Rule("authors-words", 2, "say it in players' words (no source names, file names or engine keys)"),
        Rule("board-value-label", 2, "add the value's name in each language to the board's `value_labels`"),
        Rule(
            "engine-option-parameter",
            2,
            "give the engine function that depends on this reading a keyword parameter named like the option",
        ),
        Rule(
            "register-link",
            2,
            "link the sentence to its ambiguity with {ambiguity}`shown text <ambiguity-id>` (or correct the quote in ambiguities.yaml `rules:`)",
        ),
        Rule(
            "register-linked",
            3,
            "link the rules sentence that decides the entry with {ambiguity}`shown text <ambiguity-id>`, in every "
            "rules file",
        ),
        Rule(
            "reading-shown",
            3,
            "let the engine function that depends on the reading take the option, and add a worked example with `:reading: option=reading`",
        ),
        Rule(
            "register-engine-option",
            3,
            "choose the reading in game.yaml `engine_options` (`option: reading-id`, the ambiguity's `used`), "
            "or remove `engine_option` from the ambiguity",
        ),
        Rule(
            "shared-back",
            3,
            "give the components that share a back the same size, layout back and back definition "
            "(or give each its own back id if they are never shuffled together)",
        ),
        Rule(
            "kit-printed",
            3,
            "print the component (a `piece` for pieces, a `board` for a board, or make other parts a deck), name "
            "the printed components that stand for it in `printed_as`, or say why it is not printed in `not_printed`",
        ),
        Rule(
            "small-print",
            3,
            "give each text of the layout a size and min_size of 6 pt or more (a larger box or fewer words if it "
            "then does not fit)",
        ),
        Rule(
            "greyscale-fills",
            3,
            "make the fills differ in brightness by 0.04 at least (a greyscale copy keeps them apart)",
        ),
        Rule(
            "colour-vision",
            3,
            "give the two a second cue printed alike on each of them: a symbol, pattern, letter or label that "
            "differs (a field the layout prints, a board group's or space type's `pattern`, a piece's text)",
        ),
        Rule(
            "text-contrast",
            3,
            "darken the text or lighten its ground (or the reverse) to a WCAG 2.1 contrast of 4.5:1, 3:1 for "
            "text of 18 pt or 14 pt bold",
        ),
        Rule(
            "table-formula",
            3,
            "open the workbook in a spreadsheet program and save it (it saves each formula's result), or write the "
            "value instead of the formula",
        ),
        Rule("format-declared", 2, "declare `format: 2` in game.yaml (rulepress upgrade does)", warns_only=True),
        Rule("todo-marker", 2, "replace the TODO with what players should read", warns_only=True),
        Rule(
            "text-language-undeclared",
            2,
            "add the language to game.yaml `languages` (with its rules file) or remove the text",
            warns_only=True,
        ),
    )
}


def declared(data: object) -> int:
    """The format a game.yaml's data declares (FIRST when it declares none)."""
    value = data.get("format") if isinstance(data, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else FIRST


def upcoming(rule: str) -> bool:
    """True for a rule of a format after `CURRENT`: a warning for all content until that format is released
    (`rulepress upgrade` cannot settle it, and it does not keep a game from the current format)."""
    known = RULES.get(rule)
    return known is not None and known.since > CURRENT


def binds(rule: str, fmt: int) -> bool:
    """True when content of format `fmt` must keep `rule` (an unknown or empty rule always binds)."""
    known = RULES.get(rule)
    return known is None or (not known.warns_only and fmt >= known.since)


def settle(problems: list[Problem], fmt: int) -> list[Problem]:
    """`problems` with those of rules that do not bind format `fmt` yet made warnings (with their fix)."""
    settled = []
    for problem in problems:
        if problem.warning or binds(problem.rule, fmt):
            settled.append(problem)
        else:
            rule = RULES[problem.rule]
            when = "" if rule.warns_only else f"an error from format {rule.since} on; "
            message = f"{problem.message} [{when}fix: {rule.fix}]"
            settled.append(replace(problem, message=message, warning=True))
    return settled


def errors(problems: list[Problem]) -> list[Problem]:
    """The problems that stop a build."""
    return [p for p in problems if not p.warning]


def warnings(problems: list[Problem]) -> list[Problem]:
    """The problems that are reported but stop nothing."""
    return [p for p in problems if p.warning]
