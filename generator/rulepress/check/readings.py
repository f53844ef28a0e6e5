"""The ambiguity register against the rules text and the engine: every reading decided in the open.

Two checks, for any game:

- `register_links`: every sentence of the rules that an ambiguity lists under ``rules:`` (a
  section id and a few words of the sentence in each language) is there, and carries the
  register's link ``{ambiguity}`shown <ambiguity-id>` ``; every such link names an ambiguity of
  the register. A rules sentence that quotes, paraphrases or decides an open point thus always
  tells the reader that it is a reading, and which.
- `unlinked_entries`: every entry of the register, with or without ``rules:`` quotes, is linked from
  at least one sentence of every rules file (the sentence that decides it); an entry no rules text
  links is a decision the reader cannot find from the rules. Reported at the entry's id.
- `idle_readings`: every entry has at least two readings, and every reading of an engine option
  changes the result of at least one worked
  example (run once under the chosen reading and once under the other; examples that already
  ask for the option with ``:reading:`` count too). A reading that changes nothing anywhere either
  does not reach the engine or is shown by no example: an error of the register, reported at
  the ambiguity's line.

They report `Problem`s with a format rule (`rulepress.model.formats`): ``register-link``,
``register-linked`` and ``reading-shown``.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

from rulepress.check.examples import run_statements, term_names
from rulepress.errors import Problem
from rulepress.markdown import parse
from rulepress.model import GameContent
from rulepress.model.engine import chosen_readings, namespace
from rulepress.model.rules_text import RuleText, ambiguity_refs, strip_term_refs
from rulepress.model.schema import RuleSentence

SENTENCE_END = re.compile(r"(?<=[.!?])[\"”“»«)]*\s+|\n\s*\n")


def sentences(text: str) -> list[tuple[int, str]]:
    """(offset, sentence) of every sentence of `text` (ends at . ! ? and at blank lines)."""
    found, start = [], 0
    for match in SENTENCE_END.finditer(text):
        found.append((start, text[start : match.start()]))
        start = match.end()
    found.append((start, text[start:]))
    return [(offset, s) for offset, s in found if s.strip()]


def _prose(body: str) -> str:
    """The body with its fenced blocks blanked (line numbers kept), the fences as the parser finds them."""
    lines = body.splitlines()
    for token in parse(body):
        if token.type == "fence" and token.map:
            first, end = token.map
            lines[first:end] = [""] * (min(end, len(lines)) - first)
    return "\n".join(lines)


def _line_of(path: str, start: int, fragment: str) -> int:
    """The line (from 1) at or after `start` whose text holds the start of `fragment`; `start` if none does."""
    head = fragment.strip().splitlines()[0][:40] if fragment.strip() else ""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError:
        return start
    return next((n for n in range(max(start, 1), len(lines) + 1) if head and head in lines[n - 1]), start)


def _link_problem(path: str, line: int | None, column: int | None, where: str, message: str) -> Problem:
    return Problem(path, line, column, where, message, "register-link")


def register_links(content: GameContent) -> list[Problem]:
    """Listed rules sentences that are missing or carry no link to their entry; links to unknown entries."""
    problems = _unknown_links(content)
    for i, amb in enumerate(content.game.ambiguities):
        for j, ref in enumerate(amb.rules):
            at = content.locate(("ambiguities", i, "rules", j, "quote"))
            where = f"ambiguities.{amb.id}.rules[{j}]"
            for lang, text in sorted(content.rules.items()):
                found = _quote_problem(text, ref, lang=lang, entry=amb.id, at=at, where=where)
                if found is not None:
                    problems.append(found)
    return problems


def _unknown_links(content: GameContent) -> list[Problem]:
    """The links of the rules texts to an ambiguity the register does not have, in language and section order."""
    problems: list[Problem] = []
    known = {a.id for a in content.game.ambiguities}
    for _lang, text in sorted(content.rules.items()):
        for section in text.sections:
            for _shown, target in ambiguity_refs(section.body):
                if target not in known:
                    line = _line_of(text.path, section.line, f"<{target}>")
                    problems.append(
                        _link_problem(
                            text.path,
                            line,
                            None,
                            section.id,
                            f"links the ambiguity {target!r}, which the register does not have",
                        )
                    )
    return problems


def _quote_problem(
    text: RuleText, ref: RuleSentence, *, lang: str, entry: str, at: tuple[str, int | None, int | None], where: str
) -> Problem | None:
    """What is wrong with the register's quote `ref` of the entry `entry` in the rules `text` of `lang`: its
    section or sentence is not there (reported at the quote: file, line and column `at`, key `where`), or the
    sentence does not link the entry (reported at the sentence); None when the sentence is there and links it."""
    quote = ref.quote.get(lang)
    part = text.section(ref.section)
    if part is None:
        return _link_problem(*at, where, f"no section {ref.section!r} in {text.path}")
    prose = _prose(part.body)
    hit = next((s for _o, s in sentences(prose) if quote in strip_term_refs(s)), None)
    if hit is None:
        return _link_problem(*at, where, f"the sentence {quote!r} is not in section {ref.section!r} of {text.path}")
    if entry in {target for _s, target in ambiguity_refs(hit)}:
        return None
    return _link_problem(
        text.path,
        _line_of(text.path, part.line, hit),
        None,
        part.id,
        f"the sentence {quote!r} states a reading of {entry!r} but does not link it: add {{ambiguity}}`… <{entry}>`",
    )


def _linked(text) -> set[str]:
    """The ambiguity ids that the prose of the rules `text` links (examples and other fences left out)."""
    return {target for section in text.sections for _s, target in ambiguity_refs(_prose(section.body))}


def unlinked_entries(content: GameContent) -> list[Problem]:
    """Register entries that some rules file links from no sentence (one problem per entry and file)."""
    problems = []
    linked = {lang: _linked(text) for lang, text in sorted(content.rules.items())}
    for i, amb in enumerate(content.game.ambiguities):
        for lang, text in sorted(content.rules.items()):
            if amb.id in linked[lang]:
                continue
            path, line, col = content.locate(("ambiguities", i, "id"))
            problems.append(
                Problem(
                    path,
                    line,
                    col,
                    f"ambiguities.{amb.id}",
                    f"no sentence of {Path(text.path).name} links this entry: link the sentence that decides it "
                    f"with {{ambiguity}}`… <{amb.id}>`",
                    "register-linked",
                )
            )
    return problems


def _outcomes(
    content: GameContent, module: ModuleType, readings: dict[str, str], names, skip: frozenset[str] = frozenset()
) -> list[tuple]:
    """The outcome of every statement of every example of the first language under `readings`
    (the example's own ``:reading:`` first, then `readings` on top), but of those whose ids are in `skip`."""
    lang = sorted(content.rules)[0]
    found = []
    for example in content.rules[lang].examples:
        if example.id in skip:
            continue
        globs = namespace(content, module, readings=example.readings() | readings)
        found.append(tuple(s.outcome for s in run_statements(example, globs, names, content.id)))
    return found


def idle_readings(content: GameContent, module: ModuleType | None, skip: frozenset[str] = frozenset()) -> list[Problem]:
    """Entries with a single reading, and readings of engine options under which no worked example
    gives another result. The examples whose ids are in `skip` are not run again: those stopped at the time
    limit (`rulepress.check.examples.run`), which would only be stopped again under every reading."""
    if not content.rules:
        return []
    chosen = chosen_readings(content)
    names = term_names(content)
    problems = []
    for i, amb in enumerate(content.game.ambiguities):
        if len(amb.readings) < 2:
            path, line, col = content.locate(("ambiguities", i, "readings"))
            problems.append(
                Problem(
                    path,
                    line,
                    col,
                    f"ambiguities.{amb.id}",
                    "an open point with a single reading decides nothing in the open: "
                    "give at least one other reading (and say why the chosen one is chosen)",
                    "reading-shown",
                )
            )
        option = amb.engine_option
        if module is None or not option or option not in chosen:
            continue
        base = _outcomes(content, module, {option: chosen[option]}, names, skip)
        for j, reading in enumerate(amb.readings):
            if reading.id == chosen[option]:
                continue
            if _outcomes(content, module, {option: reading.id}, names, skip) == base:
                path, line, col = content.locate(("ambiguities", i, "readings", j, "id"))
                problems.append(
                    Problem(
                        path,
                        line,
                        col,
                        f"ambiguities.{amb.id}",
                        f"engine option {option!r}: the reading {reading.id!r} changes no worked example "
                        "(it does not reach the engine, or no example shows it: add one with "
                        f"`:reading: {option}={reading.id}`)",
                        "reading-shown",
                    )
                )
    return problems
