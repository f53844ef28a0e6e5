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
  English program words;
- a text of the engine's (a string value of words, ``'no move'``) without words in
  ``site.labels``, and a refusal's message that the same example gives in two
  languages (``Abgelehnt: ValueError: overshoots the home row``): one page shows
  it in another language. Both name the engine's file; rule ``engine-phrase``,
  a warning until the format after this release's.

`unreadable_results` returns one problem per finding at the statement's
``>>>`` line; the site renderer's check reports them, so `rulepress check
content` and `rulepress build` name them before anything is published.
"""

from __future__ import annotations

import doctest

from rulepress.errors import Problem
from rulepress.model import GameContent
from rulepress.model.loader import display_path
from rulepress.model.scenario import REFUSED, Reader, part_labels, unreadable
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
                if rule == "engine-phrase":
                    message += f"; a string of the program ({_engine_file(content)}) or of the example's code"
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
    return problems + untranslated_refusals(content)


def _engine_file(content: GameContent) -> str:
    return display_path(content.folder / (content.game.engine or "engine.py"))


def _refusal_messages(source: str) -> list[tuple[int, str]]:
    """(line in the example, message) of every refusal the example expects with a message
    (``Refused: ValueError: a set has 3 cards``)."""
    found = []
    for statement in doctest.DocTestParser().get_examples(source):
        refused = REFUSED.match(statement.want.strip())
        name, colon, message = (refused.group(1) if refused else "").partition(":")
        if colon and message.strip() and " " in message.strip():
            found.append((statement.lineno, message.strip()))
    return found


def untranslated_refusals(content: GameContent) -> list[Problem]:
    """A warning at each refusal whose message the same example gives in another language too: the page of
    one of them shows the engine's message in the other's language (write only the class or the code there)."""
    messages: dict[tuple[str, str], list] = {}
    for lang, text in sorted(content.rules.items()):
        for example in text.examples:
            for line, message in _refusal_messages(example.source):
                messages.setdefault((example.id, message), []).append((lang, example, line))
    problems = []
    for (example_id, message), places in sorted(messages.items()):
        if len({lang for lang, _e, _l in places}) < 2:
            continue
        for lang, example, line in places:
            others = ", ".join(display_path(e.path) for other, e, _l in places if other != lang)
            problems.append(
                Problem(
                    display_path(example.path),
                    example.source_line + line,
                    None,
                    f"example {example_id}",
                    f"the refusal's message {message!r} (from {_engine_file(content)}) is also the message in "
                    f"{others}: one page shows it in another language (write only the class or the code there)",
                    "engine-phrase",
                )
            )
    return problems
