"""Worked-example results a player can read: every part named, no word of the engine's left.

The website shows each worked example's expected output as words and small
tables (`rulepress.model.scenario`). Two things make a result unreadable there:

- a statement written as ``a, b`` (two questions at once) whose parts the
  example does not name with ``:labels: first | second``: the page would say
  only "no, yes";
- one of several results shown on one line without a caption (the
  statement's trailing comment, ``>>> f()  # what it is``): the numbered list
  would say "1. 6  2. yes";
- a word of the rules engine's program (a string value such as ``'reroll'`` or
  a record field such as ``helpers_pay``) that is neither the id of a thing of
  the game nor named in game.yaml ``site.labels``: the German page would show
  English program words.

`unreadable_results` returns one problem per finding at the statement's
``>>>`` line; the site renderer's check reports them, so `rulepress check
content` and `rulepress build` name them before anything is published.
"""

from __future__ import annotations

from rulepress.errors import Problem
from rulepress.model import GameContent
from rulepress.model.loader import display_path
from rulepress.model.scenario import Reader, part_labels, unreadable
from rulepress.text.words import thing_names
from rulepress.text.words import words as site_words


def unreadable_results(content: GameContent) -> list[Problem]:
    """A problem for each example result of the game's rule texts that a player could not read."""
    game = content.game
    problems: list[Problem] = []
    for lang, text in content.rules.items():
        words = site_words(lang)
        reader = Reader(words, lang, thing_names(game, lang), {k: v.get(lang) for k, v in game.site.labels.items()})
        for example in text.examples:
            for step, rule, message in unreadable(
                example.source, reader, part_labels(example.options.get("labels", ""))
            ):
                problems.append(
                    Problem(
                        display_path(example.path),
                        example.source_line + step.line,
                        None,
                        f"example {example.id}",
                        f"the result of `{step.code.splitlines()[0]}`: {message}; players read it on the website",
                        rule,
                    )
                )
    return problems
