"""Authors' words in public text: what players read must not name seed files, file names or option keys.

The rule texts, quick references and every two-language text of the YAML
files (titles, glossary definitions, ambiguity descriptions and readings,
component notes, card texts) are printed or published. Words meant for the
authors must stay in the authors' places (provenance, ``sources``,
``source_texts``, comments, the authors' report). `findings` finds them in one
text:

- the names the game's own sources go by: the word before the number of a
  source reference (``seed 003``, ``seed-000`` give "seed"), with or without
  its number ("Seed 003", "the seeds");
- file names (``rules.en.md``, ``000_0409d3.txt``, ``engine.py``, ``*.yaml``);
- the rules engine's option keys (``territory_bonus``), any other
  ``snake_case`` program name, and the words "engine option".

Only visible text counts: in Markdown the code blocks, MyST labels and
directive fences are not checked, but the ``Result:`` lines, ``:labels:`` and
statement captions of worked examples are. `authors_words` returns one problem per finding, at its file, line and
column. The function of this module knows no game: the source names and option
keys come from the game's own data.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from rulepress import i18n
from rulepress.errors import Problem
from rulepress.markdown import Token, parse, role_text
from rulepress.model import GameContent
from rulepress.model.loader import display_path
from rulepress.model.rules_text import caption, steps
from rulepress.model.schema import Game, Provenance, model_texts, walk

SOURCE_LABEL = re.compile(r"^\s*([A-Za-z]{3,})[\s_-]*\d")  # "seed 000: ...", "seed-003" -> "seed"
FILE_NAME = re.compile(r"(?<![\w/.])[\w*][\w.*-]*\.(?:md|ya?ml|txt|py|json|csv|j2)\b", re.I)
PROGRAM_NAME = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
ENGINE_OPTION = re.compile(r"\bengine[\s-]*options?\b", re.I)
RESULT_LINE = re.compile(
    r"^\s*(?:"
    + "|".join(map(re.escape, i18n.every_form("examples.result") + i18n.every_form("examples.refused")))
    + r"):.*$"
)
TEMPLATE_CODE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)  # Jinja in quick references


@dataclass(frozen=True)
class Vocabulary:
    """The authors' words of one game: its source names and engine option keys."""

    source_names: tuple[str, ...] = ()
    option_keys: tuple[str, ...] = ()

    def source_pattern(self) -> re.Pattern | None:
        if not self.source_names:
            return None
        names = "|".join(re.escape(n) for n in sorted(self.source_names))
        return re.compile(rf"\b(?:{names})(?:s|en)?\b(?:[\s_-]*\d+)?", re.I)


def vocabulary(game: Game) -> Vocabulary:
    """The source names and option keys `game` uses in its authors' places."""
    labels = [t.id for t in game.source_texts] + list(game.sources)
    labels += [node.source for _key, node in walk(game) if isinstance(node, Provenance) and node.source]
    labels += [r.source for a in game.ambiguities for r in a.readings if r.source]
    labels += [s for a in game.ambiguities for s in a.sources]
    names = {m.group(1).lower() for m in map(SOURCE_LABEL.match, labels) if m}
    keys = set(game.engine_options) | {a.engine_option for a in game.ambiguities if a.engine_option}
    return Vocabulary(tuple(sorted(names)), tuple(sorted(keys)))


def findings(text: str, words: Vocabulary) -> list[tuple[int, str, str]]:
    """(offset, the words, message) of every authors' word in one visible `text`, in order."""
    found: list[tuple[int, str, str]] = []
    source = words.source_pattern()
    if source is not None:
        found += [
            (
                m.start(),
                m.group(0),
                "names the authors' source text; say which edition or rulebook "
                "in players' words (e.g. 'the German edition')",
            )
            for m in source.finditer(text)
        ]
    found += [
        (m.start(), m.group(0), "is a file name; players do not see the game's files") for m in FILE_NAME.finditer(text)
    ]
    options = set(words.option_keys)
    for m in PROGRAM_NAME.finditer(text):
        what = "is a rules-engine option key" if m.group(0) in options else "looks like a program name"
        found.append((m.start(), m.group(0), f"{what}; describe the rule in words"))
    # a key that is one plain word ('capture') is a word of the language too: "Forced capture" is a rule's
    # name, not a leaked key; keys with a hyphen or underscore are the engine's own words
    for key in sorted(k for k in options if not PROGRAM_NAME.fullmatch(k) and not k.isalpha()):
        found += [
            (m.start(), m.group(0), "is a rules-engine option key; describe the rule in words")
            for m in re.finditer(rf"(?<![\w-]){re.escape(key)}(?![\w-])", text)
        ]
    found += [
        (m.start(), m.group(0), "is the authors' term; describe the rule in words")
        for m in ENGINE_OPTION.finditer(text)
    ]
    return sorted(set(found))


# ---------------------------------------------------------------- where players read text


def markdown_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, visible text) of Markdown `text`: paragraphs, headings, lists, tables (glossary
    references as their shown text), and the result lines, ``:labels:`` and statement captions
    (``>>> f()  # words``) of worked examples, which the website shows; no code, no MyST labels."""
    for token in parse(text):
        if token.type == "fence" and token.info.strip().startswith("{doctest}"):
            yield from _example_lines(token)
        elif token.type == "inline" and token.children is not None:
            yield from _inline_lines(token)


def _example_lines(token: Token) -> Iterator[tuple[int, str]]:
    """(line number, visible text) of one worked example's fence `token`: its result lines, ``:labels:`` and
    statement captions."""
    assert token.map is not None  # block tokens have their lines
    first = token.map[0] + 2
    for offset, code_line in enumerate(token.content.splitlines()):
        if RESULT_LINE.match(code_line) or code_line.startswith(":labels:"):
            yield first + offset, code_line.removeprefix(":labels:")
    for step in steps(token.content):
        if said := caption(step.code):
            yield first + step.line, said


def _inline_lines(token: Token) -> Iterator[tuple[int, str]]:
    """(line number, visible text) of each line of one inline `token` (a paragraph, heading, list item or table
    cell): its text and inline code, glossary references as their shown text, anything else a space."""
    assert token.children is not None  # inline tokens have their children
    line = token.map[0] + 1 if token.map else 1
    parts: list[str] = []
    for child in token.children:
        if child.type in ("softbreak", "hardbreak"):
            yield line, "".join(parts)
            line, parts = line + 1, []
        elif child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type == "myst_role":
            parts.append(role_text(child))
        else:
            parts.append(" ")
    yield line, "".join(parts)


def _column(file_line: str, snippet: str) -> int:
    at = file_line.find(snippet)
    return at + 1 if at >= 0 else 1


def markdown_problems(path, key: str, words: Vocabulary, template: bool = False) -> list[Problem]:
    """Authors' words in one Markdown file (a `template`'s Jinja code is not text: it is left out)."""
    text = path.read_text(encoding="utf-8-sig")
    if template:
        text = TEMPLATE_CODE.sub(lambda m: re.sub(r"[^\n]", "\u00b7", m.group(0)), text)  # same columns, no indent
    lines = text.splitlines()
    shown = display_path(path)
    problems = []
    for number, visible in markdown_lines(text):
        for _offset, snippet, message in findings(visible, words):
            file_line = lines[number - 1] if 0 < number <= len(lines) else ""
            problems.append(
                Problem(shown, number, _column(file_line, snippet), key, f"{snippet!r} {message}", "authors-words")
            )
    return problems


def authors_words(content: GameContent) -> list[Problem]:
    """Every authors' word in the public texts of one game, located."""
    game = content.game
    words = vocabulary(game)
    problems = []
    for key, text in model_texts(game):
        for _offset, snippet, message in findings(text, words):
            path, line, col = content.locate(key)
            problems.append(
                Problem(path, line, col, ".".join(map(str, key)), f"{snippet!r} {message}", "authors-words")
            )
    for lang, _rules in sorted(content.rules.items()):
        problems += markdown_problems(content.folder / f"rules.{lang}.md", "rules", words)
    for quickref in game.quickrefs:
        for lang in game.languages:
            file = content.folder / f"{quickref.source}.{lang}.md"
            if file.is_file():
                problems += markdown_problems(file, f"quickrefs.{quickref.id}", words, template=True)
    return list(dict.fromkeys(problems))
