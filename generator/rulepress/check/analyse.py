"""The analysis of a game: every check whose results the outputs show, run once per build.

`analyse_game` computes the parts of a `rulepress.analysis.GameAnalysis` it is asked for:

- ``problems``: what players could not read (example results without names or captions, the
  engine's words: `results`; examples under readings that do not exist: `examples.option_problems`; an
  engine that cannot be loaded: `examples.engine_problems`), worked examples' pictures that cannot be drawn (the
  examples with pictures run for it), authors' words in public text (`wording`) and raw HTML in the Markdown
  (`rulepress.text.safety`), rules sentences about an open point without the register's link (`readings`),
  sections whose only prose sits in examples (`prose`), settled by the game's content format (`formats.settle`);
- ``examples``: every worked example run against the engine (`examples.ExampleRuns`);
- ``translations``: the translation check's findings (`translations.report`);
- ``terms``: the glossary terms each rules section uses, in words or with ``{term}``;
- ``sources``: the coverage of the source texts and copied runs, when a sources folder is given.

The results are remembered in the output folder's memos (`rulepress.memo`), so an unchanged game
costs only the look-ups. `analyser(out, sources)` gives the function `rulepress.analysis.Analysis`
calls; the build makes one `Analysis` and hands it to the renderers.
"""

from __future__ import annotations

import functools
from dataclasses import asdict
from pathlib import Path

from rulepress.analysis import Analyser, GameAnalysis
from rulepress.check import examples, prose, readings, results, translations, wording
from rulepress.check.names import NameFinder, names_of
from rulepress.check.sources import markdown_prose
from rulepress.errors import Problem, RulepressError
from rulepress.memo import Memo, key_of
from rulepress.model import GameContent, formats
from rulepress.model.cache import folder_key
from rulepress.model.rules_text import term_refs
from rulepress.text.safety import raw_html
from rulepress.version import code_version


def analyser(out: Path | None, sources: Path | None = None) -> Analyser:
    """The analysis of a build into `out` (its memos there), with the source texts in `sources`, if any."""
    return functools.partial(analyse_game, out=out, sources=sources, runs={})


def analyse_game(
    content: GameContent,
    parts: frozenset[str],
    out: Path | None = None,
    sources: Path | None = None,
    runs: dict | None = None,
) -> GameAnalysis:
    """The `parts` of the game's analysis (see the module docstring). `runs` keeps each game's
    `examples.ExampleRuns` between calls (one per game, on the game's memos): an example runs once per build,
    whichever part asks first."""
    found = GameAnalysis(content.id, parts=frozenset(parts))
    kept = {} if runs is None else runs
    if content.id not in kept:
        kept[content.id] = examples.ExampleRuns.at(content, out)
    game_runs = kept[content.id]
    if "problems" in parts:
        found.problems = formats.settle(
            problems_of(content, out, found.pending) + pictures_not_drawn(content, game_runs, found.pending),
            content.format,
        )
    ran = {"examples", "examples-shown", "translations"} & parts and content.game.engine
    _examples_and_translations(found, content, parts, game_runs if ran else None, out)
    if "terms" in parts:
        memo = Memo.at(out, f"{content.id}-terms")
        found.terms = {lang: terms_used(content, lang, memo) for lang in content.rules}
        found.pending.append(memo)  # saved when the build succeeds
    if "sources" in parts and sources is not None and content.game.source_texts:
        found.sources = _sources_found(content, Path(sources))
    return found


def _examples_and_translations(
    found: GameAnalysis,
    content: GameContent,
    parts: frozenset[str],
    runs: examples.ExampleRuns | None,
    out: Path | None,
) -> None:
    """The examples' results and the translation check, as `parts` ask (the game's `runs`: None without an
    engine); the engine's process ends here."""
    try:
        if {"examples", "examples-shown"} & parts and runs is not None:
            # the pages alone show a remembered failure as it was; a check runs it again
            found.examples = runs.all(rerun_failed="examples" in parts or "translations" in parts)
            # remembered once the build succeeds (`Analysis.save`): a failed build changes nothing in the output
            found.pending += [runs.memo, runs.failed]
        if "translations" in parts:
            memo = Memo.at(out, f"{content.id}-translations")
            found.translations = translations.report(content, runs, memo)
            memo.save()
            if runs is not None:
                runs.save()
    finally:
        if runs is not None:
            runs.close()


def _sources_found(content: GameContent, sources: Path):
    """The source texts' coverage, or why they could not be read."""
    from rulepress.check.sources import check_game

    try:
        return check_game(content, sources)
    except RulepressError as exc:
        return str(exc)


def problems_of(content: GameContent, out: Path | None, pending: list) -> list[Problem]:
    """What players could not read, authors' words and raw HTML: read again only when a file of the game
    or Rulepress's code changed since they were found (remembered in the memo `<game>-problems`, which is
    added to `pending`: the build saves it when it succeeds)."""
    memo = Memo.at(out, f"{content.id}-problems")
    key = folder_key(content.folder, code_version())
    kept = memo.get(key)
    if kept is not None:
        try:
            return [Problem(**p) for p in kept]
        except TypeError:
            pass  # a damaged memo: read the game again
    problems = (
        raw_html(content)
        + wording.authors_words(content)
        + results.unreadable_results(content)
        + readings.register_links(content)
        + readings.unlinked_entries(content)
        + prose.sections_without_prose(content)
        + examples.option_problems(content)
        + examples.engine_problems(content)
    )
    memo.put(key, [asdict(p) for p in problems])
    pending.append(memo)
    return problems


def pictures_not_drawn(content: GameContent, runs: examples.ExampleRuns, pending: list) -> list[Problem]:
    """The worked examples' pictures that cannot be drawn: only the examples with pictures run, in the game's
    `runs` (their results remembered like every example's, in memos added to `pending`: the build saves them
    when it succeeds, so a failed build leaves the earlier output alone)."""
    illustrated = [e for text in content.rules.values() for e in text.examples if e.pictures]
    if not illustrated:
        return []
    if not content.game.engine:
        return [
            Problem(e.path, p.line, None, f"example {e.id}", "picture: the game has no rules engine to run it")
            for e in illustrated
            for p in e.pictures
        ]
    try:
        found = examples.picture_problems([runs.result(e) for e in illustrated])
    finally:
        runs.close()
    pending += [runs.memo, runs.failed]
    return found


def terms_used(content: GameContent, lang: str, memo: Memo | None = None) -> dict[str, list[str]]:
    """Section id -> ids of the glossary terms the section uses, in its heading or prose (not in its
    examples' code): those it refers to with ``{term}`` and those it names in words. With a `memo`, a
    section's terms are found again only when its title or text, or the glossary's names, changed."""
    memo = memo or Memo(None)
    terms = [n for n in names_of(content) if n.kind == "term"]
    names = key_of([asdict(n) for n in terms], lang)
    finder: NameFinder | None = None
    used = {}
    for section in content.rules[lang].sections:
        key = key_of(names, section.title, section.body)
        kept = memo.get(key)
        if kept is None:
            finder = finder or NameFinder(terms, lang)
            referred = [term_id for _shown, term_id in term_refs(section.title + "\n" + section.body)]
            said = finder.used(section.title + "\n" + "\n".join(markdown_prose(section.body)))
            kept = list(dict.fromkeys(referred + sorted(said)))
            memo.put(key, kept)
        used[section.id] = list(kept)
    return used
