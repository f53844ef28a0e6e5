"""Every worked example of every bundled game, one pytest item each (``<game>/rules.<lang>.md::<line>::<id>``).

The examples run exactly as `rulepress check examples` runs them
(`rulepress.check.examples.check_example` in a fresh engine namespace), so
pytest and the command can never disagree. A game whose content does not load
shows up as one failing item with the content problems.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from rulepress import paths
from rulepress.check.examples import check_example, term_names, unpaired, unused_options
from rulepress.errors import RulepressError
from rulepress.model import find_games, load_game
from rulepress.model.engine import load_engine


def _collect():
    params = []
    for folder in find_games(paths.BUNDLED_CONTENT):
        try:
            content = load_game(folder)
        except RulepressError:
            params.append(pytest.param(folder, None, None, id=f"{folder.name}::load"))
            continue
        for lang, text in sorted(content.rules.items()):
            for example in text.examples:
                params.append(
                    pytest.param(
                        folder, lang, example.id, id=f"{folder.name}/rules.{lang}.md::{example.line}::{example.id}"
                    )
                )
    return params


@cache
def _game(folder: Path):
    content = load_game(folder)
    return content, load_engine(content), term_names(content)


@pytest.mark.parametrize("folder, lang, example_id", _collect())
def test_worked_example(folder, lang, example_id):
    if lang is None:
        try:
            load_game(folder)
        except RulepressError as exc:
            pytest.fail("\n".join(str(p) for p in exc.problems()), pytrace=False)
    content, module, names = _game(folder)
    example = content.rules[lang].example(example_id)
    result = check_example(content, module, example, names)
    if not result.passed:
        pytest.fail(result.message(), pytrace=False)


@pytest.mark.parametrize("folder", find_games(paths.BUNDLED_CONTENT), ids=lambda f: f.name)
def test_every_example_exists_in_both_languages(folder):
    content, module, _ = _game(folder)
    problems = unpaired(content, unused_options(content, module))
    assert not problems, "\n".join(str(p) for p in problems)
